// Spawns the built binary the way users run it (no TTY, no colour unless asked). Importing this
// fails the test file at once when dist/ is missing or was built from other sources than src/ has.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from '../../scripts/build-inputs.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const binPath = fileURLToPath(new URL('../../dist/bin.cjs', import.meta.url));

if (!existsSync(binPath)) throw new Error(`${binPath} is missing: run \`npm run build\` (npm test builds first)`);
const stale = staleBuildReason(repoRoot);
if (stale !== null) throw new Error(`${stale}. These tests run dist/bin.cjs: run \`npm run build\` (npm test builds first)`);

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `eval-magic …args` in `cwd` with the built binary. */
export function runBin(args: string[], options: { cwd?: string; input?: string | Buffer; env?: NodeJS.ProcessEnv } = {}): CliRun {
  const env = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, ...options.env };
  const result = spawnSync(process.execPath, [binPath, ...args], { cwd: options.cwd, input: options.input ?? '', env, encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
