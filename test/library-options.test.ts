// The library refuses options of the wrong type with the CLI's usage errors, and a config file says each setting once.
import assert from 'node:assert/strict';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { check, checkSource, UsageError, type CheckOptions } from '../src/index.js';
import { CHECK_OPTION_NAMING, resolveConfig } from '../src/internal.js';
import { runCli, type CliIO } from '../src/cli/index.js';

const artifact = new URL('../fixtures/valid/claude-completed-two-followups/conversation.json', import.meta.url).pathname;

async function cliError(args: string[], cwd: string): Promise<string> {
  let stderr = '';
  const io: CliIO = { cwd, env: {}, stdout: { write: () => true }, stderr: { write: (t: string) => (stderr += t) }, readStdin: async () => Buffer.alloc(0) };
  await assert.rejects(runCli(['check', ...args], io), (e: Error) => void (stderr = e.message) === undefined);
  return stderr;
}

async function libraryError(paths: unknown, options: unknown): Promise<string> {
  let message = '';
  await assert.rejects(check(paths as string[], options as CheckOptions), (e: Error) => {
    assert.ok(e instanceof UsageError, `${e.name}: ${e.message}`);
    message = e.message;
    return true;
  });
  return message;
}

describe('library options of the wrong type', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'em-options-'));

  it('kind and concurrency outside their choices: the CLI\'s message, naming the option as the library spells it', async () => {
    for (const [flag, option, cliValue, libraryValue] of [['kind', 'kind', 'weird', 'weird'], ['concurrency', 'concurrency', 'many', 'many']] as const) {
      const fromCli = await cliError([artifact, `--${flag}`, cliValue], cwd);
      const fromLibrary = await libraryError([artifact], { cwd, [option]: libraryValue });
      assert.equal(fromLibrary, fromCli.replace(/^--/, ''), `${option}`);
    }
    assert.match(await libraryError([artifact], { cwd, concurrency: 0 }), /^concurrency 0: expected a positive whole number/);
  });

  it('ignore as a string (not one glob per character), pattern as a number, paths as a string, a flag as a string: usage errors', async () => {
    const cases: Array<[unknown, Record<string, unknown>, RegExp]> = [
      [[artifact], { ignore: '**' }, /^ignore must be an array of glob strings, e\.g\. \["\*\*\/drafts\/\*\*"\] \(got the string "\*\*"\)\.$/],
      [[artifact], { pattern: 3 }, /^pattern must be a glob string or an array of them \(got 3\)\.$/],
      [artifact, {}, /^paths must be an array of strings \(got the string/],
      [[artifact], { quiet: 'yes' }, /^quiet must be true or false/],
      [[artifact], { evals: '' }, /^evals must be a path that is not empty/],
      [[artifact], { rules: 'blank-text=off' }, /^rules must be an object/],
      [[artifact], { config: 3 }, /^config must be a path, false, or a ResolvedConfig: \{ config: \{ rules, ignore \}, path\? \}\.$/],
      // A typo must not leave the default it meant to change in force.
      [[artifact], { ignores: ['**/drafts/**'] }, /^check\(\) has no option "ignores"; did you mean "ignore"\? \(its options: cwd, pattern, ignore, /],
    ];
    for (const [paths, options, message] of cases) assert.match(await libraryError(paths, { cwd, ...options }), message, JSON.stringify(options));
  });

  it('no paths at all: a usage error that says so (it read "No artifact found under  (searched …)"), and with allowEmpty an empty report, never a check of cwd', async () => {
    assert.equal(await libraryError([], { cwd }), 'No artifact found: paths is empty, so nothing was searched (eval-magic check searches "." when given no path; check() searches only the paths it is given). Use allowEmpty: true if that is expected.');
    assert.deepEqual((await check([], { cwd, allowEmpty: true, config: false })).results, []);
  });

  it('a cwd that is not a folder is said to be, not taken for every path being missing', async () => {
    assert.equal(await libraryError([artifact], { cwd: join(cwd, 'no-such-folder') }), `cwd ${JSON.stringify(join(cwd, 'no-such-folder'))} is not a folder.`);
    assert.equal(await libraryError(['x'], { cwd: artifact }), `cwd ${JSON.stringify(artifact)} is not a folder.`);
  });

  it('an empty path (an unset variable) is a usage error, as `eval-magic check ""` is, never the working folder', async () => {
    assert.equal(await libraryError([artifact, ''], { cwd }), 'paths[1] is empty (""): an empty path never stands for the working folder; name "." for that.');
    assert.equal(await libraryError([' '], { cwd }), 'paths[0] is empty (" "): an empty path never stands for the working folder; name "." for that.');
  });

  it('stdin without "-" among the paths: a usage error, as --stdin-filename without "-" is in the CLI', async () => {
    const message = await libraryError([artifact], { cwd, stdin: { bytes: '{}', filePath: 'piped/conversation.json' } });
    assert.match(message, /^stdin is checked only when "-" is among the paths/);
    assert.match(await cliError([artifact, '--stdin-filename', 'piped/conversation.json'], cwd), /^--stdin-filename names standard input, which is checked only when "-" is among the paths/);
    const piped = await check(['-'], { cwd, stdin: { bytes: '{}', filePath: 'piped/conversation.json' }, config: false });
    assert.equal(piped.results[0]!.filePath, 'piped/conversation.json');
  });

  it('options of the right type still check', async () => {
    const report = await check([artifact], { cwd, ignore: ['**/drafts/**'], kind: 'conversation', concurrency: 1, config: false });
    assert.equal(report.results.length, 1);
  });
});

// The config option's third form, a config in hand (the CLI passes the one it resolved): it named
// resolveConfig(), which the package does not export, and was used unchecked — `ignore: "**"`
// became the globs "*", "*" (the file still checked), an unknown setting did nothing, `null` threw a TypeError.
describe('a config given as an object', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'em-given-config-'));
  const warnFile = new URL('../fixtures/rules/blank-text/invalid/empty-assistant-reply.json', import.meta.url).pathname;

  it('is held to what a config file may say, each mistake named at its place in the option', async () => {
    const cases: Array<[unknown, string]> = [
      [{ config: { ignore: '**' } }, 'config.config.ignore: "ignore" must be an array of glob strings.'],
      [{ config: { ignore: [''] } }, 'config.config.ignore[0]: "ignore"[0] is an empty glob; give a pattern such as "**/drafts/**", or remove it.'],
      [{ config: { ignores: [] } }, 'config.config.ignores: unknown setting "ignores"; did you mean "ignore"? (allowed: "rules", "ignore", "$schema").'],
      [{ config: { rules: { 'blank-text': 'loud' } } }, 'config.config.rules.blank-text: rule "blank-text" has setting "loud"; use "off", "warn" or "error".'],
      [{ config: null }, 'config.config: the config must be a JSON object.'],
      [{ path: 5, config: {} }, 'config.path must be a string, the file the config came from, or absent (got 5).'],
    ];
    for (const [config, message] of cases) assert.equal(await libraryError([warnFile], { cwd, config }), message, JSON.stringify(config));
  });

  it('a valid one is applied, its path told to onConfig', async () => {
    let told: string | undefined = 'not told';
    const report = await check([warnFile], { cwd, config: { path: '/elsewhere/eval-magic.config.json', config: { rules: { 'blank-text': 'error' } } }, onConfig: (path) => (told = path) });
    assert.equal(told, '/elsewhere/eval-magic.config.json');
    assert.deepEqual([report.errorCount, report.warningCount], [1, 0]);
    assert.equal((await check([warnFile], { cwd, config: { config: { ignore: ['**'] } }, allowEmpty: true })).results.length, 0);
  });
});

describe('severities that are not rule id → 0, 1 or 2', () => {
  const cwd = mkdtempSync(join(tmpdir(), 'em-severities-'));
  const cases: Array<[unknown, RegExp]> = [
    // "error" was read as a number: counted as a warning, never as an error.
    [{ 'blank-text': 'error' }, /^severities: rule "blank-text" has severity "error"; use 0 \(off\), 1 \(warn\) or 2 \(error\)\.$/],
    [{ 'blank-text': 5 }, /^severities: rule "blank-text" has severity 5;/],
    [{ 'blank-text': true }, /^severities: rule "blank-text" has severity true;/],
    [{ 'blank-txt': 2 }, /^severities: unknown rule "blank-txt"\. Did you mean "blank-text"\? Known rules: /],
    [['blank-text'], /^severities must be an object of rule id → 0 \(off\), 1 \(warn\) or 2 \(error\), e\.g\. \{"blank-text": 0\} \(got an array\)\.$/],
    [null, /^severities must be an object .* \(got null\)\.$/],
  ];

  it('check: a usage error naming the rule and the value, or the nearest rule id', async () => {
    for (const [severities, message] of cases) assert.match(await libraryError([artifact], { cwd, config: false, severities }), message, JSON.stringify(severities));
  });

  it('checkSource: the same usage errors', () => {
    for (const [severities, message] of cases) {
      assert.throws(() => checkSource({ filePath: 'conversation.json', bytes: '{}' }, { severities: severities as never }), (e: Error) => e instanceof UsageError && message.test(e.message), JSON.stringify(severities));
    }
  });

  it('0, 1 and 2 still apply, a rule left out is off', () => {
    const result = checkSource({ filePath: 'conversation.json', bytes: '{}' }, { severities: { 'blank-text': 2, 'followup-count': 0 } });
    assert.equal(result.warningCount, 0);
  });
});

describe('checkSource input of the wrong type', () => {
  const refused = (source: unknown, options?: unknown) => {
    let message = '';
    assert.throws(() => checkSource(source as never, options as never), (e: Error) => {
      assert.ok(e instanceof UsageError, `${e.name}: ${e.message}`);
      message = e.message;
      return true;
    });
    return message;
  };

  it('a kind outside its choices, bytes or a name that are none, a flag as a string: usage errors, as check gives', () => {
    assert.equal(refused({ filePath: 'a.json', bytes: '{}', kind: 'weird' }), 'kind "weird": use one of "conversation", "evals", "grading", "comparison", "run", "campaign", "judgment".');
    assert.equal(refused({ filePath: 'a.json', bytes: null }), 'bytes must be a string or a Uint8Array (got null).');
    assert.equal(refused({ filePath: 3, bytes: '{}' }), 'filePath must be a string, the name to report the file under (got 3).');
    assert.equal(refused(null), 'source must be an object { filePath, bytes } (got null).');
    assert.equal(refused({ filePath: 'a.json', bytes: '{}', evalMatch: 'e1' }), 'evalMatch must be an object (got the string "e1").');
    assert.equal(refused({ filePath: 'a.json', bytes: '{}' }, null), 'options must be an object (got null).');
    assert.equal(refused({ filePath: 'a.json', bytes: '{}' }, { quiet: 'yes' }), 'quiet must be true or false (got the string "yes").');
  });

  it("an option or a source field checkSource does not have: a usage error naming the nearest, as check() gives — kind is the source's, never an option", () => {
    // check() takes kind as an option; checkSource reads it from the source, so { kind } as an option would check an evals.json as a conversation.
    assert.equal(refused({ filePath: 'a.json', bytes: '{}' }, { kind: 'evals' }), 'checkSource() has no option "kind" (its options: severities, quiet, keepArtifacts).');
    assert.equal(refused({ filePath: 'a.json', bytes: '{}' }, { quite: true }), 'checkSource() has no option "quite"; did you mean "quiet"? (its options: severities, quiet, keepArtifacts).');
    assert.equal(refused({ filePath: 'a.json', text: '{}', bytes: '{}' }), 'checkSource()\'s source has no field "text" (its fields: filePath, bytes, kind, evalMatch).');
  });

  it('bytes as a string or a Buffer, every kind: still checked', () => {
    assert.equal(checkSource({ filePath: 'a.json', bytes: Buffer.from('{}'), kind: 'run' }).filePath, 'a.json');
    assert.ok(checkSource({ filePath: 'evals.json', bytes: '{' }).errorCount > 0);
  });
});

describe('a config file that repeats a key', () => {
  it('is a usage error at the repeat, not last-wins, from the CLI and the library alike', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-config-dup-'));
    const config = join(dir, 'eval-magic.config.json');
    writeFileSync(config, '{\n  "rules": {"blank-text": "off"},\n  "rules": {"blank-text": "error"}\n}\n');
    const expected = `eval-magic.config.json:3:3: duplicate key "rules" at /rules; a config says each setting once (readers keep only the last).`;
    assert.throws(() => resolveConfig(dir, undefined, CHECK_OPTION_NAMING.library.config, [{ arg: '.', folder: dir }]), (e: Error) => e instanceof UsageError && e.message === expected);
    // The config is looked up from the file checked: here, beside it.
    copyFileSync(artifact, join(dir, 'conversation.json'));
    assert.equal(await cliError(['conversation.json'], dir), expected);
    writeFileSync(config, '{"rules": {"blank-text": "off", "blank-text": "warn"}}');
    assert.throws(() => resolveConfig(dir, undefined, CHECK_OPTION_NAMING.library.config, [{ arg: '.', folder: dir }]), /eval-magic\.config\.json:1:33: duplicate key "blank-text" at \/rules\/blank-text/);
  });
});

describe('nothing to check: the library names its own options (allowEmpty, ignore), the CLI its flags, in the same sentence', () => {
  type Names = { allowEmpty: string; ignore: string };
  const library: Names = { allowEmpty: 'allowEmpty: true', ignore: 'the ignore option' };
  const flags: Names = { allowEmpty: '--allow-empty', ignore: '--ignore' };
  // [what, paths, ignore globs, the whole message as `n` names the options]
  const cases: Array<[string, string[], string[], (n: Names) => string]> = [
    ['no artifact under the path', ['.'], [], (n) => `No artifact found under "." (searched for **/conversation.json, **/evals.json, **/grading.json, **/comparison.json, **/judge/*/*/judgment.json). Use ${n.allowEmpty} if that is expected.`],
    ['a file named, left out by the ignore globs', ['evals.json'], ['**'], (n) => `No artifact to check: "evals.json" is left out by the ignore globs (${n.ignore} or the config's "ignore"). Use ${n.allowEmpty} if that is expected.`],
    ['every artifact found left out by the ignore globs', ['.'], ['**/evals.json'], (n) => `No artifact to check under ".": the 1 found there is left out by the ignore globs (${n.ignore} or the config's "ignore"). Use ${n.allowEmpty} if that is expected.`],
  ];
  for (const [what, paths, ignore, sentence] of cases) {
    it(what, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'em-empty-'));
      writeFileSync(join(cwd, 'notes.txt'), 'no artifact here');
      if (ignore.length > 0) writeFileSync(join(cwd, 'evals.json'), '{}');
      assert.equal(await libraryError(paths, { cwd, ...(ignore.length > 0 ? { ignore } : {}) }), sentence(library));
      assert.equal(await cliError([...paths, ...ignore.flatMap((glob) => ['--ignore', glob])], cwd), sentence(flags));
    });
  }
});

describe("an evals file check cannot use: the library names its option (the evals option), the CLI its flag (--evals)", () => {
  // [the evals file's name and text (none: missing), the whole message as `evals` names the option]
  const cases: Array<[string, string | undefined, (evals: string) => string]> = [
    ['nope.json', undefined, (n) => `${n} "nope.json": cannot read it: No such file or directory (ENOENT)`],
    ['list.json', '[]', (n) => `${n} "list.json": not an evals.json: list.json:1:1 has no "evals" array.`],
  ];
  for (const [file, text, sentence] of cases) {
    it(file, async () => {
      const cwd = mkdtempSync(join(tmpdir(), 'em-evals-'));
      writeFileSync(join(cwd, 'evals.json'), '{"skill_name": "s", "evals": []}');
      if (text !== undefined) writeFileSync(join(cwd, file), text);
      assert.equal(await libraryError(['.'], { cwd, evals: file }), sentence('the evals option'));
      assert.equal(await cliError(['.', '--evals', file], cwd), sentence('--evals'));
    });
  }
});

describe('a config file found by the lookup that links out of the repository: the library names its option (the config option), the CLI its flag (--config)', () => {
  it('check() and eval-magic check', async () => {
    const root = mkdtempSync(join(tmpdir(), 'em-config-link-'));
    const repo = join(root, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    writeFileSync(join(root, 'token'), 'ghp_secret');
    symlinkSync(join(root, 'token'), join(repo, 'eval-magic.config.json'));
    writeFileSync(join(repo, 'evals.json'), '{"skill_name": "s", "evals": []}');
    const sentence = (config: string) => `eval-magic.config.json: a symbolic link to a file outside its repository ("."); a config file found by the lookup is not read through such a link. Name the file with ${config} to use it.`;
    assert.equal(await libraryError(['.'], { cwd: repo }), sentence('the config option'));
    assert.equal(await cliError(['.'], repo), sentence('--config'));
  });
  it('outside a repository, the config\'s own folder is the bound, and the message says so', async () => {
    const root = mkdtempSync(join(tmpdir(), 'em-config-link-'));
    const folder = join(root, 'evals');
    mkdirSync(folder);
    writeFileSync(join(root, 'token'), 'ghp_secret');
    symlinkSync(join(root, 'token'), join(folder, 'eval-magic.config.json'));
    writeFileSync(join(folder, 'evals.json'), '{"skill_name": "s", "evals": []}');
    assert.equal(await cliError(['.'], folder), 'eval-magic.config.json: a symbolic link to a file outside its folder ("."); a config file found by the lookup is not read through such a link. Name the file with --config to use it.');
  });
});

describe('campaign library options that do not exist', () => {
  it('runCampaign and initEvals refuse a misspelt option with the nearest one, as check() does, before anything runs or is written', async () => {
    const { runCampaign, initEvals } = await import('../src/campaign/index.js');
    const skill = mkdtempSync(join(tmpdir(), 'em-init-'));
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: my-skill\ndescription: does x\n---\nBody\n');
    await assert.rejects(runCampaign({ evals: join(skill, 'evals/evals.json'), harness: 'claude-code', run: 3 } as never), (e: Error) =>
      e instanceof UsageError && /^runCampaign\(\) has no option "run"; did you mean "runs"\?/.test(e.message));
    assert.throws(() => initEvals({ cwd: skill, skilDir: '.' } as never), (e: Error) =>
      e instanceof UsageError && /^initEvals\(\) has no option "skilDir"; did you mean "skillDir"\?/.test(e.message));
    assert.equal(initEvals({ cwd: skill, skillDir: '.' }).evalId, 'first-task', 'the options spelt right still work');
  });

  it('runCampaign and initEvals refuse options that are no object, and a path option that is no string, with a usage error naming it (a TypeError from deep inside before), writing nothing', async () => {
    const { runCampaign, initEvals } = await import('../src/campaign/index.js');
    const skill = mkdtempSync(join(tmpdir(), 'em-init-'));
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: my-skill\ndescription: does x\n---\nBody\n');
    const usage = (message: RegExp) => (e: Error) => e instanceof UsageError && message.test(e.message);
    assert.throws(() => initEvals(null as never), usage(/^initEvals\(\) takes an object of options \(got null\)\.$/));
    assert.throws(() => initEvals('.' as never), usage(/^initEvals\(\) takes an object of options \(got the string "\."\)\.$/));
    assert.throws(() => initEvals({ cwd: skill, skillDir: 3 } as never), usage(/^skillDir must be a path that is not empty \(got 3\)\.$/));
    assert.throws(() => initEvals({ cwd: 5 } as never), usage(/^cwd must be a path that is not empty \(got 5\)\.$/));
    assert.throws(() => initEvals({ cwd: skill, skillDir: '' }), usage(/^skillDir must be a path that is not empty \(got the string ""\)\.$/));
    assert.equal(existsSync(join(skill, 'evals')), false);
    await assert.rejects(runCampaign(null as never), usage(/^runCampaign\(\) takes an object of options \(got null\)\.$/));
    await assert.rejects(runCampaign({ evals: 3, harness: 'claude-code' } as never), usage(/^evals must be a path that is not empty \(got 3\)\.$/));
    await assert.rejects(runCampaign({ evals: join(skill, 'evals.json'), harness: ['claude-code'] } as never), usage(/^harness must be a harness name or descriptor file \(got an array\)\.$/));
  });
});

describe('judge and run library options that do not exist', () => {
  it('runJudge and runEvals refuse a misspelt option with the nearest one, as compareIterations does, before anything is read or run ({ repets: 3 } was ignored: one judgment each)', async () => {
    const { runJudge } = await import('../src/judge/index.js');
    const { runEvals } = await import('../src/runner/index.js');
    const cwd = mkdtempSync(join(tmpdir(), 'em-judge-options-'));
    const usage = (message: RegExp) => (e: Error) => e instanceof UsageError && message.test(e.message);
    await assert.rejects(runJudge({ paths: ['nowhere'], harness: 'claude-code', baseDir: cwd, repets: 3 } as never), usage(/^runJudge\(\) has no option "repets"; did you mean "repeats"\? \(its options: paths, harness, /));
    await assert.rejects(runJudge(null as never), usage(/^runJudge\(\) takes an object of options \(got null\)\.$/));
    await assert.rejects(runEvals({ evals: 'evals.json', harness: 'claude-code', cwd, out: 'out', baseDir: cwd, overwrites: true } as never), usage(/^runEvals\(\) has no option "overwrites"; did you mean "overwrite"\? \(its options: evals, evalId, /));
    assert.deepEqual(readdirSync(cwd), [], 'nothing was written');
  });
});

describe('a bad value shown one way by judge, compare and check (review33)', () => {
  // judge said `(got number)` where compare said `(got 5)`, and `--repeats … got 3` for the string "3".
  it('runJudge, compareIterations and check show the value itself, a string escaped and cut short when long', async () => {
    const { runJudge } = await import('../src/judge/index.js');
    const { compareIterations } = await import('../src/compare/index.js');
    const cwd = mkdtempSync(join(tmpdir(), 'em-values-'));
    const said = (promise: Promise<unknown>) => promise.then(() => assert.fail('not refused'), (e: Error) => (assert.ok(e instanceof UsageError, e.message), e.message));
    const judge = (options: Record<string, unknown>) => said(runJudge({ paths: ['nowhere'], harness: 'claude-code', baseDir: cwd, ...options } as never));
    assert.equal(await judge({ dryRun: 5 }), 'dryRun must be true or false (got 5).');
    assert.equal(await said(compareIterations(['nowhere'], { cwd, writeGrading: 5 as never })), 'writeGrading must be true or false (got 5).');
    assert.equal(await judge({ repeats: '3' }), '--repeats must be a whole number ≥ 1 (got the string "3").');
    assert.equal(await judge({ jobs: 0 }), '--jobs must be a whole number ≥ 1 (got 0).');
    assert.equal(await judge({ retries: 1.5 }), '--retries must be a whole number ≥ 0 (got 1.5).');
    assert.equal(await libraryError([artifact], { cwd, pattern: 3 }), 'pattern must be a glob string or an array of them (got 3).');
    // A string from a caller's input: its controls escaped, and cut short (its length said) when long.
    assert.equal(await judge({ dryRun: `yes\u001b[2J${'x'.repeat(100)}` }), `dryRun must be true or false (got the string "yes\\u001b[2J${'x'.repeat(53)}…", 107 characters).`);
    assert.equal(await libraryError([artifact], { cwd, allowEmpty: 'no\u202e' }), 'allowEmpty must be true or false (got the string "no\\u202e").');
    // After the option's name, the same quoting (a bidi override shown escaped, never raw).
    assert.equal(await libraryError([artifact], { cwd, kind: 'evals\u202e' }), 'kind "evals\\u202e": use one of "conversation", "evals", "grading", "comparison", "judgment".');
    assert.equal(await libraryError([artifact], { cwd, concurrency: 'x'.repeat(70) }), `concurrency "${'x'.repeat(60)}…": expected a positive whole number, "auto" or "off".`);
    // Astral characters count as one and are never split; a huge value is read no further than shown (review34: it was spread whole, 681 MB for 3e7 characters); -0 as itself.
    assert.equal(await judge({ dryRun: '😀'.repeat(70) }), `dryRun must be true or false (got the string "${'😀'.repeat(60)}…", 70 characters).`);
    assert.equal(await judge({ dryRun: 'y'.repeat(5e7) }), `dryRun must be true or false (got the string "${'y'.repeat(60)}…", 50000000 characters).`);
    assert.equal(await judge({ jobs: -0 }), '--jobs must be a whole number ≥ 1 (got -0).');
  });
});
