// One experiment per command: iterations pooled must have run the same plan, said by their
// campaign.json where there is one and by their runs' run.json where there is not. compare pools
// by this rule and judge refuses by it, so no judge session is spent on runs compare refuses to
// count together.
import { realpathSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { UsageError } from '../errors.js';
import type { ArmNames } from './arms.js';
import { describeSkipped, findIterations, type FoundIterations } from './iterations.js';
import type { Pausable } from '../process/time-slices.js';
import { namedPathOf, runIgnored, type Iteration, type PathsIgnored, type RunLocation, type SearchConfig } from './locate.js';
import type { RunRecord } from './run-record.js';

const NEVER_POOLED = 'their runs are never pooled. Compare each on its own; to compare one version of a skill against another, run one campaign with --baseline.';

/** The skill an iteration's runs are of, as its evals are keyed: the folder above it (`<skill>/iteration-<n>`). */
export function skillFolderOf(iteration: Iteration): string {
  return basename(dirname(iteration.dir));
}

/**
 * The iterations `paths` name together (iterations.ts), each once however its path was spelt
 * (through a link to it, its runs would count twice; every spelling kept in `alsoNamed` for the
 * config lookup), refused unless they are one experiment
 * ({@link assertOneExperiment}); `skipped`: each newer iteration passed over, said as `verb`
 * (compare's `compared`, judge's `judged`). `config`: the config the paths named find: a run its
 * ignore globs leave out (as check matches them) decides no iteration. Paused between folders: run
 * by the caller's time slices, which let a signal in (process/time-slices.ts).
 */
export function* iterationsNamed(paths: readonly string[], cwd: string, named: ArmNames, shown: (path: string) => string, verb: 'compared' | 'judged', config: SearchConfig): Pausable<{ iterations: Iteration[]; skipped: string[] }> {
  const found: FoundIterations[] = [];
  for (const path of paths) found.push(yield* findIterations(path, cwd, named, config));
  const byRealPath = new Map<string, Iteration>();
  const iterations = found.flatMap((f) => f.iterations).filter((i) => {
    const real = realpathSync.native(i.dir);
    const first = byRealPath.get(real);
    if (first === undefined) return Boolean(byRealPath.set(real, i));
    // Kept once, but its config is looked up from this spelling too: else the order of the arguments chose the config.
    (first.alsoNamed ??= []).push(namedPathOf(i, i.dir));
    return false;
  });
  const skipped = found.flatMap((f) => describeSkipped(f.skipped, shown, verb));
  assertOneExperiment(iterations, shown);
  return { iterations, skipped };
}

/**
 * Iterations of one skill with different plans are different experiments: pooling a skill's two
 * versions adds runs that answered different questions. Exit 2, naming the difference.
 */
function assertOneExperiment(iterations: readonly Iteration[], shown: (path: string) => string): void {
  // Two skills' iterations are compared side by side (their evals are keyed by skill), never pooled.
  const firstOfSkill = new Map<string, Iteration>();
  const parts = (i: Iteration) => {
    const c = i.campaign!;
    return { skill: c.skill.sha256, baseline: c.baseline?.sha256 ?? 'none', harness: `${c.harness.name} ${c.harness.descriptor_sha256 ?? ''}`, model: c.model ?? 'the harness default', 'evals.json': c.evals.sha256, conditions: c.conditions.join(' vs ') };
  };
  for (const iteration of iterations) {
    if (iteration.campaign === undefined) continue;
    const first = firstOfSkill.get(iteration.campaign.skill.name);
    if (first === undefined) {
      firstOfSkill.set(iteration.campaign.skill.name, iteration);
      continue;
    }
    const [a, b] = [parts(first), parts(iteration)];
    const differ = (Object.keys(a) as Array<keyof typeof a>).filter((k) => a[k] !== b[k]);
    if (differ.length === 0) continue;
    throw new UsageError(`${shown(first.dir)} and ${shown(iteration.dir)} are different experiments (their campaign.json differ in ${differ.join(', ')}); ${NEVER_POOLED}`);
  }
}

/** A run the counting rule counts before its conversation is checked (counted.ts), with its run.json. */
export interface StagedRun {
  location: RunLocation;
  record?: RunRecord | undefined;
}

/**
 * What campaign.json says of a plan, each run.json says of its run: the skill its arm staged (or
 * none), the harness and the model. An iteration whose campaign.json is gone is held to the
 * others by those — runs of one arm that staged another skill version are another experiment —
 * and so are its own runs to each other. `counted`: the runs of the arms the counting rule counts
 * before check (not aborted, no copy, of the plan); `ignored`: the config's ignore globs as check
 * matches them — a run whose conversation.json they leave out is counted by neither compare nor
 * judge, so it is held to nothing and changes nothing of the runs kept. Exit 2, naming the two
 * iterations (or runs) and the difference.
 */
export function assertSameStaging(counted: readonly StagedRun[], shown: (path: string) => string, ignored: PathsIgnored | undefined): void {
  const first = new Map<string, { iteration: Iteration; dir: string; staged: Record<string, string> }>();
  for (const { location, record } of counted) {
    if (record === undefined || runIgnored(location, ignored)) continue;
    const staged = { 'the skill staged': record.skill?.sha256 ?? 'none', harness: record.harness.name, model: record.model ?? 'the harness default' };
    const key = `${skillFolderOf(location.iteration)}\u0000${location.condition}`;
    const seen = first.get(key);
    if (seen === undefined) first.set(key, { iteration: location.iteration, dir: location.dir, staged });
    // Within an iteration with campaign.json, a run of another plan is not counted (counted.ts);
    // without one, its runs are held to each other (folders of two campaigns merged by hand).
    if (seen === undefined || (seen.iteration === location.iteration && location.iteration.campaign !== undefined)) continue;
    const differ = Object.keys(staged).filter((k) => seen.staged[k] !== staged[k as keyof typeof staged]);
    if (differ.length === 0) continue;
    if (seen.iteration === location.iteration) throw new UsageError(`${shown(seen.dir)} and ${shown(location.dir)} are runs of different experiments (their run.json differ in ${differ.join(', ')}), in an iteration without campaign.json; their runs are never pooled: put each experiment's run folders in an iteration folder of its own, or restore the campaign.json, by which only its plan's runs count.`);
    throw new UsageError(`${shown(seen.iteration.dir)} and ${shown(location.iteration.dir)} are different experiments (the run.json of their ${location.condition} runs differ in ${differ.join(', ')}); ${NEVER_POOLED}`);
  }
}
