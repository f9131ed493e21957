// `eval-magic compare` against odd input a careless or hostile user gives it: reports aimed at the
// files compare reads, flag values yargs would take as numbers, a grading.json that is a folder.
// Each must end in a one-line usage error (exit 2) with the workspace as it was.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { binPath, runBin, runMain } from '../helpers/cli.js';
import { copyWithoutCommandChecks, writeWorkspace } from '../compare/workspace.js';
import { STEP_SUMMARY_BYTES } from '../../src/formatters/github-summary.js';
import { holdersOf } from '../runner/run-helpers.js';
import { spawnAsRegularUser } from '../helpers/regular-user.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-hostile-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const ITERATION = '.eval-magic/ask-before-editing/iteration-1';
const RUN = `${ITERATION}/eval-rename-column/with_skill/run-1`;

/**
 * The compare fixture without its command_check (copyWithoutCommandChecks): every compare of it
 * grades each run, `--no-grading` too (that only leaves grading.json unwritten), and a command_check
 * spawns a contained shell per run, which none of the tests below reads.
 */
function fixture(name: string, { allRuns = false } = {}): string {
  const root = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, name), 'ask-before-editing');
  // Two runs an arm, as planned, unless a test reads the fixture's numbers (allRuns): what the
  // others read is where compare writes and what it refuses, whatever the count (each compare
  // then checks and grades 4 runs, not 16).
  if (!allRuns) {
    for (const arm of ['with_skill', 'without_skill']) for (let j = 3; j <= 8; j++) rmSync(join(root, ITERATION, 'eval-rename-column', arm, `run-${j}`), { recursive: true });
    const campaignPath = join(root, ITERATION, 'campaign.json');
    const campaign = JSON.parse(readFileSync(campaignPath, 'utf8')) as { runs: Record<string, number> };
    campaign.runs['rename-column'] = 2;
    writeFileSync(campaignPath, JSON.stringify(campaign, null, 2) + '\n');
  }
  return root;
}

const usageError = (run: { code: number | null; stdout: string; stderr: string }, pattern: RegExp, what: string) => {
  assert.equal(run.code, 2, `${what}: ${run.stdout}${run.stderr}`);
  assert.match(run.stderr, pattern, what);
  assert.equal(run.stderr.trim().split('\n').length, 1, `${what}: one line`);
  assert.doesNotMatch(run.stderr, /internal error/, what);
};

describe('compare refuses a report over a file it reads', () => {
  const root = fixture('inputs');
  const inputs = [
    `${RUN}/conversation.json`,
    'ask-before-editing/evals/evals.json',
    `${ITERATION}/campaign.json`,
    `${RUN}/run.json`,
    `${RUN}/grading.json`,
    `${RUN}/task/schema.sql`,
    `${RUN}/staged/fresh-report.json`,
  ];
  for (const input of inputs) {
    it(`-f json=${input.slice(ITERATION.length + 1) || input}`, async () => {
      const before = new Map(inputs.map((p) => [p, readOrNull(join(root, p))]));
      for (const flags of [['-f', `json=${input}`], ['-o', input, '-f', 'markdown']]) {
        const run = await runMain(['compare', ITERATION, '--no-grading', ...flags], { cwd: root });
        usageError(run, /would (replace|be a file named|be written inside)/, flags.join(' '));
        for (const [path, text] of before) assert.equal(readOrNull(join(root, path)), text, `${path} untouched by ${flags.join(' ')}`);
      }
    });
  }
  it('says the command reads the file, not "this check" (compare refused -f json=<the campaign.json> as a file "this check reads")', async () => {
    const run = await runMain(['compare', ITERATION, '--no-grading', '-f', `json=${ITERATION}/campaign.json`], { cwd: root });
    usageError(run, new RegExp(`^eval-magic: The report "${ITERATION}/campaign\\.json" would replace "${ITERATION}/campaign\\.json", which this command reads; write the report somewhere else\\.$`, 'm'), 'campaign.json');
  });
  it('-f json=<a link elsewhere to a run folder>/task/… is refused: the report would be graded as the agent\'s work', async () => {
    const link = join(tmp, 'link-to-run');
    symlinkSync(join(root, RUN), link);
    const run = await runMain(['compare', ITERATION, '--no-grading', '-f', `json=${link}/task/report.json`], { cwd: root });
    usageError(run, /would be written inside the run folder ".*with_skill\/run-1"/, 'through a link');
    assert.equal(existsSync(join(root, RUN, 'task/report.json')), false);
  });
  it('-f json=<iteration>/eval-<id>/<arm>/run-<j>/… where no run folder is yet is refused: the folder the report made was the next compare\'s run beyond the plan (runs-over-plan, exit 1)', async () => {
    for (const folder of [`${ITERATION}/eval-rename-column/with_skill/run-3`, `${ITERATION}/eval-added/with_skill/run-1`]) {
      const run = await runMain(['compare', ITERATION, '--no-grading', '-f', `json=${folder}/report.json`], { cwd: root });
      usageError(run, new RegExp(`^eval-magic: The report "${folder}/report\\.json" would make the folder "${folder}", where the iteration keeps its runs: compare would count it as one; write the report somewhere else\\.$`, 'm'), folder);
      assert.equal(existsSync(join(root, folder)), false, `${folder} not made`);
    }
    // A report file in an arm's folder named as a run is one (a run-<j> that is not a folder, a copy, a run.json of the reference layout).
    for (const file of [`${ITERATION}/eval-rename-column/with_skill/run-9`, `${ITERATION}/eval-rename-column/with_skill/run-9.json`, `${ITERATION}/eval-added/with_skill/run.json`]) {
      const run = await runMain(['compare', ITERATION, '--no-grading', '-f', `json=${file}`], { cwd: root });
      usageError(run, new RegExp(`^eval-magic: The report "${file}" would lie where the iteration keeps its runs, named as one: compare would count it as one; write the report somewhere else\\.$`, 'm'), file);
      assert.equal(existsSync(join(root, file)), false, `${file} not written`);
    }
    // Beside the arms' folders, a report is no run: taken.
    const beside = await runMain(['compare', ITERATION, '--no-grading', '-f', `json=${ITERATION}/eval-rename-column/with_skill/report.json`], { cwd: root });
    assert.equal(beside.code, 0, beside.stderr);
    rmSync(join(root, ITERATION, 'eval-rename-column/with_skill/report.json'));
  });
  it('-f json=<workspace>/iteration-9/… (no iteration-9 yet) is refused: the folder the report made was the next compare\'s newest iteration (iteration-picked, and judge\'s and campaign\'s numbering)', async () => {
    const workspace = dirname(ITERATION);
    for (const [given, path] of [[workspace, `${workspace}/iteration-9/report.json`], [ITERATION, `${workspace}/iteration-9/eval-rename-column/with_skill/run-1/report.json`]] as const) {
      const run = await runMain(['compare', given, '--no-grading', '-f', `json=${path}`], { cwd: root });
      usageError(run, new RegExp(`^eval-magic: The report "${path.replace(/[.]/g, '\\.')}" would make the folder "${workspace.replace(/[.]/g, '\\.')}/iteration-9", where the workspace keeps its iterations: compare would read it as one; write the report somewhere else\\.$`, 'm'), path);
      assert.equal(existsSync(join(root, workspace, 'iteration-9')), false, `${path}: iteration-9 not made`);
    }
    // The iteration named through a link of another name, or from inside it: the same folder refused.
    symlinkSync(join(root, ITERATION), join(root, 'linked'));
    for (const [cwd, given, path] of [[root, 'linked', `${workspace}/iteration-9/report.json`], [join(root, ITERATION), '.', '../iteration-9/report.json']] as const) {
      const run = await runMain(['compare', given, '--no-grading', '-f', `json=${path}`], { cwd });
      usageError(run, /would make the folder ".*iteration-9", where the workspace keeps its iterations/, `${given}: ${path}`);
      assert.equal(existsSync(join(root, workspace, 'iteration-9')), false, `${given}: ${path}: iteration-9 not made`);
    }
    rmSync(join(root, 'linked'));
    // In an iteration folder there already, or beside the workspace's iterations, a report is taken.
    for (const path of [`${workspace}/report.json`, `${workspace}/reports/iteration-9/report.json`]) {
      const run = await runMain(['compare', workspace, '--no-grading', '-f', `json=${path}`], { cwd: root });
      assert.equal(run.code, 0, run.stderr);
      rmSync(join(root, path));
    }
    rmSync(join(root, workspace, 'reports'), { recursive: true });
  });
  it('still writes a report beside the iteration', async () => {
    const run = await runMain(['compare', ITERATION, '--no-grading', '-f', `json=${ITERATION}/comparison.json`], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    assert.equal(JSON.parse(readFileSync(join(root, ITERATION, 'comparison.json'), 'utf8')).schema_version, 1);
  });
});

describe('compare refuses a report over the evals file and the setup files it grades with', () => {
  const root = join(tmp, 'evals-inputs');
  const run = { events: [{ user: 'go' }, { assistant: 'ok' }], staged: { 'a.txt': '1\n' } };
  const assertions = [{ id: 'held-out', type: 'command_check', command: 'test -f answer.txt && test -f fixtures/data.txt', setup_files: ['answer.txt', 'fixtures'] }];
  const iteration = writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions }], runs: { e1: { with_skill: [run], without_skill: [run] } }, evalsFiles: { 'answer.txt': '42\n', 'fixtures/data.txt': 'rows\n' } });
  // campaign.json names the evals file, which need not be called evals.json.
  renameSync(join(root, 's/evals/evals.json'), join(root, 's/evals/cases.json'));
  writeFileSync(join(iteration, 'campaign.json'), readFileSync(join(iteration, 'campaign.json'), 'utf8').replace('s/evals/evals.json', 's/evals/cases.json'));
  for (const target of ['s/evals/cases.json', 's/evals/answer.txt', 's/evals/fixtures/data.txt', 's/evals/fixtures/report.json']) {
    it(`-f json=${target}`, async () => {
      const before = ['cases.json', 'answer.txt', 'fixtures/data.txt'].map((p) => readOrNull(join(root, 's/evals', p)));
      usageError(await runMain(['compare', '.eval-magic', '--no-grading', '-f', `json=${target}`], { cwd: root }), /would (replace|be written inside the command_check setup folder)/, target);
      assert.deepEqual(['cases.json', 'answer.txt', 'fixtures/data.txt'].map((p) => readOrNull(join(root, 's/evals', p))), before);
      assert.equal(existsSync(join(root, 's/evals/fixtures/report.json')), false);
    });
  }
  it('GITHUB_STEP_SUMMARY=<the evals file> is refused too, the file untouched', async () => {
    const before = readFileSync(join(root, 's/evals/cases.json'), 'utf8');
    usageError(await runMain(['compare', '.eval-magic', '--no-grading'], { cwd: root, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: 's/evals/cases.json' } }), /GITHUB_STEP_SUMMARY: .*would replace/, 'summary = evals');
    assert.equal(readFileSync(join(root, 's/evals/cases.json'), 'utf8'), before);
  });
});

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

describe('compare reads its numeric flags as check and run do', () => {
  const root = fixture('numbers');
  const cases: Array<[string[], RegExp]> = [
    [['--alpha', '0x1'], /--alpha .*"0x1"/],
    [['--alpha', ''], /--alpha needs a value that is not empty/],
    [['--alpha', '1e-400'], /--alpha .*"1e-400"/],
    [['--command-timeout', '0x10'], /--command-timeout .*"0x10"/],
    // Node's timers wait at most 2^31 - 1 ms: a longer limit would stop every command at once.
    [['--command-timeout', '3000000'], /--command-timeout may be at most 2147483 seconds/],
  ];
  for (const [flags, pattern] of cases) {
    it(flags.join(' '), async () => usageError(await runMain(['compare', ITERATION, '--no-grading', ...flags], { cwd: root }), pattern, flags.join(' ')));
  }
  it('a tiny --alpha (1e-300, the smallest double) is taken, not an internal error: underpowered says how many runs could reach it', async () => {
    for (const alpha of ['1e-300', '5e-324']) {
      const run = await runMain(['compare', ITERATION, '--no-grading', '--alpha', alpha, '-f', 'json'], { cwd: root });
      assert.equal(run.code, 0, run.stderr);
      const underpowered = (JSON.parse(run.stdout) as { validity: Array<{ code: string; message: string }> }).validity.find((v) => v.code === 'underpowered');
      assert.match(underpowered?.message ?? '', /At least \d{3} runs per condition are needed/, alpha);
    }
  });
  it('the library refuses a command time limit no timer can hold', async () => {
    await assert.rejects(compareIterations([ITERATION], { cwd: root, writeGrading: false, commandTimeoutMs: 3e9 }), { name: 'UsageError', message: /at most 2147483 seconds/ });
  });
});

describe('compare and a grading.json it cannot replace', () => {
  it('a folder named grading.json is a usage error naming it, not an internal error', async () => {
    const root = join(tmp, 'grading-folder');
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'reads', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { with_skill: [{ events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] }], without_skill: [{ events: [{ user: 'go' }, { assistant: 'ok' }] }] } } });
    const folder = join(root, '.eval-magic/s/iteration-1/eval-e1/with_skill/run-1/grading.json');
    mkdirSync(folder);
    writeFileSync(join(folder, 'keep.txt'), 'mine');
    usageError(await runMain(['compare', '.eval-magic'], { cwd: root }), /eval-e1\/with_skill\/run-1\/grading\.json \(a folder is there, which compare does not remove\); no grading\.json was written/, 'grading.json folder');
    assert.equal(readFileSync(join(folder, 'keep.txt'), 'utf8'), 'mine');
    assert.equal((await runMain(['compare', '.eval-magic', '--no-grading'], { cwd: root })).code, 0);
  });
});

describe('compare gives the same verdict from any working directory', () => {
  it("finds campaign.json's evals.json from the workspace, not a same-named file in the working directory", async () => {
    const root = fixture('cwd', { allRuns: true });
    // Elsewhere, a file at campaign.json's relative evals path that grades differently.
    const elsewhere = join(tmp, 'elsewhere');
    mkdirSync(join(elsewhere, 'ask-before-editing/evals'), { recursive: true });
    const evals = readFileSync(join(root, 'ask-before-editing/evals/evals.json'), 'utf8');
    writeFileSync(join(elsewhere, 'ask-before-editing/evals/evals.json'), evals.replace('"\\\\?"', '"NEVER MATCHES"'));
    const verdicts = (d: Awaited<ReturnType<typeof compareIterations>>['document']) => d.evals.flatMap((e) => e.assertions.map((a) => [a.id, a.delta, a.p_value, a.significant]));
    const home = await compareIterations([ITERATION], { cwd: root, writeGrading: false });
    const away = await compareIterations([join(root, ITERATION)], { cwd: elsewhere, writeGrading: false });
    assert.deepEqual(verdicts(away.document), verdicts(home.document));
    assert.ok(home.document.evals[0]!.assertions.some((a) => a.significant), 'the fixture has a significant row');
    const cli = await runMain(['compare', join(root, ITERATION), '--no-grading'], { cwd: elsewhere });
    assert.match(cli.stdout, /\*\s+asks-before-editing .* BETTER$/m);
  });
});

describe('compare and an odd GITHUB_STEP_SUMMARY', () => {
  const root = fixture('summary');
  const actions = (summary: string) => ({ GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary });
  it('a FIFO is refused at once, not waited on for a reader', () => {
    const fifo = join(root, 'summary.fifo');
    spawnSync('mkfifo', [fifo]);
    const run = runBin(['compare', ITERATION, '--no-grading'], { cwd: root, env: actions(fifo) });
    usageError(run, /summary\.fifo.* not a regular file/, 'FIFO summary');
  });
  it('a summary path that is an artifact compare read is refused, the artifact untouched', async () => {
    const conversation = `${RUN}/conversation.json`;
    const before = readFileSync(join(root, conversation), 'utf8');
    usageError(await runMain(['compare', ITERATION, '--no-grading'], { cwd: root, env: actions(conversation) }), /GITHUB_STEP_SUMMARY/, 'summary = input');
    assert.equal(readFileSync(join(root, conversation), 'utf8'), before);
  });
  it('a summary file earlier commands of the step part-filled keeps under 1 MiB in all: compare leaves evals out to fit what is left (GitHub drops the whole summary past it)', async () => {
    const alone = join(root, 'alone.md');
    assert.equal((await runMain(['compare', ITERATION, '--no-grading'], { cwd: root, env: actions(alone) })).code, 0);
    const own = readFileSync(alone).length;
    // Room for all but the last byte of what compare writes alone.
    const earlier = 'x'.repeat(STEP_SUMMARY_BYTES - own + 1);
    const shared = join(root, 'shared.md');
    writeFileSync(shared, earlier);
    assert.equal((await runMain(['compare', ITERATION, '--no-grading'], { cwd: root, env: actions(shared) })).code, 0);
    const text = readFileSync(shared, 'utf8');
    assert.ok(Buffer.byteLength(text) <= STEP_SUMMARY_BYTES, `${Buffer.byteLength(text)} bytes`);
    assert.ok(text.startsWith(earlier), 'what was there is kept');
    assert.match(text.slice(earlier.length), /left out: a GitHub job summary holds at most 1 MiB/);
  });
  it('a summary path inside a run folder is refused as a report there is, nothing appended: the next compare would grade the run with it', async () => {
    const run = await runMain(['compare', ITERATION, '--no-grading'], { cwd: root, env: actions(`${RUN}/task/summary.md`) });
    usageError(run, /^eval-magic: GITHUB_STEP_SUMMARY: The report ".*run-1\/task\/summary\.md" would be written inside the run folder ".*with_skill\/run-1", which compare reads; write the report somewhere else\.$/m, 'summary in a run folder');
    assert.equal(existsSync(join(root, RUN, 'task/summary.md')), false);
  });
  it('a summary path that is also a report file is refused before any report is written (JSON with Markdown on its end is lost)', async () => {
    const run = await runMain(['compare', ITERATION, '--no-grading', '-f', 'json=out/comparison.json'], { cwd: root, env: actions(join(root, 'out/comparison.json')) });
    // Refused as the json report's twin, or first for its name: a Markdown summary named comparison.json.
    usageError(run, /GITHUB_STEP_SUMMARY: (Two reports would be written to the same file|The report ".*comparison\.json" would be a file named comparison\.json)/, 'summary = report');
    assert.equal(existsSync(join(root, 'out/comparison.json')), false);
  });
});

describe('compare and run folders that are not folders', () => {
  it('a run-<j> that is a link (never followed) or a file is listed as not counted, not silently dropped', async () => {
    const root = join(tmp, 'run-links');
    const read = { events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] };
    const iteration = writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'reads', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { with_skill: [read, read, read], without_skill: [read, read, read] } } });
    const arm = join(iteration, 'eval-e1', 'with_skill');
    const outside = join(tmp, 'outside-run');
    renameSync(join(arm, 'run-1'), outside);
    symlinkSync(outside, join(arm, 'run-1'));
    rmSync(join(arm, 'run-2'), { recursive: true });
    writeFileSync(join(arm, 'run-2'), 'not a run\n');
    const { document } = await compareIterations(['.eval-magic'], { cwd: root });
    assert.equal(document.evals[0]!.runs.with_skill, 1);
    const listed = document.evals[0]!.run_list.filter((r) => r.condition === 'with_skill').map((r) => [r.run, r.excluded]);
    assert.deepEqual(listed, [[1, 'with_skill/run-1 is a symbolic link (not followed)'], [2, 'with_skill/run-2 is not a folder'], [3, null]]);
    assert.ok(document.validity.some((v) => v.code === 'runs-missing' && /run-1 is a symbolic link \(not followed\); with_skill\/run-2 is not a folder/.test(v.message)), JSON.stringify(document.validity));
    assert.deepEqual(readdirSync(outside).sort(), ['conversation.json', 'run.json', 'staged', 'task'], 'nothing written through the link');
  });
});

describe('compare and folders it may not read', () => {
  /** `compare …args` in `root` by a user without root's rights (a regular user reads nothing of a 0700 folder of another). */
  const asRegularUser = (root: string, args: string[]) => {
    if (process.getuid?.() !== 0) return spawnSync(process.execPath, [binPath, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    return spawnAsRegularUser([process.execPath, binPath, ...args], { cwd: root, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', GITHUB_ACTIONS: '' }, timeout: 60_000 });
  };
  const read = { events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] };
  const spec = { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'reads', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { with_skill: [read, read], without_skill: [read, read] } } };
  const open = (root: string) => {
    for (let at = root; at !== tmpdir() && at !== '/'; at = dirname(at)) chmodSync(at, 0o755);
  };

  it('a folder on the way to the runs that cannot be read (EACCES) is a usage error naming it, not an internal error', () => {
    const root = join(tmp, 'unreadable-skill');
    writeWorkspace(root, spec);
    mkdirSync(join(root, '.eval-magic', 'locked'), { mode: 0o700 });
    chmodSync(join(root, '.eval-magic', 'locked'), 0o000);
    open(root);
    const run = asRegularUser(root, ['compare', '.eval-magic', '--no-grading']);
    usageError({ code: run.status, stdout: run.stdout, stderr: run.stderr }, /^eval-magic: Cannot read the folder "\.eval-magic\/locked" \(EACCES\); eval-magic lists it to find the runs\.$/m, 'locked skill folder');
  });

  it("a folder it cannot enter on one of the ways to campaign.json's evals file is passed over for the next", () => {
    const root = join(tmp, 'unreadable-evals-candidate');
    const iteration = writeWorkspace(root, spec);
    // Looked for from each folder above the iteration: s/evals/evals.json from the skill folder is behind a folder nobody may enter.
    mkdirSync(join(dirname(iteration), 's'), { mode: 0o000 });
    chmodSync(join(dirname(iteration), 's'), 0o000);
    open(root);
    const run = asRegularUser(root, ['compare', '.eval-magic', '--no-grading', '-f', 'json']);
    assert.equal(run.status, 0, run.stderr);
    assert.equal((JSON.parse(run.stdout) as { evals: Array<{ runs: Record<string, number> }> }).evals[0]!.runs.with_skill, 2);
  });
  it('a run folder that can be listed but not entered (mode 444) is a run that cannot be read: not counted, said, exit 0 — not a run.json that failed (review25)', () => {
    const root = join(tmp, 'listable-run');
    writeWorkspace(root, spec);
    const run2 = join(root, '.eval-magic/s/iteration-1/eval-e1/with_skill/run-2');
    // Its folders gone (the walk, which cannot enter them, would stop at them: another case).
    for (const folder of readdirSync(run2, { withFileTypes: true }).filter((e) => e.isDirectory())) rmSync(join(run2, folder.name), { recursive: true });
    chmodSync(run2, 0o444);
    open(root);
    const run = asRegularUser(root, ['compare', '.eval-magic', '--no-grading']);
    assert.equal(run.status, 0, `${run.stdout}${run.stderr}`);
    assert.match(run.stdout.replace(/\s+/g, ' '), /1 run of eval e1 is not counted: with_skill\/run-2 cannot be read \(EACCES\)/);
  });

  it('a run folder that cannot be entered is a usage error naming it (as check says it), not an internal error', () => {
    const root = join(tmp, 'unreadable-run');
    writeWorkspace(root, spec);
    chmodSync(join(root, '.eval-magic/s/iteration-1/eval-e1/with_skill/run-2'), 0o000);
    open(root);
    const run = asRegularUser(root, ['compare', '.eval-magic', '--no-grading']);
    usageError({ code: run.status, stdout: run.stdout, stderr: run.stderr }, /EACCES at ".*eval-e1\/with_skill\/run-2"/, 'locked run folder');
  });
});

describe("compare's html section shows untrusted text as the rest of the page does", () => {
  it('a bidi override or control in an assertion id is a visible escape, never a live character or a character reference', async () => {
    const root = join(tmp, 'bidi');
    const id = 'safe\u202Egnp.exe\u001b[31m';
    const read = { events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] };
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id, type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { with_skill: [read], without_skill: [read] } } });
    const run = await runMain(['compare', '.eval-magic', '--no-grading', '-f', 'html=page.html'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    const page = readFileSync(join(root, 'page.html'), 'utf8');
    const section = page.slice(page.indexOf('id="comparison"'), page.indexOf('</section>'));
    assert.ok(section.includes('safe\\u202egnp.exe\\u001b[31m'), section);
    assert.doesNotMatch(section, /\u202E|&#x202E;|&#8238;/i);
  });

  it('markup in an assertion id and in condition names is text everywhere the section shows them: headline, rows, data labels, failing runs, tables', async () => {
    const root = join(tmp, 'markup');
    const id = '<img src=x onerror=alert(1)>"\'&';
    // Folder names: anything but a slash.
    const [treatment, control] = ['"><script>alert(1)', "'><svg onload=alert(2)>"];
    const read = { events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] };
    const idle = { events: [{ user: 'go' }, { assistant: 'ok' }] };
    writeWorkspace(root, { skill: 's', layout: 'reference', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id, type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { [treatment]: [read], [control]: [idle] } } });
    const run = await runMain(['compare', '.eval-magic', '--no-grading', '-f', 'html=page.html'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    const page = readFileSync(join(root, 'page.html'), 'utf8');
    const section = page.slice(page.indexOf('id="comparison"'), page.indexOf('</section>'));
    assert.doesNotMatch(section, /<img|<script|<svg onload/, section);
    assert.ok(section.includes('&lt;img src=x onerror=alert(1)&gt;&quot;&apos;&amp;'), 'the id, as text');
    assert.ok(section.includes('data-label="&quot;&gt;&lt;script&gt;alert(1)"'), 'a condition name in an attribute');
    assert.match(section, /failed in 1: <a href="#m-\d+-0">/, 'the control run failed it, linked to its mark');
  });
});

describe("compare's stylish output shows untrusted text as visible escapes", () => {
  it('a condition folder named with an OSC sequence (a window title) or a bidi override never reaches the terminal live, the skill invocation line included', async () => {
    const root = join(tmp, 'condition-controls');
    const read = { events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] };
    const [treatment, control] = ['a\u001b]0;pwned\u0007', 'b\u202Egnp'];
    writeWorkspace(root, { skill: 's', layout: 'reference', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'reads', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { [treatment]: [read], [control]: [read] } } });
    const run = await runMain(['compare', '.eval-magic', '--no-grading'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    assert.doesNotMatch(run.stdout, /[\u0000-\u0009\u000b-\u001f\u202e]/, run.stdout);
    assert.match(run.stdout, /^Skill invoked .*a\\u001b\]0;pwned\\u0007 0\/1 .*b\\u202egnp 0\/1/m);
  });
});

describe('compare and task folders that are links', () => {
  it('a task/ or staged/ that is a symbolic link out of the run is not followed: command_check and diff_scope fail, saying why (the run broke its own folder)', async () => {
    const root = join(tmp, 'task-links');
    const run = { events: [{ user: 'go' }, { assistant: 'ok' }], staged: { 'a.txt': 'one\n' }, task: { 'a.txt': 'two\n' } };
    const assertions = [
      { id: 'has-a', type: 'command_check', command: 'test -f a.txt' },
      { id: 'small', type: 'diff_scope', max_files_touched: 1 },
    ];
    const iteration = writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions }], runs: { e1: { with_skill: [run, run], without_skill: [run] } } });
    const outside = join(tmp, 'outside-task');
    mkdirSync(outside);
    writeFileSync(join(outside, 'a.txt'), 'secret\n');
    const first = join(iteration, 'eval-e1', 'with_skill', 'run-1');
    rmSync(join(first, 'task'), { recursive: true });
    symlinkSync(outside, join(first, 'task'));
    const second = join(iteration, 'eval-e1', 'with_skill', 'run-2');
    rmSync(join(second, 'staged'), { recursive: true });
    symlinkSync(outside, join(second, 'staged'));
    const { document } = await compareIterations(['.eval-magic'], { cwd: root });
    const [hasA, small] = document.evals[0]!.assertions;
    assert.deepEqual([hasA!.with_skill, small!.with_skill].map((c) => (c as { ungraded: number; failed: number }).failed), [1, 2]);
    assert.deepEqual([hasA!.with_skill, small!.with_skill].map((c) => (c as { ungraded: number }).ungraded), [0, 0]);
    assert.equal((hasA!.with_skill as { passed: number }).passed, 1, 'run-2 (a real task folder) is still graded');
    const grading = (dir: string) => JSON.parse(readFileSync(join(dir, 'grading.json'), 'utf8')) as { assertion_results: Array<{ id: string; passed: boolean; evidence: string }> };
    for (const [dir, ids] of [[first, ['has-a', 'small']], [second, ['small']]] as const) {
      const failed = grading(dir).assertion_results.filter((r) => !r.passed);
      assert.deepEqual(failed.map((r) => r.id), ids);
      for (const r of failed) assert.match(r.evidence, /is a symbolic link .*not followed.*counted as failed/);
    }
  });
});

describe('compare interrupted while a command_check runs', () => {
  it('Ctrl-C kills the command, removes its scratch folder, writes no report, and exits 130', { timeout: 120_000 }, async () => {
    const root = join(tmp, 'interrupted');
    const marks = join(tmp, 'interrupted-marks');
    mkdirSync(marks);
    const run = { events: [{ user: 'go' }, { assistant: 'ok' }], staged: { 'a.txt': '1\n' } };
    // The command holds a marker open and is found by it: in a PID namespace, `$$` is the namespace's pid, not this /proc's.
    const mark = join(marks, 'held');
    writeFileSync(mark, '');
    // Named in its env: each cell has a /tmp of its own, where the paths its environment names are kept.
    const command = 'pwd > "$MARKS/scratch"; exec sleep 600 9<"$MARKS/held"';
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'slow', type: 'command_check', command, env: { MARKS: marks } }] }], runs: { e1: { with_skill: [run], without_skill: [run] } } });
    const child = spawn(process.execPath, [binPath, 'compare', '.eval-magic', '-f', 'json=out.json'], { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
    const exited = new Promise<number | null>((done) => child.on('close', (code) => done(code)));
    while (holdersOf(mark).length === 0) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGINT');
    const code = await exited;
    const left = holdersOf(mark);
    for (const pid of left) process.kill(pid, 'SIGKILL');
    const alive = left.length > 0;
    assert.equal(code, 130, stderr);
    assert.match(stderr, /SIGINT: stopping/);
    assert.equal(alive, false, 'the command was killed');
    const scratch = readFileSync(join(marks, 'scratch'), 'utf8').trim();
    assert.equal(existsSync(scratch), false, `${scratch} removed`);
    assert.equal(existsSync(join(root, 'out.json')), false, 'no report');
    assert.equal(existsSync(join(root, '.eval-magic/s/iteration-1/eval-e1/with_skill/run-1/grading.json')), false, 'no grading of the interrupted run');
  });
});

describe('compare and condition names the document cannot hold', () => {
  it('a condition named like a field of an assertion row (id, delta, …) is a usage error, not an internal one', async () => {
    const read = { events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] };
    for (const name of ['id', 'delta', 'method']) {
      const root = join(tmp, `condition-${name}`);
      writeWorkspace(root, { skill: 's', layout: 'reference', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'reads', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { [name]: [read], other: [read] } } });
      usageError(await runMain(['compare', '.eval-magic', '--no-grading'], { cwd: root }), new RegExp(`condition "${name}" .*field`), name);
    }
  });
});

describe('compare and assertion ids that are not unique', () => {
  it('two assertions of one eval with the same id are refused (assertion-id-unique), not two rows with the first one numbers', async () => {
    const root = join(tmp, 'duplicate-assertions');
    const run = { events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] };
    const assertions = [
      { id: 'x', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' },
      { id: 'x', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Nothing' },
    ];
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions }], runs: { e1: { with_skill: [run], without_skill: [run] } } });
    // Refused as every invalid evals.json is, by run, campaign and compare alike: its findings, positioned.
    const refused = await runMain(['compare', '.eval-magic', '--no-grading'], { cwd: root });
    assert.equal(refused.code, 2, refused.stdout + refused.stderr);
    assert.match(refused.stderr, /s\/evals\/evals\.json is not a valid evals\.json; nothing was compared:\n.*\n\s+\d+:\d+\s+error\s+Duplicate assertion id "x" in eval "e1": assertions\[1\] repeats assertions\[0\].*assertion-id-unique/);
    assert.doesNotMatch(refused.stderr, /internal error/);
    await assert.rejects(compareIterations(['.eval-magic'], { cwd: root, writeGrading: false }), { name: 'UsageError' });
  });
});

describe('compare --concurrency', () => {
  it('takes a number, "off" or "auto" as check does, and refuses anything else before reading a run', async () => {
    const root = join(tmp, 'concurrency');
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [{ id: 'reads', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' }] }], runs: { e1: { with_skill: [{ events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'ok' }] }], without_skill: [{ events: [{ user: 'go' }, { assistant: 'ok' }] }] } } });
    const outputs = [];
    for (const value of ['off', '2', 'auto']) {
      const result = await runMain(['compare', '.eval-magic', '--no-grading', '--format', 'json', '--concurrency', value], { cwd: root });
      assert.equal(result.code, 0, value);
      outputs.push(result.stdout);
    }
    assert.equal(outputs[1], outputs[0]);
    assert.equal(outputs[2], outputs[0]);
    for (const value of ['0', 'many', '1.5', '-1']) usageError(await runMain(['compare', '.eval-magic', '--concurrency', value], { cwd: root }), new RegExp(`--concurrency "${value.replace('.', '\\.')}": expected a positive whole number, "auto" or "off"`), value);
  });
});
