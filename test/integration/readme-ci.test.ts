// The README's CI and hook snippets, run as written: command lines, lint-staged, the action's step.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import picomatch from 'picomatch';
import { binPath, runBin } from '../helpers/cli.js';
import { extractCodeBlocks, extractSection } from '../helpers/readme.js';
import { FILE_KINDS } from '../../src/checker/file-kind.js';
import { DOCUMENT_KINDS } from '../../src/checker/document-kinds.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const readme = readFileSync(join(repoRoot, 'README.md'), 'utf8');
const ciSection = extractSection(readme, 'Use in CI');
const hookSection = extractSection(readme, 'Use as a pre-commit hook');
const good = join(repoRoot, 'fixtures/valid/claude-completed-two-followups/conversation.json');
const warning = join(repoRoot, 'fixtures/rules/blank-text/invalid/empty-assistant-reply.json');
const bad = join(repoRoot, 'fixtures/rules/ordinal-sequence/invalid/ordinals-start-at-one.json');

/** An eval workspace as users keep it: artifacts under `.eval-magic/`. */
function makeWorkspace(artifacts: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'em-readme-'));
  for (const [name, fixture] of Object.entries(artifacts)) {
    mkdirSync(join(dir, '.eval-magic', name), { recursive: true });
    copyFileSync(fixture, join(dir, '.eval-magic', name, 'conversation.json'));
  }
  return dir;
}

/** `npx eval-magic …` lines of the sh blocks, as argv after `eval-magic`. */
function documentedCommands(section: string): string[][] {
  return extractCodeBlocks(section, 'sh')
    .flatMap((block) => block.split('\n'))
    .filter((line) => line.startsWith('npx eval-magic '))
    .map((line) => line.slice('npx eval-magic '.length).split(/\s+/).filter(Boolean));
}

/** `key: value` pairs under the `with:` of the step that `uses:` a name starting with `uses`. */
function stepInputs(workflow: string, uses: string): Record<string, string> {
  const lines = workflow.split('\n');
  const at = lines.findIndex((l) => l.trim().startsWith(`- uses: ${uses}`));
  assert.ok(at >= 0, `workflow uses ${uses}`);
  const inputs: Record<string, string> = {};
  let i = at + 1;
  while (i < lines.length && !lines[i]!.trim().startsWith('- ')) {
    const m = /^\s+([\w-]+): (.+)$/.exec(lines[i]!);
    if (m && lines.slice(at, i).some((l) => l.trim() === 'with:')) inputs[m[1]!] = m[2]!;
    i++;
  }
  return inputs;
}

test('the documented CI command lines work as written on a clean and on a failing workspace', () => {
  const commands = documentedCommands(ciSection);
  assert.ok(commands.length > 0, 'README "Use in CI" shows a command line');
  for (const args of commands) {
    const clean = makeWorkspace({ e1: good });
    const ok = runBin(args, { cwd: clean });
    assert.equal(ok.code, 0, ok.stdout + ok.stderr);
    for (const spec of args.filter((a) => a.includes('='))) assert.ok(existsSync(join(clean, spec.split('=')[1]!)), spec);
    const warned = runBin(args, { cwd: makeWorkspace({ e1: good, e2: warning }) });
    assert.equal(warned.code, args.includes('--max-warnings') ? 1 : 0, warned.stdout);
    assert.equal(runBin(args, { cwd: makeWorkspace({ e1: bad }) }).code, 1);
    assert.equal(runBin(args, { cwd: mkdtempSync(join(tmpdir(), 'em-empty-')) }).code, 2);
  }
});

test('the workflow example feeds the action its declared inputs and uploads the SARIF the action writes', () => {
  const [workflow] = extractCodeBlocks(ciSection, 'yaml');
  assert.ok(workflow, 'README "Use in CI" has a workflow');
  const action = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
  const declared = new Set([...action.split(/^inputs:$/m)[1]!.split(/^runs:$/m)[0]!.matchAll(/^ {2}([\w-]+):$/gm)].map((m) => m[1]!));
  assert.deepEqual([...declared].sort(), ['config', 'error-on-unmatched-pattern', 'format', 'max-warnings', 'paths', 'sarif']);
  const inputs = stepInputs(workflow, 'eval-magic/eval-magic@');
  for (const key of Object.keys(inputs)) assert.ok(declared.has(key), `action.yml declares input ${key}`);
  assert.equal(stepInputs(workflow, 'github/codeql-action/upload-sarif@').sarif_file, inputs.sarif);

  // The action's step with the example's inputs (env as the composite step sets it).
  const dir = makeWorkspace({ e1: good, e2: bad });
  const env = {
    ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), EVAL_MAGIC_ROOT: repoRoot,
    INPUT_PATHS: inputs.paths, INPUT_FORMAT: 'stylish', INPUT_MAX_WARNINGS: inputs['max-warnings'], INPUT_SARIF: inputs.sarif,
  };
  assert.ok(existsSync(binPath), 'built');
  const r = spawnSync('bash', [join(repoRoot, 'action/check.sh')], { cwd: dir, env, encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /^::error file=\.eval-magic\/e2\/conversation\.json,/m);
  const sarif = JSON.parse(readFileSync(join(dir, inputs.sarif!), 'utf8'));
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, '.eval-magic/e2/conversation.json');
  assert.match(readFileSync(join(dir, 'summary.md'), 'utf8'), /## eval-magic check/);

  // Paths reach eval-magic after "--": one that looks like an option is a path, never obeyed.
  mkdirSync(join(dir, '--ignore=**'));
  copyFileSync(bad, join(dir, '--ignore=**', 'conversation.json'));
  const hostile = spawnSync('bash', [join(repoRoot, 'action/check.sh')], { cwd: dir, env: { ...env, INPUT_PATHS: '--ignore=**/conversation.json .eval-magic', INPUT_SARIF: '' }, encoding: 'utf8' });
  assert.equal(hostile.status, 1, hostile.stderr);
  assert.match(hostile.stdout, /^::error file=--ignore=\*\*\/conversation\.json,/m);
  assert.match(hostile.stdout, /^::error file=\.eval-magic\/e2\/conversation\.json,/m);
});

test('the action refuses a paths input that came out empty (a list of changed files with none in it), never checking the whole workspace', () => {
  // The workspace holds a broken artifact: checking "." instead would fail on it, or pass on
  // files nobody asked about; either way not what the step said.
  const dir = makeWorkspace({ e1: bad });
  const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), EVAL_MAGIC_ROOT: repoRoot, INPUT_FORMAT: 'stylish', INPUT_MAX_WARNINGS: '-1', INPUT_SARIF: '' };
  for (const blank of ['', ' ', '\n  \n']) {
    const r = spawnSync('bash', [join(repoRoot, 'action/check.sh')], { cwd: dir, env: { ...env, INPUT_PATHS: blank }, encoding: 'utf8' });
    assert.equal(r.status, 2, `${JSON.stringify(blank)}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, /the "paths" input is empty/);
    assert.equal(r.stdout, '');
    assert.ok(!existsSync(join(dir, 'summary.md')), 'no summary');
  }
  // Run by hand without INPUT_PATHS, the script checks "." as the input's default does.
  const { INPUT_PATHS: _unset, ...byHand } = { ...env, INPUT_PATHS: undefined };
  const r = spawnSync('bash', [join(repoRoot, 'action/check.sh')], { cwd: dir, env: byHand, encoding: 'utf8' });
  assert.equal(r.status, 1, r.stderr);
  assert.match(r.stdout, /^::error file=\.eval-magic\/e1\/conversation\.json,/m);
});

test("the action's error-on-unmatched-pattern input: a deleted file in a list of changed ones fails the step unless it is false; a value other than true or false is refused", () => {
  const dir = makeWorkspace({ e1: good, e2: bad });
  const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), EVAL_MAGIC_ROOT: repoRoot, INPUT_FORMAT: 'stylish', INPUT_MAX_WARNINGS: '-1', INPUT_SARIF: '', INPUT_PATHS: '.eval-magic/e2/conversation.json .eval-magic/gone/conversation.json' };
  const step = (value: string | undefined) => spawnSync('bash', [join(repoRoot, 'action/check.sh')], { cwd: dir, env: { ...env, INPUT_ERROR_ON_UNMATCHED_PATTERN: value }, encoding: 'utf8' });
  for (const value of [undefined, 'true']) assert.equal(step(value).status, 2, String(value));
  const skipped = step('false');
  assert.equal(skipped.status, 1, skipped.stderr);
  assert.match(skipped.stdout, /^::error file=\.eval-magic\/e2\/conversation\.json,/m);
  const refused = step('yes');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /the "error-on-unmatched-pattern" input is "yes"; it must be true or false/);
  const declared = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
  assert.match(declared, /^ {2}error-on-unmatched-pattern:\n(?: {4}.*\n)*? {4}default: 'true'$/m);
});

test('the lint-staged mapping runs the check on the staged file names it appends', () => {
  const [json] = extractCodeBlocks(hookSection, 'json');
  const mapping = (JSON.parse(json!) as { 'lint-staged': Record<string, string> })['lint-staged'];
  // One glob for the file names a folder search of check reads, as the pre-commit hook's pattern.
  const [glob, ...others] = Object.keys(mapping);
  assert.equal(others.length, 0, JSON.stringify(mapping));
  // Matched as lint-staged matches (micromatch, dot files included): each file a folder search finds, and no other.
  const stages = picomatch(glob!, { dot: true });
  for (const pattern of FILE_KINDS.map((kind) => DOCUMENT_KINDS[kind].searchPattern!)) {
    for (const prefix of ['', '.eval-magic/s/iteration-1/eval-a/with_skill/run-1/']) {
      const path = prefix + pattern.replace(/^\*\*\//, '').replaceAll('*', 'x');
      assert.ok(stages(path), `the lint-staged glob ${glob} leaves out ${path}, which \`check .\` checks`);
    }
  }
  for (const other of ['package.json', 'judgment.json', 'app/data/judgment.json', 'evals.json.bak']) assert.ok(!stages(other), `the lint-staged glob ${glob} takes ${other}`);
  const command = mapping[glob!];
  assert.ok(command?.startsWith('eval-magic '), JSON.stringify(mapping));
  const args = command!.split(/\s+/).slice(1);
  const dir = makeWorkspace({ e1: good, e2: bad });
  const staged = ['.eval-magic/e1/conversation.json', '.eval-magic/e2/conversation.json'];
  assert.equal(runBin([...args, staged[0]!], { cwd: dir }).code, 0);
  const refused = runBin([...args, ...staged], { cwd: dir });
  assert.equal(refused.code, 1);
  assert.match(refused.stdout, /ordinal-sequence/);
  // A staged link leading out of the project fails, as `check .` fails it (it passed: a named link is followed).
  const outside = mkdtempSync(join(tmpdir(), 'em-lint-staged-outside-'));
  copyFileSync(join(dir, staged[0]!), join(outside, 'conversation.json'));
  mkdirSync(join(dir, '.eval-magic/e3'));
  symlinkSync(join(outside, 'conversation.json'), join(dir, '.eval-magic/e3/conversation.json'));
  for (const r of [runBin([...args, '.eval-magic/e3/conversation.json'], { cwd: dir }), runBin(['check', '.'], { cwd: dir })]) {
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.match(r.stdout, /^\.eval-magic\/e3\/conversation\.json\n\s+\d+:\d+\s+error\s+Symbolic link leading outside/m);
  }
  rmSync(join(dir, '.eval-magic/e3'), { recursive: true });
  rmSync(outside, { recursive: true });
  // Staged files the config's ignore leaves out, alone in a commit: nothing to check, no failure.
  writeFileSync(join(dir, 'eval-magic.config.json'), '{ "ignore": ["**/e2/**"] }');
  assert.equal(runBin([...args, staged[1]!], { cwd: dir }).code, 0);
});

test("the action's config input: a repository with a config in a folder below the one checked (a config per skill) is refused by the default step, and checked with the config named", () => {
  const dir = makeWorkspace({ e1: good, e2: warning });
  // A config of e2's own: check . finds none at the root, so e2's file would be under another config.
  writeFileSync(join(dir, '.eval-magic', 'e2', 'eval-magic.config.json'), '{}');
  writeFileSync(join(dir, 'ci.config.json'), JSON.stringify({ ignore: ['.eval-magic/e2/**'] }));
  const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(dir, 'summary.md'), EVAL_MAGIC_ROOT: repoRoot, INPUT_FORMAT: 'stylish', INPUT_MAX_WARNINGS: '0', INPUT_SARIF: '', INPUT_PATHS: '.' };
  const step = (config: string | undefined) => spawnSync('bash', [join(repoRoot, 'action/check.sh')], { cwd: dir, env: { ...env, INPUT_CONFIG: config }, encoding: 'utf8' });
  for (const none of [undefined, '']) {
    const refused = step(none);
    assert.equal(refused.status, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /The paths checked have different config files:/);
  }
  // Named, it applies to every file: its ignore leaves out e2 (and its warning).
  const named = step('ci.config.json');
  assert.equal(named.status, 0, named.stdout + named.stderr);
  const declared = readFileSync(join(repoRoot, 'action.yml'), 'utf8');
  assert.match(declared, /^ {2}config:\n(?: {4}.*\n)*? {4}default: ''$/m);
  assert.match(declared, /INPUT_CONFIG: \$\{\{ inputs\.config \}\}/);
});
