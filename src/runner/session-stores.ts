// Each session's own copy of its CLI's session store. The CLIs keep every session's transcript
// under HOME (Claude Code's ~/.claude/projects, Codex's ~/.codex/sessions and sqlite files,
// OpenCode's database and log): shared, a control agent could read there a skill run's
// transcript — the skill's name, its SKILL.md. Where a session's namespace hides what it must not
// see, a private folder beside its work folder is mounted at each of the descriptor's
// `session_stores` (and `session_store_env` moves what sits beside the login files), the same
// folder in every round of the session (resume reads it), removed with the session's folder.
// And the CLI's user-level instruction files and folders (~/.claude/CLAUDE.md, AGENTS.md, the
// subagents' and rules' folders), which it puts into the system prompt of every later session of
// both arms, are bound read-only onto themselves there where they exist; their state is compared
// after each run, for one a session created.
import { existsSync, lstatSync, mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { listTree, treeDigest } from '../fs/file-tree.js';
import { isInsideNormalized } from '../fs/inside.js';
import { followLinks, KERNEL_TREES, MAX_LINKED_ENTRIES, type LinkBounds } from './instruction-links.js';
import type { StoreMount } from '../process/containment.js';
import { storeBeside } from '../process/work-folders.js';
import type { HarnessDescriptor } from './harness-descriptor.js';
import { expandUserPath } from './user-paths.js';

/** node:crypto, loaded on first use: a one-file check reaches this module and never hashes (test/package/start-up). */
const createHash = (algorithm: string) => process.getBuiltinModule('node:crypto').createHash(algorithm);

/** The descriptor's store paths as the agent's environment places them (unset variables skipped, each path once). */
export function sessionStorePaths(harness: Pick<HarnessDescriptor, 'session_stores'>, env: NodeJS.ProcessEnv): string[] {
  return userPaths(harness.session_stores, env);
}

/** The descriptor's config folders (where the CLI keeps and renews its login) as the agent's environment places them (unset variables skipped, each path once). */
export function configFolderPaths(harness: Pick<HarnessDescriptor, 'config_folders'>, env: NodeJS.ProcessEnv): string[] {
  return userPaths(harness.config_folders, env);
}

/** The descriptor's instruction files as the agent's environment places them (unset variables skipped, each path once). */
function instructionFilePaths(harness: Pick<HarnessDescriptor, 'instruction_files'>, env: NodeJS.ProcessEnv): string[] {
  return userPaths(harness.instruction_files, env);
}

function userPaths(entries: readonly string[] | undefined, env: NodeJS.ProcessEnv): string[] {
  const uid = String(process.getuid?.() ?? '');
  const paths = (entries ?? []).map((entry) => expandUserPath(entry, env)?.replaceAll('{uid}', uid));
  return [...new Set(paths.filter((path): path is string => path !== undefined && isAbsolute(path)))];
}

/**
 * The instruction files to bind read-only onto themselves in a session's namespace: those that
 * exist now, and the files and folders the links in them lead to (the CLI follows them, and a
 * folder's bind does not reach outside it), each by its real path, none in the kernel's trees (a
 * link to /dev/null made read-only would break every program writing there). A bind needs its
 * mount point, and none is made: an empty file made in the user's config folder would change the
 * setup for good (OpenCode reads ~/.claude/CLAUDE.md only when its own AGENTS.md does not exist).
 * One an agent creates instead is caught after the run ({@link instructionFilesState}). Which of
 * them the namespace can bind (none that holds what the session needs, none hidden) the runner
 * decides with the covers (./agent-process.ts).
 */
export function readOnlyInstructionFiles(harness: Pick<HarnessDescriptor, 'instruction_files'>, env: NodeJS.ProcessEnv, bounds: LinkBounds): string[] {
  const found: string[] = [];
  for (const path of instructionFilePaths(harness, env)) {
    let real: string;
    try {
      real = realpathSync.native(path);
    } catch {
      continue;
    }
    found.push(real);
    try {
      if (lstatSync(real).isDirectory()) found.push(...followLinks(real, listTree(real, real, () => false, 'leave-out'), false, bounds).targets);
    } catch {
      // A folder that cannot be listed is bound as it is; its links are not known.
    }
  }
  return [...new Set(found)].filter((path) => !KERNEL_TREES.some((tree) => isInsideNormalized(tree, path)));
}

/**
 * The instruction files no session's namespace makes read-only, as the plan names them: every one
 * where the mounts cannot be made (`mounted` false), else those that do not exist now.
 */
export function writableInstructionFiles(harness: Pick<HarnessDescriptor, 'instruction_files'>, env: NodeJS.ProcessEnv, mounted: boolean): string[] {
  return instructionFilePaths(harness, env).filter((path) => !mounted || !existsSync(path));
}

/** Each instruction file's state, by path: "missing", or what it is (size and sha256 of a regular file, the tree digest of a folder). */
export type InstructionFilesState = ReadonlyMap<string, string>;

/**
 * What the descriptor's instruction files hold now, to be compared after each session: one that
 * changed was written (or made, or removed) by a session, or by the user meanwhile, and the CLI
 * puts it into the system prompt of every later session of both arms. Never written; read only
 * when it is a regular file (a FIFO an agent left there would block the read).
 */
export function instructionFilesState(harness: Pick<HarnessDescriptor, 'instruction_files'>, env: NodeJS.ProcessEnv, bounds: LinkBounds): InstructionFilesState {
  return new Map(instructionFilePaths(harness, env).map((path) => [path, fileState(path, bounds)]));
}

/** The instruction files whose state is no longer `before`'s, each with what it was and what it is (`bounds`: as `before` was taken). */
export function changedInstructionFiles(before: InstructionFilesState, bounds: LinkBounds): Array<{ path: string; was: string; now: string }> {
  return [...before].flatMap(([path, was]) => {
    const now = fileState(path, bounds);
    return now === was ? [] : [{ path, was, now }];
  });
}

function fileState(path: string, bounds: LinkBounds): string {
  let stats;
  try {
    stats = statSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? 'missing' : `unreadable (${code ?? (error as Error).message})`;
  }
  if (stats.isDirectory()) return folderState(path, bounds);
  if (!stats.isFile()) return `not a regular file (mode ${stats.mode.toString(8)}, modified ${stats.mtime.toISOString()})`;
  try {
    return `${stats.size} bytes, sha256 ${createHash('sha256').update(readFileSync(path)).digest('hex').slice(0, 12)}`;
  } catch (error) {
    return `unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/**
 * An instruction folder (subagents, rules) as its tree digest: any file added, removed, renamed or
 * changed below it changes the state. A FIFO or socket is left out, never opened. A link is
 * followed as the CLI follows it ({@link followLinks}): a file written through it, or made where
 * it dangled, is a change too (the state of a folder without links reads as before).
 */
function folderState(path: string, bounds: LinkBounds): string {
  try {
    const entries = listTree(path, path, () => false, 'leave-out');
    const files = entries.filter((e) => e.kind === 'file').length;
    const state = `a folder of ${files} file${files === 1 ? '' : 's'}, sha256 ${treeDigest(path, entries).slice(0, 12)}`;
    const links = followLinks(path, entries, true, bounds);
    if (links.lines.length === 0) return state;
    const n = entries.filter((e) => e.kind === 'link').length;
    return `${state}, what its ${n} link${n === 1 ? ' leads' : 's lead'} to sha256 ${createHash('sha256').update(links.lines.join('\n')).digest('hex').slice(0, 12)}${links.capped ? ` (what lies past ${MAX_LINKED_ENTRIES} entries not read)` : ''}`;
  } catch (error) {
    return `unreadable (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
}

/**
 * The private store of the session working in `cwd` (`<A>/<B>/store`, made now, 0700): the
 * mounts that put it at the CLI's store paths, and the variables that point the rest there.
 * Nothing when the descriptor names no store.
 */
export function privateStores(harness: Pick<HarnessDescriptor, 'session_stores' | 'session_store_env'>, env: NodeJS.ProcessEnv, cwd: string): { mounts: StoreMount[]; env: Record<string, string> } {
  const paths = sessionStorePaths(harness, env);
  const vars = Object.entries(harness.session_store_env ?? {});
  if (paths.length === 0 && vars.length === 0) return { mounts: [], env: {} };
  const store = storeBeside(cwd);
  mkdirSync(store, { recursive: true, mode: 0o700 });
  const mounts = paths.map((at, i) => {
    const from = join(store, String(i));
    mkdirSync(from, { recursive: true, mode: 0o700 });
    return { from, at };
  });
  return { mounts, env: Object.fromEntries(vars.map(([name, value]) => [name, value.replaceAll('{store}', store)])) };
}

/**
 * The plan's warning, up to its end, on the CLI's instruction files where the mounts cannot be
 * made (`unhidden` says why): no session's namespace makes them read-only. A missing one where
 * the mounts are made is no hazard to warn of: a session that creates it is caught after the run
 * (campaign marks the runs invalid, judge exits 1), and nothing asks the user to act before.
 * Campaign's plan and judge's say it alike, each with its own end.
 */
export function describeWritableInstructionFiles(harness: string, files: readonly string[], unhidden: string): string {
  return `${harness}'s instruction file${files.length === 1 ? '' : 's'} ${files.join(', ')} cannot be made read-only (${unhidden}): a session can write ${files.length === 1 ? 'it' : 'them'}, and ${harness} puts what ${files.length === 1 ? 'it holds' : 'they hold'} into the system prompt of every`;
}
