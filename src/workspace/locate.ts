// Which runs an iteration folder holds (`eval-<id>/<condition>/run-<j>/`, or the reference's
// `eval-<id>/<condition>/` with one run), and which two conditions are its arms. Which iterations a
// path names is iterations.ts's.
import { existsSync, lstatSync, readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { joinShown, shownPath } from '../fs/shown-path.js';
import { UsageError } from '../errors.js';
import { runWhole, type Pausable } from '../process/time-slices.js';
import type { ArmNames } from './arms.js';
import { readCampaignRecordFile, type CampaignRecord } from './campaign-record.js';
import { CAMPAIGN_FILE, CONDITION_PAIRS, CONVERSATION_FILE, isRunOrCopyFolder, parseEvalFolder, parseRunFolder, RUN_RECORD_FILE } from './layout.js';

/** One iteration folder and its campaign.json (when campaign wrote one). */
export interface Iteration {
  /** Where it really is (the links of the path named resolved). */
  dir: string;
  /**
   * Where it is as the user named it, when a link on the way makes that another path (a
   * `.eval-magic` linked to another disk): the config's ignore globs, written from the config's
   * folder, hold its files by this path as `check` holds them ({@link namedPathOf}).
   */
  named?: string;
  /**
   * The folder as check reports it when given the user's argument (their spelling: `$PWD/…`,
   * `a/../a`, `../x/…`, a link's name), which the ignore globs of a config named with --config
   * are matched against ({@link typedPathOf}). Unset when no argument named it.
   */
  typed?: string;
  /**
   * Its other spellings, when the paths named it more than once by different ones (`x` and a link
   * to it from another repository): each as {@link named} would have it. The config is looked up
   * from every spelling ({@link namedFoldersOf}), as check looks it up from every argument.
   */
  alsoNamed?: string[];
  campaign?: CampaignRecord;
  /** Why its campaign.json is there but was not used (a link, not a file, against its schema), naming the file. */
  campaignProblem?: string;
}

/** `path` (at or below `iteration.dir`) as named through the iteration's named path, when it has one. */
export function namedPathOf(iteration: Iteration, path: string): string {
  return iteration.named === undefined ? path : iteration.named + path.slice(iteration.dir.length);
}

/** Every folder the iteration was named by (once each): where its config is looked up from, as check looks up from each argument. */
export function namedFoldersOf(iteration: Iteration): string[] {
  return [...new Set([namedPathOf(iteration, iteration.dir), ...(iteration.alsoNamed ?? [])])];
}

/** `path` (at or below `iteration.dir`) as check reports it, searching the folder the user typed: by its absolute path when none was. */
export function typedPathOf(iteration: Iteration, path: string): string {
  if (iteration.typed === undefined) return namedPathOf(iteration, path);
  const below = path.slice(iteration.dir.length + 1);
  return below === '' ? iteration.typed : joinShown(iteration.typed, below);
}

/** Whether ignore globs leave a file out, as check's matcher tells it: by its path as check reports it, and where it really is. */
export type PathsIgnored = (reportedPath: string, absolutePath: string) => boolean;

/**
 * What an iteration search goes by of the config the paths named find (config.ts:
 * NamedPathsConfig): its ignore globs, and a hold on the iterations found — under another config,
 * the search's verdicts (which runs count, whether workspaces are shards) went by the wrong one.
 */
export interface SearchConfig {
  ignored: PathsIgnored | undefined;
  /** Throws when an iteration folder finds another config than the paths named. */
  assertSameConfig: (iterationFolders: readonly string[]) => void;
}

/**
 * Whether check leaves `path` (at or below `iteration.dir`) out by the config's ignore globs: its
 * matcher given the two forms check gives it for that file, searching the folder the user typed —
 * as reported (their spelling, {@link typedPathOf}) and where it really is.
 */
export function ignoredAsChecked(iteration: Iteration, ignored: PathsIgnored, path: string): boolean {
  return ignored(typedPathOf(iteration, path), path);
}

/** Whether check leaves a run out by the config's ignore globs (`ignored`, undefined: none): its conversation.json, as {@link ignoredAsChecked}. */
export function runIgnored(location: RunLocation, ignored: PathsIgnored | undefined): boolean {
  return ignored !== undefined && ignoredAsChecked(location.iteration, ignored, join(location.dir, CONVERSATION_FILE));
}

/**
 * `locations` less those of each condition folder (of an iteration) whose every run the config's
 * ignore globs leave out (`ignored`, as check matches them): check passes over all its runs, so it
 * is no condition — no arm, nor a folder beside the arms. A folder with one run kept stays whole.
 */
export function inConditionsKept(locations: readonly RunLocation[], ignored: PathsIgnored | undefined): RunLocation[] {
  if (ignored === undefined) return [...locations];
  const folder = (l: RunLocation) => `${l.iteration.dir}\u0000${l.condition}`;
  const kept = new Set(locations.filter((l) => !runIgnored(l, ignored)).map(folder));
  return locations.filter((l) => kept.has(folder(l)));
}

/**
 * The iteration folder `dir` as compare, judge and check take it: with its campaign.json when it
 * is there; one that cannot be used only loses its hints (the runs are still there), and says why.
 */
export function readIteration(dir: string, cwd: string): Iteration {
  const read = readCampaignRecordFile(dir, shownPath(cwd, join(dir, CAMPAIGN_FILE)));
  if (!read.found) return { dir };
  return 'record' in read ? { dir, campaign: read.record } : { dir, campaignProblem: read.problem };
}

/** One run folder found in an iteration. */
export interface RunLocation {
  iteration: Iteration;
  evalId: string;
  condition: string;
  /** j of `run-<j>` (as written, also for a name that is not canonical); undefined in the reference's one-run layout. */
  run?: number;
  /** Why the folder's name is not one campaign writes (`run-01`, `run-0`): a copy, never counted. */
  notCanonical?: string;
  dir: string;
  /** Whether conversation.json is there (a run that aborted may have left only run.json). */
  hasConversation: boolean;
  /** Why a run folder's conversation.json is there but is no run's own: a symbolic link (campaign writes it as a file of its own); the run is not counted. */
  conversationProblem?: string;
  /** Why a `run-<j>` entry that is not a real folder (a link, a file) was not looked into; the run is counted as missing. */
  notFolder?: string;
}

/** What `dir` holds at `name` (one lstat; anything but a link is for the checker to judge), or why it cannot be told (EACCES). */
function hasFile(dir: string, name: string): 'none' | 'link' | 'entry' | { code: string } {
  try {
    const stats = lstatSync(join(dir, name), { throwIfNoEntry: false });
    return stats === undefined ? 'none' : stats.isSymbolicLink() ? 'link' : 'entry';
  } catch (error) {
    return { code: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}

/**
 * The entries of folders a search listed, by absolute path, as read (never sorted in place): a
 * later walk of the same folders (compare's check) takes them from here, so each is read once.
 */
export type FolderListings = Map<string, readonly Dirent[]>;

/**
 * {@link hasFile}, the folder's listing kept in `listings` for the walk after: a name the listing
 * lacks is none, one it holds is still lstat'ed (a folder of mode 444 lists but cannot be entered),
 * and a folder that cannot be listed (EACCES) is the lstat's to tell.
 */
function listedFile(dir: string, name: string, listings: FolderListings): ReturnType<typeof hasFile> {
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    return hasFile(dir, name);
  }
  listings.set(dir, entries);
  return entries.some((e) => e.name === name) ? hasFile(dir, name) : 'none';
}

/** Whether `name` is in the listing of `dir` as existsSync tells it: a link only when it leads somewhere. */
function existsIn(listed: readonly Dirent[], dir: string, name: string): boolean {
  const entry = listed.find((e) => e.name === name);
  return entry !== undefined && (!entry.isSymbolicLink() || existsSync(join(dir, name)));
}

/** The entries of a folder compare must list (kept in `listings` when given); one it cannot read (EACCES) is said, naming it, never an internal error. */
function entriesOf(dir: string, cwd: string, listings?: FolderListings): Dirent[] {
  try {
    const entries = readdirSync(dir, { withFileTypes: true });
    listings?.set(dir, entries);
    return [...entries];
  } catch (error) {
    throw new UsageError(`Cannot read the folder ${JSON.stringify(shownPath(cwd, dir))} (${(error as NodeJS.ErrnoException).code ?? String(error)}); eval-magic lists it to find the runs.`);
  }
}

/** The names of the folders in `dir`, sorted (a folder compare cannot read is a UsageError naming it). */
export function subfolders(dir: string, cwd: string): string[] {
  return entriesOf(dir, cwd).filter((e) => e.isDirectory()).map((e) => e.name).sort();
}

/**
 * Every run folder of an iteration, sorted by eval, condition and run; an arm `named` (--treatment,
 * --control) replaced by a link is said as one. With `listings`, every folder read (run folders
 * too) is kept there, for a walk of the same folders after.
 */
export function findRuns(iteration: Iteration, cwd: string, named: ArmNames = {}, listings?: FolderListings): RunLocation[] {
  return runWhole(runsIn(iteration, cwd, named, listings));
}

/** {@link findRuns}, pausing after each run folder and each condition folder: a caller's time slices let the event loop in there (process/time-slices.ts). */
export function* runsIn(iteration: Iteration, cwd: string, named: ArmNames = {}, listings?: FolderListings): Pausable<RunLocation[]> {
  const runs: RunLocation[] = [];
  const evalFolders = entriesOf(iteration.dir, cwd, listings).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  for (const evalFolder of evalFolders) {
    const evalId = parseEvalFolder(evalFolder);
    if (evalId === undefined) continue;
    const evalDir = join(iteration.dir, evalFolder);
    const entries = entriesOf(evalDir, cwd, listings).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const link of entries.filter((e) => e.isSymbolicLink() && isConditionName(e.name, iteration, named))) {
      // An arm replaced by a link: never followed (it may point out of the workspace), but said.
      runs.push({ iteration, evalId, condition: link.name, dir: join(evalDir, link.name), hasConversation: false, notFolder: `${link.name} is a symbolic link (not followed)` });
    }
    for (const condition of entries.filter((e) => e.isDirectory()).map((e) => e.name)) {
      const conditionDir = join(evalDir, condition);
      const number = (name: string) => Number.parseInt(name.slice('run-'.length), 10);
      const listed = entriesOf(conditionDir, cwd, listings);
      const entries = listed.filter((e) => isRunOrCopyFolder(e.name)).sort((a, b) => number(a.name) - number(b.name) || (a.name < b.name ? -1 : 1));
      if (entries.length === 0) {
        const has = existsIn(listed, conditionDir, CONVERSATION_FILE);
        if (has || existsIn(listed, conditionDir, RUN_RECORD_FILE)) runs.push({ iteration, evalId, condition, dir: conditionDir, hasConversation: has });
        yield;
        continue;
      }
      // Beside run folders, a folder of another name (a run folder renamed by hand) or a conversation.json is no run of the plan: said, not dropped.
      for (const foreign of listed.filter((e) => !isRunOrCopyFolder(e.name) && !e.name.startsWith('.') && (e.isDirectory() || e.name === CONVERSATION_FILE)).sort((a, b) => (a.name < b.name ? -1 : 1))) {
        const what = foreign.isDirectory() ? `${condition}/${foreign.name} is not a name campaign gives a run folder (run-<j>)` : `${condition}/${CONVERSATION_FILE} lies beside the arm's run folders, in none of them`;
        runs.push({ iteration, evalId, condition, dir: foreign.isDirectory() ? join(conditionDir, foreign.name) : conditionDir, hasConversation: false, notCanonical: `${what}: not a run of the plan, not counted` });
      }
      for (const entry of entries) {
        const dir = join(conditionDir, entry.name);
        const run = number(entry.name);
        const notCanonical = parseRunFolder(entry.name) === undefined ? `${condition}/${entry.name} is not a name campaign gives a run folder (run-<j>, no leading zero): a copy, not counted` : undefined;
        if (notCanonical !== undefined) {
          runs.push({ iteration, evalId, condition, run, dir, hasConversation: false, notCanonical });
          continue;
        }
        // Said, not silently dropped: a link is never followed (it may point out of the workspace).
        if (!entry.isDirectory()) runs.push({ iteration, evalId, condition, run, dir, hasConversation: false, notFolder: `${condition}/${entry.name} is ${entry.isSymbolicLink() ? 'a symbolic link (not followed)' : 'not a folder'}` });
        else {
          const has = listings === undefined ? hasFile(dir, CONVERSATION_FILE) : listedFile(dir, CONVERSATION_FILE, listings);
          // A link is no run's own transcript: to another run's, it would count that conversation twice.
          const problem = has === 'link' ? { conversationProblem: `its ${CONVERSATION_FILE} is a symbolic link (not followed): campaign writes it as a file of its own, so it is no run's own; not counted` } : {};
          runs.push({ iteration, evalId, condition, run, dir, hasConversation: has === 'entry' || has === 'link', ...problem, ...(typeof has === 'object' ? { notFolder: `${condition}/${entry.name} cannot be read (${has.code})` } : {}) });
        }
        yield;
      }
    }
    yield;
  }
  return runs;
}

/** Whether `name` names an arm: one of the iteration's campaign.json conditions, of a known pair, or named by the user. */
function isConditionName(name: string, iteration: Iteration, named: ArmNames): boolean {
  const arms: ReadonlyArray<readonly string[]> = [...CONDITION_PAIRS, ...(iteration.campaign ? [iteration.campaign.conditions] : []), [named.treatment, named.control].filter((n) => n !== undefined)];
  return arms.some((pair) => pair.includes(name));
}
