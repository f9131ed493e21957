// Spawns the built binary the way users run it (no TTY, no colour unless asked).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const binPath = fileURLToPath(new URL('../../dist/bin.cjs', import.meta.url));

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `eval-magic …args` in `cwd`; the build must exist (`npm test` builds first). */
export function runBin(args: string[], options: { cwd?: string; input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): CliRun {
  if (!existsSync(binPath)) throw new Error(`${binPath} is missing: run npm run build first`);
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, ...options.env };
  const result = spawnSync(process.execPath, [binPath, ...args], { cwd: options.cwd, input: options.input ?? '', env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
