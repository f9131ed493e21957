// The CLI as users run it: the built binary, spawned for each kind of outcome (exit 0, 1 and 2,
// stdin, colour, help, version). Options that only steer the check (--rule, --max-warnings,
// --quiet, config files, --ignore, --allow-empty, --output-file) run through the built CLI's
// `main` in this process (runMain), with the same surroundings: a Node start-up less each.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { binPath, runBin, runMain } from '../helpers/cli.js';

const repo = new URL('../../', import.meta.url).pathname;
const fixtures = join(repo, 'fixtures');
const validFile = join(fixtures, 'valid/claude-stopped-agent-did-not-ask/conversation.json');
const warnFile = join(fixtures, 'rules/blank-text/invalid/empty-assistant-reply.json');
const errorFile = join(fixtures, 'rules/followup-count/invalid/count-off-by-one.json');

function workspace(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'em-cli-'));
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
}

describe('eval-magic --version (binary)', () => {
  it("prints package.json's version (the build writes it in)", () => {
    const r = runBin(['--version'], { cwd: repo });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout.trim(), (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { version: string }).version);
  });
});

describe('eval-magic check (binary)', () => {
  it('exits 0 on the bundled valid fixtures', () => {
    const r = runBin(['check', 'fixtures/valid'], { cwd: repo });
    assert.equal(r.code, 0, r.stderr + r.stdout);
    assert.match(r.stdout, /4 files checked, no problems/);
  });

  it('exits 1 on errors, with file, line:column, severity, message and rule id', () => {
    const r = runBin(['check', errorFile]);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /count-off-by-one\.json\n {2}3:26 {2}error {2}delivered_followups is 3, .* {2}followup-count\n/);
    assert.match(r.stdout, /1 problem \(1 error, 0 warnings\) in 1 file checked/);
  });

  it('json format is the documented contract, sorted by path', () => {
    const r = runBin(['check', errorFile, validFile, '--format', 'json']);
    assert.equal(r.code, 1);
    const report = JSON.parse(r.stdout);
    assert.deepEqual(report.map((f: { filePath: string }) => f.filePath), [validFile, errorFile].sort());
    const [message] = report.find((f: { errorCount: number }) => f.errorCount === 1).messages;
    assert.deepEqual(Object.keys(message), ['ruleId', 'messageId', 'severity', 'message', 'pointer', 'line', 'column', 'endLine', 'endColumn']);
    assert.deepEqual([message.ruleId, message.messageId, message.severity, message.pointer, message.line, message.column, message.endLine, message.endColumn], ['followup-count', 'mismatch', 2, '/delivered_followups', 3, 26, 3, 27]);
    assert.deepEqual(Object.keys(report[0]), ['filePath', 'errorCount', 'warningCount', 'messages']);
  });

  it('warnings alone exit 0; --max-warnings and --quiet', async () => {
    assert.equal((await runMain(['check', warnFile])).code, 0);
    const strict = await runMain(['check', warnFile, '--max-warnings', '0']);
    assert.equal(strict.code, 1);
    assert.match(strict.stderr, /too many warnings \(1\)/);
    const quiet = await runMain(['check', warnFile, '--quiet', '--format', 'json']);
    assert.deepEqual(JSON.parse(quiet.stdout)[0].messages, []);
  });

  it('--quiet --max-warnings: warnings still count against the limit (as ESLint), but are not shown', async () => {
    const r = await runMain(['check', warnFile, '--quiet', '--max-warnings', '0', '--format', 'json']);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /too many warnings \(1\); --max-warnings is 0\./);
    assert.deepEqual(JSON.parse(r.stdout), [{ filePath: warnFile, errorCount: 0, warningCount: 0, messages: [] }]);
    assert.equal((await runMain(['check', warnFile, '--quiet', '--max-warnings', '1'])).code, 0);
    const both = await runMain(['check', warnFile, errorFile, '--quiet', '--max-warnings', '0']);
    assert.equal(both.code, 1);
    assert.match(both.stdout, /1 problem \(1 error, 0 warnings\)/);
  });

  it('--quiet --max-warnings with too many warnings and no error: stylish prints nothing, as ESLint, never "no problems" before exit 1; the job summary says it failed', async () => {
    const summary = join(mkdtempSync(join(tmpdir(), 'em-quiet-summary-')), 'summary.md');
    const r = await runMain(['check', warnFile, '--quiet', '--max-warnings', '0']);
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    assert.equal(r.stderr, 'eval-magic: too many warnings (1); --max-warnings is 0.\n');
    assert.equal((await runMain(['check', warnFile, '--quiet', '--max-warnings', '0', '--format', 'github'], { env: { GITHUB_STEP_SUMMARY: summary } })).code, 1);
    const written = readFileSync(summary, 'utf8');
    assert.doesNotMatch(written, /no problems/);
    assert.match(written, /❌ 1 file checked: 1 warning \(not listed\), more than the 0 allowed\./);
    // Under the limit, the check passed: said as ever.
    assert.match((await runMain(['check', warnFile, '--quiet', '--max-warnings', '1'])).stdout, /✔ 1 file checked, no problems/);
  });

  it('--quiet --max-warnings with too many warnings: the html page says the check failed, in the job summary\'s words, never "no problems"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'em-quiet-html-'));
    const page = (name: string) => readFileSync(join(dir, name), 'utf8').match(/<p class="totals">.*?<\/p>/)![0];
    assert.equal((await runMain(['check', warnFile, '--quiet', '--max-warnings', '0', '-f', `html=${join(dir, 'over.html')}`])).code, 1);
    assert.doesNotMatch(page('over.html'), /no problems/);
    assert.match(page('over.html'), /1 warning \(not listed\), more than the 0 allowed/);
    // Under the limit, the check passed: said as ever.
    assert.equal((await runMain(['check', warnFile, '--quiet', '--max-warnings', '1', '-f', `html=${join(dir, 'under.html')}`])).code, 0);
    assert.match(page('under.html'), /no problems/);
  });

  it('--rule turns rules off or up, and rejects unknown ids with a suggestion', async () => {
    assert.equal((await runMain(['check', errorFile, '--rule', 'followup-count=off'])).code, 0);
    assert.equal((await runMain(['check', warnFile, '--rule', 'blank-text=error'])).code, 1);
    const bad = await runMain(['check', errorFile, '--rule', 'folowup-count=off']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /unknown rule "folowup-count"\. Did you mean "followup-count"\?/);
    const badValue = await runMain(['check', errorFile, '--rule', 'followup-count=loud']);
    assert.equal(badValue.code, 2);
    assert.match(badValue.stderr, /use "off", "warn" or "error"/);
  });

  it('--rule given twice for one rule: two severities are a usage error naming both, the same severity is harmless', async () => {
    const clash = await runMain(['check', errorFile, '--rule', 'followup-count=off', '--rule', 'blank-text=warn', '--rule', 'followup-count=error']);
    assert.equal(clash.code, 2);
    assert.equal(clash.stdout, '');
    assert.match(clash.stderr, /--rule followup-count=off and --rule followup-count=error: rule "followup-count" is given two severities/);
    // warn and 1, error and 2, off and 0 are one severity each: said twice, nothing is lost.
    assert.equal((await runMain(['check', errorFile, '--rule', 'followup-count=warn', '--rule', 'followup-count=1'])).code, 0);
    assert.equal((await runMain(['check', warnFile, '--rule', 'blank-text=error', '--rule', 'blank-text=2'])).code, 1);
    assert.equal((await runMain(['check', errorFile, '--rule', 'followup-count=off', '--rule', 'followup-count=0'])).code, 0);
    // A setting that is no severity at all is refused as such, before any comparison.
    const bad = await runMain(['check', errorFile, '--rule', 'followup-count=off', '--rule', 'followup-count=loud']);
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--rule followup-count=loud: rule "followup-count" has setting "loud"/);
  });

  it('reads eval-magic.config.json from the working directory upward, or --config', async () => {
    const dir = workspace({ 'eval-magic.config.json': '{"rules": {"followup-count": "warn"}}', 'sub/conversation.json': readFileSync(errorFile, 'utf8') });
    assert.equal((await runMain(['check', '.'], { cwd: join(dir, 'sub') })).code, 0);
    const other = workspace({ 'strict.json': '{"rules": {"blank-text": "error"}}' });
    assert.equal((await runMain(['check', warnFile, '--config', join(other, 'strict.json')])).code, 1);
    const broken = workspace({ 'eval-magic.config.json': '{"rulez": {}}', 'conversation.json': readFileSync(validFile, 'utf8') });
    const r = await runMain(['check'], { cwd: broken });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /unknown setting "rulez"/);
  });

  it('reads stdin for "-" and names it with --stdin-filename', () => {
    const r = runBin(['check', '-', '--stdin-filename', 'piped/conversation.json', '--format', 'json'], { input: readFileSync(errorFile) });
    assert.equal(r.code, 1);
    assert.equal(JSON.parse(r.stdout)[0].filePath, 'piped/conversation.json');
  });

  it('--stdin-filename without "-" is a usage error, not a silent check of the working directory', () => {
    // Piped input with "-" forgotten: the folder holds a clean conversation, stdin a broken one.
    const ws = workspace({ 'runs/a/conversation.json': readFileSync(validFile, 'utf8') });
    const r = runBin(['check', '--stdin-filename', 'piped/conversation.json'], { cwd: ws, input: readFileSync(errorFile) });
    assert.equal(r.code, 2, r.stdout);
    assert.match(r.stderr, /--stdin-filename names standard input, which is checked only when "-" is among the paths/);
    assert.equal(r.stdout, '');
    assert.equal(runBin(['check', 'runs', '--stdin-filename', 'piped/conversation.json'], { cwd: ws, input: '' }).code, 2);
  });

  it('standard input named into an ignored folder is left out, as the same file named on the command line is', async () => {
    const ws = workspace({ 'eval-magic.config.json': '{"ignore": ["**/drafts/**"]}', 'runs/b/conversation.json': readFileSync(validFile, 'utf8') });
    const broken = readFileSync(errorFile);
    const alone = await runMain(['check', '-', '--stdin-filename', 'drafts/a/conversation.json'], { cwd: ws, input: broken });
    assert.equal(alone.code, 2, alone.stdout);
    assert.match(alone.stderr, /No artifact to check: "drafts\/a\/conversation\.json" \(standard input\) is left out by the ignore globs/);
    assert.equal((await runMain(['check', '-', '--stdin-filename', 'drafts/a/conversation.json', '--allow-empty'], { cwd: ws, input: broken })).code, 0);
    // Beside a file that is checked, it is simply left out; a name outside the globs is still checked.
    const beside = await runMain(['check', '-', 'runs', '--stdin-filename', 'drafts/a/conversation.json', '--format', 'json'], { cwd: ws, input: broken });
    assert.equal(beside.code, 0, beside.stdout);
    assert.deepEqual(JSON.parse(beside.stdout).map((r: { filePath: string }) => r.filePath), ['runs/b/conversation.json']);
    assert.equal((await runMain(['check', '-', '--stdin-filename', 'runs/a/conversation.json'], { cwd: ws, input: broken })).code, 1);
  });

  it('exits 2 when nothing is found, unless --allow-empty', async () => {
    const empty = workspace({ 'notes.txt': 'x' });
    const r = await runMain(['check', '.'], { cwd: empty });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /No artifact found/);
    assert.equal((await runMain(['check', '.', '--allow-empty'], { cwd: empty })).code, 0);
    assert.equal((await runMain(['check', 'no-such-dir/*.json'], { cwd: empty })).code, 2);
  });

  it('a named file that the ignore globs leave out is said to be, not "not found"', async () => {
    const ws = workspace({ 'drafts/a/conversation.json': readFileSync(validFile, 'utf8'), 'runs/b/conversation.json': readFileSync(validFile, 'utf8') });
    const r = await runMain(['check', 'drafts/a/conversation.json', '--ignore', '**/drafts/**'], { cwd: ws });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /No artifact to check: "drafts\/a\/conversation\.json" is left out by the ignore globs/);
    assert.equal((await runMain(['check', 'drafts/a/conversation.json', '--ignore', '**/drafts/**', '--allow-empty'], { cwd: ws })).code, 0);
    // Beside a file that is checked, the ignored one is simply left out, as before.
    assert.equal((await runMain(['check', 'drafts/a/conversation.json', 'runs/b/conversation.json', '--ignore', '**/drafts/**'], { cwd: ws })).code, 0);
  });

  it('a folder whose every artifact the ignore globs leave out says so and how many, not "No artifact found" (the config\'s "ignore" too)', async () => {
    const ws = workspace({ 'drafts/a/conversation.json': readFileSync(validFile, 'utf8'), 'drafts/b/conversation.json': readFileSync(validFile, 'utf8'), 'eval-magic.config.json': '{"ignore": ["**/drafts/**"]}' });
    const r = await runMain(['check', 'drafts'], { cwd: ws });
    assert.equal(r.code, 2);
    assert.equal(r.stderr, 'eval-magic: No artifact to check under "drafts": the 2 found there are all left out by the ignore globs (--ignore or the config\'s "ignore"). Use --allow-empty if that is expected.\n');
    assert.equal((await runMain(['check', 'drafts', '--allow-empty'], { cwd: ws })).code, 0);
    // Nothing there to leave out: the search found nothing, as before.
    const empty = await runMain(['check', '.', '--ignore', '**/drafts/**', '--config', 'eval-magic.config.json'], { cwd: workspace({ 'notes.txt': 'x', 'eval-magic.config.json': '{}' }) });
    assert.match(empty.stderr, /No artifact found under "\."/);
  });

  it('a file named inside node_modules is checked, as its folder named is; a search still skips node_modules', async () => {
    const ws = workspace({ 'walk/node_modules/pkg/conversation.json': readFileSync(errorFile, 'utf8') });
    const named = await runMain(['check', 'walk/node_modules/pkg/conversation.json', '--format', 'json'], { cwd: ws });
    assert.equal(named.code, 1, named.stderr);
    assert.equal(JSON.parse(named.stdout)[0].errorCount, 1);
    assert.equal((await runMain(['check', 'walk/node_modules'], { cwd: ws })).code, 1);
    assert.match((await runMain(['check', 'walk'], { cwd: ws })).stderr, /No artifact found under "walk"/);
  });

  it('exits 2 for a path that does not exist, and for bad flags, without a stack trace', () => {
    for (const args of [['check', 'missing.json'], ['check', '--format', 'xml', validFile], ['check', '--bogus'], ['check', validFile, '--max-warnings', 'x']]) {
      const r = runBin(args);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, /^eval-magic: /m);
      assert.doesNotMatch(r.stderr, /\n\s+at /);
    }
  });

  // Node's process.cwd() threw (a stack trace, exit 1: "errors found" to a gate), or named
  // another folder (each byte that is not UTF-8 read as U+FFFD): `No such file or directory: "."`.
  it('a working folder that was deleted, or whose path is not UTF-8: exit 2 and one line saying so, no stack trace; --version still answers', () => {
    const parent = mkdtempSync(join(tmpdir(), 'em-cwd-'));
    const inFolder = (setup: string, ...args: string[]) => {
      const r = spawnSync('sh', ['-c', `${setup} && exec "$0" "$@"`, process.execPath, binPath, ...args], { cwd: parent, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
      return { code: r.status, stdout: r.stdout, stderr: r.stderr };
    };
    const gone = 'mkdir gone && cd gone && rmdir ../gone';
    const notUtf8 = "mkdir -p \"$(printf 'x\\377')\" && cd \"$(printf 'x\\377')\" && printf '{}' > evals.json";
    for (const [setup, expected] of [
      [gone, /^eval-magic: the working folder no longer exists \(deleted or moved after the shell entered it\): cd to an existing folder and run again\n$/],
      [notUtf8, /^eval-magic: the working folder's path is not valid UTF-8 \(".*x\uFFFD"\): Node\.js cannot name it, so no file in it can be found; run eval-magic from a folder whose path is UTF-8\n$/],
    ] as const) {
      for (const args of [['check'], ['init']]) {
        const r = inFolder(setup, ...args);
        assert.equal(r.code, 2, `${setup} ${args.join(' ')}: ${r.stdout}${r.stderr}`);
        assert.match(r.stderr, expected);
      }
      // What needs no folder still answers there.
      for (const args of [['--version'], ['rules', '--format', 'json']]) {
        const r = inFolder(setup, ...args);
        assert.equal(r.code, 0, `${setup} ${args.join(' ')}: ${r.stderr}`);
      }
    }
  });

  // Node reads each byte of an argument that is not UTF-8 as U+FFFD: init "$(printf 'x\377')" said
  // that folder "is not a folder", and init --prompt "$(printf 'caf\351')" wrote "caf\uFFFD".
  it('an argument that is not UTF-8 (Linux): exit 2 naming it, nothing written, never a lookalike file or an altered text', { skip: process.platform !== 'linux' && 'reads /proc/self/cmdline' }, () => {
    const parent = mkdtempSync(join(tmpdir(), 'em-argv-'));
    mkdirSync(join(parent, 'skill'));
    writeFileSync(join(parent, 'skill', 'SKILL.md'), '---\nname: a-skill\ndescription: x\n---\n');
    const run = (script: string) => spawnSync('sh', ['-c', `${script}`, process.execPath, binPath], { cwd: parent, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
    for (const [script, shown] of [
      ["mkdir \"$(printf 'x\\377')\" && cp skill/SKILL.md \"$(printf 'x\\377')/\" && exec \"$0\" \"$1\" init \"$(printf 'x\\377')\"", '"x\\uFFFD"'],
      ["exec \"$0\" \"$1\" init skill --prompt \"$(printf 'caf\\351 au lait')\"", '"caf\\uFFFD au lait"'],
    ] as const) {
      const r = run(script);
      assert.equal(r.status, 2, r.stdout + r.stderr);
      assert.equal(r.stderr, `eval-magic: the argument ${shown} is not valid UTF-8: Node.js reads each byte that is not as U+FFFD, so it would name another file, or change the text; pass it as UTF-8 (rename the file)\n`);
    }
    assert.equal(existsSync(join(parent, 'skill', 'evals')), false);
    // A real U+FFFD, typed as UTF-8, is an argument like any other.
    assert.equal(run(`exec "$0" "$1" init skill --prompt 'caf\uFFFD'`).status, 0);
  });

  it('checks every file even when some are broken, and writes --output-file', async () => {
    const dir = workspace({
      'a/conversation.json': '',
      'b/conversation.json': '\u0000\u0001binary',
      'c/conversation.json': readFileSync(validFile, 'utf8'),
    });
    const r = await runMain(['check', '.', '--format', 'json', '--output-file', 'report.json'], { cwd: dir });
    assert.equal(r.code, 1);
    assert.equal(r.stdout, '');
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8'));
    assert.deepEqual(report.map((f: { filePath: string; errorCount: number }) => [f.filePath, f.errorCount]), [['a/conversation.json', 1], ['b/conversation.json', 1], ['c/conversation.json', 0]]);
  });

  it('--ignore leaves files out', async () => {
    const dir = workspace({ 'keep/conversation.json': readFileSync(validFile, 'utf8'), 'drafts/conversation.json': '{' });
    assert.equal((await runMain(['check', '.', '--ignore', 'drafts/**'], { cwd: dir })).code, 0);
  });

  it('never lets artifact text drive the terminal', () => {
    const hostile = readFileSync(errorFile, 'utf8').replace('"delivered_followups": 3', '"delivered_followups": "\\u001b]8;;http://x\\u0007\\u001b[2J\\u202e"');
    const r = runBin(['check', '-'], { input: hostile, env: { FORCE_COLOR: '0' } });
    assert.equal(r.code, 1);
    assert.doesNotMatch(r.stdout, /[\u0000-\u0008\u000b-\u001f\u007f\u202e]/);
    assert.match(r.stdout, /\\u001b\]8;;http/);
  });

  it('colours only when asked (FORCE_COLOR) or on a terminal', () => {
    assert.doesNotMatch(runBin(['check', errorFile]).stdout, /\u001b\[/);
    assert.match(runBin(['check', errorFile], { env: { FORCE_COLOR: '1', NO_COLOR: undefined } }).stdout, /\u001b\[31m/);
  });

  // The version: "eval-magic --version (binary)" above.
  it('prints help', () => {
    const help = runBin(['check', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /--max-warnings/);
  });
});
