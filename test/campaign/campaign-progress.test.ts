// The live block on a terminal: finished runs stay above it, the block is erased and redrawn in
// place, and nothing is left of it once the campaign ends.
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { LiveProgress } from '../../src/cli/campaign-progress.js';
import { runMain } from '../helpers/cli.js';
import { makeCampaignWorkspace } from './campaign-helpers.js';

it('draws running runs and counts, keeps finished lines above, and erases itself at the end', () => {
  let screen = '';
  const live = new LiveProgress((text) => (screen += text));
  const a = { eval_id: 'add-column', condition: 'with_skill' as const, run: 1 };
  const b = { eval_id: 'add-column', condition: 'without_skill' as const, run: 1 };
  live.start(2);
  live.started(a);
  live.started(b);
  live.round(a, 2);
  live.finished(b, 'add-column without_skill run-1: completed with 1 follow-up(s)', false);
  live.finished(a, 'add-column with_skill run-1: aborted (agent-failed): Round 2: …', true);
  live.stop();
  // Replay the writes on a tiny terminal model: "\x1b[<n>F\x1b[J" erases the last n lines.
  const lines: string[] = [];
  for (const part of screen.split(/(\x1b\[\d+F\x1b\[J)/)) {
    const erase = /^\x1b\[(\d+)F\x1b\[J$/.exec(part);
    if (erase) lines.splice(lines.length - Number(erase[1]));
    else lines.push(...part.split('\n').slice(0, -1));
  }
  assert.deepEqual(lines, ['add-column without_skill run-1: completed with 1 follow-up(s)', 'add-column with_skill run-1: aborted (agent-failed): Round 2: …']);
  assert.match(screen, /0\/2 done, 0 failed, 2 running/);
  assert.match(screen, /add-column with_skill run-1: round 2/);
  assert.match(screen, /2\/2 done, 1 failed, 0 running, \d+s elapsed, about 0s left/);
});

it('cuts each line of the block to the terminal\'s width, so erasing it never leaves a wrapped part behind', () => {
  let screen = '';
  let width = 30;
  const live = new LiveProgress((text) => (screen += text), () => width);
  const lastBlock = () => screen.split(/\x1b\[\d+F\x1b\[J/).at(-1)!.split('\n').slice(0, -1);
  live.start(1);
  try {
    live.started({ eval_id: 'rename-the-customer-id-column-everywhere', condition: 'without_skill', run: 12 });
    assert.ok(lastBlock().every((line) => line.length < 30), JSON.stringify(lastBlock()));
    assert.equal(lastBlock()[1], '  rename-the-customer-id-col…');
    width = 200; // the window grew
    live.note('a finished run stays above, whole, however wide');
    assert.deepEqual(lastBlock()[0], 'a finished run stays above, whole, however wide');
    assert.match(lastBlock()[2]!, /^ {2}rename-the-customer-id-column-everywhere without_skill run-12: round 1, \d+s$/);
  } finally {
    live.stop();
  }
});

it('the plan names a workspace whose path holds a line break and a terminal escape on its one line, escaped', async () => {
  const ws = makeCampaignWorkspace();
  const workspace = 'runs\n  all 99 done already\x1b[2J';
  const result = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', '--eval', 'explain', '--workspace', workspace], { cwd: ws.root, env: ws.env });
  assert.equal(result.code, 0, result.stderr);
  const lines = result.stdout.split('\n');
  assert.equal(lines[0], 'campaign csv-reports with claude-code: iteration 1 (new) in runs\\n  all 99 done already\\u001b[2J/csv-reports/iteration-1');
  assert.match(lines[1]!, /^  1 eval × 2 conditions/);
});

it("a running item's name from the workspace (judge's assertion id, any string in evals.json) reaches the block escaped: no live escape, no line of its own", () => {
  let screen = '';
  const live = new LiveProgress<string>((text) => (screen += text), () => 200, (item) => item);
  live.start(1);
  try {
    live.started('fix-typo with_skill run-1 asks\x1b]0;owned\x07\nfirst\u202e #1');
    const block = screen.replace(/\x1b\[\d+F\x1b\[J/g, '');
    assert.doesNotMatch(block, /[\x00-\x09\x0b-\x1f\u202e]/, JSON.stringify(block));
    assert.equal(block.split('\n').length, 3, 'the counts line and one line for the item');
    assert.match(block, /^ {2}fix-typo with_skill run-1 asks\\u001b\]0;owned\\u0007\\nfirst\\u202e #1: round 1, \d+s$/m);
  } finally {
    live.stop();
  }
});
