// What the checker says of its options names them as the caller passed them: check() reads
// "the evals option", eval-magic check reads --evals — in the same sentence, whichever thread
// looked the eval up (a helper thread is told the names in its init data).
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { check, UsageError } from '../../src/index.js';
import { CHECK_OPTION_NAMING } from '../../src/checker/check-options.js';
import { chooseThreadCount, CheckPool } from '../../src/checker/engine/worker-pool.js';
import { discoverInChunks, type DiscoveredArtifact } from '../../src/checker/engine/discover.js';
import type { FileOutcome } from '../../src/checker/engine/check-file.js';
import { linkRoots } from '../../src/checker/link-boundary.js';
import { fullRun, scheduleEvals } from '../helpers/cross-cases.js';
import { layout } from '../helpers/rule-tester.js';
import { runMain } from '../helpers/cli.js';

const LIBRARY = CHECK_OPTION_NAMING.library.evals;
const FLAG = CHECK_OPTION_NAMING.flags.evals;
/** Conversations in separate eval-s folders: with `concurrency: 2` a helper thread checks them. */
const CONVERSATIONS = ['runs/a/eval-s/conversation.json', 'runs/b/eval-s/conversation.json', 'runs/c/eval-s/conversation.json'];

/** A temp tree from {relative path: JSON value or text}. */
function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-naming-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : layout(content));
  }
  return root;
}

/** check()'s eval lookup notes, by file, in path order. */
async function libraryNotes(root: string, evals: string | undefined, concurrency: 'off' | 2): Promise<string[]> {
  const notes: string[] = [];
  await check(['runs'], { cwd: root, config: false, concurrency, ...(evals === undefined ? {} : { evals }), onEvalLookup: (file, r) => void notes.push(`${file}: ${r.note}`) });
  return notes.sort();
}

/** eval-magic check --verbose's eval lookup notes, by file, in path order. */
async function cliNotes(root: string, evals: string | undefined, concurrency: 'off' | 2): Promise<string[]> {
  const run = await runMain(['check', 'runs', '--verbose', '--concurrency', String(concurrency), ...(evals === undefined ? [] : ['--evals', evals])], { cwd: root });
  assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr}`);
  return run.stderr.split('\n').flatMap((line) => /^eval-magic: (\S+conversation\.json: .*)$/.exec(line)?.[1] ?? []).sort();
}

/** The notes from both entry points, each thread count, with the option named the library's way and the CLI's way. */
async function bothWays(root: string, evals: string | undefined): Promise<Array<{ concurrency: 'off' | 2; library: string[]; cli: string[] }>> {
  const out = [];
  for (const concurrency of ['off', 2] as const) out.push({ concurrency, library: await libraryNotes(root, evals, concurrency), cli: await cliNotes(root, evals, concurrency) });
  return out;
}

describe('the eval lookup names the evals option as its caller did', () => {
  it('the names differ (else the tests below could not fail)', () => {
    assert.equal(LIBRARY, 'the evals option');
    assert.equal(FLAG, '--evals');
  });

  it('a conversation held to the evals file given: "(the evals option, …)" from check(), "(--evals, …)" from the CLI, on one thread or two', async (t) => {
    const root = tree({ 'defs/evals.json': scheduleEvals(), ...Object.fromEntries(CONVERSATIONS.map((path) => [path, fullRun])) });
    t.after(() => rmSync(root, { recursive: true, force: true }));
    for (const { concurrency, library, cli } of await bothWays(root, 'defs/evals.json')) {
      assert.equal(library.length, CONVERSATIONS.length, `${concurrency}`);
      for (const note of library) assert.match(note, /^runs\/.\/eval-s\/conversation\.json: eval "s" at defs\/evals\.json:\d+:\d+ \(the evals option, folder eval-s\)$/, `${concurrency}`);
      assert.deepEqual(cli, library.map((note) => note.replace(`(${LIBRARY},`, `(${FLAG},`)), `${concurrency}: the CLI's sentence, its flag in place of the option`);
    }
  });

  it('an evals.json found that links out of the folders named: "name it with the evals option" from check(), "with --evals" from the CLI, on one thread or two', async (t) => {
    const root = tree({ 'outside/evals.json': scheduleEvals(), ...Object.fromEntries(CONVERSATIONS.map((path) => [path, fullRun])) });
    t.after(() => rmSync(root, { recursive: true, force: true }));
    symlinkSync(join(root, 'outside', 'evals.json'), join(root, 'runs', 'evals.json'));
    for (const { concurrency, library, cli } of await bothWays(root, undefined)) {
      assert.equal(library.length, CONVERSATIONS.length, `${concurrency}`);
      for (const note of library) assert.match(note, /: runs\/evals\.json cannot be used \(a symbolic link to a file outside the folders being checked, so it was not read; name it with the evals option to use it\); checked alone$/, `${concurrency}`);
      assert.deepEqual(cli, library.map((note) => note.replace(`with ${LIBRARY} to`, `with ${FLAG} to`)), `${concurrency}`);
    }
  });

  it('two threads really check these files here: concurrency 2 starts a helper for three files', () => {
    // A machine of one core clamps the count to 1; the helper-thread test below needs no second core.
    if (availableParallelism() >= 2) assert.equal(chooseThreadCount(2, CONVERSATIONS.length), 2);
  });

  it('an evals file that cannot be used: a usage error naming the option from check(), the flag from the CLI', async (t) => {
    const root = tree({ 'c/conversation.json': fullRun });
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const sentence = (named: string) => `${named} "nope.json": cannot read it: No such file or directory (ENOENT)`;
    await assert.rejects(check(['c'], { cwd: root, config: false, evals: 'nope.json' }), (e: Error) => e instanceof UsageError && e.message === sentence(LIBRARY));
    const run = await runMain(['check', 'c', '--evals', 'nope.json'], { cwd: root });
    assert.equal(run.code, 2);
    assert.match(run.stderr, new RegExp(sentence(FLAG).replace(/[.()]/g, '\\$&')));
  });
});

describe('a helper thread words its notes with the names in its init data', () => {
  for (const [which, names] of [['library', CHECK_OPTION_NAMING.library], ['flags', CHECK_OPTION_NAMING.flags]] as const) {
    it(`${which}: every note comes from the thread, naming the option ${names.evals}`, async (t) => {
      const root = tree({ 'defs/evals.json': scheduleEvals(), ...Object.fromEntries(CONVERSATIONS.map((path) => [path, fullRun])) });
      t.after(() => rmSync(root, { recursive: true, force: true }));
      const checkedHere: string[] = [];
      const outcomes: FileOutcome[] = [];
      // The main thread checks nothing: a file it took would not test the thread.
      const checkDiscovered = (file: DiscoveredArtifact): FileOutcome => {
        checkedHere.push(file.filePath);
        return { result: { filePath: file.filePath, errorCount: 0, warningCount: 0, messages: [] } };
      };
      const pool = new CheckPool({ options: { cwd: root, evals: 'defs/evals.json', linkRoots: linkRoots(['runs'], root) }, names, reportLookups: true }, { checkDiscovered }, { add: (outcome) => void outcomes.push(outcome) });
      try {
        for await (const chunk of discoverInChunks(['runs'], { cwd: root })) await pool.add(chunk, [], 1);
        await pool.finish();
      } finally {
        pool.stop();
      }
      assert.deepEqual(checkedHere, []);
      assert.equal(outcomes.length, CONVERSATIONS.length);
      for (const { lookup } of outcomes) assert.match(lookup?.note ?? '', new RegExp(`^eval "s" at defs/evals\\.json:\\d+:\\d+ \\(${names.evals}, folder eval-s\\)$`));
    });
  }
});

describe('advice about the command line is the CLI\'s alone', () => {
  it('a path like an option that names nothing: check() says only that it is not there; the CLI adds that every argument after "--" is a path', async (t) => {
    const root = tree({ 'c/conversation.json': fullRun });
    t.after(() => rmSync(root, { recursive: true, force: true }));
    const missing = 'No such file or directory: "--max-warnings".';
    await assert.rejects(check(['c', '--max-warnings'], { cwd: root, config: false }), (e: Error) => e instanceof UsageError && e.message === missing);
    const run = await runMain(['check', '--', 'c', '--max-warnings'], { cwd: root });
    assert.equal(run.code, 2);
    assert.ok(run.stderr.includes(`${missing} Every argument after "--" is a path; give options before it (in a pre-commit hook: in \`entry:\`, before its "--").`), run.stderr);
    // A path that is no option gets no such advice from either.
    await assert.rejects(check(['nope'], { cwd: root, config: false }), (e: Error) => e instanceof UsageError && e.message === 'No such file or directory: "nope".');
    const plain = await runMain(['check', 'nope'], { cwd: root });
    assert.ok(plain.stderr.includes('No such file or directory: "nope".\n') || plain.stderr.endsWith('No such file or directory: "nope".'), plain.stderr);
  });
});
