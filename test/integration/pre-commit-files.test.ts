// The pre-commit hook's `files` pattern picks the staged files a folder search of `check` checks:
// the same verdict from the hook as from `eval-magic check .` in CI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FILE_KINDS } from '../../src/checker/file-kind.js';
import { DOCUMENT_KINDS } from '../../src/checker/document-kinds.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const hooks = readFileSync(join(repoRoot, '.pre-commit-hooks.yaml'), 'utf8');

/** The hook's `files:` regex, matched as pre-commit does (Python's re.search on each staged path). */
function hookFiles(): RegExp {
  const m = /^ {2}files: (.+)$/m.exec(hooks);
  assert.ok(m, '.pre-commit-hooks.yaml has a files pattern');
  return new RegExp(m[1]!.trim().replace(/^'(.*)'$/, '$1'));
}

/** A path the search pattern finds (each `*` a folder name), below `prefix`. */
const foundBy = (pattern: string, prefix: string) => prefix + pattern.replace(/^\*\*\//, '').replaceAll('*', 'x');

test('the hook runs on every file a folder search checks, at the root and in folders, and on no other', () => {
  const files = hookFiles();
  const patterns = FILE_KINDS.map((kind) => DOCUMENT_KINDS[kind].searchPattern!);
  assert.ok(patterns.includes('**/grading.json') && patterns.includes('**/judge/*/*/judgment.json'), patterns.join(', '));
  for (const pattern of patterns) {
    for (const prefix of ['', 'runs/e1/', '.eval-magic/skill/iteration-1/eval-a/with_skill/run-1/', 'my evals/']) {
      const path = foundBy(pattern, prefix);
      assert.ok(files.test(path), `the hook skips a staged ${path}, which \`check .\` checks`);
    }
  }
  // An app's own judgment.json is no judge's record: a folder search leaves it, so the hook does too.
  for (const other of ['package.json', 'my-conversation.json', 'evals.json.bak', 'evals.jsonl', 'conversation.json/readme.md', 'judgment.json', 'app/data/judgment.json', 'app/judge/x/judgment.json']) {
    assert.ok(!files.test(other), `the hook runs on ${other}`);
  }
});

test('the hook leaves out what a folder search of check skips: a staged file under node_modules (a committed dependency\'s fixtures failed the commit, while check . in CI passed it)', () => {
  const files = hookFiles();
  const m = /^ {2}exclude: (.+)$/m.exec(hooks);
  const exclude = m === null ? undefined : new RegExp(m[1]!.trim().replace(/^'(.*)'$/, '$1'));
  const runsOn = (path: string) => files.test(path) && !(exclude?.test(path) ?? false);
  for (const path of ['node_modules/pkg/fixtures/conversation.json', 'web/node_modules/pkg/evals.json']) assert.ok(!runsOn(path), `the hook runs on ${path}, which \`check .\` skips`);
  for (const path of ['my_node_modules/evals.json', 'node_modules_x/conversation.json', 'runs/conversation.json']) assert.ok(runsOn(path), `the hook skips ${path}`);
});

/** The hook's tag list `key` (`types`, `types_or`), or pre-commit's default when it sets none. */
function hookTags(key: string, byDefault: string[]): string[] {
  const m = new RegExp(`^ {2}${key}: \\[(.*)\\]$`, 'm').exec(hooks);
  return m === null ? byDefault : m[1]!.split(',').map((tag) => tag.trim()).filter((tag) => tag !== '');
}

test('the hook runs on a staged artifact that is a symbolic link (pre-commit\'s default types: [file] skipped it, so a link CI\'s check . fails passed the commit)', () => {
  // pre-commit's filter (Classifier.by_types): every tag of `types`, and one of `types_or` if set.
  // identify tags a symbolic link {symlink} alone, a regular file {file, text, json, …}.
  const types = hookTags('types', ['file']);
  const typesOr = hookTags('types_or', []);
  const runsOn = (tags: string[]) => types.every((tag) => tags.includes(tag)) && (typesOr.length === 0 || typesOr.some((tag) => tags.includes(tag)));
  assert.ok(runsOn(['symlink']), `types ${JSON.stringify(types)}, types_or ${JSON.stringify(typesOr)}: a staged link is skipped`);
  for (const tags of [['file', 'non-executable', 'text', 'json'], ['file', 'executable', 'text', 'json'], ['file', 'binary', 'non-executable']]) {
    assert.ok(runsOn(tags), `a staged file tagged ${tags.join(', ')} is skipped`);
  }
});

test('the hook holds the staged names to the repository\'s link boundary: a staged link out of the repository to a valid artifact passed the hook, while check . in CI reported it io link-outside', () => {
  // pre-commit runs a hook from the repository's root: "." is the folder `check .` in CI searches.
  const m = /^ {2}entry: (.+)$/m.exec(hooks);
  assert.ok(m, '.pre-commit-hooks.yaml has an entry');
  const [beforePaths] = m[1]!.trim().split(/ --$/);
  assert.match(beforePaths!, /(^| )--link-boundary \.( |$)/, m[1]);
});

test('the README\'s entry with an option of one\'s own keeps the hook\'s own options (one left out would undo what it guards)', () => {
  const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
  const own = /^ {2}entry: (.+) --$/m.exec(hooks)![1]!;
  const overrides = [...readme.matchAll(/^ +entry: (.+) --$/gm)].map((m) => m[1]!);
  assert.ok(overrides.length > 0, 'the README shows an entry with an option of its own');
  for (const entry of overrides) assert.ok(entry.startsWith(`${own} `), `README entry "${entry}" drops the hook's own "${own}"`);
});
