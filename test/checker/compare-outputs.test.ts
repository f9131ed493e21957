// compare's outputs as check sees them: a folder search finds grading.json and comparison.json
// beside the artifacts, `--kind grading|comparison` checks any file as one, and each is held to
// its schema (fixtures/compare-outputs: a valid and a broken grading.json).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { check, UsageError } from '../../src/index.js';

const fixtures = new URL('../../fixtures/compare-outputs/', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'em-compare-outputs-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const findings = (report: Awaited<ReturnType<typeof check>>) => Object.fromEntries(report.results.map((r) => [r.filePath, r.messages.map((m) => [m.ruleId, m.line, m.column])]));

describe('grading.json and comparison.json in check', () => {
  it('a folder search finds grading.json files and holds each to its schema', async () => {
    const report = await check(['.'], { cwd: fixtures });
    assert.deepEqual(findings(report), {
      // The schema says it is out of range; grading-summary, what it should be (1 of 1 passed).
      'invalid/pass-rate-above-one/grading.json': [['grading-summary', 14, 18], ['schema', 14, 18]],
      'valid/graded-run/grading.json': [],
    });
    assert.equal(report.errorCount, 2);
  });

  it('finds comparison.json too, beside conversation.json and evals.json', async () => {
    const dir = join(tmp, 'search');
    cpSync(fixtures, dir, { recursive: true });
    writeFileSync(join(dir, 'comparison.json'), JSON.stringify({ schema_version: 1, conditions: ['with_skill'] }));
    const report = await check(['.'], { cwd: dir });
    const comparison = report.results.find((r) => r.filePath === 'comparison.json');
    assert.ok(comparison, 'comparison.json was not found');
    assert.ok(comparison.errorCount > 0 && comparison.messages.every((m) => m.ruleId === 'schema'), JSON.stringify(comparison.messages));
  });

  it('--kind grading checks any file as a grading.json, and searches folders for grading.json only', async () => {
    const dir = join(tmp, 'kind');
    cpSync(fixtures, dir, { recursive: true });
    writeFileSync(join(dir, 'renamed.json'), readFileSync(join(fixtures, 'invalid/pass-rate-above-one/grading.json')));
    writeFileSync(join(dir, 'conversation.json'), '{}');
    const named = await check(['renamed.json'], { cwd: dir, kind: 'grading' });
    assert.deepEqual(findings(named), { 'renamed.json': [['grading-summary', 14, 18], ['schema', 14, 18]] });
    const searched = await check(['.'], { cwd: dir, kind: 'grading' });
    assert.deepEqual(Object.keys(findings(searched)).sort(), ['invalid/pass-rate-above-one/grading.json', 'valid/graded-run/grading.json']);
    const asComparison = await check(['valid/graded-run/grading.json'], { cwd: dir, kind: 'comparison' });
    assert.ok(asComparison.errorCount > 0, 'a grading.json is no comparison.json');
  });

  it('refuses a kind it does not know, naming every one it does', async () => {
    await assert.rejects(check(['.'], { cwd: fixtures, kind: 'grades' as never }), (error: unknown) => error instanceof UsageError && /"conversation", "evals", "grading", "comparison"/.test(error.message));
  });
});
