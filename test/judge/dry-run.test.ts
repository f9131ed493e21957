// `judge --dry-run` (the library's dryRun): everything judge does up to its plan — every refusal the
// same — then exit 0 with no session started, the judge's CLI never run, and nothing written.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { spawn } from 'node:child_process';
import { binPath, runBin, runMain } from '../helpers/cli.js';
import { isRunning } from '../runner/run-helpers.js';
import { explainJudged, judgedCampaign, verdict } from './judge-helpers.js';

const made: string[] = [];
after(() => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});

function tempFolder(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/** Every entry below `root` with what would show a write: its kind, mode, modification time, and a file's bytes or a link's target. */
function snapshot(root: string): Record<string, string> {
  const found: Record<string, string> = {};
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const info = lstatSync(path);
      const what = info.isSymbolicLink() ? `link ${readlinkSync(path)}` : info.isDirectory() ? 'folder' : `file ${createHash('sha256').update(readFileSync(path)).digest('hex')}`;
      found[path.slice(root.length)] = `${what} ${info.mode.toString(8)} ${info.mtimeMs}`;
      if (info.isDirectory()) walk(path);
    }
  };
  walk(root);
  return found;
}

/** A `claude` that leaves a mark when it is run at all (its --version included), first on PATH. */
function markingClaude(): { bin: string; mark: string } {
  const bin = tempFolder('eval-magic-marking-claude-');
  const mark = join(bin, 'ran');
  writeFileSync(join(bin, 'claude'), `#!/bin/sh\necho "$@" >> '${mark}'\nexit 1\n`);
  chmodSync(join(bin, 'claude'), 0o755);
  return { bin, mark };
}

describe('judge --dry-run', () => {
  it('prints the plan judge prints, then exits 0: no session, the CLI not run (no judgment made already needs its version), nothing written under the workspace or the temporary folder', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
    const args = ['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain'];
    // A temporary folder of its own: judge makes its sessions' folder there, the dry run must not.
    const tmp = tempFolder('eval-magic-dry-tmp-');
    const { bin, mark } = markingClaude();
    const before = { root: snapshot(c.ws.root), tmp: snapshot(tmp) };
    const dry = runBin([...args, '--dry-run'], { cwd: c.ws.root, env: { ...c.ws.env, TMPDIR: tmp, PATH: `${bin}${delimiter}${c.ws.env.PATH}` } });
    assert.equal(dry.code, 0, dry.stdout + dry.stderr);
    assert.equal(dry.stderr, '');
    assert.ok(!existsSync(mark), `the judge's CLI was run: ${existsSync(mark) ? readFileSync(mark, 'utf8') : ''}`);
    assert.deepEqual(snapshot(c.ws.root), before.root, 'nothing under the workspace (or the agents\' log) changed');
    assert.deepEqual(snapshot(tmp), before.tmp, 'nothing left in the temporary folder');
    const lines = dry.stdout.split('\n');
    assert.equal(lines.at(-1), '');
    assert.equal(lines.at(-2), 'dry run: no judge session started, nothing written');
    const plan = lines.slice(0, -2).join('\n') + '\n';
    assert.match(plan, /^judge with claude-code: 2 runs × llm_judge assertions × 1 repeat = 2 judgments, sessions 1 per run\n {2}2 to make, 0 made already, 2 at a time\n/);

    // The plan judge then prints, word for word, and makes the judgments.
    const real = await runMain(args, { cwd: c.ws.root, env: c.ws.env });
    assert.equal(real.code, 0, real.stderr);
    assert.ok(real.stdout.startsWith(plan), `${real.stdout}\n---\n${plan}`);
    assert.equal(Object.keys(c.judgments()).length, 2);

    // Nothing left to make: said as judge says it, still exit 0.
    const done = await runMain([...args, '--dry-run'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(done.code, 0, done.stderr);
    assert.match(done.stdout, /\n {2}all 2 made already: nothing to judge\ndry run: no judge session started, nothing written\n$/);
  });

  it('refuses what judge refuses, in its words and with its exit 2: a bad flag, an unknown eval, the judge\'s CLI not on PATH', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const env = c.ws.env;
    const cases: Array<{ args: string[]; env: NodeJS.ProcessEnv; said: RegExp }> = [
      { args: ['--retries', '11'], env, said: /judge retries a judgment at most 10 times/ },
      { args: ['--eval', 'no-such-eval'], env, said: /no-such-eval/ },
      // Found on PATH, never run: a dry run refuses without it as judge does, before its plan.
      { args: [], env: { ...env, PATH: '/nonexistent' }, said: /harness claude-code: .*claude.*\(nothing was run\)/ },
    ];
    for (const { args, env: caseEnv, said } of cases) {
      const full = ['judge', '.eval-magic', '--harness', 'claude-code', ...args];
      const real = await runMain(full, { cwd: c.ws.root, env: caseEnv });
      const dry = await runMain([...full, '--dry-run'], { cwd: c.ws.root, env: caseEnv });
      assert.equal(real.code, 2, real.stdout + real.stderr);
      assert.match(real.stderr, said);
      assert.deepEqual(dry, real, args.join(' '));
    }
  });

  it("judgments of the harness's default model made by another version of its CLI: the plan says another judge made them, as compare's judges-mixed names them (it said nothing); a dry run asks the CLI its --version for this", async () => {
    const c = await explainJudged();
    const records = ['with_skill', 'without_skill'].map((arm) => join(c.ws.iteration(), 'eval-explain', arm, 'run-1', 'judge', 'short', '1', 'judgment.json'));
    // As an older claude made them: the model it picked by default may not be this one's.
    for (const record of records) {
      const judgment = JSON.parse(readFileSync(record, 'utf8'));
      assert.equal(judgment.harness.version, '2.1.197 (Claude Code)');
      writeFileSync(record, JSON.stringify({ ...judgment, harness: { ...judgment.harness, version: '2.0.0 (Claude Code)' } }, null, 2));
    }
    const { plan } = await c.plan({ evalIds: ['explain'], repeats: 2 });
    assert.equal(plan.madeByOtherJudge?.length, 2, JSON.stringify(plan));
    assert.match(plan.madeByOtherJudge![0]!, /judge\/short\/1: made by claude-code with the harness's default model \(2\.0\.0 \(Claude Code\)\), where this command asks claude-code with the harness's default model \(2\.1\.197 \(Claude Code\)\)$/);
    // Against a named model, the two judges as compare names them.
    assert.match((await c.plan({ evalIds: ['explain'], repeats: 2, model: 'm' })).plan.madeByOtherJudge![0]!, /made by claude-code with the harness's default model \(2\.0\.0 \(Claude Code\)\), where this command asks claude-code with model "m"$/);
    const dry = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain', '--repeats', '2', '--dry-run'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /\n {2}warning: 2 of the judgments made already were made by another judge than this command asks \(.*made by claude-code with the harness's default model \(2\.0\.0 \(Claude Code\)\)/);
    // A CLI whose --version cannot be read names no version: said, not a judge named alike but for it (review23).
    const { bin } = markingClaude();
    const unread = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain', '--repeats', '2', '--dry-run'], { cwd: c.ws.root, env: { ...c.ws.env, PATH: `${bin}:${c.ws.env.PATH}` } });
    assert.equal(unread.code, 0, unread.stderr);
    assert.match(unread.stdout.replace(/\n\s+/g, ' '), /where this command asks claude-code with the harness's default model \(its CLI's --version could not be read\)/);
    // Word for word the plan judge then prints before its sessions.
    const real = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain', '--repeats', '2'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(real.code, 0, real.stderr);
    assert.ok(real.stdout.startsWith(dry.stdout.replace(/dry run: .*\n$/, '')), `${real.stdout}\n---\n${dry.stdout}`);
  });

  it('Ctrl-C while the CLI\'s --version hangs: stopped at once (it waited out 20 s deaf to it), exit 130, said as a dry run\'s stop, the CLI not left running (review23)', async () => {
    const c = await explainJudged();
    const bin = tempFolder('eval-magic-hanging-claude-');
    const [started, mark] = [join(bin, 'started'), join(bin, 'mark')];
    writeFileSync(mark, '');
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec 3<'${mark}'\ntouch '${started}'\nsleep 30\n`);
    chmodSync(join(bin, 'claude'), 0o755);
    const child = spawn(process.execPath, [binPath, 'judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain', '--repeats', '2', '--dry-run'], { cwd: c.ws.root, env: { ...c.ws.env, NO_COLOR: '1', PATH: `${bin}${delimiter}${c.ws.env.PATH}` }, stdio: ['ignore', 'pipe', 'pipe'] });
    let [stdout, stderr] = ['', ''];
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    for (let i = 0; i < 600 && !existsSync(started); i++) await new Promise((r) => setTimeout(r, 20));
    child.kill('SIGINT');
    assert.equal(await exited, 130, stderr);
    assert.match(stderr, /^eval-magic: SIGINT: stopping \(a dry run: no judge was started\)$/m);
    // A version read that was stopped is no version that could not be read: the judgments made by this same CLI are not another judge's (review24).
    assert.doesNotMatch(stdout, /another judge|could not be read/, stdout);
    assert.equal(isRunning(mark), false, 'the CLI outlived eval-magic');
  });

  it('the library takes dryRun: the plan reported and returned, no judgment made; a dryRun that is not true or false is refused', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const before = snapshot(c.ws.root);
    const { result, progress } = await c.judge({ dryRun: true });
    assert.deepEqual(progress.map((p) => p.kind), ['plan']);
    assert.equal(result.plan.pending, 6);
    assert.deepEqual([result.records, result.failed, result.notMade], [[], [], []]);
    assert.deepEqual(snapshot(c.ws.root), before);
    await assert.rejects(c.judge({ dryRun: 'yes' as unknown as boolean }), { name: 'UsageError', message: 'dryRun must be true or false (got the string "yes").' });
    // Not an AbortSignal: said as compare says it (it was a TypeError from deep inside the planning: review31).
    await assert.rejects(c.judge({ dryRun: true, signal: {} as unknown as AbortSignal }), { name: 'UsageError', message: /^signal must be an AbortSignal \(got / });
    await assert.rejects(c.judge({ dryRun: true, killSignal: 'x' as unknown as AbortSignal }), { name: 'UsageError', message: 'killSignal must be an AbortSignal (got the string "x").' });
  });
});
