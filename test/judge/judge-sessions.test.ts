// Where the judge's sessions work: every session folder of one command in one holder under the
// temporary folder, hidden from the judges running beside it, gone when the command ends — and,
// after a command killed with SIGKILL, removed by the next one (as campaign's work folders are).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { describe, it } from 'node:test';
import { agentContainment } from '../../src/process/containment.js';
import { workRoot } from '../../src/process/work-folders.js';
import { readJson, SKILL_NAME, tempFolders, type Respond } from '../campaign/campaign-helpers.js';
import { start, until } from '../campaign/campaign-processes-helpers.js';
import { binPath, runMain } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { isRunning } from '../runner/run-helpers.js';
import { readRunJudgments } from '../../src/workspace/judgment-record.js';
import { CUT_SHORT } from '../../src/workspace/kept-attempts.js';
import { explainJudged, judgedCampaign, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';
const containment = agentContainment();
const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;
const asRoot = process.getuid?.() === 0;
/** A session's work folder: `<tmp>/eval-magic-sessions-<uid>/<holder>/<session>/work`, both levels mkdtemp's 6 letters and digits. */
const SESSION_SHAPE = new RegExp(`^${realpathSync(tmpdir()).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/eval-magic-sessions-\\d+/[A-Za-z0-9]{6}/[A-Za-z0-9]{6}/work$`);
/** Where each judge's copy of a task holds the marked notes (the task's own file: the harness's folders are not copied). */
const NOTES = 'notes/arm.md';

type Judged = Awaited<ReturnType<typeof judgedCampaign>>;
const judgeCalls = (c: Judged) => c.ws.calls().filter((call) => call.prompt.includes(JUDGE));

/**
 * A campaign whose two explain runs each left notes carrying a marker in their task (the judge
 * copies them), and judges that look around <tmp> for that marker once both sessions run.
 */
async function peekingJudges(more: (c: Judged) => Partial<Respond> = () => ({})) {
  const c = await judgedCampaign({ runs: 1 });
  const marker = `peek-${randomBytes(8).toString('hex')}`;
  for (const condition of ['with_skill', 'without_skill']) {
    const notes = join(c.ws.iteration(), 'eval-explain', condition, 'run-1', 'task', NOTES);
    mkdirSync(dirname(notes), { recursive: true });
    writeFileSync(notes, `Notes (${marker}).\n`);
  }
  c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], peek: { sessions: 2, marker, files: [NOTES] }, ...more(c) });
  return c;
}

/** Each judge found its own task copy's notes by looking around <tmp>, never the other judge's. */
function assertBlind(c: Judged) {
  const calls = judgeCalls(c);
  assert.equal(calls.length, 2);
  assert.notEqual(calls[0]!.cwd, calls[1]!.cwd);
  for (const call of calls) assert.deepEqual(call.peeked, [join(call.cwd, NOTES)], `the judge at ${call.cwd} read another judge's task copy`);
}


describe('judge: session folders', () => {
  it('every session works in <tmp>/<holder>/<session>/work, one holder per command, removed when the command ends', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const { result } = await c.judge({ jobs: 3 });
    assert.equal(result.records.length, 6);
    const cwds = judgeCalls(c).map((call) => call.cwd);
    assert.equal(cwds.length, 6);
    for (const cwd of cwds) assert.match(cwd, SESSION_SHAPE);
    assert.equal(new Set(cwds.map((cwd) => dirname(dirname(cwd)))).size, 1, `one holder for the command's sessions: ${cwds.join(', ')}`);
    assert.equal(new Set(cwds.map((cwd) => dirname(cwd))).size, 6, 'a session folder of its own for each session');
    assert.equal(existsSync(dirname(dirname(cwds[0]!))), false, 'the holder is gone once the command has ended');
    const sessionFiles = Object.keys(c.judgments()).map((key) => {
      const [evalId, condition, run, assertion, repeat] = key.split('/');
      return join(c.ws.iteration(), `eval-${evalId}`, condition!, run!, 'judge', assertion!, repeat!, 'session.json');
    });
    assert.equal(sessionFiles.length, 6);
    for (const file of sessionFiles) assert.equal(existsSync(file), false, `${file}: only there while its session runs`);
  });

  it("a judge that reads its CLI's session store finds nothing there but its own session: not the arms' transcripts the shared store holds, not another judge's; the shared store is left as it was", { skip: noNamespace }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    // What a campaign's sessions left where no private store could be mounted (or the user's own sessions of the skill).
    const seeded = join(c.ws.home, '.claude', 'projects', '-tmp-work', 'seed.jsonl');
    mkdirSync(dirname(seeded), { recursive: true });
    const line = `${JSON.stringify({ session: 'seed', skills: [SKILL_NAME], prompt: 'a skill run' })}\n`;
    writeFileSync(seeded, line);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], sessionStore: true });
    // One eval's two judges, one after the other: the second would find the first's transcript in a shared store.
    const { result } = await c.judge({ evalIds: ['explain'], jobs: 1 });
    assert.equal(result.records.length, 2);
    const calls = judgeCalls(c);
    assert.equal(calls.length, 2);
    for (const call of calls) assert.deepEqual(call.stored, [], `the judge at ${call.cwd} read other sessions' transcripts`);
    assert.equal(readFileSync(seeded, 'utf8'), line);
  });

  it('a judge that lists /tmp, /var/tmp, /dev/shm and $TMPDIR finds nothing left there (a skill session\'s notes): each judge has its own, empty', { skip: noNamespace }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    const marker = `judge-tmp-${randomBytes(8).toString('hex')}`;
    const folders = tempFolders();
    // What a session left where /tmp was shared (or any other program of the user).
    const left = folders.map((folder) => join(folder, `notes-${SKILL_NAME}-${marker}.md`));
    try {
      for (const file of left) writeFileSync(file, `Notes for the ${SKILL_NAME} skill.\n`);
      c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], tmpNotes: marker });
      const { result } = await c.judge({ evalIds: ['explain'], jobs: 1 });
      assert.equal(result.records.length, 2);
      const calls = judgeCalls(c);
      assert.equal(calls.length, 2);
      for (const call of calls) assert.deepEqual(call.tmpSeen, Object.fromEntries(folders.map((folder) => [folder, []])), `the judge at ${call.cwd} found the notes`);
    } finally {
      for (const file of left) rmSync(file, { force: true });
    }
  });

  it("a judge's writes under HOME are its own: the next judge finds none of them, and the real HOME none either", { skip: noNamespace }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    const marker = `judge-home-${randomBytes(8).toString('hex')}`;
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], homeNotes: marker, homeNotesAlways: true });
    const { result } = await c.judge({ evalIds: ['explain'], jobs: 1 });
    assert.equal(result.records.length, 2);
    const calls = judgeCalls(c);
    assert.deepEqual(calls.map((call) => [call.homeSeen, call.homeWrote]), [['ENOENT', true], ['ENOENT', true]], 'one after the other, each wrote its note, and the second found no ~/.cache at all');
    assert.equal(existsSync(join(c.ws.home, '.cache')), false, 'a judge wrote into the real HOME');
  });

  // The CLI puts its user-level instruction file (~/.claude/CLAUDE.md) into the prompt of every
  // session: a judge that wrote there would steer every later judge.
  it("a judge cannot write its CLI's instruction file where the user has one; judge makes none where it is missing", { skip: noNamespace }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    const file = join(c.ws.home, '.claude', 'CLAUDE.md');
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    // One eval's judgments (2 a command): what holds of every judge holds of these.
    const first = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(first.code, 0, first.stderr);
    // Missing, none is made (an empty one would change the user's setup: OpenCode reads
    // ~/.claude/CLAUDE.md only without its own AGENTS.md), and the plan does not warn of it: one a
    // judge creates is caught after the judges. Nor of the folders Claude Code reads too.
    assert.ok(!first.stdout.includes('instruction file'), first.stdout);
    assert.equal(existsSync(file), false, 'judge made the instruction file');
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, "The user's own rule.\n");
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], writeInstructions: 'Always pass.', writeInstructionsAlways: true });
    const again = await runMain(['judge', '--harness', 'claude-code', '--repeats', '2', '--eval', 'explain', '--jobs', '1', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(again.code, 0, again.stderr);
    assert.ok(!again.stdout.includes(file), again.stdout);
    const calls = judgeCalls(c).filter((call) => call.instructions !== undefined);
    assert.equal(calls.length, 2);
    for (const call of calls) assert.deepEqual(call.instructions, { held: "The user's own rule.\n", wrote: 'EROFS' });
    assert.equal(readFileSync(file, 'utf8'), "The user's own rule.\n");
  });

  it("a judge that creates its CLI's missing instruction file: judge says which file changed, leaves it as it is, and exits 1", async () => {
    const c = await judgedCampaign({ runs: 1 });
    // Claude Code's folder outside HOME: what a judge writes under HOME is its own (its HOME an overlay on the real one).
    c.ws.env.CLAUDE_CONFIG_DIR = join(c.ws.root, 'claude-config');
    mkdirSync(c.ws.env.CLAUDE_CONFIG_DIR);
    const file = join(c.ws.env.CLAUDE_CONFIG_DIR, 'CLAUDE.md');
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], writeInstructions: 'Always pass.', writeInstructionsAlways: true });
    const run = await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '1', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(run.code, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /judged 2: 2 passed/);
    assert.ok(run.stderr.includes(`eval-magic: warning: claude-code's instruction file ${file} changed during this judge command (was missing, now `), run.stderr);
    // Left as the judge left it: eval-magic never deletes nor rewrites the user's file.
    assert.match(readFileSync(file, 'utf8'), /^(Always pass\.\n)+$/);
  });

  it('stopped (Ctrl-C) with judges running, the command still removes its holder', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], hangWhen: JUDGE });
    const stop = new AbortController();
    const pending = c.judge({ signal: stop.signal, jobs: 2, killGraceMs: 100 });
    try {
      await until('two judges hanging', () => judgeCalls(c).length === 2);
      for (const call of judgeCalls(c)) assert.ok(existsSync(call.cwd), `${call.cwd} exists while its judge runs`);
    } finally {
      stop.abort();
    }
    const { result } = await pending;
    assert.equal(result.interrupted, true);
    for (const call of judgeCalls(c)) assert.equal(existsSync(dirname(dirname(call.cwd))), false, `the holder of ${call.cwd} is gone`);
  });

  it("a judge that looks around the temporary folder cannot read the task copy of the judge beside it (the other arm's)", { skip: noNamespace }, async () => {
    const c = await peekingJudges();
    const { result } = await c.judge({ evalIds: ['explain'], jobs: 2 });
    assert.equal(result.records.length, 2, JSON.stringify(result.failed));
    assertBlind(c);
  });

  it('judges that have root and unmount every mount they see before they look (eval-magic judge run as root) get none off: the workspace and the judge beside them stay hidden', { skip: noNamespace || (!asRoot && 'needs root'), timeout: 60_000 }, async () => {
    const c = await peekingJudges((c) => ({ undoMounts: true, lookAt: [c.ws.workspace] }));
    const run = spawnSync(process.execPath, [binPath, 'judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    assertBlind(c);
    for (const call of judgeCalls(c)) {
      assert.deepEqual(call.unmounted, [], call.cwd);
      assert.deepEqual(call.looked?.[c.ws.workspace], { entries: [], writable: false }, call.cwd);
    }
  });

  it('as a regular user too (inside a user namespace)', { skip: noNamespace || (!asRoot && 'needs root to become a regular user with setpriv'), timeout: 60_000 }, async () => {
    const c = await peekingJudges();
    giveToRegularUser(c.ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    assertBlind(c);
  });

  it('killed with SIGKILL mid-session, its session folders and holder are removed by the next judge command', { skip: noNamespace ? `${noNamespace}: a killed judge's judgments stay locked, as documented` : false }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], hangWhen: JUDGE });
    const killed = start(['judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2', '.eval-magic'], c.ws.root, c.ws.env);
    try {
      await until('two judges hanging', () => judgeCalls(c).length === 2);
    } finally {
      killed.child.kill('SIGKILL');
      await killed.done;
    }
    await until("the killed command's judges gone", () => judgeCalls(c).every((call) => !isRunning(call.mark)), 10_000);
    const left = judgeCalls(c).map((call) => call.cwd);
    for (const cwd of left) assert.ok(existsSync(cwd), `${cwd}: the killed command could not remove it`);
    // Each killed judgment's folder names the session folder it left.
    const named = ['with_skill', 'without_skill'].map((condition) => readJson(join(c.ws.iteration(), 'eval-explain', condition, 'run-1', 'judge', 'short', '1', 'session.json')).work_dir);
    assert.deepEqual(named.sort(), [...left].sort());

    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.records.length, 2, JSON.stringify(result.failed));
    for (const cwd of left) {
      assert.equal(existsSync(dirname(cwd)), false, `${dirname(cwd)}: the killed session's folder is removed`);
      assert.equal(existsSync(dirname(dirname(cwd))), false, `${dirname(dirname(cwd))}: the killed command's holder, empty now, is removed`);
    }
  });

  it('killed with SIGKILL mid-retry, after an attempt failed: that attempt is on record, and the next judge command counts it on and keeps its attempt-<n>/ (review36)', { skip: noNamespace ? `${noNamespace}: a killed judge's judgments stay locked, as documented` : false }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    const dir = join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1');
    const onRecord = () => {
      const record = readJson(join(dir, 'judgment.json'));
      return [record.verdict?.passed ?? null, record.reason, record.attempts, record.failures.map((f: { attempt: number }) => f.attempt)];
    };
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 } });
    await c.judge({ evalIds: ['explain'], retries: 1, jobs: 1 });
    assert.deepEqual(onRecord(), [null, 'judge-failed', 2, [1]]);
    // The next command's judge fails each session after 1.5 s: killed during its second session (attempt 4), after attempt 3 failed.
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 }, latencyMs: 1500 });
    const before = judgeCalls(c).length;
    const killed = start(['judge', '--harness', 'claude-code', '--eval', 'explain', '--retries', '3', '--jobs', '1', '.eval-magic'], c.ws.root, c.ws.env);
    try {
      await until('the second judge session started', () => judgeCalls(c).length === before + 2);
    } finally {
      killed.child.kill('SIGKILL');
      await killed.done;
    }
    await until("the killed command's judges gone", () => judgeCalls(c).every((call) => !isRunning(call.mark)), 10_000);
    // Attempt 3 failed, then attempt 4 was cut short: on record as it started (judge75).
    assert.deepEqual(onRecord(), [null, 'judge-interrupted', 4, [1, 2, 3]]);
    assert.ok(existsSync(join(dir, 'attempt-3/turn-1/claude-stderr.log')));
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'], jobs: 1 });
    assert.deepEqual(onRecord(), [true, null, 5, [1, 2, 3, 4]]);
    const { failures } = readJson(join(dir, 'judgment.json'));
    assert.deepEqual(failures.map((f: { reason: string }) => f.reason), ['judge-failed', 'judge-failed', 'judge-failed', 'judge-interrupted']);
    // The session cut short left its round's files too: kept in attempt-4/ as a failed attempt's.
    assert.ok(existsSync(join(dir, 'attempt-4/turn-1')));
    for (const failure of failures.slice(0, 3)) assert.ok(existsSync(failure.message.replace(/^.*see (\S+?)\)?$/s, '$1')), failure.message);
  });

  it('killed with SIGKILL mid-session on its first attempt: the session cut short is on record before it started (judge-interrupted), a live holder is no dead one, and the next judge command counts it as a failed attempt (judge75)', { skip: noNamespace ? `${noNamespace}: a killed judge's judgments stay locked, as documented` : false }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    const runDir = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    const dir = join(runDir, 'judge/short/1');
    const onRecord = () => {
      const record = readJson(join(dir, 'judgment.json'));
      return [record.verdict?.passed ?? null, record.reason, record.attempts, record.failures.map((f: { attempt: number; reason: string }) => `${f.attempt} ${f.reason}`)];
    };
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], hangWhen: JUDGE });
    const killed = start(['judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2', '.eval-magic'], c.ws.root, c.ws.env);
    try {
      await until('two judges hanging', () => judgeCalls(c).length === 2);
      // Under way: on record as the session cut short it would be, and read as unfinished while its holder runs.
      assert.deepEqual(onRecord(), [null, 'judge-interrupted', 1, []]);
      const [underWay] = readRunJudgments(runDir, 'short');
      assert.match(underWay && 'underWay' in underWay ? underWay.underWay! : '', /^is still under way \(eval-magic pid \d+ holds its lock, since /);
      // Another judge command meanwhile makes nothing of it, and leaves it out (review40): the holder runs.
      const { result } = await c.judge({ evalIds: ['explain'] });
      assert.deepEqual([result.records.length, result.failed.length, result.plan.underWay?.length], [0, 0, 2]);
      assert.deepEqual(onRecord(), [null, 'judge-interrupted', 1, []]);
    } finally {
      killed.child.kill('SIGKILL');
      await killed.done;
    }
    await until("the killed command's judges gone", () => judgeCalls(c).every((call) => !isRunning(call.mark)), 10_000);
    // Its holder dead: a failed session, no vote, made again.
    const [found] = readRunJudgments(runDir, 'short');
    assert.equal(found && 'record' in found ? found.record.reason : found, 'judge-interrupted');
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.records.length, 2, JSON.stringify(result.failed));
    assert.deepEqual(onRecord(), [true, null, 2, ['1 judge-interrupted']]);
  });

  it("as a regular user, a judge that leaves a read-only folder in its task copy keeps its verdict, and its session folder, session.json and holder still go", { skip: !asRoot && 'needs root to become a regular user with setpriv', timeout: 60_000 }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], readOnlyFolder: true });
    giveToRegularUser(c.ws.root);
    const run = spawnAsRegularUser([process.execPath, binPath, 'judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env, encoding: 'utf8', timeout: 60_000 });
    assert.equal(run.status, 0, run.stderr);
    const calls = judgeCalls(c);
    assert.equal(calls.length, 2);
    for (const call of calls) assert.equal(existsSync(dirname(dirname(call.cwd))), false, `${dirname(dirname(call.cwd))}: the command's holder is gone`);
    const judged = Object.entries(c.judgments()).filter(([key]) => key.startsWith('explain/'));
    assert.equal(judged.length, 2);
    for (const [key, record] of judged) {
      assert.equal(record.verdict?.passed, true, `${key}: ${JSON.stringify(record)}`);
      const [, condition, runName, assertion, repeat] = key.split('/');
      assert.equal(existsSync(join(c.ws.iteration(), 'eval-explain', condition!, runName!, 'judge', assertion!, repeat!, 'session.json')), false);
    }
  });

  it("as a regular user, a session.json naming another user's session folder (a killed `sudo eval-magic judge`) fails nothing: the folder is left to its owner", { skip: !asRoot && 'needs root to leave a folder a regular user cannot remove', timeout: 60_000 }, async () => {
    const c = await judgedCampaign({ runs: 1 });
    // Root's: 0700, as mkdtemp makes them, so the regular user can neither list nor remove it.
    const session = mkdtempSync(mkdtempSync(workRoot() + sep) + sep);
    mkdirSync(join(session, 'work'));
    writeFileSync(join(session, 'work', 'notes.md'), 'root\'s session\n');
    const judgment = join(c.ws.iteration(), 'eval-explain', 'with_skill', 'run-1', 'judge', 'short', '1');
    mkdirSync(judgment, { recursive: true });
    writeFileSync(join(judgment, 'session.json'), `${JSON.stringify({ work_dir: join(session, 'work') })}\n`);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    giveToRegularUser(c.ws.root);
    try {
      const run = spawnAsRegularUser([process.execPath, binPath, 'judge', '--harness', 'claude-code', '--eval', 'explain', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env, encoding: 'utf8', timeout: 60_000 });
      assert.equal(run.status, 0, run.stdout + run.stderr);
      const judged = Object.entries(c.judgments()).filter(([key]) => key.startsWith('explain/'));
      assert.equal(judged.length, 2);
      for (const [key, record] of judged) assert.equal(record.verdict?.passed, true, `${key}: ${JSON.stringify(record)}`);
      assert.equal(existsSync(join(judgment, 'session.json')), false);
      assert.ok(existsSync(join(session, 'work', 'notes.md')), "another user's folder is theirs to remove");
    } finally {
      rmSync(dirname(session), { recursive: true, force: true });
    }
  });

  it("a session.json naming another command's holder as <tmp>/<A>/work (planted, or copied with the workspace) removes nothing of it", async () => {
    const c = await judgedCampaign({ runs: 1 });
    // A running command's holder: its levels are its sessions.
    const running = mkdtempSync(workRoot() + sep);
    mkdirSync(join(running, 'aaaaaa', 'work'), { recursive: true });
    writeFileSync(join(running, 'aaaaaa', 'work', 'notes.md'), 'a session at work\n');
    const judgment = join(c.ws.iteration(), 'eval-explain', 'with_skill', 'run-1', 'judge', 'short', '1');
    mkdirSync(judgment, { recursive: true });
    writeFileSync(join(judgment, 'session.json'), `${JSON.stringify({ work_dir: join(running, 'work') })}\n`);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.records.length, 2, JSON.stringify(result.failed));
    assert.ok(existsSync(join(running, 'aaaaaa', 'work', 'notes.md')), "the other command's session folder was removed");
    assert.equal(existsSync(join(judgment, 'session.json')), false);
    rmSync(running, { recursive: true });
  });
});

describe("judge: a session stopped with Ctrl-C leaves no files of its own (review40)", () => {
  for (const before of ['none', 'a killed session'] as const) {
    it(`${before === 'none' ? 'a first attempt' : "after a killed command's session (its placeholder on record, no files of it)"}: the record that stood is put back and the stopped session's files go, so the next command files none of them as an earlier attempt's`, { skip: noNamespace ? `${noNamespace}: a stopped judge's folder stays locked` : false }, async () => {
      const c = before === 'none' ? await judgedCampaign({ runs: 1 }) : await explainJudged();
      const dir = join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1');
      if (before === 'a killed session') {
        // As a command killed during its first session leaves it: the placeholder on record, that session's files cleared since.
        const record = readJson(join(dir, 'judgment.json'));
        for (const name of readdirSync(dir)) rmSync(join(dir, name), { recursive: true });
        writeFileSync(join(dir, 'judgment.json'), JSON.stringify({ ...record, verdict: null, reason: 'judge-interrupted', message: CUT_SHORT, tokens: null }, null, 2) + '\n');
      }
      c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], hangWhen: JUDGE });
      const stopped = start(['judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2', '.eval-magic'], c.ws.root, c.ws.env);
      await until('two judges hanging', () => judgeCalls(c).length === 2);
      await until('the session on record', () => existsSync(join(dir, 'turn-1')));
      stopped.child.kill('SIGINT');
      assert.equal((await stopped.done).code, 130);
      await until("the stopped command's judges gone", () => judgeCalls(c).every((call) => !isRunning(call.mark)), 10_000);
      const entries = readdirSync(dir).sort();
      assert.deepEqual(entries, before === 'none' ? [] : ['judgment.json'], 'the stopped session left its files');
      if (before === 'none') return;
      c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
      await c.judge({ evalIds: ['explain'] });
      const record = readJson(join(dir, 'judgment.json'));
      assert.deepEqual([record.verdict?.passed, record.attempts, record.failures.map((f: { attempt: number; reason: string }) => `${f.attempt} ${f.reason}`)], [true, 2, ['1 judge-interrupted']]);
      assert.equal(existsSync(join(dir, 'attempt-1')), false, "the stopped session's files were filed as attempt 1's");
    });
  }
});

/** Every entry below `dir` by its path, a file by the sha256 of its bytes: what a folder holds, to be compared whole. */
function snapshot(dir: string): Record<string, string> {
  const held: Record<string, string> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    held[path.slice(dir.length + 1)] = entry.isFile() ? createHash('sha256').update(readFileSync(path)).digest('hex') : entry.isDirectory() ? 'folder' : 'other';
  }
  return held;
}

describe('judge: Ctrl-C during a session that replaces an earlier record puts that record back with its files (review43 F6)', () => {
  for (const earlier of ['a verdict of an edited rubric', "another judge's failed attempt"] as const) {
    it(`${earlier}: the folder holds after as it held before`, { skip: noNamespace ? `${noNamespace}: a stopped judge's folder stays locked` : false }, async () => {
      const c = await explainJudged();
      const dirs = ['with_skill', 'without_skill'].map((arm) => join(c.ws.iteration(), `eval-explain/${arm}/run-1/judge/short/1`));
      if (earlier === 'a verdict of an edited rubric') {
        const evals = readJson(c.ws.evalsPath);
        evals.evals.find((e: { id: string }) => e.id === 'explain').assertions[0].rubric += ' (edited)';
        writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
      } else {
        for (const dir of dirs) {
          const record = readJson(join(dir, 'judgment.json'));
          writeFileSync(join(dir, 'judgment.json'), JSON.stringify({ ...record, model: 'another-model', verdict: null, reason: 'judge-interrupted', message: CUT_SHORT, tokens: null }, null, 2) + '\n');
        }
      }
      const before = dirs.map(snapshot);
      assert.ok(Object.keys(before[0]!).includes('judgment.json'), JSON.stringify(before[0]));
      c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], hangWhen: JUDGE });
      const calls = judgeCalls(c).length;
      const stopped = start(['judge', '--harness', 'claude-code', '--eval', 'explain', '--jobs', '2', '.eval-magic'], c.ws.root, c.ws.env);
      await until('two judges hanging', () => judgeCalls(c).length - calls === 2);
      await until('the sessions on record', () => dirs.every((dir) => existsSync(join(dir, 'turn-1'))));
      stopped.child.kill('SIGINT');
      assert.equal((await stopped.done).code, 130);
      await until("the stopped command's judges gone", () => judgeCalls(c).every((call) => !isRunning(call.mark)), 10_000);
      assert.deepEqual(dirs.map(snapshot), before, 'the record that stood, and its files, are back as they were');
    });
  }
});

describe('judge: a command killed while it moved a record into or out of .before-session/ (review46 F2)', () => {
  it("what it left there is put back before the judgment is read again: a carried record's attempt files are kept and its failures name them where they lie", async () => {
    const c = await explainJudged();
    const dir = join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1');
    const evals = readJson(c.ws.evalsPath);
    evals.evals.find((e: { id: string }) => e.id === 'explain').assertions[0].rubric += ' (edited)';
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 } });
    assert.equal((await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '--retries', '1', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env })).code, 1);
    assert.equal(readJson(join(dir, 'judgment.json')).attempts, 2);
    // As a kill mid-move leaves it: the record on top, its attempts' files already aside.
    mkdirSync(join(dir, '.before-session'));
    for (const name of ['attempt-1', 'turn-1']) renameSync(join(dir, name), join(dir, '.before-session', name));
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    assert.equal((await runMain(['judge', '--harness', 'claude-code', '--eval', 'explain', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env })).code, 0);
    const record = readJson(join(dir, 'judgment.json'));
    assert.equal(record.attempts, 3);
    assert.equal(existsSync(join(dir, '.before-session')), false);
    for (const failure of record.failures as Array<{ attempt: number; message: string }>) {
      assert.match(failure.message, new RegExp(`/attempt-${failure.attempt}/turn-1/claude-stderr\\.log$`));
      assert.ok(existsSync(join(dir, `attempt-${failure.attempt}/turn-1/claude-stderr.log`)), `attempt ${failure.attempt}'s files: ${readdirSync(dir, { recursive: true }).join(' ')}`);
    }
  });
});

describe('judge: Ctrl-C in a later attempt of a session that replaces an earlier record (review46 F1)', () => {
  it("this command's failed attempt stands, so the record it replaced is let go: no .before-session/ is left", { skip: noNamespace ? `${noNamespace}: a stopped judge's folder stays locked` : false, timeout: 60_000 }, async () => {
    const c = await explainJudged();
    const dirs = ['with_skill', 'without_skill'].map((arm) => join(c.ws.iteration(), `eval-explain/${arm}/run-1/judge/short/1`));
    const evals = readJson(c.ws.evalsPath);
    evals.evals.find((e: { id: string }) => e.id === 'explain').assertions[0].rubric += ' (edited)';
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 }, latencyMs: 1500 });
    const calls = judgeCalls(c).length;
    const stopped = start(['judge', '--harness', 'claude-code', '--eval', 'explain', '--retries', '3', '--jobs', '1', '.eval-magic'], c.ws.root, c.ws.env);
    await until('attempt 1 running', () => judgeCalls(c).length - calls >= 1, 20_000);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], hangWhen: JUDGE });
    await until('attempt 2 running', () => judgeCalls(c).length - calls >= 2, 20_000);
    const dir = dirs.find((d) => existsSync(join(d, 'attempt-1')));
    assert.ok(dir !== undefined, 'attempt 1 on record');
    await until('attempt 2 on its way', () => existsSync(join(dir, 'turn-1')), 20_000);
    stopped.child.kill('SIGINT');
    assert.equal((await stopped.done).code, 130);
    await until("the stopped command's judges gone", () => judgeCalls(c).every((call) => !isRunning(call.mark)), 10_000);
    const record = readJson(join(dir, 'judgment.json'));
    assert.deepEqual([record.attempts, record.reason], [1, 'judge-failed']);
    assert.deepEqual(dirs.filter((d) => existsSync(join(d, '.before-session'))), []);
  });
});
