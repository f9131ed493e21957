// docs/compare.md's worked example is what compare prints for it: the golden of the same command.
import { it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';

it("docs/compare.md's worked example is test/golden/compare-fixture.txt's output", () => {
  const doc = readFileSync(new URL('../../docs/compare.md', import.meta.url), 'utf8');
  const block = /```text\n([\s\S]*?)```/.exec(doc.slice(doc.indexOf('## Worked example')))?.[1];
  assert.ok(block, 'no text block under "## Worked example"');
  const golden = readFileSync(new URL('../golden/compare-fixture.txt', import.meta.url), 'utf8');
  const stdout = golden.split('--- stdout\n')[1]!.split('\n--- stderr')[0]!;
  assert.equal(block.trimEnd(), stdout.trimEnd());
  for (const shown of ['[+40, +98]', 'could have detected only a change of ≥ 85 pp with 80 % power', 'runs passing every tested assertion']) assert.ok(block.includes(shown), shown);
});
