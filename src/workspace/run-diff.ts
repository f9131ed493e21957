// The run's changes as the judge reads them: the run's diff.patch when it has one (without the
// sections of Git's data an older campaign wrote into it), else a unified
// diff computed from the task as staged to the task as the run left it. Here, below judge and
// compare, since both read it: judge puts it into the packet, compare tells a judgment made of
// another diff (judgment-record.ts diffSha256).
import { join } from 'node:path';
import { gitDataOnPath, gitsTopIn } from '../diff/git-data.js';
import { diffTrees } from '../diff/measure.js';
import { patchWithout } from '../diff/patch-sections.js';
import { runSync } from '../fs/fs-walk.js';
import { readRegularText } from '../fs/read-file.js';
import { runFolderState } from './run-record.js';

/** The file a run may carry its own diff in (campaign writes it, src/diff's format). */
const DIFF_FILE = 'diff.patch';

/** The run's diff, where it came from, or why there is none. */
export type RunDiff = { text: string; source: 'diff.patch' | 'computed' } | { text: undefined; missing: string };

/**
 * The run's diff: `diff.patch` in the run folder if present; else computed from `stagedDir` to
 * `taskDir` (both absolute) as campaign computes diff.patch, leaving out `exclude` (task-relative
 * paths: the staged skill, the harness's own folders). `emptyDirs` is run.json's: a folder it
 * names that is gone is read as the empty folder it was.
 */
export function runDiff(runDir: string, taskDir: string | undefined, stagedDir: string | undefined, exclude: readonly string[], emptyDirs?: readonly string[]): RunDiff {
  const own = readRegularText(join(runDir, DIFF_FILE), 'a diff.patch', { noFollow: true });
  if (own.ok) return { text: withoutGitData(asWritten(own.text), taskDir, stagedDir, emptyDirs), source: 'diff.patch' };
  if (own.code !== 'enoent') return { text: undefined, missing: `the run's diff.patch cannot be read: ${own.message}` };
  if (taskDir === undefined || stagedDir === undefined) return { text: undefined, missing: 'the run kept no staged copy of its task, so there is nothing to diff against' };
  // Never through a link: the packet would carry what it points to.
  const [task, staged] = [runFolderState(taskDir, 'task', emptyDirs), runFolderState(stagedDir, 'staged', emptyDirs)];
  const broken = task.kind === 'broken' ? task : staged.kind === 'broken' ? staged : undefined;
  if (broken !== undefined) return { text: undefined, missing: broken.problem };
  try {
    return { text: diffTrees(staged.kind === 'empty' ? undefined : stagedDir, task.kind === 'empty' ? undefined : taskDir, exclude).patch, source: 'computed' };
  } catch (error) {
    return { text: undefined, missing: `the task folders could not be read: ${(error as Error).message}` };
  }
}

/**
 * A diff.patch as campaign wrote it, though a checkout rewrote its line breaks as CRLF (git's
 * core.autocrlf rewrites only a file that holds no CR): a patch whose every LF follows a CR and
 * every CR precedes an LF is what such a checkout leaves, and reads back by CRLF → LF. Campaign
 * never writes one: a section's `diff --git` line ends in a bare LF, or holds a CR that ends no
 * line (its path's, named twice on it). Any other is taken byte for byte — a content line of a
 * file with CRLF endings carries its CR — so the patch the packet shows, and a judgment's diff
 * digest, are as they were before the checkout.
 */
function asWritten(patch: string): string {
  return patch.includes('\r\n') && !/(?:^|[^\r])\n|\r(?!\n)/.test(patch) ? patch.replaceAll('\r\n', '\n') : patch;
}

/**
 * A recorded diff.patch without the sections of Git's data: one an older campaign wrote (before
 * git's data was told by content) may list a bare clone's objects and refs, a bundle, a pack. Each
 * file section whose path git-data.ts leaves out on every side it shows — by name (`.git` in any
 * case), and by content where the task as the run left it (the after side) or as staged (the
 * before side) still holds it (a repository folder on the way, a file of git's) — is dropped, the
 * rest kept as written. As measure.ts takes each side on its own (a staged pack the agent made a
 * text of its own is a new file), a diff campaign writes now loses no section.
 * Never through a link: a folder that is one is not read, and only names tell.
 */
function withoutGitData(patch: string, taskDir: string | undefined, stagedDir: string | undefined, emptyDirs: readonly string[] | undefined): string {
  if (!patch.includes('diff --git a/')) return patch;
  const readable = (dir: string | undefined, name: 'task' | 'staged') => (dir === undefined || runFolderState(dir, name, emptyDirs).kind !== 'folder' ? undefined : dir);
  const [before, after] = [readable(stagedDir, 'staged'), readable(taskDir, 'task')];
  const rules = { before: gitDataOnPath(before), after: gitDataOnPath(after) };
  // What git keeps at the top of either folder that is a repository is on neither side, as measure.ts leaves it out.
  const tops = [before, after].flatMap((dir) => (dir === undefined ? [] : [gitsTopIn(dir)]));
  const gitsTop = (path: string) => tops.some((top) => runSync(top(path.split('/')[0]!)));
  return patchWithout(patch, (path, sides) => gitsTop(path) || sides.every((side) => rules[side](path)));
}
