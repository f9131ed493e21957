// The gate-regex engine's memory is bounded: refused patterns cannot pile up until the WASM instance traps.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { compileGateRegex, engineMemory } from '../../src/evals/gate-regex.js';

test('oversize patterns worth three memory budgets neither grow the engine without bound nor poison later patterns', () => {
  const budget = 256 * 1024 * 1024;
  let peak = 0;
  let replaced = 0;
  // Each is refused by the size limit, and each refusal leaves ~17 MB in the instance's memory:
  // ~250 of them went past WASM's 4 GB ceiling, and every later compile trapped. 50 are three
  // budgets' worth: enough to see the engine replaced again and again, and memory held each time.
  for (let i = 0; i < 50; i++) {
    const before = engineMemory();
    const refused = compileGateRegex(`a{${10_000 + i}}{1000}`);
    assert.equal(refused.ok, false);
    assert.match(refused.ok ? '' : refused.message, /size limit/, `pattern ${i}`);
    if (engineMemory() < before) replaced++;
    peak = Math.max(peak, engineMemory());
  }
  assert.ok(replaced >= 2, `the engine was replaced ${replaced} times`);
  assert.ok(peak <= budget + 64 * 1024 * 1024, `engine memory peaked at ${peak} bytes`);
  const valid = compileGateRegex('(?i)time ?zone\\?');
  assert.ok(valid.ok, valid.ok ? '' : valid.message);
  assert.equal(valid.ok && valid.regex.test('Which TIME ZONE?'), true);
});
