// A command_check runs what the agent left in its task folder (`sh run-tests.sh`, `npm test`):
// that code must not reach the workspace during compare — another arm's task folders, the
// conversations, the skill's evals — nor learn compare's working folder from the namespace's init.
// A user trial planted such a script in one treatment run and turned 0/5 vs 0/5 into 0/5 vs 5/5,
// WORSE, p(Holm) 0.048, with no warning.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compareIterations } from '../../src/compare/index.js';
import { gradeCommandCheck } from '../../src/compare/graders/command-check.js';
import { commandContainment, hidingSupport } from '../../src/process/containment.js';
import { bundledModule } from '../helpers/bundled-module.js';
import { outsideTemporaryFolders } from '../helpers/outside-temp.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { writeWorkspace, type RunSpec } from './workspace.js';

// Outside the temporary folders: each cell has its own /tmp, $TMPDIR, /var/tmp and /dev/shm,
// which would hide a workspace there whatever compare covers (test/helpers/outside-temp.ts).
const outside = outsideTemporaryFolders('eval-magic-command-reach-');
const tmp = outside ?? mkdtempSync(join(tmpdir(), 'compare-command-reach-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * The agent's code: says what the init's working folder names (the trial found compare's there),
 * and tampers with what it finds of the workspace by its path — only under the test's folder,
 * so that on a system without the hiding it spoils nothing but its own workspace.
 */
const plant = (root: string) => `echo "init-cwd=$(readlink /proc/1/cwd)"
find ${JSON.stringify(root)} -path '*without_skill/run-*/task' -type d -exec touch {}/ok \\; 2>/dev/null
find ${JSON.stringify(root)} -path '*without_skill/run-*' -name conversation.json -exec sh -c 'echo "{}" > "$1"' _ {} \\; 2>/dev/null
echo tampered > ${JSON.stringify(join(root, 's', 'evals', 'note.txt'))} 2>/dev/null
echo "seen=$(find ${JSON.stringify(join(root, '.eval-magic'))} ${JSON.stringify(join(root, 's', 'evals'))} 2>/dev/null | tr '\\n' ' ')"
exit 0
`;

const evals = [{ id: 'e1', prompt: 'fix it', expected_output: 'fixed', assertions: [
  { id: 'tests', type: 'command_check', command: 'if [ -f run-tests.sh ]; then sh run-tests.sh; fi' },
  { id: 'has-ok', type: 'command_check', command: 'test -f ok' },
] }];
const run = (task: Record<string, string> = {}): RunSpec => ({ events: [{ user: 'fix it' }, { assistant: 'done' }], staged: { 'app.txt': 'v1' }, task: { 'app.txt': 'v2', ...task } });

function workspace(name: string) {
  const root = join(tmp, name);
  const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [run({ 'run-tests.sh': plant(root) }), run()], without_skill: [run(), run()] } } });
  const control = (n: number) => join(iteration, 'eval-e1', 'without_skill', `run-${n}`);
  const conversations = [1, 2].map((n) => readFileSync(join(control(n), 'conversation.json'), 'utf8'));
  return { root, iteration, control, conversations };
}

/** What the planted script reached: nothing, or what it changed or saw. */
function assertUnreached(w: ReturnType<typeof workspace>, evidence: string) {
  for (const n of [1, 2]) {
    assert.equal(existsSync(join(w.control(n), 'task', 'ok')), false, `the agent's code touched a control run's task folder: ${evidence}`);
    assert.equal(readFileSync(join(w.control(n), 'conversation.json'), 'utf8'), w.conversations[n - 1], `the agent's code rewrote a control run's conversation.json: ${evidence}`);
  }
  assert.deepEqual(readdirSync(join(w.root, 's', 'evals')), ['evals.json'], `the agent's code wrote into the evals folder: ${evidence}`);
  assert.doesNotMatch(evidence, /conversation\.json|evals\.json/, `the agent's code saw the workspace or the skill's evals: ${evidence}`);
  const cwd = /init-cwd=([^\\]*)\\n/.exec(evidence)?.[1];
  // The scratch folder, or nothing: the init is of a user namespace above the command's, which may not read its links.
  assert.ok(cwd !== undefined && (cwd === '' || cwd === '/' || /eval-magic-command-check-/.test(cwd)), `the init's working folder names compare's: ${evidence}`);
}

/** The files and folders under `root` (itself too) any user may write to. */
function worldWritable(root: string): string[] {
  const entry = lstatSync(root);
  // A link's own mode is always 0777 and means nothing: what it names is checked where it lies.
  if (entry.isSymbolicLink()) return [];
  const open = (entry.mode & 0o002) !== 0 ? [root] : [];
  if (!entry.isDirectory()) return open;
  return [...open, ...readdirSync(root).flatMap((name) => worldWritable(join(root, name)))];
}

const evidenceOf = (w: ReturnType<typeof workspace>) => {
  const grading = JSON.parse(readFileSync(join(w.iteration, 'eval-e1', 'with_skill', 'run-1', 'grading.json'), 'utf8')) as { assertion_results: Array<{ id: string; evidence: string }> };
  return grading.assertion_results.find((r) => r.id === 'tests')!.evidence;
};

describe('command_check keeps the agent\'s code away from the workspace', async () => {
  const containment = await commandContainment();
  const hiding = await hidingSupport();
  const unavailable = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}`
    : 'reason' in hiding ? `no hiding here: ${hiding.reason}`
    : outside === undefined ? 'no folder outside the temporary folders (neither /run nor HOME) to hold the workspaces, where only the covers could hide them'
    : false;

  // The control: with nothing covered, the planted code does reach the workspace — so the tests
  // below, where compare covers it, fail if the covers go.
  it('without covers the planted code reaches the workspace (the control: the tests below can fail)', { skip: unavailable, timeout: 60_000 }, async () => {
    const w = workspace('uncovered');
    const verdict = await gradeCommandCheck({ id: 'tests', type: 'command_check', command: 'sh run-tests.sh' }, { taskDir: join(w.iteration, 'eval-e1', 'with_skill', 'run-1', 'task'), evalsDir: join(w.root, 's', 'evals'), shown: (path) => path, timeoutMs: 20_000, maxOutputBytes: 1 << 20, hidden: [] });
    assert.ok('graded' in verdict, JSON.stringify(verdict));
    assert.equal(existsSync(join(w.control(1), 'task', 'ok')), true, `the planted code did not reach the control runs even uncovered: ${verdict.graded.evidence}`);
    assert.match(verdict.graded.evidence, /conversation\.json/);
  });

  it('code a command runs can neither see nor change other runs, the conversations or the skill\'s evals, and the verdict stands', { skip: unavailable, timeout: 120_000 }, async () => {
    const w = workspace('as-root');
    const { document } = await compareIterations([w.iteration], { cwd: w.root });
    assertUnreached(w, evidenceOf(w));
    const hasOk = document.evals[0]!.assertions.find((a) => a.id === 'has-ok')!;
    assert.deepEqual(['with_skill', 'without_skill'].map((c) => (hasOk[c] as { passed: number }).passed), [0, 0], JSON.stringify(hasOk));
    assert.equal(document.validity.some((v) => v.code === 'commands-unhidden'), false, JSON.stringify(document.validity));
  });

  // The real-agent tier and most CI run as a regular user: there the namespace comes with a user namespace.
  it('as a regular user too (a user namespace)', { skip: unavailable || (process.getuid?.() !== 0 && 'needs root to become a regular user with setpriv'), timeout: 120_000 }, () => {
    const w = workspace('as-user');
    // The workspace the regular user's, the test's folder open to enter only: so that only the hiding
    // stops the agent's code, with no folder in /run any user may write to (chmod -R a+rwX made them so).
    giveToRegularUser(w.root);
    chmodSync(tmp, 0o711);
    assert.deepEqual(worldWritable(tmp), [], 'the test opened its folders to every user');
    // The control: the regular user reaches what the agent's code must not, so the test can fail.
    const reach = spawnAsRegularUser(['sh', '-c', 'test -w "$1" && test -w "$2" && test -r "$3"', 'reach', join(w.control(1), 'task'), join(w.root, 's', 'evals'), join(w.control(1), 'conversation.json')], { encoding: 'utf8' });
    assert.equal(reach.status, 0, `the regular user cannot reach the workspace: only the hiding must stop it (${reach.stderr})`);
    const compare = bundledModule(fileURLToPath(new URL('../../src/compare/index.ts', import.meta.url)));
    const script = `const { compareIterations } = await import(${JSON.stringify(compare)});
const { document } = await compareIterations([${JSON.stringify(w.iteration)}], { cwd: ${JSON.stringify(w.root)} });
process.stdout.write(JSON.stringify(document.validity));`;
    const r = spawnAsRegularUser([process.execPath, '--input-type=module', '-e', script], { encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, r.stderr);
    assertUnreached(w, evidenceOf(w));
    assert.equal(r.stdout.includes('commands-unhidden'), false, r.stdout);
  });

  it('where the system refuses the hiding, the commands still run and compare says so (commands-unhidden), as judge and campaign say theirs', { skip: containment.kind === 'session' && `no PID namespace here: ${containment.reason}`, timeout: 120_000 }, () => {
    const w = workspace('refused');
    // And one where no command ran: every run's task folder is gone, so each command_check fails by the broken-folder rule.
    const gone = workspace('refused-none-ran');
    for (const arm of ['with_skill', 'without_skill']) for (const n of [1, 2]) rmSync(join(gone.iteration, 'eval-e1', arm, `run-${n}`, 'task'), { recursive: true });
    // A mount that the system refuses, as where user namespaces may not mount.
    const bin = join(tmp, 'refusing-bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'mount'), "#!/bin/sh\necho 'mount: /x: permission denied.' >&2\nexit 32\n", { mode: 0o755 });
    const compare = bundledModule(fileURLToPath(new URL('../../src/compare/index.ts', import.meta.url)));
    const script = `const { compareIterations } = await import(${JSON.stringify(compare)});
const { document } = await compareIterations([${JSON.stringify(w.iteration)}], { cwd: ${JSON.stringify(w.root)}, writeGrading: false });
const none = await compareIterations([${JSON.stringify(gone.iteration)}], { cwd: ${JSON.stringify(gone.root)}, writeGrading: false });
process.stdout.write(JSON.stringify({ ...document, noneRan: none.document.validity }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], { env: { ...process.env, PATH: `${bin}:${process.env.PATH ?? ''}` }, encoding: 'utf8', timeout: 120_000 });
    assert.equal(r.status, 0, r.stderr);
    const document = JSON.parse(r.stdout) as { validity: Array<{ code: string; severity: string; message: string }>; evals: Array<{ assertions: Array<{ id: string; grader: string }> }> };
    const said = document.validity.filter((v) => v.code === 'commands-unhidden');
    assert.equal(said.length, 1, JSON.stringify(document.validity));
    assert.equal(said[0]!.severity, 'warning');
    assert.match(said[0]!.message, /in reach \(this system refused the mounts .*permission denied.*\): code the agent left in its task folder/);
    assert.match(said[0]!.message, /Every cell shared this machine's \/tmp and \$TMPDIR too: .* a verdict can depend on the order the runs were graded in/);
    // Graded all the same: the command ran.
    assert.deepEqual(document.evals[0]!.assertions.map((a) => a.id), ['tests', 'has-ok']);
    // Nothing said where no command ran (each failed by rule): nothing of the agent's could reach anything.
    const noneRan = (document as unknown as { noneRan: Array<{ code: string }> }).noneRan;
    assert.equal(noneRan.some((v) => v.code === 'commands-unhidden'), false, JSON.stringify(noneRan));
  });

  it('the covers cannot be undone from inside, even by a command run as root (the kernel locks them)', { skip: unavailable, timeout: 60_000 }, async () => {
    const w = workspace('locked');
    const covered = join(w.root, '.eval-magic');
    const undo = `for i in 1 2 3; do umount -l "$W" || umount "$W" || mount --move "$W" /mnt; done 2>/dev/null; mount -t tmpfs x "$W" 2>/dev/null && umount -l "$W" 2>/dev/null; ls -A "$W"; id -u`;
    const verdict = await gradeCommandCheck({ id: 'undo', type: 'command_check', command: undo, env: { W: covered }, expect_stdout: '^\\d+\\n$' }, { taskDir: join(w.control(1), 'task'), evalsDir: join(w.root, 's', 'evals'), shown: (path) => path, timeoutMs: 20_000, maxOutputBytes: 1 << 20, hidden: [covered] });
    assert.ok('graded' in verdict && verdict.graded.passed, `the workspace showed again: ${JSON.stringify(verdict)}`);
  });

  // An iteration kept right in HOME (~/iteration-1, unpacked from an artifact) makes HOME its
  // "skill folder": covered, every command found an empty, read-only HOME (no ~/.gitconfig, no
  // npm cache) and failed in both arms alike, with no word. The agent's and judge's covers never hide HOME.
  it('a hidden folder holding HOME is not covered (HOME is read and written as ever); the iteration inside it still is', { skip: unavailable, timeout: 60_000 }, async () => {
    const home = join(tmp, 'home-user');
    const iteration = join(home, 'iteration-1');
    const task = join(iteration, 'eval-e1', 'with_skill', 'run-1', 'task');
    mkdirSync(task, { recursive: true });
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = someone\n');
    const command = 'cat "$HOME/.gitconfig" >/dev/null && touch "$HOME/.cache-probe" && test ! -e "$HOME/iteration-1/eval-e1" && echo ok';
    const verdict = await gradeCommandCheck({ id: 'home', type: 'command_check', command, env: { HOME: home } }, { taskDir: task, evalsDir: home, shown: (path) => path, timeoutMs: 20_000, maxOutputBytes: 1 << 20, hidden: [home, iteration] });
    assert.ok('graded' in verdict && verdict.graded.passed, JSON.stringify(verdict));
  });
  // Two skills compared at once (a workspace of several): a run of one skill's iteration ran its
  // code with the other skill's evals folder in reach — its held-out setup files, read by that
  // skill's command_checks later in the same compare, were the agent's to rewrite (an arm-telling
  // check.sh turned 0/1 vs 0/1 into 1/1 vs 0/1).
  it("code a command of one skill's run runs cannot reach another compared skill's evals folder", { skip: unavailable, timeout: 120_000 }, async () => {
    const root = join(tmp, 'two-skills');
    const otherEvals = join(root, 'beta', 'evals');
    const rewrite = `printf '%s\\n' 'test -d .claude/skills/beta' > ${JSON.stringify(join(otherEvals, 'check.sh'))} 2>/dev/null; exit 0\n`;
    const alpha = writeWorkspace(root, { skill: 'alpha', evals: [{ id: 'e1', prompt: 'fix it', expected_output: 'fixed', assertions: [{ id: 'tests', type: 'command_check', command: 'if [ -f run-tests.sh ]; then sh run-tests.sh; fi' }] }], runs: { e1: { with_skill: [run({ 'run-tests.sh': rewrite })], without_skill: [run()] } } });
    const beta = writeWorkspace(root, { skill: 'beta', evals: [{ id: 'e1', prompt: 'fix it', expected_output: 'fixed', assertions: [{ id: 'checked', type: 'command_check', command: 'sh check.sh', setup_files: ['check.sh'] }] }], evalsFiles: { 'check.sh': 'exit 1\n' }, runs: { e1: { with_skill: [run({ '.claude/skills/beta/SKILL.md': 'x' })], without_skill: [run()] } } });
    const { document } = await compareIterations([alpha, beta], { cwd: root });
    assert.equal(readFileSync(join(otherEvals, 'check.sh'), 'utf8'), 'exit 1\n', "the agent's code rewrote the other skill's setup file");
    const checked = document.evals.find((e) => e.skill === 'beta')!.assertions.find((a) => a.id === 'checked')!;
    assert.deepEqual(['with_skill', 'without_skill'].map((c) => (checked[c] as { passed: number }).passed), [0, 0], JSON.stringify(checked));
  });

  /** A workspace in `root` whose with_skill run's code writes into the baseline `root/old-s` (a SKILL.md), campaign.json naming it `old-s` as `campaign --baseline old-s` records it: `baseline` and `started_in` of the record given. */
  function plantedBaseline(root: string, record: (baseline: string) => Record<string, unknown>) {
    const baseline = join(root, 'old-s');
    const planted = `echo tampered > ${JSON.stringify(join(baseline, 'note.txt'))} 2>/dev/null; exit 0\n`;
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [run({ 'run-tests.sh': planted })], without_skill: [run()] } } });
    mkdirSync(baseline, { recursive: true });
    writeFileSync(join(baseline, 'SKILL.md'), '---\nname: s\ndescription: the baseline\n---\n');
    const plan = JSON.parse(readFileSync(join(iteration, 'campaign.json'), 'utf8'));
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify({ ...plan, evals: { ...plan.evals, path: join(root, 's', 'evals', 'evals.json') }, ...record(baseline) }, null, 2));
    return { baseline, iteration };
  }

  it("compare started in another folder than campaign was still hides a baseline campaign.json names relative to where campaign was started (started_in): the agent's code cannot write into it (judge75)", { skip: unavailable, timeout: 120_000 }, async () => {
    const root = join(tmp, 'started-elsewhere');
    // As campaign --baseline old-s writes it, started in root: the source as typed, and where it was typed.
    const { baseline, iteration } = plantedBaseline(root, () => ({ baseline: { source: 'old-s', sha256: '0'.repeat(64) }, started_in: root }));
    const elsewhere = join(tmp, 'started-elsewhere-cwd');
    mkdirSync(elsewhere, { recursive: true });
    await compareIterations([iteration], { cwd: elsewhere });
    assert.deepEqual(readdirSync(baseline), ['SKILL.md'], "the agent's code wrote into the baseline's folder");
  });

  it("a workspace moved from the machine campaign ran on (started_in names a folder not here) still hides the baseline beside it: the agent's code cannot write into it (review40)", { skip: unavailable, timeout: 120_000 }, async () => {
    const root = join(tmp, 'moved');
    // Found only by guessing (above the workspace): taken for the baseline as its SKILL.md is the one recorded.
    const files = (baseline: string) => ({ 'SKILL.md': `file ${createHash('sha256').update(readFileSync(join(baseline, 'SKILL.md'))).digest('hex')}` });
    const { baseline, iteration } = plantedBaseline(root, (at) => ({ baseline: { source: 'old-s', sha256: '0'.repeat(64), files: files(at) }, started_in: '/nonexistent/old-checkout' }));
    await compareIterations([iteration], { cwd: root });
    assert.deepEqual(readdirSync(baseline), ['SKILL.md'], "the agent's code wrote into the baseline's folder");
  });

  it("a folder above the workspace holding another SKILL.md is no skill of the campaign's (source '.'): a command_check's code runs from it as ever, and the verdict stands (review43 F1)", { skip: unavailable, timeout: 120_000 }, async () => {
    const outer = join(tmp, 'unrelated-above');
    mkdirSync(join(outer, 'tools'), { recursive: true });
    writeFileSync(join(outer, 'SKILL.md'), '---\nname: plugin\ndescription: the repository root\'s own skill\n---\n');
    writeFileSync(join(outer, 'tools', 'check.sh'), 'test -f app.txt\n');
    const root = join(outer, 'proj');
    const shared = [{ id: 'e1', prompt: 'fix it', expected_output: 'fixed', assertions: [{ id: 'shared-check', type: 'command_check', command: `sh ${join(outer, 'tools', 'check.sh')}` }] }];
    const fixed = (): RunSpec => ({ events: [{ user: 'fix it' }, { assistant: 'done' }], staged: { 'app.txt': 'v1' }, task: { 'app.txt': 'v2' } });
    const iteration = writeWorkspace(root, { skill: 's', evals: shared, runs: { e1: { with_skill: [fixed(), fixed()], without_skill: [fixed(), fixed()] } } });
    const plan = JSON.parse(readFileSync(join(iteration, 'campaign.json'), 'utf8'));
    // As `campaign --skill .` started in the skill's folder records it.
    writeFileSync(join(iteration, 'campaign.json'), JSON.stringify({ ...plan, skill: { ...plan.skill, source: '.' }, started_in: join(root, 's') }, null, 2));
    const { document } = await compareIterations([iteration], { cwd: root });
    const checked = document.evals[0]!.assertions.find((a) => a.id === 'shared-check')!;
    assert.deepEqual(['with_skill', 'without_skill'].map((c) => (checked[c] as { passed: number }).passed), [2, 2], JSON.stringify(checked));
  });
});

// Every cell shared the machine's /tmp and $TMPDIR: a test suite writing a fixed path there (a
// database, a lock, a cache) passed in the first cell graded and failed in the later ones — the
// order groups the arms, so one arm was marked down — and one run's code could leave there what
// turns another's command. Each cell now has its own, empty at its start, gone at its end.
describe("each command_check cell has a /tmp and $TMPDIR of its own", async () => {
  const containment = await commandContainment();
  const hiding = await hidingSupport();
  const unavailable = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : 'reason' in hiding ? `no hiding here: ${hiding.reason}` : false;
  const unique = `em-marker-${process.pid}-${Date.now()}`;

  it('what one run\'s command leaves in /tmp or $TMPDIR, no later cell finds: every run passes, whatever the order', { skip: unavailable, timeout: 120_000 }, async () => {
    const root = join(tmp, 'private-temp');
    const ownTmpdir = join(tmp, 'private-temp-tmpdir');
    mkdirSync(ownTmpdir, { recursive: true });
    const marker = join('/tmp', unique);
    const evals = [{ id: 'e1', prompt: 'fix it', expected_output: 'fixed', assertions: [
      { id: 'tmp', type: 'command_check', command: `test ! -e ${marker} && touch ${marker}` },
      { id: 'tmpdir', type: 'command_check', command: 'test ! -e "$TMPDIR/marker" && touch "$TMPDIR/marker"', env: { TMPDIR: ownTmpdir } },
    ] }];
    try {
      const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [run(), run()], without_skill: [run(), run()] } } });
      const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
      for (const id of ['tmp', 'tmpdir']) {
        const assertion = document.evals[0]!.assertions.find((a) => a.id === id)!;
        assert.deepEqual(['with_skill', 'without_skill'].map((c) => (assertion[c] as { passed: number }).passed), [2, 2], `${id}: ${JSON.stringify(assertion)}`);
      }
      // Gone with each cell: nothing of theirs is left in the real folders.
      assert.equal(existsSync(marker), false, 'a cell wrote into the real /tmp');
      assert.deepEqual(readdirSync(ownTmpdir), [], 'a cell wrote into the real $TMPDIR');
    } finally {
      rmSync(marker, { force: true });
    }
  });

  it("each matrix cell too, with compare's own $TMPDIR inside /tmp (its scratch folder there), HOME and a tool on PATH below /tmp still in reach", { skip: unavailable, timeout: 60_000 }, async () => {
    const base = join(tmp, 'private-temp-cells');
    const own = join(base, 'tmpdir');
    const bin = join(base, 'bin');
    const home = join(base, 'home');
    for (const dir of [own, bin, home]) mkdirSync(dir, { recursive: true });
    writeFileSync(join(bin, 'em-tool'), '#!/bin/sh\necho tool-ran\n', { mode: 0o755 });
    writeFileSync(join(home, '.gitconfig'), '[user]\n\tname = someone\n');
    const marker = join('/tmp', `${unique}-cells`);
    const task = join(base, 'task');
    mkdirSync(task);
    writeFileSync(join(task, 'app.txt'), 'work');
    const command = `test ! -e ${marker} && touch ${marker} && test ! -e "$TMPDIR/m" && touch "$TMPDIR/m" && test -f app.txt && cat "$HOME/.gitconfig" >/dev/null && em-tool`;
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = own;
    try {
      const verdict = await gradeCommandCheck({ id: 'cells', type: 'command_check', command, env: { HOME: home, PATH: `${bin}:${process.env.PATH ?? ''}` }, matrix: { CELL: ['1', '2', '3'] }, expect_stdout: '^tool-ran\\n$' }, { taskDir: task, evalsDir: base, shown: (path) => path, timeoutMs: 20_000, maxOutputBytes: 1 << 20 });
      assert.ok('graded' in verdict && verdict.graded.passed, JSON.stringify(verdict));
      assert.equal(existsSync(marker), false, 'a cell wrote into the real /tmp');
      // Its scratch folder is gone, and no cell's $TMPDIR file is left.
      assert.deepEqual(readdirSync(own), [], 'a cell wrote into the real $TMPDIR, or its scratch folder was left');
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(marker, { force: true });
    }
  });
});
