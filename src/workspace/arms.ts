// Which two condition folders of an iteration are its arms, treatment first: one rule for compare
// and judge (they must take the same two arms of the same iteration). A campaign.json's record
// first, else a known pair, else the arms a user named (--treatment, --control), else a guess by
// what the names say (condition-guess.ts), said as one. Iterations named together take one pair
// for all of them (iteration-arms.ts).
import { UsageError } from '../errors.js';
import { nearestName } from '../suggest.js';
import type { CampaignRecord } from './campaign-record.js';
import { guessConditions } from './condition-guess.js';
import { CONDITION_PAIRS } from './layout.js';

/** The arms a user named, by their folder names (case-sensitive); either may be left out. */
export interface ArmNames {
  treatment?: string | undefined;
  control?: string | undefined;
}

/** How the arms were chosen: campaign.json's `conditions`, a known pair, the user's names, or a guess from the names. */
export type ArmsChosenBy = 'campaign' | 'known-pair' | 'named' | 'guessed';

/** The two conditions, treatment first, how they were chosen and, for a guess, by which rule. */
export interface Arms {
  conditions: [string, string];
  by: ArmsChosenBy;
  guess?: string;
}

/** How a message names the two options: `--treatment` and `--control`, or as a library's caller spells them. */
export interface ArmOptionNames {
  treatment: string;
  control: string;
}

/** The command line's names of the two options. */
export const ARM_FLAGS: ArmOptionNames = { treatment: '--treatment', control: '--control' };

const quoted = (names: Iterable<string>) => [...names].sort().map((n) => JSON.stringify(n)).join(', ');

/**
 * The arms among the condition folders `found` of one iteration (`where`, as shown): campaign.json's
 * `conditions` (when both are there); else a known pair; else the folders `named`, the one not named
 * being the only other folder; else, two folders, a guess ({@link guessConditions}). `{ refused }`
 * says why the names cannot be taken (no such folder, the other arm not one folder, against
 * campaign.json or a known pair); undefined when there are not two arms to take.
 */
export function chooseArms(found: ReadonlySet<string>, campaign: CampaignRecord | undefined, named: ArmNames = {}, where = 'the iteration', names: ArmOptionNames = ARM_FLAGS): Arms | { refused: string } | undefined {
  const given = (['treatment', 'control'] as const).filter((arm) => named[arm] !== undefined);
  // What is wrong with the names themselves first: a folder near one of them would be offered as right.
  const amiss = namesAmiss(found, named, where, names);
  if (amiss !== undefined) return { refused: amiss };
  for (const arm of given) {
    const name = named[arm]!;
    if (found.has(name)) continue;
    const other = named[arm === 'treatment' ? 'control' : 'treatment'];
    const otherRole = otherRoleName(name, arm);
    if (otherRole !== undefined) return { refused: `${names[arm]} ${JSON.stringify(name)} is the ${otherRole.role}'s name in a pair campaign names (${JSON.stringify(otherRole.pair[0])} the treatment, ${JSON.stringify(otherRole.pair[1])} the control), and no condition folder of ${where} (its condition folders: ${found.size === 0 ? 'none' : quoted(found)}): name the ${arm} by its folder, or give ${JSON.stringify(name)} as ${names[otherRole.role]}.` };
    // Spelt in another case first (`Run-B` for run-b): nearer than any other one letter off. Never
    // the other arm's folder, nor the other arm's name of a known pair (without_skill for the treatment): taken, it would flip every delta.
    const offered = new Set([...found].filter((f) => f !== other && otherRoleName(f, arm) === undefined));
    const near = [...offered].find((f) => f.toLowerCase() === name.toLowerCase()) ?? nearestName(name, offered);
    return { refused: `${names[arm]} ${JSON.stringify(name)} is no condition folder of ${where} (its condition folders: ${found.size === 0 ? 'none' : quoted(found)})${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`}${near === undefined ? '.' : ''}` };
  }
  const against = contradictsCampaign(campaign, named, where, names);
  if (against !== undefined) return { refused: against };
  if (campaign?.conditions && campaign.conditions.every((c) => found.has(c))) return { conditions: campaign.conditions, by: 'campaign' };
  if (given.length > 0) return namedArms(found, named, where, names);
  for (const pair of CONDITION_PAIRS) if (found.has(pair[0]) && found.has(pair[1])) return { conditions: [pair[0], pair[1]], by: 'known-pair' };
  if (found.size !== 2) return undefined;
  const [a, b] = [...found];
  return { ...guessConditions(a!, b!), by: 'guessed' };
}

/**
 * Why the names given are wrong as a pair, whatever the folders say of each: one name for both
 * arms, or two that are one name but for case (`With_Skill`, `with_skill`) where `found` (the
 * folders of `where`) lacks either — two folders so named are two arms as ever. Undefined when neither.
 */
export function namesAmiss(found: ReadonlySet<string>, named: ArmNames, where: string, names: ArmOptionNames = ARM_FLAGS): string | undefined {
  const { treatment, control } = named;
  if (treatment === undefined || control === undefined) return undefined;
  if (treatment === control) return `${names.treatment} and ${names.control} both name ${JSON.stringify(treatment)}: name two different condition folders of ${where}.`;
  if (treatment.toLowerCase() !== control.toLowerCase()) return undefined;
  const lacking = [treatment, control].find((n) => !found.has(n));
  if (lacking === undefined) return undefined;
  return `${names.treatment} ${JSON.stringify(treatment)} and ${names.control} ${JSON.stringify(control)} are one name but for case, and ${where} has no folder ${JSON.stringify(lacking)} (its condition folders: ${found.size === 0 ? 'none' : quoted(found)}): name two different condition folders.`;
}

/** The role and known pair a name given for `arm` is the other arm's name in (`--control with_skill`); undefined when none. */
function otherRoleName(name: string, arm: 'treatment' | 'control'): { role: 'treatment' | 'control'; pair: readonly [string, string] } | undefined {
  const role = arm === 'treatment' ? 'control' : 'treatment';
  const pair = CONDITION_PAIRS.find((p) => p[role === 'treatment' ? 0 : 1] === name);
  return pair === undefined ? undefined : { role, pair };
}

/** Why a name given contradicts campaign.json's `conditions` (the record of the experiment: a mistake, never an override); undefined when none does. */
export function contradictsCampaign(campaign: CampaignRecord | undefined, named: ArmNames, where: string, names: ArmOptionNames = ARM_FLAGS): string | undefined {
  if (!campaign?.conditions) return undefined;
  const [treatment, control] = campaign.conditions;
  const against = (['treatment', 'control'] as const).find((arm) => named[arm] !== undefined && named[arm] !== (arm === 'treatment' ? treatment : control));
  return against === undefined ? undefined : `${names[against]} ${JSON.stringify(named[against])} contradicts the campaign.json of ${where}, which names ${JSON.stringify(treatment)} the treatment and ${JSON.stringify(control)} the control: leave ${names.treatment} and ${names.control} out (the record names the arms).`;
}

/** Why `conditions` (treatment first) are refused: a pair campaign names the wrong way round, which would flip every delta; undefined when they are not. */
export function flipsKnownPair(conditions: readonly [string, string], where: string, names: ArmOptionNames = ARM_FLAGS): string | undefined {
  const pair = reversedPair(conditions, where);
  return pair === undefined ? undefined : `${pair}: ${names.treatment} ${JSON.stringify(conditions[0])} and ${names.control} ${JSON.stringify(conditions[1])} would flip every delta.`;
}

/** A pair campaign names (its folders say which arm each is) that `conditions` take the other way round, said as such; undefined when they do not. */
function reversedPair(conditions: readonly [string, string], where: string): string | undefined {
  const reversed = CONDITION_PAIRS.find(([t, c]) => conditions[0] === c && conditions[1] === t);
  return reversed === undefined ? undefined : `${JSON.stringify(reversed[0])} and ${JSON.stringify(reversed[1])} of ${where} are a pair campaign names, ${JSON.stringify(reversed[0])} the treatment`;
}

/**
 * The arms a user named, the one left out being the other of a known pair the name is in (its
 * folder there), else the single other folder; never a known pair the wrong way round.
 */
function namedArms(found: ReadonlySet<string>, named: ArmNames, where: string, names: ArmOptionNames): Arms | { refused: string } {
  const arm = named.treatment !== undefined ? 'treatment' : 'control';
  const other = arm === 'treatment' ? 'control' : 'treatment';
  const rest = [...found].filter((c) => c !== named[arm]);
  // A third folder beside a known pair leaves the pair the arms unnamed (the third warned of): one
  // arm of it named alone takes the same pair, not a refusal of the same layout.
  let chosen = named[other] ?? knownPartner(named[arm]!, found);
  if (chosen === undefined) {
    if (rest.length === 0) return { refused: `${names[arm]} ${JSON.stringify(named[arm])} is the only condition folder of ${where}: there is no other arm to compare it with.` };
    if (rest.length > 1) return { refused: `${names[arm]} ${JSON.stringify(named[arm])} leaves ${rest.length} condition folders of ${where} (${quoted(rest)}) for the ${other}: name it with ${names[other]}.` };
    chosen = rest[0]!;
  }
  const conditions: [string, string] = arm === 'treatment' ? [named.treatment!, chosen] : [chosen, named.control!];
  if (named[other] !== undefined) {
    const flipped = flipsKnownPair(conditions, where, names);
    return flipped !== undefined ? { refused: flipped } : { conditions, by: 'named' };
  }
  // One arm given: said as given (no option the user did not type), with the advice to name the other when another folder could be it.
  const reversed = reversedPair(conditions, where);
  if (reversed === undefined) return { conditions, by: 'named' };
  const others = rest.filter((c) => c !== chosen);
  return { refused: `${reversed}: ${names[arm]} ${JSON.stringify(named[arm])} alone takes ${JSON.stringify(chosen)} as the ${other}, which would flip every delta${others.length === 0 ? '' : `; name the ${other} with ${names[other]} (its other condition folders: ${quoted(others)})`}.` };
}

/** The other folder of the known pair `name` is in, either way round (a pair named the wrong way round is refused after), when it is among `found`. */
function knownPartner(name: string, found: ReadonlySet<string>): string | undefined {
  const pair = CONDITION_PAIRS.find((p) => (p as readonly string[]).includes(name));
  const partner = pair?.find((c) => c !== name);
  return partner !== undefined && found.has(partner) ? partner : undefined;
}

/** {@link chooseArms}, its refusal thrown as a `UsageError` (exit 2). */
export function armsOf(found: ReadonlySet<string>, campaign: CampaignRecord | undefined, named: ArmNames, where: string, names: ArmOptionNames = ARM_FLAGS): Arms | undefined {
  const chosen = chooseArms(found, campaign, named, where, names);
  if (chosen !== undefined && 'refused' in chosen) throw new UsageError(chosen.refused);
  return chosen;
}
