// What an agent changed in its task, measured as Git would see it: from the task as staged to the
// task as the run left it, with each tree's .gitignore rules applied, Git's own data (git-data.ts:
// every `.git`, a repository or a file of git's under another name) and the harness's own folders
// never counted, a binary file counted as a touched file without lines. One
// implementation for campaign (which keeps the run's diff.patch) and compare (diff_scope).
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readlinkSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { structuredPatch } from 'diff';
import ignore, { type Ignore } from 'ignore';
import { runSync } from '../fs/fs-walk.js';
import { gitData, gitsTopIn } from './git-data.js';

/** What the agent changed, counted as `git diff --numstat` would (a binary file: touched, no lines). */
export interface DiffMetrics {
  filesTouched: number;
  linesAdded: number;
  linesRemoved: number;
  hunks: number;
}

/** Past this many edits a line diff is not worth its time: the file counts as rewritten. */
const MAX_EDIT_LENGTH = 20_000;
/**
 * A changed file larger than this on either side counts as touched with no lines, as git counts
 * one past its core.bigFileThreshold: its lines would be held in memory twice and diffed for
 * longer than the whole comparison. Unchanged files of any size are compared piece by piece.
 */
export const MAX_DIFFED_BYTES = 16 * 2 ** 20;
/** Bytes compared at a time when two files have the same size. */
const PIECE = 1 << 20;

/** Most bytes of diff.patch kept (1 MiB); past it a marker line says the rest was cut. */
const MAX_PATCH_BYTES = 1 << 20;

/**
 * Measures the change from `stagedDir` to `taskDir`. `exclude` are task-relative paths never
 * counted (the staged skill folder, the harness's own folders: `harness_paths`). Each tree's
 * `.gitignore` files apply to that tree, as `git add -A` would take it. Links are compared as
 * links, never followed. A side that is undefined is an empty folder (a run's folder kept empty
 * and dropped since by a copy that keeps no empty folder: workspace/run-record.ts runFolderState).
 */
export function measureDiff(stagedDir: string | undefined, taskDir: string | undefined, exclude: readonly string[] = []): DiffMetrics {
  return diffTrees(stagedDir, taskDir, exclude).metrics;
}

/**
 * {@link measureDiff} and the change as a unified diff in Git's format (`diff --git a/… b/…`),
 * at most `maxPatchBytes`, with a marker line past the cap.
 */
export function diffTrees(stagedDir: string | undefined, taskDir: string | undefined, exclude: readonly string[] = [], maxPatchBytes = MAX_PATCH_BYTES): { metrics: DiffMetrics; patch: string } {
  const skip = new Set(exclude.map((p) => p.replace(/\\/g, '/').replace(/\/+$/, '')).filter((p) => p !== ''));
  // What git keeps at the top of either folder that is itself a repository (`git init --bare .`
  // in the task) is left out of both: a project's own hooks/ git wrote into is no deletion.
  const tops = [stagedDir, taskDir].flatMap((dir) => (dir === undefined ? [] : [gitsTopIn(dir)]));
  const gitsTop = (name: string) => tops.some((top) => runSync(top(name)));
  const before = stagedDir === undefined ? new Map<string, Entry>() : listFiles(stagedDir, skip, gitsTop);
  const after = taskDir === undefined ? new Map<string, Entry>() : listFiles(taskDir, skip, gitsTop);
  const metrics: DiffMetrics = { filesTouched: 0, linesAdded: 0, linesRemoved: 0, hunks: 0 };
  const patch = new PatchText(maxPatchBytes);
  for (const path of [...new Set([...before.keys(), ...after.keys()])].sort()) {
    // A path is listed on a side only when that side is a folder (the other's file is never read).
    const oldFile = join(stagedDir ?? '', ...path.split('/'));
    const newFile = join(taskDir ?? '', ...path.split('/'));
    let a = before.get(path);
    let b = after.get(path);
    if (a !== undefined && b !== undefined && unchanged(oldFile, a, newFile, b)) continue;
    // A file of Git's data (a bundle, a packfile) is as absent: told by its first bytes here, where
    // it would count, not in the listing — an unchanged file counts in neither case, and reading
    // the head of every file of a large task would take longer than the whole comparison.
    if (a?.kind === 'file' && runSync(gitData(oldFile))) a = undefined;
    if (b?.kind === 'file' && runSync(gitData(newFile))) b = undefined;
    if (a === undefined && b === undefined) continue;
    metrics.filesTouched++;
    const head = [`diff --git a/${path} b/${path}`, ...(a === undefined ? [`new file mode ${modeOf(b!)}`] : b === undefined ? [`deleted file mode ${modeOf(a)}`] : [])];
    if (tooLargeToDiff(a) || tooLargeToDiff(b)) {
      patch.add([...head, `Binary files ${a ? `a/${path}` : '/dev/null'} and ${b ? `b/${path}` : '/dev/null'} differ (too large to diff)`]);
      continue;
    }
    const oldBytes = a === undefined ? undefined : contentOf(oldFile, a);
    const newBytes = b === undefined ? undefined : contentOf(newFile, b);
    if ((oldBytes && oldBytes.includes(0)) || (newBytes && newBytes.includes(0))) {
      // binary, as git's "-"
      patch.add([...head, `Binary files ${a ? `a/${path}` : '/dev/null'} and ${b ? `b/${path}` : '/dev/null'} differ`]);
      continue;
    }
    const oldText = oldBytes?.toString('utf8') ?? '';
    const newText = newBytes?.toString('utf8') ?? '';
    const counted = countLines(oldText, newText);
    metrics.linesAdded += counted.added;
    metrics.linesRemoved += counted.removed;
    metrics.hunks += counted.hunks;
    if (!patch.full) patch.add([...head, `--- ${a ? `a/${path}` : '/dev/null'}`, `+++ ${b ? `b/${path}` : '/dev/null'}`, ...hunksOf(oldText, newText)]);
  }
  return { metrics, patch: patch.text() };
}

/** The file mode Git records: a link, an executable or a plain file. */
function modeOf(entry: Entry): string {
  return entry.kind === 'link' ? '120000' : entry.executable ? '100755' : '100644';
}

/** The hunks of a unified diff with 3 lines of context, as Git writes them. */
function hunksOf(oldText: string, newText: string): string[] {
  const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context: 3, maxEditLength: MAX_EDIT_LENGTH });
  if (patch === undefined) return ['@@ rewritten: too many edits to show @@'];
  // An empty range names the line before it, as Git (and jsdiff's own formatPatch) writes it.
  const range = (start: number, lines: number) => (lines === 1 ? `${start}` : `${lines === 0 ? start - 1 : start},${lines}`);
  return patch.hunks.flatMap((h) => [`@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@`, ...h.lines]);
}

/** A patch text that stops growing at its cap, then says so once. */
class PatchText {
  private readonly parts: string[] = [];
  private bytes = 0;
  full = false;
  constructor(private readonly cap: number) {}
  add(lines: string[]): void {
    if (this.full) return;
    const text = lines.join('\n') + '\n';
    const size = Buffer.byteLength(text);
    if (this.bytes + size > this.cap) {
      this.full = true;
      this.parts.push(`[diff.patch cut at ${this.cap} bytes: the rest of the diff is not shown; the counts cover all of it]\n`);
      return;
    }
    this.parts.push(text);
    this.bytes += size;
  }
  text(): string {
    return this.parts.join('');
  }
}

/** A regular file with its size, or a link with its target (never followed). */
type Entry = { kind: 'file'; size: number; executable: boolean } | { kind: 'link'; target: string };

/** A folder's `.gitignore` rules, with the folder they are relative to ('' for the root). */
type Rules = { base: string; rules: Ignore };

/**
 * Every regular file and link under `root` that Git would take (`git add -A`), by '/'-separated
 * relative path: each folder's `.gitignore` applies below it, as Git applies it; a name at its
 * top that `gitsTop` says is git's is left out with all below it.
 */
function listFiles(root: string, skip: ReadonlySet<string>, gitsTop: (name: string) => boolean): Map<string, Entry> {
  const found = new Map<string, Entry>();
  const ignored = (rel: string, folder: boolean, chain: readonly Rules[]) =>
    chain.some(({ base, rules }) => rules.ignores((base === '' ? rel : rel.slice(base.length + 1)) + (folder ? '/' : '')));
  const walk = (dir: string, prefix: string, inherited: readonly Rules[]) => {
    const entries = readdirSync(dir, { withFileTypes: true });
    const chain = [...inherited];
    const gitignore = entries.find((e) => e.name === '.gitignore' && e.isFile());
    if (gitignore) chain.push({ base: prefix.replace(/\/$/, ''), rules: ignore().add(readGitignore(join(dir, '.gitignore'))) });
    for (const entry of entries) {
      const rel = prefix + entry.name;
      if (skip.has(rel)) continue;
      if (ignored(rel, entry.isDirectory(), chain)) continue;
      const full = join(dir, entry.name);
      // Git's data (git-data.ts): what git keeps at the top of a folder that is itself a repository,
      // a folder or link here, with all below it; a file where it would count (diffTrees).
      if ((prefix === '' && gitsTop(entry.name)) || (!entry.isFile() && runSync(gitData(full)))) continue;
      if (entry.isDirectory()) walk(full, rel + '/', chain);
      else if (entry.isSymbolicLink()) found.set(rel, { kind: 'link', target: readlinkSync(full, 'utf8') });
      else if (entry.isFile()) {
        const stat = lstatSync(full);
        found.set(rel, { kind: 'file', size: stat.size, executable: (stat.mode & 0o111) !== 0 });
      }
    }
  };
  walk(root, '', []);
  return found;
}

/** A .gitignore's text (its first 1 MiB: rules past that are not worth the memory). */
function readGitignore(path: string): string {
  return withFile(path, (fd) => {
    const bytes = Buffer.alloc(Math.min(fstatSync(fd).size, 1 << 20));
    const n = readSync(fd, bytes, 0, bytes.length, 0);
    return bytes.subarray(0, n).toString('utf8');
  });
}

function tooLargeToDiff(entry: Entry | undefined): boolean {
  return entry?.kind === 'file' && entry.size > MAX_DIFFED_BYTES;
}

/** Whether two entries hold the same: links by target, files by size and then bytes, a piece at a time. */
function unchanged(oldPath: string, a: Entry, newPath: string, b: Entry): boolean {
  if (a.kind === 'link' || b.kind === 'link') return a.kind === 'link' && b.kind === 'link' && a.target === b.target;
  if (a.size !== b.size) return false;
  return withFile(oldPath, (oldFd) =>
    withFile(newPath, (newFd) => {
      const left = Buffer.allocUnsafe(PIECE);
      const right = Buffer.allocUnsafe(PIECE);
      for (let at = 0; ; at += PIECE) {
        const n = readSync(oldFd, left, 0, PIECE, at);
        const m = readSync(newFd, right, 0, PIECE, at);
        if (n !== m || !left.subarray(0, n).equals(right.subarray(0, m))) return false;
        if (n === 0) return true;
      }
    }),
  );
}

/** What a diff reads of an entry: a link as the line `link -> <target>` (as git shows one), a file's bytes (at most MAX_DIFFED_BYTES, checked before). */
function contentOf(path: string, entry: Entry): Buffer {
  if (entry.kind === 'link') return Buffer.from(`link -> ${entry.target}`);
  return withFile(path, (fd) => {
    const bytes = Buffer.allocUnsafe(entry.size);
    let filled = 0;
    for (let n; filled < bytes.length && (n = readSync(fd, bytes, filled, bytes.length - filled, filled)) > 0; ) filled += n;
    return bytes.subarray(0, filled);
  });
}

/**
 * Opens a file the listing found regular, never following a link and never blocking; an entry
 * that is no longer a regular file (something replaced it) is an error, and the assertion goes
 * ungraded, as for any folder that cannot be read.
 */
function withFile<T>(path: string, use: (fd: number) => T): T {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw Object.assign(new Error(`${path} is no longer a regular file`), { code: 'ENOTFILE' });
    return use(fd);
  } finally {
    closeSync(fd);
  }
}

/** Lines added and removed and hunks (no context), as `git diff --unified=0` counts them. */
export function countLines(oldText: string, newText: string): { added: number; removed: number; hunks: number } {
  const patch = structuredPatch('a', 'b', oldText, newText, undefined, undefined, { context: 0, maxEditLength: MAX_EDIT_LENGTH });
  if (patch === undefined) return { added: lineCount(newText), removed: lineCount(oldText), hunks: 1 };
  let added = 0;
  let removed = 0;
  for (const hunk of patch.hunks) {
    for (const line of hunk.lines) {
      if (line.startsWith('+')) added++;
      else if (line.startsWith('-')) removed++;
    }
  }
  return { added, removed, hunks: patch.hunks.length };
}

function lineCount(text: string): number {
  if (text === '') return 0;
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}
