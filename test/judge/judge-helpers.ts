// Judge test scaffolding: a campaign made by the fake agents (two evals, each with llm_judge
// assertions), then the fake agents answer judge packets with scripted verdicts.
import { existsSync, readdirSync } from 'node:fs';
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

/** A finished campaign (2 runs per arm) whose evals carry llm_judge assertions. */
export async function judgedCampaign(options: { runs?: number } = {}) {
  const ws = makeCampaignWorkspace({ evals: judgedEvals() });
  const campaign = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', runs: options.runs ?? 2, jobs: 4, baseDir: ws.root, env: ws.env });
  if (!campaign.records.every((r) => r.status === 'completed')) throw new Error('the campaign did not complete');
  const judge = async (extra: Partial<JudgeOptions> = {}) => {
    const progress: JudgeProgress[] = [];
    const result = await runJudge({ paths: [ws.workspace], harness: 'claude-code', baseDir: ws.root, env: ws.env, jobs: 4, reporter: (p) => progress.push(p), ...extra });
    return { result, progress };
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
  return { ws, judge, judgments, skill: SKILL_NAME };
}
