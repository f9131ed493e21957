// `eval-magic compare` as users run it (the built dist/bin.cjs for its exit codes, the built CLI in
// this process with runMain elsewhere): several formats in one run, the step summary under GitHub
// Actions, and the same numbers as the library.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations, type ComparisonDocument } from '../../src/compare/index.js';
import { binPath, runBin, runMain } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';
import { copyWithoutCommandChecks, writeWorkspace } from '../compare/workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-cli-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const shift = join(tmp, 'shift');
cpSync(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), shift, { recursive: true });
const ITERATION = '.eval-magic/ask-before-editing/iteration-1';
// The same runs without the command_check (a contained shell per run per compare), for the
// --fail-on tests (its rows never move, so the exit codes are the same) and the tests of
// grading.json that cannot be written (any grade is written alike).
const shiftNoCommands = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, 'shift-no-commands'), 'ask-before-editing');

/** Every grading.json below `dir`. */
function gradingFiles(dir: string): string[] {
  return (readdirSync(dir, { recursive: true }) as string[]).filter((f) => basename(f) === 'grading.json').map((f) => join(dir, f));
}

/** Why a folder cannot be mounted read-only in a mount namespace here (needs root), or false when it can. */
function readOnlyMountUnavailable(): string | false {
  const probe = spawnSync('unshare', ['-m', 'sh', '-c', 'mount --bind "$1" "$1" && mount -o remount,bind,ro "$1" && ! touch "$1/x" 2>/dev/null', 'sh', tmp], { encoding: 'utf8' });
  return probe.status === 0 ? false : `cannot mount a folder read-only in a mount namespace here (needs root): ${probe.stderr.trim() || probe.error?.message || `exit ${probe.status}`}`;
}

describe('eval-magic compare', () => {
  it('exits 0, prints validity before the tables, and marks the significant row', () => {
    const run = runBin(['compare', ITERATION], { cwd: shift });
    assert.equal(run.code, 0, run.stderr);
    const out = run.stdout;
    assert.ok(out.indexOf('Validity') < out.indexOf('eval rename-column'), out);
    assert.match(out, /^\* +asks-before-editing\s+8\/8 100%\s+1\/8 13%\s+\+88 pp\s+\[\+40, \+98\]\s+0\.001\s+0\.006\s+BETTER$/m);
    assert.match(out, /^\s+runs-the-tests .*±0 pp .*no change$/m);
  });
  it('writes json, markdown and html in one run, and the step summary under GitHub Actions', async () => {
    const summary = join(tmp, 'summary.md');
    writeFileSync(summary, 'before\n');
    const run = await runMain(['compare', ITERATION, '-f', 'json=out/comparison.json', '-f', 'markdown=out/c.md', '-f', 'html=out/c.html', '--no-grading'], { cwd: shift, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stdout, '');
    const fromCli = JSON.parse(readFileSync(join(shift, 'out/comparison.json'), 'utf8')) as ComparisonDocument;
    const { document } = await compareIterations([ITERATION], { cwd: shift, writeGrading: false });
    // The whole document, as the docs promise: the library's named no version ("tool": "eval-magic").
    assert.deepEqual(fromCli, JSON.parse(JSON.stringify(document)));
    const markdown = readFileSync(join(shift, 'out/c.md'), 'utf8');
    assert.match(markdown, /\| \*\*asks-before-editing\*\* \|/);
    assert.ok(readFileSync(summary, 'utf8').startsWith('before\n## eval-magic compare'));
    const html = readFileSync(join(shift, 'out/c.html'), 'utf8');
    assert.ok(html.indexOf('id="comparison"') < html.indexOf('class="top"'));
    // The headline first, then a row per assertion with its chart.
    assert.ok(html.indexOf('class="headline"') < html.indexOf('class="validity"'));
    assert.match(html, /<details class="arow" id="a-0-0"><summary><span class="aid">asks-before-editing/);
    assert.match(html, /<svg class="achart"/);
    const checked = await runMain(['check', 'out/comparison.json', `${ITERATION}/eval-rename-column/with_skill/run-1/grading.json`], { cwd: shift });
    assert.equal(checked.code, 0, checked.stdout);
  });
  // From here on the built CLI runs in this process (runMain): the binary's part is the same as above.
  it('--fail-on worse passes here; --fail-on no-change too (one assertion is significantly better)', async () => {
    assert.equal((await runMain(['compare', ITERATION, '--fail-on', 'worse', '--no-grading'], { cwd: shiftNoCommands })).code, 0);
    assert.equal((await runMain(['compare', ITERATION, '--fail-on', 'no-change', '--no-grading'], { cwd: shiftNoCommands })).code, 0);
  });
  it('--fail-on no-change exits 1 when nothing moved; --fail-on worse exits 1 when the skill made things worse', async () => {
    // The same workspace with the arms' runs swapped: the skill now makes the asking assertion worse.
    const swapped = join(tmp, 'swapped');
    cpSync(shiftNoCommands, swapped, { recursive: true });
    for (const evalFolder of readdirSync(join(swapped, ITERATION)).filter((name) => name.startsWith('eval-'))) {
      const arm = (condition: string) => join(swapped, ITERATION, evalFolder, condition);
      const staged = JSON.parse(readFileSync(join(arm('with_skill'), readdirSync(arm('with_skill'))[0]!, 'run.json'), 'utf8')).skill;
      renameSync(arm('with_skill'), arm('swapping'));
      renameSync(arm('without_skill'), arm('with_skill'));
      renameSync(arm('swapping'), arm('without_skill'));
      // Each run's record follows its runs, as if campaign had run them so (the skill staged in its arm).
      for (const condition of ['with_skill', 'without_skill']) {
        for (const runFolder of readdirSync(arm(condition))) {
          const record = join(arm(condition), runFolder, 'run.json');
          writeFileSync(record, JSON.stringify({ ...JSON.parse(readFileSync(record, 'utf8')), condition, skill: condition === 'with_skill' ? staged : null }, null, 2));
        }
      }
    }
    const worse = await runMain(['compare', ITERATION, '--fail-on', 'worse', '--no-grading'], { cwd: swapped });
    assert.equal(worse.code, 1);
    assert.match(worse.stderr, /--fail-on worse: in eval rename-column, asks-before-editing is significantly worse with with_skill\.\n/, "each named with its eval: two evals may have assertions of one id");
    const still = await runMain(['compare', ITERATION, '--fail-on', 'no-change', '--no-grading', '--alpha', '0.000001'], { cwd: shiftNoCommands });
    assert.equal(still.code, 1);
    assert.match(still.stderr, /no assertion is significantly better/);
  });
  it('exits 1 on a validity error (an artifact check rejects)', async () => {
    const root = join(tmp, 'broken');
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done' }], runs: { e1: { with_skill: [{ events: [{ user: 'go' }, { assistant: 'ok' }] }], without_skill: [{ events: [], rawConversation: '{' }] } } });
    const run = runBin(['compare', '.eval-magic'], { cwd: root });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /✖ 1 artifact of eval e1 failed check/);
    // With every report in a file (CI), the exit 1 still says why, as --fail-on's does.
    const quiet = await runMain(['compare', '.eval-magic', '-f', 'json=comparison.json'], { cwd: root });
    assert.equal(quiet.code, 1);
    assert.equal(quiet.stdout, '');
    assert.equal(quiet.stderr, 'eval-magic: 1 validity error (artifacts-excluded): see Validity in the report before trusting the comparison.\n');
  });
  it('names the workspace as the user did from a folder beside it (`cd sub && compare ../.eval-magic/…`): every path `../…`, none absolute (a user trial)', async () => {
    const root = join(tmp, 'from-beside');
    const judged = { id: 'judged', type: 'llm_judge', rubric: 'is it good' };
    const ok = { events: [{ user: 'go' }, { assistant: 'ok' }] };
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [judged] }], runs: { e1: { with_skill: [ok, ok, { events: [], rawConversation: '{' }], without_skill: [ok, ok, ok] } } });
    const sub = join(root, 'sub');
    mkdirSync(sub);
    const run = await runMain(['compare', '../.eval-magic/s/iteration-1', '--no-grading', '-f', 'stylish', '-f', 'json=comparison.json', '-f', 'markdown=c.md'], { cwd: sub });
    assert.equal(run.code, 1, run.stderr);
    const said = [run.stdout, run.stderr, readFileSync(join(sub, 'comparison.json'), 'utf8'), readFileSync(join(sub, 'c.md'), 'utf8')].join('\n');
    assert.equal(said.includes(root), false, `an absolute path: ${said.split('\n').filter((l) => l.includes(root)).join('\n')}`);
    assert.match(run.stdout, /^ {2}iteration \.\.\/\.eval-magic\/s\/iteration-1$/m);
    assert.match(run.stdout, /not judged: run eval-magic judge \.\.\/\.eval-magic\/s\/iteration-1 --harness claude-code\)/);
    const document = JSON.parse(readFileSync(join(sub, 'comparison.json'), 'utf8')) as ComparisonDocument;
    assert.equal(document.evals[0]!.run_list[0]!.path, '../.eval-magic/s/iteration-1/eval-e1/with_skill/run-1/conversation.json');
  });
  it('names the working folder itself `.` (`cd iteration-1 && compare .`), as check does, in every format (it was absolute: a review)', async () => {
    const root = join(tmp, 'from-inside');
    const judged = { id: 'judged', type: 'llm_judge', rubric: 'is it good' };
    const ok = { events: [{ user: 'go' }, { assistant: 'ok' }] };
    const replies = { id: 'replies', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'ok' };
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [judged, replies] }], runs: { e1: { with_skill: [ok, ok], without_skill: [ok, ok] } } });
    const iteration = join(root, '.eval-magic', 's', 'iteration-1');
    const out = join(tmp, 'from-inside-reports');
    const run = await runMain(['compare', '.', '--no-grading', '-f', 'stylish', '-f', `json=${join(out, 'comparison.json')}`, '-f', `markdown=${join(out, 'c.md')}`, '-f', `html=${join(out, 'c.html')}`], { cwd: iteration });
    assert.equal(run.code, 0, run.stderr);
    const said = [run.stdout, run.stderr, ...['comparison.json', 'c.md', 'c.html'].map((f) => readFileSync(join(out, f), 'utf8'))].join('\n');
    // The evals.json, three folders up, is absolute by the rule; the iteration is `.` everywhere.
    assert.equal(said.includes(iteration), false, `the iteration by its absolute path: ${said.split('\n').filter((l) => l.includes(iteration)).join('\n').slice(0, 2000)}`);
    assert.match(run.stdout, /^ {2}iteration \.$/m);
    assert.match(run.stdout, /not judged: run eval-magic judge \. --harness claude-code\)/);
    const document = JSON.parse(readFileSync(join(out, 'comparison.json'), 'utf8')) as ComparisonDocument;
    assert.equal(document.evals[0]!.run_list[0]!.path, 'eval-e1/with_skill/run-1/conversation.json');
  });
  it('exits 2 on usage errors, nothing to compare, or one condition', async () => {
    const one = join(tmp, 'one');
    writeWorkspace(one, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done' }], runs: { e1: { with_skill: [{ events: [{ user: 'go' }, { assistant: 'ok' }] }] } } });
    for (const args of [['compare'], ['compare', ITERATION, '--alpha', '2'], ['compare', ITERATION, '-f', 'sarif'], ['compare', 'nowhere'], ['compare', ITERATION, '--fail-on', 'better']]) {
      const run = await runMain(args, { cwd: shift });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stdout}${run.stderr}`);
      assert.doesNotMatch(run.stderr, /\n\s+at /, 'no stack trace');
    }
    const oneArm = await runMain(['compare', '.eval-magic'], { cwd: one });
    assert.equal(oneArm.code, 2);
    assert.match(oneArm.stderr, /two conditions; found only "with_skill"/);
  });
  it('a workspace of two skills that each have an eval e1: every format names the skill with the eval, and one skill\'s errors never bear on the other\'s headline', async () => {
    const root = join(tmp, 'two-skills');
    const asks = { events: [{ user: 'go' }, { tool: 'Bash', args: { command: 'ls' } }, { assistant: 'ok' }] };
    const quiet = { events: [{ user: 'go' }, { assistant: 'ok' }] };
    const evals = [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'lists', type: 'transcript_check', check: 'tool_invocation_matches', pattern: 'ls' }] }];
    const arms = (extra: object = {}) => ({ e1: { with_skill: Array.from({ length: 5 }, () => asks), without_skill: Array.from({ length: 5 }, (_, i) => (i === 0 ? { ...quiet, ...extra } : quiet)) } });
    writeWorkspace(root, { skill: 'alpha-skill', evals, runs: arms() });
    writeWorkspace(root, { skill: 'beta-skill', evals, runs: arms({ record: { isolation: { valid: false, problems: [{ code: 'control-saw-skill', message: 'the control saw the skill' }] } } }) });
    const run = await runMain(['compare', '.eval-magic', '--no-grading', '-f', 'stylish', '-f', 'json=c.json', '-f', 'markdown=c.md', '-f', 'html=c.html'], { cwd: root });
    assert.equal(run.code, 1, run.stderr);
    assert.match(run.stdout, /^eval e1 \(alpha-skill\)  with_skill: 5 runs/m);
    assert.match(run.stdout, /^eval e1 \(beta-skill\)  with_skill: 5 runs/m);
    assert.match(run.stdout, /✖ Eval e1 \(beta-skill\), without_skill run 1: the control saw the skill\./);
    const headlines = run.stdout.slice(run.stdout.lastIndexOf('\n\nEval ')).replace(/\n {2}/g, ' ');
    // beta-skill's error is not alpha-skill's; the pooled Holm family (skills-pooled) is the whole comparison's.
    assert.match(headlines, /^\s*Eval e1 \(alpha-skill\): the skill moved lists \+100 pp [^\n]*significant after Holm at 0\.05\. Caveat: the comparison has 1 validity warning \(skills-pooled\): see Validity\.\n/);
    assert.match(headlines, /\nEval e1 \(beta-skill\): the skill moved lists [^\n]*But 1 validity error bears on it \(isolation-failed\)/);
    const doc = JSON.parse(readFileSync(join(root, 'c.json'), 'utf8')) as ComparisonDocument;
    assert.deepEqual(doc.validity.filter((v) => v.severity === 'error').map((v) => [v.eval, v.skill]), [['e1', 'beta-skill']]);
    const markdown = readFileSync(join(root, 'c.md'), 'utf8');
    assert.match(markdown, /^### eval e1 \(alpha-skill\)$/m);
    assert.match(markdown, /^### eval e1 \(beta-skill\)$/m);
    assert.match(readFileSync(join(root, 'c.html'), 'utf8'), /<h2>eval e1 \(beta-skill\) <a href="#g-\d+">transcripts<\/a><\/h2>/);
  });
  it('a run folder where grading.json cannot be written: exit 2, the reason in words ("permission denied (EACCES)"), and no grading.json written anywhere', () => {
    // As a regular user, where modes apply (root writes in a mode 555 folder).
    const asRoot = process.getuid?.() === 0;
    const root = join(tmp, 'read-only-run');
    cpSync(shiftNoCommands, root, { recursive: true });
    const runs = join(root, ITERATION, 'eval-rename-column');
    // An earlier test's grading.json that says the same would be left alone, never written.
    for (const file of gradingFiles(runs)) rmSync(file);
    if (asRoot) {
      chmodSync(tmp, 0o755);
      giveToRegularUser(root);
    }
    // Not the first run graded: the runs before it were written, and the workspace left partly graded.
    chmodSync(join(runs, 'with_skill/run-5'), 0o555);
    const args = ['compare', ITERATION, '--concurrency', 'off', '-f', 'json=refused/comparison.json'];
    const run = asRoot ? spawnAsRegularUser([process.execPath, binPath, ...args], { cwd: root, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 }) : spawnSync(process.execPath, [binPath, ...args], { cwd: root, encoding: 'utf8' });
    assert.equal(run.status, 2, run.stderr);
    assert.equal(run.stderr, `eval-magic: Cannot write ${ITERATION}/eval-rename-column/with_skill/run-5/grading.json (permission denied (EACCES)); no grading.json was written. Pass --no-grading to leave the workspace untouched.\n`);
    assert.equal(run.stdout, '');
    assert.deepEqual(gradingFiles(runs), []);
    assert.ok(!existsSync(join(root, 'refused')), 'no comparison.json');
  });
  it('many run folders that cannot take a grading.json: five named, then how many more; the library refuses alike', async () => {
    const root = join(tmp, 'many-refused');
    cpSync(shiftNoCommands, root, { recursive: true });
    const runs = join(root, ITERATION, 'eval-rename-column');
    for (const file of gradingFiles(runs)) rmSync(file);
    for (let j = 1; j <= 7; j++) mkdirSync(join(runs, `without_skill/run-${j}/grading.json`));
    const run = await runMain(['compare', ITERATION], { cwd: root });
    assert.equal(run.code, 2, run.stderr);
    const named = [1, 2, 3, 4, 5].map((j) => `${ITERATION}/eval-rename-column/without_skill/run-${j}/grading.json (a folder is there, which compare does not remove)`);
    assert.equal(run.stderr, `eval-magic: Cannot write ${named.join(', ')} and 2 more; no grading.json was written. Pass --no-grading to leave the workspace untouched.\n`);
    await assert.rejects(compareIterations([ITERATION], { cwd: root }), (error: Error) => `eval-magic: ${error.message}\n` === run.stderr.replace('--no-grading', 'writeGrading: false'));
    assert.deepEqual(gradingFiles(runs).filter((f) => statSync(f).isFile()), []);
  });
  it('run folders on a read-only mount (root too): every one named, nothing written, no comparison; --no-grading compares', { skip: readOnlyMountUnavailable() }, () => {
    const root = join(tmp, 'read-only-mount');
    cpSync(shiftNoCommands, root, { recursive: true });
    const runs = join(root, ITERATION, 'eval-rename-column');
    for (const file of gradingFiles(runs)) rmSync(file);
    // The two folders mounted read-only again over themselves, in a mount namespace of the command's own.
    const script = 'for d in "$1" "$2"; do mount --bind "$d" "$d" && mount -o remount,bind,ro "$d" || exit 99; done; shift 2; exec "$@"';
    const compare = (...extra: string[]) => spawnSync('unshare', ['-m', '--propagation', 'private', 'sh', '-c', script, 'sh', join(runs, 'with_skill/run-5'), join(runs, 'without_skill/run-8'), process.execPath, binPath, 'compare', ITERATION, ...extra], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
    const run = compare('-f', 'json=refused/comparison.json');
    assert.equal(run.status, 2, run.stderr);
    const shown = (r: string) => `${ITERATION}/eval-rename-column/${r}/grading.json (the file system is read-only (EROFS))`;
    assert.equal(run.stderr, `eval-magic: Cannot write ${shown('with_skill/run-5')}, ${shown('without_skill/run-8')}; no grading.json was written. Pass --no-grading to leave the workspace untouched.\n`);
    assert.deepEqual(gradingFiles(runs), []);
    assert.ok(!existsSync(join(root, 'refused')), 'no comparison.json');
    const ungraded = compare('--no-grading', '-f', 'json=ungraded/comparison.json');
    assert.equal(ungraded.status, 0, ungraded.stderr);
    assert.deepEqual(gradingFiles(runs), []);
    assert.equal((JSON.parse(readFileSync(join(root, 'ungraded/comparison.json'), 'utf8')) as ComparisonDocument).evals[0]!.run_list.length, 16);
  });
});

describe('a run folder whose grading.json is a folder: the library names its option (writeGrading: false), the CLI its flag (--no-grading)', () => {
  // Refused before grading starts, on the main thread, with or without grading threads.
  for (const concurrency of ['off', 2] as const) {
    it(`concurrency ${concurrency}`, async () => {
      const root = join(tmp, `grading-folder-${concurrency}`);
      cpSync(shift, root, { recursive: true });
      const grading = join(ITERATION, 'eval-rename-column/with_skill/run-1/grading.json');
      rmSync(join(root, grading), { force: true });
      mkdirSync(join(root, grading));
      if (concurrency !== 'off') {
        // Only transcript_check and llm_judge are graded in a thread: the others leave (assertions only grade, so the iteration is the same).
        const evalsPath = join(root, 'ask-before-editing/evals/evals.json');
        const evals = JSON.parse(readFileSync(evalsPath, 'utf8'));
        for (const e of evals.evals) e.assertions = e.assertions.filter((a: { type: string }) => a.type === 'transcript_check' || a.type === 'llm_judge');
        writeFileSync(evalsPath, JSON.stringify(evals, null, 2));
      }
      const sentence = (optOut: string) => `Cannot write ${grading} (a folder is there, which compare does not remove); no grading.json was written. Pass ${optOut} to leave the workspace untouched.`;
      await assert.rejects(compareIterations([ITERATION], { cwd: root, concurrency }), (e: Error) => e.name === 'UsageError' && e.message === sentence('writeGrading: false'));
      const run = await runMain(['compare', ITERATION, '--concurrency', String(concurrency)], { cwd: root });
      assert.equal(run.code, 2, run.stderr);
      assert.equal(run.stderr, `eval-magic: ${sentence('--no-grading')}\n`);
    });
  }
});

describe('a signal while the reports are written', () => {
  it('stops before the next report, exit 130, the report being written whole (the handler was gone: a Ctrl-C then was lost, or killed compare mid-report with a temp file left: review31)', () => {
    const out = join(tmp, 'interrupted-reports');
    mkdirSync(out);
    // The CLI in a child (its interrupt handling is process-wide), standard output a sink that raises SIGINT at its first write.
    const script = `import { main } from ${JSON.stringify(new URL('../../dist/cli.js', import.meta.url).href)};
let sent = false;
let stderr = '';
const io = { cwd: ${JSON.stringify(shiftNoCommands)}, env: { PATH: process.env.PATH },
  stdout: { isTTY: false, write: () => { if (!sent) { sent = true; process.emit('SIGINT', 'SIGINT'); } } },
  stderr: { isTTY: false, write: (text) => void (stderr += text) }, readStdin: async () => Buffer.alloc(0) };
const code = await main(['compare', ${JSON.stringify(ITERATION)}, '--no-grading', '--format', 'json', '--format', 'stylish=${join(out, 'report.txt')}'], io);
process.stdout.write(JSON.stringify({ code, stderr }));
process.exit(0);`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
    assert.equal(child.status, 0, child.stderr);
    const { code, stderr } = JSON.parse(child.stdout) as { code: number; stderr: string };
    assert.equal(code, 130, stderr);
    assert.match(stderr, /SIGINT: stopping; no report is written after the one being written, if any/);
    assert.deepEqual(readdirSync(out), [], 'the report after it is not written');
  });
});
