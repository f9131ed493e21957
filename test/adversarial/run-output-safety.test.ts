// Agents that attack --out: links, FIFOs and folders planted where run writes, the folder itself
// swapped for a link, a racer outside the process group. Nothing outside --out may change.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lstatSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LOCK_FILE, runEvals } from '../../src/runner/index.js';
import { UsageError } from '../../src/errors.js';
import { claude, claudeRound, isRunning, makeWorkspace, oneEval, readCheckedArtifact, type FakeRound, type PlantedEntry } from '../runner/run-helpers.js';

const always = [{ prompt: 'next', deliver_when: 'always' }];
const SECRET = 'victim file: must never change\n';

/** A workspace with victim files and a folder outside --out, and a run helper. */
function prepare(rounds: (out: string, victims: Victims) => FakeRound[], turns: unknown[] = always) {
  const ws = makeWorkspace(oneEval('e1', 'start', turns), []);
  const victimDir = join(ws.root, 'victim-dir');
  mkdirSync(victimDir);
  const victims = { file: join(ws.root, 'victim.txt'), other: join(ws.root, 'victim-2.txt'), dir: victimDir };
  for (const path of [victims.file, victims.other]) writeFileSync(path, SECRET);
  writeFileSync(join(ws.root, 'agent-script.json'), JSON.stringify({ rounds: rounds(ws.out, victims) }));
  const run = (extra: Record<string, unknown> = {}) =>
    runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, ...extra });
  const assertVictimsUntouched = () => {
    assert.equal(readFileSync(victims.file, 'utf8'), SECRET);
    assert.equal(readFileSync(victims.other, 'utf8'), SECRET);
    assert.deepEqual(readdirSync(victims.dir), []);
  };
  return { ws, victims, run, assertVictimsUntouched };
}
type Victims = { file: string; other: string; dir: string };

/** A normal round that also plants `plant` while it runs. */
const planting = (text: string, plant: PlantedEntry[]): FakeRound => ({ ...claudeRound('s', text), plant });
/** Links at the temporary names an earlier version used (`.<name>.<pid>.tmp`, this process's pid). */
const oldTempNameLinks = (out: string, v: Victims): PlantedEntry[] => [
  { path: join(out, `.conversation.json.${process.pid}.tmp`), symlinkTo: v.file },
  { path: join(out, `.final-message.md.${process.pid}.tmp`), symlinkTo: v.other },
];

describe('links and odd files planted during a round', () => {
  it('links at the old predictable temp names and at conversation.json / final-message.md: the write is refused naming the link; no victim changes', async () => {
    const t = prepare((out, v) => [
      claudeRound('s', 'one'),
      planting('two', [
        ...oldTempNameLinks(out, v),
        { path: join(out, 'conversation.json'), symlinkTo: v.file },
        { path: join(out, 'final-message.md'), symlinkTo: v.other },
      ]),
    ]);
    const [result] = await t.run();
    assert.equal(result?.status === 'aborted' && result.reason, 'unsafe-output', JSON.stringify(result));
    assert.match(result!.status === 'aborted' ? result!.message : '', new RegExp(`${join(t.ws.out, 'conversation.json')} is a symbolic link \\(to "${t.victims.file}"\\)`));
    t.assertVictimsUntouched();
    assert.ok(lstatSync(join(t.ws.out, 'conversation.json')).isSymbolicLink(), 'the planted link itself is left for inspection');
  });

  it('only the temp names planted (the original attack): the artifact is written as a regular file, the victims never see it', async () => {
    const t = prepare((out, v) => [
      claudeRound('s', 'one'),
      planting('two', oldTempNameLinks(out, v)),
    ]);
    const [result] = await t.run();
    assert.equal(result?.status, 'completed', JSON.stringify(result));
    t.assertVictimsUntouched();
    for (const name of ['conversation.json', 'final-message.md']) assert.ok(lstatSync(join(t.ws.out, name)).isFile(), `${name} is a regular file`);
    readCheckedArtifact(join(t.ws.out, 'conversation.json'));
  });

  it('the next round folder planted as a link to a folder outside: round 2 is refused before the agent starts', async () => {
    const t = prepare((out, v) => [planting('one', [{ path: join(out, 'turn-2'), symlinkTo: v.dir }]), claudeRound('s', 'two')]);
    const [result] = await t.run();
    assert.equal(result?.status === 'aborted' && result.reason, 'unsafe-output');
    assert.match(result!.status === 'aborted' ? result!.message : '', /Round 2: cannot use the round folder .*turn-2 is a symbolic link/);
    assert.equal(t.ws.calls().length, 1);
    t.assertVictimsUntouched();
  });

  it('the next round\'s events and stderr files planted as links: refused, the victims keep their bytes', async () => {
    const t = prepare((out, v) => [
      planting('one', [
        { path: join(out, 'turn-2'), folder: true },
        { path: join(out, 'turn-2', 'claude-events.jsonl'), symlinkTo: v.file },
        { path: join(out, 'turn-2', 'claude-stderr.log'), symlinkTo: v.other },
      ]),
      claudeRound('s', 'two'),
    ]);
    const [result] = await t.run();
    assert.equal(result?.status === 'aborted' && result.reason, 'unsafe-output');
    assert.match(result!.status === 'aborted' ? result!.message : '', /claude-events\.jsonl is a symbolic link/);
    assert.equal(t.ws.calls().length, 1);
    t.assertVictimsUntouched();
  });

  it('a FIFO planted at the next events file, and one swapped in for the agent\'s own events file: refused, never blocks', { timeout: 30_000 }, async () => {
    const next = prepare((out) => [planting('one', [{ path: join(out, 'turn-2'), folder: true }, { path: join(out, 'turn-2', 'claude-events.jsonl'), fifo: true }]), claudeRound('s', 'two')]);
    const [r1] = await next.run();
    assert.equal(r1?.status === 'aborted' && r1.reason, 'unsafe-output');
    assert.match(r1!.status === 'aborted' ? r1!.message : '', /claude-events\.jsonl is a FIFO/);
    const own = prepare((out) => [{ stdout: [claude.init('s')], plant: [{ path: join(out, 'turn-1', 'claude-events.jsonl'), fifo: true }] }]);
    const [r2] = await own.run();
    assert.equal(r2?.status === 'aborted' && r2.reason, 'events-unreadable');
    assert.match(r2!.status === 'aborted' ? r2!.message : '', /claude-events\.jsonl: Not a regular file \(a named pipe\); the events file must be a file/);
  });

  it('--out itself swapped for a link to a folder outside: the round is refused, nothing is read or written there', async () => {
    const t = prepare((out, v) => [planting('one', [{ path: out, symlinkTo: v.dir }]), claudeRound('s', 'two')]);
    const [result] = await t.run();
    assert.equal(result?.status === 'aborted' && result.reason, 'unsafe-output');
    assert.match(result!.status === 'aborted' ? result!.message : '', /out is a symbolic link/);
    t.assertVictimsUntouched();
  });

  it('the lock file replaced during a round: the run stops before reading that round\'s files, so a second run that took --out is not overwritten', async () => {
    const t = prepare((out) => [planting('one', [{ path: join(out, LOCK_FILE), text: 'gone' }]), claudeRound('s', 'two')]);
    const [result] = await t.run();
    assert.equal(result?.status === 'aborted' && result.reason, 'unsafe-output');
    assert.match(result!.status === 'aborted' ? result!.message : '', /Round 1: cannot read the round folder .*: the lock file .*\.eval-magic-run\.lock was removed or replaced during the run/);
    assert.equal(t.ws.calls().length, 1);
    assert.equal(readFileSync(join(t.ws.out, LOCK_FILE), 'utf8'), 'gone', 'a lock that is not ours is never removed');
  });

  it('a helper that escaped the process group races the final write with links for 2 s: the victim never changes', { timeout: 30_000 }, async () => {
    const t = prepare(
      (out, v) => [{ ...claudeRound('s', 'No question.'), escapePlant: { ms: 2000, entries: [{ path: join(out, 'conversation.json'), symlinkTo: v.file }, { path: join(out, 'final-message.md'), symlinkTo: v.other }] } }],
      [{ prompt: 'n', deliver_when: 'agent_asks' }],
    );
    const [result] = await t.run();
    const escaped = t.ws.calls()[0]!.escapedMark!;
    while (isRunning(escaped)) await new Promise((r) => setTimeout(r, 50));
    t.assertVictimsUntouched();
    assert.ok(result?.status === 'stopped' || (result?.status === 'aborted' && result.reason === 'unsafe-output'), JSON.stringify(result));
  });
});

describe('odd entries at output paths before the run', () => {
  const cases: { name: string; plant: (out: string, v: Victims) => void; overwrite: boolean; message: RegExp }[] = [
    { name: 'a dangling conversation.json link, without --overwrite', plant: (out) => symlinkSync('/nonexistent/eval-magic-target', join(out, 'conversation.json')), overwrite: false, message: /conversation\.json is a symbolic link \(to "\/nonexistent\/eval-magic-target"\)/ },
    { name: 'a conversation.json link to a victim, with --overwrite', plant: (out, v) => symlinkSync(v.file, join(out, 'conversation.json')), overwrite: true, message: /conversation\.json is a symbolic link/ },
    { name: 'a folder named final-message.md', plant: (out) => mkdirSync(join(out, 'final-message.md')), overwrite: true, message: /final-message\.md is a folder/ },
    { name: 'a rejected-conversation.json link', plant: (out, v) => symlinkSync(v.file, join(out, 'rejected-conversation.json')), overwrite: false, message: /rejected-conversation\.json is a symbolic link/ },
    { name: 'a round folder an earlier run left, now a link to a folder outside', plant: (out, v) => symlinkSync(v.dir, join(out, 'turn-1')), overwrite: false, message: /turn-1 is a symbolic link/ },
    { name: "a later round's folder that is a file", plant: (out) => writeFileSync(join(out, 'turn-7'), 'x'), overwrite: true, message: /turn-7 is a file/ },
  ];
  for (const c of cases) {
    it(`${c.name}: exit 2 naming it, nothing runs`, async () => {
      const t = prepare(() => [claudeRound('s', 'one'), claudeRound('s', 'two')]);
      mkdirSync(t.ws.out);
      c.plant(t.ws.out, t.victims);
      await assert.rejects(t.run({ overwrite: c.overwrite }), (e: Error) => e instanceof UsageError && c.message.test(e.message) && /nothing was run/.test(e.message));
      assert.equal(t.ws.calls().length, 0);
      t.assertVictimsUntouched();
    });
  }

  it('an eval folder under --out that is a link (several evals): exit 2 naming it', async () => {
    const t = prepare(() => []);
    mkdirSync(t.ws.out);
    symlinkSync(t.victims.dir, join(t.ws.out, 'e1'));
    await assert.rejects(
      runEvals({ evals: t.ws.evalsPath, harness: 'claude-code', cwd: t.ws.task, out: t.ws.out, env: t.ws.env }),
      (e: Error) => e instanceof UsageError && /e1 is a symbolic link/.test(e.message),
    );
    t.assertVictimsUntouched();
  });
});
