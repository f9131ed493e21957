// An eval whose runs come from several experiments pooled together, one of which holds counted runs
// of one arm only: those runs have no counterpart of their own experiment, so a difference between
// the experiments (a model update, a changed task) would be counted as the skill's effect. Refused
// for compare and judge alike, in one message whatever spelling of the arms found the pair
// (iteration-arms.ts).
import { UsageError } from '../errors.js';
import { shellPathWord } from '../text/escape.js';
import { countedBeforeCheck, RunsOnce } from './counted.js';
import { skillFolderOf } from './experiment.js';
import { runIgnored, type Iteration, type PathsIgnored, type RunLocation } from './locate.js';
import { experimentsOf } from './shards.js';

/** One eval of one experiment that holds counted runs of one arm of the pair only. */
interface LoneArm {
  experiment: readonly Iteration[];
  evalId: string;
  holds: string;
  lacking: string;
}

/**
 * A `UsageError` (exit 2) for `iterations` named together when an eval (of one skill) has counted
 * runs in two experiments or more (an iteration, or the shards of one plan taken as one folder:
 * shards.ts) and one of them holds counted runs of one arm of `pair` only — counted as compare
 * counts them before check ({@link countedBeforeCheck}: an aborted run, a copy or a run the config's
 * ignore globs leave out is none). An eval of one experiment alone, or of several skills each
 * apart, pools nothing. It names the iteration, the eval, the arm lacking and why (no folder, no
 * run counted there, or the config's globs leave out every run), and what to do, in `command`'s words.
 */
export function refuseLoneArm(iterations: readonly Iteration[], all: readonly RunLocation[], pair: readonly [string, string], leftOut: { ignored: PathsIgnored; config: string } | undefined, shown: (path: string) => string, command: 'compare' | 'judge'): void {
  const experiments = experimentsOf(iterations, all, leftOut?.ignored);
  if (new Set(iterations.map((i) => experiments.get(i))).size < 2) return;
  const lone = loneArms(all, pair, (iteration) => experiments.get(iteration)!.iterations, leftOut?.ignored);
  if (lone.length === 0) return;
  const [{ experiment, evalId, holds, lacking }] = lone as [LoneArm];
  const folders = all.filter((l) => experiment.includes(l.iteration) && l.evalId === evalId && l.condition === lacking);
  const why = folders.length === 0 ? `it has no ${JSON.stringify(lacking)} folder`
    : leftOut !== undefined && folders.every((l) => runIgnored(l, leftOut.ignored)) ? `the ignore globs of ${leftOut.config} leave out every run of its ${JSON.stringify(lacking)} folder`
    : `none of the runs in its ${JSON.stringify(lacking)} folder is counted: aborted, or not a run campaign wrote`;
  const where = `${shown(experiment[0]!.dir)}${experiment.length === 1 ? '' : ` (and the ${experiment.length - 1} other shard${experiment.length === 2 ? '' : 's'} of its plan)`}`;
  const others = lone.length === 1 ? '' : ` (the same for ${lone.length - 1} more eval${lone.length === 2 ? '' : 's'} of the iterations named)`;
  const said = `${where} holds runs of ${JSON.stringify(holds)} but none of ${JSON.stringify(lacking)} for eval ${JSON.stringify(evalId)} (${why})${others}`;
  // What to do: compare without every iteration lacking an arm, or complete it.
  const lacks = new Set(lone.flatMap((l) => l.experiment));
  const kept = iterations.filter((i) => !lacks.has(i));
  const apart = kept.length === 0 ? '' : `${command} ${lacks.size === 1 ? 'the others without it' : `without ${[...lacks].map((i) => shellPathWord(shown(i.dir))).join(', ')}`} (eval-magic ${command} ${kept.map((i) => shellPathWord(shown(i.dir))).join(' ')}, with the same options), or `;
  const complete = why.startsWith('the ignore globs') ? `take its ${JSON.stringify(lacking)} runs out of the config's ignore` : `run its ${JSON.stringify(lacking)} arm of that eval`;
  throw new UsageError(command === 'compare'
    ? `${said}: pooled with the others, its ${JSON.stringify(holds)} runs would have no ${JSON.stringify(lacking)} runs of their own iteration to be compared with, so a difference between the iterations would be counted as the skill's. ${capitalized(`${apart}${complete}`)}.`
    : `${said}: compare refuses it pooled with the others (a difference between the iterations would be counted as the skill's), so ${apart}${complete}.`);
}

/**
 * Each eval (by skill folder and id) whose counted runs of the pair come from two experiments or
 * more, with each experiment that holds them of one arm only, in the order the runs were found.
 * A run.json is read until each experiment's eval has an arm's first counted run: ~one a folder.
 */
function loneArms(all: readonly RunLocation[], pair: readonly [string, string], experimentOf: (iteration: Iteration) => readonly Iteration[], ignored: PathsIgnored | undefined): LoneArm[] {
  const held = new Map<string, Map<readonly Iteration[], Set<string>>>();
  const once = new RunsOnce();
  for (const location of all) {
    if (!pair.includes(location.condition)) continue;
    const key = `${skillFolderOf(location.iteration)}\u0000${location.evalId}`;
    const experiment = experimentOf(location.iteration);
    const arms = held.get(key)?.get(experiment);
    if (arms?.has(location.condition)) continue;
    if (runIgnored(location, ignored) || countedBeforeCheck([location], { once, ignored }).length === 0) continue;
    if (!held.has(key)) held.set(key, new Map());
    const byExperiment = held.get(key)!;
    if (!byExperiment.has(experiment)) byExperiment.set(experiment, new Set());
    byExperiment.get(experiment)!.add(location.condition);
  }
  const lone: LoneArm[] = [];
  for (const [key, byExperiment] of held) {
    if (byExperiment.size < 2) continue;
    const evalId = key.slice(key.indexOf('\u0000') + 1);
    for (const [experiment, arms] of byExperiment) {
      if (arms.size !== 1) continue;
      const holds = [...arms][0]!;
      lone.push({ experiment, evalId, holds, lacking: pair.find((c) => c !== holds)! });
    }
  }
  return lone;
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
