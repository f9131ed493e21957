// `harness check`: help pages of the real CLIs (recorded) are read right, every built-in passes
// against them, the known traps and wrong options are found, and the command's exit codes.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { findUnknownOptions, parseHelp } from '../../src/runner/cli-help.js';
import { checkHarness, describeFinding, readHarnessVersion } from '../../src/runner/harness-check.js';
import { loadHarness, parseHarnessDescriptor, type HarnessDescriptor } from '../../src/runner/index.js';
import { runCli } from '../../src/cli/index.js';
import { isRunning } from './run-helpers.js';

const HELP = resolve(fileURLToPath(import.meta.url), '../../../fixtures/cli-help');
/** The recorded help pages of each tested CLI version, by subcommand path. */
const recorded = {
  'claude-code': { dir: 'claude-code/2.1.197', program: 'claude', version: '2.1.197 (Claude Code)' },
  codex: { dir: 'codex/0.171.0', program: 'codex', version: 'codex-cli 0.171.0' },
  opencode: { dir: 'opencode/1.18.33', program: 'opencode', version: '1.18.33' },
} as const;
const helpFile = (name: keyof typeof recorded, path: string[]) => join(HELP, recorded[name].dir, [recorded[name].program, ...path].join('-') + '.txt');
const page = (name: keyof typeof recorded, path: string[]) => parseHelp(readFileSync(helpFile(name, path), 'utf8'), recorded[name].program);

describe('parseHelp on the real help pages', () => {
  it('commander (claude): options with required, optional and no values; subcommands with aliases', () => {
    const p = page('claude-code', []);
    assert.equal(p.options.get('--output-format'), 'required');
    assert.equal(p.options.get('-p'), 'none');
    assert.equal(p.options.get('--print'), 'none');
    assert.equal(p.options.get('--resume'), 'optional');
    assert.equal(p.options.get('--allowed-tools'), 'required');
    assert.ok(p.subcommands.has('plugins') && p.subcommands.has('mcp'));
    assert.ok(!p.subcommands.has('auto'), 'a wrapped description line is not a subcommand');
  });
  it('clap (codex): value names in capitals and <…>, flags, nested subcommands', () => {
    const top = page('codex', []);
    assert.equal(top.options.get('--ask-for-approval'), 'required');
    assert.equal(top.options.get('-s'), 'required');
    assert.ok(top.subcommands.has('exec'));
    const resume = page('codex', ['exec', 'resume']);
    assert.equal(resume.options.get('--skip-git-repo-check'), 'none');
    assert.equal(resume.options.get('-m'), 'required');
    assert.equal(resume.options.has('--sandbox'), false);
    assert.ok(page('codex', ['exec']).subcommands.has('resume'));
  });
  it('yargs (opencode): the type tag says a value follows; commands listed with the program name', () => {
    assert.ok(page('opencode', []).subcommands.has('run'));
    const run = page('opencode', ['run']);
    assert.equal(run.options.get('--session'), 'required');
    assert.equal(run.options.get('--auto'), 'none');
    assert.equal(run.options.get('--username'), 'required', 'type tag wrapped onto the next line');
  });
});

describe('findUnknownOptions with the recorded pages', () => {
  const help = (name: keyof typeof recorded) => async (path: string[]) => page(name, path);
  for (const name of Object.keys(recorded) as (keyof typeof recorded)[]) {
    it(`built-in ${name}: every option of both templates is accepted`, async () => {
      const h = loadHarness(name);
      for (const template of [h.argv, h.resume_argv]) {
        const expanded = template.flatMap((e) => (e === '{model_args}' ? h.model_args : [e]));
        assert.deepEqual((await findUnknownOptions(expanded, help(name))).unknown, []);
      }
    });
  }
  it('finds --sandbox after `exec resume` (which has none) and a misspelt option; stops at --', async () => {
    const template = ['-a', 'never', 'exec', 'resume', '--sandbox', 'workspace-write', '--jsn', '--', '{session_id}', '--not-checked'];
    const { unknown, commands } = await findUnknownOptions(template, help('codex'));
    assert.deepEqual(unknown.map((u) => [u.element, u.command.join(' ')]), [['--sandbox', 'exec resume'], ['--jsn', 'exec resume']]);
    assert.deepEqual(commands, [[], ['exec'], ['exec', 'resume']]);
  });
  it('an option value that happens to be a subcommand name is not descended into', async () => {
    const { unknown, commands } = await findUnknownOptions(['-p', '--model', 'mcp', '--verbose'], help('claude-code'));
    assert.deepEqual([unknown, commands], [[], [[]]]);
  });
});

/** A fake CLI that prints the recorded --version and --help pages of `name`. */
function fakeCli(name: keyof typeof recorded, version: string = recorded[name].version): { bin: string; env: NodeJS.ProcessEnv } {
  const bin = mkdtempSync(join(tmpdir(), 'em-harness-check-'));
  const { program, dir } = recorded[name];
  const script = `#!${process.execPath}
const fs = require('fs'), path = require('path');
const args = process.argv.slice(2);
if (args[0] === '--version') { console.log(${JSON.stringify(version)}); process.exit(0); }
if (args.at(-1) !== '--help') { console.error('this fake only prints help'); process.exit(2); }
process.stdout.write(fs.readFileSync(path.join(${JSON.stringify(join(HELP, dir))}, [${JSON.stringify(program)}, ...args.slice(0, -1)].join('-') + '.txt'), 'utf8'));
`;
  writeFileSync(join(bin, program), script);
  chmodSync(join(bin, program), 0o755);
  return { bin, env: { PATH: bin } };
}

const ids = (findings: { id: string; severity: string }[]) => findings.map((f) => `${f.severity} ${f.id}`);
const notARepo = () => mkdtempSync(join(tmpdir(), 'em-task-'));

describe('checkHarness', () => {
  it('a built-in with its tested CLI, in a folder that is not a git repository, as root: no error', async () => {
    for (const name of Object.keys(recorded) as (keyof typeof recorded)[]) {
      const { env } = fakeCli(name);
      const findings = await checkHarness(loadHarness(name), { cwd: notARepo(), env, uid: 0 });
      assert.deepEqual(ids(findings), ['ok executable-found', 'ok version', 'ok options-accepted', 'ok options-accepted', 'note not-checked'], findings.map(describeFinding).join('\n'));
    }
  });

  it('the descriptors shipped before these CLIs were tried: each trap found', async () => {
    const old = (name: string, patch: Partial<HarnessDescriptor>) => {
      const { source, ...rest } = { ...loadHarness(name), prompt_via: 'argv' as const, env: {}, ...patch };
      void source;
      return parseHarnessDescriptor(JSON.stringify(rest), 'old.json');
    };
    const claude = old('claude-code', {
      argv: ['-p', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', '{model_args}', '--', '{prompt}'],
      resume_argv: ['-p', '--resume', '{session_id}', '--output-format', 'stream-json', '--verbose', '--permission-mode', 'bypassPermissions', '{model_args}', '--', '{prompt}'],
    });
    assert.ok(ids(await checkHarness(claude, { cwd: notARepo(), env: fakeCli('claude-code').env, uid: 0 })).includes('error root-without-sandbox'));
    assert.ok(!ids(await checkHarness(claude, { cwd: notARepo(), env: { ...fakeCli('claude-code').env, IS_SANDBOX: '1' }, uid: 0 })).includes('error root-without-sandbox'));
    assert.ok(!ids(await checkHarness(claude, { cwd: notARepo(), env: fakeCli('claude-code').env, uid: 1000 })).includes('error root-without-sandbox'));

    const codex = old('codex', {
      argv: ['--ask-for-approval', 'never', 'exec', '--cd', '{cwd}', '--sandbox', 'workspace-write', '{model_args}', '--json', '--', '{prompt}'],
      resume_argv: ['--ask-for-approval', 'never', 'exec', 'resume', '{model_args}', '--json', '--', '{session_id}', '{prompt}'],
    });
    const task = notARepo();
    const codexFindings = await checkHarness(codex, { cwd: task, env: fakeCli('codex').env });
    assert.deepEqual(ids(codexFindings).filter((f) => !f.startsWith('ok') && !f.startsWith('note')), ['error not-a-git-repo', 'error not-a-git-repo', 'warning resume-read-only']);
    mkdirSync(join(task, '.git'));
    assert.ok(!ids(await checkHarness(codex, { cwd: task, env: fakeCli('codex').env })).includes('error not-a-git-repo'));

    const opencode = old('opencode', { argv: ['run', '--format', 'json', '{model_args}', '--', '{prompt}'], resume_argv: ['run', '--session', '{session_id}', '{model_args}', '--', '{prompt}'] });
    assert.ok(ids(await checkHarness(opencode, { cwd: notARepo(), env: fakeCli('opencode').env })).includes('error argv-prompt-quoted'));
  });

  it('an untested version is a warning; a missing executable an error', async () => {
    const findings = await checkHarness(loadHarness('opencode'), { cwd: notARepo(), env: fakeCli('opencode', '1.99.0').env });
    assert.match(describeFinding(findings.find((f) => f.id === 'version-untested')!), /opencode --version: 1\.99\.0; this descriptor was tested with 1\.18\.33/);
    assert.deepEqual(ids(await checkHarness(loadHarness('codex'), { cwd: notARepo(), env: { PATH: notARepo() } })), ['error executable-missing', 'note not-checked']);
  });
});

describe('checkHarness with a help page in no form it reads', () => {
  it('a bare `usage: agent` page is a warning that the options were not checked, never an error for each option', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'em-harness-bare-'));
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nif [ "$1" = --version ]; then echo '2.1.197 (Claude Code)'; else echo 'usage: claude'; fi\n`);
    chmodSync(join(bin, 'claude'), 0o755);
    const findings = await checkHarness(loadHarness('claude-code'), { cwd: notARepo(), env: { PATH: `${bin}:/usr/bin:/bin` } });
    assert.deepEqual(findings.filter((f) => f.id === 'unknown-option'), []);
    assert.match(findings.filter((f) => f.id === 'help-unreadable').map(describeFinding).join('\n'), /`claude --help` could not be read, options not checked: its --help lists no options in a form this check reads/);
  });
  it('one page both templates read is one warning, not the same line twice', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'em-harness-nohelp-'));
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nif [ "$1" = --version ]; then echo '2.1.197 (Claude Code)'; exit 0; fi\necho "error: unknown option '$1'" >&2; exit 1\n`);
    chmodSync(join(bin, 'claude'), 0o755);
    const findings = await checkHarness(loadHarness('claude-code'), { cwd: notARepo(), env: { PATH: `${bin}:/usr/bin:/bin` } });
    assert.deepEqual(findings.filter((f) => f.id === 'help-unreadable').map(describeFinding), ['`claude --help` could not be read, options not checked: exit 1']);
  });
});

describe('checkHarness with a CLI that hangs', () => {
  it('--help that never answers is a warning naming the limit, and the CLI is stopped', async () => {
    const bin = mkdtempSync(join(tmpdir(), 'em-harness-hang-'));
    // The grandchild holds this file open: found from here whatever PID namespace it ran in.
    const mark = join(bin, 'grandchild.mark');
    writeFileSync(mark, '');
    writeFileSync(join(bin, 'codex'), `#!${process.execPath}
if (process.argv[2] === '--version') { console.log('codex-cli 0.171.0'); process.exit(0); }
require('child_process').spawn(process.execPath, ['-e', 'require("fs").openSync(process.argv[1], "r"); setInterval(() => {}, 1000)', ${JSON.stringify(mark)}], { stdio: 'ignore' });
setInterval(() => {}, 1000);
`);
    chmodSync(join(bin, 'codex'), 0o755);
    const findings = await checkHarness(loadHarness('codex'), { cwd: notARepo(), env: { PATH: bin }, timeoutMs: 1000 });
    assert.match(findings.filter((f) => f.id === 'help-unreadable').map(describeFinding).join('\n'), /`codex --help` could not be read, options not checked: no answer within 1 s/);
    for (let i = 0; i < 20 && isRunning(mark); i++) await new Promise((r) => setTimeout(r, 100));
    assert.equal(isRunning(mark), false, "the CLI's own child was stopped too");
  });
});

describe('eval-magic harness check (CLI)', () => {
  async function cli(argv: string[], env: NodeJS.ProcessEnv) {
    let stdout = '';
    const io = { cwd: notARepo(), env, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: () => {} }, readStdin: async () => Buffer.alloc(0) };
    try {
      return { code: await runCli(argv, io), stdout };
    } catch (error) {
      return { code: 2, stdout: (error as Error).message };
    }
  }
  it('exit 0 with one line per finding; 1 when a finding is an error; 2 without a harness', async () => {
    const ok = await cli(['harness', 'check', 'codex'], fakeCli('codex').env);
    assert.equal(ok.code, 0, ok.stdout);
    assert.match(ok.stdout, /^ok {6}codex --version: codex-cli 0\.171\.0 \(tested with this descriptor\) {2}\(version\)$/m);
    assert.equal(ok.stdout.trim().split('\n').length, 5);
    // "ok" lines say what was checked; the last says what was not, so no one reads them as "the run will work".
    assert.match(ok.stdout.trim().split('\n').at(-1)!, /^note {4}not checked: whether codex can reach its model \(endpoint, API key or login, model name, quota\): harness check calls no model, .* {2}\(not-checked\)$/);
    const missing = await cli(['harness', 'check', 'codex'], { PATH: notARepo() });
    assert.equal(missing.code, 1);
    assert.match(missing.stdout, /^error {3}the executable "codex" is not on PATH \(.+\); install it or put its folder on PATH {2}\(executable-missing\)$/m);
    assert.equal((await cli(['harness', 'check'], {})).code, 2);
  });

  // It said "executable /…/agent.sh not found on PATH": no PATH was searched, and the file is there.
  it('an executable named by path that is not executable: said as run says it, not "not found on PATH"', async () => {
    const dir = notARepo();
    writeFileSync(join(dir, 'agent.sh'), '#!/bin/sh\n');
    const descriptor = { ...JSON.parse(readFileSync(resolve(HELP, '../../harnesses/claude-code.json'), 'utf8')), executable: './agent.sh' };
    delete descriptor.$schema;
    writeFileSync(join(dir, 'mine.json'), JSON.stringify(descriptor));
    const checked = await cli(['harness', 'check', join(dir, 'mine.json')], { PATH: '' });
    assert.equal(checked.code, 1);
    const line = `the executable ${JSON.stringify(join(dir, 'agent.sh'))} does not exist or is not an executable file`;
    assert.match(checked.stdout, new RegExp(`^error {3}${line.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} {2}\\(executable-missing\\)$`, 'm'));
    writeFileSync(join(dir, 'evals.json'), JSON.stringify({ skill_name: 'x', evals: [{ id: 'a', prompt: 'p', expected_output: 'o' }] }));
    const ran = await cli(['run', '--evals', join(dir, 'evals.json'), '--harness', join(dir, 'mine.json'), '--cwd', dir, '--out', join(notARepo(), 'out')], { PATH: '' });
    assert.equal(ran.code, 2);
    assert.equal(ran.stdout, `harness claude-code: ${line} (nothing was run)`);
  });
});

describe('readHarnessVersion', () => {
  // A CLI whose --version hangs held judge 20 s before its plan, deaf to Ctrl-C (review23).
  it('a --version that hangs is stopped by the signal: no version, its process group gone, long before the time limit', async () => {
    const dir = notARepo();
    const started = join(dir, 'started');
    const finished = join(dir, 'finished');
    // It holds a file open, found in this /proc by it (in a PID namespace, $$ is no pid of this system).
    const mark = join(dir, 'mark');
    writeFileSync(mark, '');
    writeFileSync(join(dir, 'agent.sh'), `#!/bin/sh\nexec 3<${JSON.stringify(mark)}\ntouch ${JSON.stringify(started)}\nsleep 30\ntouch ${JSON.stringify(finished)}\n`, { mode: 0o755 });
    const { $schema: _schema, ...builtIn } = JSON.parse(readFileSync(resolve(HELP, '../../harnesses/claude-code.json'), 'utf8'));
    const descriptor = parseHarnessDescriptor(JSON.stringify({ ...builtIn, executable: join(dir, 'agent.sh') }), 'mine.json');
    const stop = new AbortController();
    const read = readHarnessVersion(descriptor, { cwd: dir, env: { PATH: process.env.PATH }, signal: stop.signal, timeoutMs: 60_000 });
    while (!existsSync(started)) await new Promise((resolve) => setTimeout(resolve, 20));
    stop.abort();
    assert.equal(await read, null);
    assert.equal(isRunning(mark), false, 'the CLI is not left running');
    assert.equal(existsSync(finished), false);
  });
});

describe('docs/harnesses.md', () => {
  const docs = readFileSync(resolve(HELP, '../../docs/harnesses.md'), 'utf8');
  it('shows the built-in claude-code descriptor as it is', () => {
    const shown = JSON.parse(/```json\n([\s\S]*?)```/.exec(docs)![1]!);
    const { description, ...builtIn } = JSON.parse(readFileSync(resolve(HELP, '../../harnesses/claude-code.json'), 'utf8'));
    void description;
    assert.deepEqual(shown, builtIn);
  });
  it('documents every trap harness check knows, by its id', async () => {
    const { findingMessages } = await import('../../src/runner/harness-check.js');
    for (const id of ['root-without-sandbox', 'not-a-git-repo', 'resume-read-only', 'argv-prompt-quoted']) {
      assert.ok(id in findingMessages && docs.includes(`\`${id}\``), id);
    }
  });
});

describe('versionLine', () => {
  it("reads the version line, not Codex's warning printed first on stderr", async () => {
    const { versionLine } = await import('../../src/runner/harness-check.js');
    const warning = 'WARNING: proceeding, even though we could not create PATH aliases: Permission denied (os error 13)';
    assert.equal(versionLine({ output: `${warning}\ncodex-cli 0.171.0\n`, stdout: 'codex-cli 0.171.0\n' }), 'codex-cli 0.171.0');
    assert.equal(versionLine({ output: `${warning}\n1.2.3\n`, stdout: '' }), '1.2.3', 'a version on stderr only, after a warning');
    assert.equal(versionLine({ output: 'dev build\n', stdout: 'dev build\n' }), 'dev build', 'no number: the first line');
    assert.equal(versionLine({ output: '', stdout: '' }), undefined);
  });
});
