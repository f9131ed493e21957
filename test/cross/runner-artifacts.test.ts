// Artifacts written by `eval-magic run` (fake claude) pass every cross-file rule; tampering with either side is caught.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { before, describe, it } from 'node:test';
import { check, rules } from '../../src/index.js';
import { ruleKind } from '../../src/checker/rule-module.js';
import { runEvals } from '../../src/runner/index.js';
import { claudeRound, makeWorkspace } from '../runner/run-helpers.js';
import { evalCase, evalsOf, turn } from '../helpers/evals-docs.js';

const crossRules = Object.keys(rules).filter((id) => ruleKind(rules[id]!) === 'cross');
const evals = evalsOf(
  evalCase('plan-meeting', 'Plan a meeting with "the team" — `$(date)` 👋', [turn('Use Berlin time.', 'agent_asks', '(?i)\\btime ?zone\\?\\z'), turn('-Send it.', 'always')]),
  evalCase('pick-room', 'Pick a room.', [turn('The big one.', 'agent_asks')]),
);
const iteration = '.eval-magic/demo-skill/iteration-1';
const artifact = (id: string) => `${iteration}/eval-${id}/with_skill/conversation.json`;

describe('artifacts written by eval-magic run', () => {
  let root = '';
  before(async () => {
    // Round scripts in run order: plan-meeting (asks, then completes), then pick-room (stops: no question).
    const ws = makeWorkspace({}, [claudeRound('s1', 'Which time zone?'), claudeRound('s1', 'Booked 10:00. Shall I send it?'), claudeRound('s1', 'Sent.'), claudeRound('s2', 'Took room 4.')]);
    root = ws.root;
    const evalsPath = join(root, 'demo-skill/evals/evals.json');
    mkdirSync(dirname(evalsPath), { recursive: true });
    writeFileSync(evalsPath, JSON.stringify(evals, null, 2) + '\n');
    for (const id of ['plan-meeting', 'pick-room']) {
      const [result] = await runEvals({ evals: evalsPath, evalId: id, harness: 'claude-code', cwd: ws.task, out: dirname(join(root, artifact(id))), env: ws.env });
      assert.notEqual(result?.status, 'aborted', JSON.stringify(result));
    }
  });

  const findings = async (paths = ['.eval-magic']) => {
    const notes: string[] = [];
    const report = await check(paths, { cwd: root, kind: 'conversation', onEvalLookup: (_f, r) => void notes.push(r.note) });
    return { notes, problems: report.results.flatMap((r) => r.messages.map((m) => ({ file: r.filePath, ruleId: m.ruleId, line: m.line, column: m.column, message: m.message }))) };
  };

  it('pass every rule, each held to its eval through the workspace layout', async () => {
    const { notes, problems } = await findings();
    assert.deepEqual(problems, []);
    assert.equal(notes.length, 2);
    for (const note of notes) assert.match(note, /^eval "(plan-meeting|pick-room)" at demo-skill\/evals\/evals\.json:\d+:\d+ \(workspace layout/);
    assert.ok(crossRules.length >= 6);
  });

  it('an edited turn prompt is caught at the follow-up it no longer matches', async () => {
    const edited = structuredClone(evals) as { evals: Array<{ turns: Array<{ prompt: string }> }> };
    edited.evals[0]!.turns[0]!.prompt = 'Use Paris time.';
    const copy = join(root, 'edited-evals.json');
    const editedText = JSON.stringify(edited, null, 2) + '\n';
    writeFileSync(copy, editedText);
    const report = await check([artifact('plan-meeting')], { cwd: root, evals: 'edited-evals.json' });
    const text = readFileSync(join(root, artifact('plan-meeting')), 'utf8');
    const [problem, ...rest] = report.results[0]!.messages;
    assert.deepEqual(rest, []);
    assert.equal(problem?.ruleId, 'turn-text');
    assert.equal(problem?.line, lineOf(text, '"text": "Use Berlin time."'));
    assert.ok(problem!.message.includes(`(edited-evals.json:${lineOf(editedText, '"prompt": "Use Paris time."')}:21)`), problem!.message);
  });

  it('an artifact moved into another eval\'s folder is caught at its first user message', async () => {
    const moved = `${iteration}/eval-pick-room/old_skill/conversation.json`;
    cpSync(join(root, artifact('plan-meeting')), join(root, moved));
    const { problems } = await findings([moved]);
    const prompt = problems.find((p) => p.ruleId === 'eval-prompt');
    assert.ok(prompt, JSON.stringify(problems));
    assert.equal(prompt.line, lineOf(readFileSync(join(root, moved), 'utf8'), '"text": "Plan a meeting'));
    assert.match(prompt.message, /eval "pick-room" \(demo-skill\/evals\/evals\.json:\d+:\d+\)/);
    assert.ok(problems.some((p) => p.ruleId === 'turn-text'));
  });

  it('a forged stop is caught at its stop_reason', async () => {
    const forged = `${iteration}/eval-plan-meeting/forged/conversation.json`;
    const value = JSON.parse(readFileSync(join(root, artifact('plan-meeting')), 'utf8'));
    const firstRound = value.events.filter((e: { round: number }) => e.round === 1);
    const text = JSON.stringify({ status: 'stopped', delivered_followups: 0, stop_reason: 'agent_response_mismatch', stopped_before_followup: 1, events: firstRound }, null, 2) + '\n';
    mkdirSync(dirname(join(root, forged)), { recursive: true });
    writeFileSync(join(root, forged), text);
    const { problems } = await findings([forged]);
    assert.deepEqual(problems.map((p) => [p.ruleId, p.line]), [['stop-gate', lineOf(text, '"stop_reason"')]]);
    assert.match(problems[0]!.message, /delivers follow-up 1/);
  });
});

function lineOf(text: string, needle: string): number {
  const at = text.indexOf(needle);
  assert.ok(at >= 0, `${needle} not in the artifact`);
  return text.slice(0, at).split('\n').length;
}
