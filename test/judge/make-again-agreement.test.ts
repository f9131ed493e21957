// Whether judge would make a judgment is one rule: compare's words (a missing vote that names the
// judge command, one said to be under way, one behind a lock no command holds) and judge's plan
// (made, left out under way, left out at its lock, made already) agree for every kind of record on
// disk, under every kind of lock.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { processStartTicks } from '../../src/process/lock-record.js';
import { CUT_SHORT } from '../../src/workspace/kept-attempts.js';
import { RUN_LOCK_FILE } from '../../src/workspace/layout.js';
import { explainJudged } from './judge-helpers.js';

type Judged = Awaited<ReturnType<typeof explainJudged>>;
type Verdict = 'made already' | 'made' | 'under way' | 'left at its lock';

const runDirOf = (c: Judged) => join(c.ws.iteration(), 'eval-explain/with_skill/run-1');

/** Edits the judgment.json in `dir`. */
function edit(dir: string, change: (record: Record<string, unknown>) => Record<string, unknown>): void {
  const record = JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8'));
  writeFileSync(join(dir, 'judgment.json'), JSON.stringify(change(record), null, 2) + '\n');
}

/** Each kind of record on disk, made in the judgment folder of repeat `repeat` (the judgment looked at), from the run's judged repeat 1. */
const RECORDS: Record<string, { repeat: number; make: (runDir: string) => void }> = {
  'no folder': { repeat: 1, make: (run) => rmSync(join(run, 'judge/short/1'), { recursive: true }) },
  'a folder with no judgment.json': { repeat: 1, make: (run) => rmSync(join(run, 'judge/short/1/judgment.json')) },
  'a verdict': { repeat: 1, make: () => {} },
  "a failed session's record": { repeat: 1, make: (run) => edit(join(run, 'judge/short/1'), (r) => ({ ...r, verdict: null, reason: 'judge-failed', message: 'Round 1: claude exited with status 3', tokens: null })) },
  'a verdict of another rubric': { repeat: 1, make: (run) => edit(join(run, 'judge/short/1'), (r) => ({ ...r, criteria_sha256: '0'.repeat(64) })) },
  'a verdict of another conversation': { repeat: 1, make: (run) => edit(join(run, 'judge/short/1'), (r) => ({ ...r, conversation_sha256: '0'.repeat(64) })) },
  // Its inputs the same, its packet not (another eval-magic's wording, or other blinding): it stands, as a verdict does.
  'a verdict of another packet alone': { repeat: 1, make: (run) => edit(join(run, 'judge/short/1'), (r) => ({ ...r, packet_sha256: '0'.repeat(64) })) },
  'a record check rejects': { repeat: 1, make: (run) => edit(join(run, 'judge/short/1'), (r) => ({ ...r, attempts: 'one' })) },
  'the judge-interrupted placeholder': { repeat: 1, make: (run) => edit(join(run, 'judge/short/1'), (r) => ({ ...r, verdict: null, reason: 'judge-interrupted', message: CUT_SHORT, tokens: null })) },
  'a copy of repeat 1': { repeat: 2, make: (run) => cpSync(join(run, 'judge/short/1'), join(run, 'judge/short/2'), { recursive: true }) },
};

/** Each kind of lock in the judgment's folder. */
const LOCKS: Record<string, ((dir: string) => void) | undefined> = {
  'no lock': undefined,
  'a live lock': (dir) => writeFileSync(join(dir, RUN_LOCK_FILE), JSON.stringify({ pid: process.pid, host: hostname(), proc_start: processStartTicks(process.pid), started: '2026-12-07T14:02:11.000Z', token: 'abc', contained: true }) + '\n'),
  'a stale lock': (dir) => writeFileSync(join(dir, RUN_LOCK_FILE), JSON.stringify({ pid: 999_999, host: hostname(), started: '2026-12-07T14:02:11.000Z', token: 'abc' }) + '\n'),
  'an unreadable lock': (dir) => writeFileSync(join(dir, RUN_LOCK_FILE), 'not a lock\n'),
};

/**
 * What compare says of the eval's judgments (the with_skill run's is the only one not made): a
 * vote missing that names the judge command to make it, one under way, one behind a lock no command
 * holds, or none missing.
 */
async function compareVerdict(c: Judged): Promise<{ verdict: Verdict | 'unclear'; said: string }> {
  const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
  const said = document.validity.map((v) => v.message).filter((m) => m.startsWith('Eval explain:')).join('\n');
  const verdicts: Verdict[] = [];
  if (/run eval-magic judge/.test(said)) verdicts.push('made');
  if (/wait for its judge command to end/.test(said)) verdicts.push('under way');
  if (/(delete the lock file|delete it) and run the judge command again/.test(said)) verdicts.push('left at its lock');
  if (verdicts.length === 0 && !/judge\/short|not graded/.test(said)) verdicts.push('made already');
  return { verdict: verdicts.length === 1 ? verdicts[0]! : 'unclear', said };
}

/** What judge's dry run plans for the judgment: `others` is how many other judgments it makes. */
async function planVerdict(c: Judged, repeat: number, others: number): Promise<{ verdict: Verdict | 'unclear'; said: string }> {
  const { plan } = await c.plan({ evalIds: ['explain'], repeats: repeat });
  const said = JSON.stringify({ pending: plan.pending, underWay: plan.underWay, stuckLocks: plan.stuckLocks, unusable: plan.unusable });
  const folder = `with_skill/run-1/judge/short/${repeat}/`;
  if (plan.underWay?.some((line) => line.includes(folder))) return { verdict: 'under way', said };
  if (plan.stuckLocks?.some((line) => line.includes(folder))) return { verdict: 'left at its lock', said };
  if (plan.pending === others + 1) return { verdict: 'made', said };
  if (plan.pending === others) return { verdict: 'made already', said };
  return { verdict: 'unclear', said };
}

describe('compare and judge agree whether judge makes a judgment (brief judgelock 2)', () => {
  for (const [record, { repeat, make }] of Object.entries(RECORDS)) {
    for (const [lock, take] of Object.entries(LOCKS)) {
      if (record === 'no folder' && take !== undefined) continue;
      const expected: Verdict = record === 'a verdict' || record === 'a verdict of another packet alone' ? 'made already' : lock === 'no lock' ? 'made' : lock === 'a live lock' ? 'under way' : 'left at its lock';
      it(`${record}, ${lock}: ${expected}`, async () => {
        const c = await explainJudged();
        const run = runDirOf(c);
        make(run);
        const dir = join(run, `judge/short/${repeat}`);
        if (take !== undefined) {
          mkdirSync(dir, { recursive: true });
          take(dir);
        }
        // The other arm's judgments of the repeats planned: repeat 2 of it is never made.
        const others = repeat - 1;
        const [compare, plan] = [await compareVerdict(c), await planVerdict(c, repeat, others)];
        assert.deepEqual({ compare: compare.verdict, plan: plan.verdict }, { compare: expected, plan: expected }, `compare: ${compare.said}\nplan: ${plan.said}`);
      });
    }
  }
});
