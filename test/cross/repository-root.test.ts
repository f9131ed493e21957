// The evals.json lookup stops at the repository root: an evals.json above the checkout is never used.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { check } from '../../src/index.js';

const fixture = new URL('../../fixtures/workspace/', import.meta.url).pathname;
const conversation = join(fixture, '.eval-magic/demo-skill/iteration-1/eval-rename-column/with_skill/conversation.json');

it('an evals.json above the repository root is not looked up, by a folder search or for a named file', async () => {
  const parent = mkdtempSync(join(tmpdir(), 'em-repo-'));
  // A stranger's evals.json in the shared parent folder, whose eval "x" would flag every artifact in an eval-x folder.
  writeFileSync(join(parent, 'evals.json'), JSON.stringify({ skill_name: 'other', evals: [{ id: 'y', prompt: 'p', expected_output: 'o' }] }));
  const repo = join(parent, 'repo');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'runs', 'eval-x'), { recursive: true });
  cpSync(conversation, join(repo, 'runs', 'eval-x', 'conversation.json'));
  const lookups: string[] = [];
  for (const [paths, cwd] of [[['runs'], repo], [['.'], repo], [['runs/eval-x/conversation.json'], repo], [[join(repo, 'runs')], '/']] as const) {
    for (const concurrency of ['off', 2] as const) {
      const report = await check([...paths], { cwd, concurrency, config: false, onEvalLookup: (_f, r) => void lookups.push(r.note) });
      assert.deepEqual(report.results.flatMap((r) => r.messages.map((m) => m.ruleId)), [], `${paths} from ${cwd}`);
    }
  }
  assert.ok(lookups.length > 0 && lookups.every((note) => note === 'no evals.json found; checked alone'), lookups.join('\n'));
  // Inside the repository the lookup still climbs to the root.
  writeFileSync(join(repo, 'evals.json'), JSON.stringify({ skill_name: 'mine', evals: [{ id: 'y', prompt: 'p', expected_output: 'o' }] }));
  const inside = await check(['runs'], { cwd: repo, config: false });
  assert.deepEqual(inside.results.flatMap((r) => r.messages.map((m) => m.ruleId)).filter((id) => id === 'eval-missing'), ['eval-missing']);
});
