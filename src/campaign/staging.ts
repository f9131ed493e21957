// A run's private task folder: the template, the eval's fixtures, and — for a skill arm — the
// skill where the harness discovers it; plus a pristine copy of the task as staged, without it.
import { lstatSync, mkdirSync, readlinkSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import type { EvalCase } from '../evals/types.js';
import { ensureRealFolders } from '../fs/folders.js';
import { copyRegularFile, copyTree, listTree, treeDigest, type TreeEntry } from '../fs/file-tree.js';
import type { SkillSource } from './skill.js';
import { fixtureRoot } from '../workspace/plan-identity.js';
import { fixturePathProblem } from '../checker/rules/utils/task-paths.js';

/** The run folder's subfolders: the final task (the agent's cwd) and the task as staged. */
export const TASK_DIR = 'task';
export const STAGED_DIR = 'staged';

/** One entry of an eval's `files`: where it goes in the task, and what is copied there. */
export interface Fixture {
  /** As written in evals.json: a path relative to the task. */
  path: string;
  /** The source, absolute. */
  from: string;
  /** For a folder: its tree; for a file or link: undefined. */
  entries?: TreeEntry[];
}

/**
 * An eval's `files`, each read from `files_root` (relative to the folder holding evals.json;
 * that folder itself by default) and placed at the same relative path in the task. `entry(i)` names
 * files[i] in messages (evals.json:line:column: eval "id" files[i]).
 * @throws {UsageError} for a path the files-path rule refuses, or a source that is missing.
 */
export function resolveFixtures(evalCase: EvalCase, evalsDir: string, entry: (i: number) => string): Fixture[] {
  const files = (evalCase.files as string[] | undefined) ?? [];
  const root = fixtureRoot(evalCase, evalsDir);
  return files.map((path, i) => {
    const where = entry(i);
    // The files-path rule refuses such an evals.json before anything runs; this guards the copy below by the same test.
    if (fixturePathProblem(path) !== undefined) {
      throw new UsageError(`${where} ${JSON.stringify(path)} must be a path relative to the task that stays inside it (nothing was run)`);
    }
    const from = join(root, path);
    let stat;
    try {
      stat = lstatSync(from);
    } catch {
      throw new UsageError(`${where}: ${from} does not exist (files are read from ${root}) (nothing was run)`);
    }
    if (stat.isDirectory()) return { path, from, entries: listTree(from, where) };
    if (!stat.isFile() && !stat.isSymbolicLink()) throw new UsageError(`${where}: ${from} is neither a file, a folder nor a link (nothing was run)`);
    return { path, from };
  });
}

/**
 * Refuses a task whose staging would write outside it: an eval's `files` entry, or the skill at
 * `skillAt`, below a link (or a file) that the template or an earlier `files` entry puts in the
 * task — a template's `.claude` linked to a folder of the user's would get the skill copied there.
 * `where` names each `files` entry as resolveFixtures does; `templateShown` names the template.
 * @throws {UsageError} naming the entry, the link and where it came from.
 */
export function checkTaskPaths(recipe: { template: TreeEntry[] | undefined; fixtures: readonly Fixture[]; skillAt: string | undefined }, templateShown: string, where: (i: number) => string): void {
  const task = new Map<string, { kind: TreeEntry['kind']; target?: string | undefined; from: string }>();
  for (const entry of recipe.template ?? []) task.set(entry.path, { kind: entry.kind, target: entry.target, from: templateShown });
  const blocker = (path: string) => {
    const segments = path.split('/').filter((s) => s !== '' && s !== '.');
    for (let n = 1; n < segments.length; n++) {
      const level = segments.slice(0, n).join('/');
      const found = task.get(level);
      if (found && found.kind !== 'folder') return { level, ...found, path: segments.join('/') };
    }
    return undefined;
  };
  const what = (b: NonNullable<ReturnType<typeof blocker>>) => (b.kind === 'link' ? `the link ${b.level} (to ${b.target})` : `the file ${b.level}`);
  recipe.fixtures.forEach((fixture, i) => {
    const found = blocker(fixture.path);
    if (found) throw new UsageError(`${where(i)} ${JSON.stringify(fixture.path)} would be copied through ${what(found)} of the task, which ${found.from} puts there; it must go into real folders of the task (nothing was run)`);
    const path = fixture.path.split('/').filter((s) => s !== '' && s !== '.').join('/');
    for (const key of [...task.keys()]) if (key === path || key.startsWith(`${path}/`)) task.delete(key);
    const from = `${where(i)} ${JSON.stringify(fixture.path)}`;
    if (fixture.entries) {
      task.set(path, { kind: 'folder', from });
      for (const entry of fixture.entries) task.set(`${path}/${entry.path}`, { kind: entry.kind, target: entry.target, from });
    } else task.set(path, { kind: lstatSync(fixture.from).isSymbolicLink() ? 'link' : 'file', from });
  });
  const found = recipe.skillAt === undefined ? undefined : blocker(recipe.skillAt);
  if (found) throw new UsageError(`${found.from} holds ${what(found)}, and the skill is staged at ${found.path}: it would be copied through it, out of the task; make ${found.level} a real folder there (nothing was run)`);
}

/** What one run's task is made of. */
export interface TaskRecipe {
  template: { dir: string; entries: TreeEntry[] } | undefined;
  fixtures: readonly Fixture[];
  /** The skill and where it goes, relative to the task (e.g. `.claude/skills/csv-reports`). */
  skill: { source: SkillSource; at: string } | undefined;
  /**
   * The harness's skills folder (e.g. `.opencode/skills`), made empty in a task that gets no skill:
   * a CLI that reacts to the folder (OpenCode writes `.opencode/.gitignore` beside it) meets it in both arms.
   */
  skillsDir: string;
}

/**
 * Makes the task at `taskDir` (which must not exist) from the recipe, copies it to `stagedDir`
 * (replacing what an earlier attempt left) before the skill goes in, then stages the skill — or,
 * for the control arm, the same skills folder, empty.
 */
export function stageTask(taskDir: string, stagedDir: string, recipe: TaskRecipe): void {
  rmSync(stagedDir, { recursive: true, force: true });
  if (recipe.template) copyTree(recipe.template.dir, recipe.template.entries, taskDir);
  else mkdirSync(taskDir);
  for (const fixture of recipe.fixtures) {
    const target = join(taskDir, fixture.path);
    // Never through a link the template or an earlier fixture put there (checkTaskPaths refused one).
    ensureRealFolders(taskDir, dirname(target));
    // A fixture replaces a template file of the same path (evals.json's files are the eval's own).
    rmSync(target, { recursive: true, force: true });
    if (fixture.entries) copyTree(fixture.from, fixture.entries, target);
    else copyFileOrLink(fixture.from, target);
  }
  copyTree(taskDir, listTree(taskDir, 'the staged task'), stagedDir);
  if (!recipe.skill) {
    ensureRealFolders(taskDir, join(taskDir, recipe.skillsDir));
    return;
  }
  const target = join(taskDir, recipe.skill.at);
  ensureRealFolders(taskDir, dirname(target));
  rmSync(target, { recursive: true, force: true });
  const { source } = recipe.skill;
  copyTree(source.dir, source.entries, target);
  // run.json names the skill by the plan's digest: a skill edited since then (a long campaign,
  // a user at work on it) must not reach an agent under that name.
  if (treeDigest(target, source.entries) !== source.sha256) {
    throw new Error(`the skill folder ${source.source} changed since the campaign made its plan; run the command again to start a new iteration with the skill as it is now`);
  }
}

/** A named fixture file as it is: a link stays a link (its target is never read). */
function copyFileOrLink(from: string, to: string): void {
  if (lstatSync(from).isSymbolicLink()) symlinkSync(readlinkSync(from), to);
  else copyRegularFile(from, to);
}
