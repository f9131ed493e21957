// Discovery: command-line paths → the artifact files to check (files, folders searched, globs).
import { isUtf8 } from 'node:buffer';
import * as fs from 'node:fs';
import { lstatSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { ArtifactIOError, UsageError } from '../../errors.js';
import { findByName, type ListedFolders } from './walk-folders.js';
import { isReachedThroughLink, linkRoots, linksOutside } from '../link-boundary.js';
import { inRealFolder, realFolder } from '../../fs/folders.js';
import { joinShown, showBytes } from '../../fs/shown-path.js';
import { defaultSearchPatterns, SEARCH_PATTERNS, searchedLinkOf, searchedPlaceOf } from '../file-kind.js';
import { isInKeptTaskFolder } from './kept-task-folders.js';
import { strayJudgmentFolderProblem, type StrayFolderWhy, type StrayJudgmentFolder } from '../../workspace/judgment-record.js';

/** How to find artifacts. */
export interface DiscoverOptions {
  /** Base for relative paths (default: process.cwd()). */
  cwd?: string;
  /** Glob(s) searched for inside folders (default: `**\/conversation.json`, `**\/evals.json`, `**\/grading.json`, `**\/comparison.json` and `**\/judge/*\/*\/judgment.json`, the judge's records, or only `kind`'s). */
  pattern?: string | readonly string[];
  /**
   * Globs to leave out, on top of node_modules and .git (which only searches skip). Each is matched
   * against a file's path as reported (as found from its argument), without leading `./` and `../` segments.
   */
  ignore?: readonly string[];
  /**
   * Whether a path that does not exist is an error (default: true, a `UsageError`). False
   * skips it, as ESLint's `errorOnUnmatchedPattern: false` does (a deleted file in a list of
   * changed ones); `check` also holds each folder and glob to finding something by it.
   */
  errorOnUnmatchedPattern?: boolean;
  /**
   * A folder whose link boundary files named one by one are held to, as a search of it holds the
   * files it finds: a named file reached through a symbolic link that leads out of it (and out of
   * every folder named) is reported as `io` `link-outside`, never read. Unset, a named file is read
   * wherever its links lead. The pre-commit hook gives the repository's root.
   */
  linkBoundary?: string;
}

/**
 * A config file's ignore globs and the folder they are written from (the config file's own, as
 * ESLint reads a config's ignores): each is matched against a file's path from `base`, so the
 * config leaves out the same files whatever the working folder and however the files are named.
 * A file outside `base` is not held to them. Without `base` (a config named with `--config`, or
 * given in hand: not found where the files are) they are matched as `ignore`'s are.
 */
export interface ConfigIgnore {
  base?: string;
  globs: readonly string[];
}

/** Whether a file is left out: `reportedPath` as the user sees it, `absolutePath` where it is (its folder's links resolved). */
export type IgnoreMatcher = (reportedPath: string, absolutePath: string) => boolean;

/** {@link DiscoverOptions}, and the config file's ignore globs, matched from the config's own folder (see {@link ConfigIgnore}). */
export interface DiscoverSettings extends DiscoverOptions {
  configIgnore?: ConfigIgnore;
  /**
   * Why compare counts no vote through a run's judgment folder that is a symbolic link (check:
   * by the run's eval, whose llm_judge assertions' folders compare reads), or undefined to pass
   * the link over. `searchRoot`: the folder searched, unset for a folder named. Default: as
   * though the run's eval were not known.
   */
  strayJudgmentFolder?: (folder: StrayJudgmentFolder, searchRoot?: string) => StrayFolderWhy | undefined;
  /**
   * Each of the paths (a folder or a file) as the user typed it, when the caller searches it by another spelling
   * (compare shows an iteration by its shown path): the ignore globs are matched against a file as
   * check, given the typed path, reports it, so the two leave out the same files.
   */
  typedPaths?: readonly string[];
  /** Each file found held to the config the paths' lookup found ({@link ConfigHold}). */
  heldToConfig?: ConfigHold;
  /** Files checked beside the search (standard input), counted with those it finds when the hold settles. */
  checkedBeside?: number;
  /** Folders the caller listed already, by absolute path (walk-folders.ts ListedFolders): a walk by name reads each of them no more. */
  listed?: ListedFolders;
}

/**
 * Each file a search finds held to the config looked up from the paths given (config.ts:
 * holdFilesToConfig): `hold` notes a file whose own folder's lookup finds another, and `settle`,
 * once the search is done, throws naming every one noted. A walk by
 * name notes where a file named `fileName` lies below the folder searched, or a repository starts
 * (`.git`), from the names it reads anyway, and holds only the files below those: every other
 * file's lookup climbs to the folder named, whose config it is (a lookup per run folder, three
 * stats, was 90 ms on 4,800 runs: a fifth of their check).
 */
export interface ConfigHold {
  fileName: string;
  /**
   * `by`: the folder or glob named whose search found it, and whether a glob (which no check of a
   * folder apart can be given), or the file named itself (`file`: met by no search). `rawPath`: where it is, by its bytes, when its path is not UTF-8
   * (`filePath` then shows them as `\xNN`, a path no lookup finds). True when the file is under
   * another config (noted for the refusal): that config's ignore globs govern it, not these.
   */
  hold: (filePath: string, by?: { arg: string; glob: boolean; file?: true }, rawPath?: Buffer) => boolean;
  /** `found`: the files the search found, each once (a file it need not hold is the config's own); `foundByPath`: how many each folder and glob named found. */
  settle: (found?: number, foundByPath?: ReadonlyMap<string, number>) => void;
  /** Whether every file the search of a folder named finds is held, not only those below a config or a repository: its config was not looked up (a glob or a folder named above it holds its lookup). */
  holdsEvery?: (arg: string) => boolean;
}

/** What one folder or glob argument found: the count before files found by an earlier argument are dropped, after the ignore globs. */
export interface ArgumentSearch {
  arg: string;
  kind: 'folder' | 'glob';
  found: number;
}

/** One thing to check: the path as the user will see it, and where it really is. */
export interface DiscoveredArtifact {
  filePath: string;
  absolutePath: string;
  /**
   * The folder whose search found this file, when that search also looked for every evals.json
   * in it: the eval lookup then knows which folders on the way hold one without asking the disk.
   */
  searchedFrom?: string;
  /** The path as bytes, when a folder name on the way is not UTF-8 (`absolutePath` then shows it lossily). */
  rawPath?: Buffer;
  /** `filePath` as bytes, set with `rawPath` (`filePath` then shows the bad bytes as `\xNN`): see `FileResult.rawFilePath`. */
  rawFilePath?: Uint8Array;
  /**
   * The folder named on the command line whose search found this file (a glob's fixed base
   * folder): with `--evals`, only `eval-<id>` folders below it name an eval. Unset for a file
   * named on its own. Absolute, so it does not depend on the working directory.
   */
  searchRoot?: string;
  /**
   * Found by a search, this is a symbolic link to something outside every folder named on the
   * command line: it is reported, never read (a link must not carry a file from elsewhere, say a
   * token, into a report).
   */
  linksOutside?: true;
  /**
   * A file named on the command line, as named (`absolutePath` is where its links lead), when that
   * differs: a judgment.json is held to where it was named, as compare reads it there (no link followed).
   */
  namedPath?: string;
  /** Not a file but a folder too deep to be searched (its path exceeds PATH_MAX): reported as an `io` finding. */
  pathTooLong?: true;
  /**
   * Met by a glob's walk (or a --pattern's), which reads names as text: a folder whose name is not
   * UTF-8, which it cannot enter (`enter`), or a file so named, which its name as read cannot open
   * (`read`): reported as an `io` error, not checked.
   */
  globCannot?: 'enter' | 'read';
  /**
   * Not a file but a run's judgment folder level (judge/, judge/<id>/, judge/<id>/<repeat>/) that is
   * no folder — a symbolic link, which the search does not enter, or a file — or a path named at or
   * below one: why compare counts no vote there, reported as judgment-folder's `linked` or
   * `not-a-folder` finding at the path.
   */
  strayJudgmentFolder?: StrayFolderWhy;
}

const ALWAYS_IGNORED = ['**/node_modules/**', '**/.git/**'];
const ALWAYS_IGNORED_FOLDERS = new Set(['node_modules', '.git']);

/**
 * A path given to check that names nothing. Said as it is to the library's caller; the CLI adds
 * why a name like an option was taken as a path (see its check command).
 */
export class NoSuchPathError extends UsageError {
  constructor(readonly path: string) {
    super(`No such file or directory: ${JSON.stringify(path)}.`);
  }
}

/**
 * The glob libraries, loaded only when a folder is searched, a glob expanded or an --ignore
 * glob given: the one-file pre-commit run never pays for them.
 */
async function loadGlobTools() {
  const [{ default: fg }, { default: picomatch }] = await Promise.all([import('fast-glob'), import('picomatch')]);
  return { fg, picomatch };
}

/** A path as an --ignore glob is matched against it: as reported, without leading `./` and `../` segments. */
export function ignoreMatchedPath(reported: string): string {
  return reported.replace(/^(?:\.\.?\/+)+/, '');
}

/**
 * The ignore globs as one matcher, or undefined when there are none. `ignore` (--ignore) is
 * matched against a path as reported, without leading `./` and `../` segments: one base, however
 * the folder was named, so `**\/drafts/**` leaves out the same files from anywhere. The config's
 * globs are matched against the path from the config's folder (dot files included in both).
 */
export async function makeIgnoreMatcher(options: Pick<DiscoverSettings, 'cwd' | 'ignore' | 'configIgnore'>): Promise<IgnoreMatcher | undefined> {
  const inHand = options.configIgnore?.base === undefined;
  const given = [...(options.ignore ?? []), ...(inHand ? (options.configIgnore?.globs ?? []) : [])];
  const fromConfig = inHand ? [] : options.configIgnore!.globs;
  if (given.length === 0 && fromConfig.length === 0) return undefined;
  const { picomatch } = await loadGlobTools();
  const reported = given.length === 0 ? () => false : picomatch(folderGlobs(given), { dot: true });
  if (fromConfig.length === 0) return (path) => reported(ignoreMatchedPath(path));
  const inConfig = picomatch(folderGlobs(fromConfig), { dot: true });
  const cwd = options.cwd ?? process.cwd();
  // A file is in the config's folder as named (runs/ a link to a disk elsewhere: runs/drafts/ is
  // still the config's runs/drafts/) or as it really is (the config found through a linked
  // folder, the file named by its real path): either way, its path from there is matched.
  const named = resolve(cwd, options.configIgnore!.base!);
  const prefixes = [...new Set([named, realFolder(named)])].map((base) => (base.endsWith(sep) ? base : base + sep));
  const inConfigFolder = (absolute: string) => prefixes.some((prefix) => absolute.startsWith(prefix) && inConfig(absolute.slice(prefix.length)));
  return (path, absolute) => reported(ignoreMatchedPath(path)) || inConfigFolder(absolute) || inConfigFolder(resolve(cwd, path));
}

/** A glob naming a folder with a trailing slash (`runs/drafts/`) leaves out all it holds, as ESLint's ignores do; only files are matched. */
function folderGlobs(globs: readonly string[]): string[] {
  return globs.map((glob) => (glob.endsWith('/') ? `${glob}**` : glob));
}

/** Whether any ignore glob is given, by the user or the config. */
export function hasIgnoreGlobs(options: Pick<DiscoverSettings, 'ignore' | 'configIgnore'>): boolean {
  return (options.ignore ?? []).length > 0 || (options.configIgnore?.globs ?? []).length > 0;
}

/** The same search without any ignore glob: what it would find is what the globs left out. */
export function withoutIgnoreGlobs<T extends DiscoverSettings>(options: T): T {
  // Counted, never checked: no file of it is held to the config (it refused the files the globs left out).
  return { ...options, ignore: [], configIgnore: undefined, heldToConfig: undefined };
}

/** An empty glob matches nothing and is always a slip (an unset shell variable): say so. */
function assertNoEmptyGlob(globs: readonly string[], what: string): void {
  if (globs.some((glob) => glob.trim() === '')) throw new UsageError(`${what}: a glob is empty; give a pattern such as "**/drafts/**".`);
}

/**
 * What a walk by name looks for: the file names, and whether a file so named lies where a pattern
 * puts it. `shown` is its path below the searched folder, `searched` that folder's own path
 * (its folders count too: `check <run>/judge/short` searches for judge/*\/*\/judgment.json).
 */
interface NameSearch {
  names: Set<string>;
  keeps: (shown: string, searched: string) => boolean;
}

/** Where a symbolic link stands that nothing counts through (a pattern's kind says: `searchedLink`), when a kind searched for says any. */
function linkedFolderOf(pattern: string | readonly string[]): ((absolutePath: string) => StrayJudgmentFolder | undefined) | undefined {
  const linked = [pattern].flat().flatMap((p) => searchedLinkOf(p) ?? []);
  return linked.length === 0 ? undefined : (path: string) => linked.reduce<StrayJudgmentFolder | undefined>((found, at) => found ?? at(path), undefined);
}

/** The judgment folder link that a named path is or lies below: the highest, where compare stops. */
function linkedAbove(named: string, linkedAt: (absolutePath: string) => StrayJudgmentFolder | undefined): StrayJudgmentFolder | undefined {
  const levels: string[] = [];
  for (let at = named; levels.at(-1) !== at; at = dirname(at)) levels.push(at);
  return levels.reverse().reduce<StrayJudgmentFolder | undefined>((found, at) => found ?? linkedAt(at), undefined);
}

// A literal path segment of a glob (no glob syntax), and a pattern of literal segments and `*` below `**/`.
const LITERAL = '[^*?[\\]{}()!+@\\\\/]+';
const NAMED_PATTERN = new RegExp(`^\\*\\*/((?:(?:${LITERAL}|\\*)/)*)(${LITERAL})$`);

/**
 * What a search looks for by name, when every pattern is `**\/<name>` or `**\/<folder>/…/<name>`
 * with literal folders or `*` (the defaults, judgment.json's `**\/judge/*\/*\/judgment.json`, and
 * --kind): such a search walks names itself (see walk-folders.ts) and keeps a file whose last
 * folders are the pattern's; any other glob goes to fast-glob.
 */
function nameSearchOf(pattern: string | readonly string[]): NameSearch | undefined {
  const above = new Map<string, Array<{ folders: string[]; placed?: ((absolutePath: string) => boolean) | undefined }>>();
  for (const p of [pattern].flat()) {
    const m = NAMED_PATTERN.exec(p);
    if (m === null) return undefined;
    const folders = m[1]!.split('/').slice(0, -1);
    above.set(m[2]!, [...(above.get(m[2]!) ?? []), { folders, placed: searchedPlaceOf(p) }]);
  }
  const keeps = (shown: string, searched: string) => {
    const segments = shown.split('/');
    const folders = [...searched.split(/[\\/]+/).filter(Boolean), ...segments.slice(0, -1)];
    return (above.get(segments.at(-1)!) ?? []).some(({ folders: wanted, placed }) =>
      wanted.length <= folders.length && wanted.every((w, i) => w === '*' || w === folders[folders.length - wanted.length + i]) && (placed === undefined || placed(join(searched, shown))));
  };
  return { names: new Set(above.keys()), keeps };
}

/**
 * Resolves each argument: an existing file is checked whatever its name; a folder is searched
 * (dot-folders included, .gitignore deliberately not applied: eval workspaces are usually
 * git-ignored and are exactly what users check); anything else that looks like a glob is
 * expanded. A path that neither exists nor is a glob is a usage error — a gate must not pass
 * because it looked in the wrong place — unless `errorOnUnmatchedPattern` is false. Symlinked folders met while searching are not entered,
 * so a link loop cannot trap the walk; name a linked folder on the command line to check it.
 * Each file is listed once, in the order found.
 */
export async function discoverArtifacts(paths: readonly string[], options: DiscoverOptions = {}): Promise<DiscoveredArtifact[]> {
  const all: DiscoveredArtifact[] = [];
  for await (const chunk of discoverInChunks(paths, options)) all.push(...chunk);
  return all;
}

/** Files per chunk that {@link discoverInChunks} hands on while a folder walk is still going. */
const CHUNK_SIZE = 64;

/**
 * {@link discoverArtifacts} as it goes, in chunks, so that checking can start while a large
 * folder is still being walked. A chunk never splits one folder's finds, so an evals.json comes
 * in the same chunk as the files beside it or in an earlier one (see `DiscoveredArtifact.searchedFrom`).
 * With `onGitEntry`, a search that sets `searchedFrom` also reports every `.git` entry it meets,
 * before the chunk holding the files below it.
 */
export async function* discoverInChunks(
  paths: readonly string[],
  options: DiscoverSettings = {},
  onGitEntry?: (absolutePath: string) => void,
  onSearched?: (search: ArgumentSearch) => void,
): AsyncGenerator<DiscoveredArtifact[]> {
  const cwd = options.cwd ?? process.cwd();
  const pattern = options.pattern ?? defaultSearchPatterns();
  assertNoEmptyGlob(options.ignore ?? [], 'ignore');
  assertNoEmptyGlob(options.configIgnore?.globs ?? [], 'ignore');
  assertNoEmptyGlob([pattern].flat(), 'pattern');
  const ignored = await makeIgnoreMatcher(options);
  // A search that holds every file it finds holds each before the config's ignore globs may leave
  // it out: they govern only the files under that config (a root's "a/**" left out a, named with
  // its own config beside it: never checked, review48 F3); --ignore's leave out any file.
  const heldWhole = options.heldToConfig?.holdsEvery === undefined ? undefined : { byUser: await makeIgnoreMatcher({ cwd, ignore: options.ignore }), byConfig: await makeIgnoreMatcher({ cwd, configIgnore: options.configIgnore }) };
  const keptHeldWhole = (reported: string, absolute: string, hold: () => boolean) => heldWhole!.byUser?.(reported, absolute) !== true && (hold() || heldWhole!.byConfig?.(reported, absolute) !== true);
  // The folders named on the command line, as the file system resolves them: a link found by a
  // search is read only when its target lies inside one of them. The boundary holds only the files
  // named one by one: a folder or glob searched keeps the roots `check <folder>` gives it.
  const roots = linkRoots(paths, cwd);
  const namedRoots = options.linkBoundary === undefined ? roots : linkRoots(paths, cwd, options.linkBoundary);
  const seen = new Set<string>();
  let chunk: DiscoveredArtifact[] = [];
  // What each folder and glob named found, for the config hold: one that found only files under other configs is dropped from the rest its refusal advises.
  const foundByPath = new Map<string, number>();
  const searched = (search: ArgumentSearch) => {
    foundByPath.set(search.arg, (foundByPath.get(search.arg) ?? 0) + search.found);
    onSearched?.(search);
  };
  // Walked entries already passed the same ignore globs inside the walk, and come back
  // normalized ("a/b/conversation.json"), so they skip the matcher and path.join/relative:
  // on 10,000 artifacts those cost as much as the walk itself.
  const add = (artifact: DiscoveredArtifact) => {
    // A path that is not UTF-8 goes by its bytes: its `absolutePath` shows them as `\xNN`, which
    // a folder of its own may be named. (NUL can be in no path: the two kinds of key never meet.)
    // A link not followed goes by where it stands, not where it leads: named beside its target, it
    // is another entry (the target checked, the link reported), whichever is named first.
    const key = artifact.rawPath !== undefined ? `\0${artifact.rawPath.toString('latin1')}` : artifact.linksOutside ? (artifact.namedPath ?? artifact.absolutePath) : artifact.absolutePath;
    if (seen.has(key)) return;
    seen.add(key);
    chunk.push(artifact);
  };
  const takeChunk = () => {
    const full = chunk;
    chunk = [];
    return full;
  };
  // Only a search for evals.json that nothing narrows sees every one (an --ignore glob might hide one).
  const seesEveryEvalsFile = [pattern].flat().includes(SEARCH_PATTERNS.evals) && ignored === undefined;
  const linkedAt = linkedFolderOf(pattern);
  const whyLinked = options.strayJudgmentFolder ?? ((folder: StrayJudgmentFolder) => strayJudgmentFolderProblem(folder, undefined));

  for (const [index, arg] of paths.entries()) {
    const typed = options.typedPaths?.[index] ?? arg;
    const named = resolve(cwd, arg);
    // A folder named as an artifact (x/conversation.json, or a link to a folder so named) is the
    // artifact a search meets there, which the read stage reports as no regular file — not a folder
    // to search (the pre-commit hook names a staged link so, and passed it where `check .` failed).
    const found = pathKind(named);
    const kind = found === 'directory' && nameSearchOf(pattern)?.keeps(basename(named), dirname(named)) === true ? 'other' : found;
    // A folder named at or below a linked judgment folder: its target is not searched (compare reads nothing through the link), the link is reported at the named path, as a search from the run folder reports it.
    const linked = linkedAt !== undefined && (kind === 'directory' || kind === 'other') ? linkedAbove(named, linkedAt) : undefined;
    const linkedWhy = linked === undefined ? undefined : whyLinked(linked);
    if (linkedWhy !== undefined) {
      const kept = !ignored?.(typed, named);
      if (kept) add({ filePath: arg, absolutePath: named, strayJudgmentFolder: linkedWhy });
      if (kind === 'directory') searched({ arg, kind: 'folder', found: kept ? 1 : 0 });
      if (chunk.length > 0) yield takeChunk();
      continue;
    }
    // Where the argument really is (a folder named through a link, a file in one, or a file that
    // is a link): the eval lookup reads the workspace layout and the folders above from it, as
    // for the real file. Only the user's own argument is resolved; links met by the search keep
    // their own rules, and a dangling one stays as named (an io finding).
    const absolute = kind === 'missing' ? named : realFolder(named);
    if (kind === 'directory') {
      const base = absolute.endsWith(sep) ? absolute : absolute + sep;
      const search = nameSearchOf(pattern);
      const names = search?.names;
      // The eval lookup may trust a search only if it also saw where each repository starts
      // (a `.git` entry, where lookups stop): the walk by name reports those, fast-glob does not.
      const searchedFrom = seesEveryEvalsFile && names && onGitEntry ? { searchedFrom: absolute } : {};
      if (searchedFrom.searchedFrom) names!.add('.git');
      const held = options.heldToConfig;
      if (held !== undefined && names !== undefined) names.add('.git').add(held.fileName);
      // The folders below this one that hold a config file or start a repository, as shown.
      const configBoundaries = new Set<string>();
      const holdsEvery = held?.holdsEvery?.(arg) === true;
      const holdFound = (shown: string, filePath: string, rawPath: Buffer | undefined) => {
        if (holdsEvery) return held!.hold(filePath, { arg, glob: false }, rawPath);
        if (configBoundaries.size === 0) return;
        for (let at = shown.lastIndexOf('/'); at > 0; at = shown.lastIndexOf('/', at - 1)) {
          if (configBoundaries.has(shown.slice(0, at))) return held!.hold(filePath, { arg, glob: false }, rawPath);
        }
      };
      // Whether a search holding every file it finds keeps one (`shown` below the folder named): held first, then matched.
      const keptWhole = (shown: string, filePath: string, rawPath?: Buffer) => keptHeldWhole(joinShown(typed, shown), base + shown, () => held!.hold(filePath, { arg, glob: false }, rawPath));
      let found = 0;
      if (search && names) {
        const walkIgnored = holdsEvery ? heldWhole!.byUser : ignored;
        const ignoredHere = walkIgnored ? (shown: string) => walkIgnored(joinShown(typed, shown), base + shown) : () => false;
        const noteLink = linkedAt === undefined ? undefined : (shown: string) => {
          const folder = linkedAt(base + shown);
          return folder === undefined ? undefined : whyLinked(folder, absolute);
        };
        const isGit = (shown: string) => shown === '.git' || shown.endsWith('/.git');
        const isConfig = (shown: string) => held !== undefined && (shown === held.fileName || shown.endsWith(`/${held.fileName}`));
        const boundaries = held !== undefined ? { boundaries: new Set(['.git', held.fileName]) } : {};
        for (const folder of findByName(absolute, names, { folders: ALWAYS_IGNORED_FOLDERS, isIgnored: ignoredHere, ...(noteLink ? { noteLink } : {}), ...boundaries }, arg, options.listed)) {
          // A folder's config file or .git first: the files beside it, in any order, are below it.
          for (const { shown } of folder) if (isConfig(shown) || isGit(shown)) configBoundaries.add(shown.slice(0, Math.max(0, shown.lastIndexOf('/'))));
          for (const entry of folder) {
            if (isGit(entry.shown)) {
              // Not one in a folder whose path is not UTF-8: its path as shown names none (or another's).
              if (searchedFrom.searchedFrom && typeof entry.path === 'string') onGitEntry?.(base + entry.shown);
              continue;
            }
            if (isConfig(entry.shown)) continue;
            // A folder too deep to search is reported whatever its name (an io finding), and a link noted as it is.
            if (entry.tooLong !== true && entry.linkNoted === undefined && !search.keeps(entry.shown, absolute)) continue;
            const rawPath = typeof entry.path === 'string' ? {} : { rawPath: Buffer.concat([Buffer.from(base), entry.path]), rawFilePath: Buffer.concat([Buffer.from(joinShown(arg, '')), entry.path]) };
            const filePath = joinShown(arg, entry.shown);
            // A folder too deep to search was never matched against a glob: held only.
            if (holdsEvery && entry.tooLong !== true) {
              if (!keptWhole(entry.shown, filePath, rawPath.rawPath)) continue;
            } else if (held !== undefined) holdFound(entry.shown, filePath, rawPath.rawPath);
            found += 1;
            const outside = entry.tooLong ? { pathTooLong: true as const } : entry.linkNoted !== undefined ? { strayJudgmentFolder: entry.linkNoted } : entry.link && linksOutside(rawPath.rawPath ?? base + entry.shown, roots) ? { linksOutside: true as const } : {};
            add({ filePath, absolutePath: base + entry.shown, searchRoot: absolute, ...searchedFrom, ...rawPath, ...outside });
          }
          if (chunk.length >= CHUNK_SIZE) yield takeChunk();
        }
      } else {
        const { entries, notEntered } = await walk(absolute, pattern, arg);
        for (const raw of notEntered) {
          const folder = notUtf8Entry(arg, absolute, raw, 'enter');
          if (ignored?.(`${joinShown(typed, showBytes(raw))}/`, folder.absolutePath)) continue;
          found += 1;
          add({ ...folder, searchRoot: absolute });
        }
        for (const { path: rel, link, raw } of entries) {
          if (raw !== undefined) {
            const file = notUtf8Entry(arg, absolute, raw, 'read');
            if (ignored?.(joinShown(typed, showBytes(raw)), file.absolutePath)) continue;
            found += 1;
            add({ ...file, searchRoot: absolute });
            continue;
          }
          const filePath = joinShown(arg, rel);
          const outside = link && linksOutside(base + rel, roots) ? { linksOutside: true as const } : {};
          if (holdsEvery ? !keptWhole(rel, filePath) : ignored?.(joinShown(typed, rel), base + rel) === true) continue;
          found += 1;
          if (!holdsEvery) options.heldToConfig?.hold(filePath, { arg, glob: false });
          add({ filePath, absolutePath: base + rel, searchRoot: absolute, ...searchedFrom, ...outside });
        }
      }
      searched({ arg, kind: 'folder', found });
    } else if (kind === 'other') {
      // Named, not searched: node_modules and .git are left out of searches only, as a folder
      // named inside them is searched; the user's own globs still apply.
      const holdsNamed = options.heldToConfig?.holdsEvery?.(arg) === true;
      if (holdsNamed ? keptHeldWhole(typed, inRealFolder(named), () => options.heldToConfig!.hold(arg, { arg, glob: false, file: true })) : !ignored?.(typed, inRealFolder(named))) {
        if (!holdsNamed) options.heldToConfig?.hold(arg);
        // Held to the boundary, a named file its links carry out of it is what a search of the boundary meets: a link not followed.
        const outside = options.linkBoundary !== undefined && isReachedThroughLink(named) && linksOutside(named, namedRoots) ? { linksOutside: true as const } : {};
        add({ filePath: arg, absolutePath: absolute, ...(named !== absolute ? { namedPath: named } : {}), ...outside });
      }
    } else if ((await loadGlobTools()).fg.isDynamicPattern(arg)) {
      // The glob's fixed folder is searched with the rest of it, so an absolute glob (or one
      // climbing with ../) finds the same files from any working directory.
      const { base: fixed, glob } = (await loadGlobTools()).picomatch.scan(arg);
      const root = realFolder(resolve(cwd, fixed));
      const holdsGlob = options.heldToConfig?.holdsEvery?.(arg) === true;
      let found = 0;
      const { entries, notEntered } = await walk(root, glob, arg);
      for (const folder of notEntered.map((raw) => notUtf8Entry(fixed, root, raw, 'enter'))) {
        // Left out by a glob leaving out all it holds (`b*/`): matched as a folder, with its slash.
        if (ignored?.(`${folder.filePath}/`, folder.absolutePath)) continue;
        found += 1;
        add(folder);
      }
      for (const { path: rel, link, raw } of entries) {
        if (raw !== undefined) {
          const file = notUtf8Entry(fixed, root, raw, 'read');
          if (ignored?.(file.filePath, file.absolutePath)) continue;
          found += 1;
          add({ ...file, searchRoot: root });
          continue;
        }
        const filePath = joinShown(fixed, rel);
        const outside = link && linksOutside(join(root, rel), [...roots, root]) ? { linksOutside: true as const } : {};
        if (holdsGlob ? !keptHeldWhole(filePath, join(root, rel), () => options.heldToConfig!.hold(filePath, { arg, glob: true })) : ignored?.(filePath, join(root, rel)) === true) continue;
        found += 1;
        if (!holdsGlob) options.heldToConfig?.hold(filePath, { arg, glob: true });
        add({ filePath, absolutePath: join(root, rel), searchRoot: root, ...outside });
      }
      searched({ arg, kind: 'glob', found });
    } else if (options.errorOnUnmatchedPattern !== false) {
      throw new NoSuchPathError(arg);
    }
    if (chunk.length > 0) yield takeChunk();
  }
  options.heldToConfig?.settle(seen.size + (options.checkedBeside ?? 0), foundByPath);
}

/**
 * The paths of `paths` that name a file (not a folder or a glob) which the ignore globs leave
 * out, as given: what a search that found nothing says, since the user named them.
 */
export async function ignoredNamedFiles(paths: readonly string[], options: Pick<DiscoverSettings, 'cwd' | 'ignore' | 'configIgnore'> = {}): Promise<string[]> {
  const isIgnored = await makeIgnoreMatcher(options);
  if (!isIgnored) return [];
  return paths.filter((arg) => {
    const named = resolve(options.cwd ?? process.cwd(), arg);
    return arg !== '-' && pathKind(named) === 'other' && isIgnored(arg, inRealFolder(named));
  });
}

/** A path argument and the folder its files really are in: where the config lookup starts for it. */
export interface ArgumentFolder {
  arg: string;
  folder: string;
  /** The argument is a glob, its files matched from the working folder: `folder` is its fixed part, `fixed` that part as written (its files are reported below it). */
  glob?: { fixed: string };
}

/**
 * The folder each argument's files are in, as {@link discoverInChunks} finds them: a folder
 * itself, a file's folder, a glob's fixed folder, each as named (its links not resolved);
 * standard input the folder `stdinFilePath` names (none: `cwd`). A path that names
 * nothing and is no glob has no files, and no folder. A few stats per argument: the glob library
 * is loaded only for an argument that is not there.
 */
export async function argumentFolders(paths: readonly string[], cwd: string, stdinFilePath: string | undefined): Promise<ArgumentFolder[]> {
  const folders: ArgumentFolder[] = [];
  for (const arg of paths) {
    if (arg === '-') {
      folders.push({ arg, folder: stdinFilePath === undefined ? resolve(cwd) : dirname(resolve(cwd, stdinFilePath)) });
      continue;
    }
    // As named, links not resolved: a workspace kept on another disk (.eval-magic a link) is still
    // under its repository's config, as the files of the folder you name are.
    const named = resolve(cwd, arg);
    const kind = pathKind(named);
    if (kind === 'directory') folders.push({ arg, folder: named });
    else if (kind === 'other') folders.push({ arg, folder: dirname(named) });
    else {
      const { fg, picomatch } = await loadGlobTools();
      if (fg.isDynamicPattern(arg)) {
        const fixed = picomatch.scan(arg).base;
        folders.push({ arg, folder: resolve(cwd, fixed), glob: { fixed } });
      }
    }
  }
  return folders;
}

/**
 * Blocking, like the reads: a stat is answered in microseconds, and node:fs/promises (loaded by
 * its first use, with readline's internals) would cost a one-file check ~1.5 ms.
 */
function pathKind(absolute: string): 'directory' | 'other' | 'missing' {
  try {
    return statSync(absolute).isDirectory() ? 'directory' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // A dangling link is there, as a link: the read stage reports it on the file, as a search's.
    if (code === 'ENOENT') return isLink(absolute) ? 'other' : 'missing';
    if (code === 'ENOTDIR') return 'missing';
    // Exists but cannot be looked at (EACCES, ELOOP, …): let the read stage report it on the file.
    return 'other';
  }
}

function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}

/**
 * A glob's walk: the entries it matches, and the folders (as bytes, from `cwd`) it would have
 * entered but could not, their names not UTF-8 — fast-glob reads names as text, so such a name
 * comes back with U+FFFD and names no folder: it passed over them in silence.
 */
async function walk(cwd: string, pattern: string | readonly string[], arg: string): Promise<{ entries: Array<{ path: string; link: boolean; raw?: Buffer }>; notEntered: Buffer[] }> {
  const { fg } = await loadGlobTools();
  // Each name not UTF-8 met, by the lossy path fast-glob would enter it by.
  const lossy = new Map<string, Buffer>();
  const notEntered: Buffer[] = [];
  const readdirSync = ((dir: string, options?: object) => {
    const raw = lossy.get(resolve(dir));
    if (raw !== undefined) {
      notEntered.push(raw);
      return [];
    }
    const listed = fs.readdirSync(dir, options as { withFileTypes: true });
    if (listed.some((entry) => entry.name.includes('\uFFFD'))) {
      const at = pathInsideBytes(cwd, dir);
      for (const name of fs.readdirSync(dir, { encoding: 'buffer' })) if (!isUtf8(name)) lossy.set(resolve(dir, name.toString()), Buffer.concat([at, name]));
    }
    return listed;
  }) as typeof fs.readdirSync;
  try {
    // Files and anything else that matches (a FIFO or a folder named conversation.json is
    // reported by the read stage rather than silently skipped) — but only entries, not folders
    // we would search anyway.
    const patterns = typeof pattern === 'string' ? [pattern] : [...pattern];
    // fast-glob's synchronous walk: the async one sends every readdir through libuv's thread
    // pool two at a time and took 3–4 × longer on a 10,000-artifact workspace (0.9 s vs 0.22 s).
    // A walk reads only names, so blocking briefly costs less than the round trips.
    const entries = fg.sync(patterns, { cwd, dot: true, ignore: ALWAYS_IGNORED, onlyFiles: false, followSymbolicLinks: false, objectMode: true, fs: { readdirSync } });
    const rootName = cwd.split(/[\\/]/).filter(Boolean).pop() ?? '';
    const matched = entries
      .filter((e) => !e.dirent.isDirectory() || patterns.some((p) => e.name === lastSegment(p)))
      .filter((e) => !isInKeptTaskFolder(cwd, e.path, rootName))
      // A name not UTF-8 by its bytes: read as text, it opens nothing ("disappeared", it was said).
      .map((e) => ({ path: e.path, link: e.dirent.isSymbolicLink(), ...(lossy.has(resolve(cwd, e.path)) ? { raw: lossy.get(resolve(cwd, e.path))! } : {}) }));
    return { entries: matched, notEntered };
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    throw new ArtifactIOError(`Cannot search ${JSON.stringify(arg)}: ${e.code ?? ''} ${e.path ? `at ${JSON.stringify(e.path)}` : e.message}`.trim(), arg);
  }
}

/**
 * What a glob's walk from `root` (shown as `shown`) met under a name not UTF-8 (`raw`, its path
 * from `root` as bytes): a folder it could not enter, or a file its name as read cannot open —
 * said, not passed over, as the files below it, or it, were never read.
 */
function notUtf8Entry(shown: string, root: string, raw: Buffer, cannot: 'enter' | 'read'): DiscoveredArtifact & { filePath: string } {
  const rel = showBytes(raw);
  return { filePath: joinShown(shown, rel), absolutePath: join(root, rel), rawPath: Buffer.concat([Buffer.from(`${root}/`), raw]), rawFilePath: Buffer.concat([Buffer.from(joinShown(shown, '')), raw]), globCannot: cannot };
}

/** `dir` (UTF-8: fast-glob entered it) below `root`, as bytes ending in `/` ('' for `root` itself). */
function pathInsideBytes(root: string, dir: string): Buffer {
  const rel = resolve(dir).slice(resolve(root).length).replace(/^\/+/, '');
  return Buffer.from(rel === '' ? '' : `${rel}/`);
}

function lastSegment(pattern: string): string {
  return pattern.slice(pattern.lastIndexOf('/') + 1);
}

