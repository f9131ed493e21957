// The pre-commit hook for real: the pre-commit framework installs this repository and gates commits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSource } from '../../src/index.js';
import { extractSection, extractCodeBlocks } from '../helpers/readme.js';
import { hermeticGitEnv, snapshotRepository } from '../helpers/git-snapshot.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const hasPreCommit = spawnSync('pre-commit', ['--version'], { encoding: 'utf8' }).status === 0;
const badFixture = join(repoRoot, 'fixtures/rules/ordinal-sequence/invalid/ordinals-start-at-one.json');
const goodFixture = join(repoRoot, 'fixtures/valid/claude-completed-two-followups/conversation.json');
const badEvals = join(repoRoot, 'fixtures/rules/gate-regex/invalid/lookahead-and-backreference/evals.json');
const goodEvals = join(repoRoot, 'fixtures/rules/gate-regex/valid/rust-only-syntax/evals.json');
const badGrading = join(repoRoot, 'fixtures/compare-outputs/invalid/pass-rate-above-one/grading.json');

/** Runs a command; throws with its output when it cannot even start. */
function run(cmd: string, args: string[], options: SpawnSyncOptions) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: 300_000, ...options });
  if (r.error) throw r.error;
  return { code: r.status, output: `${r.stdout}${r.stderr}` };
}

/** Its own git config and pre-commit cache, and npm preferring its cache, so a warm machine needs no network. */
function makeEnv(dir: string): NodeJS.ProcessEnv {
  return { ...hermeticGitEnv(dir), PRE_COMMIT_HOME: join(dir, 'pre-commit-home'), npm_config_prefer_offline: 'true', NO_COLOR: '1', GITHUB_ACTIONS: undefined };
}

/**
 * The README's config snippet exactly as printed, but for the two lines that must change: the
 * repository (the snapshot, not the network) and the rev (its commit). Node from the system, so
 * nothing is downloaded.
 */
function configFromReadme(repo: string, rev: string): string {
  const [snippet] = extractCodeBlocks(extractSection(readFileSync(join(repoRoot, 'README.md'), 'utf8'), 'Use as a pre-commit hook'), 'yaml');
  assert.ok(snippet, 'README "Use as a pre-commit hook" has a yaml block');
  assert.match(snippet, /^ {2}- repo: https:\/\/github\.com\/eval-magic\/eval-magic\n {4}rev: .*\n {4}hooks:\n {6}- id: eval-magic-check\n/m);
  return `default_language_version:\n  node: system\n${snippet.replace(/(- repo: ).*/, `$1${repo}`).replace(/(rev: ).*/, `$1${rev}`)}`;
}

test('pre-commit refuses a commit with a bad artifact (naming rule and line) and accepts a good one', { skip: hasPreCommit ? false : 'pre-commit is not installed (apt-get install -y pre-commit)', timeout: 600_000 }, (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'em-pre-commit-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = makeEnv(dir);
  const source = join(dir, 'eval-magic');
  const rev = snapshotRepository(source, env);

  const work = join(dir, 'work');
  mkdirSync(join(work, 'evals/e1'), { recursive: true });
  assert.equal(run('git', ['init', '-q'], { cwd: work, env }).code, 0);
  writeFileSync(join(work, '.pre-commit-config.yaml'), configFromReadme(source, rev));
  const install = run('pre-commit', ['install', '--install-hooks'], { cwd: work, env });
  assert.equal(install.code, 0, install.output);

  const artifact = join(work, 'evals/e1/conversation.json');
  copyFileSync(badFixture, artifact);
  const expected = checkSource({ filePath: 'evals/e1/conversation.json', bytes: readFileSync(badFixture) }).messages[0]!;
  run('git', ['add', '-A'], { cwd: work, env });
  const refused = run('git', ['commit', '-m', 'bad artifact'], { cwd: work, env });
  assert.notEqual(refused.code, 0, refused.output);
  assert.match(refused.output, /eval-magic check\.+Failed/);
  assert.ok(refused.output.includes(`${expected.line}:${expected.column}`) && refused.output.includes(expected.ruleId), refused.output);
  assert.notEqual(run('git', ['rev-parse', '--verify', 'HEAD'], { cwd: work, env }).code, 0, 'nothing was committed');

  copyFileSync(goodFixture, artifact);
  run('git', ['add', '-A'], { cwd: work, env });
  const accepted = run('git', ['commit', '-m', 'good artifact'], { cwd: work, env });
  assert.equal(accepted.code, 0, accepted.output);
  assert.match(accepted.output, /eval-magic check\.+Passed/);

  // A broken grading.json is refused as `eval-magic check .` refuses it (the hook's files pattern
  // once took conversation.json and evals.json only); a file in a folder with a space in its name
  // is one path; a deleted artifact is not passed to the check (nothing to read, no error).
  mkdirSync(join(work, 'graded run'), { recursive: true });
  copyFileSync(badGrading, join(work, 'graded run/grading.json'));
  run('git', ['add', '-A'], { cwd: work, env });
  const refusedGrading = run('git', ['commit', '-m', 'broken grading.json'], { cwd: work, env });
  assert.notEqual(refusedGrading.code, 0, refusedGrading.output);
  assert.match(refusedGrading.output, /^graded run\/grading\.json\n\s+\d+:\d+\s+error\s/m);
  rmSync(join(work, 'graded run'), { recursive: true });
  rmSync(artifact);
  run('git', ['add', '-A'], { cwd: work, env });
  const deleted = run('git', ['commit', '-m', 'remove the artifact'], { cwd: work, env });
  assert.equal(deleted.code, 0, deleted.output);
  assert.match(deleted.output, /eval-magic check\.+\(no files to check\)Skipped/);

  // A staged conversation.json that is a symbolic link reaches the hook (pre-commit's default
  // `types: [file]` left links out: "(no files to check) Skipped", while `check .` in CI fails it).
  const outside = join(dir, 'kept-outside', 'conversation.json');
  mkdirSync(dirname(outside), { recursive: true });
  copyFileSync(badFixture, outside);
  mkdirSync(join(work, 'notes/e2'), { recursive: true });
  symlinkSync(outside, join(work, 'notes/e2/conversation.json'));
  run('git', ['add', '-A'], { cwd: work, env });
  const refusedLink = run('git', ['commit', '-m', 'a linked conversation'], { cwd: work, env });
  assert.notEqual(refusedLink.code, 0, refusedLink.output);
  assert.match(refusedLink.output, /eval-magic check\.+Failed/);
  assert.match(refusedLink.output, /^notes\/e2\/conversation\.json\n\s+\d+:\d+\s+error\s/m);
  // Out of the repository to a *valid* artifact: refused as `check .` in CI refuses it (io
  // link-outside, the target never read), where the hook once checked it where it pointed and passed it.
  copyFileSync(goodFixture, outside);
  const refusedValidLink = run('git', ['commit', '-m', 'a conversation linked out of the repository'], { cwd: work, env });
  assert.notEqual(refusedValidLink.code, 0, refusedValidLink.output);
  assert.match(refusedValidLink.output, /^notes\/e2\/conversation\.json\n\s+\d+:\d+\s+error\s+Symbolic link leading outside the folders being checked.*\bio$/m);
  // A link inside the repository is checked where it points, as `check .` checks it.
  rmSync(join(work, 'notes/e2/conversation.json'));
  copyFileSync(goodFixture, join(work, 'notes/kept.json'));
  symlinkSync('../kept.json', join(work, 'notes/e2/conversation.json'));
  run('git', ['add', '-A'], { cwd: work, env });
  const acceptedLink = run('git', ['commit', '-m', 'a conversation linked inside the repository'], { cwd: work, env });
  assert.equal(acceptedLink.code, 0, acceptedLink.output);
  assert.match(acceptedLink.output, /eval-magic check\.+Passed/);
  rmSync(join(work, 'notes'), { recursive: true });
  run('git', ['add', '-A'], { cwd: work, env });
  assert.equal(run('git', ['commit', '-m', 'no notes'], { cwd: work, env }).code, 0);

  // A commit whose staged artifacts the config's ignore leaves out (drafts) is no failure: the
  // check names nothing to check, which the hook, always handed files, must not read as a gate
  // that looked in the wrong place.
  writeFileSync(join(work, 'eval-magic.config.json'), '{ "ignore": ["drafts/**"] }\n');
  mkdirSync(join(work, 'drafts'), { recursive: true });
  copyFileSync(badFixture, join(work, 'drafts/conversation.json'));
  run('git', ['add', '-A'], { cwd: work, env });
  const ignored = run('git', ['commit', '-m', 'a draft'], { cwd: work, env });
  assert.equal(ignored.code, 0, ignored.output);
  rmSync(join(work, 'eval-magic.config.json'));
  rmSync(join(work, 'drafts'), { recursive: true });
  run('git', ['add', '-A'], { cwd: work, env });
  assert.equal(run('git', ['commit', '-m', 'no drafts'], { cwd: work, env }).code, 0);

  // A broken evals.json among many staged artifacts: refused, and all of them checked by one
  // process (one summary), so --max-warnings would count the whole commit.
  const many = 120;
  for (let i = 0; i < many; i++) {
    mkdirSync(join(work, `runs/eval-${i}`), { recursive: true });
    copyFileSync(goodFixture, join(work, `runs/eval-${i}/conversation.json`));
  }
  copyFileSync(badEvals, join(work, 'evals/evals.json'));
  run('git', ['add', '-A'], { cwd: work, env });
  const refusedEvals = run('git', ['commit', '-m', 'broken evals.json'], { cwd: work, env });
  assert.notEqual(refusedEvals.code, 0, refusedEvals.output);
  assert.match(refusedEvals.output, /evals\/evals\.json\n\s+\d+:\d+\s+error\s+.*gate-regex/);
  const summaries = refusedEvals.output.match(/files? checked/g) ?? [];
  assert.equal(summaries.length, 1, refusedEvals.output.slice(-2000));
  assert.match(refusedEvals.output, new RegExp(`in ${many + 1} files checked`));

  // Staged names that look like options are paths: the hook's entry ends with "--". Without it, a
  // file named --ignore=**/conversation.json switched the check off (the broken artifact passed)
  // and one named --output-file=<absolute path> wrote the report outside the repository.
  copyFileSync(goodEvals, join(work, 'evals/evals.json'));
  const victim = join(dir, 'outside-the-repository', 'conversation.json');
  const hostile = ['--ignore=**/conversation.json', `--output-file=${victim}`];
  mkdirSync(join(work, '--ignore=**'), { recursive: true });
  copyFileSync(badFixture, join(work, hostile[0]!));
  mkdirSync(dirname(join(work, hostile[1]!)), { recursive: true });
  copyFileSync(goodFixture, join(work, hostile[1]!));
  run('git', ['add', '-A'], { cwd: work, env });
  const staged = run('git', ['diff', '--cached', '--name-only'], { cwd: work, env }).output;
  for (const name of hostile) assert.ok(staged.includes(name), `${name} is staged:\n${staged}`);
  const refusedHostile = run('git', ['commit', '-m', 'names like options'], { cwd: work, env });
  assert.notEqual(refusedHostile.code, 0, refusedHostile.output);
  assert.match(refusedHostile.output, /^--ignore=\*\*\/conversation\.json\n\s+\d+:\d+\s+error\s+.*ordinal-sequence/m);
  assert.match(refusedHostile.output, new RegExp(`in ${many + 3} files checked`));
  assert.ok(!existsSync(victim), 'the report was written outside the repository');
});
