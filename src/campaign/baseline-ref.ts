// --baseline-ref: the skill as it is at a commit of the Git repository that holds its folder, read
// from Git's objects into a private folder (the working tree and the index are never touched).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import type { CampaignOptionNames } from './option-names.js';

/** A skill folder's tree at one commit, written out. */
export interface CheckedOutTree {
  /** The folder holding the tree (below a private temp folder; {@link removeCheckedOutTree} when done). */
  dir: string;
  /** The full commit id the ref named. */
  commit: string;
  /** The skill folder's path below the repository's top, '/'-separated ('' for the top itself). */
  pathInRepo: string;
}

/** Most bytes `git cat-file` may return for one skill's tree. */
const MAX_TREE_BYTES = 1 << 30;

/**
 * Writes the tree of the folder `skillDir` as it is at `ref` into a new temp folder: files with
 * their execute bit, links as links, a submodule as an empty folder (as `git archive` does).
 * Bytes are as committed: no checkout filter or export attribute applies.
 * @throws {UsageError} when git is missing, `skillDir` is in no Git repository, `ref` names no
 *   commit there, or the folder is absent at that commit.
 */
export function checkOutSkillAt(skillDir: string, ref: string, skillShown: string, names: Pick<CampaignOptionNames, 'baseline' | 'baselineRef'>): CheckedOutTree {
  const flag = `${names.baselineRef} ${JSON.stringify(ref)}`;
  // A ref starting with '-' would be read as an option by every git command below.
  if (ref === '' || ref.startsWith('-')) throw new UsageError(`${flag}: not a Git ref (nothing was run)`);
  const prefix = git(['rev-parse', '--show-prefix'], skillDir, () => `${flag}: the skill folder ${skillShown} is not in a Git repository, so there is no commit to read the baseline from; use ${names.baseline} <folder> instead (nothing was run)`, names.baselineRef).replace(/\n$/, '');
  const top = git(['rev-parse', '--show-toplevel'], skillDir, () => `${flag}: cannot find the top of ${skillShown}'s Git repository (nothing was run)`, names.baselineRef).replace(/\n$/, '');
  const commit = git(['rev-parse', '--verify', '--quiet', `${ref}^{commit}`], top, () => `${flag} names no commit of the Git repository ${top} (nothing was run)`, names.baselineRef).trim();
  const pathInRepo = prefix.replace(/\/$/, '');
  const treeish = pathInRepo === '' ? `${commit}^{tree}` : `${commit}:${pathInRepo}`;
  const kind = gitOrUndefined(['cat-file', '-t', treeish], top)?.trim();
  if (kind !== 'tree') {
    throw new UsageError(`${flag}: the skill folder ${pathInRepo || '.'} ${kind === undefined ? 'does not exist' : 'is not a folder'} at commit ${commit.slice(0, 12)} of ${top} (nothing was run)`);
  }
  const entries = listTreeAt(treeish, top, names.baselineRef);
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-baseline-'));
  try {
    const dir = join(root, 'skill');
    mkdirSync(dir);
    writeEntries(dir, entries, readBlobs(entries.filter((e) => e.type === 'blob').map((e) => e.object), top));
    return { dir, commit, pathInRepo };
  } catch (error) {
    rmSync(root, { recursive: true, force: true });
    throw error;
  }
}

/** Removes what {@link checkOutSkillAt} wrote. */
export function removeCheckedOutTree(tree: CheckedOutTree): void {
  rmSync(join(tree.dir, '..'), { recursive: true, force: true });
}

/** One line of `git ls-tree -r -t -z`. */
interface GitEntry {
  mode: string;
  type: 'blob' | 'tree' | 'commit';
  object: string;
  path: string;
}

function listTreeAt(treeish: string, top: string, option: string): GitEntry[] {
  const out = git(['ls-tree', '-r', '-t', '-z', treeish], top, (message) => `cannot list ${treeish}: ${message} (nothing was run)`, option);
  return out.split('\0').filter((line) => line !== '').map((line) => {
    const tab = line.indexOf('\t');
    const [mode, type, object] = line.slice(0, tab).split(' ') as [string, GitEntry['type'], string];
    return { mode, type, object, path: line.slice(tab + 1) };
  });
}

/** Each blob's bytes, by object id, from one `git cat-file --batch`. */
function readBlobs(objects: readonly string[], top: string): Map<string, Buffer> {
  const unique = [...new Set(objects)];
  const blobs = new Map<string, Buffer>();
  if (unique.length === 0) return blobs;
  const out = execFileSync('git', ['cat-file', '--batch'], { cwd: top, input: unique.join('\n') + '\n', maxBuffer: MAX_TREE_BYTES, stdio: ['pipe', 'pipe', 'pipe'] });
  // Each object: "<id> <type> <size>\n<bytes>\n".
  let at = 0;
  for (const id of unique) {
    const eol = out.indexOf(0x0a, at);
    const size = Number(out.subarray(at, eol).toString('latin1').split(' ')[2]);
    blobs.set(id, out.subarray(eol + 1, eol + 1 + size));
    at = eol + 1 + size + 1;
  }
  return blobs;
}

/** Writes the entries (parents listed before what they hold, as ls-tree lists them). */
function writeEntries(dir: string, entries: readonly GitEntry[], blobs: ReadonlyMap<string, Buffer>): void {
  for (const entry of entries) {
    const target = join(dir, entry.path);
    if (entry.type === 'tree' || entry.type === 'commit') mkdirSync(target, { recursive: true });
    else if (entry.mode === '120000') symlinkSync(blobs.get(entry.object)!.toString('utf8'), target);
    else writeFileSync(target, blobs.get(entry.object)!, { mode: entry.mode === '100755' ? 0o755 : 0o644, flag: 'wx' });
  }
}

/** git's stdout; a UsageError with `explain(git's first stderr line)` when it fails, or naming `option` (which needs git) when git is missing. */
function git(args: readonly string[], cwd: string, explain: (message: string) => string, option: string): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', maxBuffer: MAX_TREE_BYTES, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError(`${option} needs git, and no git was found on PATH (nothing was run)`);
    const stderr = String((error as { stderr?: unknown }).stderr ?? '').split('\n')[0] ?? '';
    throw new UsageError(explain(stderr.replace(/^fatal: /, '')));
  }
}

function gitOrUndefined(args: readonly string[], cwd: string): string | undefined {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return undefined;
  }
}
