// The paths a harness descriptor names outside the task — user-level skill folders, session
// stores — written `~/<path>`, `$NAME/<path>` or `/<path>`, read against the agent's environment.
import { join } from 'node:path';

/** `~/x` → `$HOME/x`, `$NAME/x` → `${NAME}/x`, `$NAME` → `${NAME}`, `/x` as it is; undefined when the variable is unset or empty. */
export function expandUserPath(entry: string, env: NodeJS.ProcessEnv): string | undefined {
  if (entry.startsWith('/')) return entry;
  // A variable alone (`$CODEX_HOME`, a config folder) is its value.
  const slash = entry.includes('/') ? entry.indexOf('/') : entry.length;
  const head = entry.slice(0, slash);
  const base = head === '~' ? env.HOME : env[head.slice(1)];
  return base ? join(base, entry.slice(slash + 1)) : undefined;
}
