import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { check } from '../../src/index.js';
import { compareIterations } from '../../src/compare/index.js';
import { writeWorkspace } from '../compare/workspace.js';
import { evalMissing } from '../../src/checker/rules/eval-missing.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { fullRun, scheduleEvals, TURN_1 } from '../helpers/cross-cases.js';
import { turn } from '../helpers/evals-docs.js';
import { evalsMeet } from '../../src/workspace/plan-identity.js';
import type { EvalsFile } from '../../src/evals/types.js';

/** What campaign recorded the evals showed the agent when it ran them (campaign.json's evals.meets). */
const meetsOf = (evals: Record<string, unknown>) => evalsMeet(evals as unknown as EvalsFile, '/nowhere');
/** The second turn reworded after the run. */
const reworded = scheduleEvals({}, [turn(TURN_1, 'agent_asks', '(?i)time ?zone'), turn('Send it now.', 'always')]);

runRuleTests('eval-missing', evalMissing, {
  valid: [
    { name: 'the eval-<id> folder names an eval', code: fullRun, evals: scheduleEvals(), evalId: 's' },
    { name: 'the eval shows the agent what its campaign recorded (expected_output edited: grading only)', code: fullRun, evals: scheduleEvals({ expected_output: 'Other.' }), evalId: 's', campaignMeets: meetsOf(scheduleEvals()) },
    { name: 'a campaign that recorded nothing for the eval', code: fullRun, evals: reworded, evalId: 's', campaignMeets: {} },
  ],
  invalid: [
    { name: 'the eval was renamed after the run', code: fullRun, evals: scheduleEvals(), evalId: 'schedule', errors: [{ messageId: 'missing', line: 1, column: 1, message: 'folder eval-schedule, but evals.json has no eval "schedule" (evals.json:3:12)' }] },
    {
      name: 'a turn reworded since the campaign ran: one finding, not a "forged" follow-up',
      code: fullRun, evals: reworded, evalId: 's', campaignMeets: meetsOf(scheduleEvals()),
      errors: [{ messageId: 'changed', line: 1, column: 1, message: 'The turns of eval "s" (evals.json:4:5) changed since the campaign of iteration-1 ran' }],
    },
    {
      name: "no evals.json stands for its campaign's runs (the one campaign.json names is gone): compare and judge stop",
      code: fullRun, noEvals: 'its campaign.json names "s/evals/evals.json", which is not found outside .eval-magic (…); name the evals.json the campaign ran with --evals',
      errors: [{ messageId: 'no-evals', line: 1, column: 1, message: 'No evals.json stands for this run: its campaign.json names "s/evals/evals.json", which is not found outside .eval-magic (…); name the evals.json the campaign ran with --evals. compare and judge grade none of its iteration\'s runs until one does (they stop, exit 2); check held it to no eval.' }],
    },
  ],
});

describe('eval-missing: a campaign whose evals.json is gone', () => {
  /** A campaign's iteration of one eval, a run in each arm, under `root`; its skill folder is s/. */
  const oneEvalWorkspace = (root: string) => {
    const run = { events: [{ user: 'Explain it.' }, { assistant: 'It is short.' }] };
    const evals = [{ id: 'e1', prompt: 'Explain it.', expected_output: 'Short.', assertions: [{ id: 'short', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'short' }] }];
    return writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [run], without_skill: [run] } } });
  };

  it("says so at every run, in compare's words and with its advice, where check passed (user trial: the skill folder renamed, campaign.json's evals.path gone — check exit 0, compare and judge exit 2)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'eval-missing-gone-'));
    try {
      const iteration = oneEvalWorkspace(root);
      renameSync(join(root, 's'), join(root, 's-renamed'));
      await assert.rejects(compareIterations([iteration], { cwd: root }), (error: Error) => error.message.includes('name the evals.json the campaign ran with the evals option'));
      const report = await check(['.eval-magic'], { cwd: root });
      const said = report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId, m.messageId, m.severity, m.line, m.column] as const));
      const runs = ['with_skill', 'without_skill'].map((arm) => `.eval-magic/s/iteration-1/eval-e1/${arm}/run-1/conversation.json`);
      assert.deepEqual(said, runs.map((file) => [file, 'eval-missing', 'no-evals', 2, 1, 1]));
      const message = report.results[0]!.messages[0]!.message;
      assert.ok(message.startsWith('No evals.json stands for this run: its campaign.json names "s/evals/evals.json", which is not found outside .eval-magic'), message);
      // The library's name of the option, as compare's library gives it (the CLI says --evals).
      assert.ok(message.includes('name the evals.json the campaign ran with the evals option.'), message);
      // Named with --evals, as compare is told: held to it, nothing said.
      const named = await check(['.eval-magic'], { cwd: root, evals: 's-renamed/evals/evals.json' });
      assert.deepEqual(named.results.flatMap((r) => r.messages), []);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("says so where the evals.json campaign.json names is there but cannot be used (not JSON): compare and judge stop there too (review48 F1: check exit 0)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'eval-missing-broken-'));
    try {
      const iteration = oneEvalWorkspace(root);
      writeFileSync(join(root, 's/evals/evals.json'), '{"skill_name": "s", "evals": [');
      await assert.rejects(compareIterations([iteration], { cwd: root }));
      const report = await check(['.eval-magic'], { cwd: root });
      const said = report.results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.messageId, m.severity] as const));
      assert.deepEqual(said, [['eval-missing', 'no-evals', 2], ['eval-missing', 'no-evals', 2]]);
      const message = report.results[0]!.messages[0]!.message;
      assert.ok(message.startsWith("No evals.json stands for this run: s/evals/evals.json, the evals.json the iteration's campaign.json names, cannot be used (not valid JSON"), message);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('eval-missing: what compare does with the run', () => {
  it("an eval folder campaign.json never planned is said as compare's runs-over-plan error, one taken out of evals.json since as its eval-removed warning (review48 F4: both said eval-removed)", async () => {
    const root = mkdtempSync(join(tmpdir(), 'eval-missing-plan-'));
    try {
      const run = { events: [{ user: 'Explain it.' }, { assistant: 'It is short.' }] };
      const assertions = [{ id: 'short', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'short' }];
      const evals = [{ id: 'e1', prompt: 'Explain it.', expected_output: 'Short.', assertions }, { id: 'e2', prompt: 'Explain it again.', expected_output: 'Short.', assertions }];
      const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [run], without_skill: [run] }, e2: { with_skill: [run], without_skill: [run] } } });
      cpSync(join(iteration, 'eval-e1'), join(iteration, 'eval-e3'), { recursive: true });
      writeFileSync(join(root, 's/evals/evals.json'), JSON.stringify({ skill_name: 's', evals: [evals[0]] }));
      const report = await check(['.eval-magic'], { cwd: root });
      const said = Object.fromEntries(report.results.flatMap((r) => r.messages.filter((m) => m.ruleId === 'eval-missing').map((m) => [r.filePath, m.message] as const)));
      const e2 = said['.eval-magic/s/iteration-1/eval-e2/with_skill/run-1/conversation.json']!;
      const e3 = said['.eval-magic/s/iteration-1/eval-e3/with_skill/run-1/conversation.json']!;
      assert.ok(e2.endsWith('(compare leaves such a run out of its numbers with a warning, eval-removed; judge judges none.)'), e2);
      assert.ok(e3.endsWith('(compare counts no run there, an error, runs-over-plan: eval "e3" is not in the plan of campaign.json; judge judges none.)'), e3);
      const compared = await compareIterations([iteration], { cwd: root, writeGrading: false });
      const codes = new Set(compared.document.validity.map((v) => v.code));
      assert.ok(codes.has('runs-over-plan') && codes.has('eval-removed'), [...codes].join(', '));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
