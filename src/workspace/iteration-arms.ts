// The arms of the iterations one command names together: one pair for all of them. Compare's
// document has one `conditions` pair (its rows are keyed by the two names), so iterations compared
// together are compared by one pair; judge takes that same pair over the same iterations, so the
// runs it judges are the runs compare counts, and an iteration compare refuses judge refuses too.
import { UsageError } from '../errors.js';
import { ARM_FLAGS, armsOf, contradictsCampaign, flipsKnownPair, namesAmiss, type ArmNames, type ArmOptionNames, type Arms } from './arms.js';
import { CONDITION_PAIRS } from './layout.js';
import type { EvalIdsOf } from './evals-path.js';
import { inConditionsKept, type Iteration, type PathsIgnored, type RunLocation } from './locate.js';
import { refuseLoneArm } from './lone-arm.js';

/** Which command says the refusal: its last words say what to do with that command. */
type Command = 'compare' | 'judge';

/** The config's ignore globs as check matches them, and the config they are written in (as shown, for a refusal to name). */
export interface LeftOutByConfig {
  ignored: PathsIgnored;
  config: string;
}

/** {@link LeftOutByConfig} of the config at `path` (undefined: one given in hand), when its globs leave anything out. */
export function leftOutByConfig(ignored: PathsIgnored | undefined, path: string | undefined, shown: (path: string) => string): LeftOutByConfig | undefined {
  return ignored === undefined ? undefined : { ignored, config: path === undefined ? 'the config' : shown(path) };
}

/**
 * The one pair of arms of `iterations` (`locations`: their run folders, locate.ts), by
 * {@link armsOf}'s rule: unnamed, over their condition folders together, campaign.json's being the
 * first iteration's; named, of each iteration's own folders (each must hold a folder of each name
 * given), and one pair for all — the arm left out may not be another folder in each. Undefined
 * when there are fewer than two folders; three or more, none named and no known pair, are a
 * `UsageError` in compare's words, for judge too: no run is counted until the arms are named.
 * An iteration that holds runs, none of them under the pair, is a `UsageError` (exit 2): it would
 * be left out without a word; so is an arm named as a field of compare's rows; and, pooled with
 * another, one that holds runs of one arm of the pair only (lone-arm.ts), however the arms are spelt. A folder whose every
 * run the config leaves out (`leftOut`) is no condition ({@link inConditionsKept}): an arm named
 * that is one, or no condition left at all, is a `UsageError` naming the config. `evalIdsOf`: the
 * evals of each iteration's evals.json, as the caller read it (an eval taken out pools nothing).
 */
export function armsOfIterations(iterations: readonly Iteration[], all: readonly RunLocation[], named: ArmNames, shown: (path: string) => string, command: Command, leftOut: LeftOutByConfig | undefined, evalIdsOf: EvalIdsOf | undefined, names: ArmOptionNames = ARM_FLAGS): Arms | undefined {
  const locations = inConditionsKept(all, leftOut?.ignored);
  // Names that are themselves the problem first; then, before any name is held to each iteration's
  // folders, an iteration lacking an arm is one refusal however the arms are spelt.
  refuseNamesThemselves(iterations, all, locations, named, shown, names);
  const pooled = iterations.length > 1 ? poolPair(iterations, locations, named, shown, names) : undefined;
  if (pooled !== undefined) refuseLoneArm(iterations, all, pooled, leftOut, evalIdsOf, shown, command);
  if (leftOut !== undefined) refuseArmsLeftOut(iterations, all, locations, named, leftOut, shown, names);
  const arms = pickArms(iterations, locations, named, shown, names);
  if (arms === undefined) {
    // Three folders or more and none named: compare counts no run until the arms are named, so
    // judge judges none either (its judgments of a third folder would be of runs never counted).
    const found = [...new Set(locations.map((l) => l.condition))];
    if (found.length > 2) throw new UsageError(`compare needs two conditions; found ${found.map((c) => JSON.stringify(c)).join(', ')} (which are the arms? name them with ${names.treatment} and ${names.control}).`);
    return undefined;
  }
  const { conditions } = arms;
  for (const iteration of iterations) {
    const own = new Set(locations.filter((l) => l.iteration === iteration && l.hasConversation).map((l) => l.condition));
    if (own.size === 0 || conditions.some((c) => own.has(c))) continue;
    const where = `${shown(iteration.dir)} has no run under ${conditions.map((c) => JSON.stringify(c)).join(' or ')}`;
    const under = `(its runs are under ${[...own].sort().map((c) => JSON.stringify(c)).join(', ')})`;
    throw new UsageError(command === 'compare'
      ? `${where}, the conditions this comparison is of ${under}: compare it on its own.`
      : `${where}, the two arms compare takes for the iterations named together ${under}: compare refuses them together, so judge it on its own.`);
  }
  // Each condition is a key beside these in every row of compare's document (the shape):
  // compare refuses it until its folders are renamed, and a judgment made before is of a folder
  // renamed since (no vote: made again), so judge refuses it too.
  const clash = conditions.find((c) => ROW_FIELDS.has(c));
  if (clash !== undefined) throw new UsageError(`The condition ${JSON.stringify(clash)} has the name of a field of the comparison's rows (${[...ROW_FIELDS].join(', ')}); rename its folders (eval-<id>/${clash}/)${command === 'compare' ? '' : ': compare compares no arm of that name, and a judgment made before the folders are renamed is made again after'}.`);
  return arms;
}

/**
 * The names given that are themselves the problem, said before what the layout lacks (the config
 * leaving an arm out): a name no condition folder has, nor a campaign.json records (misspelt, said
 * as pickArms says it), one against an iteration's campaign.json, or both naming a pair campaign
 * names the wrong way round. A name some iteration lacks is not one: pooled, that is the lone-arm rule's.
 */
function refuseNamesThemselves(iterations: readonly Iteration[], all: readonly RunLocation[], kept: readonly RunLocation[], named: ArmNames, shown: (path: string) => string, names: ArmOptionNames): void {
  const recorded = (name: string) => iterations.some((i) => i.campaign?.conditions?.some((c) => c === name) === true);
  const given = [named.treatment, named.control].filter((n) => n !== undefined);
  // One name for both arms, or two one but for case that an iteration lacks either of: said before
  // any folder is offered. Two such names an iteration holds side by side are two arms there: another
  // iteration lacking one is the lone-arm rule's (review39 p10). Apart only, they read as one arm misspelt.
  const sideBySide = iterations.some((i) => given.length === 2 && given.every((n) => all.some((l) => l.iteration === i && l.condition === n)));
  if (named.treatment === named.control || !sideBySide) for (const iteration of iterations) {
    const found = new Set(all.filter((l) => l.iteration === iteration).map((l) => l.condition));
    const amiss = found.size === 0 ? undefined : namesAmiss(found, named, shown(iteration.dir), names);
    if (amiss !== undefined) throw new UsageError(amiss);
  }
  // pickArms throws chooseArms's refusal of a name no folder has, at the first iteration with folders.
  if (given.some((n) => !all.some((l) => l.condition === n) && !recorded(n))) pickArms(iterations, kept, named, shown, names);
  for (const iteration of iterations) {
    const against = contradictsCampaign(iteration.campaign, named, shown(iteration.dir), names);
    if (against !== undefined) throw new UsageError(against);
  }
  const flipped = named.treatment !== undefined && named.control !== undefined ? flipsKnownPair([named.treatment, named.control], shown(iterations[0]!.dir), names) : undefined;
  if (flipped !== undefined) throw new UsageError(flipped);
}

/**
 * Refused: every run left out by the config (no condition left to take the arms from), or an arm
 * named whose every run it leaves out — chooseArms would call it no folder of the iteration, which
 * is there: the config is what to name.
 */
function refuseArmsLeftOut(iterations: readonly Iteration[], all: readonly RunLocation[], kept: readonly RunLocation[], named: ArmNames, leftOut: LeftOutByConfig, shown: (path: string) => string, names: ArmOptionNames): void {
  const globs = `the ignore globs of ${leftOut.config}`;
  if (kept.length === 0 && all.some((l) => l.hasConversation)) {
    const where = iterations.map((i) => JSON.stringify(shown(i.dir)));
    const under = where.length > 3 ? `${where.slice(0, 3).join(', ')} and ${where.length - 3} more` : where.join(', ');
    throw new UsageError(`${globs[0]!.toUpperCase()}${globs.slice(1)} leave out every run under ${under}: no condition is left to compare, nor any run to judge (check passes over them all).`);
  }
  for (const arm of ['treatment', 'control'] as const) {
    const name = named[arm];
    if (name === undefined) continue;
    const has = (locations: readonly RunLocation[], iteration: Iteration) => locations.some((l) => l.iteration === iteration && l.condition === name);
    const at = iterations.find((i) => has(all, i) && !has(kept, i));
    if (at !== undefined) throw new UsageError(`${names[arm]} ${JSON.stringify(name)}: ${globs} leave out every run of that condition folder of ${shown(at.dir)}, so it is no arm to compare (check passes over its runs): name another, or take it out of the config's ignore.`);
  }
}

/** The fields of an assertion or metric row of compare's document (schemas/comparison.schema.json), which sit beside the per-condition keys. */
const ROW_FIELDS: ReadonlySet<string> = new Set(['id', 'grader', 'delta', 'delta_ci95', 'p_value', 'p_holm', 'min_attainable_p', 'min_attainable_p_holm', 'detectable_delta', 'significant', 'direction', 'judge_agreement', 'kind', 'method', 'expected', 'left_out']);

/**
 * The pair iterations named together are compared by, as far as it is told before each iteration
 * is held to it: both names given, else {@link armsOf} over their folders together (as unnamed
 * arms are taken), else the known pair of the name given whose both folders are held (a third
 * folder beside, `With_Skill`, leaves the arm not named open over them all), else — the folders kept are of one condition (each iteration ran one arm) — the
 * `conditions` a campaign.json records that agrees with a name given. Undefined for a pair of
 * which an arm is held by no iteration (kept by the config) nor recorded by a campaign.json (names
 * that are themselves the problem are refused before: refuseNamesThemselves).
 */
function poolPair(iterations: readonly Iteration[], kept: readonly RunLocation[], named: ArmNames, shown: (path: string) => string, names: ArmOptionNames): readonly [string, string] | undefined {
  const recorded: ReadonlyArray<readonly [string, string]> = iterations.flatMap((i) => (i.campaign?.conditions === undefined ? [] : [i.campaign.conditions]));
  let pair: readonly [string, string] | undefined;
  if (named.treatment !== undefined && named.control !== undefined) pair = [named.treatment, named.control];
  else {
    try {
      pair = armsOfAll(iterations, kept, named, shown, names)?.conditions;
    } catch (error) {
      // A name refused over all the folders is refused again, in its words, when each iteration is held to it.
      if (!(error instanceof UsageError)) throw error;
    }
    // A third folder beside (`With_Skill` in another iteration) leaves the arm not named open over them all: the known pair of the name given, as unnamed arms take it.
    const held = (c: string) => kept.some((l) => l.condition === c);
    pair ??= CONDITION_PAIRS.find(([treatment, control]) => (named.treatment ?? treatment) === treatment && (named.control ?? control) === control && held(treatment) && held(control));
    if (new Set(kept.map((l) => l.condition)).size === 1) pair ??= recorded.find(([treatment, control]) => (named.treatment ?? treatment) === treatment && (named.control ?? control) === control);
  }
  const known = (c: string) => kept.some((l) => l.condition === c) || recorded.some((r) => r.includes(c));
  return pair !== undefined && pair[0] !== pair[1] && pair.every(known) ? pair : undefined;
}

/** {@link armsOf} over the condition folders of `iterations` together, campaign.json's being the first iteration's. */
function armsOfAll(iterations: readonly Iteration[], locations: readonly RunLocation[], named: ArmNames, shown: (path: string) => string, names: ArmOptionNames): Arms | undefined {
  return armsOf(new Set(locations.map((l) => l.condition)), iterations[0]!.campaign, named, shown(iterations[0]!.dir), names);
}

function pickArms(iterations: readonly Iteration[], locations: readonly RunLocation[], named: ArmNames, shown: (path: string) => string, names: ArmOptionNames): Arms | undefined {
  const foundIn = (iteration: Iteration) => new Set(locations.filter((l) => l.iteration === iteration).map((l) => l.condition));
  if (named.treatment === undefined && named.control === undefined) return armsOfAll(iterations, locations, named, shown, names);
  let picked: { arms: Arms; at: Iteration } | undefined;
  for (const iteration of iterations) {
    const found = foundIn(iteration);
    if (found.size === 0) continue;
    const arms = armsOf(found, iteration.campaign, named, shown(iteration.dir), names);
    if (arms === undefined) continue;
    if (picked === undefined) picked = { arms, at: iteration };
    else if (arms.conditions.join('\u0000') !== picked.arms.conditions.join('\u0000')) {
      const pair = (a: Arms) => a.conditions.map((c) => JSON.stringify(c)).join(' vs ');
      throw new UsageError(`The iterations compared have other arms by these names: ${pair(picked.arms)} in ${shown(picked.at.dir)}, ${pair(arms)} in ${shown(iteration.dir)}; name both ${names.treatment} and ${names.control}.`);
    }
  }
  return picked?.arms;
}
