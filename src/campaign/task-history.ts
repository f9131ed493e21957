// A task template that is a Git repository keeps in its history what is left out of each run's
// copy: `git checkout -- .` in the control arm's copy would bring the skill (or the grader's
// evals.json) back, exactly where the CLI finds skills.
import { execFileSync } from 'node:child_process';
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { UsageError } from '../errors.js';
import type { TreeEntry } from '../fs/file-tree.js';

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
  try {
    // No repository setting may run a program here (an fsmonitor hook): only Git's own reading.
    const git = (args: string[]) => execFileSync('git', ['-c', 'core.fsmonitor=false', ...args], { cwd: dir, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
    const names = (out: string) => out.split('\0').map((name) => name.trim()).filter(Boolean);
    // Every ref, and every commit a reflog still names: a commit amended or reset away (`git
    // reset HEAD~1`, an older stash) is no ref's, but `git checkout HEAD@{1} -- <path>` gives it back.
    held = [...new Set([...names(git(['ls-files', '-z', '--', ...paths])), ...names(git(['log', '--all', '--reflog', '--format=', '--name-only', '-z', '--', ...paths]))])];
  } catch (error) {
    const why = (error as { stderr?: string }).stderr?.trim().split('\n')[0] || (error as Error).message;
    throw new UsageError(`${task} is a Git repository, and whether its history holds the skill left out of every run's copy could not be told (${why}); use a copy of the task without .git, or a task that does not hold the skill (nothing was run)`);
  }
  if (held.length === 0) return;
  const under = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);
  const listed = (paths: string[]) => paths.slice(0, LISTED).join(', ') + (paths.length > LISTED ? ` and ${paths.length - LISTED} more` : '');
  if (!held.some((path) => [...leftOut].some((folder) => under(path, folder)))) {
    throw new UsageError(`${task} is a Git repository whose history or index holds a skill named ${JSON.stringify(skill.name)} where the CLI finds skills (${listed(held)}): the control arm could bring it back with git checkout. Use a task whose Git history never held it there, or a copy of it without .git (nothing was run)`);
  }
  throw new UsageError(`${task} is a Git repository whose history or index holds what is left out of every run's copy (${listed(held)}): the control arm could bring the skill back with git checkout. Use a task whose Git history never held the skill, its evals.json or the baseline, or a copy of it without .git (nothing was run)`);
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
