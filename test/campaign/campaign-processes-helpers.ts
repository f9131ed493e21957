// The campaign binary as a process of its own, for tests that signal or kill it.
import { spawn } from 'node:child_process';
import { binPath } from '../helpers/cli.js';

/** Starts the binary; resolves with its exit code and output when it ends. */
export function start(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, [binPath, ...args], { cwd, env: { ...env, NO_COLOR: '1' }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const done = new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/** Polls `condition` every 50 ms until it holds; fails after `ms`. */
export async function until(what: string, condition: () => boolean, ms = 30_000): Promise<void> {
  for (const deadline = Date.now() + ms; !condition(); await new Promise((r) => setTimeout(r, 50))) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
  }
}
