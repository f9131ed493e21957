// Keeping every process an agent starts inside the round: a PID namespace of its own (Linux), so
// nothing it forks — a job-control child, a double-forking setsid daemon — outlives the round or
// eval-magic itself; elsewhere, its session is swept when the round ends.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { delimiter, isAbsolute, join } from 'node:path';

/**
 * How a round's processes are held together.
 * - `pid-namespace`: the agent runs as the child of a small init (a `node -e` script) that is
 *   PID 1 of a new PID namespace (`unshare --pid --fork --kill-child --mount-proc`, inside a
 *   user namespace when not root), which sees a /proc of its own. When the init exits — the
 *   agent exited, or eval-magic died and closed the init's channel, even by SIGKILL — the
 *   kernel kills every process left in the namespace.
 * - `session`: no namespace is available (not Linux, no `unshare`, or namespaces refused): the
 *   agent leads a session of its own, and its process group and then its session are killed
 *   when the round ends. A process that calls setsid() escapes this, as does anything running
 *   when eval-magic is killed with SIGKILL.
 */
export type Containment =
  | { kind: 'pid-namespace'; unshare: string; userNamespace: boolean }
  | { kind: 'session'; reason: string };

/** The command that starts the agent under a containment, and its environment. */
export interface ContainedCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** True when the init reports the agent's exit on fd 3 (and ends the namespace when fd 3 closes). */
  statusChannel: boolean;
}

/** Node reads these itself (NODE_OPTIONS would load code into the init): they reach the agent under this prefix, restored by the init. */
const KEEP_PREFIX = 'EVAL_MAGIC_INIT_KEPT_';

/**
 * PID 1 of the namespace. It starts the agent with the environment and stdio it was given (the
 * NODE_* variables restored), reports `{code, signal}` or `{error}` on fd 3 once the agent exits,
 * then exits — which ends the namespace. An end of fd 3 (eval-magic is gone) ends it at once.
 * It installs no signal handler: as PID 1 it then receives no signal but SIGKILL from outside,
 * while the agent, in eval-magic's process group, gets SIGTERM and SIGKILL as before.
 */
const INIT_SCRIPT = `'use strict';
const { spawn } = require('node:child_process');
const channel = new (require('node:net').Socket)({ fd: 3, readable: true, writable: true });
channel.on('error', () => process.exit(125));
channel.on('end', () => process.exit(125));
channel.resume();
for (const name of Object.keys(process.env)) {
  if (!name.startsWith(${JSON.stringify(KEEP_PREFIX)})) continue;
  process.env[name.slice(${KEEP_PREFIX.length})] = process.env[name];
  delete process.env[name];
}
const [program, ...args] = process.argv.slice(1);
const report = (status, code) => channel.end(JSON.stringify(status) + '\\n', () => process.exit(code));
const agent = spawn(program, args, { stdio: 'inherit' });
agent.on('error', (error) => report({ error: error.message }, 126));
agent.on('exit', (code, signal) => report({ code, signal }, code ?? 0));
`;

let detected: Containment | undefined;

/** This system's containment, probed once per process (a few milliseconds). */
export function agentContainment(): Containment {
  detected ??= detectContainment();
  return detected;
}

function detectContainment(): Containment {
  if (process.platform !== 'linux') return { kind: 'session', reason: `PID namespaces are Linux-only (this is ${process.platform})` };
  const unshare = findSystemTool('unshare');
  if (!unshare) return { kind: 'session', reason: 'unshare (util-linux) is not on PATH' };
  const tries = process.getuid?.() === 0 ? [false, true] : [true];
  for (const userNamespace of tries) {
    const probe = spawnSync(unshare, [...unshareFlags(userNamespace), '--', process.execPath, '--version'], { stdio: 'ignore', timeout: 10_000 });
    if (probe.status === 0) return { kind: 'pid-namespace', unshare, userNamespace };
  }
  return { kind: 'session', reason: 'this system refused a new PID namespace with its own /proc (no root, and unprivileged user namespaces or their proc mounts are off)' };
}

function unshareFlags(userNamespace: boolean): string[] {
  // --map-current-user keeps the agent's uid and gid as they are (supplementary groups show as
  // nobody inside); --kill-child also ends the namespace if unshare itself is killed.
  // --mount-proc (in a mount namespace of its own) gives the namespace its own /proc: with the
  // host's, Codex CLI's sandboxed commands never finish.
  return [...(userNamespace ? ['--user', '--map-current-user'] : []), '--pid', '--fork', '--kill-child=SIGKILL', '--mount-proc'];
}

/** The argv and environment that start `program args` under `containment`. */
export function containedCommand(containment: Containment, program: string, args: readonly string[], env: NodeJS.ProcessEnv): ContainedCommand {
  if (containment.kind === 'session') return { file: program, args: [...args], env, statusChannel: false };
  const initEnv: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) initEnv[name.startsWith('NODE_') ? KEEP_PREFIX + name : name] = value;
  return {
    file: containment.unshare,
    args: [...unshareFlags(containment.userNamespace), '--', process.execPath, '-e', INIT_SCRIPT, '--', program, ...args],
    env: initEnv,
    statusChannel: true,
  };
}

/** What the init reported on its channel: the agent's exit, or why it could not start. */
export type InitReport = { code: number | null; signal: NodeJS.Signals | null } | { error: string };

/** The report in the channel's text, if the init got to write one. */
export function readInitReport(text: string): InitReport | undefined {
  try {
    const value = JSON.parse(text) as InitReport;
    return typeof value === 'object' && value !== null ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A system tool from the absolute entries of this process's PATH (never a relative one). */
function findSystemTool(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const path = join(dir, name);
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
