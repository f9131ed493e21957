// Each session's own copy of its CLI's session store. The CLIs keep every session's transcript
// under HOME (Claude Code's ~/.claude/projects, Codex's ~/.codex/sessions and sqlite files,
// OpenCode's database and log): shared, a control agent could read there a skill run's
// transcript — the skill's name, its SKILL.md. Where a session's namespace hides what it must not
// see, a private folder beside its work folder is mounted at each of the descriptor's
// `session_stores` (and `session_store_env` moves what sits beside the login files), the same
// folder in every round of the session (resume reads it), removed with the session's folder.
import { mkdirSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import type { StoreMount } from '../process/containment.js';
import { storeBeside } from '../process/work-folders.js';
import type { HarnessDescriptor } from './harness-descriptor.js';
import { expandUserPath } from './user-paths.js';

/** The descriptor's store paths as the agent's environment places them (unset variables skipped, each path once). */
export function sessionStorePaths(harness: Pick<HarnessDescriptor, 'session_stores'>, env: NodeJS.ProcessEnv): string[] {
  const uid = String(process.getuid?.() ?? '');
  const paths = (harness.session_stores ?? []).map((entry) => expandUserPath(entry, env)?.replaceAll('{uid}', uid));
  return [...new Set(paths.filter((path): path is string => path !== undefined && isAbsolute(path)))];
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
