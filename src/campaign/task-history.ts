// A task template that is a Git repository keeps in its history what is left out of each run's
// copy: `git checkout -- .` in the control arm's copy would bring the skill (or the grader's
// evals.json) back, exactly where the CLI finds skills.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';

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
