// compare grades in the check's threads: two threads and the main thread alone give the same
// document, the same grading.json files, and the same report — also with graders that need the
// run's folders (command_check, diff_scope, left to the main thread) and a broken artifact.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { chooseThreadCount } from '../../src/checker/engine/worker-pool.js';
import { writeWorkspace, type RunSpec } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-threads-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const run = (k: number, skill: boolean): RunSpec => ({
  events: [
    { user: 'go' },
    ...(skill ? [{ tool: 'Skill', args: { skill: 's' } }] : []),
    ...(k % 3 === 0 ? [{ tool: 'Edit', args: { file_path: 'a.txt', '0': 'index-like key' } }] : []),
    ...(k % 2 === 0 ? [{ assistant: `Which one, ${k}?` }, { user: 'the first' }] : []),
    { assistant: 'Done.' },
  ],
  ...(k % 2 === 0 ? {} : { stopped: { reason: 'agent_did_not_ask' as const, before: 1 } }),
  staged: { 'a.txt': 'one\ntwo\n' },
  task: { 'a.txt': k % 4 === 0 ? 'one\ntwo\nthree\n' : 'one\ntwo\n' },
  ...(k === 7 ? { rawConversation: '{"status": "completed", "events": [' } : {}),
});

it('two threads and one give the same comparison and grading.json files', async () => {
  const root = join(tmp, 'w');
  const iteration = writeWorkspace(root, {
    skill: 's',
    evals: [{
      id: 'e1', prompt: 'go', expected_output: 'done', turns: [{ prompt: 'the first', deliver_when: 'agent_asks' }],
      assertions: [
        { id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' },
        { id: 'edits-late', type: 'transcript_check', check: 'tool_invocation_matches', pattern: 'Edit \\{"file_path"', must_precede: 'completion_claim' },
        { id: 'three', type: 'command_check', command: 'grep -q three a.txt' },
        { id: 'small', type: 'diff_scope', max_lines_changed: 0 },
        { id: 'judge', type: 'llm_judge', rubric: 'asks first' },
      ],
    }],
    runs: { e1: { with_skill: Array.from({ length: 12 }, (_, k) => run(k, true)), without_skill: Array.from({ length: 12 }, (_, k) => run(k + 1, false)) } },
  });
  const gradings = () => Array.from({ length: 12 }, (_, j) => ['with_skill', 'without_skill'].map((c) => {
    try {
      return readFileSync(join(iteration, 'eval-e1', c, `run-${j + 1}`, 'grading.json'), 'utf8');
    } catch {
      return null;
    }
  })).flat();
  const alone = await compareIterations([iteration], { cwd: root, concurrency: 'off' });
  const writtenAlone = gradings();
  rmSync(join(iteration, 'eval-e1', 'with_skill', 'run-1', 'grading.json'));
  assert.equal(chooseThreadCount(2, 24), Math.min(2, availableParallelism()), 'the threaded run must really use a worker');
  const threaded = await compareIterations([iteration], { cwd: root, concurrency: 2 });
  assert.deepEqual(threaded.document, alone.document);
  assert.deepEqual(threaded.report, alone.report);
  assert.deepEqual(gradings(), writtenAlone);
  // The numbers are not trivially equal: every grader gave verdicts, and a run was excluded.
  const [asks, edits, three, small] = alone.document.evals[0]!.assertions;
  for (const row of [asks, edits, three, small]) assert.ok(row!.p_value !== null, `${row!.id} has no test`);
  assert.equal(alone.document.excluded_count, 2); // run 8 of one arm and run 7 of the other
  assert.equal(writtenAlone.filter((g) => g === null).length, 2, 'a broken run has no grading.json');
});
