// command_check: the eval's own shell command (the user's code, run as such through `sh`) in a
// scratch copy of the run's final task folder, held-out setup files copied in first, once per
// matrix cell. The run's folder itself is never changed, so grading again gives the same verdict.
// Each cell has a /tmp and $TMPDIR of its own, empty at its start: what one run's tests leave there
// (a database at a fixed path, a lock, a cache) the cells graded after it never find.
import { spawn, type ChildProcessByStdio } from 'node:child_process';
import type { Readable } from 'node:stream';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, realpathSync, rmSync, statfsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, isAbsolute, join, resolve } from 'node:path';
import { compileGateRegex } from '../../evals/gate-regex.js';
import { isCopiedKind } from '../../fs/file-tree.js';
import { replaceWithRealFolders } from '../../fs/folders.js';
import { findExecutable } from '../../process/find-executable.js';
import { commandContainment, coversAround, hidingSupport, holdNamespace, type CommandContainment, type HoldOptions } from '../../process/containment.js';
import { makeOwnTemp, privateTemps } from '../../process/private-temp.js';
import { removeOwnTree } from '../../fs/remove-tree.js';
import { withoutInheritedDescriptors } from '../../process/inherited-descriptors.js';
import { killGroup, waitUntilGroupGone } from '../../process/process-group.js';
import type { CommandCheckAssertion } from './types.js';
import { recordPath, toldUngraded, type PathNamer, type ToldVerdict } from './told.js';
import { setupFileReads } from '../../workspace/setup-file-reads.js';
import { isAbsoluteTaskPath, normalizeTaskPath } from '../../checker/rules/utils/task-paths.js';

/** Where and how long a command_check runs. */
export interface CommandCheckInput {
  /** The run's final task folder (absolute); undefined when the run kept none. */
  taskDir: string | undefined;
  /** The task folder is gone but held no file when the run ended (workspace/run-record.ts runFolderState): the command runs in an empty folder. */
  taskEmpty?: boolean;
  /** The skill's evals folder, where `setup_files` are read from (absolute). */
  evalsDir: string;
  /** How the report's ungraded reason names a folder: from where compare was started (fs/shown-path.ts); grading.json's names it absolute (told.ts). Never the scratch copy the command runs in. */
  shown: PathNamer;
  /** Wall-clock limit per matrix cell. */
  timeoutMs: number;
  /** Output kept per stream; a command writing more is stopped and fails. */
  maxOutputBytes: number;
  /** Aborted (an interrupt): the running cell's process group is killed and no further cell starts. */
  signal?: AbortSignal;
  /** How each cell's processes are held together (default: the best this system offers). */
  containment?: CommandContainment;
  /**
   * Folders the command must find empty (the workspaces compared, the skill's folders:
   * ../../workspace/hidden-folders.ts): shown so in each cell's namespace where the system can
   * ({@link commandsUnhidden} says why not); one that holds the scratch folder or HOME is left shown.
   */
  hidden?: readonly string[];
}

/** Defaults: a test suite gets 5 minutes a cell and 8 MiB of output. */
export const COMMAND_CHECK_LIMITS = { timeoutMs: 300_000, maxOutputBytes: 8 * 1024 * 1024 } as const;

/** The most matrix cells one command_check runs (each is a process, ~15 ms at the least, and a line of evidence when it fails). */
const MAX_MATRIX_CELLS = 10_000;

/** Characters of output quoted in the evidence (the reference keeps 2 KiB). */
const TAIL_CHARS = 2048;

/** Grades one command_check. A run without a task folder, or a missing setup file, is ungraded. */
export async function gradeCommandCheck(assertion: CommandCheckAssertion, input: CommandCheckInput): Promise<ToldVerdict> {
  // A reason that names a folder is formed by `name`: the record's and the report's words.
  const told = (reason: (name: PathNamer) => string): ToldVerdict => toldUngraded({ id: assertion.id, grader: 'command_check' }, reason, recordPath, input.shown);
  const ungraded = (reason: string): ToldVerdict => told(() => reason);
  if (input.taskDir === undefined) return ungraded('the run kept no final task folder (no run.json with task_dir), so the command has nowhere to run');
  if (!input.taskEmpty && !existsSync(input.taskDir)) return told((name) => `the run's task folder ${name(input.taskDir!)} does not exist`);
  // Multiplied out, a matrix of 8 variables of 20 values is 25.6 billion cells: more than memory holds, or any run could wait for.
  const cells = Object.values(assertion.matrix ?? {}).reduce((n, values) => n * values.length, 1);
  if (cells > MAX_MATRIX_CELLS) return ungraded(`its matrix multiplies out to ${cells.toLocaleString('en-US')} cells, more than the ${MAX_MATRIX_CELLS.toLocaleString('en-US')} compare runs for one command_check`);
  // What each setup file's copy reads, read once: campaign.json's digest of it is of the same reading.
  const setupReads = (assertion.setup_files ?? []).map((file) => ({ file, reads: outsideTaskPath(file) ?? setupFileReads(input.evalsDir, file) }));
  const setupProblem = setupReads.flatMap(({ reads }) => ('problem' in reads ? [reads.problem] : []))[0];
  if (setupProblem !== undefined) return told(setupProblem);

  const scratch = mkdtempSync(join(tmpdir(), 'eval-magic-command-check-'));
  try {
    const workDir = join(scratch, 'task');
    // Links stay links (verbatim): a link the agent made that points out of its folder is not followed by the copy.
    // FIFOs, sockets and devices the agent left are not copied (git does not keep them either): copying one fails.
    // The copy must fit where it goes: an agent's sparse file (`truncate -s 1T log`) is copied at its full size.
    const room = freeRoom(scratch);
    let bytes = 0;
    const filter = (source: string) => {
      const stats = lstatSync(source, { throwIfNoEntry: false });
      if (stats?.isFile() && (bytes += stats.size) > room) throw new CopyTooLarge();
      return stats !== undefined && isCopiedKind(stats);
    };
    try {
      if (input.taskEmpty) mkdirSync(workDir);
      else cpSync(input.taskDir, workDir, { recursive: true, verbatimSymlinks: true, filter });
    } catch (error) {
      if (error instanceof CopyTooLarge) return ungraded(`the run's task folder holds more than the ${gib(room)} its scratch copy may take (${gib(room + SCRATCH_RESERVE)} free in ${tmpdir()}, less ${gib(SCRATCH_RESERVE)} kept free; a sparse file counts at its full size): copying it would fill the disk`);
      return ungraded(`the run's task folder could not be copied to run the command in: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
    }
    for (const { file, reads } of setupReads) {
      const target = join(workDir, file);
      // Every folder on its way is a real folder of the copy: a link the agent left there (task/tests → elsewhere) is replaced, never followed.
      replaceWithRealFolders(workDir, dirname(target));
      rmSync(target, { recursive: true, force: true });
      // Links are followed (held-out files are copied as files): what it copies is what setupFileReads read, no more.
      const copied = new Set('entries' in reads ? reads.entries.map((entry) => entry.at) : []);
      try {
        cpSync(join(input.evalsDir, file), target, { recursive: true, dereference: true, filter: (source) => copied.has(source) });
      } catch (error) {
        return ungraded(`setup file ${JSON.stringify(file)} could not be copied in: ${(error as NodeJS.ErrnoException).code ?? String(error)}`);
      }
    }
    const envs = matrixCells(assertion);
    const outcomes: CellOutcome[] = [];
    for (const env of envs) {
      input.signal?.throwIfAborted();
      outcomes.push(await runCell(assertion, { root: scratch, task: workDir }, env, input));
    }
    input.signal?.throwIfAborted();
    return { graded: summarize(assertion, envs, outcomes) };
  } finally {
    // The command may leave a folder it made read-only (chmod a-w, as Go's module cache is): opened, not a failure of the compare.
    removeOwnTree(scratch);
  }
}

/** What the scratch copy leaves free on its file system, for the command's own files and everything else on the machine. */
const SCRATCH_RESERVE = 2 ** 30;

class CopyTooLarge extends Error {}

/** Bytes the scratch copy may take in `dir`'s file system: what is free to this user, less the reserve (Infinity where statfs is not known). */
function freeRoom(dir: string): number {
  try {
    const { bavail, bsize } = statfsSync(dir);
    return Math.max(0, bavail * bsize - SCRATCH_RESERVE);
  } catch {
    return Infinity;
  }
}

const gib = (bytes: number) => `${(bytes / 2 ** 30).toLocaleString('en-US', { maximumFractionDigits: 1 })} GiB`;

/** Why a setup file's path is not one check's rule (setup-files-path) passes, read as it reads it: `tests/../grading/t.py` is grading/t.py, which stays inside. */
function outsideTaskPath(file: string): { problem: () => string } | undefined {
  if (file.includes('\u0000') || isAbsoluteTaskPath(file) || normalizeTaskPath(file) === undefined) return { problem: () => `setup file ${JSON.stringify(file)} must be a relative path inside the skill's evals folder` };
  return undefined;
}

function realpathOrNot(path: string): string | undefined {
  try {
    return realpathSync.native(path);
  } catch {
    return undefined;
  }
}

/** `env`, then each matrix variable (names sorted, as the reference's ordered map) multiplied out; later values win. */
export function matrixCells(assertion: Pick<CommandCheckAssertion, 'env' | 'matrix'>): Array<Record<string, string>> {
  let cells: Array<Record<string, string>> = [{ ...(assertion.env ?? {}) }];
  const names = Object.keys(assertion.matrix ?? {}).sort();
  for (const name of names) cells = cells.flatMap((cell) => assertion.matrix![name]!.map((value) => ({ ...cell, [name]: value })));
  return cells;
}

/** A grading's scratch folder (in the temporary folder), and the task's copy in it, where each cell's command runs. */
interface Scratch {
  root: string;
  task: string;
}

interface CellOutcome {
  passed: boolean;
  /** What failed, or what matched. */
  detail: string;
  exitCode: number | null;
  tail: string;
}

async function runCell(assertion: CommandCheckAssertion, scratch: Scratch, cellEnv: Record<string, string>, input: CommandCheckInput): Promise<CellOutcome> {
  const expected = assertion.expect_exit_code ?? 0;
  const env: NodeJS.ProcessEnv = {};
  // The task folder decides which repository git sees; an explicit env may still set one.
  for (const [name, value] of Object.entries(process.env)) if (!name.startsWith('GIT_')) env[name] = value;
  Object.assign(env, cellEnv);
  const run = await runShell(assertion.command, scratch, env, input);
  const failures: string[] = [];
  if (run.limit) failures.push(run.limit);
  else if (run.exitCode === null) failures.push(`command terminated by signal ${run.signal ?? 'unknown'}`);
  else if (run.exitCode !== expected) failures.push(`expected exit code ${expected}, got ${run.exitCode}`);
  if (assertion.expect_stdout !== undefined && !run.limit) {
    const compiled = compileGateRegex(assertion.expect_stdout);
    if (!compiled.ok) failures.push(`invalid expect_stdout regex ${JSON.stringify(assertion.expect_stdout)}: ${compiled.message}`);
    else if (!compiled.regex.test(run.stdout)) failures.push(`stdout did not match expect_stdout regex ${JSON.stringify(assertion.expect_stdout)}`);
  }
  const matched = assertion.expect_stdout === undefined ? `exit code matched ${expected}` : `exit code matched ${expected}; stdout matched regex ${JSON.stringify(assertion.expect_stdout)}`;
  const combined = run.stdout + (run.stderr === '' ? '' : (run.stdout === '' ? '' : '\n') + run.stderr);
  return { passed: failures.length === 0, detail: failures.length === 0 ? matched : failures.join('; '), exitCode: run.exitCode, tail: [...combined].slice(-TAIL_CHARS).join('') };
}

function summarize(assertion: CommandCheckAssertion, cells: Array<Record<string, string>>, outcomes: CellOutcome[]): { id: string; passed: boolean; evidence: string; grader: 'command_check' } {
  const describe = (o: CellOutcome) => `${o.detail} (exit code ${o.exitCode ?? 'none'}); output tail: ${o.tail === '' ? '(none)' : JSON.stringify(o.tail)}`;
  if (assertion.matrix === undefined) return { id: assertion.id, passed: outcomes[0]!.passed, evidence: describe(outcomes[0]!), grader: 'command_check' };
  const passedCells = outcomes.filter((o) => o.passed).length;
  const names = Object.keys(assertion.matrix).sort();
  const failed = outcomes.flatMap((o, i) => (o.passed ? [] : [`${names.map((n) => `${n}=${cells[i]![n]}`).join(',')}: ${describe(o)}`]));
  const evidence = `${passedCells}/${outcomes.length} matrix cells passed` + (failed.length > 0 ? `; failed cells: ${failed.join('; ')}` : '');
  return { id: assertion.id, passed: passedCells === outcomes.length, evidence, grader: 'command_check' };
}

interface ShellRun {
  exitCode: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** Set when the command was stopped for running too long or writing too much. */
  limit?: string;
}

/**
 * `sh -c command`, stdin closed, in a PID namespace of its own where the system has one: when the
 * command is over (or stopped), the namespace ends, and with it every process the command
 * started, a setsid daemon included. Without one, only its process group is killed.
 */
async function runShell(command: string, scratch: Scratch, env: NodeJS.ProcessEnv, input: CommandCheckInput): Promise<ShellRun> {
  const cwd = resolve(scratch.task);
  const containment = input.containment ?? (await commandContainment());
  if (containment.kind === 'session') return runInGroup('sh', ['-c', command], cwd, env, input);
  const notStarted = (why: string): ShellRun => ({ exitCode: null, signal: null, stdout: '', stderr: '', limit: `could not start sh: ${why}` });
  // nsenter would exit 127 for a missing sh; unjoined, the failure is the one a spawn reports.
  if (env.PATH !== undefined && !findExecutable('sh', env.PATH, cwd)) return notStarted('spawn sh ENOENT');
  // A new folder each cell: its /tmp and $TMPDIR are empty even if an earlier cell's could not be removed.
  const ownTemps = join(scratch.root, `temp-${++cellsStarted}`);
  let held: Awaited<ReturnType<typeof holdNamespace>>;
  try {
    const hide = await cellMounts(input.hidden ?? [], scratch.root, ownTemps, env, [containment.unshare, containment.setsid]);
    // The init waits in the scratch folder, which /proc/1/cwd then names, not compare's working folder.
    held = await holdNamespace(containment, { cwd: scratch.root, ...(hide ? { hide } : {}) });
  } catch (error) {
    removeCellTemps(ownTemps);
    return notStarted((error as Error).message);
  }
  try {
    // sh leads a session (and group) of its own, as when it is spawned detached: `kill -- -$$` works as ever.
    const joined = held.join(containment.setsid, ['sh', '-c', command], cwd);
    return await runInGroup(joined.file, joined.args, cwd, env, input);
  } finally {
    await held.end();
    removeCellTemps(ownTemps);
  }
}

/** Cells started in this process: each names its own temporary folders in the scratch folder. */
let cellsStarted = 0;

/** The cell's own /tmp and $TMPDIR go with it; one that cannot be removed now goes with the scratch folder. */
function removeCellTemps(path: string): void {
  try {
    removeOwnTree(path);
  } catch {
    // Left for the scratch folder's removal; the next cell's are another folder.
  }
}

/**
 * What a cell's namespace mounts, where the system can ({@link commandsUnhidden} says why not):
 * first a /tmp and $TMPDIR of its own, as each agent session has (../../process/private-temp.ts),
 * folders of `own` in the scratch folder, made empty here and removed when the cell ends — the
 * real ones are shared by every cell of both arms, so a test suite's file at a fixed path there
 * would pass the first cell graded and fail the next, and one run's code could leave there what
 * turns another's command. What the command needs below the real ones stays in reach at its own
 * path: the scratch folder (the init waits there; the task's copy is in it), its HOME, the tools
 * that start it (`programs`), every absolute path its environment names (PATH's entries, a
 * socket). A temporary folder that is HOME itself stays the real one, as for the agent.
 * Then the covers of `hidden` (real paths) that hold none of it — HOME neither: a test suite reads
 * ~/.gitconfig and writes npm's cache, and the agent's covers never hide HOME either. Throws
 * when the cell's own folders cannot be made.
 */
async function cellMounts(hidden: readonly string[], scratch: string, own: string, env: NodeJS.ProcessEnv, programs: readonly string[]): Promise<HoldOptions['hide']> {
  const tools = await hidingSupport();
  if ('reason' in tools) return undefined;
  const home = env.HOME !== undefined && isAbsolute(env.HOME) ? [env.HOME] : [];
  const temps = privateTemps([scratch, ...home, ...programs], env, own, home);
  try {
    for (const temp of temps) if (temp.from !== undefined) makeOwnTemp({ ...temp, from: temp.from });
  } catch (error) {
    throw new Error(`its own temporary folder could not be made: ${(error as Error).message}`);
  }
  const real = (paths: readonly string[]) => [...new Set(paths.map(realpathOrNot).filter((path): path is string => path !== undefined))];
  const cover = hidden.length === 0 ? [] : coversAround(real(hidden), real([scratch, ...home]), temps);
  return cover.length === 0 && temps.length === 0 ? undefined : { cover, temps, ...tools };
}

/**
 * Why the commands of command_check run with the workspace and the skill's folders in reach here,
 * and with this machine's /tmp and $TMPDIR shared by every cell, or undefined where each cell's
 * namespace shows those folders empty and has temporary folders of its own: the one answer
 * compare reports and every cell acts on (the judge says its own the same way: hidingSupport).
 */
export async function commandsUnhidden(containment?: CommandContainment): Promise<string | undefined> {
  const used = containment ?? (await commandContainment());
  if (used.kind === 'session') return `there is no PID namespace for the commands here (${used.reason})`;
  const tools = await hidingSupport();
  return 'reason' in tools ? tools.reason : undefined;
}

/** `file args` in its own process group, stdin closed; the group is killed at a limit and waited for. */
function runInGroup(file: string, args: string[], cwd: string, env: NodeJS.ProcessEnv, input: CommandCheckInput): Promise<ShellRun> {
  return new Promise((done) => {
    let child: ChildProcessByStdio<null, Readable, Readable>;
    try {
      // No descriptor of the caller's: the command may run code the agent wrote.
      child = spawn(file, args, { cwd, env, detached: true, stdio: withoutInheritedDescriptors<['ignore', 'pipe', 'pipe']>(['ignore', 'pipe', 'pipe']) });
    } catch (error) {
      // Some refusals are thrown, not emitted: an environment or command past the system's limit (E2BIG).
      return done({ exitCode: null, signal: null, stdout: '', stderr: '', limit: `could not start sh: ${(error as Error).message}` });
    }
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let bytes = { out: 0, err: 0 };
    let limit: string | undefined;
    const stop = (why: string) => {
      if (limit !== undefined) return;
      limit = why;
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      // A process that left the group (setsid) may hold the pipes open: 'close' would wait for it.
      child.stdout.destroy();
      child.stderr.destroy();
    };
    const timer = setTimeout(() => stop(`command did not finish within ${input.timeoutMs / 1000} s and was stopped`), input.timeoutMs);
    const interrupted = () => stop('compare was interrupted');
    if (input.signal?.aborted) interrupted();
    input.signal?.addEventListener('abort', interrupted, { once: true });
    const collect = (chunks: Buffer[], stream: 'out' | 'err') => (chunk: Buffer) => {
      bytes = { ...bytes, [stream]: bytes[stream] + chunk.length };
      if (bytes[stream] > input.maxOutputBytes) return stop(`command wrote more than ${input.maxOutputBytes} bytes to std${stream} and was stopped`);
      chunks.push(chunk);
    };
    child.stdout.on('data', collect(out, 'out'));
    child.stderr.on('data', collect(err, 'err'));
    child.on('error', (error) => {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', interrupted);
      done({ exitCode: null, signal: null, stdout: '', stderr: '', limit: `could not start sh: ${error.message}` });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      input.signal?.removeEventListener('abort', interrupted);
      // Children the command left behind are the grader's to end, as the runner does for agents.
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      const finish = () => done({ exitCode: code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8'), ...(limit ? { limit } : {}) });
      if (child.pid === undefined) finish();
      else void waitUntilGroupGone(child.pid).then(finish);
    });
  });
}
