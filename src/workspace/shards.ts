// Which iterations named together are shards of one experiment: `campaign --shard k/n` run into
// separate workspaces writes the same plan into each and a disjoint share of its runs. Compare
// counts such iterations against their plan once, and says no pooling: they are one experiment's
// runs, as if merged into one folder. The same run number in two of them (a repeat of the plan
// with --iteration, an iteration copied) is no share: those stay iterations pooled.
import { runIgnored, type Iteration, type PathsIgnored, type RunLocation } from './locate.js';
import { samePlan } from './plan-identity.js';

/** The runs of one experiment's shards, keyed by the iteration that stands for them (the first named). */
export interface Experiment {
  /** The iterations it is made of, in the order named: one, or several shards. */
  iterations: Iteration[];
}

/**
 * Each iteration's experiment: iterations whose campaign.json hold one plan (plan-identity.ts:
 * what the agent meets) and whose run folders share no run (eval, arm and run number) are shards
 * of one experiment; any other iteration (no campaign.json, another plan, a run number already
 * held) is one of its own. `locations`: the run folders found in them (locate.ts); `ignored`: the
 * config's ignore globs as check matches them — a run they leave out is counted nowhere, so it
 * takes no share (undefined while the config is not known yet: every run does). Grouped in the
 * order of the folders' paths, so the order they are named in changes no grouping.
 */
export function experimentsOf(iterations: readonly Iteration[], locations: readonly RunLocation[], ignored?: PathsIgnored): Map<Iteration, Experiment> {
  const runsOf = new Map<Iteration, Set<string>>(iterations.map((i) => [i, new Set()]));
  for (const l of locations) {
    // A folder of no run's name (a link, run-01) holds no run of the plan: it takes no share.
    if (l.run === undefined || l.notFolder !== undefined || l.notCanonical !== undefined || runIgnored(l, ignored)) continue;
    runsOf.get(l.iteration)?.add(`${l.evalId}\u0000${l.condition}\u0000${l.run}`);
  }
  const groups: Array<{ experiment: Experiment; runs: Set<string> }> = [];
  const of = new Map<Iteration, Experiment>();
  // Grouped in one order whatever order they were named in (by folder): greedily in the order
  // named, `a b c` and `a c b` could group other shards, and so pool other runs.
  for (const iteration of [...iterations].sort((a, b) => (a.dir < b.dir ? -1 : a.dir > b.dir ? 1 : 0))) {
    const runs = runsOf.get(iteration)!;
    const shardOf = iteration.campaign === undefined ? undefined : groups.find((g) => {
      const first = g.experiment.iterations[0]!;
      return first.campaign !== undefined && samePlan(first.campaign, iteration.campaign!) && ![...runs].some((r) => g.runs.has(r));
    });
    if (shardOf === undefined) {
      const experiment = { iterations: [iteration] };
      groups.push({ experiment, runs: new Set(runs) });
      of.set(iteration, experiment);
      continue;
    }
    shardOf.experiment.iterations.push(iteration);
    for (const r of runs) shardOf.runs.add(r);
    of.set(iteration, shardOf.experiment);
  }
  const named = new Map(iterations.map((iteration, index) => [iteration, index]));
  for (const { experiment } of groups) experiment.iterations.sort((a, b) => named.get(a)! - named.get(b)!);
  return of;
}
