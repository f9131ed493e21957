// Which evals.json an iteration's runs are graded and judged by: the one its campaign.json names,
// found outside the workspace (where an agent could have written one), the recorded bytes first.
import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, resolve } from 'node:path';
import { isInside } from '../fs/inside.js';
import { holdsCr, lfSha256 } from '../fs/line-endings.js';
import { CAMPAIGN_FILE } from './layout.js';
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
export function workspaceFolderOf(iteration: Iteration): string {
  return iteration.campaign !== undefined ? dirname(dirname(iteration.dir)) : iteration.dir;
}

/**
 * campaign.json's evals.json, if one is found outside the workspace. An absolute path (newer
 * records) is that file — unless the workspace is a copy of the one campaign ran in (another
 * checkout of its repository, a copied tree: the folder above the recorded file that holds this
 * iteration at the same place, with a campaign.json of the same bytes), when it is the file at the
 * same place in this copy, if there: a clone is graded by its own evals.json whether or not the
 * original is on the machine. When nothing is at the recorded path (a workspace merged from CI
 * runners, a copy whose original is gone), the file at the same trailing path below a folder above
 * the workspace: first within the workspace's own repository (up to the nearest folder holding
 * `.git`; with none, the folder holding the workspace), the one whose bytes — or their LF reading,
 * a checkout's conversion — are the recorded ones, else the one keeping the most of the recorded
 * path (at least the evals.json's own folder), nearest first: edited in that checkout, it is what
 * the user means, and compare says how it differs (evals-changed). Above the repository, only a
 * file of the recorded bytes: a stray `evals/evals.json` in a folder above, /tmp say, never grades
 * the runs. A relative path (older records) was relative to where campaign ran, which they do not
 * say: tried from each folder above the workspace, then the working directory; the first whose
 * bytes are the recorded ones wins, else the first there within the workspace's own repository or
 * from the working directory.
 */
export function campaignEvalsPath(iteration: Iteration, cwd: string): string | undefined {
  const path = iteration.campaign?.evals.path;
  if (path === undefined) return undefined;
  const workspace = workspaceFolderOf(iteration);
  const outside = (p: string) => !isInside(workspace, p, false) && isThere(p);
  const recorded = iteration.campaign?.evals.sha256;
  const above = ancestors(dirname(workspace));
  const root = repositoryRootIndex(above);
  if (isAbsolute(path)) {
    if (outside(path)) return ownCopyOf(path, iteration, above[root]!, outside) ?? path;
    const segments = path.split(/[\\/]/).filter((s) => s !== '');
    const candidates = (bases: readonly string[]) => bases.flatMap((base, near) => segments.map((_, k) => ({ path: join(base, ...segments.slice(k)), kept: segments.length - k, near }))).filter((c) => outside(c.path));
    const own = candidates(above.slice(0, root + 1));
    const edited = own.filter((c) => c.kept >= 2 && isFile(c.path)).sort((a, b) => b.kept - a.kept || a.near - b.near);
    return (own.find((c) => hasRecordedBytes(c.path, recorded)) ?? edited[0] ?? candidates(above.slice(root + 1)).find((c) => hasRecordedBytes(c.path, recorded)))?.path;
  }
  const fromCwd = resolve(cwd, path);
  const found = [...new Set([...above, cwd].map((base) => resolve(base, path)))].filter(outside);
  // Of another's bytes, only one in the workspace's own repository or named from the working
  // folder: a stray above the repository (in /tmp, say) never grades the runs, as for an absolute path.
  return found.find((p) => hasRecordedBytes(p, recorded)) ?? found.find((p) => p === fromCwd || isInside(above[root]!, p, false));
}

/**
 * When the iteration is a copy of the one campaign ran in — the folder above the `recorded`
 * evals.json that holds this iteration at the same place below it (relative to `ownRoot`, the
 * workspace's repository) has a campaign.json of the same bytes — the file at the recorded one's
 * place in this copy, if one is there; else undefined (then the recorded file is the one).
 */
function ownCopyOf(recorded: string, iteration: Iteration, ownRoot: string, outside: (p: string) => boolean): string | undefined {
  if (isInside(ownRoot, recorded, false)) return undefined;
  const place = relative(ownRoot, iteration.dir);
  if (place.startsWith('..') || isAbsolute(place)) return undefined;
  const ours = readBytes(join(iteration.dir, CAMPAIGN_FILE));
  if (ours === undefined) return undefined;
  const original = ancestors(dirname(recorded)).find((dir) => sameText(readBytes(join(dir, place, CAMPAIGN_FILE)), ours));
  if (original === undefined) return undefined;
  const counterpart = join(ownRoot, relative(original, recorded));
  return outside(counterpart) && isFile(counterpart) ? counterpart : undefined;
}

/** Whether two files' bytes are the same, each CRLF read as LF (a checkout's conversion). */
function sameText(a: Buffer | undefined, b: Buffer): boolean {
  return a !== undefined && (a.equals(b) || ((holdsCr(a) || holdsCr(b)) && lfSha256(a) === lfSha256(b)));
}

/** A regular file's bytes, or undefined (none there, a FIFO or a folder at the name, unreadable). */
function readBytes(path: string): Buffer | undefined {
  try {
    return statSync(path).isFile() ? readFileSync(path) : undefined;
  } catch {
    return undefined;
  }
}

/** Of `above` (a workspace's folder and those above it, nearest first), the index of its repository's root: the nearest holding `.git`, else 0 (a tree unpacked from an archive: the folder holding the workspace). */
function repositoryRootIndex(above: readonly string[]): number {
  const found = above.findIndex((dir) => isThere(join(dir, '.git')));
  return found === -1 ? 0 : found;
}

/**
 * Why no evals.json grades or judges an iteration's runs: what its campaign.json names and where
 * it was not taken from, why its campaign.json cannot be used, or that there is none. `shown`
 * names a path as the user would type it; `option`, the option that names an evals.json (`--evals`,
 * or a library's as its optionNaming spells it).
 */
export function whyNoEvals(iteration: Iteration, shown: (path: string) => string, option: string): string {
  const named = iteration.campaign?.evals.path;
  if (named !== undefined) {
    return `its campaign.json names ${JSON.stringify(named)}, which is not found outside ${shown(workspaceFolderOf(iteration))} (the workspace, two levels above the iteration: no evals.json is taken from inside it, where an agent could have written one); name the evals.json the campaign ran with ${option}`;
  }
  if (iteration.campaignProblem !== undefined) return `its campaign.json cannot be used (${iteration.campaignProblem.replace(/\.$/, '')}), and no evals.json was found for it; name one with ${option}`;
  return `no evals.json was found for it; name one with ${option}`;
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
    if (recorded === undefined || !statSync(path).isFile()) return false;
    const bytes = readFileSync(path);
    return createHash('sha256').update(bytes).digest('hex') === recorded || (holdsCr(bytes) && lfSha256(bytes) === recorded);
  } catch {
    return false;
  }
}
