// How reports name an eval: by its id, and by its skill too when the comparison holds evals of
// several skills (a workspace of several skills, compared at once: two may each have an eval
// "fix-typo", compared apart, and "eval fix-typo" twice told the reader neither which was which nor
// whose validity errors were whose).
import type { EvalComparison } from './model.js';

type Named = Pick<EvalComparison, 'id' | 'skill'>;

/** Whether `evals` are of several skills: then each is named with its skill. */
const severalSkills = (evals: readonly Named[]) => new Set(evals.map((e) => e.skill)).size > 1;

/** The name of each eval of `evals` as every format and message shows it: `fix-typo`, or `fix-typo (my-skill)` beside another skill's evals. */
export function evalNamer(evals: readonly Named[]): (e: Named) => string {
  const several = severalSkills(evals);
  return (e) => evalName(e.id, several && e.skill !== null ? e.skill : undefined);
}

/**
 * {@link evalNamer}'s names with a note in the same bracket: `fix-typo (no counted run)`, or
 * `fix-typo (my-skill: no counted run)` beside another skill's evals — never two brackets in a row.
 */
export function evalNoteNamer(evals: readonly Named[]): (e: Named, note: string) => string {
  const several = severalSkills(evals);
  return (e, note) => `${e.id} (${several && e.skill !== null ? `${e.skill}: ` : ''}${note})`;
}

/** An eval's name with its skill, when given: a validity problem gives its eval's (`eval`, `skill`) only beside another skill's evals, as evalNamer names them. */
export function evalName(id: string, skill: string | undefined): string {
  return skill === undefined ? id : `${id} (${skill})`;
}
