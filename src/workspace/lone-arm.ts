// An eval whose runs come from several experiments pooled together, one of which holds counted runs
// of one arm only: those runs have no counterpart of their own experiment, so a difference between
// the experiments (a model update, a changed task) would be counted as the skill's effect. Refused
// for compare and judge alike, in one message whatever spelling of the arms found the pair
// (iteration-arms.ts).
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { shellPathWord } from '../text/escape.js';
import { isKnownCondition, spelledAs } from './condition-guess.js';
import { countedBeforeCheck, RunsOnce } from './counted.js';
import { evalStillNamed, type EvalIdsOf } from './evals-path.js';
import { skillFolderOf } from './experiment.js';
import { RUN_RECORD_FILE } from './layout.js';
import { runIgnored, type Iteration, type PathsIgnored, type RunLocation } from './locate.js';
import { experimentsOf } from './shards.js';

/** One eval of one experiment that holds counted runs of one arm of the pair only, and why its first run of the other is not counted (none there: undefined). */
interface LoneArm {
  experiment: readonly Iteration[];
  evalId: string;
  holds: string;
  lacking: string;
  notCounted: string | undefined;
  /** The first of its runs of the other arm not counted is a run of another iteration named too (a run.json copied): which is the copy, the order the paths were named decides. */
  copied: boolean;
}

/**
 * A `UsageError` (exit 2) for `iterations` named together when an eval (of one skill) has counted
 * runs in two experiments or more (an iteration, or the shards of one plan taken as one folder:
 * shards.ts) and one of them holds counted runs of one arm of `pair` only — counted as compare
 * counts them before check ({@link countedBeforeCheck}: an aborted run, a copy or a run the config's
 * ignore globs leave out is none). An eval of one experiment alone, or of several skills each
 * apart, pools nothing; nor does an eval the evals.json named for its iteration no longer holds
 * (`evalIdsOf`: taken out after the campaign), which compare leaves out and judge does not judge;
 * an evals.json named that cannot be read is refused first (its error, thrown by `evalIdsOf`). It names the iteration, the eval, the arm lacking and why (no folder, no
 * run counted there, or the config's globs leave out every run), and what to do, in `command`'s words.
 */
export function refuseLoneArm(iterations: readonly Iteration[], all: readonly RunLocation[], pair: readonly [string, string], leftOut: { ignored: PathsIgnored; config: string } | undefined, evalIdsOf: EvalIdsOf | undefined, shown: (path: string) => string, command: 'compare' | 'judge'): void {
  // Every iteration's evals.json named, in order, before any is pooled: one that cannot be read is refused first, by compare and judge alike.
  for (const iteration of iterations) evalIdsOf?.(iteration);
  const lone = loneArms(iterations, all, pair, leftOut?.ignored, evalIdsOf, shown);
  if (lone.length === 0) return;
  const [{ experiment, evalId, holds, lacking, notCounted, copied }] = lone as [LoneArm];
  const ofEval = all.filter((l) => experiment.includes(l.iteration) && l.evalId === evalId);
  const folders = ofEval.filter((l) => l.condition === lacking);
  // A folder of the arm's name but for case (`With_Skill`): made by hand or by an agent, and renamed, it completes the pair.
  // Never the other arm's folder (`--treatment Run-A --control run-a`): named, it is no misspelling.
  const misspelt = folders.length === 0 ? ofEval.find((l) => spelledAs(l.condition, lacking) && !pair.includes(l.condition))?.condition : undefined;
  const why = folders.length === 0 ? `it has no ${JSON.stringify(lacking)} folder${misspelt === undefined ? '' : `; its ${JSON.stringify(misspelt)} folder is that name but for case or separators`}`
    : notCounted === undefined ? `the ignore globs of ${leftOut!.config} leave out every run of its ${JSON.stringify(lacking)} folder`
    : `none of its ${JSON.stringify(lacking)} runs is counted; the first: ${notCounted}`;
  const where = `${shown(experiment[0]!.dir)}${experiment.length === 1 ? '' : ` (and the ${experiment.length - 1} other shard${experiment.length === 2 ? '' : 's'} of its plan)`}`;
  const others = lone.length === 1 ? '' : ` (and ${lone.length - 1} more, each an eval of an iteration named)`;
  const said = `${where} holds runs of ${JSON.stringify(holds)} but none of ${JSON.stringify(lacking)} for eval ${JSON.stringify(evalId)} (${why})${others}`;
  // What to do: compare without every iteration lacking an arm, or complete it. Runs copied between
  // the iterations named: either may hold the copies (the first named holds the originals), and
  // either compared alone counts them as its own, so the copies are to go first.
  const lacks = new Set(lone.flatMap((l) => l.experiment));
  const kept = iterations.filter((i) => !lacks.has(i));
  const alone = kept.length === 0 || copied ? undefined : { without: `${command} ${lacks.size === 1 ? 'the others without it' : `without ${[...lacks].map((i) => shellPathWord(shown(i.dir))).join(', ')}`}`, command: `eval-magic ${command} ${kept.map((i) => shellPathWord(shown(i.dir))).join(' ')}, with the same options` };
  const apart = alone === undefined ? '' : `${alone.without} (${alone.command}), or `;
  // The folder to rename when the arm lacking has the known name; the arm's name to give when it is the folder that has it (`--treatment with-skill` beside with_skill).
  const nameKnown = misspelt !== undefined && isKnownCondition(misspelt) && !isKnownCondition(lacking);
  // The iterations that spell the arm as it was named: renamed to the known name too, or the arm so named is refused there next.
  const spelledLikeNamed = nameKnown ? [...new Set(all.filter((l) => l.condition === lacking).map((l) => shown(l.iteration.dir)))] : [];
  const renameThose = spelledLikeNamed.length === 0 ? '' : `, and rename its ${JSON.stringify(lacking)} folder${spelledLikeNamed.length === 1 ? '' : 's'} in ${spelledLikeNamed.join(', ')} ${JSON.stringify(misspelt)}`;
  const renamed = misspelt === undefined ? undefined
    : nameKnown ? `name the arm ${JSON.stringify(misspelt)} (${lacking === pair[0] ? '--treatment' : '--control'} ${shellPathWord(misspelt)})${renameThose}`
    : `rename its ${JSON.stringify(misspelt)} folder ${JSON.stringify(lacking)}${alone === undefined ? '' : ` (or ${alone.without}: ${alone.command})`}`;
  const complete = copied ? `remove the copied run folders from the iteration they were copied into (the same runs are in both), then ${command} again`
    : why.startsWith('the ignore globs') ? `take its ${JSON.stringify(lacking)} runs out of the config's ignore` : `run its ${JSON.stringify(lacking)} arm of that eval`;
  const advice = renamed ?? `${apart}${complete}`;
  throw new UsageError(command === 'compare'
    ? `${said}: pooled with the others, its ${JSON.stringify(holds)} runs would have no ${JSON.stringify(lacking)} runs of their own iteration to be compared with, so a difference between the iterations would be counted as the skill's. ${capitalized(advice)}.`
    : `${said}: compare refuses it pooled with the others (a difference between the iterations would be counted as the skill's), so ${advice}.`);
}

/**
 * Each eval (by skill folder and id) whose counted runs of the pair come from two experiments or
 * more, with each experiment that holds them of one arm only, in the order the runs were found.
 * Counted as compare counts them: every run of the pair in order, each run once, so every run.json
 * of the pair is read — only for iterations pooled. A run copied from another experiment (its
 * run.json copied over) is one run in two: which folder holds the copy, the order the paths were
 * named would decide, so it counts in neither. A copy takes no share in telling the experiments
 * apart (shards.ts): shards of one plan holding a copied run are still one experiment, where the run counts once.
 * Experiments are told apart by every run, of every eval: `evalIdsOf` (the evals taken) only says
 * which evals can be lone — an eval left out still tells pooled iterations from shards of one plan.
 */
function loneArms(iterations: readonly Iteration[], all: readonly RunLocation[], pair: readonly [string, string], ignored: PathsIgnored | undefined, evalIdsOf: EvalIdsOf | undefined, shown: (path: string) => string): LoneArm[] {
  const ofPair = all.filter((l) => pair.includes(l.condition));
  const passed = new Map<RunLocation, { reason: string } | { copyOf: string }>();
  // A run the config leaves out is returned for check to pass over: it counts for nothing here.
  const counted = countedBeforeCheck(ofPair, { once: new RunsOnce(), ignored, passedOver: (location, why) => passed.set(location, why), shownRecordFile: (l) => shown(join(l.dir, RUN_RECORD_FILE)) }).filter(({ location }) => !runIgnored(location, ignored));
  const copies = new Set([...passed].flatMap(([location, why]) => ('copyOf' in why ? [location] : [])));
  const experiments = experimentsOf(iterations, all.filter((l) => !copies.has(l)), ignored);
  if (new Set(iterations.map((i) => experiments.get(i))).size < 2) return [];
  const experimentOf = (iteration: Iteration) => experiments.get(iteration)!.iterations;
  const keyOf = (location: RunLocation) => `${skillFolderOf(location.iteration)}\u0000${location.evalId}`;
  const armOf = (location: RunLocation) => `${keyOf(location)}\u0000${location.condition}\u0000${experimentOf(location.iteration)[0]!.dir}`;
  // Why each experiment's arm of an eval has a run not counted: the first reason, and whether it is a run of another experiment too.
  const notCounted = new Map<string, { reason: string; shared: boolean }>();
  const note = (location: RunLocation, reason: string, shared: boolean) => {
    if (!notCounted.has(armOf(location))) notCounted.set(armOf(location), { reason, shared });
  };
  const byDir = new Map(ofPair.map((l) => [l.dir, l]));
  const originals = new Set<string>();
  for (const [location, why] of passed) {
    if ('reason' in why) {
      note(location, why.reason, false);
      continue;
    }
    const original = byDir.get(why.copyOf);
    const shared = original !== undefined && experimentOf(original.iteration) !== experimentOf(location.iteration);
    note(location, `a copy of the run in ${shown(why.copyOf)}`, shared);
    if (shared) originals.add(original.dir);
  }
  for (const { location } of counted) if (originals.has(location.dir)) note(location, 'a run copied into another iteration named (its run.json copied)', true);
  const held = new Map<string, Map<readonly Iteration[], Set<string>>>();
  for (const { location } of counted) {
    if (originals.has(location.dir) || !evalStillNamed(location, evalIdsOf)) continue;
    const byExperiment = held.get(keyOf(location)) ?? held.set(keyOf(location), new Map()).get(keyOf(location))!;
    const experiment = experimentOf(location.iteration);
    (byExperiment.get(experiment) ?? byExperiment.set(experiment, new Set()).get(experiment)!).add(location.condition);
  }
  const lone: LoneArm[] = [];
  for (const [key, byExperiment] of held) {
    if (byExperiment.size < 2) continue;
    const evalId = key.slice(key.indexOf('\u0000') + 1);
    for (const [experiment, arms] of byExperiment) {
      if (arms.size !== 1) continue;
      const holds = [...arms][0]!;
      const lacking = pair.find((c) => c !== holds)!;
      const why = notCounted.get(`${key}\u0000${lacking}\u0000${experiment[0]!.dir}`);
      lone.push({ experiment, evalId, holds, lacking, notCounted: why?.reason, copied: why?.shared === true });
    }
  }
  return lone;
}

const capitalized = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
