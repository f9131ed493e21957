// One rule for every file the checker opens — artifacts, an evals.json its lookup finds, the config
// file: judged by fstat before a byte is read (a regular file, at most MAX_FILE_BYTES), and never
// read through a link out of its boundary, whatever looks it up. Children with hard timeouts, so a
// read that never ends fails the test instead of hanging it.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check } from '../../src/index.js';
import { binPath } from '../helpers/cli.js';

const MEASURE = resolve(fileURLToPath(import.meta.url), '../measure-check.js');
const SECRET = 'ghp_0123456789abcdefSECRETSECRETSECRET';
const conversation = (prompt: string) =>
  JSON.stringify({ status: 'completed', delivered_followups: 0, events: [{ type: 'user_message', ordinal: 0, round: 1, text: prompt }, { type: 'assistant_message', ordinal: 1, round: 1, text: 'ok' }] }, null, 2) + '\n';
const evalsWithPrompt = (prompt: string) => JSON.stringify({ skill_name: 's', evals: [{ id: 'a', prompt, expected_output: 'o' }] }, null, 2) + '\n';

let root: string;
before(() => void (root = mkdtempSync(join(tmpdir(), 'em-read-bounds-'))));
after(() => rmSync(root, { recursive: true, force: true }));

let folders = 0;
/** A fresh repository-like folder (with `.git`) under the temp root, and a folder outside it holding a secret. */
function workspace(): { repo: string; outside: string } {
  const base = join(root, `w${folders++}`);
  const repo = join(base, 'repo');
  const outside = join(base, 'outside');
  mkdirSync(join(repo, '.git'), { recursive: true });
  mkdirSync(join(repo, 'runs', 'eval-a'), { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'token'), SECRET + '\n');
  return { repo, outside };
}

/** The built CLI in `cwd`, killed after 20 s; stdin from a file descriptor when given. */
function cli(args: string[], cwd: string, options: { env?: NodeJS.ProcessEnv; stdinFile?: string } = {}) {
  const stdin = options.stdinFile === undefined ? 'ignore' : openSync(options.stdinFile, 'r');
  try {
    const env = { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: undefined, GITHUB_STEP_SUMMARY: undefined, ...options.env };
    const r = spawnSync(process.execPath, [binPath, ...args], { cwd, env, encoding: 'utf8', timeout: 20_000, stdio: [stdin, 'pipe', 'pipe'] });
    assert.equal(r.signal, null, `eval-magic ${args.join(' ')} hung`);
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  } finally {
    if (typeof stdin === 'number') closeSync(stdin);
  }
}

describe('special files are judged before they are read', () => {
  it('a conversation.json that links to /dev/zero, named on the command line, is an io not-a-file finding', () => {
    const dir = join(root, 'dev-zero');
    mkdirSync(dir);
    symlinkSync('/dev/zero', join(dir, 'conversation.json'));
    const child = spawnSync(process.execPath, [MEASURE, join(dir, 'conversation.json')], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(child.signal, null, 'check read /dev/zero forever');
    assert.deepEqual(JSON.parse(child.stdout).messages.map((p: { ruleId: string; messageId: string }) => [p.ruleId, p.messageId]), [['io', 'not-a-file']]);
  });

  it('--evals and --config naming /dev/zero are usage errors, at once', () => {
    const { repo } = workspace();
    writeFileSync(join(repo, 'runs', 'eval-a', 'conversation.json'), conversation('go'));
    const evals = cli(['check', 'runs', '--evals', '/dev/zero'], repo);
    assert.equal(evals.code, 2, evals.stderr);
    assert.match(evals.stderr, /--evals "\/dev\/zero": cannot read it: Not a regular file \(a device\)/);
    const config = cli(['check', 'runs', '--config', '/dev/zero'], repo);
    assert.equal(config.code, 2, config.stderr);
    assert.match(config.stderr, /Cannot read config file \/dev\/zero: Not a regular file \(a device\)/);
  });
});

describe('an evals.json that links out of the folders named on the command line', () => {
  /** runs/evals.json links to an evals.json outside, whose prompt is secret; the conversation's first message differs from it. */
  function linkedEvals() {
    const { repo, outside } = workspace();
    writeFileSync(join(outside, 'evals.json'), evalsWithPrompt(SECRET));
    symlinkSync(join(outside, 'evals.json'), join(repo, 'runs', 'evals.json'));
    writeFileSync(join(repo, 'runs', 'eval-a', 'conversation.json'), conversation('something else'));
    return { repo, outside };
  }

  it('is read neither by the walk nor by the eval lookup: its prompt reaches no annotation, --verbose line or html report', () => {
    const { repo } = linkedEvals();
    for (const paths of [['runs'], ['runs/eval-a/conversation.json']]) {
      const r = cli(['check', ...paths, '--verbose', '-f', 'stylish', '-f', 'html=report.html', '-f', 'json=report.json'], repo, { env: { GITHUB_ACTIONS: 'true' } });
      const html = readFileSync(join(repo, 'report.html'), 'utf8');
      for (const [where, text] of [['stdout', r.stdout], ['stderr', r.stderr], ['html', html]]) assert.ok(!text!.includes('SECRET') && !text!.includes('ghp_'), `${paths}: ${where} shows the linked prompt:\n${text!.slice(0, 3000)}`);
      assert.match(r.stderr, /runs\/eval-a\/conversation\.json: runs\/evals\.json cannot be used \(a symbolic link to a file outside the folders being checked/, `${paths}`);
      const results = JSON.parse(readFileSync(join(repo, 'report.json'), 'utf8')) as Array<{ filePath: string; messages: Array<{ messageId: string }> }>;
      assert.ok(!results.some((f) => f.messages.some((m) => m.messageId === 'mismatch')), `${paths}: eval-prompt ran against the linked eval`);
    }
  });

  it('is read when its target lies inside a folder named on the command line (and the eval is then held to it)', async () => {
    const { repo } = linkedEvals();
    const report = await check(['runs', '../outside'], { cwd: repo, config: false });
    const conversationResult = report.results.find((f) => f.filePath === 'runs/eval-a/conversation.json')!;
    assert.deepEqual(conversationResult.messages.map((m) => m.ruleId), ['eval-prompt']);
  });
});

describe('a link whose target climbs back out through a linked folder (`../a/../x`, where `a` links out)', () => {
  it('is judged by where the kernel resolves it — outside — and not read', async () => {
    const { repo, outside } = workspace();
    mkdirSync(join(outside, 'deep', 'dir'), { recursive: true });
    writeFileSync(join(outside, 'deep', 'x'), conversation(SECRET));
    // Read lexically, ../a/../x is runs/x, inside; the kernel follows a first, into outside/deep/dir, then up.
    symlinkSync(join(outside, 'deep', 'dir'), join(repo, 'runs', 'a'));
    symlinkSync('../a/../x', join(repo, 'runs', 'eval-a', 'conversation.json'));
    assert.ok(readFileSync(join(repo, 'runs', 'eval-a', 'conversation.json'), 'utf8').includes(SECRET));
    const report = await check(['runs'], { cwd: repo, config: false });
    const found = report.results.find((f) => f.filePath === 'runs/eval-a/conversation.json')!;
    assert.deepEqual(found.messages.map((m) => [m.ruleId, m.message.startsWith('Symbolic link leading outside the folders being checked')]), [['io', true]]);
  });
});

describe('a config file found by the lookup that links to a token file', () => {
  it('is refused by name, unread; and a config that is not JSON is never quoted', () => {
    const { repo, outside } = workspace();
    writeFileSync(join(repo, 'runs', 'eval-a', 'conversation.json'), conversation('go'));
    symlinkSync(join(outside, 'token'), join(repo, 'eval-magic.config.json'));
    const looked = cli(['check', 'runs'], repo, { env: { GITHUB_ACTIONS: 'true' } });
    assert.equal(looked.code, 2, looked.stderr);
    assert.match(looked.stderr, /eval-magic: eval-magic\.config\.json: a symbolic link to a file outside its repository \("\."\); .*--config/);
    const named = cli(['check', 'runs', '--config', join(outside, 'token')], repo, { env: { GITHUB_ACTIONS: 'true' } });
    assert.equal(named.code, 2, named.stderr);
    assert.match(named.stderr, /token:1:1: the config file is not valid JSON \(a syntax error\)\./);
    for (const text of [looked.stdout, looked.stderr, named.stdout, named.stderr]) assert.ok(!text.includes('SECRET') && !text.includes('ghp_'), text);
  });
});

describe('files too large to be read', () => {
  it('a file of 600 MiB and one of 2.5 GiB (sparse) each get an io finding of their own; the other files are reported', async () => {
    const dir = join(root, 'big');
    mkdirSync(join(dir, 'a'), { recursive: true });
    mkdirSync(join(dir, 'b'), { recursive: true });
    mkdirSync(join(dir, 'c'), { recursive: true });
    writeFileSync(join(dir, 'a', 'conversation.json'), '');
    truncateSync(join(dir, 'a', 'conversation.json'), 600 * 2 ** 20);
    writeFileSync(join(dir, 'b', 'conversation.json'), '');
    truncateSync(join(dir, 'b', 'conversation.json'), 2.5 * 2 ** 30);
    writeFileSync(join(dir, 'c', 'conversation.json'), conversation('go'));
    const report = await check([dir], { cwd: dir, config: false });
    assert.deepEqual(
      report.results.map((f) => [f.filePath.slice(dir.length + 1), f.messages.map((m) => `${m.ruleId}/${m.messageId}`)]),
      [['a/conversation.json', ['io/too-large']], ['b/conversation.json', ['io/too-large']], ['c/conversation.json', []]],
    );
    assert.match(report.results[0]!.messages[0]!.message, /^Too large \(600 MiB\): an artifact is read only up to 512 MiB/);
  });

  it('standard input of 600 MiB (redirected from a sparse file) is an io finding, never read into memory', () => {
    const dir = join(root, 'big-stdin');
    mkdirSync(dir);
    const file = join(dir, 'big.json');
    writeFileSync(file, '');
    truncateSync(file, 600 * 2 ** 20);
    const r = cli(['check', '-', '--stdin-filename', 'e/conversation.json', '-f', 'json'], dir, { stdinFile: file });
    assert.equal(r.code, 1, r.stderr);
    const [result] = JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; messageId: string }> }>;
    assert.deepEqual([result!.filePath, result!.messages.map((m) => `${m.ruleId}/${m.messageId}`)], ['e/conversation.json', ['io/too-large']]);
    assert.ok(existsSync(file));
  });
});

describe('a folder deeper than PATH_MAX', () => {
  it('is an io finding of its own; the rest of the search is checked', async (t) => {
    const dir = join(root, 'deep');
    mkdirSync(dir);
    writeFileSync(join(dir, 'conversation.json'), conversation('go'));
    // 25 folders of 200 characters: 5,000 characters below dir, beyond Linux's 4,096. Made one
    // level at a time from inside (mkdir -p of the whole path fails), removed with rm -rf.
    const made = spawnSync('bash', ['-c', 'seg=$(printf "d%.0s" $(seq 1 200)); for i in $(seq 1 25); do mkdir "$seg" && cd "$seg" || exit 1; done; echo "{}" > conversation.json'], { cwd: dir });
    assert.equal(made.status, 0, String(made.stderr));
    t.after(() => void spawnSync('rm', ['-rf', dir]));
    const report = await check([dir], { cwd: dir, config: false });
    const found = report.results.map((f) => [f.filePath.length > dir.length + 4000 ? '<deep folder>' : f.filePath.slice(dir.length + 1), f.messages.map((m) => `${m.ruleId}/${m.messageId}`)]);
    assert.deepEqual(found, [['conversation.json', []], ['<deep folder>', ['io/enametoolong']]]);
  });
});
