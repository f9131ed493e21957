// Every CLI output, byte for byte, over the fixtures: exit code, stdout and stderr of the built
// CLI for each command line below, against goldens captured before the src/cli/ restructure
// (issue 25). A change in what users see must be deliberate: rerun with UPDATE_GOLDENS=1 and
// review the diff of test/golden/.
//
// Most lines run in this process through dist/cli.js's `main` (what dist/bin.cjs runs, built from
// the same sources) with the executable's surroundings (runMain in helpers/cli.ts). Those marked
// `binary` start dist/bin.cjs itself too, to the same golden: 66 Node start-ups cost ~15 CPU-seconds,
// and the executable's own part (its bundle, process streams, stdin, exit code) is the same for
// every line of a kind — help, version, and every command at least once (each loads its module).
// Help is `main`'s output like any other (help.ts, through the same io), so most help lines run
// in this process only, as do the checks of what --help shows as defaults.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
// Importing it fails this file when dist/ is missing or stale.
import { runBin, runMain, type CliRun } from '../helpers/cli.js';

const repo = new URL('../../', import.meta.url).pathname;
const goldens = join(repo, 'test/golden');
const update = process.env.UPDATE_GOLDENS === '1';

const warnFile = 'fixtures/rules/blank-text/invalid/empty-assistant-reply.json';
const errorFile = 'fixtures/rules/followup-count/invalid/count-off-by-one.json';
const validFile = 'fixtures/valid/claude-completed-two-followups/conversation.json';

/** One command line: a golden file name, the arguments, optionally stdin, and whether the executable runs it too. */
interface GoldenCase {
  name: string;
  args: string[];
  stdin?: string;
  binary?: 'also';
}

const formats = ['stylish', 'json', 'sarif', 'junit', 'github', 'html'];

const cases: GoldenCase[] = [
  // check, every format, over every fixture
  ...formats.map((format) => ({ name: `check-fixtures-${format}`, args: ['check', 'fixtures', '--format', format], ...(format === 'stylish' || format === 'json' ? { binary: 'also' as const } : {}) })),
  { name: 'check-fixtures-json-one-thread', args: ['check', 'fixtures', '-f', 'json', '--concurrency', 'off'] },
  { name: 'check-valid', args: ['check', 'fixtures/valid'] },
  { name: 'check-one-error-file', args: ['check', errorFile] },
  { name: 'check-two-files-json', args: ['check', errorFile, validFile, '--format=json'] },
  { name: 'check-quiet', args: ['check', 'fixtures/rules', '--quiet'] },
  { name: 'check-max-warnings', args: ['check', warnFile, '--max-warnings', '0'] },
  { name: 'check-rule-flags', args: ['check', errorFile, warnFile, '--rule', 'followup-count=off', '--rule', 'blank-text=error'] },
  { name: 'check-ignore', args: ['check', 'fixtures/rules', '--ignore', 'fixtures/rules/followup-count/**', '-f', 'json'] },
  { name: 'check-kind-evals', args: ['check', 'fixtures/rules/eval-prompt', '--kind', 'evals'] },
  { name: 'check-pattern', args: ['check', 'fixtures/rules', '--pattern', '**/*.json', '-f', 'github'] },
  { name: 'check-verbose', args: ['check', 'fixtures/workspace', '--verbose', '--no-ci-annotations'] },
  { name: 'check-evals-flag', args: ['check', 'fixtures/rules/turns-delivered/invalid', '--evals', 'fixtures/rules/turns-delivered/invalid/completed-before-last-turn/evals.json'] },
  { name: 'check-ci-annotations', args: ['check', errorFile, '-f', 'json'] },
  { name: 'check-color', args: ['check', errorFile, warnFile, '--color'], binary: 'also' },
  { name: 'check-debug', args: ['check', errorFile, '--debug'], binary: 'also' },
  { name: 'check-stdin', args: ['check', '-', '--stdin-filename', 'e1/conversation.json'], stdin: readFileSync(join(repo, errorFile), 'utf8'), binary: 'also' },
  { name: 'check-stdin-unnamed', args: ['check', '-', '-f', 'json'], stdin: '{"schema_version": 1,' },
  // check's mistakes
  { name: 'check-missing-path', args: ['check', 'no/such/file.json'], binary: 'also' },
  { name: 'check-nothing-found', args: ['check', 'docs'] },
  { name: 'check-allow-empty', args: ['check', 'docs', '--allow-empty'] },
  { name: 'check-unknown-rule', args: ['check', errorFile, '--rule', 'nope=off'] },
  { name: 'check-rule-twice', args: ['check', errorFile, '--rule', 'followup-count=off', '--rule', 'followup-count=warn'] },
  { name: 'check-bad-max-warnings', args: ['check', errorFile, '--max-warnings', 'x'] },
  { name: 'check-unknown-format', args: ['check', errorFile, '--format', 'xml'] },
  { name: 'check-two-stdout-formats', args: ['check', errorFile, '-f', 'json', '-f', 'sarif'] },
  { name: 'check-typo', args: ['check', '--quite', warnFile], binary: 'also' },
  { name: 'check-camel-case', args: ['check', '--maxWarnings', '1', warnFile] },
  { name: 'check-bad-kind', args: ['check', '--kind', 'foo', warnFile] },
  { name: 'check-no-value', args: ['check', warnFile, '--config'] },
  { name: 'check-empty-value', args: ['check', warnFile, '--ignore', ''] },
  { name: 'check-bad-concurrency', args: ['check', warnFile, '--concurrency', '0'] },
  { name: 'check-boolean-with-value', args: ['check', warnFile, '--quiet=false'] },
  { name: 'check-both-color-flags', args: ['check', warnFile, '--ci-annotations', '--no-ci-annotations'] },
  // how the one parser reads a line (src/cli/parse.ts): goldens captured from the yargs build it replaced
  { name: 'check-help-operand', args: ['check', warnFile, 'help'] },
  { name: 'check-help-wins', args: ['check', '--bogus', '--kind', 'foo', '--help'] },
  { name: 'check-options-before-command', args: ['--format', 'json', 'check', warnFile] },
  { name: 'check-value-missing-before-flag', args: ['check', warnFile, '--format', '--quiet'] },
  { name: 'check-unknown-short-flag', args: ['check', warnFile, '-x'] },
  { name: 'check-negated-unknown', args: ['check', warnFile, '--no-foo'] },
  { name: 'unknown-command-help-operand', args: ['help', 'check'] },
  { name: 'rules-choice-twice', args: ['rules', '-f', 'json', '-f', 'xml'] },
  { name: 'harness-no-action', args: ['harness'] },
  { name: 'harness-extra-operand', args: ['harness', 'show', 'codex', 'extra'] },
  { name: 'init-extra-operand', args: ['init', 'no/such/dir', 'other'] },
  { name: 'init-two-after-dashes', args: ['init', '--', 'no/such/dir', 'other'] },
  // help, version, the command table
  { name: 'help', args: ['--help'], binary: 'also' },
  { name: 'help-short', args: ['-h'] },
  { name: 'no-command', args: [] },
  { name: 'unknown-command', args: ['chek'] },
  { name: 'version', args: ['--version'], binary: 'also' },
  { name: 'version-after-command', args: ['check', '-v'] },
  { name: 'check-help', args: ['check', '--help'] },
  { name: 'run-help', args: ['run', '--help'] },
  { name: 'campaign-help', args: ['campaign', '--help'], binary: 'also' },
  { name: 'judge-help', args: ['judge', '--help'], binary: 'also' },
  { name: 'harness-help', args: ['harness', '--help'] },
  { name: 'rules-help', args: ['rules', '--help'], binary: 'also' },
  // rules
  { name: 'rules', args: ['rules'] },
  { name: 'rules-json', args: ['rules', '--format', 'json'] },
  { name: 'rules-typo', args: ['rules', '--formt', 'json'] },
  // compare over the hand-built campaign workspace (--no-grading: the fixture stays as committed)
  { name: 'compare-help', args: ['compare', '--help'] },
  { name: 'compare-fixture', args: ['compare', 'fixtures/compare/skill-shifts-one-assertion', '--no-grading'], binary: 'also' },
  { name: 'compare-fixture-markdown', args: ['compare', 'fixtures/compare/skill-shifts-one-assertion', '--no-grading', '-f', 'markdown'] },
  { name: 'compare-reference-layout', args: ['compare', 'fixtures/workspace', '--no-grading'] },
  // harness
  { name: 'harness-list', args: ['harness', 'list'], binary: 'also' },
  { name: 'harness-show', args: ['harness', 'show', 'codex'] },
  { name: 'harness-show-nothing', args: ['harness', 'show'] },
  { name: 'harness-bad-action', args: ['harness', 'delete'] },
  { name: 'harness-show-missing-file', args: ['harness', 'show', 'no-such-harness.json'] },
  // run (its mistakes only: a real run needs an agent)
  { name: 'run-missing-options', args: ['run', '--evals', 'e.json'] },
  { name: 'run-typo', args: ['run', '--evalz', 'e.json', '--harness', 'codex', '--cwd', '.', '--out', 'o'] },
  { name: 'run-missing-evals-file', args: ['run', '--evals', 'no-such/evals.json', '--harness', 'codex', '--cwd', '.', '--out', 'o'], binary: 'also' },
  { name: 'run-unknown-eval', args: ['run', '--evals', 'fixtures/rules/turns-delivered/invalid/completed-before-last-turn/evals.json', '--eval', 'nope', '--harness', 'codex', '--cwd', '.', '--out', 'o'] },
];

/** What one command line did, as the golden file holds it; the checkout's path is written <repo>. */
function render(c: GoldenCase, run: CliRun): string {
  const text = `$ eval-magic ${c.args.join(' ')}\nexit ${run.code}\n--- stdout\n${run.stdout}\n--- stderr\n${run.stderr}`;
  return text.split(repo).join('<repo>/');
}

/** Asserts `actual` is the golden of `c` (or writes it, under UPDATE_GOLDENS=1). */
function assertGolden(c: GoldenCase, actual: string): void {
  const file = join(goldens, `${c.name}.txt`);
  if (update || !existsSync(file)) {
    assert.ok(update, `${file} is missing: run with UPDATE_GOLDENS=1 to write it`);
    mkdirSync(goldens, { recursive: true });
    writeFileSync(file, actual);
    return;
  }
  assert.equal(actual, readFileSync(file, 'utf8'));
}

describe('CLI goldens (the built CLI, byte for byte)', () => {
  it('every case has its own golden file name', () => {
    assert.equal(new Set(cases.map((c) => c.name)).size, cases.length);
  });
  for (const c of cases) {
    it(`eval-magic ${c.args.join(' ')}`, async () => {
      assertGolden(c, render(c, await runMain(c.args, { cwd: repo, ...(c.stdin !== undefined ? { input: c.stdin } : {}) })));
    });
  }
});

/** The executable's run of a command line, started once in this file. */
const binaryRuns = new Map<string, CliRun>();
function binaryRun(args: string[], stdin?: string): CliRun {
  const key = JSON.stringify([args, stdin]);
  let run = binaryRuns.get(key);
  if (run === undefined) binaryRuns.set(key, (run = runBin(args, { cwd: repo, ...(stdin !== undefined ? { input: stdin } : {}) })));
  return run;
}

describe('CLI goldens through the executable (dist/bin.cjs, byte for byte)', () => {
  it('every command runs through it, and a usage error, a failure, stdin, colour and --debug', () => {
    const binary = cases.filter((c) => c.binary);
    const commands = new Set(binary.map((c) => c.args[0]).filter((a) => a !== undefined && !a.startsWith('-')));
    assert.deepEqual([...commands].sort(), ['campaign', 'check', 'compare', 'harness', 'judge', 'rules', 'run']);
    for (const needed of ['help', 'version', 'check-typo', 'check-missing-path', 'check-stdin', 'check-color', 'check-debug']) assert.ok(binary.some((c) => c.name === needed), needed);
  });
  for (const c of cases.filter((c) => c.binary)) {
    it(`eval-magic ${c.args.join(' ')}`, () => {
      const run = binaryRun(c.args, c.stdin);
      // Under UPDATE_GOLDENS=1 the in-process run above wrote it: the executable must agree.
      if (update) assert.equal(render(c, run), readFileSync(join(goldens, `${c.name}.txt`), 'utf8'));
      else assertGolden(c, render(c, run));
    });
  }
});

// An empty list is no default worth showing: `[default: []]` read as if `compare` and `judge`
// took no path (they need one) and `--ignore` ignored something. A real default (check's ".") stays.
describe('--help shows no default for an empty list', () => {
  // In this process: help is main's output, as the goldens of the command's help show.
  const helpRuns = new Map<string, Promise<CliRun>>();
  const helpOf = (command: string) => {
    if (!helpRuns.has(command)) helpRuns.set(command, runMain([command, '--help'], { cwd: repo }));
    return helpRuns.get(command)!;
  };
  for (const command of ['check', 'run', 'campaign', 'compare', 'judge', 'init', 'harness', 'rules']) {
    it(`${command} --help`, async () => {
      const help = await helpOf(command);
      assert.equal(help.code, 0, help.stderr);
      assert.ok(!help.stdout.includes('[default: []]'), help.stdout);
    });
  }
  for (const [command, shown] of [['check', '[default: .]'], ['init', '[default: the current folder]'], ['compare', undefined], ['judge', undefined]] as const) {
    it(`${command}'s positional: ${shown ?? 'no default (a path is needed)'}`, async () => {
      const help = (await helpOf(command)).stdout;
      const positionals = help.slice(help.indexOf('Positionals:'), help.indexOf('Options:'));
      if (shown === undefined) assert.ok(!positionals.includes('[default:'), positionals);
      else assert.ok(positionals.includes(shown), positionals);
    });
  }
});
