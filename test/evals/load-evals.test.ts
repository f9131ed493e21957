import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadEvalsFile, parseEvalsText, type EvalsProblem } from '../../src/evals/load-evals.js';

function evalsText(turns: unknown, extra: Record<string, unknown> = {}): string {
  const evalCase = { id: 'tz', prompt: 'Add a clock.', expected_output: 'a clock', turns, ...extra };
  return JSON.stringify({ skill_name: 'clock', evals: [evalCase] }, null, 2);
}

function problemsOf(text: string): EvalsProblem[] {
  const result = parseEvalsText(text);
  assert.equal(result.file, undefined, 'no document when there are problems');
  assert.ok(result.problems.length > 0, 'expected problems');
  return result.problems;
}

/** The text a single-line range covers; for a multi-line one (an object), its first character. */
function covered(text: string, p: EvalsProblem): string {
  const line = [...text.split('\n')[p.line - 1]!];
  return p.line === p.endLine ? line.slice(p.column - 1, p.endColumn - 1).join('') : line[p.column - 1]!;
}

test('a valid file loads with extra fields passed through', () => {
  const text = evalsText([{ prompt: 'UTC', deliver_when: 'agent_asks', agent_response_matches: '(?i)zone' }], {
    files: ['a.txt'],
    assertions: [{ type: 'x' }],
  });
  const result = parseEvalsText(text);
  assert.deepEqual(result.problems, []);
  assert.equal(result.file?.evals[0]?.turns?.[0]?.agent_response_matches, '(?i)zone');
  assert.deepEqual(result.file?.evals[0]?.['files'], ['a.txt']);
});

test('an eval without turns is valid', () => {
  const text = JSON.stringify({ skill_name: 's', evals: [{ id: 'a', prompt: 'p', expected_output: 'o' }] });
  assert.deepEqual(parseEvalsText(text).problems, []);
});

// [name, turns, expected code, expected covered text, message fragment]
const turnCases: Array<[string, unknown, string, string, RegExp]> = [
  ['turns not an array', { prompt: 'x' }, 'turns-type', '{', /"turns" must be an array, found an object/],
  ['empty turns', [], 'turns-empty', '[]', /at least one follow-up/],
  ['turn not an object', ['hi'], 'turn-type', '"hi"', /turns\[0\] must be an object, found a string/],
  ['unknown key', [{ prompt: 'x', deliver_when: 'always', when: 1 }], 'turn-property-unknown', '"when"', /unknown property "when"/],
  ['missing prompt', [{ deliver_when: 'always' }], 'property-missing', '{', /missing required property "prompt"/],
  ['missing deliver_when', [{ prompt: 'x' }], 'property-missing', '{', /missing required property "deliver_when"/],
  ['prompt not a string', [{ prompt: 3, deliver_when: 'always' }], 'property-type', '3', /prompt must be a string, found an integer/],
  ['empty prompt', [{ prompt: '', deliver_when: 'always' }], 'turn-prompt-empty', '""', /must not be empty/],
  ['blank prompt', [{ prompt: ' \n\u3000', deliver_when: 'always' }], 'turn-prompt-blank', '" \\n\u3000"', /only whitespace/],
  ['bad deliver_when', [{ prompt: 'x', deliver_when: 'sometimes' }], 'turn-deliver-when', '"sometimes"', /found "sometimes"/],
  [
    'regex not a string',
    [{ prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: null }],
    'property-type',
    'null',
    /must be a string, found null/,
  ],
  ['empty regex', [{ prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: '' }], 'turn-regex-empty', '""', /not be empty/],
  [
    'always with a regex',
    [{ prompt: 'x', deliver_when: 'always', agent_response_matches: 'a' }],
    'turn-always-with-regex',
    '"agent_response_matches"',
    /not allowed with deliver_when "always"/,
  ],
  [
    'regex that does not compile',
    [{ prompt: 'x', deliver_when: 'agent_asks', agent_response_matches: 'a(?=b)' }],
    'turn-regex-invalid',
    '"a(?=b)"',
    /eval "tz": turns\[0\]\.agent_response_matches "a\(\?=b\)" does not compile as a Rust regex: look-around.*\(pattern column 2\)/,
  ],
];

for (const [name, turns, code, text, message] of turnCases) {
  test(`turns: ${name}`, () => {
    const source = evalsText(turns);
    const problems = problemsOf(source);
    assert.deepEqual(problems.map((p) => p.code), [code]);
    assert.match(problems[0]!.message, message);
    assert.equal(covered(source, problems[0]!), text);
  });
}

test('a U+FEFF-only prompt is not blank (Rust trim keeps it)', () => {
  assert.deepEqual(parseEvalsText(evalsText([{ prompt: '\ufeff', deliver_when: 'always' }])).problems, []);
});

test('every problem of every turn is reported, with pointers', () => {
  const problems = problemsOf(
    evalsText([
      { prompt: ' ', deliver_when: 'agent_asks', agent_response_matches: '\\1' },
      { prompt: 'ok', deliver_when: 'always' },
      { deliver_when: 'never' },
    ]),
  );
  assert.deepEqual(
    problems.map((p) => [p.code, p.pointer]),
    [
      ['turn-prompt-blank', '/evals/0/turns/0/prompt'],
      ['turn-regex-invalid', '/evals/0/turns/0/agent_response_matches'],
      ['property-missing', '/evals/0/turns/2'],
      ['turn-deliver-when', '/evals/0/turns/2/deliver_when'],
    ],
  );
});

test('outer shape: id, prompt, duplicates, wrong types', () => {
  const source = JSON.stringify(
    { skill_name: 1, evals: [{ id: '', prompt: 'p' }, { prompt: 2 }, 'x', { id: 'a', prompt: 'p' }, { id: 'a', prompt: 'q' }] },
    null,
    2,
  );
  assert.deepEqual(
    problemsOf(source).map((p) => [p.code, p.pointer]),
    [
      ['property-type', '/skill_name'],
      ['eval-id-empty', '/evals/0/id'],
      ['property-missing', '/evals/1'],
      ['property-type', '/evals/1/prompt'],
      ['eval-type', '/evals/2'],
      ['eval-id-duplicate', '/evals/4/id'],
    ],
  );
});

test('a non-object document and a missing evals array', () => {
  assert.deepEqual(problemsOf('[]').map((p) => p.code), ['document-type']);
  assert.deepEqual(problemsOf('{"skill_name": "s"}').map((p) => p.message), ['evals.json: missing required property "evals".']);
});

test('parse errors are positioned', () => {
  const problems = problemsOf('{\n  "skill_name": "s",\n  "evals": [,]\n}');
  assert.equal(problems.length, 1);
  assert.match(problems[0]!.code, /^parse-/);
  assert.deepEqual([problems[0]!.line, problems[0]!.column], [3, 13]);
});

test('duplicate keys are reported at the repeated key', () => {
  const source = '{"skill_name": "s", "evals": [{"id": "a", "prompt": "p", "id": "b"}]}';
  const problems = problemsOf(source);
  assert.deepEqual(problems.map((p) => [p.code, p.pointer, p.column]), [['duplicate-key', '/evals/0/id', source.lastIndexOf('"id"') + 1]]);
});

test('loadEvalsFile reads a file, and reports an unreadable one', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'evals-'));
  const path = join(dir, 'evals.json');
  await writeFile(path, evalsText([{ prompt: 'x', deliver_when: 'always' }]));
  assert.equal((await loadEvalsFile(path)).file?.evals[0]?.id, 'tz');
  const missing = await loadEvalsFile(join(dir, 'nope.json'));
  assert.equal(missing.file, undefined);
  assert.match(missing.problems[0]!.message, /Cannot read evals file .*nope\.json.*ENOENT/);
  await writeFile(path, Buffer.from([0x7b, 0xff, 0x7d]));
  assert.match((await loadEvalsFile(path)).problems[0]!.code, /^parse-/);
});
