// Keeping every process an agent starts inside the round, and every process an eval's
// command_check starts inside its grading: a PID namespace of its own (Linux), so nothing it
// forks — a job-control child, a double-forking setsid daemon — outlives it or eval-magic itself;
// elsewhere, its session is swept when it ends.
import { spawn, spawnSync } from 'node:child_process';
import { accessSync, constants as fsConstants } from 'node:fs';
import { constants } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';
import { killGroup } from './process-group.js';

/**
 * How a round's processes are held together.
 * - `pid-namespace`: the agent runs as the child of a small init (a few lines of `sh`) that is
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
  | { kind: 'pid-namespace'; unshare: string; shell: string; userNamespace: boolean }
  | { kind: 'session'; reason: string };

/** The command that starts the agent under a containment, and its environment. */
export interface ContainedCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** True when the init reports the agent's exit on fd 3 (and ends the namespace when fd 3 closes). */
  statusChannel: boolean;
}

/**
 * PID 1 of the namespace, run as `sh -c INIT_SCRIPT sh program args…`. A watcher reads fd 3
 * until its end (eval-magic is gone) and then kills everything in the namespace. The agent runs
 * in the foreground, so its signal dispositions are the ones it was given, with the stderr it
 * was given and without fd 3; the redirections are made in the subshell that becomes the agent,
 * so the shell's own stderr, where it notes "Killed", stays /dev/null. Its
 * exit status goes on fd 3, then the init exits, which ends the namespace. As PID 1 without
 * handlers the shell receives no signal but SIGKILL from outside; the agent, in eval-magic's
 * process group, gets SIGTERM and SIGKILL as before. The shell, not Node: a Node init cost
 * ~100 ms of CPU a round (docs/performance.md), this one a few. Given no program, the init only
 * holds the namespace for commands that join it (see {@link holdNamespace}): it says `ready` on
 * fd 3 and reads it itself until its end, then exits — as PID 1, out of reach of what joined.
 */
const INIT_SCRIPT = `exec 4>&2 2>/dev/null
[ "$#" -gt 0 ] || { printf 'ready\\n' >&3; while read -r _ <&3; do :; done; exit 0; }
(while read -r _ <&3; do :; done; kill -KILL -1) </dev/null >/dev/null 4>&- &
(exec "$@" 2>&4 3>&- 4>&-)
status=$?
printf '%s\\n' "$status" >&3
exit "$status"`;

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
  const shell = findSystemTool('sh');
  if (!shell) return { kind: 'session', reason: 'sh is not on PATH' };
  const tries = process.getuid?.() === 0 ? [false, true] : [true];
  for (const userNamespace of tries) {
    const probe = spawnSync(unshare, [...unshareFlags(userNamespace), '--', shell, '-c', 'exit 0'], { stdio: 'ignore', timeout: 10_000 });
    if (probe.status === 0) return { kind: 'pid-namespace', unshare, shell, userNamespace };
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
  return {
    file: containment.unshare,
    args: [...unshareFlags(containment.userNamespace), '--', containment.shell, '-c', INIT_SCRIPT, 'sh', program, ...args],
    env,
    statusChannel: true,
  };
}

/**
 * How a command eval-magic waits on itself (an eval's command_check) is held together. In a PID
 * namespace the command is not the init's child but joins the namespace with `nsenter` as
 * eval-magic's own: nsenter hands on the command's exit exactly (a code, or a death by that
 * signal), where the init, a shell, could only tell `exit 130` from SIGINT as one status.
 * `setsid` is there for a command to lead a session of its own inside, as a detached spawn would.
 */
export type CommandContainment = (Extract<Containment, { kind: 'pid-namespace' }> & { nsenter: string; setsid: string }) | Extract<Containment, { kind: 'session' }>;

let commandDetected: Promise<CommandContainment> | undefined;

/** This system's containment for commands: the agents', once a command has joined a namespace here (probed once per process). */
export function commandContainment(): Promise<CommandContainment> {
  commandDetected ??= detectCommandContainment();
  return commandDetected;
}

async function detectCommandContainment(): Promise<CommandContainment> {
  const base = agentContainment();
  if (base.kind === 'session') return base;
  const [nsenter, setsid] = [findSystemTool('nsenter'), findSystemTool('setsid')];
  if (!nsenter || !setsid) return { kind: 'session', reason: `${nsenter ? 'setsid' : 'nsenter'} (util-linux) is not on PATH` };
  const containment = { ...base, nsenter, setsid };
  const refused: CommandContainment = { kind: 'session', reason: 'this system let eval-magic make a PID namespace but not join one (nsenter)' };
  let held: HeldNamespace | undefined;
  try {
    held = await holdNamespace(containment);
    const join = held.join(setsid, [base.shell, '-c', 'exit 0'], '/');
    const status = spawnSync(join.file, join.args, { stdio: 'ignore', timeout: 10_000 });
    return status.status === 0 ? containment : refused;
  } catch {
    return refused;
  } finally {
    await held?.end();
  }
}

/** A PID namespace whose init runs nothing of its own, held until {@link HeldNamespace.end}. */
export interface HeldNamespace {
  /** The argv that runs `program args` inside the namespace, in `cwd`; its exit is the program's. */
  join(program: string, args: readonly string[], cwd: string): { file: string; args: string[] };
  /** Ends the namespace: every process left in it is killed; resolves once none is left. */
  end(): Promise<void>;
}

/** How long the init gets to end its namespace before unshare's group is SIGKILLed. */
const END_WAIT_MS = 5000;

/**
 * Starts the init with no program and resolves once its namespace can be joined; rejects when it
 * cannot start. Ending it — or eval-magic's death, which closes the channel — ends the namespace.
 */
export function holdNamespace(containment: Extract<CommandContainment, { kind: 'pid-namespace' }>): Promise<HeldNamespace> {
  // unshare, its init as PID 1. Detached: a Ctrl-C at the terminal reaches eval-magic, which ends the namespace itself.
  const holder = spawn(containment.unshare, [...unshareFlags(containment.userNamespace), '--', containment.shell, '-c', INIT_SCRIPT, 'sh'], { stdio: ['ignore', 'ignore', 'ignore', 'pipe'], detached: true });
  const channel = holder.stdio[3] as Readable;
  const exited = new Promise<void>((done) => {
    holder.once('exit', () => done());
    holder.once('error', () => done());
  });
  channel.once('error', () => {});
  const end = async () => {
    channel.destroy();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), END_WAIT_MS)));
    // unshare exits only once its init has, and the init's exit waits for every process of the namespace.
    if ((await Promise.race([exited, late])) === 'late' && holder.pid !== undefined) {
      killGroup(holder.pid, 'SIGKILL');
      await exited;
    }
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let text = '';
    const failed = (why: string) => void end().then(() => reject(new Error(why)));
    const closedEarly = () => failed('the PID namespace ended before it could be joined');
    channel.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text !== 'ready\n') return;
      channel.off('close', closedEarly);
      const ns = (name: string) => `/proc/${holder.pid}/ns/${name}`;
      // unshare itself is in the new user and mount namespaces; its children are born in the new PID namespace.
      const namespaces = [...(containment.userNamespace ? [`--user=${ns('user')}`, '--preserve-credentials'] : []), `--pid=${ns('pid_for_children')}`, `--mount=${ns('mnt')}`];
      resolve({ join: (program, args, cwd) => ({ file: containment.nsenter, args: [...namespaces, `--wd=${cwd}`, '--', program, ...args] }), end });
    });
    channel.once('close', closedEarly);
    holder.once('error', (error) => failed(`unshare could not start: ${error.message}`));
  });
}

/** The agent's exit as the init reported it. */
export type InitReport = { code: number; signal: null } | { code: null; signal: NodeJS.Signals };

/**
 * The report in the channel's text, if the init got to write one. The shell reports a death by
 * signal N as status 128 + N, as every shell does, so an agent that itself exits with such a
 * status (130 after its own SIGINT handler, say) reads as killed by that signal.
 */
export function readInitReport(text: string): InitReport | undefined {
  const match = /^(\d{1,3})\n$/.exec(text);
  if (!match) return undefined;
  const status = Number(match[1]);
  const signal = status > 128 ? signalNamed(status - 128) : undefined;
  return signal ? { code: null, signal } : { code: status, signal: null };
}

function signalNamed(number: number): NodeJS.Signals | undefined {
  return (Object.keys(constants.signals) as NodeJS.Signals[]).find((name) => constants.signals[name] === number);
}

/** A system tool from the absolute entries of this process's PATH (never a relative one). */
function findSystemTool(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const path = join(dir, name);
    try {
      accessSync(path, fsConstants.X_OK);
      return path;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
