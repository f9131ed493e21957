// Which evals.json an iteration's runs are graded and judged by: the one its campaign.json names,
// found outside the workspace (where an agent could have written one), the recorded bytes first.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { isInside } from '../fs/inside.js';
import { holdsCr, lfSha256 } from '../fs/line-endings.js';
import type { Iteration } from './locate.js';

/** node:crypto, loaded on first use: a one-file check reaches this module and never hashes (test/package/start-up). */
const createHash = (algorithm: string) => process.getBuiltinModule('node:crypto').createHash(algorithm);

/** A skill's own folder, where campaign takes it by default (--skill): the folder above the `evals/` folder holding evals.json. */
export function defaultSkillDir(evalsPath: string): string {
  return dirname(dirname(evalsPath));
}

/**
 * The folder an iteration's runs were written under, which no evals.json is taken from: the
 * workspace (`<workspace>/<skill>/iteration-<n>`) for a campaign's iteration, else the iteration itself.
 */
export function workspaceFolderOf(iteration: Pick<Iteration, 'dir' | 'campaign'>): string {
  return iteration.campaign !== undefined ? dirname(dirname(iteration.dir)) : iteration.dir;
}

/**
 * campaign.json's evals.json, if one is found outside the workspace. An absolute path (newer
 * records) is that file. When nothing is there (a workspace merged from CI runners, another
 * checkout), the file at the same trailing path below a folder above the workspace: first within
 * the workspace's own repository (up to the nearest folder holding `.git`; with none, the folder
 * holding the workspace), the one whose bytes —
 * or their LF reading, a checkout's conversion — are the recorded ones, else the one keeping the
 * most of the recorded path (at least the evals.json's own folder), nearest first: edited in that
 * checkout, it is what the user means, and compare says how it differs (evals-changed). Above the
 * repository, only a file of the recorded bytes: a stray `evals/evals.json` in a
 * folder above, /tmp say, never grades the runs. A relative path (older records) was relative to
 * where campaign ran, which they do not say: tried from each folder above the workspace, then the
 * working directory; the first whose bytes are the recorded ones wins, else the first there.
 */
export function campaignEvalsPath(iteration: Iteration, cwd: string): string | undefined {
  const path = iteration.campaign?.evals.path;
  if (path === undefined) return undefined;
  const workspace = workspaceFolderOf(iteration);
  const outside = (p: string) => !isInside(workspace, p, false) && isThere(p);
  const recorded = iteration.campaign?.evals.sha256;
  if (isAbsolute(path)) {
    if (outside(path)) return path;
    const segments = path.split(/[\\/]/).filter((s) => s !== '');
    const above = ancestors(dirname(workspace));
    // The repository's root, else (a tree unpacked from an archive, no .git) the folder holding the workspace.
    const found = above.findIndex((dir) => isThere(join(dir, '.git')));
    const root = found === -1 ? 0 : found;
    const candidates = (bases: readonly string[]) => bases.flatMap((base, near) => segments.map((_, k) => ({ path: join(base, ...segments.slice(k)), kept: segments.length - k, near }))).filter((c) => outside(c.path));
    const own = candidates(above.slice(0, root + 1));
    const edited = own.filter((c) => c.kept >= 2 && isFile(c.path)).sort((a, b) => b.kept - a.kept || a.near - b.near);
    return (own.find((c) => hasRecordedBytes(c.path, recorded)) ?? edited[0] ?? candidates(above.slice(root + 1)).find((c) => hasRecordedBytes(c.path, recorded)))?.path;
  }
  const found = [...new Set(relativeBases(iteration, cwd).map((base) => resolve(base, path)))].filter(outside);
  return found.find((p) => hasRecordedBytes(p, recorded)) ?? found[0];
}

/**
 * The folders a relative path campaign.json records may be relative to, where the record does not
 * say or says a folder of another machine (a workspace merged from CI, another checkout): each
 * folder above the workspace, nearest first, then `cwd`, where the reader was started.
 */
export function relativeBases(iteration: Pick<Iteration, 'dir' | 'campaign'>, cwd: string): string[] {
  return [...ancestors(dirname(workspaceFolderOf(iteration))), cwd];
}

/**
 * This machine's folder for the one campaign was started in (`started_in`, of the machine that
 * wrote the record), found as the evals.json its runs are graded by (`evalsPath`) lies from it as
 * the recorded `evals.path` lay from `started_in`: a workspace merged from CI and kept anywhere
 * still finds a source relative to the folder campaign was started in. Undefined when the record
 * says neither, or `evalsPath` does not end as the recorded path does.
 */
export function startedInHere(campaign: { started_in?: string | undefined; evals: { path: string } }, evalsPath: string): string | undefined {
  if (campaign.started_in === undefined || !isAbsolute(campaign.evals.path)) return undefined;
  const steps = relative(campaign.started_in, campaign.evals.path).split(/[\\/]/).filter((s) => s !== '');
  const up = steps.findIndex((s) => s !== '..');
  const tail = steps.slice(up === -1 ? steps.length : up);
  const found = resolve(evalsPath).split(sep);
  if (tail.length === 0 || found.length <= tail.length || found.slice(-tail.length).join('/') !== tail.join('/')) return undefined;
  // Each `..` climbed out of one of started_in's own last folders: they are named below the shared part here.
  const climbed = up === -1 ? steps.length : up;
  const own = climbed === 0 ? [] : campaign.started_in.split(/[\\/]/).filter((s) => s !== '').slice(-climbed);
  return join(found.slice(0, -tail.length).join(sep) || sep, ...own);
}

/**
 * The evals.json named for an iteration's runs before any is looked up — `given` (--evals, from
 * `cwd`), else what {@link campaignEvalsPath} finds — one rule for compare and judge. Undefined:
 * each run's is looked up by check.
 */
export function namedEvalsPath(iteration: Iteration, given: string | undefined, cwd: string): string | undefined {
  return given !== undefined ? resolve(cwd, given) : campaignEvalsPath(iteration, cwd);
}

/** The eval ids of one evals.json (a Map by id or a Set of ids). */
export interface EvalIds {
  has(id: string): boolean;
}

/**
 * The ids of the evals.json {@link namedEvalsPath} names for an iteration's runs, as the caller read
 * it (once); undefined when none is named — its runs' evals are then told by check, after the arms.
 * One named that cannot be read throws its error (the caller's refusal of it): which evals pool
 * cannot be told without it. A run of an eval not among them is left out by compare ("its eval is
 * not in …") and not judged by judge.
 */
export type EvalIdsOf = (iteration: Iteration) => EvalIds | undefined;

/**
 * `evalIdsOf` narrowed to the evals a command takes (judge's `--eval`; none given: every eval):
 * an eval it leaves out pools nothing, so its lone arm refuses nothing (compare takes every eval).
 */
export function evalIdsAmong(evalIdsOf: EvalIdsOf | undefined, taken: readonly string[] | undefined): EvalIdsOf | undefined {
  if (taken === undefined || taken.length === 0) return evalIdsOf;
  return (iteration) => {
    const named = evalIdsOf?.(iteration);
    return { has: (id) => taken.includes(id) && (named?.has(id) ?? true) };
  };
}

/** Whether compare can count `location`'s eval: held by the evals.json named for its iteration, or none known before check. */
export function evalStillNamed(location: { iteration: Iteration; evalId: string }, evalIdsOf: EvalIdsOf | undefined): boolean {
  return evalIdsOf?.(location.iteration)?.has(location.evalId) ?? true;
}

/**
 * Why no evals.json grades or judges an iteration's runs: what its campaign.json names and where
 * it was not taken from, why its campaign.json cannot be used, or that there is none. `shown`
 * names a path as the user would type it; `option`, the option that names an evals.json (`--evals`,
 * or a library's as its optionNaming spells it).
 */
function whyNoEvals(iteration: Iteration, shown: (path: string) => string, option: string): string {
  const named = iteration.campaign?.evals.path;
  if (named !== undefined) {
    return `its campaign.json names ${JSON.stringify(named)}, which is not found outside ${shown(workspaceFolderOf(iteration))} (the workspace, two levels above the iteration: no evals.json is taken from inside it, where an agent could have written one); name the evals.json the campaign ran with ${option}`;
  }
  if (iteration.campaignProblem !== undefined) return `its campaign.json cannot be used (${iteration.campaignProblem.replace(/\.$/, '')}), and no evals.json was found for it; name one with ${option}`;
  return `no evals.json was found for it; name one with ${option}`;
}

/** An evals.json's digests as campaign.json's is held to them: of its bytes, and of their LF reading (a checkout's conversion). */
export interface EvalsDigests {
  sha256: string;
  lfSha256: string;
}

/** The {@link EvalsDigests} of an evals.json's bytes. */
export function evalsDigests(bytes: Uint8Array): EvalsDigests {
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  return { sha256, lfSha256: holdsCr(bytes) ? lfSha256(bytes) : sha256 };
}

/** The evals.json an iteration's runs are graded and judged by, or why they have none. */
export type IterationEvals = { path: string } | { problem: string };

/**
 * Which evals.json stands for an iteration's runs — check, compare and judge take it by this one
 * rule. `named`: the one named for it (--evals, else what {@link campaignEvalsPath} found), taken
 * whatever is there: a folder at its name is said when it is read, never a reason to take
 * another. Else `lookedUp` (absolute), one a lookup found near the runs: for a campaign's runs
 * only with the bytes it ran (`digestsOf`; undefined: unreadable), and never one inside the
 * workspace, where an agent could have written it. `shown`, `option`: as for {@link whyNoEvals}.
 */
export function iterationEvals(iteration: Iteration, named: string | undefined, lookedUp: string | undefined, digestsOf: (path: string) => EvalsDigests | undefined, shown: (path: string) => string, option: string): IterationEvals {
  if (named !== undefined) return { path: named };
  if (lookedUp === undefined) return { problem: whyNoEvals(iteration, shown, option) };
  const recorded = iteration.campaign?.evals.sha256;
  if (recorded !== undefined && !isRecorded(digestsOf(lookedUp), recorded)) {
    return { problem: `${whyNoEvals(iteration, shown, option)} (the evals.json found near its runs, ${shown(lookedUp)}, is not the one it ran)` };
  }
  if (isInside(workspaceFolderOf(iteration), lookedUp, false)) {
    return { problem: `the evals.json found for it, ${shown(lookedUp)}, lies inside the workspace, where an agent could have written it; name the real one with ${option}` };
  }
  return { path: lookedUp };
}

function isRecorded(digests: EvalsDigests | undefined, recorded: string): boolean {
  return digests !== undefined && (digests.sha256 === recorded || digests.lfSha256 === recorded);
}

/** Whether a regular file is at `path` (a FIFO or a folder at the name of an evals.json is none). */
function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

/** Whether something is at `path`; behind a folder this user may not enter (EACCES) counts as not. */
function isThere(path: string): boolean {
  try {
    return statSync(path, { throwIfNoEntry: false }) !== undefined;
  } catch {
    return false;
  }
}

/** `dir` and every folder above it, nearest first. */
function ancestors(dir: string): string[] {
  const all = [dir];
  for (let up = dirname(dir); up !== all[all.length - 1]; up = dirname(up)) all.push(up);
  return all;
}

/** Whether `path` is a regular file (a FIFO or device is never opened) whose bytes, or their LF reading, have the sha256 `recorded`. */
function hasRecordedBytes(path: string, recorded: string | undefined): boolean {
  try {
    return recorded !== undefined && statSync(path).isFile() && isRecorded(evalsDigests(readFileSync(path)), recorded);
  } catch {
    return false;
  }
}

/**
 * How compare and judge say the runs of an eval taken out of the evals.json they are graded by
 * (compare's eval-removed, a warning): what the command does with them (`done`), and what check
 * says of each (eval-missing, an error: it cannot tell a removal from a rename or a misplaced run).
 */
export function evalRemovedWords(evalName: string, runs: number, done: string): string {
  return `Eval ${evalName} is not in the evals.json its runs are graded by (taken out after the campaign?): its ${runs} run${runs === 1 ? ' is' : 's are'} ${done}; check reports each as an eval-missing error`;
}
