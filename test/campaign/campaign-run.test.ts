// runCampaign with fake agents: the layout check understands, run.json and campaign.json as their
// schemas say, staging per built-in harness, single-round evals, resume, retries, rosters.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import { check, UsageError } from '../../src/index.js';
import { describePlan, runCampaign, type CampaignPlanSummary, type CampaignProgress } from '../../src/campaign/index.js';
import { detectableDelta, smallestFisherP } from '../../src/stats/index.js';
import { armsByWorkDir, makeCampaignWorkspace, readJson, SKILL_NAME } from './campaign-helpers.js';

/** git in `cwd` as a fixed user, its output dropped. */
const gitIn = (cwd: string, ...args: string[]): void => void execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, stdio: 'ignore' });

/** A task folder `repo/` (the orders service) that develops the skill in its own `.claude/skills`, and git run in it. */
function repoWithSkill(ws: ReturnType<typeof makeCampaignWorkspace>): { skillDir: string; git: (...args: string[]) => void } {
  ws.write('repo/README.md', 'The orders service.\n');
  const skillDir = join(ws.root, 'repo/.claude/skills', SKILL_NAME);
  cpSync(ws.skillDir, skillDir, { recursive: true });
  return { skillDir, git: (...args) => gitIn(join(ws.root, 'repo'), ...args) };
}

/**
 * Every session of the campaign shares the real HOME, as where it cannot have one of its own:
 * here HOME is also the agents' temporary folder (src/process/private-home.ts). For what eval-magic
 * catches of what a session leaves in a shared HOME (elsewhere, each session's HOME is its own).
 */
function shareHome(ws: ReturnType<typeof makeCampaignWorkspace>): void {
  ws.env.TMPDIR = ws.home;
}

const ajv = new Ajv.default({ allErrors: true });
addFormats.default(ajv);
/** A schema's validator that says yes or no (without narrowing what it is given). */
const schema = (name: string) => {
  const validate = ajv.compile(JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), 'utf8')));
  return Object.assign((data: unknown): boolean => validate(data), { get errors() { return validate.errors; } });
};
const validRun = schema('run.schema.json');
const validCampaign = schema('campaign.schema.json');

/** Every run folder below an iteration, as `eval-<id>/<condition>/run-<j>`. */
function runFolders(iterationDir: string): string[] {
  const found: string[] = [];
  for (const e of readdirSync(iterationDir).filter((n) => n.startsWith('eval-'))) {
    for (const c of readdirSync(join(iterationDir, e))) for (const r of readdirSync(join(iterationDir, e, c))) found.push(`${e}/${c}/${r}`);
  }
  return found.sort();
}

describe('runCampaign', () => {
  it('runs every eval in both arms into the layout, each run in its own staged task, and check passes the workspace', async () => {
    const ws = makeCampaignWorkspace();
    const progress: CampaignProgress[] = [];
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', runs: 2, jobs: 3, baseDir: ws.root, env: ws.env, reporter: (p) => progress.push(p) });
    assert.equal(result.records.length, 8);
    assert.ok(result.records.every((r) => r.status === 'completed' && r.isolation.valid), JSON.stringify(result.records.map((r) => r.message)));
    assert.deepEqual(runFolders(ws.iteration()), [
      'eval-add-column/with_skill/run-1', 'eval-add-column/with_skill/run-2', 'eval-add-column/without_skill/run-1', 'eval-add-column/without_skill/run-2',
      'eval-explain/with_skill/run-1', 'eval-explain/with_skill/run-2', 'eval-explain/without_skill/run-1', 'eval-explain/without_skill/run-2',
    ]);
    // The plan came before any agent started.
    assert.equal(progress[0]?.kind, 'plan');

    // Git keeps the iteration byte for byte: a clone with core.autocrlf converted the task files a command_check runs.
    execFileSync('git', ['init', '-q'], { cwd: ws.root });
    const attribute = execFileSync('git', ['-c', 'core.autocrlf=true', 'check-attr', 'text', '--', join(ws.iteration(), 'eval-add-column/with_skill/run-1/task/notes.sh')], { cwd: ws.root, encoding: 'utf8' });
    assert.match(attribute, /: text: unset\n$/, attribute);

    const campaign = readJson(join(ws.iteration(), 'campaign.json'));
    assert.ok(validCampaign(campaign), JSON.stringify(validCampaign.errors));
    assert.deepEqual(campaign.conditions, ['with_skill', 'without_skill']);
    assert.deepEqual(campaign.runs, { 'add-column': 2, explain: 2 });
    // What the agent meets: the evals.json named absolutely, each eval's parts, the harness version, the skill by file.
    assert.equal(campaign.evals.path, ws.evalsPath);
    assert.deepEqual(Object.keys(campaign.evals.meets), ['add-column', 'explain']);
    assert.equal(campaign.harness.version, '2.1.197 (Claude Code)');
    assert.equal(campaign.task, null);
    assert.deepEqual(Object.keys(campaign.skill.files), ['SKILL.md', 'scripts', 'scripts/fmt.sh']);
    assert.match(campaign.skill.files['scripts/fmt.sh'], /^file [0-9a-f]{64} x$/);
    // Interleaved and counterbalanced: the first eval's control first in run 1, the second's treatment; the other way round in run 2.
    assert.deepEqual(campaign.order.map((o: any) => `${o.eval_id}/${o.condition}/${o.run}`), [
      'add-column/without_skill/1', 'add-column/with_skill/1', 'explain/with_skill/1', 'explain/without_skill/1',
      'add-column/with_skill/2', 'add-column/without_skill/2', 'explain/without_skill/2', 'explain/with_skill/2',
    ]);

    for (const folder of runFolders(ws.iteration())) {
      const runDir = join(ws.iteration(), folder);
      const record = readJson(join(runDir, 'run.json'));
      assert.ok(validRun(record), `${folder}: ${JSON.stringify(validRun.errors)}`);
      const withSkill = folder.includes('/with_skill/');
      assert.equal(record.harness.version, '2.1.197 (Claude Code)');
      assert.equal(record.attempts, 1);
      assert.deepEqual(record.tokens, folder.startsWith('eval-add-column') ? { input: 200, output: 40, cache_read: 100 } : { input: 100, output: 20, cache_read: 50 });
      // Claude reports each round's total_cost_usd (the fake: $0.0125): summed over the rounds, never rounded.
      assert.equal(record.cost_usd, folder.startsWith('eval-add-column') ? 0.025 : 0.0125);
      assert.deepEqual(record.skill_roster, withSkill ? [SKILL_NAME, 'update-config'] : ['update-config']);
      assert.equal(record.skill?.staged_at ?? null, withSkill ? `.claude/skills/${SKILL_NAME}` : null);
      // The skill is staged (with its files, modes kept, without its evals/) in the skill arm only;
      // the pristine copy never holds it.
      const staged = join(runDir, 'task', '.claude', 'skills', SKILL_NAME);
      assert.equal(existsSync(join(staged, 'SKILL.md')), withSkill);
      if (withSkill) {
        assert.equal(statSync(join(staged, 'scripts', 'fmt.sh')).mode & 0o111, 0o111);
        assert.equal(existsSync(join(staged, 'evals')), false, 'the evals (answers included) must not reach the agent');
      }
      assert.deepEqual(readdirSync(join(runDir, 'staged')), []);
    }
    // The agents saw the skill exactly in the skill arm.
    const arms = armsByWorkDir(ws.iteration());
    assert.equal(arms.size, 8, 'each run worked in a folder of its own');
    for (const call of ws.calls()) assert.deepEqual(call.skills, arms.get(call.cwd) === 'with_skill' ? [SKILL_NAME] : [], call.cwd);

    // A single-round eval: the prompt and the reply, completed, 0 follow-ups.
    const single = readJson(join(ws.iteration(), 'eval-explain/without_skill/run-1/conversation.json'));
    assert.equal(single.status, 'completed');
    assert.equal(single.delivered_followups, 0);
    assert.deepEqual(single.events.map((e: any) => e.type), ['user_message', 'assistant_message']);

    const report = await check([ws.workspace], { cwd: ws.root, evals: ws.evalsPath });
    assert.equal(report.results.length, 8, 'only the eight artifacts, no file of a task folder');
    assert.equal(report.errorCount + report.warningCount, 0, JSON.stringify(report.results.flatMap((r) => r.messages)));
  });

  it('stages the skill where each built-in harness discovers it', async () => {
    for (const [harness, at] of [['claude-code', '.claude/skills'], ['codex', '.agents/skills'], ['opencode', '.opencode/skills']] as const) {
      const ws = makeCampaignWorkspace();
      const result = await runCampaign({ evals: ws.evalsPath, harness, evalIds: ['explain'], baseDir: ws.root, env: ws.env });
      assert.deepEqual(result.records.map((r) => r.status), ['completed', 'completed'], harness);
      const withSkill = readJson(join(ws.iteration(), 'eval-explain/with_skill/run-1/run.json'));
      assert.equal(withSkill.skill.staged_at, `${at}/${SKILL_NAME}`, harness);
      // Cost as each CLI reports it: Claude's total_cost_usd, OpenCode's step cost; Codex none (null, not 0).
      assert.equal(withSkill.cost_usd, { 'claude-code': 0.0125, codex: null, opencode: 0.0025 }[harness], harness);
      assert.ok(existsSync(join(ws.iteration(), 'eval-explain/with_skill/run-1/task', at, SKILL_NAME, 'SKILL.md')), harness);
      // Codex and OpenCode show no roster: nothing to hold the arm to after the run.
      assert.equal(withSkill.skill_roster === null, harness !== 'claude-code', harness);
      const arms = armsByWorkDir(ws.iteration());
      const seen = Object.fromEntries(ws.calls().map((c) => [arms.get(c.dir ?? c.cwd) === 'with_skill' ? 'with' : 'without', c.skills]));
      assert.deepEqual(seen, { with: [SKILL_NAME], without: [] }, harness);
    }
  });

  it('the same command again does nothing; a run that lost its artifact is run again, alone', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign({ evals: ws.evalsPath, harness: 'codex', baseDir: ws.root, env: ws.env });
    const calls = ws.calls().length;
    const again = await runCampaign({ evals: ws.evalsPath, harness: 'codex', baseDir: ws.root, env: ws.env });
    assert.equal(again.plan.iteration, 1);
    assert.equal(again.plan.continuing, true);
    assert.equal(again.records.length, 0);
    assert.equal(again.skipped.length, 4);
    assert.equal(ws.calls().length, calls, 'no agent started');

    rmSync(join(ws.iteration(), 'eval-explain/with_skill/run-1/conversation.json'));
    // A conversation that no longer passes check is run again too.
    const broken = join(ws.iteration(), 'eval-add-column/without_skill/run-1/conversation.json');
    const text = readFileSync(broken, 'utf8').replace('"delivered_followups": 1', '"delivered_followups": 0');
    (await import('node:fs')).writeFileSync(broken, text);
    const resumed = await runCampaign({ evals: ws.evalsPath, harness: 'codex', baseDir: ws.root, env: ws.env });
    assert.deepEqual(resumed.records.map((r) => `${r.eval_id}/${r.condition}/${r.run}`).sort(), ['add-column/without_skill/1', 'explain/with_skill/1']);
    assert.equal(resumed.skipped.length, 2);
    assert.equal(readJson(broken).delivered_followups, 1);
  });

  it('a shard that holds none of the plan says so and writes nothing (not "all 0 done already")', async () => {
    const ws = makeCampaignWorkspace();
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', shard: '7/100', baseDir: ws.root, env: ws.env });
    assert.equal(result.plan.sessions, 0);
    const text = describePlan(result.plan, 'ws');
    assert.match(text, /\n  shard 7\/100 holds none of the plan's 4 agent sessions: nothing to run$/);
    assert.doesNotMatch(text, /0 evals|done already|Fisher/);
    assert.equal(existsSync(ws.workspace), false);
  });

  it("a shard's plan line says how many of the plan's sessions it takes, never a product that does not hold (1 eval × 2 conditions × 2 runs = 4)", async () => {
    const ws = makeCampaignWorkspace();
    // Pairs in order: add-column run 1, explain run 1, add-column run 2, explain run 2; shard 2/4 takes the second.
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', runs: 2, shard: '2/4', baseDir: ws.root, env: ws.env });
    const line = describePlan(result.plan, 'ws').split('\n')[1]!;
    assert.equal(line, "  shard 2/4: 2 of the plan's 8 agent sessions (eval explain, 2 runs per arm), at most 2 rounds");
  });

  it("the plan says what its runs could detect in compare's words (≥ N pp, never \"points\"), before the runs", () => {
    const at = (runs: number) => ({ runs, p: smallestFisherP(runs), pHolm: smallestFisherP(runs), detectableDelta: detectableDelta({ treatmentRuns: runs, controlRuns: runs, controlRate: 0.5, level: 0.05 }) });
    const [few, many] = [at(3), at(20)];
    assert.deepEqual([few.detectableDelta === null, many.detectableDelta === null], [true, false], 'one count detects nothing, the other a change');
    const plan: CampaignPlanSummary = {
      skillName: 's', harness: 'claude-code', conditions: ['with_skill', 'without_skill'], iteration: 1, iterationDir: '/w', continuing: false, evals: 2, runs: { a: 3, b: 20 },
      sessions: 46, rounds: 46, done: 0, pending: 46, planSessions: 46, shard: undefined, jobs: 4, familySize: 1, smallestP: [few, many],
    };
    const lines = describePlan(plan, 'ws').split('\n');
    // The words compare's report says of the same runs afterwards (formats/numbers.ts detectableChange), in the tense of a plan.
    assert.ok(lines.includes('  3 runs per arm: from a 50 % pass rate, these runs could not detect any change with 80 % power, however large (Fisher at 0.05)'), lines.join('\n'));
    assert.ok(lines.includes(`  20 runs per arm: from a 50 % pass rate, these runs could detect only a change of ≥ ${Math.round(many.detectableDelta! * 100)} pp with 80 % power (Fisher at 0.05)`), lines.join('\n'));
    assert.doesNotMatch(lines.join('\n'), /points/);
  });

  it("the plan's smallest p reckons with Holm over the plan's assertions: 5 runs per arm and 10 assertions can be significant nowhere (0.0079, 0.079 after Holm)", async () => {
    const ws = makeCampaignWorkspace();
    const evals = JSON.parse(readFileSync(ws.evalsPath, 'utf8'));
    // Ten assertions in all over the plan's evals: compare adjusts over all of them.
    evals.evals[0].assertions = Array.from({ length: 9 }, (_, i) => ({ id: `says-${i}`, type: 'transcript_check', check: 'assistant_message_matches', pattern: `x${i}` }));
    evals.evals[1].assertions = [{ id: 'says-9', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'y' }];
    writeFileSync(ws.evalsPath, JSON.stringify(evals, null, 2));
    // The plan is said before any run starts; stopping there runs no agent.
    const plannedText = async (runs: number) => {
      const stop = new AbortController();
      const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', runs, baseDir: ws.root, env: ws.env, signal: stop.signal, reporter: (p) => void (p.kind === 'plan' && stop.abort()) });
      return describePlan(result.plan, 'ws');
    };
    const five = await plannedText(5);
    assert.match(five, /5 runs per arm: the smallest two-sided Fisher exact p is 0\.0079, 0\.079 after Holm over 10 assertions — no difference between the arms can be significant at 0\.05/, five);
    const ten = await plannedText(10);
    assert.match(ten, /10 runs per arm: the smallest two-sided Fisher exact p is 1\.1e-5, 1\.1e-4 after Holm over 10 assertions — the most lopsided split \(10\/10 vs 0\/10\) gives it, and a difference can be significant at 0\.05/, ten);
  });

  it('a skill edited during the campaign is not staged under the digest of the plan: the later skill runs abort, naming the change', async () => {
    const ws = makeCampaignWorkspace();
    let edited = false;
    // Order: with_skill 1, without_skill 1, without_skill 2, with_skill 2; the edit lands after the first.
    const result = await runCampaign({
      evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 2, jobs: 1, baseDir: ws.root, env: ws.env,
      reporter: (p) => {
        if (p.kind === 'run-finished' && !edited) writeFileSync(join(ws.skillDir, 'SKILL.md'), readFileSync(join(ws.skillDir, 'SKILL.md'), 'utf8') + 'Edited meanwhile.\n');
        if (p.kind === 'run-finished') edited = true;
      },
    });
    assert.deepEqual(result.records.map((r) => [r.condition, r.run, r.status, r.abort_reason]), [
      ['with_skill', 1, 'completed', null], ['without_skill', 1, 'completed', null], ['without_skill', 2, 'completed', null], ['with_skill', 2, 'aborted', 'staging-failed'],
    ]);
    assert.match(result.records[3]!.message!, /the skill folder .*csv-reports changed since the campaign made its plan/);
    assert.equal(ws.calls().length, 3, 'no agent got the edited skill');
  });

  it('a skill file swapped for a FIFO after the plan is not copied (the copy would block for ever): the run aborts, naming it', async () => {
    const ws = makeCampaignWorkspace();
    const script = join(ws.skillDir, 'scripts', 'fmt.sh');
    const result = await runCampaign({
      evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env,
      reporter: (p) => {
        if (p.kind !== 'plan') return;
        rmSync(script);
        execFileSync('mkfifo', [script]);
      },
    });
    assert.deepEqual(result.records.map((r) => [r.condition, r.status, r.abort_reason]), [['with_skill', 'aborted', 'staging-failed'], ['without_skill', 'completed', null]]);
    assert.match(result.records[0]!.message!, /scripts\/fmt\.sh is no longer a regular file/);
  });

  it('another plan (here: more runs) goes to the next iteration; --iteration holding another plan is refused', async () => {
    const ws = makeCampaignWorkspace();
    await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    const second = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 2, baseDir: ws.root, env: ws.env });
    assert.equal(second.plan.iteration, 2);
    await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'claude-code', iteration: 1, runs: 3, baseDir: ws.root, env: ws.env }), (e: Error) => e instanceof UsageError && /^iteration 1: .* holds another plan .*; choose another iteration, or leave it out/.test(e.message));
  });

  it('reads campaign.json the one way compare does: a hand-edited or linked plan stops the command, the place named, nothing run', async () => {
    const ws = makeCampaignWorkspace();
    const options = { evals: ws.evalsPath, harness: 'claude-code' as const, evalIds: ['explain'], baseDir: ws.root, env: ws.env };
    await runCampaign(options);
    const calls = ws.calls().length;
    const plan = join(ws.iteration(), 'campaign.json');
    const text = readFileSync(plan, 'utf8');
    // An integer written 1.0 passes JSON.parse and the schema, and is still not what campaign wrote.
    writeFileSync(plan, text.replace(/"explain": 1\b/, '"explain": 1.0'));
    await assert.rejects(runCampaign(options), /iteration-1[/\\]campaign\.json:\d+:\d+: .*; move it away or choose another iteration \(nothing was run\)/);
    rmSync(plan);
    writeFileSync(join(ws.root, 'elsewhere.json'), text);
    symlinkSync(join(ws.root, 'elsewhere.json'), plan);
    await assert.rejects(runCampaign(options), /campaign\.json is a symbolic link; eval-magic writes campaign\.json as a file of its own, so it was not read; move it away/);
    // Cut short (a disk that filled up, a copy interrupted): said in words, not by the parser's code name.
    rmSync(plan);
    writeFileSync(plan, text.slice(0, text.indexOf('"conditions"')));
    await assert.rejects(runCampaign(options), (e: Error) => /campaign\.json:\d+:\d+: not valid JSON: it ends too early; move it away/.test(e.message) && !/Expected\b/.test(e.message));
    // A mistake inside it: what was expected there, in words.
    writeFileSync(plan, text.replace('"conditions":', '"conditions"'));
    await assert.rejects(runCampaign(options), (e: Error) => /campaign\.json:\d+:\d+: not valid JSON: a ":" was expected after the property name; move it away/.test(e.message));
    assert.equal(ws.calls().length, calls, 'no agent started');
  });

  it('retries an agent failure when asked, recording the attempts; without retries the run is aborted and the next command retries it', async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, failFirstAttempt: true } });
    const progress: CampaignProgress[] = [];
    const retried = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], retries: 1, baseDir: ws.root, env: ws.env, reporter: (p) => progress.push(p) });
    assert.deepEqual(retried.records.map((r) => [r.status, r.attempts, r.failures.length, r.failures[0]?.reason]), [['completed', 2, 1, 'agent-failed'], ['completed', 2, 1, 'agent-failed']]);
    assert.equal(progress.filter((p) => p.kind === 'run-retry').length, 2);
    // The failed attempt's rounds are kept beside the retry's, not overwritten by them.
    const retriedRun = join(ws.iteration(), 'eval-explain/with_skill/run-1');
    assert.deepEqual(readdirSync(join(retriedRun, 'attempt-1')).sort(), ['turn-1']);
    assert.match(readFileSync(join(retriedRun, 'attempt-1/turn-1/claude-stderr.log'), 'utf8'), /./);
    assert.ok(existsSync(join(retriedRun, 'turn-1')) && existsSync(join(retriedRun, 'conversation.json')));
    // The failure's message names the file where it now lies, not the retry's.
    const [failure] = retried.records.find((r) => r.condition === 'with_skill')!.failures;
    assert.match(failure!.message, /see \S*run-1\/attempt-1\/turn-1\/claude-stderr\.log/);
    assert.ok(existsSync(resolve(ws.root, failure!.message.replace(/^.*see (\S+).*$/s, '$1'))) || existsSync(failure!.message.replace(/^.*see (\S+).*$/s, '$1')));

    const other = makeCampaignWorkspace({ respond: { ask: true, failFirstAttempt: true } });
    const failed = await runCampaign({ evals: other.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: other.root, env: other.env });
    assert.deepEqual(failed.records.map((r) => [r.status, r.abort_reason, r.exit_code, r.attempts]), [['aborted', 'agent-failed', 1, 1], ['aborted', 'agent-failed', 1, 1]]);
    const record = readJson(join(other.iteration(), 'eval-explain/with_skill/run-1/run.json'));
    assert.ok(validRun(record), JSON.stringify(validRun.errors));
    assert.equal(existsSync(join(other.iteration(), 'eval-explain/with_skill/run-1/conversation.json')), false);
    const resumed = await runCampaign({ evals: other.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: other.root, env: other.env });
    assert.deepEqual(resumed.records.map((r) => [r.status, r.attempts, r.failures.map((f) => f.attempt)]), [['completed', 2, [1]], ['completed', 2, [1]]]);
    assert.ok(existsSync(join(other.iteration(), 'eval-explain/with_skill/run-1/attempt-1/turn-1')), 'the earlier command\'s failed attempt is kept');
    assert.match(resumed.records[0]!.failures[0]!.message, /run-1\/attempt-1\/turn-1\//);
  });

  it('--retries is what this command may retry: a run an earlier command already attempted twice is attempted up to --retries more times (its earlier attempts spent no budget of this one: trial74)', async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, failAlways: true } });
    const options = { evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], retries: 1, baseDir: ws.root, env: ws.env };
    // Each failed attempt is on record before the next starts (killed before the next one's placeholder, the
    // next command counted it as cut short, an interruption attempts-failed leaves out: review38).
    const onRecord: unknown[] = [];
    const reporter = (p: CampaignProgress) => {
      if (p.kind !== 'run-retry') return;
      const record = readJson(join(ws.iteration(), `eval-explain/${p.run.condition}/run-${p.run.run}/run.json`)) as { status: string; abort_reason: string; attempts: number };
      onRecord.push([p.attempt, record.status, record.abort_reason, record.attempts]);
    };
    const first = await runCampaign({ ...options, reporter });
    assert.deepEqual(onRecord, [[1, 'aborted', 'agent-failed', 1], [1, 'aborted', 'agent-failed', 1]]);
    assert.deepEqual(first.records.map((r) => [r.status, r.attempts, r.failures.map((f) => f.attempt)]), [['aborted', 2, [1]], ['aborted', 2, [1]]]);
    const second = await runCampaign(options);
    assert.deepEqual(second.records.map((r) => [r.status, r.attempts, r.failures.map((f) => f.attempt)]), [['aborted', 4, [1, 2, 3]], ['aborted', 4, [1, 2, 3]]]);
  });

  it("a Codex session whose sandbox could not start a command is not counted: sandbox-failed, retried, and the retry's conversation is the run's", async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, sandboxFailFirstAttempt: true } });
    const retried = await runCampaign({ evals: ws.evalsPath, harness: 'codex', evalIds: ['explain'], retries: 1, baseDir: ws.root, env: ws.env });
    assert.deepEqual(retried.records.map((r) => [r.status, r.attempts, r.failures.map((f) => f.reason)]), [['completed', 2, ['sandbox-failed']], ['completed', 2, ['sandbox-failed']]]);
    assert.match(retried.records[0]!.failures[0]!.message, /^Round 1: codex's sandbox could not start a command the agent ran, so it never ran \(bwrap: Can't remount readonly on \/newroot\/tmp\/\.codex: .*\); see .*codex-events\.jsonl$/);
    // Each attempt's work folder is on record: the path the model saw, for matching its own log.
    const [record] = retried.records;
    const cwds = ws.calls().map((c) => c.cwd);
    assert.ok(record!.failures[0]!.work_dir && record!.failures[0]!.work_dir !== record!.work_dir, JSON.stringify(record!.failures));
    assert.ok([record!.failures[0]!.work_dir, record!.work_dir].every((w) => cwds.includes(w!)), `${JSON.stringify(cwds)}`);
    const run = join(ws.iteration(), 'eval-explain/with_skill/run-1');
    assert.doesNotMatch(readFileSync(join(run, 'conversation.json'), 'utf8'), /bwrap/, 'the retry\'s conversation, without the command that never ran');
    assert.match(readFileSync(join(run, 'attempt-1/turn-1/codex-events.jsonl'), 'utf8'), /bwrap/, 'the failed attempt\'s stream is kept');

    // Without retries the run is aborted, never counted with a command that did not run.
    const other = makeCampaignWorkspace({ respond: { ask: true, sandboxFailFirstAttempt: true } });
    const failed = await runCampaign({ evals: other.evalsPath, harness: 'codex', evalIds: ['explain'], baseDir: other.root, env: other.env });
    assert.deepEqual(failed.records.map((r) => [r.status, r.abort_reason]), [['aborted', 'sandbox-failed'], ['aborted', 'sandbox-failed']]);
    assert.equal(existsSync(join(other.iteration(), 'eval-explain/with_skill/run-1/conversation.json')), false);
  });

  it("marks a run whose session roster contradicts its arm as isolation-invalid", async () => {
    const ws = makeCampaignWorkspace({ respond: { rosterAdd: [SKILL_NAME] } });
    const leaked = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    const control = leaked.records.find((r) => r.condition === 'without_skill')!;
    assert.equal(control.isolation.valid, false);
    assert.deepEqual(control.isolation.problems.map((p) => p.code), ['control-saw-skill']);

    const other = makeCampaignWorkspace({ respond: { rosterHide: [SKILL_NAME] } });
    const missing = await runCampaign({ evals: other.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: other.root, env: other.env });
    assert.deepEqual(missing.records.map((r) => [r.condition, r.isolation.problems.map((p) => p.code)]).sort(), [['with_skill', ['skill-not-in-roster']], ['without_skill', []]]);
  });

  it('a skill session that installs the skill where its CLI finds skills for every session: no control run starts after, and one that ran beside it is isolation-invalid', async () => {
    // Codex shows no roster, so only the look at the user-level folders can tell.
    const ws = makeCampaignWorkspace({ respond: { installSkills: true } });
    shareHome(ws);
    const installed = join(ws.home, '.agents/skills', SKILL_NAME);
    const one = await runCampaign({ evals: ws.evalsPath, harness: 'codex', evalIds: ['explain'], runs: 2, jobs: 1, baseDir: ws.root, env: ws.env });
    assert.ok(existsSync(join(installed, 'SKILL.md')), 'the skill session installed it');
    const controls = one.records.filter((r) => r.condition === 'without_skill');
    assert.deepEqual(controls.map((r) => r.abort_reason), ['skill-reachable', 'skill-reachable']);
    assert.match(controls[0]!.message!, new RegExp(`the skill "csv-reports" is now where codex finds skills for every session \\(.*${SKILL_NAME}\\), put there since the campaign started`));
    assert.ok(one.records.filter((r) => r.condition === 'with_skill').every((r) => r.status === 'completed'));

    // Two at a time: a control session running while the skill session installs it is marked when it
    // ends (the skill session installs only once both have started, the control ends only after).
    const two = makeCampaignWorkspace({ respond: { installSkills: { sessions: 2 } } });
    shareHome(two);
    const both = await runCampaign({ evals: two.evalsPath, harness: 'codex', evalIds: ['explain'], runs: 1, jobs: 2, baseDir: two.root, env: two.env });
    const control = both.records.find((r) => r.condition === 'without_skill')!;
    assert.equal(control.status, 'completed');
    assert.deepEqual(control.isolation, { valid: false, problems: [{ code: 'skill-reachable', message: `when the control session ended, the skill "csv-reports" was where codex finds skills for every session (${join(two.home, '.agents/skills', SKILL_NAME)}): it may have seen it` }] });
  });

  it('with a baseline, the arms are new_skill and old_skill, each staged under the skill name', async () => {
    const ws = makeCampaignWorkspace();
    ws.write('old/SKILL.md', `---\nname: ${SKILL_NAME}\ndescription: The first version.\n---\nOld text.\n`);
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseline: 'old', baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.plan.conditions, ['new_skill', 'old_skill']);
    const records = Object.fromEntries(result.records.map((r) => [r.condition, r]));
    assert.equal(records.new_skill?.skill?.source, `${SKILL_NAME}`);
    assert.equal(records.old_skill?.skill?.source, 'old');
    assert.notEqual(records.new_skill?.skill?.sha256, records.old_skill?.skill?.sha256);
    assert.equal(readFileSync(join(ws.iteration(), `eval-explain/old_skill/run-1/task/.claude/skills/${SKILL_NAME}/SKILL.md`), 'utf8').includes('Old text.'), true);
    assert.deepEqual(readJson(join(ws.iteration(), 'campaign.json')).baseline, { source: 'old', sha256: records.old_skill?.skill?.sha256, files: { 'SKILL.md': `file ${createHash('sha256').update(readFileSync(join(ws.root, 'old/SKILL.md'))).digest('hex')}` } });
  });

  it('a baseline copied with its own evals/ stages without it, as the skill does: the old arm is handed no assertions or expected outputs', async () => {
    const ws = makeCampaignWorkspace();
    cpSync(ws.skillDir, join(ws.root, 'old'), { recursive: true });
    ws.write('old/SKILL.md', `---\nname: ${SKILL_NAME}\ndescription: The first version.\n---\nOld text.\n`);
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseline: 'old', baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => r.status), ['completed', 'completed']);
    for (const condition of ['new_skill', 'old_skill']) {
      assert.deepEqual(readdirSync(join(ws.iteration(), `eval-explain/${condition}/run-1/task/.claude/skills/${SKILL_NAME}`)).sort(), ['SKILL.md', 'scripts'], condition);
    }
    assert.ok(!Object.keys(readJson(join(ws.iteration(), 'campaign.json')).baseline.files).some((path) => path.startsWith('evals')));
  });

  it("a task template that holds the skill (a repository of skills as the task) leaves the skill folder, its evals.json and the baseline out of every run", async () => {
    const ws = makeCampaignWorkspace();
    ws.write('repo/README.md', 'The skills repository.\n');
    const skillDir = join(ws.root, 'repo/skills', SKILL_NAME);
    cpSync(ws.skillDir, skillDir, { recursive: true });
    cpSync(ws.skillDir, join(ws.root, 'repo/old', SKILL_NAME), { recursive: true });
    const result = await runCampaign({ evals: join(skillDir, 'evals/evals.json'), harness: 'claude-code', task: 'repo', baseline: `repo/old/${SKILL_NAME}`, evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => r.status), ['completed', 'completed']);
    for (const condition of ['new_skill', 'old_skill']) {
      const task = join(ws.iteration(), `eval-explain/${condition}/run-1/staged`);
      assert.deepEqual(readdirSync(task).sort(), ['README.md', 'old', 'skills']);
      assert.deepEqual(readdirSync(join(task, 'skills')), [], 'neither the skill nor its evals.json (the assertions, the expected output) reaches an agent through the task');
      assert.deepEqual(readdirSync(join(task, 'old')), []);
    }
  });

  it("a repository that develops the skill in its own .claude/skills can be the task: the skill folder is left out, so it is no exposure", async () => {
    const ws = makeCampaignWorkspace();
    const { skillDir } = repoWithSkill(ws);
    const result = await runCampaign({ evals: join(skillDir, 'evals/evals.json'), harness: 'claude-code', task: 'repo', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => [r.condition, r.status, r.isolation.valid]), [['with_skill', 'completed', true], ['without_skill', 'completed', true]]);
    const control = join(ws.iteration(), 'eval-explain/without_skill/run-1/task');
    assert.deepEqual(readdirSync(join(control, '.claude/skills')), []);
    // A second copy under another folder name would still reach the control arm.
    cpSync(ws.skillDir, join(ws.root, 'repo/.claude/skills/csv-reports-copy'), { recursive: true });
    await assert.rejects(runCampaign({ evals: join(skillDir, 'evals/evals.json'), harness: 'claude-code', task: 'repo', evalIds: ['explain'], baseDir: ws.root, env: ws.env }), /the control arm would see the skill "csv-reports" at .*repo\/\.claude\/skills\/csv-reports-copy:/);
  });

  it("a task that is a Git repository whose history holds the skill is refused: the control arm's git checkout would bring it back", async () => {
    const ws = makeCampaignWorkspace();
    const { skillDir, git } = repoWithSkill(ws);
    git('init', '-q');
    git('add', 'README.md');
    git('commit', '-qm', 'the service');
    const options = { evals: join(skillDir, 'evals/evals.json'), harness: 'claude-code', task: 'repo', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env };
    // Untracked, the skill is not in what the copy's .git can give back.
    const untracked = await runCampaign(options);
    assert.deepEqual(untracked.records.map((r) => r.status), ['completed', 'completed']);
    // Staged in the index, or committed and removed since: either way git checkout restores it.
    git('add', '.claude');
    await assert.rejects(runCampaign(options), /^UsageError: task "repo" is a Git repository whose history or index holds what is left out of every run's copy \(\.claude\/skills\/csv-reports\/SKILL\.md, .*\): the control arm could bring the skill back with git checkout/);
    git('commit', '-qm', 'the skill');
    git('rm', '-rq', '--cached', '.claude');
    git('commit', '-qm', 'untrack the skill');
    await assert.rejects(runCampaign(options), /is a Git repository whose history or index holds/);
  });

  it("a task that is a Git repository whose reflog still holds the skill (a commit reset away) is refused: git checkout HEAD@{1} in the control arm's copy would bring it back; and so it is once the reflog expired, as git fsck --lost-found finds the commit", async () => {
    const ws = makeCampaignWorkspace();
    const { skillDir, git } = repoWithSkill(ws);
    git('init', '-q');
    git('add', 'README.md');
    git('commit', '-qm', 'the service');
    // Committed by mistake, then undone: no branch holds the commit, HEAD's reflog does.
    git('add', '.claude');
    git('commit', '-qm', 'the skill');
    git('reset', '-q', 'HEAD~1');
    git('update-ref', '-d', 'ORIG_HEAD');
    const options = { evals: join(skillDir, 'evals/evals.json'), harness: 'claude-code', task: 'repo', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env };
    const refusal = /^UsageError: task "repo" is a Git repository whose history or index holds what is left out of every run's copy \(\.claude\/skills\/csv-reports\/SKILL\.md, .*\): the control arm could bring the skill back with git checkout/;
    await assert.rejects(runCampaign(options), refusal);
    // No ref or reflog names the commit any more; until a gc prunes it, its objects are in .git.
    git('reflog', 'expire', '--expire=now', '--all');
    await assert.rejects(runCampaign(options), refusal);
    assert.equal(ws.calls().length, 0);
  });

  it("a task whose Git repository holds the skill's text in an object no commit names (staged, then unstaged) is refused: git fsck --lost-found would give it back", async () => {
    const ws = makeCampaignWorkspace();
    const { skillDir, git } = repoWithSkill(ws);
    git('init', '-q');
    git('add', '.');
    git('rm', '-rq', '--cached', '.claude');
    git('commit', '-qm', 'the service');
    const options = { evals: join(skillDir, 'evals/evals.json'), harness: 'claude-code', task: 'repo', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env };
    await assert.rejects(runCampaign(options), /^UsageError: task "repo" is a Git repository whose objects hold the text of what is left out of every run's copy \(\.claude\/skills\/csv-reports\/SKILL\.md.*\), though no commit names it: the control arm could read it back with git fsck --lost-found/);
    assert.equal(ws.calls().length, 0);
    // Lost text that is not the skill's is no one's business.
    const other = makeCampaignWorkspace();
    other.write('repo/README.md', 'The orders service.\n');
    other.write('repo/draft.md', 'A draft, staged and unstaged.\n');
    for (const args of [['init', '-q'], ['add', '.'], ['rm', '-q', '--cached', 'draft.md'], ['commit', '-qm', 'the service']]) gitIn(join(other.root, 'repo'), ...args);
    const fine = await runCampaign({ ...options, evals: other.evalsPath, baseDir: other.root, env: other.env });
    assert.deepEqual(fine.records.map((r) => r.status), ['completed', 'completed']);
  });

  it("a task that is a Git repository whose history holds a skill of that name where the CLI finds skills, though the skill now lives elsewhere, is refused: git checkout in the control arm's copy would put it back there", async () => {
    const ws = makeCampaignWorkspace();
    const { git } = repoWithSkill(ws);
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'the service, and the skill developed beside it');
    // The skill moved out to its own folder (ws.skillDir, the one evaluated): the repository's tree no longer holds it.
    git('rm', '-rq', '.claude');
    git('commit', '-qm', 'the skill moved to its own repository');
    const options = { evals: ws.evalsPath, harness: 'claude-code', task: 'repo', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env };
    await assert.rejects(runCampaign(options), /^UsageError: task "repo" is a Git repository whose history or index holds a skill named "csv-reports" where the CLI finds skills \(\.claude\/skills\/csv-reports\/SKILL\.md, .*\): the control arm could bring it back with git checkout/);
    // Where no CLI looks for skills, a folder of that name in the history is no one's business.
    const elsewhere = makeCampaignWorkspace();
    elsewhere.write('repo/docs/csv-reports/notes.md', 'How the reports are built.\n');
    for (const args of [['init', '-q'], ['add', '.'], ['commit', '-qm', 'notes']]) gitIn(join(elsewhere.root, 'repo'), ...args);
    const fine = await runCampaign({ ...options, evals: elsewhere.evalsPath, baseDir: elsewhere.root, env: elsewhere.env });
    assert.deepEqual(fine.records.map((r) => r.status), ['completed', 'completed']);
    assert.equal(ws.calls().length, 0);
  });

  it("a task that is a linked Git worktree is refused: its .git names your repository, so a commit in one run's copy (the skill arm's, staged skill and all) would land in your branch and in every later run's history", async () => {
    const ws = makeCampaignWorkspace();
    ws.write('main/README.md', 'The orders service.\n');
    const git = (cwd: string, ...args: string[]) => gitIn(join(ws.root, cwd), ...args);
    git('main', 'init', '-q');
    git('main', 'add', '.');
    git('main', 'commit', '-qm', 'the service');
    git('main', 'worktree', 'add', '-q', '../linked', '-b', 'side');
    const options = { evals: ws.evalsPath, harness: 'claude-code', task: 'linked', evalIds: ['explain'], jobs: 1, baseDir: ws.root, env: ws.env };
    await assert.rejects(runCampaign(options), /^UsageError: task "linked" holds \.git, a file naming the repository at .*main\/\.git\/worktrees\/linked \(a linked worktree or a submodule\): every run's copy would be a checkout of that repository/);
    assert.equal(ws.calls().length, 0);
    // A clone is a repository of its own: each run's copy gets one.
    git('.', 'clone', '-q', 'main', 'cloned');
    const cloned = await runCampaign({ ...options, task: 'cloned' });
    assert.deepEqual(cloned.records.map((r) => r.status), ['completed', 'completed']);
  });

  it("the campaign's evals.json is never staged with the skill, wherever in the skill folder it lies (its folder, or the file at the skill's root)", async () => {
    const ws = makeCampaignWorkspace();
    const staged = () => readdirSync(join(ws.iteration(), 'eval-explain/with_skill/run-1/task/.claude/skills', SKILL_NAME)).sort();
    ws.write(`${SKILL_NAME}/tests/evals.json`, readFileSync(ws.evalsPath, 'utf8'));
    await runCampaign({ evals: join(ws.skillDir, 'tests/evals.json'), harness: 'claude-code', skill: SKILL_NAME, evalIds: ['explain'], workspace: 'in-tests', baseDir: ws.root, env: ws.env });
    assert.deepEqual(readdirSync(join(ws.root, 'in-tests', SKILL_NAME, 'iteration-1/eval-explain/with_skill/run-1/task/.claude/skills', SKILL_NAME)).sort(), ['SKILL.md', 'evals', 'scripts']);
    rmSync(join(ws.skillDir, 'tests'), { recursive: true });
    ws.write(`${SKILL_NAME}/evals.json`, readFileSync(ws.evalsPath, 'utf8'));
    await runCampaign({ evals: join(ws.skillDir, 'evals.json'), harness: 'claude-code', skill: SKILL_NAME, evalIds: ['explain'], baseDir: ws.root, env: ws.env });
    assert.deepEqual(staged(), ['SKILL.md', 'evals', 'scripts']);
  });

  it("a command_check's held-out setup_files are never staged with the skill (evals.json at the skill's root reads them from there), nor with a baseline: the graders' alone", async () => {
    const hidden = { type: 'command_check', id: 'hidden-test', command: 'sh hidden/check.sh', setup_files: ['hidden/check.sh', 'hidden-data'] };
    const evals = { skill_name: SKILL_NAME, evals: [{ id: 'explain', prompt: 'What does the report export?', expected_output: 'An explanation.', assertions: [hidden] }] };
    const ws = makeCampaignWorkspace({ evals });
    ws.write(`${SKILL_NAME}/evals.json`, JSON.stringify(evals));
    ws.write(`${SKILL_NAME}/hidden/check.sh`, 'grep -q UTC report.csv\n');
    ws.write(`${SKILL_NAME}/hidden/notes.md`, 'Shown to the agent: not a setup file.\n');
    ws.write(`${SKILL_NAME}/hidden-data/expected.csv`, 'id,created_at\n');
    cpSync(ws.skillDir, join(ws.root, 'old'), { recursive: true });
    rmSync(join(ws.skillDir, 'evals'), { recursive: true });
    const result = await runCampaign({ evals: join(ws.skillDir, 'evals.json'), harness: 'claude-code', skill: SKILL_NAME, baseline: 'old', baseDir: ws.root, env: ws.env });
    assert.ok(result.records.every((r) => r.status === 'completed'), JSON.stringify(result.records.map((r) => r.message)));
    for (const arm of ['new_skill', 'old_skill']) {
      const staged = join(ws.iteration(), `eval-explain/${arm}/run-1/task/.claude/skills`, SKILL_NAME);
      assert.deepEqual(readdirSync(join(staged, 'hidden')), ['notes.md'], arm);
      assert.equal(existsSync(join(staged, 'hidden-data')), false, arm);
    }
  });

  it("copies the task template and the eval's files (from files_root) into every run; staged/ keeps the task as it was before the agent ran", async () => {
    const evals = {
      skill_name: SKILL_NAME,
      evals: [{ id: 'fix-report', prompt: 'Fix the report.', expected_output: 'Fixed.', files: ['data/orders.csv', 'src'], files_root: 'fixtures', runs: 1, isolation: 'isolated' }],
    };
    const ws = makeCampaignWorkspace({ evals });
    ws.write(`${SKILL_NAME}/evals/fixtures/data/orders.csv`, 'id,total\n1,10\n');
    ws.write(`${SKILL_NAME}/evals/fixtures/src/report.py`, 'print("report")\n');
    ws.write('template/README.md', 'The orders service.\n');
    ws.write('template/data/orders.csv', 'replaced by the fixture\n');
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', task: 'template', runs: 3, baseDir: ws.root, env: ws.env });
    // The eval's own runs (1) wins over --runs (3).
    assert.equal(result.records.length, 2);
    for (const condition of ['with_skill', 'without_skill']) {
      for (const folder of ['task', 'staged']) {
        const dir = join(ws.iteration(), `eval-fix-report/${condition}/run-1/${folder}`);
        assert.equal(readFileSync(join(dir, 'README.md'), 'utf8'), 'The orders service.\n');
        assert.equal(readFileSync(join(dir, 'data/orders.csv'), 'utf8'), 'id,total\n1,10\n');
        assert.equal(readFileSync(join(dir, 'src/report.py'), 'utf8'), 'print("report")\n');
      }
      assert.equal(existsSync(join(ws.iteration(), `eval-fix-report/${condition}/run-1/staged/.claude`)), false);
    }
  });

  it("starts OpenCode's first session alone, so parallel first starts on a fresh HOME cannot race on its database migration", async () => {
    // The migration lasts 400 ms here (no start can cut it short by losing the race).
    const ws = makeCampaignWorkspace({ respond: { ask: true, freshHomeRace: { ms: 400 } } });
    shareHome(ws);
    // 4 runs, 4 jobs: without the gate every first start would be at once.
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'opencode', jobs: 4, baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => r.status), Array(4).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));
    const [first, ...rest] = ws.calls().sort((a, b) => Number(b.migrated) - Number(a.migrated));
    assert.deepEqual([first!.migrated, rest.filter((c) => c.migrated).length], [true, 0], 'one start migrated');
    // The migrating call logs itself once its migration is done; every other one began after.
    assert.ok(rest.every((c) => c.started! >= first!.at), 'no session started while the first one migrated');

    // The same descriptor without serialize_first_start loses the race: what the field is for. The
    // migration lasts until a parallel start has failed on it (a minute at most, on a loaded machine).
    const racing = makeCampaignWorkspace({ respond: { ask: true, freshHomeRace: { ms: 60_000 } } });
    shareHome(racing);
    const descriptor = { ...readJson(new URL('../../harnesses/opencode.json', import.meta.url).pathname), serialize_first_start: false };
    delete descriptor.$schema;
    racing.write('opencode-parallel.json', JSON.stringify(descriptor));
    const raced = await runCampaign({ evals: racing.evalsPath, harness: 'opencode-parallel.json', jobs: 4, baseDir: racing.root, env: racing.env });
    assert.ok(raced.records.some((r) => r.abort_reason === 'agent-failed'), 'parallel first starts should have failed');
  });

  it('run from inside the skill folder: the default skill is that folder, and neither the workspace nor evals/ is staged', async () => {
    const ws = makeCampaignWorkspace();
    const result = await runCampaign({ evals: 'evals/evals.json', harness: 'claude-code', evalIds: ['explain'], baseDir: ws.skillDir, env: ws.env });
    assert.deepEqual(result.records.map((r) => [r.condition, r.status]).sort(), [['with_skill', 'completed'], ['without_skill', 'completed']]);
    const staged = join(ws.skillDir, '.eval-magic', SKILL_NAME, 'iteration-1/eval-explain/with_skill/run-1/task/.claude/skills', SKILL_NAME);
    assert.deepEqual(readdirSync(staged).sort(), ['SKILL.md', 'scripts']);
    assert.equal(readJson(join(ws.skillDir, '.eval-magic', SKILL_NAME, 'iteration-1/campaign.json')).skill.source, '.');
  });
});
