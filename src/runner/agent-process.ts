// Starts one agent round from an argv array (no shell) and waits for it: stdout/stderr go straight to files.
import { spawn } from 'node:child_process';
import { accessSync, closeSync, constants, mkdirSync, openSync, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/** What one round needs to start the agent. */
export interface AgentRoundSpec {
  /** A command name looked up on PATH, or a path. */
  executable: string;
  args: readonly string[];
  /** The agent's working folder (the task folder). */
  cwd: string;
  /** Files that receive stdout (byte for byte) and stderr; their folder is created. */
  stdoutPath: string;
  stderrPath: string;
  /** Kill the agent's process group after this long. */
  timeoutMs?: number;
  /** How long a SIGTERMed agent gets before SIGKILL (default 3000 ms). */
  killGraceMs?: number;
  /** Aborting (Ctrl-C) stops the agent's process group. */
  signal?: AbortSignal;
  /** Environment of the agent (default: this process's). */
  env?: NodeJS.ProcessEnv;
}

/** How a round's process ended. */
export type AgentRoundOutcome =
  | { kind: 'exited'; exitCode: number }
  | { kind: 'killed'; signal: NodeJS.Signals }
  | { kind: 'timed-out'; timeoutMs: number }
  | { kind: 'interrupted' }
  | { kind: 'not-found'; executable: string }
  | { kind: 'spawn-failed'; message: string };

/**
 * Runs the agent once. It gets its own process group (so a timeout or Ctrl-C can stop everything
 * it started, and whatever still runs in it when the agent exits is killed), stdin from
 * /dev/null, and the two output files as stdout/stderr: the bytes never pass through this
 * process, so the events file is exactly what the agent wrote.
 */
export function runAgentRound(spec: AgentRoundSpec): Promise<AgentRoundOutcome> {
  const env = spec.env ?? process.env;
  const program = findExecutable(spec.executable, env.PATH ?? '', spec.cwd);
  if (!program) return Promise.resolve({ kind: 'not-found', executable: spec.executable });
  if (spec.signal?.aborted) return Promise.resolve({ kind: 'interrupted' });

  let out: number | undefined;
  let err: number | undefined;
  try {
    mkdirSync(resolve(spec.stdoutPath, '..'), { recursive: true });
    mkdirSync(resolve(spec.stderrPath, '..'), { recursive: true });
    out = openSync(spec.stdoutPath, 'w');
    err = openSync(spec.stderrPath, 'w');
  } catch (error) {
    for (const fd of [out, err]) if (fd !== undefined) closeSync(fd);
    return Promise.resolve({ kind: 'spawn-failed', message: (error as Error).message });
  }

  let child: ReturnType<typeof spawn>;
  try {
    child = spawn(program, [...spec.args], { cwd: spec.cwd, env, stdio: ['ignore', out, err], detached: true, shell: false });
  } catch (error) {
    // spawn throws synchronously on an argument or variable no exec can carry (a NUL byte).
    return Promise.resolve({ kind: 'spawn-failed', message: (error as Error).message });
  } finally {
    closeSync(out);
    closeSync(err);
  }

  return new Promise((resolvePromise) => {

    let stopReason: 'timed-out' | 'interrupted' | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const killGroup = (signal: NodeJS.Signals) => {
      if (child.pid === undefined) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        // ESRCH: the group is already gone.
      }
    };
    const stop = (reason: 'timed-out' | 'interrupted') => {
      if (stopReason) return;
      stopReason = reason;
      killGroup('SIGTERM');
      killTimer = setTimeout(() => killGroup('SIGKILL'), spec.killGraceMs ?? 3000);
    };
    const timer = spec.timeoutMs !== undefined ? setTimeout(() => stop('timed-out'), spec.timeoutMs) : undefined;
    const onAbort = () => stop('interrupted');
    spec.signal?.addEventListener('abort', onAbort, { once: true });

    const finish = (outcome: AgentRoundOutcome) => {
      clearTimeout(timer);
      clearTimeout(killTimer);
      spec.signal?.removeEventListener('abort', onAbort);
      resolvePromise(outcome);
    };
    child.once('error', (error) => finish({ kind: 'spawn-failed', message: error.message }));
    child.once('exit', (code, signal) => {
      // However the agent ended, what it left running in its group goes too: a forked helper
      // that outlives its round would keep editing the task folder while the next round (or the
      // next eval) runs, and would outlive `eval-magic run` itself.
      killGroup('SIGKILL');
      if (stopReason) {
        finish(stopReason === 'timed-out' ? { kind: 'timed-out', timeoutMs: spec.timeoutMs! } : { kind: 'interrupted' });
      } else if (signal) {
        finish({ kind: 'killed', signal });
      } else {
        finish({ kind: 'exited', exitCode: code ?? 0 });
      }
    });
  });
}

/** The path of `executable` as the OS would run it: PATH lookup for a bare name, else resolved from `cwd`. */
function findExecutable(executable: string, pathVariable: string, cwd: string): string | undefined {
  const candidates = executable.includes('/')
    ? [isAbsolute(executable) ? executable : resolve(cwd, executable)]
    : pathVariable
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(resolve(cwd, dir), executable));
  return candidates.find(isExecutableFile);
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
