// The arms of the iterations one command names together: one pair for all of them. Compare's
// document has one `conditions` pair (its rows are keyed by the two names), so iterations compared
// together are compared by one pair; judge takes that same pair over the same iterations, so the
// runs it judges are the runs compare counts, and an iteration compare refuses judge refuses too.
import { UsageError } from '../errors.js';
import { ARM_FLAGS, armsOf, type ArmNames, type ArmOptionNames, type Arms } from './arms.js';
import type { Iteration, RunLocation } from './locate.js';

/** Which command says the refusal: its last words say what to do with that command. */
type Command = 'compare' | 'judge';

/**
 * The one pair of arms of `iterations` (`locations`: their run folders, locate.ts), by
 * {@link armsOf}'s rule: unnamed, over their condition folders together, campaign.json's being the
 * first iteration's; named, of each iteration's own folders (each must hold a folder of each name
 * given), and one pair for all — the arm left out may not be another folder in each. Undefined
 * when there are fewer than two folders; three or more, none named and no known pair, are a
 * `UsageError` in compare's words, for judge too: no run is counted until the arms are named.
 * An iteration that holds runs, none of them under the pair, is a `UsageError` (exit 2): it would
 * be left out without a word; so is an arm named as a field of compare's rows.
 */
export function armsOfIterations(iterations: readonly Iteration[], locations: readonly RunLocation[], named: ArmNames, shown: (path: string) => string, command: Command, names: ArmOptionNames = ARM_FLAGS): Arms | undefined {
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

/** The fields of an assertion or metric row of compare's document (schemas/comparison.schema.json), which sit beside the per-condition keys. */
const ROW_FIELDS: ReadonlySet<string> = new Set(['id', 'grader', 'delta', 'delta_ci95', 'p_value', 'p_holm', 'min_attainable_p', 'min_attainable_p_holm', 'detectable_delta', 'significant', 'direction', 'judge_agreement', 'kind', 'method', 'expected', 'left_out']);

function pickArms(iterations: readonly Iteration[], locations: readonly RunLocation[], named: ArmNames, shown: (path: string) => string, names: ArmOptionNames): Arms | undefined {
  const foundIn = (iteration?: Iteration) => new Set(locations.filter((l) => iteration === undefined || l.iteration === iteration).map((l) => l.condition));
  if (named.treatment === undefined && named.control === undefined) return armsOf(foundIn(), iterations[0]!.campaign, named, shown(iterations[0]!.dir), names);
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
