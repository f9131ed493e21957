// A task template that is a Git repository keeps in its history what is left out of each run's
// copy: `git checkout -- .` in the control arm's copy would bring the skill (or the grader's
// evals.json) back, exactly where the CLI finds skills.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, lstatSync, openSync, readSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { listTree, type TreeEntry } from '../fs/file-tree.js';

/** Most paths a refusal names. */
const LISTED = 3;

/**
 * Refuses a template at `dir` whose Git repository (its own `.git`, copied with it) holds any of
 * `leftOut` (paths below it), or a folder named like the skill in one of its project skill folders
 * `skill.at`, in a commit of any ref or reflog, or in the index. `task`: the template as
 * the caller named it (`--task "t"`, or the library's `task "t"`).
 * @throws {UsageError} naming what it holds, or saying that Git could not be asked.
 */
export function assertHistoryLeavesOut(dir: string, leftOut: ReadonlySet<string>, task: string, skill: { name: string; at: readonly string[] }): void {
  // A folder named like the skill in a project skill folder: `git checkout <commit> -- .claude`
  // puts it where the CLI finds it, though it is no longer in the template (the skill moved out).
  const skillFolders = skill.at.map((d) => `${d}/${skill.name}`);
  if (!existsSync(join(dir, '.git'))) return;
  const paths = [...new Set([...leftOut, ...skillFolders])];
  let held: string[];
  let lostText: string[];
  try {
    // No repository setting may run a program here (an fsmonitor hook, a clean filter): only Git's own reading.
    const git = (args: string[], input?: string) => execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, input, stdio: ['pipe', 'pipe', 'pipe'] });
    const names = (out: string) => out.split('\0').map((name) => name.trim()).filter(Boolean);
    // Every ref, and every commit a reflog still names: a commit amended or reset away (`git
    // reset HEAD~1`, an older stash) is no ref's, but `git checkout HEAD@{1} -- <path>` gives it back.
    held = [...new Set([...names(git(['ls-files', '-z', '--', ...paths])), ...names(git(['log', '--all', '--reflog', '--format=', '--name-only', '-z', '--', ...paths]))])];
    // What nothing names any more (a reflog expired, a file staged then unstaged) stays in .git
    // until a gc prunes it, and `git fsck --lost-found` gives it back.
    const lost = unreachableObjects(git);
    if (held.length === 0 && lost.commits.length > 0) held = [...new Set(names(git(['log', '--stdin', '--format=', '--name-only', '-z', '--', ...paths], `${lost.commits.join('\n')}\n`)))];
    lostText = held.length === 0 && lost.blobs.size > 0 ? filesHeldAsLostText(dir, [...leftOut], lost.blobs, git) : [];
  } catch (error) {
    const why = (error as { stderr?: string }).stderr?.trim().split('\n')[0] || (error as Error).message;
    throw new UsageError(`${task} is a Git repository, and whether its history holds the skill left out of every run's copy could not be told (${why}); use a copy of the task without .git, or a task that does not hold the skill (nothing was run)`);
  }
  if (held.length === 0 && lostText.length === 0) return;
  const listed = (paths: string[]) => paths.slice(0, LISTED).join(', ') + (paths.length > LISTED ? ` and ${paths.length - LISTED} more` : '');
  if (held.length === 0) {
    throw new UsageError(`${task} is a Git repository whose objects hold the text of what is left out of every run's copy (${listed(lostText)}), though no commit names it: the control arm could read it back with git fsck --lost-found. Run git gc --prune=now in it (or use a copy of it without .git) first (nothing was run)`);
  }
  const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
  if (!held.some((path) => [...leftOut].some((folder) => under(path, folder)))) {
    throw new UsageError(`${task} is a Git repository whose history or index holds a skill named ${JSON.stringify(skill.name)} where the CLI finds skills (${listed(held)}): the control arm could bring it back with git checkout. Use a task whose Git history never held it there, or a copy of it without .git (nothing was run)`);
  }
  throw new UsageError(`${task} is a Git repository whose history or index holds what is left out of every run's copy (${listed(held)}): the control arm could bring the skill back with git checkout. Use a task whose Git history never held the skill, its evals.json or the baseline, or a copy of it without .git (nothing was run)`);
}

type Git = (args: string[], input?: string) => string;

/** How many files one `git hash-object` is given. */
const HASHED_AT_ONCE = 256;

/** The commits and blobs no ref, reflog or index names. A repository Git finds damaged still lists what it could reach. */
function unreachableObjects(git: Git): { commits: string[]; blobs: Set<string> } {
  let out: string;
  try {
    out = git(['fsck', '--connectivity-only', '--unreachable', '--no-progress']);
  } catch (error) {
    out = String((error as { stdout?: string }).stdout ?? '');
  }
  const commits: string[] = [];
  const blobs = new Set<string>();
  for (const [, kind, id] of out.matchAll(/^unreachable (commit|blob) ([0-9a-f]+)$/gm)) {
    if (kind === 'commit') commits.push(id!);
    else blobs.add(id!);
  }
  return { commits, blobs };
}

/**
 * The files below `leftOut` (paths in the template at `dir`) whose exact bytes are one of the
 * `lost` blobs. Hashed as stored, without the repository's filters (a clean filter is a program);
 * an older version of a file, or one a filter changed, is not found.
 */
function filesHeldAsLostText(dir: string, leftOut: string[], lost: ReadonlySet<string>, git: Git): string[] {
  const files = leftOut.flatMap((path) => {
    const root = join(dir, path);
    // Never through a link: what it leads to is no file of the template's.
    const stat = lstatSync(root, { throwIfNoEntry: false });
    if (stat?.isFile()) return [path];
    return stat?.isDirectory() ? listTree(root, 'the left-out folder').filter((e) => e.kind === 'file').map((e) => `${path}/${e.path}`) : [];
  });
  const found: string[] = [];
  // As arguments, a few hundred at a time: a name may hold a newline, which --stdin-paths cannot take.
  for (let start = 0; start < files.length; start += HASHED_AT_ONCE) {
    const chunk = files.slice(start, start + HASHED_AT_ONCE);
    const ids = git(['hash-object', '--no-filters', '--', ...chunk]).trim().split('\n');
    found.push(...chunk.filter((_, i) => lost.has(ids[i]!)));
  }
  return found;
}

/** How much of a `.git` file is read for its `gitdir:` line. */
const GIT_FILE_HEAD = 4096;

/**
 * Refuses a template (`entries`, listed from `dir`) holding a `.git` that is no repository of its
 * own: a link, or a file (a linked worktree's, a submodule's) whose `gitdir:` names a repository
 * outside the template. Copied, it leads every run's copy to that same repository — its branch, its
 * index — so what an agent commits in one run (the skill arm's, staged skill and all) lands in the
 * user's checkout and in the history of every later run, of either arm.
 * @throws {UsageError} naming the entry and the repository it leads to.
 */
export function assertOwnRepositories(dir: string, entries: readonly TreeEntry[], task: string): void {
  for (const entry of entries) {
    if (basename(entry.path) !== '.git' || entry.kind === 'folder') continue;
    const at = join(dir, entry.path);
    let leadsTo: string | undefined;
    if (entry.kind === 'link') leadsTo = `a link to ${entry.target}`;
    else {
      const gitdir = /^gitdir:[ \t]*(.+?)[ \t]*\r?$/m.exec(readHead(at))?.[1];
      const target = gitdir === undefined ? undefined : resolve(dirname(at), gitdir);
      const inside = target === undefined ? '' : relative(dir, target);
      if (inside === '..' || inside.startsWith(`..${sep}`) || isAbsolute(inside)) leadsTo = `a file naming the repository at ${target}`;
    }
    if (leadsTo !== undefined) {
      throw new UsageError(`${task} holds ${entry.path}, ${leadsTo} (a linked worktree or a submodule): every run's copy would be a checkout of that repository, so what an agent commits in one run (the skill arm's, staged skill and all) would land in your checkout and in the history of every later run. Use a clone of it (git clone) or a copy without .git (nothing was run)`);
    }
  }
}

/** The first bytes of the file at `path`, as text. */
function readHead(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const bytes = Buffer.alloc(GIT_FILE_HEAD);
    return bytes.subarray(0, readSync(fd, bytes, 0, GIT_FILE_HEAD, 0)).toString('utf8');
  } finally {
    closeSync(fd);
  }
}
