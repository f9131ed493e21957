// The evals schema: the precompiled validator agrees with a runtime Ajv; its findings are one per mistake.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { ajvOptions } from '../../scripts/ajv-options.js';
import validateEvals from '../../src/validators/evals.generated.cjs';
import { checkSource } from '../../src/index.js';
import { layout } from '../helpers/rule-tester.js';
import { evalCase, evalsOf, turn } from '../helpers/evals-docs.js';

const repo = new URL('../../', import.meta.url).pathname;

function evalsFilesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? evalsFilesUnder(path) : name === 'evals.json' ? [path] : [];
  });
}

const schemaFindings = (doc: unknown) =>
  checkSource({ filePath: 'evals.json', bytes: layout(doc) }).messages.filter((m) => m.ruleId === 'schema').map((m) => [m.line, m.column, m.message]);

describe('evals schema', () => {
  it('the generated validator and a runtime Ajv agree on every evals.json fixture and on broken ones', () => {
    const runtime = new Ajv.default({ ...ajvOptions, code: {} }).compile(JSON.parse(readFileSync(join(repo, 'schemas/evals.schema.json'), 'utf8')));
    const docs: unknown[] = evalsFilesUnder(join(repo, 'fixtures')).map((f) => JSON.parse(readFileSync(f, 'utf8')));
    docs.push({ skill_name: 'x', evals: [] }, { evals: [evalCase('Bad_Id', '')] }, evalsOf(evalCase('a', 'p', [], { assertions: [{ type: 'nope' }] })));
    assert.ok(docs.length > 20);
    for (const doc of docs) assert.equal(validateEvals(doc), runtime(doc), JSON.stringify(doc).slice(0, 200));
  });
  it('an assertion that fails the oneOf gets one finding, from the branch its type names', () => {
    const doc = evalsOf(evalCase('a', 'p', undefined, { assertions: [{ id: 'j', type: 'llm_judge' }, { id: 'd', type: 'diff_scope' }, { id: 'u', type: 'regex_check' }] }));
    assert.deepEqual(schemaFindings(doc), [
      [9, 9, 'evals[0].assertions[0] is missing required property "rubric".'],
      [13, 9, 'A diff_scope assertion needs "max_files_touched", "max_lines_changed" or both.'],
      [19, 19, 'Unknown assertion type: expected one of "transcript_check", "llm_judge", "command_check", "diff_scope", found string "regex_check".'],
    ]);
  });
  it('names the document "evals.json", and leaves always + agent_response_matches to its rule', () => {
    assert.deepEqual(schemaFindings({ evals: [evalCase('a', 'p', [turn('x', 'always', 'y')])] }), [[1, 1, 'evals.json is missing required property "skill_name".']]);
    const bad = checkSource({ filePath: 'evals.json', bytes: layout(evalsOf(evalCase('a', 'p', [turn('x', 'always', 'y')]))) }).messages;
    assert.deepEqual(bad.map((m) => m.ruleId), ['gate-always-pattern']);
  });
});
