// Which evals.json grades each run — the campaign's, never one found inside the workspace — each
// read once, and whether it is still the file the campaign ran.
import { dirname, join, resolve } from 'node:path';
import type { EvalCase, EvalsFile } from '../evals/types.js';
import type { Conversation } from '../types.js';
import { SharedReads } from '../fs/read-file.js';
import { shownPath } from '../fs/shown-path.js';
import { lfSha256 as lfSha256Of } from '../fs/line-endings.js';
import { readRunnableEvalsBytes } from '../runner/evals-input.js';
import { iterationEvals, namedEvalsPath, type EvalIds, type IterationEvals } from '../workspace/evals-path.js';
import { evalsMeet, fixturesMissing, meetsChanges } from '../workspace/plan-identity.js';
import { setupFilesChanges } from '../workspace/setup-files.js';
import type { Iteration, RunLocation } from '../workspace/locate.js';
import type { RunOutcome } from './outcome.js';

/** One evals.json as compare grades by it. */
export interface LoadedEvals {
  path: string;
  file: EvalsFile;
  /** Its folder: command_check's setup files are relative to it. */
  dir: string;
  /** The first eval of an id wins, as in the checker's lookup (eval-id-unique reports the others). */
  byId: Map<string, EvalCase>;
  sha256: string;
  /** The digest of its bytes with each CRLF read as LF: campaign.json's, when a checkout converted only its line endings. */
  lfSha256: string;
}

/** The evals.json the checker looked up for a run (as shown), and why it did not read it — a link out of the folders checked — if it did not. */
export interface LookedUp {
  path?: string | undefined;
  unread?: string | undefined;
}

/** The evals a run is graded by, or why it has none. */
export type EvalsForRun = { evals: LoadedEvals; evalCase: EvalCase | undefined } | { evals?: undefined; problem: string };

export class EvalsSource {
  readonly #cwd: string;
  /** How the advice to name an evals.json names the option: `--evals`, or the library's. */
  readonly #named: string;
  readonly #byIteration = new Map<string, string | undefined>();
  readonly #loaded = new Map<string, LoadedEvals>();
  /** Which evals.json stands for an iteration's runs, by iteration folder and the path looked up for them. */
  readonly #decided = new Map<string, IterationEvals>();
  /** Shared with the checker (`ArtifactChecker`'s `reads`): each evals.json is read once, and a run is checked and graded by the same bytes. */
  readonly reads = new SharedReads();

  /** The digest of each evals.json another thread of this process validated, by path: those bytes are trusted. */
  readonly #validated: Readonly<Record<string, string>>;

  /**
   * `given`: --evals, for every run; else each iteration's campaign.json names its own; else the
   * checker's lookup, per file. `named`: the option's name in advice (compare's `names.evals`).
   * `validated`: what {@link validatedDigests} of the main thread's source said (compare's
   * threads), so that a file is validated once per process.
   */
  constructor(iterations: readonly Iteration[], given: string | undefined, cwd: string, named: string, validated: Readonly<Record<string, string>> = {}) {
    this.#cwd = cwd;
    this.#named = named;
    this.#validated = validated;
    for (const iteration of iterations) this.#byIteration.set(iteration.dir, namedEvalsPath(iteration, given, cwd));
    for (const path of new Set(this.#byIteration.values())) if (path !== undefined) this.load(path);
  }

  /** The evals.json the checker is given for `iteration`'s files (undefined: its own lookup). */
  forIteration(iteration: Iteration): string | undefined {
    return this.#byIteration.get(iteration.dir);
  }

  /** The eval ids of the evals.json named for `iteration` (read when this source was made); undefined when none is: check looks each run's up. */
  evalIdsNamed(iteration: Iteration): EvalIds | undefined {
    const path = this.forIteration(iteration);
    return path === undefined ? undefined : this.load(path).byId;
  }

  /** {@link forIteration} as shown: the checker names the file as it is given in its notes and in each eval's place (the html page). */
  forChecker(iteration: Iteration): string | undefined {
    const path = this.forIteration(iteration);
    return path === undefined ? undefined : this.shown(path);
  }

  /**
   * The evals `location` is graded by: its iteration's, else what the checker looked up for it, as
   * the rule of evals-path.ts takes it (the checker took it by the same rule).
   */
  forRun(location: RunLocation, lookedUp: LookedUp = {}): EvalsForRun {
    // What the checker would not read never held the run to its eval: it grades nothing either, for the checker's reason.
    if (lookedUp.unread !== undefined) return { problem: lookedUp.unread };
    const decided = this.#evalsOf(location.iteration, lookedUp.path === undefined ? undefined : resolve(this.#cwd, lookedUp.path));
    if ('problem' in decided) return { problem: decided.problem };
    const evals = this.load(decided.path);
    return { evals, evalCase: evals.byId.get(location.evalId) };
  }

  /** {@link iterationEvals} of an iteration and the evals.json looked up for its runs: decided once per pair, not per run. */
  #evalsOf(iteration: Iteration, lookedUp: string | undefined): IterationEvals {
    const key = `${iteration.dir}\u0000${lookedUp ?? ''}`;
    let decided = this.#decided.get(key);
    if (decided === undefined) {
      const digestsOf = (path: string) => {
        try {
          return this.load(path);
        } catch {
          return undefined;
        }
      };
      this.#decided.set(key, (decided = iterationEvals(iteration, this.#byIteration.get(iteration.dir), lookedUp, digestsOf, (p) => this.shown(p), this.#named)));
    }
    return decided;
  }

  /** The digest of each evals.json read (and so validated) so far, by path. */
  validatedDigests(): Record<string, string> {
    return Object.fromEntries([...this.#loaded.values()].map((l) => [l.path, l.sha256]));
  }

  /** Every evals.json read so far. */
  loaded(): LoadedEvals[] {
    return [...this.#loaded.values()];
  }

  shown(path: string): string {
    return shownPath(this.#cwd, path);
  }

  private load(path: string): LoadedEvals {
    let loaded = this.#loaded.get(path);
    if (!loaded) {
      // One read: the digest compared with campaign.json's is of the bytes graded by.
      const { evals: file, sha256, bytes } = readRunnableEvalsBytes(path, this.shown(path), this.#cwd, this.reads, this.#validated[path], 'nothing was compared');
      const lfSha256 = lfSha256Of(bytes);
      const byId = new Map<string, EvalCase>();
      for (const e of file.evals) if (!byId.has(e.id)) byId.set(e.id, e);
      this.#loaded.set(path, (loaded = { path, file, dir: dirname(path), byId, sha256, lfSha256 }));
    }
    return loaded;
  }
}

/**
 * Which of a run's recorded questions — its prompt, then each delivered follow-up — its eval no
 * longer asks, or undefined when every one is still the eval's. A run asked other questions
 * answered another eval: regrading it by the new one would mix two experiments.
 */
export function questionsChanged(conversation: Conversation, evalCase: EvalCase): string | undefined {
  const asked = conversation.events.flatMap((e) => (e !== null && typeof e === 'object' && e.type === 'user_message' && typeof e.text === 'string' ? [e.text] : []));
  const scripted = [evalCase.prompt, ...(evalCase.turns ?? []).map((t) => t.prompt)];
  for (let i = 0; i < asked.length; i++) {
    if (i >= scripted.length) return `it was sent ${asked.length} messages, the eval now scripts ${scripted.length}`;
    if (asked[i] !== scripted[i]) return i === 0 ? 'its prompt is not the eval\'s prompt now' : `its follow-up ${i} is not the eval's turn ${i} now`;
  }
  return undefined;
}

/** One iteration's evals.json, or its setup files, not the bytes campaign.json recorded, said once. */
export interface EvalsChange {
  severity: 'error' | 'warning';
  message: string;
  /** Its validity code: `evals-changed`, or `line-endings-converted` when only line endings changed where a command_check's setup files are. */
  code?: 'line-endings-converted';
}

/** The runs whose prompts or turns are no longer what evals.json asks, by iteration folder ("eval <id>, <condition> run <n>: …"). */
export function changedRunsByIteration(outcomes: readonly Pick<RunOutcome, 'location' | 'questionsChanged'>[]): Map<string, string[]> {
  const changedRuns = new Map<string, string[]>();
  for (const o of outcomes) {
    if (o.questionsChanged === undefined) continue;
    let list = changedRuns.get(o.location.iteration.dir);
    if (list === undefined) changedRuns.set(o.location.iteration.dir, (list = []));
    // Added in place: a copy of the list per run cost 5 s for 30,000 runs whose prompts changed.
    list.push(`eval ${o.location.evalId}, ${o.location.condition}${o.location.run !== undefined ? ` run ${o.location.run}` : ''}: ${o.questionsChanged}`);
  }
  return changedRuns;
}

/**
 * Where the evals.json used differs from the bytes the campaign ran: an error when what an eval
 * shows the agent changed — by campaign.json's record of it, the rule campaign starts a new
 * iteration by; for a record older eval-magic wrote, when a counted run was asked what its eval no
 * longer asks (`changedRuns`, by iteration folder: "eval <id> run …") — else a warning (what
 * grades changed, not what the agent met: fine to regrade). Then its setup files that are not
 * the bytes campaign.json recorded (setupChanges).
 */
export function evalsChanges(iterations: readonly Iteration[], source: EvalsSource, changedRuns: ReadonlyMap<string, string[]>): EvalsChange[] {
  return iterations.flatMap((iteration): EvalsChange[] => {
    const path = source.forIteration(iteration);
    const used = path === undefined ? undefined : source.loaded().find((l) => l.path === path);
    if (iteration.campaign === undefined || used === undefined) return [];
    return [...evalsFileChanges(iteration as CampaignIteration, used, source, changedRuns), ...setupChanges(iteration as CampaignIteration, used, source)];
  });
}

type CampaignIteration = Iteration & { campaign: NonNullable<Iteration['campaign']> };

function evalsFileChanges(iteration: CampaignIteration, used: LoadedEvals, source: EvalsSource, changedRuns: ReadonlyMap<string, string[]>): EvalsChange[] {
  const recorded = iteration.campaign.evals.sha256;
  const path = used.path;
  if (used.sha256 === recorded) return [];
  // Only its line endings changed: a checkout converted the skill's folder (Git's core.autocrlf), and
  // with it the setup files a command_check copies from there — a script with CRLF fails in every run.
  // A record of the setup files' own digests tells which were converted (setupChanges): its values are the same.
  if (used.lfSha256 === recorded) {
    if (iteration.campaign.evals.setup_files !== undefined) return [];
    const setup = [...used.byId.values()].some((e) => Object.hasOwn(iteration.campaign.runs, e.id) && (e.assertions ?? []).some((a) => a.type === 'command_check' && (a.setup_files?.length ?? 0) > 0));
    if (!setup) return [];
    return [{ code: 'line-endings-converted', severity: 'error', message: `${source.shown(path)} is the evals.json ${source.shown(join(iteration.dir, 'campaign.json'))} ran but for its line endings, CRLF where it had LF: its folder was checked out with line-ending conversion (Git's core.autocrlf, or text in .gitattributes), which rewrote the setup files its command_checks copy into each run's task too (a shell script with CRLF endings fails), so those verdicts may not be the runs'. Compare where the workspace was made, or mark the skill's folder -text in the repository's .gitattributes and check it out again (docs/campaign.md, Keeping a workspace in Git)` }];
  }
  const which = `${source.shown(path)} is not the evals.json ${source.shown(join(iteration.dir, 'campaign.json'))} ran (sha256 ${recorded.slice(0, 12)}…, now ${used.sha256.slice(0, 12)}…)`;
  const recordedMeets = iteration.campaign.evals.meets;
  const planned = Object.keys(iteration.campaign.runs);
  const meetsNow = recordedMeets === undefined ? undefined : evalsMeet(used.file, used.dir);
  const changed = recordedMeets === undefined || meetsNow === undefined ? changedRuns.get(iteration.dir) ?? [] : meetsChanges(recordedMeets, meetsNow, planned);
  if (changed.length > 0) {
    // Files not found are no evidence of a change: moved or deleted since, or a copy kept elsewhere, which looks for them beside itself.
    const missing = changed.some((c) => c.includes('files')) ? fixturesMissing(used.file, used.dir, planned) : [];
    if (missing.length > 0) return [{ severity: 'error', message: `${which}, and the files its evals show the agent are not where it names them (${listed(missing.map((m) => source.shown(m)))}), so whether those runs answered its questions cannot be told: an evals.json finds its evals' files beside itself (or by files_root). Put them back where it names them; for a copy of evals.json kept in another folder, keep it in the original's folder or give its evals files_root` }];
    const shown = listed(changed);
    const what = recordedMeets === undefined ? 'its prompts or turns changed' : 'what its evals show the agent changed';
    return [{ severity: 'error', message: `${which}, and ${what}: ${shown}. Those runs answered other questions; run the campaign again for this evals.json` }];
  }
  // An eval taken out of evals.json: its runs cannot be regraded (check leaves them out).
  const removed = meetsNow === undefined ? [] : planned.filter((id) => !(id in meetsNow));
  const gone = removed.length === 0 ? '' : `; ${listed(removed.map((id) => `eval ${JSON.stringify(id)}`))} ${removed.length === 1 ? 'is' : 'are'} no longer in it, so ${removed.length === 1 ? 'its' : 'their'} runs are left out`;
  // An eval added since has no run here: said, or the comparison would leave it out without a word.
  const added = meetsNow === undefined ? [] : Object.keys(meetsNow).filter((id) => !planned.includes(id));
  const fresh = added.length === 0 ? '' : `; ${listed(added.map((id) => `eval ${JSON.stringify(id)}`))} ${added.length === 1 ? 'was' : 'were'} added since, and ${added.length === 1 ? 'has' : 'have'} no run in this iteration (a campaign with this evals.json runs ${added.length === 1 ? 'it' : 'them'})`;
  const rest = removed.length === 0 ? 'no eval' : 'no eval still in it';
  return [{ severity: 'warning', message: `${which}${gone}${fresh}; ${recordedMeets === undefined ? 'every run was asked what it still asks' : `${rest} shows the agent anything else`}, so the runs are regraded by its current assertions` }];
}

/**
 * The setup files the planned evals' command_checks copy that are not the bytes campaign.json
 * recorded (a campaign.json older eval-magic wrote records none): converted to CRLF, an error (a
 * script with CRLF endings fails in every run); changed otherwise, a warning (what grades changed:
 * the user's to mean, as for an assertion).
 */
function setupChanges(iteration: CampaignIteration, used: LoadedEvals, source: EvalsSource): EvalsChange[] {
  const recorded = iteration.campaign.evals.setup_files;
  if (recorded === undefined) return [];
  const { converted, changed } = setupFilesChanges(iteration.campaign.evals, used.file, used.dir, Object.keys(iteration.campaign.runs));
  const named = (paths: readonly string[]) => `${paths.length === 1 ? 'setup file' : 'setup files'} ${listed(paths.map((p) => JSON.stringify(p)))}`;
  const beside = `beside ${source.shown(used.path)}`;
  const campaign = source.shown(join(iteration.dir, 'campaign.json'));
  const changes: EvalsChange[] = [];
  if (converted.length > 0) {
    changes.push({ code: 'line-endings-converted', severity: 'error', message: `The ${named(converted)} ${beside}, which its command_checks copy into each run's task, ${converted.length === 1 ? 'is' : 'are'} the ${converted.length === 1 ? 'one' : 'ones'} ${campaign} recorded but for ${converted.length === 1 ? 'its' : 'their'} line endings, CRLF where ${converted.length === 1 ? 'it' : 'they'} had LF: the skill's folder was checked out with line-ending conversion (Git's core.autocrlf, or text in .gitattributes), so the commands run on converted files (a shell script with CRLF endings fails) and those verdicts may not be the runs'. Compare where the workspace was made, or mark the skill's folder -text in the repository's .gitattributes and check it out again (docs/campaign.md, Keeping a workspace in Git)` });
  }
  if (changed.length > 0) {
    changes.push({ severity: 'warning', message: `The ${named(changed)} ${beside}, which its command_checks copy into each run's task, changed since ${campaign} recorded ${changed.length === 1 ? 'it' : 'them'}: the command_check verdicts are graded by the setup files as they are now, not as the campaign had them. Regrading by edited setup files is yours to mean, as by edited assertions; else put back the ones the campaign ran` });
  }
  return changes;
}

/** The first three of `items`, then how many more. */
function listed(items: readonly string[]): string {
  return items.slice(0, 3).join('; ') + (items.length > 3 ? `; and ${items.length - 3} more` : '');
}
