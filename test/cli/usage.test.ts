// The command line as a new user meets it: help, version, suggestions, usage errors, colour,
// and the streams (a closed pipe, stdout and stderr in one pipe, report folders).
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { binPath, runBin, runMain } from '../helpers/cli.js';

const repo = new URL('../../', import.meta.url).pathname;
const warnFile = join(repo, 'fixtures/rules/blank-text/invalid/empty-assistant-reply.json');
const errorFile = join(repo, 'fixtures/rules/followup-count/invalid/count-off-by-one.json');
const version = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version;

/** A usage error: exit 2, and exactly the one line given on stderr (in this process: the goldens run such lines through the binary). */
async function assertUsageError(args: string[], line: string | RegExp): Promise<void> {
  const r = await runMain(args);
  assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
  const lines = r.stderr.trimEnd().split('\n');
  assert.equal(lines.length, 1, r.stderr);
  if (typeof line === 'string') assert.equal(lines[0], `eval-magic: ${line}`);
  else assert.match(lines[0]!, line);
}

/**
 * What the built CLI printed for `args`, run once per argv in this file, in this process: help is
 * main's output like any other (the executable's own help and version: test/cli/golden.test.ts).
 */
const helpRuns = new Map<string, ReturnType<typeof runMain>>();
function helpOnce(args: string[]): ReturnType<typeof runMain> {
  const key = JSON.stringify(args);
  if (!helpRuns.has(key)) helpRuns.set(key, runMain(args));
  return helpRuns.get(key)!;
}

// `-h`, `--help`, `--version` and `check -v` alone are in the goldens (test/cli/golden.test.ts), byte for byte.
describe('help and version', () => {
  for (const args of [['check', '-h'], ['run', '-h'], ['harness', '-h'], ['rules', '-h']]) {
    it(`eval-magic ${args.join(' ')} prints help and exits 0`, async () => {
      const r = await helpOnce(args);
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^Usage: eval-magic|^eval-magic /);
    });
  }
  for (const args of [['-v'], ['run', '--version'], ['rules', '-v']]) {
    it(`eval-magic ${args.join(' ')} prints the version`, async () => {
      const r = await runMain(args);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout.trim(), version);
    });
  }
  for (const [command, ownOption] of [['check', '--max-warnings'], ['run', '--evals'], ['rules', '--format'], ['harness', undefined]] as const) {
    it(`${command} -h lists the command's own options before the global ones, with examples and exit codes`, async () => {
      const help = (await helpOnce([command, '-h'])).stdout;
      const global = help.indexOf('Global options:');
      if (ownOption) assert.ok(help.indexOf(ownOption) > 0 && global > help.indexOf(ownOption), help);
      assert.ok(help.indexOf('--debug') > global, help);
      assert.match(help, /^Examples:$/m);
      assert.match(help, /^Exit codes:\n {2}0 .*\n( {2}1 .*\n)? {2}2 /m);
    });
  }
});

describe('mistakes get one line, exit 2, and a suggestion', () => {
  const cases: Array<[string[], string]> = [
    [['chek'], 'Unknown command "chek". Did you mean check?'],
    [['harnes', 'list'], 'Unknown command "harnes". Did you mean harness?'],
    [['check', '--quite', warnFile], 'Unknown option --quite. Did you mean --quiet?'],
    [['check', '--max-warning', '1', warnFile], 'Unknown option --max-warning. Did you mean --max-warnings?'],
    [['check', '--maxWarnings', '1', warnFile], 'Unknown option --maxWarnings. Did you mean --max-warnings?'],
    [['run', '--evalz', 'e.json', '--harness', 'codex', '--cwd', '.', '--out', 'o'], 'Unknown option --evalz. Did you mean --evals?'],
    [['run', '--evals', 'e.json'], 'Missing required options: --harness, --cwd, --out.'],
    [['rules', '--formt', 'json'], 'Unknown option --formt. Did you mean --format?'],
    [['harness', 'check', 'claude-code', '--cwd', '/no/such/folder'], '--cwd "/no/such/folder" is not a folder'],
    [['harness', 'check', 'claude-code', '--cwd', warnFile], `--cwd ${JSON.stringify(warnFile)} is not a folder`],
    [['check', '--kind', 'foo', warnFile], '--kind "foo": use one of "conversation", "evals", "grading", "comparison", "judgment".'],
    [['check', warnFile, '--config', 'a.json', '--config', 'b.json'], '--config is given 2 times; it takes one value.'],
    [['check', warnFile, '--max-warnings', '1', '--max-warnings=2'], '--max-warnings is given 2 times; it takes one value.'],
    [['run', '--evals', 'a.json', '--evals', 'b.json', '--harness', 'codex', '--cwd', '.', '--out', 'o'], '--evals is given 2 times; it takes one value.'],
    [['rules', '-f', 'json', '--format', 'text'], '--format is given 2 times; it takes one value.'],
    [['check', warnFile, '--max-warnings'], '--max-warnings needs a value.'],
    [['check', warnFile, '--config'], '--config needs a value.'],
    [['check', warnFile, '--rule'], '--rule needs a value.'],
    [['rules', '-f'], '-f needs a value.'],
    [['--debug', 'rnu'], 'Unknown command "rnu". Did you mean run?'],
    [['harness', 'list', 'extra'], 'harness list takes no harness (got "extra"); harness show "extra" shows one'],
    // --cwd is check's alone: taken and ignored, show would seem to have looked at that task folder.
    [['harness', 'show', 'codex', '--cwd', 'task'], '--cwd is for harness check only (the task folder its probes run in); harness show takes none'],
    [['harness', 'list', '--cwd', 'task'], '--cwd is for harness check only (the task folder its probes run in); harness list takes none'],
    [['check', warnFile, '--ignore', ''], '--ignore needs a value that is not empty.'],
    [['check', warnFile, '--ignore= '], '--ignore needs a value that is not empty.'],
    [['check', warnFile, '--pattern', ''], '--pattern needs a value that is not empty.'],
    [['check', warnFile, '--config='], '--config needs a value that is not empty.'],
    // Every command's: an unset variable in --out "$OUT" must never mean the current folder.
    [['run', '--evals', 'e.json', '--harness', 'claude-code', '--cwd', 'task', '--out', ''], '--out needs a value that is not empty.'],
    [['run', '--evals', 'e.json', '--harness', 'claude-code', '--cwd', ' ', '--out', 'o'], '--cwd needs a value that is not empty.'],
    [['campaign', '--evals', '', '--harness', 'claude-code'], '--evals needs a value that is not empty.'],
    [['compare', 'it', '--output-file='], '--output-file needs a value that is not empty.'],
    [['judge', 'it', '--harness', 'claude-code', '--model', ''], '--model needs a value that is not empty.'],
    // …nor does an empty operand: `init "$SKILL"` wrote into the current folder, `check "$DIR"` checked it.
    [['init', ''], 'init <skill-dir> is empty (""): an empty argument (an unset variable?) never stands for the current folder or a default; name one.'],
    [['init', '--', ' '], 'init <skill-dir> is empty (" "): an empty argument (an unset variable?) never stands for the current folder or a default; name one.'],
    [['check', warnFile, ''], 'check <paths> is empty (""): an empty argument (an unset variable?) never stands for the current folder or a default; name one.'],
    [['check', '--', warnFile, ''], 'check <paths> is empty (""): an empty argument (an unset variable?) never stands for the current folder or a default; name one.'],
    [['harness', 'show', ''], 'harness <harness> is empty (""): an empty argument (an unset variable?) never stands for the current folder or a default; name one.'],
    // A switch given a value other than true or false: the parser read it as false, so `judge --dry-run=yes` made the sessions it was to show (review23).
    [['judge', 'it', '--harness', 'claude-code', '--dry-run=yes'], '--dry-run=yes: a switch takes true or false, or no value (--dry-run); yes is neither.'],
    [['check', warnFile, '--allow-empty=1'], '--allow-empty=1: a switch takes true or false, or no value (--allow-empty); 1 is neither.'],
    [['compare', 'it', '--grading='], '--grading=: a switch takes true or false, or no value (--grading); an empty value is neither.'],
    [['compare', 'it', '--no-grading=on'], '--no-grading=on: --no-grading takes no value; write --no-grading, or --grading=false.'],
    [['compare', 'it', '--no-grading=true'], '--no-grading=true: --no-grading takes no value; write --no-grading, or --grading=false.'],
    // An alias as its switch (review24: -h=1 ran the paid judge).
    [['judge', 'it', '--harness', 'claude-code', '-h=1'], '-h=1: a switch takes true or false, or no value (--help); 1 is neither.'],
    [['check', warnFile, '--v=yes'], '--v=yes: a switch takes true or false, or no value (--version); yes is neither.'],
    [['check', warnFile, '--debug=TRUE'], '--debug=TRUE: a switch takes true or false, or no value (--debug); TRUE is neither.'],
    // …also with no command named: `eval-magic --help=yes` said "Name a command".
    [['--help=yes'], '--help=yes: a switch takes true or false, or no value (--help); yes is neither.'],
    [['-v=1'], '-v=1: a switch takes true or false, or no value (--version); 1 is neither.'],
  ];
  for (const [args, line] of cases) it(args.join(' ').replace(repo, ''), () => assertUsageError(args, line));

  it('a config file with a syntax error is placed at line:column', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-config-'));
    writeFileSync(join(dir, 'eval-magic.config.json'), '{\n  "rules": {\n    "blank-text": "off",\n  }\n}\n');
    copyFileSync(warnFile, join(dir, 'conversation.json'));
    const r = await runMain(['check'], { cwd: dir });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^eval-magic: \S*eval-magic\.config\.json:4:3: the config file is not valid JSON \(a trailing comma\)\.\n$/);
  });

  it('a message of several lines is printed as lines, each escaped, never with a literal \\n', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-usage-'));
    writeFileSync(join(dir, 'bad.json'), '{"name": "x\\u001b[2J", "executable": 3}');
    const r = await runMain(['harness', 'show', 'bad.json'], { cwd: dir });
    assert.equal(r.code, 2);
    const lines = r.stderr.trimEnd().split('\n');
    assert.ok(lines.length > 2, r.stderr);
    assert.doesNotMatch(r.stderr, /\\n/);
    assert.doesNotMatch(r.stderr, /\u001b/);
    assert.match(lines[0]!, /^eval-magic: invalid harness descriptor:$/);
  });
});

describe('--color and --no-color', () => {
  it('--color colours a pipe; --no-color wins over FORCE_COLOR', () => {
    assert.match(runBin(['check', errorFile, '--color']).stdout, /\u001b\[31m/);
    assert.doesNotMatch(runBin(['check', errorFile, '--no-color'], { env: { FORCE_COLOR: '1', NO_COLOR: undefined } }).stdout, /\u001b\[/);
  });
});

describe('eval-magic rules', () => {
  it('lists every rule as JSON with its file kind and docs page', async () => {
    const r = await runMain(['rules', '--format', 'json']);
    assert.equal(r.code, 0, r.stderr);
    const listing = JSON.parse(r.stdout) as Array<Record<string, string>>;
    assert.ok(listing.length >= 20);
    for (const rule of listing) {
      assert.deepEqual(Object.keys(rule), ['id', 'defaultSeverity', 'fileKind', 'description', 'docsPath', 'docsUrl']);
      assert.match(rule.fileKind!, /^(conversation|evals|grading|judgment|run|cross-file|any)$/);
      assert.ok(existsSync(join(repo, rule.docsPath!)), rule.docsPath);
      assert.ok(rule.docsUrl!.endsWith(`/${rule.docsPath}`), rule.docsUrl);
    }
    assert.equal(listing.find((rule) => rule.id === 'turn-text')?.fileKind, 'cross-file');
    assert.equal(listing.find((rule) => rule.id === 'grading-summary')?.fileKind, 'grading');
  });
  it('prints a table, one rule a line', async () => {
    const r = await runMain(['rules']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^blank-text +warn +conversation +Disallow /m);
  });
});

describe('streams', () => {
  it('a reader that closes the pipe early gets no stack trace, and the run keeps the exit code it earned', async () => {
    for (const [file, expected] of [[join(repo, 'fixtures/valid'), 0], [errorFile, 1]] as const) {
      const child = spawn(process.execPath, [binPath, 'check', file], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NO_COLOR: '1' } });
      child.stdout.destroy(); // the reader is gone before the first write
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      assert.equal(code, expected, stderr);
      assert.equal(stderr, '');
    }
  });

  it('stderr never lands inside a report line when stdout and stderr share a slow pipe', () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-pipe-'));
    for (let i = 0; i < 600; i++) {
      mkdirSync(join(dir, `eval-${String(i).padStart(3, '0')}`));
      copyFileSync(warnFile, join(dir, `eval-${String(i).padStart(3, '0')}`, 'conversation.json'));
    }
    // The reader sleeps, so the pipe fills and the report is still queued in stdout when the run ends.
    const r = spawnSync('bash', ['-c', `"${process.execPath}" "${binPath}" check . --format json --max-warnings 0 2>&1 | (sleep 1; cat)`], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
    const lines = r.stdout.trimEnd().split('\n');
    assert.equal(lines.length, 2, lines.map((l) => l.slice(0, 80)).join('\n'));
    assert.ok(r.stdout.length > 128 * 1024, 'the report is larger than a pipe holds');
    assert.equal(JSON.parse(lines[0]!).length, 600);
    assert.equal(lines[1], 'eval-magic: too many warnings (600); --max-warnings is 0.');
  });

  it('a report file is written into folders that do not exist yet', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-reports-'));
    const r = await runMain(['check', errorFile, '-f', 'stylish', '-f', 'sarif=reports/ci/eval-magic.sarif', '-o', 'logs/x.txt'], { cwd: dir });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(JSON.parse(readFileSync(join(dir, 'reports/ci/eval-magic.sarif'), 'utf8')).version, '2.1.0');
    assert.match(readFileSync(join(dir, 'logs/x.txt'), 'utf8'), /followup-count/);
  });
});
