// What a plain check loads at start-up. The one-file pre-commit run is mostly Node's own start-up,
// so each built-in module it loads without using shows up in its time: node:crypto and node:zlib
// together made it ~4 % slower (docs/performance.md). Counted from process.moduleLoadList, so the
// test cannot be fooled by a fast or slow machine.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Script } from 'node:vm';
import { binPath, runBin } from '../helpers/cli.js';

/** The bundle dist/bin.cjs runs: the command line and `check`. */
const executablePath = join(binPath, '../executable.cjs');

const cleanArtifact = fileURLToPath(new URL('../../fixtures/valid/claude-completed-two-followups/conversation.json', import.meta.url));

/** The built-in modules a run of `eval-magic …args` loaded, by name (`crypto`, `zlib`, …). */
function builtinsLoaded(args: string[], cwd: string): Set<string> {
  const hook = join(cwd, 'module-list.cjs');
  const list = join(cwd, 'modules.txt');
  writeFileSync(hook, `process.on('exit', () => require('node:fs').writeFileSync(${JSON.stringify(list)}, process.moduleLoadList.join('\\n')));\n`);
  const run = runBin(args, { cwd, env: { NODE_OPTIONS: `--require ${hook}` } });
  assert.ok(run.code === 0 || run.code === 1, `eval-magic ${args.join(' ')} exited ${run.code}: ${run.stderr}`);
  return new Set(readFileSync(list, 'utf8').split('\n').filter((line) => line.startsWith('NativeModule ')).map((line) => line.slice('NativeModule '.length)));
}

const unusedByPlainCheck = ['crypto', 'zlib', 'v8', 'worker_threads', 'readline'];

for (const format of ['stylish', 'json', 'sarif', 'junit', 'github']) {
  test(`a one-file check with --format ${format} loads none of ${unusedByPlainCheck.join(', ')}`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'eval-magic-start-up-'));
    try {
      mkdirSync(join(dir, 'run'));
      copyFileSync(cleanArtifact, join(dir, 'run', 'conversation.json'));
      const loaded = builtinsLoaded(['check', 'run/conversation.json', '--format', format], dir);
      assert.ok(loaded.has('fs'), 'the module list was read'); // guards against an empty list passing
      assert.deepEqual(unusedByPlainCheck.filter((name) => loaded.has(name)), []);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test(`a one-file check writing its report to a file (the atomic write: a new file renamed into place, a random temp name) loads none of ${unusedByPlainCheck.join(', ')}`, () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-start-up-'));
  try {
    mkdirSync(join(dir, 'run'));
    copyFileSync(cleanArtifact, join(dir, 'run', 'conversation.json'));
    writeFileSync(join(dir, 'report.json'), 'the previous report');
    const loaded = builtinsLoaded(['check', 'run/conversation.json', '--format', 'json', '-o', 'report.json'], dir);
    assert.ok(loaded.has('fs'), 'the module list was read');
    assert.equal((JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as unknown[]).length, 1, 'the report was replaced');
    assert.deepEqual(unusedByPlainCheck.filter((name) => loaded.has(name)), []);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the html format still loads what it uses (node:zlib for the transcripts, node:crypto for the page hashes)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-start-up-'));
  try {
    mkdirSync(join(dir, 'run'));
    copyFileSync(cleanArtifact, join(dir, 'run', 'conversation.json'));
    const loaded = builtinsLoaded(['check', 'run/conversation.json', '--format', 'html=report.html'], dir);
    assert.ok(loaded.has('zlib') && loaded.has('crypto'));
    assert.match(readFileSync(join(dir, 'report.html'), 'utf8'), /Content-Security-Policy" content="default-src 'none'; script-src 'sha256-/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

for (const path of [binPath, executablePath]) {
  test(`${path.slice(path.lastIndexOf('/') + 1)} is ASCII, so V8 reads it as one-byte text (one raw character beyond ASCII makes all of it two-byte)`, () => {
    const bytes = readFileSync(path);
    const first = bytes.findIndex((byte) => byte > 0x7f);
    assert.equal(first, -1, `byte 0x${bytes[first]?.toString(16)} at offset ${first}: ${bytes.subarray(Math.max(0, first - 40), first + 10).toString('utf8')}`);
  });
}

test('a plain node accepts the code cache the build made for the executable', () => {
  // As dist/bin.cjs reads them; a rejected cache still runs, only slower, so nothing else would fail.
  const script = new Script(readFileSync(executablePath, 'utf8'), { filename: executablePath, cachedData: readFileSync(join(binPath, '../executable.v8-cache')) });
  assert.equal(script.cachedDataRejected, false);
});

test('without its code cache, or with a damaged one, the executable runs as before, the other commands\' imports included', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-start-up-'));
  try {
    // A copy of the package's files beside its installed dependencies, the cache left out.
    const dist = join(dir, 'dist');
    cpSync(join(binPath, '..'), dist, { recursive: true, filter: (from) => !from.endsWith('.v8-cache') });
    copyFileSync(join(binPath, '../../package.json'), join(dir, 'package.json'));
    symlinkSync(join(binPath, '../../node_modules'), join(dir, 'node_modules'));
    const check = spawnSync(process.execPath, [join(dist, 'bin.cjs'), 'check', cleanArtifact], { encoding: 'utf8' });
    assert.ok(!existsSync(join(dist, 'executable.v8-cache')));
    assert.equal(check.status, 0, check.stderr);
    assert.match(check.stdout, /1 file checked, no problems/);
    const rules = spawnSync(process.execPath, [join(dist, 'bin.cjs'), 'rules', '--format', 'json'], { encoding: 'utf8' });
    assert.equal(rules.status, 0, rules.stderr);
    assert.ok((JSON.parse(rules.stdout) as unknown[]).length > 10);
    // A damaged cache (a partial copy, another build's) is rejected by V8, never run.
    writeFileSync(join(dist, 'executable.v8-cache'), readFileSync(join(binPath, '../executable.v8-cache')).subarray(0, 4096));
    const damaged = spawnSync(process.execPath, [join(dist, 'bin.cjs'), 'check', cleanArtifact], { encoding: 'utf8' });
    assert.equal(damaged.status, 0, damaged.stderr);
    assert.match(damaged.stdout, /1 file checked, no problems/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('no run loads yargs: the executable leaves it, and the help text, to dist/cli/help.js (loading and running it cost a one-file check ~10 %)', () => {
  // "Show hidden options" is a string of yargs' own usage code, so the help module must hold it.
  const marker = 'Show hidden options';
  assert.ok(readFileSync(join(binPath, '../cli/help.js'), 'utf8').includes(marker), 'dist/cli/help.js bundles yargs');
  assert.ok(!readFileSync(executablePath, 'utf8').includes(marker), 'dist/executable.cjs bundles yargs');
});

test('the judge command is not in the executable: dist/cli/judge.js holds it, loaded only by `eval-magic judge`', () => {
  // A string of the judge's own (its run's label), so the judge's module must hold it: itself, or
  // a chunk it imports (the judge's library, which the eval-magic/judge export shares with it).
  const marker = 'judge packet';
  const command = join(binPath, '../cli/judge.js');
  const text = readFileSync(command, 'utf8');
  const chunks = [...text.matchAll(/from\s*"(\.\.\/chunk-[^"]+\.js)"|import\s*"(\.\.\/chunk-[^"]+\.js)"/g)].map((m) => join(dirname(command), m[1] ?? m[2]!));
  assert.ok([text, ...chunks.map((chunk) => readFileSync(chunk, 'utf8'))].some((t) => t.includes(marker)), 'dist/cli/judge.js bundles the judge');
  assert.ok(!readFileSync(executablePath, 'utf8').includes(marker), 'dist/executable.cjs bundles the judge');
  const help = runBin(['judge', '--help'], {});
  assert.equal(help.code, 0, help.stderr);
  assert.match(help.stdout, /llm_judge/);
});

test('a judgment.json is checked by the executable, which loads its validator from dist/validators/ on first use', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-start-up-'));
  try {
    writeFileSync(join(dir, 'judgment.json'), '{"schema_version": 1}\n');
    const run = runBin(['check', 'judgment.json'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /judgment record is missing required property "packet_sha256"\.\s+schema/);
    assert.ok(!readFileSync(executablePath, 'utf8').includes('#/properties/packet_sha256'), 'dist/executable.cjs bundles the judgment validator');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a grading.json and a comparison.json are checked by the executable, which loads their validators from dist/validators/ on first use', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-magic-start-up-'));
  try {
    writeFileSync(join(dir, 'grading.json'), '{"schema_version": 1}\n');
    writeFileSync(join(dir, 'comparison.json'), '{"schema_version": 1}\n');
    const run = runBin(['check', 'grading.json', 'comparison.json'], { cwd: dir });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /grading\.json is missing required property "assertion_results"\.\s+schema/);
    assert.match(run.stdout, /comparison\.json is missing required property "alpha"\.\s+schema/);
    // A schema path only the generated validator holds (the html report names the field too).
    assert.ok(!readFileSync(executablePath, 'utf8').includes('#/properties/assertion_results'), 'dist/executable.cjs bundles the grading validator');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
