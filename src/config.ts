// The config file: eval-magic.config.json, found from the paths checked upward (or named).
import { existsSync, lstatSync, readlinkSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, resolve } from 'node:path';
import type { RuleSetting } from './types.js';
import { UsageError } from './errors.js';
import { assertKnownRule, parseRuleSetting } from './checker/rule-config.js';
import { loadArtifact } from './checker/load.js';
import { formatPointer, LineIndex, PointerLocator } from './json/positions.js';
import { readRegularFile } from './fs/read-file.js';
import { isLinkOutside } from './checker/link-boundary.js';
import { inRealFolder, realFolder } from './fs/folders.js';
import { isInside, pathInside } from './fs/inside.js';
import { joinShown, shownPath } from './fs/shown-path.js';
import { shellOptionWords, shellPathWord } from './text/escape.js';
import { andList } from './text/lists.js';
import { parseIterationFolder } from './workspace/layout.js';
import { findDuplicateKeys } from './json/duplicate-keys.js';
import { describeValue, nearestName } from './suggest.js';
import { ignoreMatchedPath, makeIgnoreMatcher, type ConfigHold, type ConfigIgnore, type IgnoreMatcher } from './checker/index.js';

/** What a config file may say. */
export interface EvalMagicConfig {
  rules?: Record<string, RuleSetting>;
  /** Extra globs to leave out of searches, written from the config file's folder. */
  ignore?: string[];
}

const CONFIG_FILE_NAME = 'eval-magic.config.json';

/**
 * The nearest eval-magic.config.json at or above `folder`, if any. The search stops at the
 * repository root (the first folder holding `.git`, a folder or a worktree's file): a config in
 * a parent of the checkout (a shared /tmp, a home folder) must not change a repository's verdict.
 */
export function findConfigFile(folder: string): string | undefined {
  return lookUpConfigFile(folder, new Map())?.path;
}

/** A config found by the lookup, and the folder a link found there may not lead out of: the repository root, or the config's own folder outside a repository. */
interface FoundConfig {
  path: string;
  boundary: string;
  /** Whether the boundary is a repository's root (else the config's own folder): said in the refusal, as a bare `"."` told the user nothing. */
  inRepository: boolean;
}

/** What a climb found at and above one folder: the nearest config file, and the repository root (none: the climb reached the file-system root). */
interface Climb {
  nearest: string | undefined;
  root: string | undefined;
}

/**
 * {@link findConfigFile}, each folder's answer kept in `climbs`, every folder passed on the way
 * up too: a judge's or a pre-commit hook's thousand files, each in a run folder of its own, share
 * the climb above their folders (two stats per level, eight levels deep, were 75 ms on 2,000 runs).
 */
function lookUpConfigFile(start: string, climbs: Map<string, Climb>): FoundConfig | undefined {
  const passed: Array<{ dir: string; config: boolean }> = [];
  let above: Climb | undefined;
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    above = climbs.get(dir);
    if (above !== undefined) break;
    // A shared temporary folder (/tmp: anyone may write, the sticky bit) is no one's: a config
    // there or above, planted by another user, must not decide a workspace kept in /tmp.
    if (isSharedFolder(dir)) {
      above = { nearest: undefined, root: undefined };
      break;
    }
    // lstat, not existsSync: a link to nothing is found (and refused), never passed over for a config above or none.
    passed.push({ dir, config: isEntry(join(dir, CONFIG_FILE_NAME)) });
    if (existsSync(join(dir, '.git'))) {
      above = { nearest: undefined, root: dir };
      break;
    }
    if (dirname(dir) === dir) {
      above = { nearest: undefined, root: undefined };
      break;
    }
  }
  for (const { dir, config } of passed.reverse()) climbs.set(dir, (above = config ? { nearest: join(dir, CONFIG_FILE_NAME), root: above.root } : above));
  return above.nearest === undefined ? undefined : { path: above.nearest, boundary: above.root ?? dirname(above.nearest), inRepository: above.root !== undefined };
}

/**
 * The config the runs under `folders` are checked with — by compare, judge and campaign alike, so
 * that the runs one counts are the runs the others count: {@link resolveConfig} looked up from the
 * folders named (each as named) and the iteration folders under them, as check looks up from the
 * paths it is given; each file checked is then held to it ({@link holdFilesToConfig}).
 */
export function iterationsConfig(cwd: string, config: string | false | undefined, named: string, folders: readonly string[]): ResolvedConfig {
  return resolveForIterations(cwd, config, named, lookupStarts(cwd, folders), new Map());
}

/** {@link iterationsConfig} from lookup starts, its climbs kept in `climbs`. */
function resolveForIterations(cwd: string, config: string | false | undefined, named: string, from: readonly ConfigLookupStart[], climbs: Map<string, Climb>): ResolvedConfig {
  if (config !== undefined) return resolveConfig(cwd, config, named, []);
  return readFoundConfig(cwd, named, lookUpOneConfig(cwd, named, from, climbs), { from, climbs, iterations: true });
}

/** Each folder once, however spelt, as a lookup start shown as compare shows it. */
function lookupStarts(cwd: string, folders: readonly string[]): ConfigLookupStart[] {
  return [...new Set(folders.map((dir) => resolve(cwd, dir)))].map((folder) => ({ arg: shownPath(cwd, folder), folder }));
}

/**
 * The config compare and judge go by, read once: looked up from the paths named before the
 * iteration search (its ignore globs decide which runs take part in it), then held to the lookup
 * from the iterations found, which must find the same file ({@link iterationsConfig}'s rule).
 */
export interface NamedPathsConfig {
  /** Its ignore globs as check matches them: undefined when it has none, or cannot be read (that error is said by `forIterations`). */
  readonly ignored: IgnoreMatcher | undefined;
  /** Refuses iteration folders under another config than the paths named (the refusal naming both): the search's verdicts went by this one. */
  assertSameConfig(iterationFolders: readonly string[]): void;
  /**
   * The config of the iterations found, as {@link iterationsConfig} would resolve it, from the one reading.
   * @throws {UsageError} for iterations under another config, or the config's own error (said here, where it always was).
   */
  forIterations(iterationFolders: readonly string[]): ResolvedConfig;
}

/** {@link NamedPathsConfig} of `paths`, as the command names its config option (`named`). */
export async function namedPathsConfig(cwd: string, config: string | false | undefined, named: string, paths: readonly string[]): Promise<NamedPathsConfig> {
  const climbs = new Map<string, Climb>();
  let read: { value: ResolvedConfig } | { error: unknown };
  try {
    read = { value: resolveForIterations(cwd, config, named, lookupStarts(cwd, paths), climbs) };
  } catch (error) {
    read = { error };
  }
  const ignored = 'value' in read ? await makeIgnoreMatcher({ cwd, configIgnore: configIgnore(read.value) }) : undefined;
  // A config named, or none asked for, applies to every folder: nothing to look up.
  const lookedUp = (folders: readonly string[]) => {
    const from = lookupStarts(cwd, [...paths, ...folders]);
    if (config === undefined) lookUpOneConfig(cwd, named, from, climbs);
    return from;
  };
  return {
    ignored,
    assertSameConfig: (folders) => void lookedUp(folders),
    forIterations(folders) {
      const from = lookedUp(folders);
      if ('error' in read) throw read.error;
      if (!wasFoundByLookup(read.value)) return read.value;
      // The same reading, its refusals naming the iterations too, as the lookup from them would.
      const resolved = { ...read.value };
      foundByLookup.set(resolved, { from, climbs, iterations: true });
      return resolved;
    },
  };
}

/** Whether `dir` is writable by anyone, sticky (as /tmp is). */
function isSharedFolder(dir: string): boolean {
  try {
    return (statSync(dir).mode & 0o1002) === 0o1002;
  } catch {
    return false;
  }
}

/** Whether anything (a link to nothing too) is at `path`; a file where a folder would be (--stdin-filename a.json/b.json) means nothing is. */
function isEntry(path: string): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
}

/** Where a lookup starts: an argument as given (for messages) and the folder its files are in. */
export interface ConfigLookupStart {
  arg: string;
  folder: string;
  /** A glob (matched from the working folder; no check of a folder apart can be given it), with its fixed folder as written, which its files are reported below. */
  glob?: { fixed: string };
}

/** The config a check uses: the file it came from (none found: undefined) and what it says. */
export interface ResolvedConfig {
  path?: string;
  config: EvalMagicConfig;
}

/**
 * What {@link resolveConfig} found by the lookup (a config, or none), as handed on (judge and
 * campaign pass one in hand to check): where the lookup started, for a refusal's words, its
 * climbs, which the files' own lookups share, and whether whole iterations were looked up from
 * (compare, judge, campaign: a refusal advises what they can do, which is not what check can).
 */
interface Lookup {
  from: readonly ConfigLookupStart[];
  climbs: Map<string, Climb>;
  iterations: boolean;
}
const foundByLookup = new WeakMap<ResolvedConfig, Lookup>();

/** Whether `resolved` is what the lookup found (not a config named, or made by the caller): a config's globs are then written from its folder. */
export function wasFoundByLookup(resolved: ResolvedConfig): boolean {
  return foundByLookup.has(resolved);
}

/**
 * Each file a command checks, held to the config the lookup found from the paths it was given:
 * the lookup from the file's own folder must find the same one. A config in a folder between a
 * path named and its files (`.eval-magic/<skill>/` under `check .eval-magic`) would otherwise
 * apply when that folder is named (compare's iterations, `check .eval-magic/<skill>`) and not
 * when a folder above it is — the same runs under two configs, by the spelling. Refused instead,
 * as paths under two configs are: `hold` notes each file, `settle` refuses, naming every other
 * config found at once (fixing one at a time, the user met the next only on the next run).
 * Undefined for a config named or none asked for: it applies to every file. `hold`'s
 * `filePath`: as reported (relative to `cwd`, or absolute). `repeated`: what of the check
 * refused each check its advice runs apart takes too.
 */
export function holdFilesToConfig(cwd: string, named: string, resolved: ResolvedConfig, ignoreNamed?: string, repeated: RepeatedOptions = NOTHING_REPEATED): ConfigHold | undefined {
  const found = foundByLookup.get(resolved);
  if (found === undefined) return undefined;
  // Each other config (none: by the repository whose root stopped the lookup) with its first file by path, so the refusal reads the same whatever order the disk gives.
  const others = new Map<string, OtherConfig>();
  // The files under other configs: when they are all the search found, no rest is left to check once they are apart.
  const othersFiles = new Set<string>();
  // Which of them a search (or the path named) found, and which a glob named found, by config: a
  // folder whose files a glob alone found is no folder a check apart can be written for.
  const bySearch = new Set<string>();
  const searched = new Set<string>();
  const byGlob = new Map<string, string[]>();
  // How many of them each folder or glob named found: one that found only these, left in the rest, would find nothing there (exit 2).
  const apartBy = new Map<string, number>();
  const hold = (filePath: string, by?: { arg: string; glob: boolean }) => {
    const own = lookUpConfigFile(dirname(resolve(cwd, filePath)), found.climbs)?.path;
    if (own === resolved.path) return;
    if (by !== undefined) apartBy.set(by.arg, (apartBy.get(by.arg) ?? 0) + 1);
    const absolute = resolve(cwd, filePath);
    // By where it really is, as the search counts each file once: one named through a link and by its real path is one file.
    const real = inRealFolder(absolute);
    othersFiles.add(real);
    const file = shownPath(cwd, absolute);
    const folder = own === undefined ? found.climbs.get(dirname(absolute))?.root ?? dirname(absolute) : dirname(own);
    const key = own ?? folder;
    if (by?.glob === true) byGlob.set(key, [...(byGlob.get(key) ?? []), real]);
    else {
      bySearch.add(real);
      searched.add(key);
    }
    const noted = others.get(key);
    if (noted === undefined || file < noted.file) others.set(key, { own, folder: shownPath(cwd, folder), at: folder, reported: isAbsolute(filePath) ? folder : shownPath(cwd, folder), file });
  };
  const settle = (filesFound?: number, foundByPath?: ReadonlyMap<string, number>) => {
    const restLeft = filesFound === undefined || filesFound > othersFiles.size;
    const foundBy = [...others].map(([key, other]) => ({ ...other, searched: searched.has(key), globAlone: (byGlob.get(key) ?? []).some((real) => !bySearch.has(real)) }));
    const emptied = [...apartBy].filter(([arg, apart]) => foundByPath?.get(arg) === apart).map(([arg]) => arg);
    if (others.size > 0) throw new UsageError(otherConfigsRefusal(cwd, { config: named, ignore: ignoreNamed, repeated }, resolved.path, found, foundBy, { restLeft, emptied }));
  };
  return { fileName: CONFIG_FILE_NAME, hold, settle };
}

/**
 * What the checks a refusal advises to run apart take of the check refused (the rest is that check
 * again, with `--ignore`): its options as its caller names them — the CLI's flags, each with its
 * value as given (none: a flag alone), or the library's option names alone (the caller holds the
 * values) — and the report files it writes, which each check apart would write over (CLI only).
 */
export interface RepeatedOptions {
  options: ReadonlyArray<readonly [name: string, value?: string]>;
  reportFiles: ReadonlyArray<readonly [name: string, value: string]>;
  /** The pattern given, as its option is named: one with a folder in it (past leading `**\/`) is matched from each folder searched, so a check apart could match other files. */
  pattern?: readonly [name: string, value: string | readonly string[]];
  /** The name standard input was given (check's `--stdin-filename` with its value; the library's `stdin` option, by name), for the check apart that reads `"-"`: without it, another config would be looked up, and the findings named otherwise. */
  stdinName?: readonly [name: string, value?: string];
  /** What the options of the rest (the check refused again) go before: check's `"--"` when paths followed it, where an option is read as a path. */
  beforePaths?: string;
}

const NOTHING_REPEATED: RepeatedOptions = { options: [], reportFiles: [] };

/** A config other than the paths' found from a file's folder (`own`; undefined: none, a repository inside stopped the lookup), the folder it applies from, and its first file. */
interface OtherConfig {
  own: string | undefined;
  folder: string;
  /** The folder, absolute. */
  at: string;
  /** The folder as the paths checked are reported (absolute when they are): what an --ignore glob is matched against. */
  reported: string;
  file: string;
  /** Whether a search of a folder named (or a path named) found files here, and whether a glob named found any it did not. */
  searched?: boolean;
  globAlone?: boolean;
}

/** Other configs in the order a refusal names them: by folder, whatever order the disk gave. */
const byFolder = (a: OtherConfig, b: OtherConfig) => (a.folder < b.folder ? -1 : a.folder > b.folder ? 1 : 0);

/** Other configs named in a refusal, each with one file: a pre-commit run may meet hundreds. */
const OTHERS_SHOWN = 5;

/**
 * The refusal of files under other configs: each named with its first file, by folder, and what the
 * command can do about it. `named.ignore`, check's --ignore as it names it: checking a folder apart
 * leaves the rest to check without it, and a folder listed inside another must be left out of that
 * one too, or either check is refused again. `named.repeated`: what those checks apart take of
 * the check refused, or they would check other rules and report another way.
 */
function otherConfigsRefusal(cwd: string, named: { config: string; ignore: string | undefined; repeated: RepeatedOptions }, path: string | undefined, lookup: Lookup, others: OtherConfig[], rest: { restLeft: boolean; emptied: readonly string[] }): string {
  const sorted = others.sort(byFolder);
  const shown = sorted.slice(0, OTHERS_SHOWN);
  const more = sorted.length - shown.length;
  // A path named inside another (check . a) finds its own config: said with its files, not as the paths' config.
  const underPath = lookup.from.filter(({ folder }) => lookUpConfigFile(folder, lookup.climbs)?.path === path);
  const groups = [[path, underPath.map(({ arg }) => arg)] as const, ...shown.map(({ own, file }) => [own, [file]] as const)];
  const said = differentConfigs(cwd, groups, more);
  const below = '(a config file in a folder below the path named applies only when that folder, or one in it, is named)';
  const repository = '(a repository inside the folder named has its own config, or none: the lookup stops at its root)';
  const why = [...(sorted.some(({ own }) => own !== undefined) ? [below] : []), ...(sorted.some(({ own }) => own === undefined) ? [repository] : [])].join(' ');
  // compare and judge take whole iterations: a config below one cannot be named apart by them.
  const inIterations = sorted.filter(({ own }) => own !== undefined && insideIteration(dirname(own))).length;
  const forIterations = lookup.iterations && inIterations > 0 ? `; compare and judge take whole iterations: for them, move ${inIterations === 1 ? "it to the iteration's folder" : "each to its iteration's folder"} or above` : '';
  // check's advice is checks to run; compare's and judge's (whole iterations, no --ignore) the folders alone.
  const advice = named.ignore === undefined || lookup.iterations ? apartAdvice(shown, sorted.length, why, repository) : checkAdvice(cwd, { ignore: named.ignore, repeated: named.repeated }, lookup, sorted, { why, repository, ...rest });
  return `${said} One check applies one config: name the one to use with ${named.config}, or check ${advice}${forIterations}.`;
}

/**
 * check's advice, after "or check": checks written out, each with the options of the check
 * refused — but for a folder whose files only a glob named found, left to check by hand (the glob
 * is matched from the working folder), and all by hand when no check can be written.
 */
function checkAdvice(cwd: string, { ignore, repeated }: ChecksApart, lookup: Lookup, sorted: readonly OtherConfig[], { why, repository, restLeft, emptied }: { why: string; repository: string; restLeft: boolean; emptied: readonly string[] }): string {
  const cli = ignore.startsWith('--');
  const word = adviceWord(ignore);
  const globs = lookup.from.filter(({ glob }) => glob !== undefined);
  const reachedBy = (other: OtherConfig) => globs.filter(({ folder }) => isInside(folder, other.at) || isInside(other.at, folder));
  // A folder the searches found files in is checked apart by folder, the glob's files there with
  // them; one whose files a glob alone found is by hand; one with both, by hand altogether.
  const reached = sorted.filter((other) => other.globAlone === true && other.searched !== true);
  const mixed = sorted.find((other) => other.globAlone === true && other.searched === true);
  const mixedUnwritable = mixed === undefined ? undefined : `${andList(reachedBy(mixed).map(({ arg }) => word(arg)))} match${reachedBy(mixed).length === 1 ? 'es' : ''} files in ${word(mixed.reported)} that a search of the folder does not find, and ${GLOB_UNWRITABLE}`;
  const spellings = restSpellings(cwd, lookup, ignore, word);
  // Why the rest cannot leave out a folder it must (named through "..", say), if it cannot: no --ignore glob names it alone.
  const unspelt = restLeft ? sorted.filter((other) => !sorted.some((outer) => isInside(outer.at, other.at, true))).map(spellings).find((spelling) => 'why' in spelling) : undefined;
  const unwritable = unwritableChecks(repeated, cli) ?? (reached.length === sorted.length ? GLOB_UNWRITABLE : undefined) ?? mixedUnwritable ?? (unspelt !== undefined && 'why' in unspelt ? unspelt.why : undefined);
  if (unwritable !== undefined) return `${apartAdvice(sorted.slice(0, OTHERS_SHOWN), sorted.length, why, repository, word)} — by hand: ${unwritable}`;
  const exact = sorted.filter((other) => !reached.includes(other));
  const checks = checksAdvice(exact.slice(0, OTHERS_SHOWN), exact, why, ignore, { restLeft, named: lookup.from, emptied, beforePaths: repeated.beforePaths, spellings: (folder) => {
      const spelling = spellings(folder);
      return 'spelt' in spelling ? spelling.spelt : [folder.reported];
    }, alsoLeftOut: reached });
  const reaching = [...new Set(reached.flatMap(reachedBy))];
  // Past five, as the other folders are: the rest's --ignore names each.
  const reachedShown = reached.slice(0, OTHERS_SHOWN).map(({ reported }) => word(reported));
  const reachedMore = reached.length - reachedShown.length;
  const inFolders = reachedMore === 0 ? andList(reachedShown) : `${reachedShown.join(', ')} and the ${reachedMore} more, which the rest's ${cli ? ignore : 'ignore globs'} name${cli ? 's' : ''}`;
  const byHand = reached.length === 0 ? '' : `; by hand, the files ${andList(reaching.map(({ arg }) => word(arg)))} match${reaching.length === 1 ? 'es' : ''} in ${inFolders} (${GLOB_UNWRITABLE})`;
  return `${checks}${repeatedAdvice(repeated, cli)}${byHand}`;
}

/** Why no check of a folder apart can check what a glob named matched there. */
const GLOB_UNWRITABLE = 'a glob named is matched from the working folder, which no check apart can be given';

/**
 * Why check's advice cannot be checks to run, if it cannot: a pattern with a folder in it is
 * matched from each folder searched, so a check of a folder apart would check other files than
 * the check refused held to it. (A glob named, matched from the working folder, makes only the
 * folders it reaches so: otherConfigsRefusal.)
 */
function unwritableChecks({ pattern }: RepeatedOptions, cli: boolean): string | undefined {
  if (pattern === undefined || ![pattern[1]].flat().some((glob) => glob.replace(/^(?:\*\*\/)+/, '').includes('/'))) return undefined;
  // The CLI's pattern is one string, given as the shell reads it back; the library's as its option takes it.
  const given = cli && typeof pattern[1] === 'string' ? shellOptionWords(pattern[0], pattern[1]) : `${pattern[0]} ${JSON.stringify(pattern[1])}`;
  return `${given} is matched from each folder searched, so it cannot be given to a check apart as it is`;
}

/**
 * check's advice for paths named under different configs: a check of each config's paths, listed
 * when each is a few paths (a hook's hundred are listed above, a few of each), the one reading
 * standard input given its name, with what each takes of the check refused.
 */
function namedChecksAdvice(groups: ReadonlyArray<readonly string[]>, { ignore, repeated }: ChecksApart): string {
  const cli = ignore.startsWith('--');
  const listed = groups.every((args) => args.length <= ARGS_SHOWN);
  const stdin = repeated.stdinName;
  // The CLI's as the flag itself, before the paths; the library's by the option's name.
  const stdinWords = stdin === undefined ? '' : cli ? shellOptionWords(stdin[0], stdin[1]!) : `with this call's ${stdin[0]} option`;
  const paths = (args: readonly string[]) => {
    // "-" is standard input, not a file of that name (./-).
    const named = cli ? args.map((arg) => (arg === '-' ? arg : shellPathWord(arg))).join(' ') : JSON.stringify(args);
    if (stdin === undefined || !args.includes('-')) return named;
    return cli ? `${stdinWords} ${named}` : `${named} ${stdinWords}`;
  };
  const unlistedStdin = stdin === undefined || !groups.some((args) => args.includes('-')) ? '' : ` (the one of "-" ${cli ? `with ${stdinWords}` : stdinWords})`;
  return `${listed ? `each of ${groups.map(paths).join(', ')} apart` : `each config's paths apart, in a check of their own${unlistedStdin}`}${repeatedAdvice(repeated, cli)}`;
}

/** A name in check's advice: a word the shell reads back (a flag named: the CLI's), else as the library's option takes it, JSON. */
function adviceWord(ignoreNamed: string): (text: string) => string {
  return ignoreNamed.startsWith('--') ? shellPathWord : (text: string) => JSON.stringify(text);
}

/**
 * The spellings of a folder apart the rest's --ignore leaves it out by: as its files are reported
 * by each path named whose search reaches it from above — that path's spelling with the folder's
 * below it (`..` reports the working folder's files as `../w/…`), absolute when named so. An
 * --ignore glob is matched without leading `./` and `../`, so a relative spelling through `..`
 * (`../other/x`) also names the folder it spells without them (`./other/x`), and one with `.` or
 * `..` further in (`../w/../w`) names no folder alone: `why` then says so, and the rest is by hand.
 */
function restSpellings(cwd: string, { from }: Lookup, ignoreNamed: string, word: (text: string) => string): (folder: OtherConfig) => RestSpelling {
  const named = from.filter((start) => start.arg !== '-' && (start.glob !== undefined || resolve(cwd, start.arg) === start.folder));
  const relativeNamed = named.filter(({ arg }) => !isAbsolute(arg));
  return (folder) => {
    const reporting = named.filter(({ folder: start }) => isInside(start, folder.at, true));
    const spelt = [...new Set(reporting.map((start) => joinShown(reportedBase(start), pathInside(start.folder, folder.at)!)))];
    const glob = ignoreNamed.startsWith('--') ? `${ignoreNamed} glob` : `glob of ${ignoreNamed}`;
    const unplain = spelt.find((spelling) => ignoreMatchedPath(spelling).split('/').some((segment, at) => segment === '..' || segment === '.' || (segment === '' && !(at === 0 && isAbsolute(spelling)))));
    if (unplain !== undefined) {
      const by = reporting.find((start) => joinShown(reportedBase(start), pathInside(start.folder, folder.at)!) === unplain)!;
      return { why: `${word(by.arg)} reports the files of ${word(folder.reported)} as ${word(unplain)}/…, which no ${glob} names alone; name the paths without "." or ".." inside them` };
    }
    const alsoNamed = (spelling: string) => {
      const matched = ignoreMatchedPath(spelling);
      if (isAbsolute(spelling) || matched === spelling) return false;
      // The folders that spelling without its `../` names, one for each folder up from the working
      // folder, each reported so by a path named relative that reaches it (`..` reports w/other/x as ../w/other/x).
      const reportsAs = (other: string) => (start: ConfigLookupStart) => {
        const below = pathInside(start.folder, other);
        return below !== undefined ? ignoreMatchedPath(joinShown(reportedBase(start), below)) === matched : isInside(other, start.folder) && pathInside(matched, ignoreMatchedPath(reportedBase(start))) !== undefined;
      };
      for (let up = cwd; ; up = dirname(up)) {
        const other = resolve(up, matched);
        if (other !== folder.at && existsSync(other) && relativeNamed.some(reportsAs(other))) return true;
        if (dirname(up) === up) return false;
      }
    };
    const climbing = spelt.find(alsoNamed);
    return climbing === undefined ? { spelt } : { why: climbingUnwritable(climbing, ignoreNamed, word) };
  };
}

/** Why no check can be written when a folder apart is named through `..` alone (`spelling`: as its files are reported). */
function climbingUnwritable(spelling: string, ignoreNamed: string, word: (text: string) => string): string {
  const glob = ignoreNamed.startsWith('--') ? `an ${ignoreNamed} glob` : `a glob of ${ignoreNamed}`;
  return `${word(spelling)} is named through "..", and ${glob} is matched without its leading ../, so it would leave out ${word(ignoreMatchedPath(spelling))} too; name the paths from a folder above them`;
}

/** How the rest leaves a folder apart out: the spellings its files are reported by, or why no --ignore glob names it alone. */
type RestSpelling = { spelt: readonly string[] } | { why: string };

/** What a path named puts before the path of each file its search finds: the path itself, a glob's fixed folder. */
function reportedBase(start: ConfigLookupStart): string {
  return start.glob?.fixed ?? start.arg;
}

/** compare's and judge's advice (they have no --ignore): the folders to check apart, as check's said before it gave the commands. */
function apartAdvice(shown: readonly OtherConfig[], count: number, why: string, repository: string, word: (text: string) => string = JSON.stringify): string {
  const [only] = shown;
  if (count === 1) return only!.own === undefined ? `them apart ${repository}` : `${word(only!.folder)} apart ${why}`;
  const more = count - shown.length;
  return `each of ${shown.map(({ folder }) => word(folder)).join(', ')}${more > 0 ? ` and the ${more} more` : ''} apart ${why}`;
}

/**
 * check's advice, as checks to run, each passing its config hold: the folders shown apart, each
 * with --ignore for the folders inside it (shown or not: its check meets them all; those not shown
 * are listed to check apart too), and the rest — the paths named — with --ignore for the outermost.
 * A folder not named by any of them lies inside one listed, or outside them all: that check names
 * it. An --ignore glob is matched against each path as reported (absolute when the paths were
 * named so), without leading `./` and `../`. Each name is a word a shell reads back (the
 * library's, JSON). `rest.beforePaths`: where the rest's flags go (after `--` they would be paths).
 */
function checksAdvice(shown: readonly OtherConfig[], all: readonly OtherConfig[], why: string, ignoreNamed: string, rest: RestSaid): string {
  const cli = ignoreNamed.startsWith('--');
  const word = adviceWord(ignoreNamed);
  const flag = (glob: string) => shellOptionWords(ignoreNamed, glob);
  const glob = (path: string) => `${ignoreMatchedPath(path).replace(GLOB_SPECIAL, '\\$&')}/`;
  // Each folder named as the check refused reports its files (absolute when the paths were named
  // so): the --ignore globs it carries then match each file as they did there.
  const flags = (folders: readonly OtherConfig[], spellings: (folder: OtherConfig) => readonly string[] = ({ reported }) => [reported]) => {
    const globs = [...new Set(folders.flatMap(spellings))].map(glob);
    // The library's: added to the call's own ignore globs, as each --ignore is to the others.
    return cli ? globs.map(flag).join(' ') : `${JSON.stringify(globs)} added to your ${ignoreNamed.replace(/^the /, '')}`;
  };
  const inside = (folder: OtherConfig, outer: OtherConfig) => folder !== outer && isInside(outer.folder, folder.folder, true);
  const outermost = (folders: readonly OtherConfig[]) => folders.filter((folder) => !folders.some((outer) => inside(folder, outer)));
  const within = new Map(shown.map((outer) => [outer, outermost(all.filter((folder) => inside(folder, outer)))]));
  const listed = [...new Set([...shown, ...[...within.values()].flat()])].sort(byFolder);
  // Each as the check of the outer folder, named as shown, reports its files (`..` reports the working folder's as ../w/…).
  const nested = [...within].flatMap(([outer, folders]) => (folders.length === 0 ? [] : [`${word(outer.reported)} with ${flags(folders, (inner) => [joinShown(outer.reported, pathInside(outer.at, inner.at)!)])}`]));
  const unnamed = all.length - listed.length;
  const apart = listed.length === 1 ? `${word(listed[0]!.reported)} apart ${why}` : `each of ${listed.map(({ reported }) => word(reported)).join(', ')} apart ${why}`;
  // No file of the paths named is under their own config: the rest would find nothing (exit 2).
  const leftOut = outermost([...shown, ...rest.alsoLeftOut]);
  // A path named inside a folder apart is checked there: left in, the rest would find nothing under it (exit 2).
  // So is a folder or glob named whose every file is in one (`check x y`, x/a apart; `'*/b/*/conversation.json'`).
  const dropped = rest.named.filter(({ arg, folder }) => arg !== '-' && (leftOut.some(({ at }) => isInside(at, folder)) || rest.emptied.includes(arg))).map(({ arg }) => arg);
  const dropping = dropped.length === 0 ? '' : ` — dropping ${cli ? dropped.map(shellPathWord).join(' ') : JSON.stringify(dropped)} from its paths —`;
  const restFlags = rest.restLeft ? ` and the rest${dropping} with ${flags(leftOut, rest.spellings)}${rest.beforePaths === undefined ? '' : ` before its ${rest.beforePaths}`}` : ' (nothing else is left to check)';
  return `${apart}${nested.length > 0 ? `, ${nested.join(', ')}${rest.restLeft ? ',' : ''}` : ''}${restFlags}${unnamed > 0 ? ` (these checks name the ${unnamed} more)` : ''}`;
}

/** What checksAdvice says of the rest: whether any is left, what its flags go before, the spellings it leaves each folder out by, and what else it leaves out. */
interface RestSaid {
  restLeft: boolean;
  /** The paths the check refused named: those inside a folder apart the rest drops, and those `emptied` (all their files are apart). */
  named: readonly ConfigLookupStart[];
  emptied: readonly string[];
  beforePaths: string | undefined;
  /** Every spelling the rest reports the folder's files by ({@link restSpellings}). */
  spellings: (folder: OtherConfig) => readonly string[];
  /** Folders left to check by hand, which the rest leaves out too. */
  alsoLeftOut: readonly OtherConfig[];
}

/**
 * What each check apart takes of the check refused, said after the checks: the CLI's options as
 * words a shell reads back, in parentheses (a word may end in "."), and its report files, which it
 * names rather than repeats — each check would write over the last; the library's option names.
 */
function repeatedAdvice({ options, reportFiles }: RepeatedOptions, cli: boolean): string {
  if (!cli) return options.length === 0 ? '' : `; give each check apart this call's ${andList(options.map(([name]) => name))} option${options.length === 1 ? '' : 's'} too`;
  const words = (given: RepeatedOptions['options']) => given.map(([name, value]) => (value === undefined ? name : shellOptionWords(name, value))).join(' ');
  const files = reportFiles.length === 0 ? [] : [`${reportFiles.length === 1 ? 'a report file' : 'report files'} of its own in place of ${words(reportFiles)} (each check would write over the last)`];
  // Split, each check counts its own warnings: together they may allow more than the one refused.
  const perCheck = options.some(([name, value]) => name === '--max-warnings' && Number(value) > 0) ? ', each counting its own warnings against it' : '';
  const parts = [...(options.length === 0 ? [] : [`this one's options (${words(options)})${perCheck}`]), ...files];
  return parts.length === 0 ? '' : `; give each check apart ${parts.join(' and ')}`;
}

/** What a glob treats as syntax (picomatch's), escaped in a folder's name so the glob names that folder alone. */
const GLOB_SPECIAL = /[\\*?[\](){}!+@|]/g;

/** Whether `folder` lies below an iteration folder of a workspace (an eval's, an arm's or a run's folder). */
function insideIteration(folder: string): boolean {
  for (let dir = dirname(folder); dirname(dir) !== dir; dir = dirname(dir)) if (parseIterationFolder(basename(dir)) !== undefined) return true;
  return false;
}

/** "The paths checked have different config files: …", each group of arguments with the config it found, and how many more groups were not shown. */
function differentConfigs(cwd: string, groups: ReadonlyArray<readonly [string | undefined, readonly string[]]>, more = 0): string {
  const said = groups.map(([path, args]) => {
    const shown = args.slice(0, ARGS_SHOWN).map((a) => JSON.stringify(a)).join(', ') + (args.length > ARGS_SHOWN ? ` and ${args.length - ARGS_SHOWN} more` : '');
    return `${shown} (${path === undefined ? 'no config file' : shownPath(cwd, path)})`;
  });
  return `The paths checked have different config files: ${said.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}

/**
 * The config's ignore globs and the folder they are written from: the folder of a config the
 * lookup found where the files are. A config named (`--config`, a path) or given in hand is not
 * where the files are: its globs are matched as `--ignore`'s are, as ESLint reads a config given
 * with `--config` from the working directory. Undefined when it leaves nothing out.
 */
export function configIgnore(resolved: ResolvedConfig): ConfigIgnore | undefined {
  const globs = resolved.config.ignore ?? [];
  if (globs.length === 0) return undefined;
  return wasFoundByLookup(resolved) && resolved.path !== undefined ? { base: dirname(resolved.path), globs } : { globs };
}

/** Arguments named in a refusal, per config: a pre-commit run names a hundred files. */
const ARGS_SHOWN = 3;

/**
 * The config for a check, the way the CLI, the library and compare all take it: `undefined`
 * looks up eval-magic.config.json from the folders of the paths checked (`from`; see
 * {@link findConfigFile}), never from the working folder, so a path gets the same verdict from
 * anywhere; a path names the file (relative to `cwd`); `false` uses none. Paths that find
 * different configs (or one and none) are refused rather than checked under one of them, as
 * ESLint 10 would check each under its own: one check has one config (a config per file would
 * split its threads and its reports). `named`: how a refusal names the config option, as the
 * caller's optionNaming has it (check's `--config`, or the library's "the config option").
 * @throws {UsageError} for paths under different configs, or a config file that cannot be read or says something unknown.
 */
export function resolveConfig(cwd: string, config: string | false | undefined, named: string, from: readonly ConfigLookupStart[], apart?: ChecksApart): ResolvedConfig {
  if (config === false) return { config: {} };
  if (config !== undefined) {
    const path = resolve(cwd, config);
    return { path, config: loadConfigFile(path, shownPath(cwd, path), true) };
  }
  const climbs = new Map<string, Climb>();
  return readFoundConfig(cwd, named, lookUpOneConfig(cwd, named, from, climbs, apart), { from, climbs, iterations: false });
}

/** What check's refusal of paths under different configs gives its checks apart: its ignore option as named (the CLI's flag, or the library's name), and what they take of the check refused. */
export interface ChecksApart {
  ignore: string;
  repeated: RepeatedOptions;
}

/**
 * The one config the lookups from `from` find (undefined: none). `apart`: check's, whose refusal
 * advises a check per config, each with the options of the one refused (compare's and judge's, the paths alone).
 * @throws {UsageError} for starts that find different ones.
 */
function lookUpOneConfig(cwd: string, named: string, from: readonly ConfigLookupStart[], climbs: Map<string, Climb>, apart?: ChecksApart): FoundConfig | undefined {
  const byConfig = new Map<string | undefined, { found: FoundConfig | undefined; args: string[] }>();
  // check's paths (compare's and judge's starts hold the iterations under their paths, which their refusal names).
  for (const { arg, folder } of apart === undefined ? from : uncovered(cwd, from)) {
    const found = lookUpConfigFile(folder, climbs);
    const entry = byConfig.get(found?.path) ?? { found, args: [] };
    entry.args.push(arg);
    byConfig.set(found?.path, entry);
  }
  if (byConfig.size > 1) {
    const groups = [...byConfig.entries()].map(([path, { args }]) => [path, args] as const);
    const advice = apart === undefined ? 'them apart' : namedChecksAdvice(groups.map(([, args]) => args), apart);
    throw new UsageError(`${differentConfigs(cwd, groups)} One check applies one config: name the one to use with ${named}, or check ${advice}.`);
  }
  return byConfig.values().next().value?.found;
}

/**
 * The lookup starts no folder named holds: a path inside a folder named (`a/evals.json` beside
 * `.`) is met by that folder's search, and held there to the config it finds, whose refusal
 * advises each check to run once (listed apart, `check .` was refused again and `a/` checked
 * twice). Standard input is in no folder; a glob's fixed folder is not all it matches.
 */
function uncovered(cwd: string, from: readonly ConfigLookupStart[]): ConfigLookupStart[] {
  const isFolderNamed = (start: ConfigLookupStart) => start.glob === undefined && start.arg !== '-' && resolve(cwd, start.arg) === start.folder;
  const folders = from.filter(isFolderNamed);
  const covered = (start: ConfigLookupStart) => start.arg !== '-' && folders.some((outer) => outer !== start && isInside(outer.folder, start.folder, isFolderNamed(start)));
  return from.filter((start) => !covered(start));
}

/** The config the lookup found (none: `{ config: {} }`), read, and kept with the lookup that found it. */
function readFoundConfig(cwd: string, named: string, found: FoundConfig | undefined, lookup: Lookup): ResolvedConfig {
  if (found === undefined) {
    const none: ResolvedConfig = { config: {} };
    foundByLookup.set(none, lookup);
    return none;
  }
  // Named as every path is (fs/shown-path.ts): a config error was the only message naming its file absolute.
  const shown = shownPath(cwd, found.path);
  if (lstatSync(found.path, { throwIfNoEntry: false })?.isSymbolicLink() === true && !existsSync(found.path)) {
    throw new UsageError(`${shown}: a symbolic link to ${JSON.stringify(readlinkSync(found.path))}, which does not exist; fix or remove the link, or name a config with ${named}.`);
  }
  // A config nobody named, linking out of its repository (to a token file, say), is never opened.
  if (isLinkOutside(found.path, [realFolder(found.boundary)])) {
    throw new UsageError(`${shown}: a symbolic link to a file outside ${found.inRepository ? 'its repository' : 'its folder'} (${JSON.stringify(shownPath(cwd, found.boundary))}); a config file found by the lookup is not read through such a link. Name the file with ${named} to use it.`);
  }
  const resolved = { path: found.path, config: loadConfigFile(found.path, shown) };
  foundByLookup.set(resolved, lookup);
  return resolved;
}

/**
 * A config given as an object (the library's `config` option; the CLI's, resolved above), held to
 * what a config file may say: otherwise `ignore: "**"` would be spread into the globs "*", "*" and
 * an unknown setting would do nothing, unsaid. Mistakes are named as the library's option is.
 */
export function checkGivenConfig(given: ResolvedConfig): ResolvedConfig {
  if (given.path !== undefined && typeof given.path !== 'string') throw new UsageError(`config.path must be a string, the file the config came from, or absent (got ${describeValue(given.path)}).`);
  const at = (segments: ReadonlyArray<string | number>) => `config.config${segments.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('')}`;
  return { ...(given.path === undefined ? {} : { path: given.path }), config: validateConfig(given.config, at) };
}

/** Reads and validates a config file (`named`: by --config, so a missing one never was there); every mistake is a UsageError naming the file as `shown`. */
function loadConfigFile(path: string, shown: string, named = false): EvalMagicConfig {
  const read = readRegularFile(path, 'the config file', { named });
  // In words, with the code: "No such file or directory (ENOENT)".
  if (!read.ok) throw new UsageError(`Cannot read config file ${shown}: ${read.message.replace(/\.$/, '')}${/^e[a-z]+$/.test(read.code) ? ` (${read.code.toUpperCase()})` : ''}.`);
  // The artifact parser, so a syntax error is placed at line:column.
  const loaded = loadArtifact(read.bytes);
  if (!loaded.ok) {
    const problem = loaded.findings[loaded.findings.length - 1]!;
    const { line, column } = new LineIndex(loaded.text).position(problem.span?.start ?? 0);
    // Said by kind only, never quoting the text: a config that is really a token file must not print it to a CI log.
    throw new UsageError(`${shown}:${line}:${column}: the config file is not valid JSON (${CONFIG_SYNTAX_WORDS[problem.messageId] ?? 'a syntax error'}).`);
  }
  const repeated = findDuplicateKeys(loaded.text, loaded.value)[0];
  if (repeated) {
    const { line, column } = new LineIndex(loaded.text).position(repeated.span.start);
    throw new UsageError(`${shown}:${line}:${column}: duplicate key ${JSON.stringify(repeated.key)} at ${repeated.pointer}; a config says each setting once (readers keep only the last).`);
  }
  return validateConfig(loaded.value, placer(shown, loaded.text));
}

/** `shown:line:column` of the key or value at a JSON pointer of the config's text (the syntax tree is built on the first mistake only). */
function placer(shown: string, text: string): (segments: ReadonlyArray<string | number>, target?: 'key' | 'value') => string {
  const locator = new PointerLocator(text);
  const lines = new LineIndex(text);
  return (segments, target = 'value') => {
    const { line, column } = lines.position(locator.locate(formatPointer(segments), target).start);
    return `${shown}:${line}:${column}`;
  };
}

/** Parse message ids in words, for config errors that must not quote the file. */
const CONFIG_SYNTAX_WORDS: Record<string, string> = {
  bom: 'it starts with a byte order mark',
  empty: 'it is empty',
  encoding: 'it is not UTF-8 text',
  comment: 'comments are not allowed',
  'trailing-comma': 'a trailing comma',
  'single-quote': 'single quotes instead of double quotes',
  truncated: 'it ends too early',
  'extra-content': 'content after the JSON value',
  'control-character': 'a raw control character in a string',
  escape: 'an invalid escape sequence',
  number: 'an invalid number',
  'not-json-value': 'a value JSON does not have',
};

/** The settings a config may have (`$schema` for editors, ignored). */
const CONFIG_SETTINGS = ['rules', 'ignore', '$schema'];

/** Checks a parsed config against what eval-magic understands; `at` places each mistake at what it is about. */
function validateConfig(value: unknown, at: (segments: ReadonlyArray<string | number>, target?: 'key' | 'value') => string): EvalMagicConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${at([])}: the config must be a JSON object.`);
  const config = value as Record<string, unknown>;
  for (const key of Object.keys(config)) {
    if (CONFIG_SETTINGS.includes(key)) continue;
    const near = nearestName(key, CONFIG_SETTINGS);
    throw new UsageError(`${at([key], 'key')}: unknown setting ${JSON.stringify(key)}${near === undefined ? '' : `; did you mean ${JSON.stringify(near)}?`} (allowed: ${CONFIG_SETTINGS.map((k) => JSON.stringify(k)).join(', ')}).`);
  }
  const out: EvalMagicConfig = {};
  if (config.rules !== undefined) {
    if (typeof config.rules !== 'object' || config.rules === null || Array.isArray(config.rules)) throw new UsageError(`${at(['rules'])}: "rules" must be an object of rule id → "off" | "warn" | "error".`);
    out.rules = {};
    for (const [id, setting] of Object.entries(config.rules)) {
      assertKnownRule(id, at(['rules', id], 'key'));
      parseRuleSetting(id, setting, at(['rules', id]));
      out.rules[id] = setting as RuleSetting;
    }
  }
  if (config.ignore !== undefined) {
    if (!Array.isArray(config.ignore) || config.ignore.some((g) => typeof g !== 'string')) throw new UsageError(`${at(['ignore'])}: "ignore" must be an array of glob strings.`);
    const empty = config.ignore.findIndex((g) => (g as string).trim() === '');
    if (empty >= 0) throw new UsageError(`${at(['ignore', empty])}: "ignore"[${empty}] is an empty glob; give a pattern such as "**/drafts/**", or remove it.`);
    // Paths are matched from the config's folder, or as reported without leading ../: a glob that climbs matches nothing, ever.
    const climbing = config.ignore.findIndex((g) => /^(?:\.\/)*\.\.(?:\/|$)/.test(g as string));
    if (climbing >= 0) throw new UsageError(`${at(['ignore', climbing])}: "ignore"[${climbing}] is ${JSON.stringify(config.ignore[climbing])}, which climbs out of the folder globs are matched from, so it would leave nothing out; write it from the config's folder, or as "**/…" to match anywhere.`);
    out.ignore = config.ignore as string[];
  }
  return out;
}
