// The judge's working copy of a run's task, blinded by its packet's own Blinder: a name or text the
// agent left that names the skill, an arm or the run's path, or quotes SKILL.md, reads in the copy
// as the packet's diff shows it (notes/zebra-notes.md is notes/the-skill.md in both). Planned once
// per run and Blinder (session.ts TaskTrees), then copied for each of its judge sessions. Git's
// data (every `.git`, and a repository or a file of git's under another name: diff/git-data.ts)
// is never listed for it (session.ts listTask): it cannot be blinded. A file or folder the judge's
// CLI would load as its own instructions or configuration (CLAUDE.md, `.claude/`: cli-project-files.ts)
// is copied under a name none loads.
import { join, posix } from 'node:path';
import type { CopyEntry, TreeEntry } from '../fs/file-tree.js';
import { runAsync, type Walk } from '../fs/fs-walk.js';
import type { Blinder } from './blinding.js';
import { loadedByJudge, RENAMED_SUFFIX } from './cli-project-files.js';
import { blindableText } from './text-file.js';

/** One entry of the task as the judge's copy holds it. */
export interface CopiedEntry extends CopyEntry {
  /** Its '/'-separated path in the copy: each name of `path` blinded, renamed where a judge's CLI would load it, and made unique in its folder. */
  to: string;
  /** Links: the target blinded (a link to notes/zebra-notes.md leads to notes/the-skill.md). Files blinding changed: their text in `content`, with their mode. */
  target?: string;
}

/** The longest name most file systems take, in bytes. */
const MAX_NAME_BYTES = 255;

/**
 * How the listed `entries` of `taskDir` (in listing order: every folder before what it holds) are
 * copied for a judge blinded by `blinder`, on libuv's thread pool. A file that holds a NUL byte or
 * is not UTF-8 (binary: the diff shows none of its lines), or is larger than {@link MAX_BLINDED_BYTES},
 * is copied byte for byte; any other is read as text and blinded. `declared`: the judge harness's
 * own project folders (cli-project-files.ts declaredProjectFolders), renamed as the listed names are.
 */
export function planBlindCopyAsync(taskDir: string, entries: readonly TreeEntry[], blinder: Blinder, declared: readonly string[]): Promise<CopiedEntry[]> {
  return runAsync(walkPlan(taskDir, entries, blinder, declared));
}

function* walkPlan(taskDir: string, entries: readonly TreeEntry[], blinder: Blinder, declared: readonly string[]): Walk<CopiedEntry[]> {
  const paths = blindedPaths(entries, blinder, declared);
  const copiedAs = new Map(entries.map((entry, i) => [entry.path, paths[i]!]));
  const planned: CopiedEntry[] = [];
  for (const [i, entry] of entries.entries()) {
    const to = paths[i]!;
    if (entry.kind === 'link') planned.push({ ...entry, to, target: linkTarget(entry.path, entry.target!, to, copiedAs, blinder) });
    else if (entry.kind === 'folder') planned.push({ ...entry, to });
    else planned.push({ ...entry, to, ...(yield* blindedContent(join(taskDir, entry.path), blinder)) });
  }
  return planned;
}

/**
 * A link's target in the copy: blinded as the diff shows it — but where that leads elsewhere than
 * to the copy of the entry it led to (a name numbered, `-2`, because another took the blinded one),
 * the path to that copy, so the judge reading through the link reads what the agent linked to.
 * Resolved by its text alone: a relative target naming an entry of the task.
 */
function linkTarget(path: string, target: string, to: string, copiedAs: ReadonlyMap<string, string>, blinder: Blinder): string {
  const shown = blinder.blind(target);
  if (target.startsWith('/')) return shown;
  const led = copiedAs.get(posix.normalize(posix.join(posix.dirname(path), target)));
  if (led === undefined || posix.normalize(posix.join(posix.dirname(to), shown)) === led) return shown;
  return posix.relative(posix.dirname(to), led) || '.';
}

/** The blinded text of a text file and its mode, when blinding changes it; nothing to copy it as it is (text-file.ts: binary, not UTF-8, too large). */
function* blindedContent(path: string, blinder: Blinder): Walk<{ content?: Buffer; mode?: number }> {
  const read = yield* blindableText(path);
  if (read === undefined) return {};
  const blinded = blinder.blind(read.text);
  return blinded === read.text ? {} : { content: Buffer.from(blinded, 'utf8'), mode: read.mode };
}

/**
 * Each entry's path in the copy. Every name is blinded on its own (a folder `zebra-notes/` becomes
 * `the-skill/`, and what it holds goes with it), then, where a judge's CLI would load it
 * (cli-project-files.ts), given {@link RENAMED_SUFFIX} (`CLAUDE.md.judged`). Two names of one folder
 * that end up as one do not overwrite each other: a name left as it is keeps it, and a changed name
 * that is taken — compared without case, as a case-insensitive file system compares them — gets
 * `-2` (`-3`, …) before its extension, the first in listing order the plain name.
 */
function blindedPaths(entries: readonly TreeEntry[], blinder: Blinder, declared: readonly string[]): string[] {
  const split = entries.map((entry) => {
    const slash = entry.path.lastIndexOf('/');
    const name = entry.path.slice(slash + 1);
    const blinded = fitted(blinder.blind(name));
    const shown = loadedByJudge(entry.path, blinded, declared) ? `${fitted(blinded, MAX_NAME_BYTES - Buffer.byteLength(RENAMED_SUFFIX))}${RENAMED_SUFFIX}` : blinded;
    return { parent: slash < 0 ? '' : entry.path.slice(0, slash), name, blinded: shown };
  });
  const taken = new Map<string, Set<string>>();
  const takenIn = (parent: string) => taken.get(parent) ?? taken.set(parent, new Set()).get(parent)!;
  for (const { parent, name, blinded } of split) if (blinded === name) takenIn(parent).add(name.toLowerCase());
  const shown = new Map<string, string>([['', '']]);
  return entries.map((entry, i) => {
    const { parent, name, blinded } = split[i]!;
    const names = takenIn(parent);
    let unique = blinded;
    if (blinded !== name) {
      for (let n = 2; names.has(unique.toLowerCase()); n++) unique = numbered(blinded, n);
      names.add(unique.toLowerCase());
    }
    // Listing order puts a folder before what it holds, so its own path in the copy is known.
    const folder = shown.get(parent)!;
    const to = folder === '' ? unique : `${folder}/${unique}`;
    if (entry.kind === 'folder') shown.set(entry.path, to);
    return to;
  });
}

/** `name` with `-<n>` before its extension (`the-skill-2.md`; `the-skill-2` without one), within the longest name. */
function numbered(name: string, n: number): string {
  const dot = name.lastIndexOf('.');
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  const suffix = `-${n}${extension}`;
  return `${fitted(stem, MAX_NAME_BYTES - Buffer.byteLength(suffix))}${suffix}`;
}

/** `name` cut to at most `max` bytes, whole characters (a token longer than the name it replaced may push it past the longest a file system takes). */
function fitted(name: string, max = MAX_NAME_BYTES): string {
  if (Buffer.byteLength(name) <= max) return name;
  let out = '';
  for (const char of name) {
    if (Buffer.byteLength(out + char) > max) break;
    out += char;
  }
  return out;
}
