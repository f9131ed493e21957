// The built CLI (in this process, runMain: the goldens run the executable) with several formats in
// one run, CI annotations and the GitHub step summary.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain } from '../helpers/cli.js';
import { check } from '../../src/index.js';
import { STEP_SUMMARY_BYTES } from '../../src/formatters/github-summary.js';

const fixtures = resolve(fileURLToPath(import.meta.url), '../../../fixtures');

/** A workspace with one clean artifact, one with a warning and one with an error. */
function makeWorkspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'em-formats-'));
  const put = (name: string, fixture: string) => {
    mkdirSync(join(dir, name), { recursive: true });
    copyFileSync(join(fixtures, fixture), join(dir, name, 'conversation.json'));
  };
  put('clean', 'valid/claude-completed-two-followups/conversation.json');
  put('warn', 'rules/blank-text/invalid/empty-assistant-reply.json');
  put('error', 'rules/ordinal-sequence/invalid/ordinals-start-at-one.json');
  return dir;
}

test('one pass: stylish on stdout, SARIF and JUnit in files, same findings in each', async () => {
  const dir = makeWorkspace();
  const r = await runMain(['check', '.', '--format', 'stylish', '--format', 'sarif=report.sarif', '-f', 'junit=report.xml'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  assert.match(r.stdout, /✖ \d+ problems? \(\d+ errors?, 1 warning\) in 3 files checked/);
  const sarif = JSON.parse(readFileSync(join(dir, 'report.sarif'), 'utf8'));
  const junit = readFileSync(join(dir, 'report.xml'), 'utf8');
  const errors = junit.match(/<(failure|error) /g)?.length ?? 0;
  assert.equal(Number(/eval-magic\.errors" value="(\d+)"/.exec(junit)![1]), errors);
  assert.equal(sarif.runs[0].results.filter((x: { level: string }) => x.level === 'error').length, errors);
  assert.ok(errors > 0);
  assert.doesNotMatch(r.stdout, /::error/);
});

test('SARIF from the CLI: a file outside the working directory by its absolute file: URI, one inside relative to %SRCROOT%', async () => {
  const dir = makeWorkspace();
  const odd = 'out side#%\u00e9';
  mkdirSync(join(dir, 'repo'));
  mkdirSync(join(dir, odd));
  copyFileSync(join(dir, 'error/conversation.json'), join(dir, odd, 'conversation.json'));
  copyFileSync(join(dir, 'error/conversation.json'), join(dir, 'repo/conversation.json'));
  const r = await runMain(['check', `../${odd}/conversation.json`, 'conversation.json', '--format', 'sarif'], { cwd: join(dir, 'repo') });
  assert.equal(r.code, 1, r.stderr);
  const locations = JSON.parse(r.stdout).runs[0].results.map((x: { locations: Array<{ physicalLocation: { artifactLocation: unknown } }> }) => x.locations[0]!.physicalLocation.artifactLocation);
  const outside = locations.filter((l: { uri: string }) => l.uri.startsWith('file:'));
  assert.ok(outside.length > 0 && outside.length < locations.length, JSON.stringify(locations));
  for (const l of outside) {
    assert.deepEqual(Object.keys(l), ['uri']);
    assert.match(l.uri, /^file:\/\/\/.*\/out%20side%23%25%C3%A9\/conversation\.json$/);
    assert.equal(fileURLToPath(l.uri), join(dir, odd, 'conversation.json'));
  }
  for (const l of locations.filter((x: { uri: string }) => !x.uri.startsWith('file:'))) assert.deepEqual(l, { uri: 'conversation.json', uriBaseId: '%SRCROOT%' });
});

test('under GitHub Actions: annotations after the log, and the Markdown summary appended', async () => {
  const dir = makeWorkspace();
  const summary = join(dir, 'summary.md');
  writeFileSync(summary, '# earlier step\n');
  const r = await runMain(['check', '.'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
  assert.equal(r.code, 1);
  assert.match(r.stdout, /problems?[^\n]*\n::(error|warning) /);
  assert.match(r.stdout, /^::warning file=warn\/conversation\.json,line=\d+/m);
  const md = readFileSync(summary, 'utf8');
  assert.ok(md.startsWith('# earlier step\n## eval-magic check'), md);
  assert.match(md, /\| warn\/conversation\.json \| \d+:\d+ \| warning \|/);
});

test('under GitHub Actions: what the step summary already holds counts against its 1 MiB, so the summary as a whole is kept', async () => {
  const dir = makeWorkspace();
  const summary = join(dir, 'summary.md');
  // An earlier command of the same step (a check of another folder, compare) took nearly all of it.
  const earlier = `# earlier\n${'x'.repeat(STEP_SUMMARY_BYTES - 250)}\n`;
  writeFileSync(summary, earlier);
  const r = await runMain(['check', '.'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
  assert.equal(r.code, 1);
  const size = statSync(summary).size;
  assert.ok(size <= STEP_SUMMARY_BYTES, `${size} bytes`);
  const added = readFileSync(summary, 'utf8').slice(earlier.length);
  assert.match(added, /^## eval-magic check\n\n❌ \d+ problems/);
  assert.match(added, /more; see the job log/);
});

test('under GitHub Actions with JSON on stdout: annotations go to stderr, stdout stays JSON', async () => {
  const dir = makeWorkspace();
  const r = await runMain(['check', '.', '--format', 'json'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
  assert.equal(JSON.parse(r.stdout).length, 3);
  assert.match(r.stderr, /^::error file=error\/conversation\.json/m);
});

test('--no-ci-annotations: no workflow command and no summary', async () => {
  const dir = makeWorkspace();
  const summary = join(dir, 'summary.md');
  const r = await runMain(['check', '.', '--no-ci-annotations'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
  assert.equal(r.code, 1);
  assert.doesNotMatch(r.stdout + r.stderr, /::(error|warning)/);
  assert.equal(existsSync(summary), false);
});

test('usage errors exit 2 with one line: two formats on stdout, an unwritable report file', async () => {
  const dir = makeWorkspace();
  const both = await runMain(['check', '.', '--format', 'json', '--format', 'stylish'], { cwd: dir });
  assert.equal(both.code, 2);
  assert.match(both.stderr, /^eval-magic: Only one format can go to stdout; give the others a file: --format stylish=<file>\.\n$/);
  writeFileSync(join(dir, 'a-file'), '');
  const underFile = await runMain(['check', '.', '--format', 'sarif=a-file/r.sarif'], { cwd: dir });
  assert.equal(underFile.code, 2);
  assert.match(underFile.stderr, /^eval-magic: Cannot write the report to "a-file\/r.sarif" \(the report folder ".*a-file" cannot be made: .*a-file exists and is not a folder\)\.\n$/);
});

test('under GitHub Actions, a step summary that is also a report file is refused before any report is written', async () => {
  const dir = makeWorkspace();
  for (const [format, path] of [['json', 'report.json'], ['junit', './report.xml']] as const) {
    const r = await runMain(['check', '.', '-f', `${format}=${path}`], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, path) } });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /GITHUB_STEP_SUMMARY: Two reports would be written to the same file/);
    assert.equal(existsSync(join(dir, path)), false, `${path}: no report with the summary on its end`);
  }
});

test('an evals file saved as my-evals.json: every format says once that it looks like an evals.json and how to check it as one, as check() does', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'em-formats-'));
  copyFileSync(join(fixtures, 'workspace/demo-skill/evals/evals.json'), join(dir, 'my-evals.json'));
  const r = await runMain(['check', 'my-evals.json', '-f', 'stylish', '-f', 'json=r.json', '-f', 'sarif=r.sarif', '-f', 'junit=r.xml', '-f', 'github=gh.txt', '-f', 'html=r.html'], { cwd: dir });
  assert.equal(r.code, 1, r.stderr);
  const json = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'));
  const hint = json[0].messages[0];
  assert.deepEqual([hint.ruleId, hint.messageId, hint.line, hint.column], ['schema', 'looks-like-evals', 1, 1]);
  assert.match(hint.message, /looks like an evals\.json.*--kind evals.*name it evals\.json/);
  // The distinctive part of the message, free of characters a format escapes.
  const said = /looks like an evals\.json/g;
  assert.equal(r.stdout.match(said)?.length, 1, r.stdout);
  const lines = r.stdout.split('\n');
  assert.match(lines[lines.indexOf('my-evals.json') + 1]!, /^ {2}1:1 {2}error {2}Checked as a conversation, but this looks like an evals\.json/, 'the first line under the file');
  // One finding each: JUnit's <failure> carries its message twice (attribute and body).
  for (const [report, times] of [['r.sarif', 1], ['r.xml', 2], ['gh.txt', 1], ['r.html', 1]] as const) assert.equal(readFileSync(join(dir, report), 'utf8').match(said)?.length, times, report);
  assert.equal(readFileSync(join(dir, 'r.xml'), 'utf8').match(/<failure type="schema" message="Checked as a conversation/g)?.length, 1);
  const library = await check(['my-evals.json'], { cwd: dir, config: false });
  assert.deepEqual(library.results[0]!.messages, json[0].messages, 'check() gives the same messages');
});

test('under GitHub Actions: names from the files in the summary (eval ids, paths) notify nobody, link no issue and make no link', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'em-formats-'));
  // Two evals with the same id: eval-id-unique quotes it. The folder name is in the file column.
  const id = '@octocat see #12 and https://evil.example';
  const evalOf = (prompt: string) => ({ id, prompt, expected_output: 'done', assertions: [] });
  mkdirSync(join(dir, 'cc @hubot'), { recursive: true });
  writeFileSync(join(dir, 'cc @hubot', 'evals.json'), JSON.stringify({ skill_name: 's', evals: [evalOf('a'), evalOf('b')] }, null, 2));
  const summary = join(dir, 'summary.md');
  const r = await runMain(['check', '.'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
  assert.equal(r.code, 1, r.stdout + r.stderr);
  const md = readFileSync(summary, 'utf8');
  assert.match(md, /@<!-- -->octocat see \\#<!-- -->12 and https:<!-- -->\/\/evil\.example/);
  assert.match(md, /\| cc @<!-- -->hubot\/evals\.json \|/);
  // What GitHub reads once the comments are gone from between the text nodes.
  for (const text of md.split('<!-- -->')) assert.doesNotMatch(text, /@[a-z0-9]|#[0-9]|:\/\//i, text);
});
