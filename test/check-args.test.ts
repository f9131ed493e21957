// The yargs-free fast parse of `check` must agree with yargs on everything it accepts.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { LONG_CHECK_FILES, mayRunLong, parseCheckArgvFast, runCheck, type CliIO } from '../src/check-command.js';
import { runCli } from '../src/cli.js';

const repo = new URL('../', import.meta.url).pathname;
const error = 'fixtures/rules/followup-count/invalid/count-off-by-one.json';
const warn = 'fixtures/rules/blank-text/invalid/empty-assistant-reply.json';

function io(): CliIO & { out: () => string } {
  let stdout = '';
  let stderr = '';
  return {
    cwd: repo,
    env: { NO_COLOR: '1' },
    stdout: { write: (t: string) => (stdout += t) },
    stderr: { write: (t: string) => (stderr += t) },
    readStdin: async () => Buffer.from('{}'),
    out: () => `${stdout}\n--stderr--\n${stderr}`,
  };
}

async function outcome(run: (io: CliIO) => Promise<number>) {
  const sink = io();
  let code: number | string;
  try {
    code = await run(sink);
  } catch (e) {
    code = `${(e as Error).name}: ${(e as Error).message}`;
  }
  return { code, output: sink.out() };
}

/** Command lines the fast parser takes: both paths must give the same exit code and output. */
const accepted: string[][] = [
  [error],
  [error, warn, '--format', 'json'],
  [error, '--format=json', '--quiet'],
  [warn, '--max-warnings', '0'],
  [warn, '--max-warnings=0', '-f', 'json'],
  [error, '--rule', 'followup-count=off', '--rule', 'blank-text=error', warn],
  [error, '--ignore', 'fixtures/rules/followup-count/**', warn],
  ['fixtures/valid', '--concurrency', 'off', '--verbose'],
  ['fixtures/valid', '--kind', 'conversation', '--no-ci-annotations'],
  [error, '--rule', 'nope=off'],
  [error, '--max-warnings', 'x'],
  [error, '--format', 'xml'],
  ['missing.json'],
  ['-', '--stdin-filename', 'piped.json'],
];

/** Command lines it leaves to yargs (help, typos, camelCase, bad choices). */
const declined: string[][] = [['--help'], ['--maxWarnings', '1'], ['--bogus'], ['--kind', 'other'], ['--quiet=false'], ['--ci-annotations', '--no-ci-annotations']];

describe('check argument parsing: fast path vs yargs', () => {
  for (const argv of accepted) {
    it(`same result: check ${argv.join(' ')}`, async () => {
      const fast = parseCheckArgvFast(argv);
      assert.ok(fast, 'the fast parser should take this command line');
      const viaFast = await outcome((sink) => runCheck(fast, sink));
      const viaYargs = await outcome((sink) => runCli(['check', ...argv], sink));
      assert.deepEqual(viaFast, viaYargs);
    });
  }
  for (const argv of declined) {
    it(`left to yargs: check ${argv.join(' ')}`, () => assert.equal(parseCheckArgvFast(argv), undefined));
  }
});

describe('mayRunLong: which checks get V8 tuned for long runs', () => {
  const cases: [string, string[] | undefined, boolean][] = [
    ['one file named (the pre-commit hook)', [error], false],
    ['a few files named', [error, warn], false],
    ['standard input', ['-'], false],
    ['a file and standard input', [warn, '-'], false],
    ['a folder', ['fixtures/valid'], true],
    ['the current folder (no path given)', ['.'], true],
    ['a file and a folder', [error, 'fixtures'], true],
    ['a glob', ['fixtures/**/conversation.json'], true],
    ['a path that does not exist', ['missing.json'], true],
    ['not parsed yet (yargs will)', undefined, true],
  ];
  for (const [what, paths, expected] of cases) {
    it(`${what}: ${expected ? 'tuned' : 'left alone'}`, () => {
      assert.equal(mayRunLong(paths?.map((p) => (p === '-' ? p : join(repo, p)))), expected);
    });
  }
  it('many files named one by one: tuned from LONG_CHECK_FILES on', () => {
    const isFile = () => true;
    assert.equal(mayRunLong(Array.from({ length: LONG_CHECK_FILES - 1 }, (_, i) => `f${i}.json`), isFile), false);
    assert.equal(mayRunLong(Array.from({ length: LONG_CHECK_FILES }, (_, i) => `f${i}.json`), isFile), true);
  });
});
