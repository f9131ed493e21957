import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { checkSource } from '../../src/index.js';
import { evaluateGate } from '../../src/evals/gates.js';

// Node's test runner gives each file its own process, so nothing else loaded the engine here.
const requireCache = createRequire(import.meta.url).cache;
const engineLoaded = (): boolean => Object.keys(requireCache).some((path) => path.includes('rregex'));

test('the WASM regex engine loads only when a regex is compiled', () => {
  const plain = { skill_name: 's', evals: [{ id: 'a', prompt: 'p', expected_output: 'o', turns: [{ prompt: 'x', deliver_when: 'agent_asks' }] }] };
  assert.deepEqual(checkSource({ filePath: 'evals.json', bytes: JSON.stringify(plain) }).messages, []);
  assert.deepEqual(evaluateGate({ prompt: 'x', deliver_when: 'agent_asks' }, 'Which?'), { deliver: true });
  assert.equal(engineLoaded(), false);
  evaluateGate({ prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: 'Wh' }, 'Which?');
  assert.equal(engineLoaded(), true);
});
