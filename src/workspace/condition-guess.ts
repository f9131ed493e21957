// Which of two condition folders is the treatment when nothing names the arms (no campaign.json,
// not a known pair as campaign spells it): by what the names say, so that `control` is never the
// treatment against `treatment` (every delta and --fail-on worse would flip). Still a guess, and
// said as one, with the rule that chose.
import { CONDITION_PAIRS } from './layout.js';

/** The two names, treatment first, and in words why (the rule that chose). */
export interface ConditionGuess {
  conditions: [string, string];
  guess: string;
}

/** A name's words, lower case: split at anything but a letter or digit, and where camelCase turns (`NoSkill` → no, skill). */
function words(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== '');
}

// Over the words joined by one space. A control: control, baseline, before, no skill / noskill,
// without…, old…. A treatment: treatment, skill, with… (not without), new…, after.
const CONTROL = /(?:^| )(?:control|baseline|before|no ?skill|without\S*|old\S*)(?: |$)/;
const TREATMENT = /(?:^| )(?:treatment|skill|with(?!out)\S*|new\S*|after)(?: |$)/;
const CONTROL_WORDS = 'control, baseline, before, no_skill, without…, old…';
const TREATMENT_WORDS = 'treatment, skill, with…, new…, after';

const says = (name: string, marker: RegExp) => marker.test(words(name).join(' '));
/** Whether a name says it is a control arm (`gpt5-control`, `NoSkill`, `old_v1`). */
const namesControl = (name: string) => says(name, CONTROL);
/** Whether a name says it is a treatment arm and not a control (`no_skill` says skill, but no skill first). */
const namesTreatment = (name: string) => !namesControl(name) && says(name, TREATMENT);

/** The known pair two names are but for case and separators (`With-Skill`, `WITHOUT_SKILL`, `with_skill `), treatment first. */
function loosePair(a: string, b: string): [string, string] | undefined {
  const key = (name: string) => words(name).join('');
  for (const [treatment, control] of CONDITION_PAIRS) {
    const loose = (name: string) => key(name) === key(treatment) ? 'treatment' : key(name) === key(control) ? 'control' : undefined;
    if (loose(a) === 'treatment' && loose(b) === 'control') return [a, b];
    if (loose(b) === 'treatment' && loose(a) === 'control') return [b, a];
  }
  return undefined;
}

/** Whether `name` is `condition` spelt another way but for case and separators (`With_Skill`, `with-skill` for with_skill), not that name itself. */
export function spelledAs(name: string, condition: string): boolean {
  return name !== condition && words(name).join('') === words(condition).join('');
}

/** Whether `name` is one of the conditions campaign names its arms (with_skill, without_skill, new_skill, old_skill). */
export function isKnownCondition(name: string): boolean {
  return CONDITION_PAIRS.some((pair) => (pair as readonly string[]).includes(name));
}

/** The name spelt like one of the known conditions but for case and separators, if `name` is not that condition itself. */
export function looseKnownCondition(name: string): string | undefined {
  return CONDITION_PAIRS.flat().find((known) => spelledAs(name, known));
}

/**
 * Two condition names, treatment first: a known pair spelt another way; else the other of the one
 * that names a control; else, neither naming a control, the one that names a treatment; else (the
 * names tell nothing, or both say the same) code-unit order, as before these rules.
 */
export function guessConditions(a: string, b: string): ConditionGuess {
  const pair = loosePair(a, b);
  if (pair) return { conditions: pair, guess: `since their names are the known pair ${pair.map((n) => looseKnownCondition(n) ?? n).join(' and ')} but for case or separators` };
  const [first, second] = [a, b].sort() as [string, string];
  const controls = [first, second].filter(namesControl);
  if (controls.length === 1) {
    const control = controls[0]!;
    return { conditions: [control === first ? second : first, control], guess: `since ${JSON.stringify(control)} names a control (${CONTROL_WORDS}) and the other does not` };
  }
  const treatments = [first, second].filter(namesTreatment);
  if (controls.length === 0 && treatments.length === 1) {
    const treatment = treatments[0]!;
    return { conditions: [treatment, treatment === first ? second : first], guess: `since ${JSON.stringify(treatment)} names a treatment (${TREATMENT_WORDS}) and neither names a control` };
  }
  const why = controls.length === 2 ? 'both name a control' : treatments.length === 2 ? 'both name a treatment' : 'neither name says which arm it is';
  return { conditions: [first, second], guess: `by the code-unit order of their names alone (${why})` };
}
