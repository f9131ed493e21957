// Which evals.json judges an iteration's runs when none is named for them (no --evals, and no
// campaign.json's found): the one check's lookup finds for them, taken by compare's rule
// (iterationEvals), so that judge and compare of the same iteration grade by the same file.
import { dirname, resolve } from 'node:path';
import { checkNaming } from '../check-with-config.js';
import { CHECK_OPTION_NAMING } from '../checker/check-options.js';
import type { ResolvedConfig } from '../config.js';
import { readRegularFile } from '../fs/read-file.js';
import { shownPath } from '../fs/shown-path.js';
import { evalsDigests, iterationEvals, type IterationEvals } from '../workspace/evals-path.js';
import type { Iteration } from '../workspace/locate.js';

/** How many runs a refusal names, each with the evals.json it would be judged by. */
const RUNS_NAMED = 3;

/**
 * What the lookups decided for an iteration's runs: the one file (`path`) that grades those it can,
 * the others passed over with compare's reason (`passedOver`, by file as given); or `problem`, with
 * `conflict` when the runs would be graded by two different files (judge judges an iteration by
 * one; compare would grade each by its own), else no file can be used for any of them (compare
 * counts none: each run's reason in `passedOver`). `errors`: check's error count of each file, by
 * absolute path, the check the runs are counted by.
 */
export type LookedUpEvals = { evals: IterationEvals; conflict?: true; errors: Map<string, number>; passedOver: Map<string, string> };

/**
 * Checks `files` (the iteration's conversations, as check names them; a refusal names their run
 * folders) as compare checks them — no evals.json named, each looked up — and decides the
 * evals.json of their runs from those lookups, as compare grades them ({@link LookedUpEvals}).
 * Undefined when no file was looked up (none given, or every one left out by the config's ignore
 * globs): no counted run to find one for, nothing to judge.
 */
export async function checkLookingUp(iteration: Iteration, files: readonly string[], cwd: string, config: ResolvedConfig): Promise<LookedUpEvals | undefined> {
  if (files.length === 0) return undefined;
  const shown = (path: string) => shownPath(cwd, path);
  const digestsOf = (path: string) => {
    const read = readRegularFile(path, 'evals.json');
    return read.ok ? evalsDigests(read.bytes) : undefined;
  };
  const decided = new Map<string, IterationEvals>();
  // Each run's decision, by what it was looked up as: the same path decides the same, once.
  const decide = (lookedUp: string | undefined): IterationEvals => decided.get(lookedUp ?? '') ?? decided.set(lookedUp ?? '', iterationEvals(iteration, undefined, lookedUp, digestsOf, shown, '--evals')).get(lookedUp ?? '')!;
  const byRun = new Map<string, IterationEvals>();
  const report = await checkNaming(files, {
    cwd,
    allowEmpty: true,
    keepArtifacts: false,
    config,
    // What compare grades a run by when check did not read the file found (a link out of the folders checked): nothing, for check's reason.
    onEvalLookup: (filePath, lookup) => byRun.set(filePath, lookup.unread !== undefined ? { problem: lookup.unread } : decide(lookup.evalsFile === undefined ? undefined : resolve(cwd, lookup.evalsFile))),
  }, CHECK_OPTION_NAMING.flags);
  const errors = new Map(report.results.map((r) => [resolve(cwd, r.filePath), r.errorCount]));
  const outcomes = new Map<string, { evals: IterationEvals; runs: string[] }>();
  for (const [file, evals] of byRun) {
    const key = JSON.stringify(evals);
    const outcome = outcomes.get(key) ?? outcomes.set(key, { evals, runs: [] }).get(key)!;
    outcome.runs.push(file);
  }
  if (outcomes.size === 0) return undefined;
  const passedOver = new Map<string, string>();
  const found = [...outcomes.values()].filter(({ evals }) => 'path' in evals);
  // One file for the runs it can grade: the others are left out, each for its reason, as compare leaves them out.
  if (found.length <= 1) for (const { evals, runs } of outcomes.values()) if ('problem' in evals) for (const run of runs) passedOver.set(run, evals.problem);
  if (found.length === 1) return { evals: found[0]!.evals, errors, passedOver };
  const said = [...(found.length > 1 ? found : outcomes.values())].slice(0, RUNS_NAMED).map(({ evals, runs }) => `${dirname(runs[0]!)}${runs.length > 1 ? ` and ${runs.length - 1} more` : ''}: ${'path' in evals ? `by ${shown(evals.path)}` : evals.problem}`);
  const more = (found.length > 1 ? found.length : outcomes.size) > RUNS_NAMED ? '; …' : '';
  if (found.length > 1) return { evals: { problem: `its runs would not all be graded by one evals.json (${said.join('; ')}${more}); name the one its runs answered with --evals` }, conflict: true, errors, passedOver };
  // None usable: one reason said as it is, several each with its runs, as compare says why no run can be counted.
  const [only, ...others] = outcomes.values();
  return { evals: others.length === 0 ? only!.evals : { problem: `no evals.json can be used for its runs (${said.join('; ')}${more})` }, errors, passedOver };
}
