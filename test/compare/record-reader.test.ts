// The one record reader (workspace/record-file.ts) takes a plain record by JSON.parse, a scan of
// the text and the schema, and anything else through the syntax tree that names the first problem
// at its line and column. These texts sit on the edge between the two: each must get the verdict
// the tree gives, whichever way it went.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { mayHideFromParse } from '../../src/json/scan.js';
import { readRunRecordFile, serializeRunRecord, type RunRecord } from '../../src/workspace/run-record.js';

const tmp = mkdtempSync(join(tmpdir(), 'record-reader-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const record: RunRecord = {
  schema_version: 1, eval_magic_version: '0.1.0', eval_id: 'e1', condition: 'with_skill', run: 2,
  harness: { name: 'claude-code', version: '2.0.1' }, model: null,
  skill: { name: 's', source: 's', sha256: '0'.repeat(64), staged_at: '.claude/skills/s' },
  started_at: '2026-12-01T09:53:58.000Z', ended_at: '2026-12-01T10:00:25.677Z', duration_ms: 387677,
  status: 'completed', stop_reason: null, abort_reason: null, message: null, exit_code: 0, rounds: 3, delivered_followups: 2,
  attempts: 1, failures: [], tokens: { input: 243185, output: 24449 }, cost_usd: 0.25, skill_roster: null,
  isolation: { valid: true, problems: [] }, task_dir: 'task', staged_dir: 'staged',
};
const plain = serializeRunRecord(record);

let n = 0;
/** Reads `text` as a run folder's run.json, the file shown as `run.json`. */
function read(text: string) {
  const dir = join(tmp, `run-${n++}`);
  mkdirSync(dir);
  writeFileSync(join(dir, 'run.json'), text);
  return readRunRecordFile(dir, 'run.json');
}
/** `text` with `from` replaced by `to`, which must be there once. */
function edit(from: string, to: string): string {
  assert.equal(plain.split(from).length, 2, `${from} is in the record once`);
  return plain.replace(from, to);
}
/** The problem the reader gives, or fails when it gives a record. */
function problem(text: string): string {
  const got = read(text);
  assert.ok(got.found && 'problem' in got, JSON.stringify(got));
  return got.problem;
}
function accepted(text: string): RunRecord {
  const got = read(text);
  assert.ok(got.found && 'record' in got, JSON.stringify(got));
  return got.record;
}
/** 1-based line and column of the value of `key` in `text`. */
function valueAt(text: string, key: string): string {
  const needle = `"${key}": `;
  const at = text.indexOf(needle) + needle.length;
  const before = text.slice(0, at).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

describe('the record reader: plain records and the edge of the plain path', () => {
  it('a record as campaign writes it is read as written', () => {
    assert.deepEqual(accepted(plain), record);
  });
  it("an integer field not written as plain digits held exactly is named where it is, as written, by check's integer-literal rule", () => {
    for (const [spelt, why] of [['1.0', 'a fraction'], ['1E0', 'an exponent'], ['1e0', 'an exponent'], ['10e-1', 'an exponent'], ['1.000', 'a fraction'], ['-0', 'a negative zero']]) {
      const text = edit('"attempts": 1', `"attempts": ${spelt}`);
      assert.equal(problem(text), `run.json:${valueAt(text, 'attempts')}: attempts is written ${spelt}, ${why}; eval-magic writes integers as plain digits, so this record was edited by hand`);
    }
    const text = edit('"duration_ms": 387677', '"duration_ms": 9007199254740993');
    assert.equal(problem(text), `run.json:${valueAt(text, 'duration_ms')}: duration_ms is written 9007199254740993, too large for a JSON number to hold exactly; eval-magic writes integers as plain digits, so this record was edited by hand`);
  });
  it('a whole number written 2.0 in a field of any number (cost_usd) is a number as check reads it: accepted (it was refused where check passed it)', () => {
    assert.equal(accepted(edit('"cost_usd": 0.25', '"cost_usd": 2.0')).cost_usd, 2);
  });
  it('fractions and exponents that are no integer pass (0.25, 1e-7, 2.5E-3), as do integers of 16 digits held exactly', () => {
    for (const cost of ['0.25', '1e-7', '2.5E-3', '0.1']) assert.equal(accepted(edit('"cost_usd": 0.25', `"cost_usd": ${cost}`)).cost_usd, Number(cost));
    assert.equal(accepted(edit('"duration_ms": 387677', '"duration_ms": 1234567890123456')).duration_ms, 1234567890123456);
  });
  it('a skill staged_at that leaves the task folder (.., an absolute path) fails the schema: graders and the judge read below the task by it', () => {
    for (const at of ['../../etc', '.claude/../../../etc', '/etc', '..']) {
      const text = edit('"staged_at": ".claude/skills/s"', `"staged_at": ${JSON.stringify(at)}`);
      // Refused where the skill is (the schema's either-or of null and a skill object names it there).
      assert.match(problem(text), new RegExp(`^run\\.json:${valueAt(text, 'skill')}: /skill must`), at);
    }
    for (const at of ['.claude/skills/s', '.agents/skills/s..v2', 'skills/..hidden/s']) assert.equal(accepted(edit('"staged_at": ".claude/skills/s"', `"staged_at": ${JSON.stringify(at)}`)).skill!.staged_at, at);
  });
  it('places a problem as check places a finding: a surrogate pair is one column, and a lone CR ends a line', () => {
    // The exit code's value, after an emoji on its line and below a line ended by a CR alone.
    const text = edit('"message": null,\n  "exit_code": 0', '"message": "done \u{1F600}", "exit_code": "zero"').replace('"schema_version": 1,\n', '"schema_version": 1,\r');
    const lines = text.split(/\r\n|\r|\n/);
    const line = lines.findIndex((l) => l.includes('"exit_code"'));
    const column = [...lines[line]!.slice(0, lines[line]!.indexOf('"zero"'))].length + 1;
    assert.match(problem(text), new RegExp(`^run\\.json:${line + 1}:${column}: /exit_code must be integer`));
  });
  it('a number too large for a double (1e400) is not an integer but fails the schema, at its place', () => {
    const text = edit('"cost_usd": 0.25', '"cost_usd": 1e400');
    assert.match(problem(text), new RegExp(`^run\\.json:${valueAt(text, 'cost_usd')}: /cost_usd must be number`));
  });
  it('numbers and keys inside strings are text: a version that reads like JSON changes nothing', () => {
    const version = 'x\\": 1.0, \\"attempts\\": 1E0, \\"y';
    const got = accepted(edit('"version": "2.0.1"', `"version": "${version}"`));
    assert.equal(got.harness.version, 'x": 1.0, "attempts": 1E0, "y');
    assert.equal(accepted(edit('"model": null', '"model": "a\\\\"')).model, 'a\\');
  });
  it('a key written twice, at the top or nested, plainly or escaped, is named at the repeat', () => {
    const cases: Array<[string, string, string, string]> = [
      ['"rounds": 3', '"rounds": 3,\n  "rounds": 3', 'rounds', '"rounds"'],
      ['"output": 24449', '"output": 24449,\n    "input": 243185', 'input', '"input"'],
      ['"output": 24449', '"output": 24449,\n    "inp\\u0075t": 243185', 'input', '"inp\\u0075t"'],
    ];
    for (const [from, to, key, needle] of cases) {
      const text = edit(from, to);
      const at = text.lastIndexOf(needle);
      const before = text.slice(0, at).split('\n');
      assert.equal(problem(text), `run.json:${before.length}:${before[before.length - 1]!.length + 1}: the key ${JSON.stringify(key)} appears twice in one object; a reader would silently take one of them`);
    }
  });
  it('text JSON.parse rejects, and a record against its schema, are named at their place', () => {
    const trailing = edit('"staged_dir": "staged"', '"staged_dir": "staged",');
    assert.match(problem(trailing), /^run\.json:\d+:\d+: not valid JSON: a property name in double quotes was expected \(a trailing comma\?\)$/);
    const wrong = edit('"rounds": 3', '"rounds": "3"');
    assert.match(problem(wrong), new RegExp(`^run\\.json:${valueAt(wrong, 'rounds')}: /rounds must be integer, against its schema$`));
    // In check's words for a byte order mark (it read "not valid JSON: a word or character that starts no JSON value").
    assert.equal(problem('\uFEFF' + plain), 'run.json:1:1: the file starts with a UTF-8 byte order mark; JSON artifacts must not (RFC 8259 §8.1), and strict readers reject it');
  });
});

describe('mayHideFromParse (the plain path\'s scan)', () => {
  const hides = (text: string) => mayHideFromParse(text, JSON.parse(text));
  it('says no only when no key repeats and no integer is spelt otherwise', () => {
    assert.equal(hides('{"a": 1, "b": [0.5, -2, 1e-9, {"c": "1.0"}], "d": true, "e": false, "f": null}'), false);
    assert.equal(hides('{"a": "\\"b\\": 1.0", "c": 123456789012345}'), false);
    assert.equal(hides('[]'), false);
    assert.equal(hides('-0.5'), false);
  });
  it('says yes for a repeat anywhere and for an integer spelt with a fraction or exponent, -0, or sixteen digits or more (past 2^53 JSON.parse rounds) anywhere, arrays included', () => {
    for (const text of ['{"a": 1, "a": 1}', '{"x": {"a": 1, "\\u0061": 2}}', '[{"a": 1, "a": 2}]', '{"a": 1.0}', '[4E0]', '{"a": [1, 2, -3.00]}', '1e400', '{"a": -1e2}', '{"a":1.0}', '{"a": -0}', '[12345678901234567890]', '{"a": 1234567890123456}']) {
      assert.equal(hides(text), true, text);
    }
  });
});
