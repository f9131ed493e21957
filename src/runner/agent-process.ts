// Starts one agent round from an argv array (no shell) and waits for it and its whole process group.
import { findExecutable } from '../process/find-executable.js';
import type { ChildProcess } from 'node:child_process';
import { closeSync, realpathSync } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { isInside } from '../fs/inside.js';
import type { Readable } from 'node:stream';
import { createFreshFileAsync, UnsafeOutputError, writeFully } from '../fs/safe-write.js';
import { killGroup, killSession, waitUntilGroupGone } from '../process/process-group.js';
import { makeOwnTemp, privateTemps, shownWith, type PrivateTemp } from '../process/private-temp.js';
import { makeOwnHome, privateHome } from '../process/private-home.js';
import { agentContainment, containedCommand, coversAround, hidingSupport, neededInside, readInitReport, spawnContained, type Containment, type HideAround } from '../process/containment.js';

/** What one round needs to start the agent. */
export interface AgentRoundSpec {
  /** A command name looked up on PATH, or a path. */
  executable: string;
  args: readonly string[];
  /** The agent's working folder (the task folder). */
  cwd: string;
  /**
   * Files that receive stdout (byte for byte) and stderr. Their folder must exist; each file is
   * created new (a leftover regular file is replaced, a link or other odd entry is refused).
   */
  stdoutPath: string;
  stderrPath: string;
  /** Kill the agent's process group after this long (none when absent). */
  timeoutMs?: number;
  /** How long a SIGTERMed agent gets before SIGKILL (default 3000 ms). */
  killGraceMs?: number;
  /** Aborting (Ctrl-C) stops the agent's process group: SIGTERM, then SIGKILL after the grace. */
  signal?: AbortSignal;
  /** Aborting (a repeated Ctrl-C) SIGKILLs the agent's process group at once. */
  killSignal?: AbortSignal;
  /** Most bytes each of stdout and stderr may write; past it the group is killed and the file ends at the limit. */
  maxOutputBytes?: number;
  /** Environment of the agent (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /** Text written to the agent's stdin, which is then closed; without it stdin is /dev/null. */
  stdinText?: string;
  /** How the round's processes are held together (default: the best this system offers). */
  containment?: Containment;
  /**
   * What is hidden from the agent (its namespace's mounts): the other entries of the folder
   * holding `cwd` — sessions running at the same time — and the `cover` folders, shown empty (a
   * cover that holds `cwd`, or is not a folder, is left out). Where that cannot be done the agent
   * is not started (`spawn-failed`); the caller asks {@link hidingSupport} first.
   */
  hideAround?: Omit<HideAround, 'cwd'>;
}

/** Variables that move a CLI's own folders out of HOME: a cover never hides what they name. */
const CLI_FOLDER_VARIABLES = ['CLAUDE_CONFIG_DIR', 'CODEX_HOME', 'XDG_CONFIG_HOME', 'XDG_DATA_HOME', 'XDG_CACHE_HOME', 'XDG_STATE_HOME', 'TMPDIR'] as const;

/** One path a session needs ({@link neededBy}), and what of its own it is: how a plan names what keeps a folder shown. */
export interface NeededPath {
  /** `program`: the agent's program; `node`: the Node that runs it; `home`: its HOME; `cli-folder`: a folder its CLI keeps elsewhere (`variable` names it); `sessions`: the sessions' own folders. */
  what: 'program' | 'node' | 'home' | 'cli-folder' | 'sessions';
  path: string;
  variable?: string;
}

/**
 * What the session itself needs, which no cover hides and no read-only bind holds: its own folder
 * and holder, its HOME and the folders its CLI keeps elsewhere (login, settings, data), its
 * program (and the packages beside it, and Node, by their real paths too).
 */
function neededBy(hide: Omit<HideAround, 'cwd'>, cwd: string, env: NodeJS.ProcessEnv, program: string): string[] {
  return neededNamed(hide.holder, cwd, env, program).map((entry) => entry.path);
}

/** {@link neededBy}, each path with what it is. */
function neededNamed(holder: string | undefined, cwd: string, env: NodeJS.ProcessEnv, program: string): NeededPath[] {
  // The CLIs' own folders wherever a variable moves them (config, data, cache, state, temp).
  const moved = CLI_FOLDER_VARIABLES.flatMap((variable): NeededPath[] => {
    const path = env[variable];
    return path !== undefined && isAbsolute(path) ? [{ what: 'cli-folder', path, variable }] : [];
  });
  const all: Array<Omit<NeededPath, 'path'> & { path: string | undefined }> = [
    { what: 'sessions', path: cwd }, { what: 'sessions', path: holder }, { what: 'home', path: env.HOME }, ...moved,
    { what: 'program', path: program }, { what: 'program', path: realOrAsIs(program) }, { what: 'node', path: process.execPath }, { what: 'node', path: realOrAsIs(process.execPath) },
  ];
  return all.filter((entry): entry is NeededPath => entry.path !== undefined && entry.path !== '');
}

/**
 * The folders of `cover` that no session's namespace can show empty, each with the first path it
 * holds that the session needs ({@link neededBy}, the one rule {@link coversAround} applies when
 * a session starts): for a plan, before any session's folder is made — `sessions`, the folder
 * every session's own folder is made in, stands for them. Where the mounts cannot be made at all
 * no folder is covered, and the caller says that instead.
 */
export function coversLeftShown(cover: readonly string[], sessions: string, env: NodeJS.ProcessEnv, program: string): Array<{ folder: string; holds: NeededPath }> {
  const needed = neededNamed(sessions, sessions, env, program);
  return [...new Set(cover)].flatMap((folder) => {
    const holds = neededInside(folder, needed);
    return holds === undefined ? [] : [{ folder, holds }];
  });
}

/** How a plan names what a folder left shown holds ({@link coversLeftShown}). */
export function neededName(holds: NeededPath): string {
  switch (holds.what) {
    case 'program': return "the agent's program";
    case 'node': return 'the Node that runs it';
    case 'home': return 'HOME';
    case 'cli-folder': return `$${holds.variable}`;
    case 'sessions': return "the sessions' own folders";
  }
}

/** What to do so a folder left shown can be covered: `harness` names the CLI. */
export function neededElsewhere(holds: NeededPath, harness: string): string {
  switch (holds.what) {
    case 'program': return `install ${harness}'s CLI outside it, or run with a PATH that finds it elsewhere first (a harness descriptor's program: put it outside it)`;
    case 'node': return 'run with a Node installed outside it';
    case 'home': return 'run with a HOME outside it';
    case 'cli-folder': return `set ${holds.variable} to a folder outside it`;
    case 'sessions': return 'keep it out of the temporary folder, where the sessions\' folders are made';
  }
}

/** The covers that can be made: folders that hold none of what the session needs ({@link neededBy}), nor are hidden with the real temporary folders already. */
function coversFor(hide: Omit<HideAround, 'cwd'>, needed: readonly string[], temps: readonly PrivateTemp[]): string[] {
  return coversAround(hide.cover ?? [], needed, temps);
}

/**
 * The instruction files and folders (and what their links lead to) that can be bound read-only:
 * none that holds what the session needs or one of its store paths (read-only, the CLI could not
 * work, and a bind over a store's mount would hide it), none inside a cover or the holder (not
 * there to mount on, and hidden anyway) nor holding one (a bind, made last and not recursive,
 * would show what the cover hides), one below another once (the same mount holds it).
 */
function readOnlyFor(hide: Omit<HideAround, 'cwd'>, needed: readonly string[], covers: readonly string[], temps: readonly PrivateTemp[]): string[] {
  const writable = [...needed, ...(hide.stores ?? []).map((store) => store.at)].map(realOrAsIs);
  const hidden = [...covers, ...(hide.holder ? [hide.holder] : [])].map(realOrAsIs);
  // One in a real temporary folder's entry the session does not keep is gone with it (and a bind over a private one's tmpfs would show the real folder).
  const kept = [...new Set(hide.readOnly ?? [])].filter((path) => !writable.some((w) => isInside(path, w)) && !hidden.some((h) => isInside(h, path) || isInside(path, h)) && shownWith(temps, path) && !temps.some((t) => isInside(path, t.path)));
  return kept.filter((path) => !kept.some((other) => other !== path && isInside(other, path)));
}

/** The real path, or, for a path not made yet (a store's mount point), its nearest real folder's with the rest as written. */
function realOrAsIs(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    const parent = dirname(path);
    return parent === path ? path : join(realOrAsIs(parent), basename(path));
  }
}

/** How a round's process ended. */
export type AgentRoundOutcome =
  | { kind: 'exited'; exitCode: number }
  | { kind: 'killed'; signal: NodeJS.Signals }
  | { kind: 'timed-out'; timeoutMs: number }
  | { kind: 'interrupted' }
  | { kind: 'output-too-large'; file: string; limit: number }
  /** An output file could not be made (`unsafe`: something odd was at its path) or written. */
  | { kind: 'output-failed'; message: string; unsafe: boolean }
  | { kind: 'not-found'; executable: string }
  | { kind: 'spawn-failed'; message: string };

type StopReason = { kind: 'timed-out' } | { kind: 'interrupted' } | { kind: 'output-too-large'; file: string } | { kind: 'output-failed'; message: string; unsafe: false };

/** How long the output pipes may stay open after the group is gone (held by a process that left the group). */
const DRAIN_AFTER_EXIT_MS = 1000;

/**
 * The agent's variables: the caller's, but PWD says the folder the agent starts in (a spawn with
 * another cwd leaves the caller's PWD as it was) and the caller's OLDPWD is not passed on. Both
 * name where eval-magic was started from, which can be inside the workspace: an iteration, a run
 * folder, a folder named after the skill — what a blind run must not show either arm. So do the
 * variables a package manager's script runner sets ({@link STARTED_BY}).
 */
function agentEnvironment(env: NodeJS.ProcessEnv, cwd: string): NodeJS.ProcessEnv {
  const { OLDPWD: _callersPrevious, ...rest } = env;
  const kept = Object.fromEntries(Object.entries(rest).filter(([name]) => !STARTED_BY.test(name)));
  return { ...kept, PWD: cwd };
}

/**
 * What `npm run`/`npx` (pnpm, Yarn and Bun alike) set for the command they start: where they were
 * started (INIT_CWD, Yarn's PROJECT_CWD), the script's line (`eval-magic campaign --evals
 * zebra-lint/evals/evals.json`), the package whose script it is (the skill's own, run from its folder).
 */
const STARTED_BY = /^(INIT_CWD|PROJECT_CWD|npm_lifecycle_(event|script)|npm_package_\w+|npm_config_local_prefix)$/;

/**
 * Runs the agent once. It gets its own process group (so a timeout or Ctrl-C can stop everything
 * it started, and whatever still runs in it when the agent exits is killed), stdin from
 * /dev/null (or a pipe carrying `stdinText`). Its stdout and stderr are copied to the two files
 * byte for byte, up to `maxOutputBytes` each; the promise settles only once no process of the
 * group is left.
 */
export async function runAgentRound(spec: AgentRoundSpec): Promise<AgentRoundOutcome> {
  const env = agentEnvironment(spec.env ?? process.env, spec.cwd);
  // Looked up from this process's folder, never the task folder (a relative PATH entry there
  // would run whatever the agent planted); runEvals resolves it once, before round 1.
  const program = findExecutable(spec.executable, env.PATH ?? '', process.cwd());
  if (!program) return { kind: 'not-found', executable: spec.executable };
  if (spec.signal?.aborted || spec.killSignal?.aborted) return { kind: 'interrupted' };

  const fds: number[] = [];
  try {
    // Made on libuv's thread pool: the main thread meanwhile moves other rounds along.
    fds.push(await createFreshFileAsync(spec.stdoutPath));
    fds.push(await createFreshFileAsync(spec.stderrPath));
  } catch (error) {
    for (const fd of fds) closeSync(fd);
    return { kind: 'output-failed', message: (error as Error).message, unsafe: error instanceof UnsafeOutputError };
  }
  // Stopped while the files were made: the agent is not started.
  if (spec.signal?.aborted || spec.killSignal?.aborted) {
    for (const fd of fds) closeSync(fd);
    return { kind: 'interrupted' };
  }

  const containment = spec.containment ?? agentContainment();
  const tools = spec.hideAround && (containment.kind === 'session' ? { reason: `there is no PID namespace here (${containment.reason})` } : await hidingSupport(env.HOME));
  if (tools && 'reason' in tools) {
    for (const fd of fds) closeSync(fd);
    return { kind: 'spawn-failed', message: `what it must not see (the other sessions' work folders, the workspace) could not be hidden from it: ${tools.reason}` };
  }
  let hide;
  if (tools && spec.hideAround) {
    const needed = neededBy(spec.hideAround, spec.cwd, env, program);
    // Its own /tmp, /var/tmp, /dev/shm and $TMPDIR: nothing another session left there, of either arm.
    // Its HOME and its CLI's folders are needed whole: a temporary folder that is one stays shared.
    const whole = [env.HOME, ...CLI_FOLDER_VARIABLES.filter((name) => name !== 'TMPDIR').map((name) => env[name])].filter((path): path is string => path !== undefined);
    const temps = privateTemps(needed, env, spec.hideAround.ownTemps, whole);
    // Its own HOME: the real one beneath, what it writes its own but in its CLI's config folders (none where the overlay was refused, or HOME cannot have one).
    const ownHome = spec.hideAround.ownHome;
    const home = ownHome !== undefined && tools.homeRefused === undefined ? privateHome(env, spec.hideAround.holder, ownHome, spec.hideAround.configFolders) : undefined;
    try {
      for (const temp of temps) if (temp.from !== undefined) makeOwnTemp({ ...temp, from: temp.from });
      if (home !== undefined) makeOwnHome(home.from);
    } catch (error) {
      for (const fd of fds) closeSync(fd);
      return { kind: 'spawn-failed', message: `its own temporary folder or HOME could not be made: ${(error as Error).message}` };
    }
    const cover = coversFor(spec.hideAround, needed, temps);
    hide = { ...spec.hideAround, temps, ...(home !== undefined ? { home } : {}), cover, readOnly: readOnlyFor(spec.hideAround, needed, cover, temps), cwd: spec.cwd, ...tools };
  }
  const command = containedCommand(containment, program, spec.args, env, hide);
  let child: ChildProcess;
  try {
    const stdin = spec.stdinText === undefined ? 'ignore' : 'pipe';
    child = spawnContained(command, { cwd: spec.cwd, stdio: command.statusChannel ? [stdin, 'pipe', 'pipe', 'pipe'] : [stdin, 'pipe', 'pipe'], detached: true });
  } catch (error) {
    for (const fd of fds) closeSync(fd);
    // spawn throws synchronously on an argument or variable no exec can carry (a NUL byte).
    return { kind: 'spawn-failed', message: (error as Error).message };
  }

  if (child.stdin) {
    // An agent that exits without reading its stdin makes the write fail (EPIPE): how the round
    // went is told by its exit, not by this pipe.
    child.stdin.on('error', () => {});
    child.stdin.end(spec.stdinText);
  }

  return new Promise((resolvePromise) => {
    let stopReason: StopReason | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const signalGroup = (signal: NodeJS.Signals) => child.pid !== undefined && killGroup(child.pid, signal);
    const stop = (reason: StopReason, signal: NodeJS.Signals = 'SIGTERM') => {
      if (stopReason) return;
      stopReason = reason;
      signalGroup(signal);
      if (signal !== 'SIGKILL') killTimer = setTimeout(() => signalGroup('SIGKILL'), spec.killGraceMs ?? 3000);
    };
    const timer = spec.timeoutMs !== undefined ? setTimeout(() => stop({ kind: 'timed-out' }), spec.timeoutMs) : undefined;
    const onAbort = () => stop({ kind: 'interrupted' });
    const onKill = () => {
      stop({ kind: 'interrupted' }, 'SIGKILL');
      signalGroup('SIGKILL');
    };
    spec.signal?.addEventListener('abort', onAbort, { once: true });
    spec.killSignal?.addEventListener('abort', onKill, { once: true });

    const limit = spec.maxOutputBytes ?? Infinity;
    const copies = [
      copyCapped(child.stdout!, fds[0]!, spec.stdoutPath, limit, (reason) => stop(reason, 'SIGKILL')),
      copyCapped(child.stderr!, fds[1]!, spec.stderrPath, limit, (reason) => stop(reason, 'SIGKILL')),
    ];

    // The init's report of the agent's own exit (the process we started is unshare).
    const channel = command.statusChannel ? readChannel(child.stdio[3] as Readable) : undefined;

    let settled = false;
    const finish = async (outcome: AgentRoundOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      // However the agent ended, what it left running goes too: a forked helper that outlives its
      // round would keep editing the task folder while the next round (or the next eval) runs, and
      // would outlive `eval-magic run` itself. In a PID namespace the kernel has killed it already.
      signalGroup('SIGKILL');
      if (child.pid !== undefined) {
        if (containment.kind === 'session') killSession(child.pid);
        await waitUntilGroupGone(child.pid, containment.kind === 'session');
      }
      clearTimeout(killTimer);
      // A process that left the group may hold the pipes open: stop copying after a short drain.
      await settledWithin(Promise.all([...copies.map((c) => c.done), channel?.done]), DRAIN_AFTER_EXIT_MS);
      for (const c of copies) c.stop();
      for (const fd of fds) closeSync(fd);
      spec.signal?.removeEventListener('abort', onAbort);
      spec.killSignal?.removeEventListener('abort', onKill);
      resolvePromise(stopReason ? describeStop(stopReason, spec, limit) : channel ? agentOutcome(channel.text(), outcome) : outcome);
    };
    child.once('error', (error) => void finish({ kind: 'spawn-failed', message: error.message }));
    child.once('exit', (code, signal) => void finish(signal ? { kind: 'killed', signal } : { kind: 'exited', exitCode: code ?? 0 }));
  });
}

/** The agent's exit as the init reported it; without a report, how the init (or unshare) ended. */
function agentOutcome(report: string, fallback: AgentRoundOutcome): AgentRoundOutcome {
  const status = readInitReport(report);
  if (!status) return fallback;
  if ('hideFailed' in status) return { kind: 'spawn-failed', message: "what it must not see (the other sessions' work folders, the workspace) could not be hidden from it (the mounts failed; see the round's stderr), so it was not started" };
  return status.signal ? { kind: 'killed', signal: status.signal } : { kind: 'exited', exitCode: status.code };
}

/** Everything the init writes on its channel, and when the channel closes. */
function readChannel(stream: Readable) {
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => {
    // One short JSON line is all the init writes; more would be someone else's doing.
    if (chunks.length < 16) chunks.push(chunk);
  });
  stream.once('error', () => {});
  return {
    done: new Promise<void>((resolveDone) => stream.once('close', () => resolveDone())),
    text: () => Buffer.concat(chunks).toString('utf8'),
  };
}

function describeStop(reason: StopReason, spec: AgentRoundSpec, limit: number): AgentRoundOutcome {
  switch (reason.kind) {
    case 'timed-out':
      return { kind: 'timed-out', timeoutMs: spec.timeoutMs! };
    case 'output-too-large':
      return { kind: 'output-too-large', file: reason.file, limit };
    default:
      return reason;
  }
}

/**
 * Copies a pipe into a file, at most `limit` bytes; the byte that would pass the limit, or a
 * failed write, calls `onStop` and drops everything after it.
 */
function copyCapped(stream: Readable, fd: number, file: string, limit: number, onStop: (reason: StopReason) => void) {
  let written = 0;
  let open = true;
  const onData = (chunk: Buffer) => {
    if (!open) return;
    try {
      const room = limit - written;
      writeFully(fd, chunk.length > room ? chunk.subarray(0, room) : chunk);
      written += Math.min(chunk.length, room);
      if (chunk.length > room) {
        open = false;
        onStop({ kind: 'output-too-large', file });
      }
    } catch (error) {
      open = false;
      onStop({ kind: 'output-failed', message: `cannot write ${file}: ${(error as Error).message}`, unsafe: false });
    }
  };
  stream.on('data', onData);
  const done = new Promise<void>((resolveDone) => stream.once('close', () => resolveDone()));
  stream.once('error', () => {});
  return {
    done,
    stop() {
      open = false;
      stream.off('data', onData);
      stream.destroy();
    },
  };
}

/**
 * Waits for `work`, at most `ms`. The timer is cleared as soon as `work` settles: a pending one
 * would keep the process alive that long after the last round (it cost every run 1 s at exit).
 */
async function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([work, new Promise<void>((done) => (timer = setTimeout(done, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}

