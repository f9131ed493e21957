// Spawns the built binary the way users run it (no TTY, no colour unless asked), or runs the built
// CLI's entry in the test's own process with the same surroundings. Importing this fails the test
// file at once when dist/ is missing or was built from other sources than src/ has.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { staleBuildReason } from '../../scripts/build-inputs.js';
import type { CliIO } from '../../src/cli/index.js';

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

interface CliRunOptions {
  cwd?: string;
  input?: string | Buffer;
  env?: NodeJS.ProcessEnv;
  /** runMain only: called with each text the command writes to stdout, as it writes it (a test acts between a plan and its sessions). */
  onStdout?: (text: string) => void;
}

/** The environment a test's CLI run gets: no colour, no GitHub Actions, then `extra` (an undefined value removes a variable). */
export function cliEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', FORCE_COLOR: undefined, GITHUB_ACTIONS: undefined, ...extra };
  for (const [name, value] of Object.entries(env)) if (value === undefined) delete env[name];
  return env;
}

/** Runs `eval-magic …args` in `cwd` with the built binary. */
export function runBin(args: string[], options: CliRunOptions = {}): CliRun {
  const result = spawnSync(process.execPath, [binPath, ...args], { cwd: options.cwd, input: options.input ?? '', env: cliEnv(options.env), encoding: 'utf8', timeout: 60_000 });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

let cliMain: Promise<(argv: string[], io: CliIO) => Promise<number>> | undefined;

/**
 * Runs `eval-magic …args` in this process through dist/cli.js's `main`, the entry dist/bin.cjs
 * calls (built from the same sources), with what runBin gives the executable: the working
 * directory, the environment, stdin, no TTY. A Node start-up less per run (~0.25 CPU-seconds).
 * Not for what yargs prints to the process's own stdout (--help, --version) nor for what needs
 * a process (signals, closed pipes, exit): runBin.
 */
export async function runMain(args: string[], options: CliRunOptions = {}): Promise<CliRun> {
  cliMain ??= import(pathToFileURL(fileURLToPath(new URL('../../dist/cli.js', import.meta.url))).href).then((module: { main: (argv: string[], io: CliIO) => Promise<number> }) => module.main);
  const main = await cliMain;
  let stdout = '';
  let stderr = '';
  const input = options.input ?? '';
  const io: CliIO = {
    cwd: options.cwd ?? process.cwd(),
    env: cliEnv(options.env),
    stdout: { isTTY: false, write: (text: string) => { stdout += text; options.onStdout?.(text); } },
    stderr: { isTTY: false, write: (text: string) => void (stderr += text) },
    readStdin: async () => (typeof input === 'string' ? Buffer.from(input) : input),
  };
  const code = await main(args, io);
  return { code, stdout, stderr };
}
