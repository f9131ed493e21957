// compare in threads gives what it gives on the main thread alone: the same document, the same
// check report and the same grading.json files — with runs graded in the threads (transcript
// checks), runs graded on the main thread (command_check, diff_scope), a broken artifact, a run
// the plan leaves out and a stray conversation.json. And a thread's failure is compare's.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import fg from 'fast-glob';
import { compareIterations } from '../../src/compare/index.js';
import { GradingThreads } from '../../src/compare/grading-threads.js';
import { COMPARE_OPTION_NAMING } from '../../src/compare/options.js';
import { UsageError } from '../../src/errors.js';
import { findRuns } from '../../src/workspace/locate.js';
import { readRunRecord } from '../../src/workspace/run-record.js';
import { skillShiftsOneAssertion } from './fixture-specs.js';
import { withoutCommandChecks, writeWorkspace, type RunSpec, type WorkspaceSpec } from './workspace.js';

const roots: string[] = [];
after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

/** A transcript-only eval beside the fixture's command-running one, with 12 runs an arm. */
function mixedWorkspace(): WorkspaceSpec {
  const spec = skillShiftsOneAssertion();
  const run = (i: number, readsFirst: boolean): RunSpec => ({
    events: [
      { user: 'Summarise the sales in sales.csv by region.' },
      ...(readsFirst ? [{ tool: 'Read', args: { file_path: 'sales.csv' }, result: `region,total\nnorth,${i}` }] : []),
      { tool: 'Write', args: { file_path: 'summary.md', content: `north: ${i}` }, result: 'File created.' },
      { assistant: `North sold ${i} units.` },
    ],
  });
  spec.evals.push({
    id: 'summarise-sales',
    prompt: 'Summarise the sales in sales.csv by region.',
    expected_output: 'summary.md gives each region\'s total, read from sales.csv.',
    assertions: [
      { id: 'reads-before-writing', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read ', must_precede: 'first_write' },
      { id: 'names-a-region', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'North' },
    ],
  });
  spec.runs['summarise-sales'] = {
    // run-9 has run-7's start and work folder: a copy of it, not counted.
    with_skill: Array.from({ length: 12 }, (_, i) => (i === 3 ? { ...run(i, true), rawConversation: '{"schema_version": 1, "events": [' } : i === 6 || i === 8 ? { ...run(i, true), record: { work_dir: '/tmp/eval-magic-sessions-0/a/b/work' } } : run(i, i % 4 !== 1))),
    without_skill: Array.from({ length: 12 }, (_, i) => (i === 5 ? { ...run(i, false), record: { status: 'aborted', abort_reason: 'agent-failed', message: 'the agent exited with 1' } } : run(i, i % 3 === 0))),
  };
  return spec;
}

/** The mixed workspace; without its command_check (a contained shell per run per compare) where a test reads none, diff_scope still graded on the main thread. */
function workspace(options: { commandChecks?: boolean } = {}): string {
  const root = mkdtempSync(join(tmpdir(), 'em-compare-threads-'));
  roots.push(root);
  const iteration = writeWorkspace(root, { ...(options.commandChecks === false ? withoutCommandChecks(mixedWorkspace()) : mixedWorkspace()), conversationDigests: true });
  // Conversations edited after their run: one graded in a thread (transcript checks alone), one on the main thread (command_check).
  for (const run of ['eval-summarise-sales/with_skill/run-2', 'eval-rename-column/with_skill/run-1']) {
    const path = join(iteration, run, 'conversation.json');
    writeFileSync(path, readFileSync(path, 'utf8').replace(/"(North sold 1 units|Renamed cust_id)/, '"Edited: $1'));
  }
  // A conversation.json no run folder owns: checked (and reported), never counted.
  mkdirSync(join(iteration, 'eval-summarise-sales', 'notes'), { recursive: true });
  cpSync(join(iteration, 'eval-summarise-sales', 'with_skill', 'run-1', 'conversation.json'), join(iteration, 'eval-summarise-sales', 'notes', 'conversation.json'));
  // A run.json cut short: a problem that names the file (read in a thread when compare has threads), the run not counted.
  writeFileSync(join(iteration, 'eval-summarise-sales', 'without_skill', 'run-8', 'run.json'), '{"schema_version": 1, "eval_id": ');
  return root;
}

const gradings = (root: string) => Object.fromEntries(fg.sync('.eval-magic/**/grading.json', { cwd: root, dot: true }).sort().map((path) => [path, readFileSync(join(root, path), 'utf8')]));

// Threads are clamped to the cores: on one core both runs would take the same path.
const oneCore = availableParallelism() < 2 ? 'one core: compare checks in one thread whatever it is asked' : false;

describe('compare in threads', () => {
  it('gives the document, the report and the grading.json files it gives in one thread', { skip: oneCore }, async () => {
    const [one, two] = [workspace(), workspace()];
    const alone = await compareIterations(['.eval-magic'], { cwd: one, concurrency: 'off', toolVersion: '0.0.0-test' });
    const threaded = await compareIterations(['.eval-magic'], { cwd: two, concurrency: 2, toolVersion: '0.0.0-test' });
    assert.deepEqual(threaded.document, alone.document);
    assert.deepEqual(threaded.report, alone.report);
    // grading.json names paths absolute (a judge command, a folder): the same records, each of its own workspace.
    const at = <T>(value: T, root: string) => JSON.parse(JSON.stringify(value).replaceAll(root, '<workspace>')) as T;
    assert.deepEqual(at([...threaded.runRecords], two), at([...alone.runRecords], one));
    const written = at(gradings(one), one);
    // 16 rename runs, 20 of the 24 summary runs (one broken, one aborted, one a copy, one with a run.json cut short): each graded once.
    assert.equal(Object.keys(written).length, 16 + 20);
    // The located stage's records were read alike: the copy and the record cut short are said as in one thread.
    const excluded = threaded.document.evals.find((e) => e.id === 'summarise-sales')!.run_list.flatMap((r) => (r.excluded === null ? [] : [r.excluded]));
    assert.ok(excluded.some((why) => why.startsWith('the same run as .eval-magic/ask-before-editing/iteration-1/eval-summarise-sales/with_skill/run-7 ')), excluded.join('\n'));
    assert.ok(excluded.some((why) => why.includes('.eval-magic/ask-before-editing/iteration-1/eval-summarise-sales/without_skill/run-8/run.json:1:')), excluded.join('\n'));
    assert.deepEqual(at(gradings(two), two), written);
    // Both kinds were counted: the command_check graded on the main thread, the transcript checks in the threads.
    const rows = (id: string) => threaded.document.evals.find((e) => e.id === id)!.assertions.map((a) => a.id);
    assert.ok(rows('rename-column').includes('schema-renamed'));
    assert.deepEqual(rows('summarise-sales'), ['reads-before-writing', 'names-a-region']);
    assert.equal(threaded.report.results.filter((r) => r.errorCount > 0).length, 1);
    assert.ok(threaded.report.results.some((r) => r.filePath.includes('notes')));
    // A conversation edited after its run is said wherever it was graded.
    const edited = threaded.document.validity.filter((v) => v.code === 'conversation-edited').map((v) => [v.eval, v.message.match(/of run (\S+) /)?.[1]]);
    assert.deepEqual(edited, [['rename-column', 'with_skill/run-1'], ['summarise-sales', 'with_skill/run-2']]);
  });

  it('keeps the artifacts for the html page as one thread does', { skip: oneCore }, async () => {
    const root = workspace({ commandChecks: false });
    const [alone, threaded] = [await compareIterations(['.eval-magic'], { cwd: root, concurrency: 'off', keepArtifacts: true, writeGrading: false }), await compareIterations(['.eval-magic'], { cwd: root, concurrency: 2, keepArtifacts: true, writeGrading: false })];
    assert.ok(threaded.report.results.every((r) => r.artifact !== undefined));
    assert.deepEqual(threaded.report, alone.report);
    assert.deepEqual(threaded.document, alone.document);
  });

  it('says a grading.json it cannot write as it does in one thread', { skip: oneCore }, async () => {
    const messages: string[] = [];
    for (const concurrency of ['off', 2] as const) {
      const root = workspace();
      mkdirSync(join(root, '.eval-magic/ask-before-editing/iteration-1/eval-summarise-sales/with_skill/run-2/grading.json'));
      await assert.rejects(compareIterations(['.eval-magic'], { cwd: root, concurrency }), (error: unknown) => error instanceof UsageError && Boolean(messages.push(error.message)));
    }
    assert.match(messages[1]!, /eval-summarise-sales\/with_skill\/run-2\/grading\.json \(a folder is there, which compare does not remove\); no grading\.json was written/);
    assert.equal(messages[1], messages[0]);
  });

  it('rejects with the signal\'s reason when aborted, and leaves no thread running', async () => {
    const root = workspace();
    const controller = new AbortController();
    const reason = new Error('interrupted by the test');
    const compared = compareIterations(['.eval-magic'], { cwd: root, concurrency: 2, signal: controller.signal });
    setImmediate(() => controller.abort(reason));
    await assert.rejects(compared, (error) => error === reason);
  });

  it('a signal already aborted rejects with its reason before anything is read: not a missing path\'s error a second later (review27: it was heard only once every run was located)', async () => {
    const controller = new AbortController();
    const reason = new Error('aborted before the start');
    controller.abort(reason);
    await assert.rejects(compareIterations(['no-such-iteration'], { cwd: tmpdir(), signal: controller.signal }), (error) => error === reason);
  });

  it("in one thread too: an abort while it checks is heard between runs (the loop never turned: Ctrl-C was deaf until the end, review25)", async () => {
    const root = workspace({ commandChecks: false });
    const controller = new AbortController();
    const reason = new Error('interrupted by the test');
    const compared = compareIterations(['.eval-magic'], { cwd: root, concurrency: 'off', signal: controller.signal });
    setImmediate(() => controller.abort(reason));
    await assert.rejects(compared, (error) => error === reason);
  });

  it('says an evals.json problem met while its threads boot, as in one thread, and leaves no thread running', async () => {
    const messages: string[] = [];
    for (const concurrency of ['off', 2] as const) {
      const root = workspace();
      await assert.rejects(compareIterations(['.eval-magic'], { cwd: root, concurrency, evals: join(root, 'gone/evals.json') }), (error: unknown) => error instanceof UsageError && Boolean(messages.push(error.message)));
    }
    assert.match(messages[1]!, /gone\/evals\.json/);
    assert.equal(messages[1], messages[0]);
  });

  it('refuses a concurrency that is not one', async () => {
    await assert.rejects(compareIterations(['.eval-magic'], { cwd: workspace(), concurrency: 0 }), /concurrency 0: expected a positive whole number, "auto" or "off"/);
    await assert.rejects(compareIterations(['.eval-magic'], { cwd: workspace(), concurrency: 'many' as never }), /concurrency "many": expected a positive whole number/);
  });
});


describe('a grading thread', () => {
  it('holds the grading.json of each run it grades until told every file was met, then writes it (review25: at 96 runs the walk refused before any thread wrote, so only this shows it)', async () => {
    const root = workspace({ commandChecks: false });
    const iteration = { dir: join(root, '.eval-magic/ask-before-editing/iteration-1') };
    const location = findRuns(iteration, root).find((l) => l.evalId === 'summarise-sales' && l.condition === 'with_skill' && l.run === 1)!;
    const { iteration: _, ...where } = location;
    const evals = join(root, 'ask-before-editing/evals/evals.json');
    const threads = new GradingThreads<undefined>(1);
    const graded: boolean[] = [];
    try {
      threads.prepare({ cwd: root, iterations: [iteration], evals, validated: {}, check: {}, writeGrading: true, names: COMPARE_OPTION_NAMING.library });
      threads.start((_handle, checked) => graded.push(checked.graded !== undefined));
      const artifact = { filePath: 'conversation.json', absolutePath: join(location.dir, 'conversation.json') };
      threads.add([{ job: { artifact, iteration: 0, task: { location: where, record: readRunRecord(location.dir), excluded: null } }, handle: undefined }]);
      await threads.finish();
      assert.deepEqual(graded, [true]);
      assert.equal(existsSync(join(location.dir, 'grading.json')), false, 'written before the walk was done');
      threads.release();
      await threads.finish();
      assert.deepEqual(JSON.parse(readFileSync(join(location.dir, 'grading.json'), 'utf8')).assertion_results.map((a: { id: string }) => a.id), ['reads-before-writing', 'names-a-region']);
    } finally {
      threads.stop();
    }
  });

  it('is closed at once when it has ended on a failure of its own (close waits only for a thread still running its batch)', async () => {
    const root = workspace({ commandChecks: false });
    const iteration = { dir: join(root, '.eval-magic/ask-before-editing/iteration-1') };
    const threads = new GradingThreads<undefined>(1);
    let closed: Promise<void> | undefined;
    try {
      threads.prepare({ cwd: root, iterations: [iteration], validated: {}, check: {}, writeGrading: false, names: COMPARE_OPTION_NAMING.library });
      threads.start(() => assert.fail('no run can be checked'));
      // An iteration the thread was never told of: a bug's kind of failure, which ends the thread.
      const artifact = { filePath: 'conversation.json', absolutePath: join(iteration.dir, 'eval-summarise-sales/with_skill/run-1/conversation.json') };
      threads.add([{ job: { artifact, iteration: 7 }, handle: undefined }]);
      await assert.rejects(threads.finish(), /grading thread stopped|Cannot read properties/);
      // Its 'exit' comes after its 'error': closed after both, close() had no exit left to wait for.
      await new Promise((resolve) => setTimeout(resolve, 500));
    } finally {
      closed = threads.close();
    }
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([closed.then(() => false), new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), 5_000)))]);
    clearTimeout(timer);
    assert.equal(waited, false, 'close() waited for a thread that had already ended');
  });

  it("says the user's problem it meets while loading (an evals.json gone since the main thread read it) as a UsageError", async () => {
    const root = workspace();
    const iteration = { dir: join(root, '.eval-magic/ask-before-editing/iteration-1') };
    const threads = new GradingThreads<undefined>(1);
    try {
      threads.prepare({ cwd: root, iterations: [iteration], evals: join(root, 'gone/evals.json'), validated: {}, check: {}, writeGrading: false, names: COMPARE_OPTION_NAMING.library });
      threads.start(() => assert.fail('no run can be checked'));
      const artifact = { filePath: 'conversation.json', absolutePath: join(iteration.dir, 'eval-summarise-sales/with_skill/run-1/conversation.json') };
      threads.add([{ job: { artifact, iteration: 0 }, handle: undefined }]);
      await assert.rejects(threads.finish(), (error: unknown) => error instanceof UsageError && /Cannot read evals file .*gone\/evals\.json/.test(error.message));
    } finally {
      threads.stop();
    }
  });
});
