// Judge test scaffolding: a campaign made by the fake agents (two evals, each with llm_judge
// assertions), then the fake agents answer judge packets with scripted verdicts.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runCampaign } from '../../src/campaign/index.js';
import { runJudge, type JudgeOptions, type JudgeProgress } from '../../src/judge/index.js';
import { defaultEvals, makeCampaignWorkspace, readJson, SKILL_NAME } from '../campaign/campaign-helpers.js';

export const RUBRIC_UTC = 'The agent explains why the timestamps are in UTC.';
export const RUBRIC_SHORT = 'The answer is short.';

/** Evals with llm_judge assertions: two on add-column, one on explain, and a transcript_check the judge never sees. */
export function judgedEvals(rubricUtc = RUBRIC_UTC) {
  const evals = defaultEvals();
  (evals.evals[0] as Record<string, unknown>).assertions = [
    { id: 'says-done', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'Done' },
    { id: 'explains-utc', type: 'llm_judge', rubric: rubricUtc },
    { id: 'short', type: 'llm_judge', rubric: RUBRIC_SHORT, model: 'judge-model-x' },
  ];
  (evals.evals[1] as Record<string, unknown>).assertions = [{ id: 'short', type: 'llm_judge', rubric: RUBRIC_SHORT }];
  return evals;
}

export const verdict = (passed: boolean, evidence = passed ? '"UTC, ISO 8601."' : 'no explanation', confidence = 0.9) => JSON.stringify({ passed, evidence, confidence });

/**
 * The first finished campaign of each run count in this test process, by its root: later callers
 * get a copy of it. The fake agents answer every campaign alike, so a copy is what a campaign of
 * their own would have made, without its agent sessions (most of a judge test's time).
 */
const finishedCampaigns = new Map<number, string>();

/** The temp folders this process made (the snapshots and every judged campaign), removed when it exits. */
const made: string[] = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

/** Copies the finished campaign under `from` to `to`: its workspace and agent log, their absolute paths (campaign.json's evals.json, the log's folders) moved to `to`. */
function copyFinishedCampaign(from: string, to: string): void {
  cpSync(join(from, '.eval-magic'), join(to, '.eval-magic'), { recursive: true, verbatimSymlinks: true });
  for (const file of [join('.eval-magic', SKILL_NAME, 'iteration-1', 'campaign.json'), 'agent-log.jsonl']) {
    writeFileSync(join(to, file), readFileSync(join(from, file), 'utf8').replaceAll(from, to));
  }
}

/** A finished campaign (2 runs per arm) whose evals carry llm_judge assertions, in `root` (removed at exit) or a new temp folder. */
export async function judgedCampaign(options: { runs?: number; root?: string } = {}) {
  const runs = options.runs ?? 2;
  const ws = makeCampaignWorkspace({ evals: judgedEvals(), ...(options.root !== undefined ? { root: options.root } : {}) });
  made.push(ws.root);
  const finished = finishedCampaigns.get(runs);
  if (finished !== undefined) copyFinishedCampaign(finished, ws.root);
  else {
    const campaign = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', runs, jobs: 4, baseDir: ws.root, env: ws.env });
    if (!campaign.records.every((r) => r.status === 'completed')) throw new Error('the campaign did not complete');
    // Kept as it was made: the caller's test goes on to change its copy.
    const snapshot = mkdtempSync(join(tmpdir(), 'eval-magic-judged-campaign-'));
    made.push(snapshot);
    copyFinishedCampaign(ws.root, snapshot);
    finishedCampaigns.set(runs, snapshot);
  }
  const judge = async (extra: Partial<JudgeOptions> = {}) => {
    const progress: JudgeProgress[] = [];
    const result = await runJudge({ paths: [ws.workspace], harness: 'claude-code', baseDir: ws.root, env: ws.env, jobs: 4, reporter: (p) => progress.push(p), ...extra });
    return { result, progress };
  };
  /**
   * runJudge's dry run (dryRun): what the command would judge, for tests that read only the plan —
   * each judge session is a contained Node start-up of the fake agent, and a run stopped after its
   * plan still asked the CLI its --version.
   */
  const plan = async (extra: Partial<JudgeOptions> = {}) => {
    const { result, progress } = await judge({ ...extra, dryRun: true });
    if (progress.some((p) => p.kind !== 'plan')) throw new Error('a judgment was started after the plan');
    return result;
  };
  /** Every judgment.json below the iteration, by `eval/condition/run/assertion/repeat`. */
  const judgments = (): Record<string, any> => {
    const found: Record<string, any> = {};
    const it = ws.iteration();
    for (const e of readdirSync(it).filter((n) => n.startsWith('eval-'))) {
      for (const c of readdirSync(join(it, e))) {
        for (const r of readdirSync(join(it, e, c))) {
          const judgeDir = join(it, e, c, r, 'judge');
          let assertions: string[] = [];
          try {
            assertions = readdirSync(judgeDir);
          } catch {
            continue;
          }
          for (const a of assertions) for (const k of readdirSync(join(judgeDir, a))) if (existsSync(join(judgeDir, a, k, 'judgment.json'))) found[`${e.slice(5)}/${c}/${r}/${a}/${k}`] = readJson(join(judgeDir, a, k, 'judgment.json'));
        }
      }
    }
    return found;
  };
  return { ws, judge, plan, judgments, skill: SKILL_NAME };
}

/** The judge's answers most tests script: a pass where the skill is staged, a fail where none is. */
export const passWithSkillFailWithout = { judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] };

/** The first campaign of this process judged as explainJudged makes it, by its root: later callers get a copy. */
let judgedExplain: string | undefined;

/**
 * judgedCampaign({ runs: 1 }) whose eval explain has been judged once with passWithSkillFailWithout
 * (with_skill pass, without_skill fail): judged in the first call of this process, copied in the
 * others — for tests that start from those judgments and judge no further (two judge sessions spared).
 */
export async function explainJudged() {
  const c = await judgedCampaign({ runs: 1 });
  c.ws.respond(passWithSkillFailWithout);
  if (judgedExplain !== undefined) {
    rmSync(join(c.ws.root, '.eval-magic'), { recursive: true });
    copyFinishedCampaign(judgedExplain, c.ws.root);
    return c;
  }
  await c.judge({ evalIds: ['explain'] });
  const snapshot = mkdtempSync(join(tmpdir(), 'eval-magic-judged-explain-'));
  made.push(snapshot);
  copyFinishedCampaign(c.ws.root, snapshot);
  judgedExplain = snapshot;
  return c;
}
