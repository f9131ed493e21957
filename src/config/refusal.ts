// check's refusal of files under several configs, and what it advises: the checks to run apart,
// each with the options of the check refused, or the folders to check by hand and why. Pure text
// from what src/config.ts's lookup found; every advised command is followed literally in
// test/cli/one-config.test.ts.
import { existsSync } from 'node:fs';
import { basename, dirname, isAbsolute, resolve } from 'node:path';
import { ignoreMatchedPath } from '../checker/index.js';
import { realFolder } from '../fs/folders.js';
import { isInside, pathInside } from '../fs/inside.js';
import { joinShown, shownPath } from '../fs/shown-path.js';
import { shellOptionWords, shellPathWord } from '../text/escape.js';
import { andList } from '../text/lists.js';
import { parseIterationFolder } from '../workspace/layout.js';

/** Where a lookup starts: an argument as given (for messages) and the folder its files are in. */
export interface ConfigLookupStart {
  arg: string;
  folder: string;
  /** A glob (matched from the working folder; no check of a folder apart can be given it), with its fixed folder as written, which its files are reported below. */
  glob?: { fixed: string };
}

/** What a refusal needs of the lookup: where it started, whether whole iterations were looked up from, and the paths named that found the paths' own config. */
export interface RefusalLookup {
  from: readonly ConfigLookupStart[];
  iterations: boolean;
  underPath: readonly string[];
}

/** What check's refusal of paths under different configs gives its checks apart: its ignore option as named (the CLI's flag, or the library's name), and what they take of the check refused. */
export interface ChecksApart {
  ignore: string;
  repeated: RepeatedOptions;
}

/** Arguments named in a refusal, per config: a pre-commit run names a hundred files. */
const ARGS_SHOWN = 3;

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

export const NOTHING_REPEATED: RepeatedOptions = { options: [], reportFiles: [] };

/** A config other than the paths' found from a file's folder (`own`; undefined: none, a repository inside stopped the lookup), the folder it applies from, and its first file. */
export interface OtherConfig {
  own: string | undefined;
  folder: string;
  /** The folder, absolute. */
  at: string;
  /** The folder as the paths checked are reported (absolute when they are): what an --ignore glob is matched against. */
  reported: string;
  file: string;
  /** Its folder's path is not UTF-8: the folder on it whose name is not (as `reported` is), shown with `\xNN` for those bytes; no argument, UTF-8 text, names it. */
  unspellable?: string;
  /** Checked apart by any spelling its folder was met by, the --ignore globs that check carries would leave out a file the check refused kept: no check of it apart checks what that one did. */
  leftOutApart?: true;
  /** Whether a search of a folder named found files here, whether a glob named found any it did not, and the files named here that no search met (as named). */
  searched?: boolean;
  globAlone?: boolean;
  files?: readonly string[];
  /** The folders named whose searches found files here ('': a file held as a search's). */
  searchedBy?: readonly string[];
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
export function otherConfigsRefusal(cwd: string, named: { config: string; ignore: string | undefined; repeated: RepeatedOptions }, path: string | undefined, lookup: RefusalLookup, others: OtherConfig[], rest: { restLeft: boolean; emptied: readonly string[] }): string {
  const sorted = others.sort(byFolder);
  const shown = sorted.slice(0, OTHERS_SHOWN);
  const more = sorted.length - shown.length;
  const groups = [[path, lookup.underPath] as const, ...shown.map(({ own, file }) => [own, [file]] as const)];
  const said = differentConfigs(cwd, groups, more);
  const below = '(a config file in a folder below the path named applies only when that folder, or one in it, is named)';
  const repository = '(a repository inside the folder named has its own config, or none: the lookup stops at its root)';
  // A folder named at the root of its own config (check a b, b's) is no folder below a path named.
  const namedAt = new Set(lookup.from.filter((start) => start.arg !== '-' && start.glob === undefined && resolve(cwd, start.arg) === start.folder).map(({ folder }) => realFolder(folder)));
  const isNamed = (other: OtherConfig) => namedAt.has(realFolder(other.at));
  const namedOwn = '(a folder named that holds a config of its own is checked under it, apart from the paths under another)';
  const why = [...(sorted.some((other) => other.own !== undefined && !isNamed(other)) ? [below] : []), ...(sorted.some((other) => other.own !== undefined && isNamed(other)) ? [namedOwn] : []), ...(sorted.some(({ own }) => own === undefined) ? [repository] : [])].join(' ');
  // compare and judge take whole iterations: a config below one cannot be named apart by them.
  const inIterations = sorted.filter(({ own }) => own !== undefined && insideIteration(dirname(own))).length;
  const forIterations = lookup.iterations && inIterations > 0 ? `; compare and judge take whole iterations: for them, move ${inIterations === 1 ? "it to the iteration's folder" : "each to its iteration's folder"} or above` : '';
  // check's advice is checks to run; compare's and judge's (whole iterations, no --ignore) the folders alone.
  const advice = named.ignore === undefined || lookup.iterations ? foldersAdvice(shown, sorted, why, repository) : checkAdvice(cwd, { ignore: named.ignore, repeated: named.repeated }, lookup, sorted, { why, repository, ...rest });
  return `${said} One check applies one config: name the one to use with ${named.config}, or check ${advice}${forIterations}.`;
}

/**
 * check's advice, after "or check": checks written out, each with the options of the check
 * refused — but for a folder whose files only a glob named found, left to check by hand (the glob
 * is matched from the working folder), and all by hand when no check can be written.
 */
function checkAdvice(cwd: string, { ignore, repeated }: ChecksApart, lookup: RefusalLookup, sorted: readonly OtherConfig[], { why, repository, restLeft, emptied }: { why: string; repository: string; restLeft: boolean; emptied: readonly string[] }): string {
  const cli = ignore.startsWith('--');
  const word = adviceWord(ignore);
  const globs = lookup.from.filter(({ glob }) => glob !== undefined);
  const reachedBy = (other: OtherConfig) => globs.filter(({ folder }) => isInside(folder, other.at) || isInside(other.at, folder));
  // A folder the search of a folder named at or above it found files in is checked apart by
  // folder, the glob's files there with its search's; one no such search met is checked by the
  // paths that found its files — the folders and files named in it, and each glob reaching it when
  // it starts inside it and reaches no other ({@link globsApart}), else by hand; one with both, by
  // hand altogether. A check of the folder would check files no path named meets.
  // Met from above: by the search of a folder named at or above it, which a check of the folder apart stands for.
  const startOf = new Map(lookup.from.map((start) => [start.arg, start]));
  const searchedInside = (other: OtherConfig) => (other.searchedBy ?? []).filter((arg) => {
    const start = startOf.get(arg);
    return start !== undefined && start.glob === undefined && isInside(realFolder(other.at), realFolder(start.folder), true);
  });
  const metFromAbove = (other: OtherConfig) => other.searched === true && searchedInside(other).length < (other.searchedBy ?? ['']).length;
  const reachedAll = sorted.filter((other) => !metFromAbove(other) && (other.globAlone === true || other.files !== undefined || other.searched === true));
  const byPaths = new Map(reachedAll.flatMap((other) => {
    const globsGiven = other.globAlone === true ? globsApart(other, sorted, reachedBy) : [];
    return globsGiven === undefined ? [] : [[other, [...searchedInside(other), ...globsGiven.map(({ arg }) => arg), ...(other.files ?? [])]] as const];
  }));
  const reached = reachedAll.filter((other) => !byPaths.has(other));
  const mixed = sorted.find((other) => other.globAlone === true && metFromAbove(other));
  const mixedUnwritable = mixed === undefined ? undefined : `${andList(reachedBy(mixed).map(({ arg }) => word(arg)))} match${reachedBy(mixed).length === 1 ? 'es' : ''} files in ${word(mixed.reported)} that a search of the folder does not find, and ${GLOB_UNWRITABLE}`;
  const spellings = restSpellings(cwd, lookup, ignore, word);
  // Why the rest cannot leave out a folder it must (named through "..", say), if it cannot: no --ignore glob names it alone.
  const unspelt = restLeft ? sorted.filter((other) => !sorted.some((outer) => isInside(outer.at, other.at, true))).map(spellings).find((spelling) => 'why' in spelling) : undefined;
  const shownWord = unspellableWord(sorted, word);
  const unwritable = notUtf8Unwritable(sorted) ?? spellingsUnwritable(sorted, ignore, word) ?? unwritableChecks(repeated, cli) ?? (reached.length === sorted.length ? GLOB_UNWRITABLE : undefined) ?? mixedUnwritable ?? (unspelt !== undefined && 'why' in unspelt ? unspelt.why : undefined);
  if (unwritable !== undefined) return `${apartAdvice(sorted.slice(0, OTHERS_SHOWN), sorted.length, why, repository, shownWord)} — by hand: ${unwritable}`;
  const exact = sorted.filter((other) => !reachedAll.includes(other));
  // Each checked by its paths, as named: from the working folder, each finds the folder's config and finds there what it found.
  const pathChecks = [...byPaths.values()].map((given) => [...new Set(given)].map(word).join(' '));
  const checks = checksAdvice(exact.slice(0, OTHERS_SHOWN), exact, why, ignore, { restLeft, named: lookup.from, emptied, beforePaths: repeated.beforePaths, spellings: (folder) => {
      const spelling = spellings(folder);
      return 'spelt' in spelling ? spelling.spelt : [folder.reported];
    }, alsoLeftOut: reachedAll, pathChecks });
  if (typeof checks !== 'string') return `${apartAdvice(sorted.slice(0, OTHERS_SHOWN), sorted.length, why, repository, word)} — by hand: ${checks.why}`;
  const reaching = [...new Set(reached.flatMap(reachedBy))];
  // Past five, as the other folders are: the rest's --ignore names each.
  const reachedShown = reached.slice(0, OTHERS_SHOWN).map(({ reported }) => word(reported));
  const reachedMore = reached.length - reachedShown.length;
  const inFolders = reachedMore === 0 ? andList(reachedShown) : `${reachedShown.join(', ')} and the ${reachedMore} more, which the rest's ${cli ? ignore : 'ignore globs'} name${cli ? 's' : ''}`;
  const byHand = reached.length === 0 ? '' : `; by hand, the files ${andList(reaching.map(({ arg }) => word(arg)))} match${reaching.length === 1 ? 'es' : ''} in ${inFolders} (${GLOB_UNWRITABLE})`;
  return `${checks}${repeatedAdvice(repeated, cli)}${byHand}`;
}

/**
 * The globs named that a check of `other` apart can be given as they are, if every one reaching it
 * can: each starts in it (its fixed folder, where its config lookup starts, lies in `other` and in
 * no other folder apart there) and reaches no other folder apart, so checked alone from the working
 * folder it finds `other`'s config and matches exactly the files it matched there.
 */
function globsApart(other: OtherConfig, sorted: readonly OtherConfig[], reachedBy: (other: OtherConfig) => ConfigLookupStart[]): ConfigLookupStart[] | undefined {
  const reaching = reachedBy(other);
  const startsHere = (glob: ConfigLookupStart) => isInside(realFolder(other.at), realFolder(glob.folder)) && !sorted.some((inner) => inner !== other && isInside(realFolder(inner.at), realFolder(glob.folder)) && isInside(realFolder(other.at), realFolder(inner.at), true));
  const reachesOthers = (glob: ConfigLookupStart) => sorted.some((folder) => folder !== other && reachedBy(folder).includes(glob));
  return reaching.length > 0 && reaching.every((glob) => startsHere(glob) && !reachesOthers(glob)) ? reaching : undefined;
}

/** Why no check of the rest can be written when every path named lies in a folder apart, yet files are left beside them. */
const REST_UNWRITABLE = 'every path named lies in a folder checked apart, yet files it found lie outside them, and a check of the rest naming no path would check the working folder';

/** compare's and judge's advice: the folders alone, and by hand for one whose path is not UTF-8. */
function foldersAdvice(shown: readonly OtherConfig[], sorted: readonly OtherConfig[], why: string, repository: string): string {
  const notUtf8 = notUtf8Unwritable(sorted);
  return `${apartAdvice(shown, sorted.length, why, repository, unspellableWord(sorted, JSON.stringify))}${notUtf8 === undefined ? '' : ` — by hand: ${notUtf8}`}`;
}

/** A folder's name in advice, but one whose path is not UTF-8 shown as is: quoted, `'x\xFF'` or `"x\\xFF"` names another folder (one whose name is those four characters). */
function unspellableWord(others: readonly OtherConfig[], word: (text: string) => string): (text: string) => string {
  return (text) => (others.some((other) => other.unspellable !== undefined && other.reported === text) ? text : word(text));
}

/** Why a folder apart whose path is not UTF-8 cannot be named, and what can be done, if there is one. */
function notUtf8Unwritable(others: readonly OtherConfig[]): string | undefined {
  const other = others.find(({ unspellable }) => unspellable !== undefined);
  if (other === undefined) return undefined;
  return `the name of ${other.unspellable} is not UTF-8 (shown with \\xNN for each such byte), and a path named is UTF-8 text, so none names ${other.reported}; rename it, or check a symbolic link to ${other.reported} apart`;
}

/** Why a folder apart reached by spellings the --ignore globs tell apart cannot be checked apart, if there is one. */
function spellingsUnwritable(others: readonly OtherConfig[], ignore: string, word: (text: string) => string): string | undefined {
  const other = others.find(({ leftOutApart }) => leftOutApart === true);
  if (other === undefined) return undefined;
  const globs = ignore.startsWith('--') ? `${ignore} globs` : `globs of ${ignore}`;
  return `the paths named reach the files of ${word(other.reported)} by more than one spelling, and the ${globs}, matched as each path is reported, leave out of each spelling files they keep in another, so no check of it apart checks the files this one did; name them one way`;
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
export function namedChecksAdvice(groups: ReadonlyArray<readonly string[]>, { ignore, repeated }: ChecksApart): string {
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
function restSpellings(cwd: string, { from }: RefusalLookup, ignoreNamed: string, word: (text: string) => string): (folder: OtherConfig) => RestSpelling {
  const named = from.filter((start) => start.arg !== '-' && (start.glob !== undefined || resolve(cwd, start.arg) === start.folder));
  const relativeNamed = named.filter(({ arg }) => !isAbsolute(arg));
  // Where each is: a search enters no link, so a link named (`la`, to a) reports a/b's files as la/b/….
  const where = new Map(named.map((start) => [start, realFolder(start.folder)]));
  return (folder) => {
    const at = realFolder(folder.at);
    const reporting = named.filter((start) => isInside(start.folder, folder.at, true) || isInside(where.get(start)!, at, true));
    // Where it really is first: `.` reports a folder apart met through la as a/…, as its search meets it.
    const below = (start: ConfigLookupStart) => pathInside(where.get(start)!, at) ?? pathInside(start.folder, folder.at)!;
    const spelt = [...new Set(reporting.map((start) => joinShown(reportedBase(start), below(start))))];
    const glob = ignoreNamed.startsWith('--') ? `${ignoreNamed} glob` : `glob of ${ignoreNamed}`;
    const unplain = spelt.find((spelling) => ignoreMatchedPath(spelling).split('/').some((segment, at) => segment === '..' || segment === '.' || (segment === '' && !(at === 0 && isAbsolute(spelling)))));
    if (unplain !== undefined) {
      const by = reporting.find((start) => joinShown(reportedBase(start), below(start)) === unplain)!;
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
 * Why no rest can be written instead, if none can: files are left beside the folders apart but every
 * path named is dropped from it, or a path it keeps is spelt inside a folder apart it leaves out.
 */
function checksAdvice(shown: readonly OtherConfig[], all: readonly OtherConfig[], why: string, ignoreNamed: string, rest: RestSaid): string | { why: string } {
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
  // By where each really is: a search enters no link, so `self/a` (self -> .) meets a/b, and `a/b` never meets `a/b/upup/a` (upup -> ../..).
  const reals = new Map<OtherConfig, string>();
  const real = (folder: OtherConfig) => reals.get(folder) ?? reals.set(folder, realFolder(folder.at)).get(folder)!;
  const inside = (folder: OtherConfig, outer: OtherConfig) => folder !== outer && isInside(real(outer), real(folder), true);
  const outermost = (folders: readonly OtherConfig[]) => folders.filter((folder) => !folders.some((outer) => inside(folder, outer)));
  const within = new Map(shown.map((outer) => [outer, outermost(all.filter((folder) => inside(folder, outer)))]));
  const listed = [...new Set([...shown, ...[...within.values()].flat()])].sort(byFolder);
  // Each as the check of the outer folder, named as shown, reports its files (`..` reports the working folder's as ../w/…).
  const nested = [...within].flatMap(([outer, folders]) => (folders.length === 0 ? [] : [`${word(outer.reported)} with ${flags(folders, (inner) => [joinShown(outer.reported, pathInside(real(outer), real(inner))!)])}`]));
  const unnamed = all.length - listed.length;
  // No file of the paths named is under their own config: the rest would find nothing (exit 2).
  const leftOut = outermost([...shown, ...rest.alsoLeftOut]);
  // A path named inside a folder apart is checked there: left in, the rest would find nothing under it (exit 2).
  // So is a folder or glob named whose every file is in one (`check x y`, x/a apart; `'*/b/*/conversation.json'`),
  // and one named through a link to it (`la`, a link to a): the search met its files where they are, once.
  // By where each really is: a link inside a folder apart leading out of it (a/lb -> ../b) is entered by no search of it.
  const inFolderApart = (folder: string) => leftOut.some((apart) => isInside(real(apart), realFolder(folder)));
  const dropped = rest.named.filter(({ arg, folder }) => arg !== '-' && (inFolderApart(folder) || rest.emptied.includes(arg))).map(({ arg }) => arg);
  // A path kept spelt below a folder apart, though it leads elsewhere (`a/up`, up -> .., beside `a`
  // apart): the rest's --ignore for that folder leaves out every file it reports. Dropped when
  // another path kept meets its files where they are; else checked apart, as named.
  const spelt = leftOut.flatMap((folder) => rest.spellings(folder).map((spelling) => [folder, ignoreMatchedPath(spelling)] as const));
  const shadowing = (arg: string) => spelt.find(([, spelling]) => !['', undefined].includes(pathInside(spelling, ignoreMatchedPath(arg))));
  const kept = rest.named.filter(({ arg }) => arg !== '-' && !dropped.includes(arg));
  const shadowed = kept.filter(({ arg }) => shadowing(arg) !== undefined);
  const metElsewhere = (start: ConfigLookupStart) => kept.some((other) => !shadowed.includes(other) && other.glob === undefined && isInside(realFolder(other.folder), realFolder(start.folder)));
  const unmetStarts = shadowed.filter((start) => !metElsewhere(start));
  // One holding a folder apart, checked apart, would meet that folder's config: by hand.
  const holding = unmetStarts.find((start) => all.some((folder) => isInside(realFolder(start.folder), real(folder))));
  if (rest.restLeft && holding !== undefined) {
    const [folder, spelling] = shadowing(holding.arg)!;
    return { why: `${word(holding.arg)} is named inside ${word(folder.reported)} but leads out of it, to a folder under another config: the rest's ${cli ? ignoreNamed : 'ignore glob'} ${word(`${spelling}/`)} would leave out its files too, and a check of it apart would meet that config; name it where it leads` };
  }
  const unmet = unmetStarts.map(({ arg }) => arg);
  dropped.push(...shadowed.map(({ arg }) => arg));
  const apartNames = [...listed.map(({ reported }) => word(reported)), ...rest.pathChecks, ...unmet.map(word)];
  const leadsOut = unmet.length === 0 ? '' : ' (a path named inside a folder apart that leads out of it is checked apart too: the rest leaves out all it reports)';
  const apart = apartNames.length === 1 ? `${apartNames[0]} apart ${why}${leadsOut}` : `each of ${apartNames.join(', ')} apart ${why}${leadsOut}`;
  // A rest with no path left is `check` alone, which checks the working folder: never written.
  if (rest.restLeft && rest.named.every(({ arg }) => dropped.includes(arg))) return { why: REST_UNWRITABLE };
  const dropping = dropped.length === 0 ? '' : ` — dropping ${cli ? dropped.map(shellPathWord).join(' ') : JSON.stringify(dropped)} from its paths —`;
  // Every folder apart a path named, all dropped: the rest leaves out nothing more.
  const leavesOut = leftOut.some((folder) => rest.spellings(folder).length > 0);
  const restWith = leavesOut ? `with ${flags(leftOut, rest.spellings)}${rest.beforePaths === undefined ? '' : ` before its ${rest.beforePaths}`}` : 'with nothing added';
  const restFlags = rest.restLeft ? ` and the rest${dropping} ${restWith}` : ' (nothing else is left to check)';
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
  /** Folders no search met, checked by the paths named that found their files, or by hand: the rest leaves them out too. */
  alsoLeftOut: readonly OtherConfig[];
  /** The checks of those paths, each a folder's as words. */
  pathChecks: readonly string[];
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
export function differentConfigs(cwd: string, groups: ReadonlyArray<readonly [string | undefined, readonly string[]]>, more = 0): string {
  const said = groups.map(([path, args]) => {
    const shown = args.slice(0, ARGS_SHOWN).map((a) => JSON.stringify(a)).join(', ') + (args.length > ARGS_SHOWN ? ` and ${args.length - ARGS_SHOWN} more` : '');
    return `${shown} (${path === undefined ? 'no config file' : shownPath(cwd, path)})`;
  });
  return `The paths checked have different config files: ${said.join('; ')}${more > 0 ? `; and ${more} more` : ''}.`;
}
