// The config file: found up to the repository root only, named by --verbose and the reports, applied alike by the library and the CLI.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, it } from 'node:test';
import { check, formatters, UsageError } from '../src/index.js';
import { findConfigFile, resolveConfig } from '../src/config.js';
import { NOTHING_REPEATED, otherConfigsRefusal } from '../src/config/refusal.js';
import { shownPath } from '../src/fs/shown-path.js';
import { CHECK_OPTION_NAMING } from '../src/checker/check-options.js';
import { runCli, type CliIO } from '../src/cli/index.js';

const fixtures = new URL('../fixtures/', import.meta.url).pathname;
const errorFile = join(fixtures, 'rules/followup-count/invalid/count-off-by-one.json');
const blankFile = join(fixtures, 'rules/blank-text/invalid/empty-assistant-reply.json');

/** parent/ holds a config that turns followup-count off; parent/repo/ is a checkout (.git) holding an artifact with that error. */
function layout(gitEntry: 'folder' | 'file' | 'none') {
  const parent = mkdtempSync(join(tmpdir(), 'em-config-'));
  writeFileSync(join(parent, 'eval-magic.config.json'), '{"rules": {"followup-count": "off"}}');
  const repo = join(parent, 'repo');
  mkdirSync(join(repo, 'runs', 'a'), { recursive: true });
  if (gitEntry === 'folder') mkdirSync(join(repo, '.git'));
  if (gitEntry === 'file') writeFileSync(join(repo, '.git'), 'gitdir: /elsewhere/.git/worktrees/repo\n');
  writeFileSync(join(repo, 'runs', 'a', 'conversation.json'), readFileSync(errorFile));
  return { parent, repo };
}

async function cli(args: string[], cwd: string) {
  let stdout = '';
  let stderr = '';
  const io: CliIO = { cwd, env: {}, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, readStdin: async () => Buffer.alloc(0) };
  const code = await runCli(['check', ...args], io);
  return { code, stdout, stderr };
}

describe('config lookup', () => {
  it('--config naming a file that does not exist says so in words, as --evals does (not a bare "ENOENT")', () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-config-'));
    assert.throws(() => resolveConfig(dir, 'nope.json', CHECK_OPTION_NAMING.library.config, []), (e: Error) => e instanceof UsageError && e.message === 'Cannot read config file nope.json: No such file or directory (ENOENT).');
  });
  it('stops at the repository root: a config above the checkout is not used', async () => {
    for (const git of ['folder', 'file'] as const) {
      const { repo } = layout(git);
      assert.equal(findConfigFile(join(repo, 'runs')), undefined, git);
      const r = await cli(['runs', '--verbose'], repo);
      assert.equal(r.code, 1, `${git}: the parent's config must not turn the error off`);
      assert.match(r.stderr, /eval-magic: config: none/);
    }
  });

  it('never climbs into a shared temporary folder (anyone may write, sticky, as /tmp): a config another user planted there decides nothing', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'em-config-shared-tmp-'));
    chmodSync(shared, 0o1777);
    writeFileSync(join(shared, 'eval-magic.config.json'), '{"rules": {"followup-count": "off"}}');
    const workspace = join(shared, 'em-campaign');
    mkdirSync(join(workspace, 'runs', 'a'), { recursive: true });
    writeFileSync(join(workspace, 'runs', 'a', 'conversation.json'), readFileSync(errorFile));
    assert.equal(findConfigFile(join(workspace, 'runs')), undefined);
    const r = await cli(['runs', '--verbose'], workspace);
    assert.equal(r.code, 1, 'the planted config must not turn the error off');
    // The user's own folder in it is theirs: a config there is used.
    writeFileSync(join(workspace, 'eval-magic.config.json'), '{"rules": {"followup-count": "warn"}}');
    assert.equal(findConfigFile(join(workspace, 'runs')), join(workspace, 'eval-magic.config.json'));
  });

  it('outside any repository it still climbs, and --verbose, sarif and junit name the file', async () => {
    const { parent, repo } = layout('none');
    const r = await cli(['runs', '--verbose', '--format', 'sarif'], repo);
    assert.equal(r.code, 0);
    // Named as the user types it from the repository, one folder below the config (it was the absolute path).
    assert.match(r.stderr, /eval-magic: config: \.\.\/eval-magic\.config\.json\n/);
    assert.equal(resolve(repo, JSON.parse(r.stdout).runs[0].properties.configFile), join(parent, 'eval-magic.config.json'));
    assert.equal(JSON.parse(r.stdout).runs[0].properties.configFile, '../eval-magic.config.json');
    const inside = join(repo, 'eval-magic.config.json');
    writeFileSync(inside, '{"rules": {"followup-count": "warn"}}');
    const junit = await cli(['runs', '--format', 'junit'], repo);
    assert.match(junit.stdout, /<property name="eval-magic.config" value="eval-magic.config.json"\/>/);
  });

  // Each mistake names the file at the line and column of what it is about, as the user types it from the working folder (it was absolute).
  for (const [what, text, position, message] of [
    ['an unknown setting', '{\n  "rules": {},\n  "rulez": {}\n}', '3:3', /unknown setting "rulez"; did you mean "rules"\? \(allowed: "rules", "ignore", "\$schema"\)\.$/],
    ['a mistyped "ignore"', '{"ignores": ["**/drafts/**"]}', '1:2', /unknown setting "ignores"; did you mean "ignore"\?/],
    ['a setting nothing like one', '{"overrides": []}', '1:2', /unknown setting "overrides" \(allowed: "rules", "ignore", "\$schema"\)\.$/],
    ['an unknown rule', '{"rules": {\n  "blank-text": "warn",\n    "blank-txt": "off"}}', '3:5', /unknown rule "blank-txt"\. Did you mean "blank-text"\?/],
    ['a bad severity', '{"rules": {"blank-text": "warning"}}', '1:26', /rule "blank-text" has setting "warning"/],
    ['an empty glob', '{"ignore": [\n  "**/drafts/**",\n  ""\n]}', '3:3', /"ignore"\[1\] is an empty glob/],
    ['a glob that climbs out of the folder globs are matched from', '{"ignore": ["**/drafts/**", "../shared/**"]}', '1:29', /"ignore"\[1\] is "\.\.\/shared\/\*\*", which climbs out of the folder globs are matched from, so it would leave nothing out/],
    ['"ignore" not a list of globs', '{"ignore": "**/drafts/**"}', '1:12', /"ignore" must be an array of glob strings/],
    ['"rules" not an object', '{"rules": ["blank-text"]}', '1:11', /"rules" must be an object/],
    ['not an object', '[1]', '1:1', /the config must be a JSON object/],
  ] as const) {
    it(`${what} is a usage error at its line and column`, () => {
      const { repo } = layout('folder');
      writeFileSync(join(repo, 'eval-magic.config.json'), text);
      assert.throws(() => resolveConfig(repo, undefined, CHECK_OPTION_NAMING.library.config, [{ arg: '.', folder: repo }]), (e: Error) => e instanceof UsageError && e.message.startsWith(`eval-magic.config.json:${position}: `) && message.test(e.message));
      // From a folder below it: by ../, as shownPath names every path.
      assert.throws(() => resolveConfig(join(repo, 'runs'), undefined, CHECK_OPTION_NAMING.library.config, [{ arg: '.', folder: repo }]), (e: Error) => e instanceof UsageError && e.message.startsWith(`../eval-magic.config.json:${position}: `), what);
    });
  }

  it('a config that is not JSON is a usage error naming the file as shown, at its line and column (it was absolute)', async () => {
    const { repo } = layout('folder');
    writeFileSync(join(repo, 'eval-magic.config.json'), '{\n  "rules": {},\n}');
    assert.throws(() => resolveConfig(repo, undefined, CHECK_OPTION_NAMING.library.config, [{ arg: '.', folder: repo }]), (e: Error) => e instanceof UsageError && e.message === 'eval-magic.config.json:3:1: the config file is not valid JSON (a trailing comma).');
    writeFileSync(join(repo, 'eval-magic.config.json'), '{"rules": {}, "rules": {}}');
    await assert.rejects(cli(['.'], join(repo, 'runs')), (e: Error) => e instanceof UsageError && e.message.startsWith('../eval-magic.config.json:1:15: duplicate key "rules"'));
  });

  it('a config that is a dangling symbolic link is a usage error naming it, never skipped for a config above it or none', async () => {
    const { repo } = layout('folder');
    // The repository's own config turns the error off; runs/ links its config to a file not there
    // (a submodule CI did not check out): taking the root's, or none, would change the verdict unsaid.
    writeFileSync(join(repo, 'eval-magic.config.json'), '{"rules": {"followup-count": "off"}}');
    symlinkSync('../shared/eval-magic.config.json', join(repo, 'runs', 'eval-magic.config.json'));
    const link = join(repo, 'runs', 'eval-magic.config.json');
    assert.equal(findConfigFile(join(repo, 'runs')), link);
    assert.throws(() => resolveConfig(repo, undefined, CHECK_OPTION_NAMING.library.config, [{ arg: 'runs', folder: join(repo, 'runs') }]), (e: Error) => e instanceof UsageError && e.message.startsWith('runs/eval-magic.config.json: a symbolic link to "../shared/eval-magic.config.json", which does not exist') && !e.message.includes(link));
    await assert.rejects(cli(['.'], join(repo, 'runs')), (e: Error) => e instanceof UsageError && /^eval-magic\.config\.json: a symbolic link to "\.\.\/shared\/eval-magic\.config\.json", which does not exist/.test(e.message));
  });

  it('"ignore": [""] is a config error naming the file, not an internal bug', async () => {
    const { repo } = layout('folder');
    writeFileSync(join(repo, 'eval-magic.config.json'), '{"ignore": ["**/drafts/**", ""]}');
    assert.throws(() => resolveConfig(repo, undefined, CHECK_OPTION_NAMING.library.config, [{ arg: '.', folder: repo }]), (e: Error) => e instanceof UsageError && /"ignore"\[1\] is an empty glob/.test(e.message));
    await assert.rejects(cli(['runs'], repo), /eval-magic\.config\.json:1:29: "ignore"\[1\] is an empty glob/);
  });
});

describe('the library and the CLI give the same answer', () => {
  it('check() applies eval-magic.config.json as the CLI does (rules and ignore), unless config: false', async () => {
    const { repo } = layout('folder');
    mkdirSync(join(repo, 'runs', 'drafts'), { recursive: true });
    writeFileSync(join(repo, 'runs', 'drafts', 'conversation.json'), readFileSync(blankFile));
    writeFileSync(join(repo, 'eval-magic.config.json'), '{"rules": {"followup-count": "warn"}, "ignore": ["**/drafts/**"]}');
    const library = await check(['runs'], { cwd: repo });
    const fromCli = await cli(['runs', '--format', 'json'], repo);
    assert.equal(fromCli.stdout, formatters.json!(library));
    assert.deepEqual([library.errorCount, library.warningCount], [0, 1]);
    // config: false is the only way to leave the file out; rules layer on top as --rule does.
    const bare = await check(['runs'], { cwd: repo, config: false });
    assert.deepEqual([bare.errorCount, bare.results.length], [1, 2]);
    const flagged = await check(['runs'], { cwd: repo, rules: { 'followup-count': 'error' } });
    assert.equal(flagged.errorCount, 1);
    const named = await check(['runs'], { cwd: repo, config: 'eval-magic.config.json' });
    assert.deepEqual(named, library);
    let used: string | undefined = 'unset';
    await check(['runs'], { cwd: repo, onConfig: (path) => (used = path) });
    assert.equal(used, join(repo, 'eval-magic.config.json'));
  });
});

describe("the config's ignore globs: relative to the config file's folder", () => {
  /** repo/ (a checkout) with a config leaving out runs/drafts/, a broken draft there and a clean run beside it. */
  function withDrafts(ignore: string) {
    const repo = mkdtempSync(join(tmpdir(), 'em-config-ignore-'));
    mkdirSync(join(repo, '.git'));
    mkdirSync(join(repo, 'runs', 'drafts'), { recursive: true });
    mkdirSync(join(repo, 'runs', 'a'), { recursive: true });
    writeFileSync(join(repo, 'runs', 'drafts', 'conversation.json'), readFileSync(errorFile));
    writeFileSync(join(repo, 'runs', 'a', 'conversation.json'), readFileSync(join(fixtures, 'valid/claude-completed-two-followups/conversation.json')));
    writeFileSync(join(repo, 'eval-magic.config.json'), JSON.stringify({ ignore: [ignore] }));
    return repo;
  }

  it('leaves out the same files from any working folder, however the folder is named (ESLint: a config\'s ignores are relative to it)', async () => {
    const repo = withDrafts('runs/drafts/**');
    const runs = join(repo, 'runs');
    for (const [args, cwd] of [[['runs'], repo], [['.'], runs], [['drafts/conversation.json', 'a'], runs], [[runs], join(runs, 'a')], [[join(runs, 'drafts', 'conversation.json'), join(runs, 'a')], repo]] as const) {
      const r = await cli([...args, '--format', 'json'], cwd);
      assert.equal(r.code, 0, `check ${args.join(' ')} from ${cwd}: ${r.stdout}${r.stderr}`);
      assert.equal(JSON.parse(r.stdout).length, 1, `check ${args.join(' ')} from ${cwd}`);
      const library = await check([...args], { cwd });
      assert.deepEqual([library.errorCount, library.results.length], [0, 1], `check() of ${args.join(' ')} from ${cwd}`);
    }
  });

  it('still leaves out runs/drafts when runs/ is a link to a folder elsewhere (the path as named lies in the config\'s folder)', async () => {
    const repo = withDrafts('runs/drafts/**');
    const elsewhere = mkdtempSync(join(tmpdir(), 'em-config-linked-runs-'));
    renameSync(join(repo, 'runs'), join(elsewhere, 'runs'));
    symlinkSync(join(elsewhere, 'runs'), join(repo, 'runs'));
    for (const [args, cwd] of [[['runs'], repo], [['runs/drafts/conversation.json', 'runs/a'], repo], [['runs/*/conversation.json'], repo], [[join(repo, 'runs')], tmpdir()]] as const) {
      // Looked up from runs as named (in the repository), not from where it really is.
      const r = await cli([...args, '--format', 'json'], cwd);
      assert.equal(r.code, 0, `check ${args.join(' ')} from ${cwd}: ${r.stdout}${r.stderr}`);
      const library = await check([...args], { cwd });
      assert.deepEqual([library.errorCount, library.results.length], [0, 1], `check() of ${args.join(' ')} from ${cwd}`);
    }
  });

  it('a config named with --config, kept elsewhere, has its globs matched as --ignore\'s are (as ESLint reads a --config from the working folder)', async () => {
    const repo = withDrafts('runs/drafts/**');
    const shared = mkdtempSync(join(tmpdir(), 'em-config-shared-'));
    writeFileSync(join(shared, 'ci.config.json'), JSON.stringify({ ignore: ['**/drafts/**'] }));
    for (const [args, cwd] of [[['runs'], repo], [['.'], join(repo, 'runs')], [[join(repo, 'runs')], shared]] as const) {
      const r = await cli([...args, '--config', join(shared, 'ci.config.json'), '--format', 'json'], cwd);
      assert.equal(r.code, 0, `check ${args.join(' ')} from ${cwd}: ${r.stdout}${r.stderr}`);
      const library = await check([...args], { cwd, config: join(shared, 'ci.config.json') });
      assert.deepEqual([library.errorCount, library.results.length], [0, 1], `check() of ${args.join(' ')} from ${cwd}`);
    }
  });

  it('a glob naming a folder with a trailing slash leaves out all it holds, in the config and in --ignore (ESLint: "dir/")', async () => {
    const repo = withDrafts('runs/drafts/');
    for (const [args, cwd] of [[['runs'], repo], [['runs/drafts/conversation.json', 'runs/a'], repo], [['.'], join(repo, 'runs')]] as const) {
      const r = await cli([...args, '--format', 'json'], cwd);
      assert.equal(r.code, 0, `check ${args.join(' ')} from ${cwd}: ${r.stdout}${r.stderr}`);
    }
    const bare = await check(['runs'], { cwd: repo, config: false, ignore: ['runs/drafts/'] });
    assert.deepEqual([bare.errorCount, bare.results.length], [0, 1]);
  });

  it('--ignore stays matched against the path as reported, and a file outside the config\'s folder is not held to its globs', async () => {
    const repo = withDrafts('runs/drafts/**');
    const r = await cli(['.', '--ignore', 'drafts/**', '--config', join(repo, 'eval-magic.config.json')], join(repo, 'runs'));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const outside = mkdtempSync(join(tmpdir(), 'em-config-outside-'));
    mkdirSync(join(outside, 'runs', 'drafts'), { recursive: true });
    writeFileSync(join(outside, 'runs', 'drafts', 'conversation.json'), readFileSync(errorFile));
    const elsewhere = await check([join(outside, 'runs')], { cwd: repo });
    assert.equal(elsewhere.errorCount, 1, "runs/drafts outside the config's folder is another folder");
  });
});

describe('the config is looked up from the paths checked, not the working folder (ESLint 10 looks up from each file)', () => {
  /** repo/ (a checkout) whose config turns followup-count off, with runs/a/conversation.json having that error; elsewhere/ an unrelated folder; other/ another checkout whose config makes it an error. */
  function twoRepos() {
    const parent = mkdtempSync(join(tmpdir(), 'em-config-paths-'));
    const repo = join(parent, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    mkdirSync(join(repo, 'runs', 'a'), { recursive: true });
    writeFileSync(join(repo, 'runs', 'a', 'conversation.json'), readFileSync(errorFile));
    writeFileSync(join(repo, 'eval-magic.config.json'), '{"rules": {"followup-count": "off"}}');
    const elsewhere = join(parent, 'elsewhere');
    mkdirSync(elsewhere);
    const other = join(parent, 'other');
    mkdirSync(join(other, '.git'), { recursive: true });
    writeFileSync(join(other, 'eval-magic.config.json'), '{"rules": {"followup-count": "error"}}');
    return { parent, repo, elsewhere, other };
  }
  const configLine = (stderr: string) => /^eval-magic: config: (.*)$/m.exec(stderr)?.[1];

  it('check /abs/repo/runs from an unrelated folder, from another repository or from $HOME: the same verdict and config as check runs from the repository', async () => {
    const { repo, elsewhere, other } = twoRepos();
    const here = await cli(['runs', '--verbose'], repo);
    assert.equal(here.code, 0, here.stdout + here.stderr);
    assert.equal(configLine(here.stderr), 'eval-magic.config.json');
    const config = join(repo, 'eval-magic.config.json');
    const file = join(repo, 'runs', 'a', 'conversation.json');
    for (const cwd of [elsewhere, other, join(other, '.git'), '/']) {
      for (const args of [[join(repo, 'runs')], [file], [`${repo}/runs/*/conversation.json`], [join(repo, 'runs', 'a'), file]]) {
        const r = await cli([...args, '--verbose'], cwd);
        assert.equal(r.code, 0, `check ${args.join(' ')} from ${cwd}: ${r.stdout}${r.stderr}`);
        // Shown relative to the working folder when inside or beside it (from /: tmp/…; from elsewhere: ../repo/…).
        assert.equal(resolve(cwd, configLine(r.stderr) ?? ''), config, `check ${args.join(' ')} from ${cwd}`);
      }
    }
  });

  it('a folder named through a symbolic link is looked up from where it is named: a workspace kept on another disk is under its repository\'s config', async () => {
    const { repo, other } = twoRepos();
    symlinkSync(join(repo, 'runs'), join(other, 'linked'));
    const r = await cli(['linked', '--verbose'], other);
    assert.deepEqual([r.code, configLine(r.stderr)], [1, 'eval-magic.config.json'], r.stdout + r.stderr);
    const fromRepo = await cli([join(other, 'linked'), '--verbose'], repo);
    assert.deepEqual([fromRepo.code, configLine(fromRepo.stderr)], [1, '../other/eval-magic.config.json'], fromRepo.stdout + fromRepo.stderr);
  });

  it('standard input is looked up from the folder --stdin-filename names (without it, from the working folder)', async () => {
    const { repo, other } = twoRepos();
    const bytes = readFileSync(errorFile);
    const run = async (args: string[], cwd: string) => {
      let stderr = '';
      const io: CliIO = { cwd, env: {}, stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) }, readStdin: async () => bytes };
      return { code: await runCli(['check', ...args, '--verbose'], io), stderr };
    };
    const named = await run(['-', '--stdin-filename', join(repo, 'runs', 'a', 'conversation.json')], other);
    assert.deepEqual([named.code, configLine(named.stderr)], [0, '../repo/eval-magic.config.json']);
    const unnamed = await run(['-'], other);
    assert.deepEqual([unnamed.code, configLine(unnamed.stderr)], [1, 'eval-magic.config.json']);
    // A name below a file (no folder can be there) climbs from that file's folder, never an internal error.
    const underFile = await run(['-', '--stdin-filename', join(repo, 'runs', 'a', 'conversation.json', 'x.json')], other);
    assert.deepEqual([underFile.code, configLine(underFile.stderr)], [0, '../repo/eval-magic.config.json']);
  });

  it('the library: check() with another cwd applies the config of the paths checked', async () => {
    const { repo, elsewhere, other } = twoRepos();
    for (const cwd of [repo, elsewhere, other]) {
      let used: string | undefined;
      const report = await check([join(repo, 'runs')], { cwd, onConfig: (path) => (used = path) });
      assert.deepEqual([report.errorCount, used], [0, join(repo, 'eval-magic.config.json')], `from ${cwd}`);
    }
  });

  it('paths at several depths share the climb and each still finds its own nearest config, in any order (a config between them, one at the root, or none)', () => {
    const root = mkdtempSync(join(tmpdir(), 'eval-magic-config-climb-'));
    mkdirSync(join(root, '.git'));
    const deep = join(root, 'a', 'b', 'c');
    mkdirSync(deep, { recursive: true });
    const start = (folder: string) => ({ arg: folder, folder });
    const found = (...folders: string[]) => resolveConfig(root, undefined, '--config', folders.map(start)).path;
    assert.equal(found(deep, join(root, 'a'), root), undefined);
    writeFileSync(join(root, 'eval-magic.config.json'), '{}');
    assert.equal(found(deep, join(root, 'a', 'b'), root), join(root, 'eval-magic.config.json'));
    writeFileSync(join(root, 'a', 'b', 'eval-magic.config.json'), '{}');
    for (const order of [[deep, join(root, 'a')], [join(root, 'a'), deep]]) assert.throws(() => found(...order), /different config files/, order.join(' '));
    assert.equal(found(deep, join(root, 'a', 'b')), join(root, 'a', 'b', 'eval-magic.config.json'));
    assert.equal(findConfigFile(deep), join(root, 'a', 'b', 'eval-magic.config.json'));
  });

  it('paths that find different configs (or one and none) are refused, exit 2, naming each; --config (the config option) picks one', async () => {
    const { parent, repo, other } = twoRepos();
    mkdirSync(join(other, 'runs', 'b'), { recursive: true });
    writeFileSync(join(other, 'runs', 'b', 'conversation.json'), readFileSync(errorFile));
    const bare = join(parent, 'bare');
    mkdirSync(join(bare, '.git'), { recursive: true });
    writeFileSync(join(bare, 'conversation.json'), readFileSync(errorFile));
    for (const [second, found] of [[join(other, 'runs'), shownPath(repo, join(other, 'eval-magic.config.json'))], [join(bare, 'conversation.json'), 'no config file']] as const) {
      const r = await cli(['runs', second], repo).catch((e: Error) => e);
      assert.ok(r instanceof UsageError, `check runs ${second}: ${JSON.stringify(r)}`);
      assert.match(r.message, /^The paths checked have different config files:/);
      // Each config as every path is named (it was absolute): beside the working folder by ../.
      assert.ok(r.message.includes('"runs" (eval-magic.config.json)'), r.message);
      assert.ok(r.message.includes(`${JSON.stringify(second)} (${found})`), r.message);
      // A check per config, its paths as the caller writes them: a shell's words, the library's arrays.
      assert.ok(r.message.endsWith(`name the one to use with --config, or check each of runs, ${second} apart.`), r.message);
      await assert.rejects(check(['runs', second], { cwd: repo }), (e: Error) => e instanceof UsageError && e.message.endsWith(`name the one to use with the config option, or check each of ["runs"], ${JSON.stringify([second])} apart; give each check apart this call's cwd option too.`));
      const named = await cli(['runs', second, '--config', 'eval-magic.config.json', '--format', 'json'], repo);
      assert.equal(named.code, 0, named.stderr);
      assert.deepEqual((JSON.parse(named.stdout) as Array<{ errorCount: number }>).map((f) => f.errorCount), [0, 0]);
    }
    // Paths in two folders of one repository find the one config.
    mkdirSync(join(repo, 'more'));
    writeFileSync(join(repo, 'more', 'conversation.json'), readFileSync(errorFile));
    assert.equal((await cli(['runs', 'more/conversation.json'], repo)).code, 0);
  });
});

describe("check's advice never writes a rest that names no path", () => {
  it('files left beside the folders apart while every path named lies in one: by hand, said why (the rest dropped every path, a bare "check", which checks the working folder: review41 F2)', () => {
    const cwd = '/nowhere/w';
    const other = { own: '/nowhere/w/a/eval-magic.config.json', folder: 'a', at: '/nowhere/w/a', reported: 'a', file: 'a/evals.json', searched: true };
    const said = otherConfigsRefusal(cwd, { config: '--config', ignore: '--ignore', repeated: NOTHING_REPEATED }, undefined, { from: [{ arg: 'a', folder: '/nowhere/w/a' }], iterations: false, underPath: [] }, [other], { restLeft: true, emptied: [] });
    assert.doesNotMatch(said, /and the rest/);
    assert.match(said, /or check a apart \(.*\) — by hand: every path named lies in a folder checked apart, yet files it found lie outside them, and a check of the rest naming no path would check the working folder\.$/);
  });
});
