// A judgment's packet is a function of its own eval and run: which evals the judge command was asked
// to judge (--eval) changes nothing in it, whatever the other evals' texts say.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { planJudgments } from '../../src/judge/plan.js';
import { makeCampaignWorkspace, SKILL_NAME } from '../campaign/campaign-helpers.js';
import { writeWorkspace, type RunSpec } from '../compare/workspace.js';
import { pathOnlyReason } from '../../src/judge/blinding.js';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';
const ARMS = ['verbose-mode', 'terse-mode'] as const;
/** Two evals: only mode-flag's texts use an arm's name (a flag the task asks for is named like the arm). */
const evals = [
  { id: 'mode-flag', prompt: 'Add a --verbose-mode flag to the report command.', expected_output: 'A flag.', assertions: [{ id: 'flag-added', type: 'llm_judge', rubric: 'The agent adds the verbose-mode flag and says where.' }] },
  { id: 'add-column', prompt: 'Add a created_at column to the orders report.', expected_output: 'A UTC column.', assertions: [{ id: 'says-where', type: 'llm_judge', rubric: 'The agent says where it saved the report.' }] },
];

/** A run whose agent names its arm in its own words, as an agent that read its arm's instructions may. */
const runOf = (evalCase: (typeof evals)[number], arm: string): RunSpec => ({
  record: false,
  events: [
    { user: evalCase.prompt },
    { tool: 'Bash', args: { command: `ls eval-${evalCase.id}/${arm}/run-1` }, result: 'report.csv' },
    { assistant: `Saved under report.csv, written in ${arm} as my instructions say.` },
  ],
});

/** A hand-made iteration (no campaign.json: the arms named as the user likes), both evals run once in each arm. */
function makeIteration() {
  const ws = makeCampaignWorkspace();
  const runs = Object.fromEntries(evals.map((e) => [e.id, Object.fromEntries(ARMS.map((arm) => [arm, [runOf(e, arm)]]))]));
  const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, conditions: [...ARMS], runs });
  rmSync(join(iteration, 'campaign.json'));
  ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Saved under"')] }] });
  return { ws, iteration };
}

const judgmentOf = (iteration: string, evalId: string, arm: string, assertion: string) => join(iteration, `eval-${evalId}`, arm, 'run-1', 'judge', assertion, '1');

describe('judge: a packet does not depend on the evals the command judges', () => {
  it("add-column's packets are the same judged alone (--eval add-column) and with mode-flag, whose rubric uses the arm's name verbose-mode: hidden in add-column's text both times", async () => {
    const { ws, iteration } = makeIteration();
    const packets = async (args: string[]) => {
      const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', ws.evalsPath, ...args], { cwd: ws.root, env: ws.env });
      assert.equal(run.code, 0, run.stderr + run.stdout);
      const read = ARMS.map((arm) => {
        const dir = judgmentOf(iteration, 'add-column', arm, 'says-where');
        return { packet: readFileSync(join(dir, 'packet.md'), 'utf8'), sha: JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8')).packet_sha256 as string };
      });
      // Removed, so the next command makes them again on its own packets.
      for (const arm of ARMS) rmSync(join(iteration, 'eval-add-column', arm, 'run-1', 'judge'), { recursive: true });
      return { read, stdout: run.stdout };
    };
    const alone = await packets(['--eval', 'add-column']);
    const withOther = await packets([]);
    assert.deepEqual(withOther.read, alone.read);
    for (const { packet } of alone.read) {
      assert.doesNotMatch(packet, /verbose-mode|terse-mode/);
      assert.match(packet, /written in the-run as my instructions say/);
    }
  });

  it("mode-flag's own rubric keeps verbose-mode as written (hidden there only as a path's folder), and the plan says it of mode-flag alone", async () => {
    const { ws, iteration } = makeIteration();
    const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    const packet = readFileSync(join(judgmentOf(iteration, 'mode-flag', 'verbose-mode', 'flag-added'), 'packet.md'), 'utf8');
    assert.match(packet, /The agent adds the verbose-mode flag and says where\./);
    assert.match(packet, /ls eval-mode-flag\/the-run\/run-1/);
    assert.match(packet, /written in verbose-mode as my instructions say/);
    assert.match(run.stdout, /\n {2}warning: the condition "verbose-mode" \(in the judgments of eval "mode-flag": a word of its own task, follow-ups, expected output or rubric\) is hidden from the judges only as its arm's folder in a path/);
    // Judged alone, add-column has nothing to warn of.
    const alone = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', ws.evalsPath, '--eval', 'add-column', '--dry-run'], { cwd: ws.root, env: ws.env });
    assert.equal(alone.code, 0, alone.stderr + alone.stdout);
    assert.doesNotMatch(alone.stdout, /warning: the condition/);
  });
});

describe("judge: the SKILL.md lines withheld do not depend on the evals the command judges", () => {
  it("eval explain, whose every skill-arm agent removed its staged copy (git clean -xdf): its packets withhold the rule an agent quotes judged alone (--eval explain) as with add-column, whose runs kept theirs", async () => {
    const c = await judgedCampaign();
    const line = 'Always write timestamps in UTC.';
    const skillRun = (run: number) => join(c.ws.iteration(), `eval-explain/with_skill/run-${run}`);
    for (const run of [1, 2]) rmSync(join(skillRun(run), 'task', '.claude'), { recursive: true });
    // The second run's agent quotes the skill's rule before it cleaned the folder.
    const quoting = join(skillRun(2), 'conversation.json');
    const conversation = JSON.parse(readFileSync(quoting, 'utf8'));
    conversation.events[1].text = `The skill says: ${line}`;
    writeFileSync(quoting, JSON.stringify(conversation, null, 2));
    const packetsOfExplain = async (evalIds: string[] | undefined) => (await planJudgments({ paths: [c.ws.workspace], cwd: c.ws.root, repeats: 1, evalIds })).judgments.filter((j) => j.evalId === 'explain').map((j) => ({ run: j.runDir, packet: j.packet, sha: j.packetSha256 }));
    const withAddColumn = await packetsOfExplain(undefined);
    assert.ok(withAddColumn.some(({ packet }) => packet.includes('The skill says: [withheld]')), 'the quote is in a packet, withheld');
    assert.deepEqual(await packetsOfExplain(['explain']), withAddColumn);
  });
});

describe("judge: the plan's reason for a condition hidden only in paths", () => {
  it('names the evals whose own texts use it (five at most), and a short name in every judgment', () => {
    assert.equal(pathOnlyReason('short', []), 'shorter than 5 characters');
    assert.equal(pathOnlyReason('criteria', ['a', 'b']), 'in the judgments of evals "a" and "b": a word of their own task, follow-ups, expected output or rubric');
    assert.equal(pathOnlyReason('criteria', ['a', 'b', 'c', 'd', 'e', 'f', 'g']), 'in the judgments of evals "a", "b", "c", "d", "e" and 2 more: a word of their own task, follow-ups, expected output or rubric');
  });
});
