// The config file: eval-magic.config.json, found from the paths checked upward (or named).
import { isUtf8 } from 'node:buffer';
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
import { findDuplicateKeys } from './json/duplicate-keys.js';
import { describeValue, nearestName } from './suggest.js';
import { differentConfigs, namedChecksAdvice, NOTHING_REPEATED, otherConfigsRefusal, type ChecksApart, type ConfigLookupStart, type OtherConfig, type RepeatedOptions } from './config/refusal.js';

export type { ChecksApart, ConfigLookupStart, RepeatedOptions } from './config/refusal.js';
import { makeIgnoreMatcher, type ConfigHold, type ConfigIgnore, type IgnoreMatcher } from './checker/index.js';

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
 * {@link lookUpConfigFile} from the folder of a file whose path is not UTF-8 (`raw`; `shown`: its
 * folder as shown, each such byte `\xNN`), by bytes up to the first folder whose path is UTF-8
 * (`above`, where the lookup by name goes on): the config (or repository root) met on the way, as
 * shown — a name that no argument and no lookup by name can spell.
 */
function lookUpByBytes(raw: Buffer, shown: string): { config?: string; root?: string; above: string } {
  let dir = raw.subarray(0, raw.lastIndexOf(0x2f));
  let at = shown;
  while (!isUtf8(dir)) {
    if (isEntry(Buffer.concat([dir, Buffer.from(`/${CONFIG_FILE_NAME}`)]))) return { config: join(at, CONFIG_FILE_NAME), above: dirname(at) };
    if (existsSync(Buffer.concat([dir, Buffer.from('/.git')]))) return { root: at, above: dirname(at) };
    dir = dir.subarray(0, dir.lastIndexOf(0x2f));
    at = dirname(at);
  }
  return { above: at };
}

/** The first folder on a path not UTF-8 (`raw`, shown as `shown`: each such byte `\xNN`, one name for each) whose name is not. */
function firstNotUtf8(raw: Buffer, shown: string): string {
  const names = shown.split('/');
  for (let end = raw.indexOf(0x2f, 1), count = 2; end !== -1; end = raw.indexOf(0x2f, end + 1), count++) {
    if (!isUtf8(raw.subarray(0, end))) return names.slice(0, count).join('/');
  }
  return shown;
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
  return readFoundConfig(cwd, named, lookUpOneConfig(cwd, named, from, climbs).found, { from, climbs, iterations: true });
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
function isEntry(path: string | Buffer): boolean {
  try {
    return lstatSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw error;
  }
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
  /** The paths named whose search holds each file it finds, not looked up with the others ({@link lookUpOneConfig}). */
  heldWhole?: ReadonlySet<string>;
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
 * refused each check its advice runs apart takes too; `carried`: its ignore globs, which those
 * checks are given, matched as each reports its files.
 */
export function holdFilesToConfig(cwd: string, named: string, resolved: ResolvedConfig, ignoreNamed?: string, repeated: RepeatedOptions = NOTHING_REPEATED, carried?: IgnoreMatcher): ConfigHold | undefined {
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
  // A config is the file where it really is: a/b's, met through a link to a (la/b), is a/b's.
  const realFolders = new Map<string, string>();
  const whereFolderIs = (folder: string) => realFolders.get(folder) ?? realFolders.set(folder, realFolder(folder)).get(folder)!;
  const realConfig = (path: string | undefined) => (path === undefined ? undefined : join(whereFolderIs(dirname(path)), basename(path)));
  const resolvedAt = realConfig(resolved.path);
  // Each other config named by its folder as a search met it where it is, when one did: the checks apart then name no link (la/b beside a/b checked it twice).
  const metWhereItIs = new Set<string>();
  // Each spelling its folder was met by, and the files held under it (where they really are): a
  // check apart carries the --ignore globs, matched as it reports them, so it is named by a
  // spelling that keeps every file the check refused kept (`--ignore a/x/` beside `la`: la).
  const spellings = new Map<string, Map<string, OtherConfig>>();
  const heldUnder = new Map<string, string[]>();
  // The files named (met by no search) held under each other config: checked apart as named where no search met a file there.
  const byFile = new Map<string, string[]>();
  const searchedBy = new Map<string, Set<string>>();
  const hold = (filePath: string, by?: { arg: string; glob: boolean; file?: true }, rawPath?: Buffer) => {
    const absolute = resolve(cwd, filePath);
    // A folder not UTF-8 on the way up is looked in by its bytes (its name as shown, `x\xFF`, is no folder).
    const bytes = rawPath === undefined ? undefined : lookUpByBytes(rawPath, dirname(absolute));
    const own = bytes === undefined ? lookUpConfigFile(dirname(absolute), found.climbs)?.path : bytes.root !== undefined ? undefined : bytes.config ?? lookUpConfigFile(bytes.above, found.climbs)?.path;
    if (realConfig(own) === resolvedAt) return false;
    if (by !== undefined) apartBy.set(by.arg, (apartBy.get(by.arg) ?? 0) + 1);
    // By where it really is, as the search counts each file once: one named through a link and by its real path is one file.
    const real = rawPath === undefined ? inRealFolder(absolute) : `\0${rawPath.toString('latin1')}`;
    othersFiles.add(real);
    const file = shownPath(cwd, absolute);
    const folder = own === undefined ? bytes?.root ?? found.climbs.get(dirname(absolute))?.root ?? dirname(absolute) : dirname(own);
    const key = realConfig(own) ?? whereFolderIs(folder);
    const whereItIs = whereFolderIs(folder) === folder;
    if (carried !== undefined && rawPath === undefined) heldUnder.set(key, [...(heldUnder.get(key) ?? []), real]);
    if (by?.glob === true) byGlob.set(key, [...(byGlob.get(key) ?? []), real]);
    else if (by?.file === true) byFile.set(key, [...(byFile.get(key) ?? []), by.arg]);
    else {
      bySearch.add(real);
      searched.add(key);
      // By which folders named (none: a file looked up as named, held as a search's).
      const by_ = searchedBy.get(key) ?? searchedBy.set(key, new Set()).get(key)!;
      by_.add(by?.arg ?? '');
    }
    const reportedAs = (path: string) => (isAbsolute(filePath) ? path : shownPath(cwd, path));
    // The folder whose name is not UTF-8 (x\xFF of x\xFF/sub), which a rename or a link fixes.
    const unspellable = bytes !== undefined && (bytes.config !== undefined || bytes.root !== undefined) ? { unspellable: reportedAs(firstNotUtf8(rawPath!, absolute)) } : {};
    const other: OtherConfig = { own, folder: shownPath(cwd, folder), at: folder, reported: reportedAs(folder), file, ...unspellable };
    const spelt = spellings.get(key) ?? spellings.set(key, new Map()).get(key)!;
    const before = spelt.get(other.reported);
    if (before === undefined || file < before.file) spelt.set(other.reported, other);
    const noted = others.get(key);
    const better = noted === undefined || (whereItIs && !metWhereItIs.has(key)) || (whereItIs === metWhereItIs.has(key) && file < noted.file);
    if (!better) return true;
    others.set(key, other);
    if (whereItIs) metWhereItIs.add(key);
    return true;
  };
  // Whether a check of `other`'s folder apart, as it is spelt, would leave out a file the check refused held there.
  const leavesOut = (key: string, other: OtherConfig) => (heldUnder.get(key) ?? []).some((real) => {
    const below = pathInside(whereFolderIs(other.at), real);
    return below !== undefined && carried!(joinShown(other.reported, below), join(other.at, below));
  });
  // The spelling a check apart keeps them all by, the one noted first; none: said by hand.
  const keepingSpelling = (key: string, noted: OtherConfig): OtherConfig => {
    if (carried === undefined || !leavesOut(key, noted)) return noted;
    const keeping = [...(spellings.get(key)?.values() ?? [])].sort((a, b) => (a.reported < b.reported ? -1 : 1)).find((other) => !leavesOut(key, other));
    return keeping ?? { ...noted, leftOutApart: true };
  };
  const settle = (filesFound?: number, foundByPath?: ReadonlyMap<string, number>) => {
    const restLeft = filesFound === undefined || filesFound > othersFiles.size;
    const foundBy = [...others].map(([key, other]) => ({ ...keepingSpelling(key, other), searched: searched.has(key), globAlone: (byGlob.get(key) ?? []).some((real) => !bySearch.has(real)), ...(byFile.has(key) ? { files: byFile.get(key)! } : {}), ...(searchedBy.has(key) ? { searchedBy: [...searchedBy.get(key)!] } : {}) }));
    const emptied = [...apartBy].filter(([arg, apart]) => foundByPath?.get(arg) === apart).map(([arg]) => arg);
    if (others.size > 0) {
      // A path named inside another (check . a) finds its own config: said with its files, not as the paths' config.
      const underPath = found.from.filter(({ folder }) => lookUpConfigFile(folder, found.climbs)?.path === resolved.path).map(({ arg }) => arg);
      throw new UsageError(otherConfigsRefusal(cwd, { config: named, ignore: ignoreNamed, repeated }, resolved.path, { ...found, underPath }, foundBy, { restLeft, emptied }));
    }
  };
  // Paths named below a glob's fixed folder were not looked up from: each file their search finds is held.
  return { fileName: CONFIG_FILE_NAME, hold, settle, holdsEvery: (arg) => found.heldWhole?.has(arg) === true };
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
  const { found, heldWhole } = lookUpOneConfig(cwd, named, from, climbs, apart);
  return readFoundConfig(cwd, named, found, { from, climbs, iterations: false, heldWhole });
}


/**
 * The one config the lookups from `from` find (undefined: none), and the paths named whose search
 * holds each file it finds instead (`heldWhole`). `apart`: check's, whose refusal advises a check
 * per config, each with the options of the one refused (compare's and judge's, the paths alone).
 * check's paths at the root of a config's folder of their own (`a` and `b`, each with its config)
 * are held by their search, as a folder met below one is, when the others find one config: the
 * one refusal, after the search, then names every config there is, those further down too (`a/x`:
 * "check each of a, b apart" was refused again for it when followed).
 * @throws {UsageError} for starts that find different ones.
 */
function lookUpOneConfig(cwd: string, named: string, from: readonly ConfigLookupStart[], climbs: Map<string, Climb>, apart?: ChecksApart): { found: FoundConfig | undefined; heldWhole: Set<string> } {
  const byConfig = new Map<string | undefined, { found: FoundConfig | undefined; starts: ConfigLookupStart[] }>();
  // check's paths (compare's and judge's starts hold the iterations under their paths, which their refusal names).
  const covered = apart === undefined ? undefined : coveredStarts(cwd, from);
  for (const start of covered === undefined ? from : from.filter((one) => !covered.byFolder.has(one) && !covered.byGlob.has(one))) {
    const found = lookUpConfigFile(start.folder, climbs);
    // One config file, however its folder is named (a and a link to it): keyed where it really is.
    const key = found === undefined ? undefined : inRealFolder(found.path);
    const entry = byConfig.get(key) ?? { found, starts: [] };
    entry.starts.push(start);
    byConfig.set(key, entry);
  }
  // A path not looked up has its every file held: the search trusted to meet its files may not (an
  // --ignore glob leaves out a/ as `.` reports it, not la/ as la does: la's were checked unheld).
  const notLookedUp = [...(covered?.byGlob ?? []), ...(covered?.byFolder ?? [])].map(({ arg }) => arg);
  const groups = [...byConfig.values()];
  if (groups.length <= 1) return { found: groups[0]?.found, heldWhole: new Set(notLookedUp) };
  // A folder named, not a file: checked apart, a file's config folder would check more than the file.
  const atConfigRoot = (start: ConfigLookupStart) => start.arg !== '-' && start.glob === undefined && resolve(cwd, start.arg) === start.folder && startsConfig(realFolder(start.folder));
  const lookedUp = groups.filter(({ starts }) => !starts.every(atConfigRoot));
  if (apart !== undefined && lookedUp.length <= 1) {
    const kept = lookedUp[0] ?? groups[0]!;
    return { found: kept.found, heldWhole: new Set([...notLookedUp, ...groups.filter((group) => group !== kept).flatMap(({ starts }) => starts.map(({ arg }) => arg))]) };
  }
  const said = groups.map(({ found, starts }) => [found?.path, starts.map(({ arg }) => arg)] as const);
  const advice = apart === undefined ? 'them apart' : namedChecksAdvice(said.map(([, args]) => args), apart);
  throw new UsageError(`${differentConfigs(cwd, said)} One check applies one config: name the one to use with ${named}, or check ${advice}.`);
}

/** Whether a config file, or a repository, starts at `folder`: a lookup from it finds its own. */
function startsConfig(folder: string): boolean {
  return isEntry(join(folder, CONFIG_FILE_NAME)) || existsSync(join(folder, '.git'));
}

/**
 * The lookup starts a folder named holds (`byFolder`: a path inside a folder named, `a/evals.json`
 * beside `.`, is met by that folder's search, and held there to the config it finds, whose refusal
 * advises each check to run once; listed apart, `check .` was refused again and `a/` checked
 * twice. Its own search holds each of its files too, which that one may not meet: `--ignore a/`
 * beside `la`. Standard input is in no folder; a glob's fixed folder is not all it matches), and the folders named a glob named holds
 * that no folder named meets, each where a config or a repository starts (`byGlob`: `a/b` beside
 * `'a/**\/conversation.json'`, `a/b` with its own config). A glob's search does not meet every
 * file of a folder below its fixed folder, so that folder's search holds each file it finds
 * ({@link ConfigHold.holdsEvery}), and the refusal names it apart as any folder of a config is:
 * looked up apart, it was a config of its own, and the advice checked the files the glob matched
 * there twice. (A folder inside a config's folder is looked up as named: checked apart, that
 * config's folder would check more than the paths named.)
 */
function coveredStarts(cwd: string, from: readonly ConfigLookupStart[]): { byFolder: Set<ConfigLookupStart>; byGlob: Set<ConfigLookupStart> } {
  const isFolderNamed = (start: ConfigLookupStart) => start.glob === undefined && start.arg !== '-' && resolve(cwd, start.arg) === start.folder;
  const folders = from.filter(isFolderNamed);
  // Where they really are: a search enters no link, so a link named inside a folder named (`la`
  // beside `.`) is met there only when it leads inside it, where the search meets its files.
  const real = new Map(from.map((start) => [start, start.arg === '-' ? start.folder : realFolder(start.folder)]));
  const inside = (outer: ConfigLookupStart, start: ConfigLookupStart, strict: boolean) => outer !== start && isInside(real.get(outer)!, real.get(start)!, strict);
  const byFolder = new Set(from.filter((start) => start.arg !== '-' && folders.some((outer) => inside(outer, start, isFolderNamed(start)))));
  const globs = from.filter((start) => start.glob !== undefined && !byFolder.has(start));
  const byGlob = new Set(from.filter((start) => isFolderNamed(start) && !byFolder.has(start) && globs.some((outer) => inside(outer, start, true)) && startsConfig(real.get(start)!)));
  return { byFolder, byGlob };
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
