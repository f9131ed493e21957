// The lock file a command holds on a folder it writes in (run's --out, a campaign's run folder, a
// judgment folder): what it says of its holder, and whether that holder still runs. The runner
// takes and releases locks; compare and judge read them to tell a run under way from one cut short.
import { lstatSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { readRegularText } from '../fs/read-file.js';

/** What the lock file holds (JSON). */
export interface LockRecord {
  pid: number;
  /** When the holder took the lock (ISO 8601). */
  started: string;
  host: string;
  /** The holder's start time in clock ticks since boot (Linux), to tell a reused pid from the holder. */
  proc_start?: string;
  /** Random; only the holder removes the lock. */
  token: string;
  /**
   * The holder runs its agents in PID namespaces (containment.ts): when it dies, the kernel ends
   * every process it started, so a lock it left can be taken over.
   */
  contained?: boolean;
}

/** The most a lock file eval-magic writes can hold (a host name is at most 255 bytes): anything larger is none of its locks, and is not read. */
const MAX_LOCK_BYTES = 4096;

/**
 * The record in the lock file, or undefined for anything that is not a regular lock file eval-magic
 * could have written: a link, a FIFO, a file over {@link MAX_LOCK_BYTES}, not JSON, or a pid that
 * names no single process (0 and negative pids name process groups to `kill`).
 */
export function readLockRecord(path: string): LockRecord | undefined {
  const read = readRegularText(path, 'a lock file', { noFollow: true, maxBytes: MAX_LOCK_BYTES });
  if (!read.ok) return undefined;
  try {
    const value = JSON.parse(read.text) as Partial<LockRecord>;
    if (!Number.isSafeInteger(value.pid) || value.pid! <= 0 || typeof value.started !== 'string' || typeof value.host !== 'string' || typeof value.token !== 'string') return undefined;
    return value as LockRecord;
  } catch {
    return undefined;
  }
}

/**
 * Whether the lock's holder may still be at work: it runs on this host, or it is on another host,
 * where this one cannot look (so it may).
 */
export function holderMayRun(holder: LockRecord): boolean {
  return holder.host !== hostname() || isRunning(holder.pid, holder.proc_start);
}

/**
 * The record of the lock file at `path` when its holder may still be at work ({@link holderMayRun}),
 * or undefined: no lock there, or one a dead command left. What tells an attempt under way (a
 * campaign's run, a judge's session) from one cut short, whose placeholder record then stands.
 */
export function liveHolder(path: string): LockRecord | undefined {
  const holder = readLockRecord(path);
  return holder !== undefined && holderMayRun(holder) ? holder : undefined;
}

/** Whether `pid` still runs (not a zombie) and, when its start time is known, is the same process. */
export function isRunning(pid: number, procStart: string | undefined): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = readProcStat(pid);
  if (now?.state === 'Z') return false;
  return procStart === undefined || now === undefined || now.start === procStart;
}

/** This process's start time after boot in clock ticks, or undefined off Linux. */
export function processStartTicks(pid: number): string | undefined {
  return readProcStat(pid)?.start;
}

/** State (field 3) and start time after boot in clock ticks (field 22) of /proc/<pid>/stat; undefined off Linux. */
function readProcStat(pid: number): { state: string; start: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0]!, start: fields[19]! };
  } catch {
    return undefined;
  }
}

/**
 * What is said of a folder whose lock at `path` no command holds and none takes over — one
 * eval-magic cannot read, or one a command of this host left that no longer runs and whose agents
 * were not held in PID namespaces (one may still run) — after the folder's name, with what to do:
 * one wording for the refusal to take it and every reader that meets it (compare, judge's plan).
 * `lock` names the file as the reader shows it; `who` what left it; `again`, what to run after.
 * Undefined: no lock there, one whose holder may run, or one the next command takes over.
 */
export function stuckLockWords(path: string, said: { lock: string; who: 'run' | 'command'; again: string }): string | undefined {
  try {
    if (lstatSync(path, { throwIfNoEntry: false }) === undefined) return undefined;
  } catch {
    // Below a file (ENOTDIR: a level that is no folder, said as that) or a folder this user may not enter: no lock seen.
    return undefined;
  }
  const holder = readLockRecord(path);
  if (holder === undefined) return `is locked by ${said.lock}, which is not a lock file eval-magic can read; if no eval-magic command is using it, delete it and run ${said.again}`;
  if (holder.contained === true || holderMayRun(holder)) return undefined;
  return `has a stale lock: ${said.lock} was left by an eval-magic ${said.who} (pid ${holder.pid}, started ${holder.started}) that is no longer running (it was killed or crashed), and whose agents were not held in PID namespaces, so one may still run. If nothing is using it, delete the lock file and run ${said.again}`;
}
