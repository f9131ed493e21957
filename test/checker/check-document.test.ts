// checkDocument: one pipeline for every document kind (document-kinds.ts), the runner's harness
// descriptors included: parse → schema → the kind's own checks → rules → positioned problems.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkDocument, checkSource, loadArtifact } from '../../src/internal.js';
import { DOCUMENT_KINDS } from '../../src/checker/document-kinds.js';
import { SEARCHED_FILES } from '../../src/workspace/layout.js';
import { detectFileKind, defaultSearchPatterns, FILE_KINDS } from '../../src/checker/file-kind.js';

const descriptor = {
  name: 'my-agent',
  executable: 'my-agent',
  argv: ['go', '{model_args}', '{prompt}'],
  resume_argv: ['go', '--resume', '{session_id}', '{model_args}', '{prompt}'],
  model_args: ['--model', '{model}'],
  events_file: 'events.jsonl',
  stderr_file: 'stderr.log',
  parser: 'claude-stream-json',
};
const harness = (text: string) => checkDocument('harness', { filePath: 'agent.json', loaded: loadArtifact(text) });
const shown = (text: string) => harness(text).messages.map(({ ruleId, messageId, pointer, line, column, message }) => ({ ruleId, messageId, pointer, line, column, message }));

describe('checkDocument on a harness descriptor', () => {
  it('a valid descriptor has no problem', () => {
    assert.deepEqual(harness(JSON.stringify(descriptor, null, 2)).messages, []);
    for (const name of ['claude-code', 'codex', 'opencode']) {
      assert.deepEqual(harness(readFileSync(new URL(`../../harnesses/${name}.json`, import.meta.url), 'utf8')).messages, [], name);
    }
  });

  it('schema errors come back positioned and sorted, worded by the one describer', () => {
    const text = JSON.stringify({ ...descriptor, name: 3, colour: 'red', env: { 'A=B': '1' } }, null, 2);
    assert.deepEqual(shown(text), [
      { ruleId: 'schema', messageId: 'type', pointer: '/name', line: 2, column: 11, message: 'name must be string, found integer 3.' },
      { ruleId: 'schema', messageId: 'additionalProperties', pointer: '/colour', line: 23, column: 3, message: 'The descriptor has unexpected property "colour".' },
      { ruleId: 'schema', messageId: 'pattern', pointer: '/env/A=B', line: 25, column: 5, message: 'env key "A=B" must match pattern "^[A-Za-z_][A-Za-z0-9_]*$".' },
    ]);
  });

  it("the kind's template rules run on a descriptor the schema accepts, and only then", () => {
    assert.deepEqual(shown(JSON.stringify({ ...descriptor, argv: ['{prompt}', '{model_args}'] })).map((p) => [p.ruleId, p.messageId, p.pointer]), [
      ['harness-template', 'prompt-missing', '/argv'],
      ['harness-template', 'prompt-not-last', '/argv/0'],
    ]);
    // With a schema error too, the templates are not read (they may not even be arrays).
    assert.deepEqual(shown(JSON.stringify({ ...descriptor, argv: 'go {prompt}' })).map((p) => p.ruleId), ['schema']);
  });

  it('text that is not JSON is a parse problem at the place parsing failed', () => {
    assert.deepEqual(shown('{"name": "x",\n}').map((p) => [p.ruleId, p.messageId, p.line, p.column]), [['parse', 'trailing-comma', 2, 1]]);
  });

  it('a repeated key is the duplicate-key rule\'s, at the repeat, even when the schema is met', () => {
    const text = JSON.stringify(descriptor).replace('"parser"', '"env": {"A": "1", "A": "2"}, "parser"').replace('"name":"my-agent"', '"name":"a","name":"my-agent"');
    assert.deepEqual(shown(text).map((p) => [p.ruleId, p.pointer, p.message]), [
      ['duplicate-key', '/name', 'Duplicate key "name": it also appears earlier in this object, and readers keep only the last value.'],
      ['duplicate-key', '/env/A', 'Duplicate key "A": it also appears earlier in this object, and readers keep only the last value.'],
    ]);
  });

  it('no artifact rule but those of kind any sees a descriptor', () => {
    // A conversation rule would report a descriptor's missing events; none does.
    assert.deepEqual(harness(JSON.stringify({ ...descriptor, events: 3, delivered_followups: 1.5 })).messages.map((p) => p.ruleId), ['schema', 'schema']);
  });
});

describe('the kinds as data', () => {
  it('checkSource is checkDocument with the kind its name gives', () => {
    const cases: Array<[string, string]> = [
      ['e1/conversation.json', '{"events": [], "delivered_followups": 1.0}'],
      ['evals.json', '{"skill_name": "s", "evals": [{"id": "a", "prompt": "p", "runs": 2.5}]}'],
      ['x/grading.json', '{"summary": {"passed": 1.0}}'],
      ['x/comparison.json', '{"a": 1, "a": 2}'],
      ['run-1/run.json', '{"schema_version": 1, "attempts": 1.0}'],
      ['iteration-1/campaign.json', '{"schema_version": 1, "runs": {"e1": 2.0}}'],
      ['other.json', '{'],
    ];
    for (const [filePath, text] of cases) {
      const kind = detectFileKind(filePath);
      assert.deepEqual(checkSource({ filePath, bytes: text }), checkDocument(kind, { filePath, loaded: loadArtifact(text) }), filePath);
      assert.ok(checkSource({ filePath, bytes: text }).messages.length > 0, filePath);
    }
  });

  it('file names and search patterns come from the kinds', () => {
    assert.deepEqual(FILE_KINDS, ['conversation', 'evals', 'grading', 'comparison', 'judgment']);
    // judge's records are searched for where judge writes them: `check .eval-magic` holds every judgment to what compare counts, and an app's own judgment.json is left alone.
    assert.deepEqual(defaultSearchPatterns(), ['**/conversation.json', '**/evals.json', '**/grading.json', '**/comparison.json', '**/judge/*/*/judgment.json']);
    assert.deepEqual(defaultSearchPatterns('evals'), ['**/evals.json']);
    assert.deepEqual(defaultSearchPatterns('grading'), ['**/grading.json']);
    for (const [kind, description] of Object.entries(DOCUMENT_KINDS)) {
      if (description.fileName !== undefined) assert.equal(detectFileKind(`a/b/${description.fileName}`), kind);
    }
    // campaign's records are known by name but never searched for: they are checked when named.
    assert.equal(DOCUMENT_KINDS.run.searchPattern, undefined);
    assert.equal(DOCUMENT_KINDS.campaign.searchPattern, undefined);
    // What a search finds is what no report may be named (reports/report-files.ts).
    assert.deepEqual(Object.values(DOCUMENT_KINDS).flatMap((d) => (d.searchPattern ? [d.searchPattern.slice(d.searchPattern.lastIndexOf('/') + 1)] : [])).sort(), [...SEARCHED_FILES].sort());
    // A harness descriptor is never known by its name: it is checked only when the runner loads one.
    assert.equal(DOCUMENT_KINDS.harness.fileName, undefined);
    assert.equal(detectFileKind('harness.json'), 'conversation');
  });
});

// A user's evals file saved as my-evals.json is checked as a conversation (only evals.json is known
// by name): the conversation schema's errors alone ("missing delivered_followups") never said why.
describe('an evals.json under another name, checked as a conversation', () => {
  const evalsText = readFileSync(new URL('../../fixtures/workspace/demo-skill/evals/evals.json', import.meta.url), 'utf8');
  const hints = (result: { messages: Array<{ messageId: string }> }) => result.messages.filter((m) => m.messageId === 'looks-like-evals');

  it('gets one finding first, at 1:1, saying what it looks like and how to check it as evals; the schema errors stay', () => {
    const result = checkSource({ filePath: 'my-evals.json', bytes: evalsText });
    const [first, ...rest] = result.messages;
    assert.deepEqual({ ...first, message: undefined }, { ruleId: 'schema', messageId: 'looks-like-evals', severity: 2, message: undefined, pointer: '', line: 1, column: 1, endLine: first!.endLine, endColumn: first!.endColumn });
    assert.match(first!.message, /looks like an evals\.json/);
    assert.match(first!.message, /--kind evals/);
    assert.match(first!.message, /name it evals\.json/);
    assert.equal(hints({ messages: rest }).length, 0, 'said once');
    assert.ok(rest.some((m) => m.messageId === 'required'), 'the conversation schema errors are still reported');
    assert.equal(result.errorCount, rest.length + 1);
  });

  it('checked as evals (kind or name) it is clean, and the hint never appears', () => {
    assert.deepEqual(checkSource({ filePath: 'my-evals.json', bytes: evalsText, kind: 'evals' }).messages, []);
    assert.deepEqual(checkSource({ filePath: 'x/evals.json', bytes: evalsText }).messages, []);
  });

  it('only "skill_name" or an "evals" array, with no conversation field, makes one look like evals.json; real conversations keep their verdict', () => {
    const conversation = readFileSync(new URL('../../fixtures/valid/claude-completed-two-followups/conversation.json', import.meta.url), 'utf8');
    const asConversation = (value: unknown) => checkSource({ filePath: 'c.json', bytes: JSON.stringify(value) });
    assert.equal(hints(asConversation({ skill_name: 'x' })).length, 1);
    assert.equal(hints(asConversation({ evals: [] })).length, 1);
    assert.equal(hints(asConversation({ evals: 'no' })).length, 0);
    assert.equal(hints(asConversation({})).length, 0);
    assert.equal(hints(asConversation([{ skill_name: 'x' }])).length, 0);
    // A conversation with an evals field by mistake is a conversation with one unexpected property.
    const withEvals = { ...JSON.parse(conversation), evals: [] };
    assert.deepEqual(asConversation(withEvals).messages.map((m) => m.messageId), ['additionalProperties']);
    for (const field of ['status', 'delivered_followups', 'events', 'stop_reason', 'stopped_before_followup']) {
      assert.equal(hints(asConversation({ skill_name: 'x', evals: [], [field]: null })).length, 0, field);
    }
    assert.deepEqual(checkSource({ filePath: 'c.json', bytes: conversation }).messages, []);
  });

  it('the conversation fields it tells by are the conversation schema\'s properties', () => {
    const schema = JSON.parse(readFileSync(new URL('../../schemas/conversation.schema.json', import.meta.url), 'utf8'));
    for (const field of Object.keys(schema.properties)) assert.equal(hints(checkSource({ filePath: 'c.json', bytes: JSON.stringify({ evals: [], [field]: 0 }) })).length, 0, field);
  });
});

describe("campaign.json's started_in", () => {
  const campaign = (startedIn: string) => JSON.stringify({
    schema_version: 1, eval_magic_version: '0.1.0', conditions: ['with_skill', 'without_skill'], skill: { name: 's', source: 's', sha256: '0'.repeat(64) }, baseline: null,
    harness: { name: 'claude-code', descriptor_sha256: null }, evals: { path: '/repo/s/evals/evals.json', sha256: '0'.repeat(64) }, runs: { e1: 1 }, order: [], model: null, started_in: startedIn,
  }, null, 2);
  const problems = (text: string) => checkSource({ filePath: 'iteration-1/campaign.json', bytes: text }).messages.map(({ ruleId, pointer, line, column }) => ({ ruleId, pointer, line, column }));

  it('is an absolute folder: a relative one, which nothing could resolve, is refused where it stands (review40)', () => {
    assert.deepEqual(problems(campaign('/repo')), []);
    const text = campaign('rel/x');
    const line = text.split('\n').findIndex((l) => l.includes('"started_in"')) + 1;
    assert.deepEqual(problems(text), [{ ruleId: 'schema', pointer: '/started_in', line, column: 17 }]);
    assert.deepEqual(checkSource({ filePath: 'iteration-1/campaign.json', bytes: text }).messages.map((m) => m.message), ['started_in must be an absolute path (starting with /), found string "rel/x".'], 'said in words, not as the regular expression "^/" (review43)');
  });
});
