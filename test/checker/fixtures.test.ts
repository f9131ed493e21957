// The fixture corpus: every valid artifact is clean; every invalid one reports exactly what its table row says.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { checkSource } from '../../src/index.js';

const root = new URL('../../fixtures/', import.meta.url).pathname;

/** [ruleId, line, column] of every finding an invalid fixture must produce, in report order. */
const expected: Record<string, Array<[string, number, number]>> = {
  'parse/invalid/empty-file.json': [['parse', 1, 1]],
  'parse/invalid/whitespace-only.json': [['parse', 3, 1]],
  'parse/invalid/truncated-mid-write.json': [['parse', 18, 12]],
  'parse/invalid/trailing-comma.json': [['parse', 56, 3]],
  'parse/invalid/line-comment.json': [['parse', 3, 3]],
  'parse/invalid/nan-ordinal.json': [['parse', 26, 18]],
  'parse/invalid/single-quoted-string.json': [['parse', 4, 3]],
  'parse/invalid/raw-newline-in-text.json': [['parse', 54, 64]],
  'parse/invalid/raw-escape-character.json': [['parse', 54, 24]],
  'parse/invalid/two-values.json': [['parse', 58, 1]],
  'positions/invalid/crlf-tabs-and-wide-characters.json': [['schema', 35, 15]],
  'positions/invalid/utf8-bom.json': [['parse', 1, 1]],
  'positions/invalid/invalid-utf8-in-text.json': [['parse', 10, 8]],
  'schema/invalid/unknown-status.json': [['schema', 2, 13]],
  'schema/invalid/stopped-without-stop-fields.json': [['schema', 1, 1], ['schema', 1, 1]],
  'schema/invalid/completed-with-stop-reason.json': [['schema', 4, 3]],
  'schema/invalid/unexpected-top-level-property.json': [['schema', 57, 3]],
  'schema/invalid/unknown-event-type.json': [['schema', 25, 15]],
  'schema/invalid/event-missing-text.json': [['schema', 50, 5]],
  'schema/invalid/ordinal-as-string.json': [['schema', 15, 18]],
  'schema/invalid/tool-args-number.json': [['schema', 18, 15]],
  'schema/invalid/event-is-an-array.json': [['schema', 24, 5]],
  'schema/invalid/events-too-few.json': [['schema', 6, 13], ['round-reply', 7, 5]],
  'schema/invalid/negative-delivered-followups.json': [['followup-count', 3, 26], ['schema', 3, 26], ['stop-position', 5, 30]],
  'rules/blank-text/invalid/empty-assistant-reply.json': [['blank-text', 54, 15]],
  'rules/blank-text/invalid/whitespace-follow-up.json': [['blank-text', 48, 15]],
  'rules/duplicate-key/invalid/status-written-twice.json': [['duplicate-key', 3, 3]],
  'rules/duplicate-key/invalid/tool-args-repeat-a-key.json': [['duplicate-key', 18, 11]],
  'rules/integer-literal/invalid/followups-written-2.0.json': [['integer-literal', 3, 26]],
  'rules/integer-literal/invalid/runs-in-exponent-form/evals.json': [['integer-literal', 8, 15]],
  'rules/followup-count/invalid/count-off-by-one.json': [['followup-count', 3, 26]],
  'rules/ordinal-sequence/invalid/ordinal-skipped-after-tool-call.json': [['ordinal-sequence', 34, 18]],
  'rules/ordinal-sequence/invalid/ordinals-start-at-one.json': [['ordinal-sequence', 9, 18]],
  'rules/round-opener/invalid/agent-speaks-first.json': [['round-opener', 8, 15], ['round-opener', 14, 15]],
  'rules/round-opener/invalid/second-user-message-in-round.json': [['followup-count', 3, 26], ['round-opener', 25, 15]],
  'rules/round-reply/invalid/round-with-only-tool-calls.json': [['round-reply', 38, 5]],
  'rules/round-sequence/invalid/round-advances-at-tool-call.json': [['round-reply', 44, 5], ['round-sequence', 53, 16]],
  'rules/round-sequence/invalid/round-skipped.json': [['round-sequence', 76, 16]],
  'rules/stop-evidence/invalid/did-not-ask-but-asked.json': [['stop-evidence', 4, 18]],
  'rules/stop-evidence/invalid/mismatch-without-question.json': [['stop-evidence', 4, 18]],
  'rules/stop-position/invalid/stop-index-equals-delivered.json': [['stop-position', 5, 30]],
};

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [relative(root, path)];
  });
}

/** The single-file rules (conversation, or any file for duplicate-key and integer-literal) whose fixture folders this table covers (evals and cross-file rules have their own suites). */
const conversationRules = ['blank-text', 'duplicate-key', 'followup-count', 'integer-literal', 'ordinal-sequence', 'round-opener', 'round-reply', 'round-sequence', 'stop-evidence', 'stop-position'];
const owned = new RegExp(`^(valid|parse|schema|positions|rules/(${conversationRules.join('|')}))/`);
const corpus = filesUnder(root).filter((f) => owned.test(f) && f.endsWith('.json'));
const check = (file: string) => checkSource({ filePath: file, bytes: readFileSync(join(root, file)) });

describe('fixture corpus', () => {
  for (const file of corpus.filter((f) => /(^|\/)valid\//.test(f))) {
    it(`${file} is clean`, () => assert.deepEqual(check(file).messages, []));
  }
  for (const file of corpus.filter((f) => /\/invalid\//.test(f))) {
    it(`${file} reports exactly its findings`, () => {
      assert.ok(Object.hasOwn(expected, file), `${file} has no row in the expectations table`);
      const actual = check(file).messages.map((m) => [m.ruleId, m.line, m.column]);
      assert.deepEqual(actual, expected[file]);
    });
  }
  it('every table row names an existing fixture', () => {
    for (const file of Object.keys(expected)) assert.ok(corpus.includes(file), `table row for missing fixture ${file}`);
  });
  it('each rule folder has valid and invalid examples of that rule', () => {
    for (const rule of conversationRules) {
      const invalid = corpus.filter((f) => f.startsWith(`rules/${rule}/invalid/`));
      assert.ok(corpus.some((f) => f.startsWith(`rules/${rule}/valid/`)), `${rule}: no valid fixture`);
      assert.ok(invalid.length > 0, `${rule}: no invalid fixture`);
      for (const f of invalid) assert.ok(expected[f]!.some(([id]) => id === rule), `${f} does not show ${rule}`);
    }
  });
});
