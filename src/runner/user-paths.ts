// The paths a harness descriptor names outside the task — user-level skill folders, session
// stores — written `~/<path>`, `$NAME/<path>` or `/<path>`, read against the agent's environment.
import { join } from 'node:path';
import type { HarnessDescriptor } from './harness-descriptor.js';

/** `~/x` → `$HOME/x`, `$NAME/x` → `${NAME}/x`, `$NAME` → `${NAME}`, `/x` as it is; undefined when the variable is unset or empty. */
export function expandUserPath(entry: string, env: NodeJS.ProcessEnv): string | undefined {
  if (entry.startsWith('/')) return entry;
  // A variable alone (`$CODEX_HOME`, a config folder) is its value.
  const slash = entry.includes('/') ? entry.indexOf('/') : entry.length;
  const head = entry.slice(0, slash);
  const base = head === '~' ? env.HOME : env[head.slice(1)];
  return base ? join(base, entry.slice(slash + 1)) : undefined;
}

/**
 * The harness's user-level skill folders (its descriptor's `user_skills_dirs`) in the agent's
 * environment `env` (the caller's, with the descriptor's env over it): each once, those whose
 * variable is unset left out. Where campaign looks for the skill the control arm must not find,
 * and what every judge's namespace shows empty.
 */
export function userSkillFolders(harness: Pick<HarnessDescriptor, 'user_skills_dirs'>, env: NodeJS.ProcessEnv): string[] {
  return [...new Set((harness.user_skills_dirs ?? []).flatMap((entry) => expandUserPath(entry, env) ?? []))];
}
