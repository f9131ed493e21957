// checkJsonSource: a JSON document of the caller's kind through the checker's stages and problem
// model (what the runner's harness descriptors use): parse → schema → the caller's checks → positions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import { checkJsonSource, type Finding } from '../../src/index.js';

const validate = new Ajv.default({ allErrors: true }).compile({
  type: 'object',
  properties: { name: { type: 'string' }, env: { type: 'object', propertyNames: { pattern: '^[A-Z]+$' } } },
  required: ['name'],
  additionalProperties: false,
});
const noShouting = (value: unknown): Finding[] =>
  (value as { name: string }).name === (value as { name: string }).name.toUpperCase() ? [{ ruleId: 'style', messageId: 'shouting', message: 'name is all capitals', severity: 1, pointer: '/name' }] : [];

test('schema errors come back as positioned problems, sorted, worded by the one describer', () => {
  const text = '{\n  "name": 3,\n  "colour": "red",\n  "env": {"ok": "1"}\n}';
  const { problems, value } = checkJsonSource(text, { validate, documentName: 'The thing', check: noShouting });
  assert.equal(value, undefined);
  assert.deepEqual(
    problems.map(({ ruleId, messageId, severity, pointer, line, column, message }) => ({ ruleId, messageId, severity, pointer, line, column, message })),
    [
      { ruleId: 'schema', messageId: 'type', severity: 2, pointer: '/name', line: 2, column: 11, message: 'name must be string, found integer 3.' },
      { ruleId: 'schema', messageId: 'additionalProperties', severity: 2, pointer: '/colour', line: 3, column: 3, message: 'The thing has unexpected property "colour".' },
      { ruleId: 'schema', messageId: 'pattern', severity: 2, pointer: '/env/ok', line: 4, column: 11, message: 'env key "ok" must match pattern "^[A-Z]+$".' },
    ],
  );
});

test("the caller's checks run on a schema-valid document; a clean one gives its value back", () => {
  const shouting = checkJsonSource('{"name": "LOUD"}', { validate, documentName: 'The thing', check: noShouting });
  assert.deepEqual(shouting.problems.map((p) => [p.ruleId, p.messageId, p.line, p.column]), [['style', 'shouting', 1, 10]]);
  assert.deepEqual(checkJsonSource('{"name": "quiet"}', { validate, documentName: 'The thing', check: noShouting }), { problems: [], value: { name: 'quiet' } });
});

test('text that is not JSON is a parse problem at the place parsing failed', () => {
  const { problems } = checkJsonSource('{"name": "x",\n}', { validate, documentName: 'The thing' });
  assert.deepEqual(problems.map((p) => [p.ruleId, p.line, p.column]), [['parse', 2, 1]]);
});

test('a repeated key is a duplicate-key problem at the repeat, worded as the artifacts\' rule words it, even when the schema is met', () => {
  const { problems, value } = checkJsonSource('{"name": "a",\n "env": {"A": "1", "A": "2"},\n "name": "b"}', { validate, documentName: 'The thing' });
  assert.equal(value, undefined, 'JSON.parse kept the last of each: the value is not given back');
  assert.deepEqual(
    problems.map(({ ruleId, messageId, pointer, line, column, message }) => ({ ruleId, messageId, pointer, line, column, message })),
    [
      { ruleId: 'duplicate-key', messageId: 'duplicate', pointer: '/env/A', line: 2, column: 20, message: 'Duplicate key "A": it also appears earlier in this object, and readers keep only the last value.' },
      { ruleId: 'duplicate-key', messageId: 'duplicate', pointer: '/name', line: 3, column: 2, message: 'Duplicate key "name": it also appears earlier in this object, and readers keep only the last value.' },
    ],
  );
});
