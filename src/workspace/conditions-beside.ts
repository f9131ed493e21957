// A condition folder beside the two compared (`With_Skill` beside with_skill, a third arm) holds
// runs compare does not count, and judge does not judge: said, by name and with its runs, never
// left out without a word — by both, in the same words (compare's validity, judge's plan).
import { join } from 'node:path';
import { looseKnownCondition } from './condition-guess.js';
import { runIgnored, type RunLocation } from './locate.js';
import type { LeftOutByConfig } from './iteration-arms.js';

/**
 * Each condition folder beside the two compared — `With_Skill` or `with_skill ` beside with_skill,
 * a third arm — by name, with where it is and how many runs it holds: its runs are not counted
 * (`left`: `counted`, compare's word) or not judged (`judged`, judge's), and a user who made it (or
 * an agent) must not think they were. A run the config's ignore globs leave out (`leftOut`) is
 * not one it holds, as check passes over it: how many are is said apart.
 */
export function conditionsBeside(locations: readonly RunLocation[], conditions: readonly [string, string], shown: (path: string) => string, left: 'counted' | 'judged', leftOut: LeftOutByConfig | undefined): string[] {
  const byName = new Map<string, { folders: Set<string>; runs: number; ignored: number }>();
  for (const location of locations) {
    if (conditions.includes(location.condition)) continue;
    const entry = byName.get(location.condition) ?? { folders: new Set<string>(), runs: 0, ignored: 0 };
    byName.set(location.condition, entry);
    entry.folders.add(join(location.iteration.dir, `eval-${location.evalId}`, location.condition));
    if (!location.hasConversation || location.notCanonical !== undefined || location.notFolder !== undefined) continue;
    if (runIgnored(location, leftOut?.ignored)) entry.ignored++;
    else entry.runs++;
  }
  return [...byName.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([name, { folders, runs, ignored }]) => {
    const where = [...folders].map(shown);
    // A folder per eval of each iteration: of one eval in two iterations, two folders, not two evals.
    const shownWhere = where.length === 1 ? where[0]! : `in ${where.length} folders: ${where.slice(0, 3).join(', ')}${where.length > 3 ? `, and ${where.length - 3} more` : ''}`;
    const known = looseKnownCondition(name);
    const hint = known !== undefined && conditions.includes(known) ? ` Its name is ${JSON.stringify(known)} but for case or separators: a folder made by hand or by an agent, not by campaign.` : '';
    return `The condition folder ${JSON.stringify(name)} (${shownWhere}) holds ${runs === 0 ? 'no finished run' : `${runs} run${runs === 1 ? '' : 's'}`}${ignored === 0 ? '' : ` (and ${ignored} the ignore globs of ${leftOut!.config} leave out)`}, under neither condition compared (${conditions.map((c) => JSON.stringify(c)).join(' and ')}): not ${left}, since compare compares two conditions.${hint}`;
  });
}
