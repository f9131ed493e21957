// One agent round: expand the argv, run the agent, read and parse its events file — or say why not.
import { constants as fsConstants, copyFileSync, mkdirSync, readdirSync, rmSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { expandArgv } from './argv-template.js';
import { runAgentRound, type AgentRoundSpec } from './agent-process.js';
import { UnsafeOutputError } from '../fs/safe-write.js';
import { ensureRealFoldersAsync, isFolder } from '../fs/folders.js';
import type { HarnessDescriptor } from './harness-descriptor.js';
import { readAgentError } from '../workspace/streams/agent-error.js';
import { homeBeside, tempBeside } from '../process/work-folders.js';
import { configFolderPaths, privateStores, readOnlyInstructionFiles } from './session-stores.js';
import { linkBounds } from './instruction-links.js';
import { DEFAULT_MAX_EVENTS, readRoundStream } from '../workspace/streams/round-stream.js';
import type { AbortReason } from './progress.js';
import type { ParsedRound } from '../workspace/streams/types.js';

/** Everything a round needs besides its number and text. */
export interface RoundContext {
  harness: HarnessDescriptor;
  /**
   * The agent's executable as resolved once before round 1 (an absolute path); without it the
   * harness's executable is looked up on PATH from this process's working folder, never the task's.
   */
  program?: string;
  /** The agent's working folder (the task). */
  cwd: string;
  /** The folder holding `cwd` whose other entries the agent must not see (see AgentRoundSpec's). */
  hideAround?: AgentRoundSpec['hideAround'];
  /** Where conversation.json, final-message.md and turn-<r>/ go. */
  outDir: string;
  /**
   * Where `{outputs_dir}` points instead of the round folder (`<this>/turn-<r>`): a folder beside
   * the agent's own, whose path names nothing, for a session from which the run folder (its path
   * names the arm) is hidden. What the CLI writes there is copied into the round folder after it.
   */
  cliOutputsDir?: string;
  /**
   * The --out folder `outDir` lies in (default: `outDir`). Every level from it down is checked
   * to be a real folder before each round and each write, so a level an agent swapped for a
   * link cannot send a file outside.
   */
  outRoot?: string;
  /**
   * Throws when --out is no longer the folder this run locked (a level above it moved or became a
   * link) or the lock is no longer this run's; called before each round, each read of a round's
   * files and each write.
   */
  assertOutLocked?: () => void;
  /** Passed with the harness's model flag on every round. */
  model?: string;
  /**
   * Per-round limit; the agent's whole process group is killed when it passes.
   * Default {@link DEFAULT_ROUND_TIMEOUT_MS}; 0 for none.
   */
  roundTimeoutMs?: number;
  /** SIGTERM → SIGKILL grace for a stopped agent (default 3000 ms). */
  killGraceMs?: number;
  /** Abort (e.g. on Ctrl-C) to stop the running agent; the run ends `aborted`. */
  signal?: AbortSignal;
  /** Abort (e.g. on a second Ctrl-C) to SIGKILL the running agent's group at once. */
  killSignal?: AbortSignal;
  /** The agent's environment (default: this process's). */
  env?: NodeJS.ProcessEnv;
  /**
   * Most bytes a round may write to its events file, and to its stderr log (default
   * {@link DEFAULT_MAX_EVENTS_BYTES}); enforced while the agent writes.
   */
  maxEventsBytes?: number;
  /**
   * Most events a round's stream may hold (default {@link DEFAULT_MAX_EVENTS}), and 20 JSON objects
   * and arrays per event: memory is bounded by counts, not only by bytes.
   */
  maxEvents?: number;
}

/**
 * 256 MiB. The events file is decoded into one string and split into lines, so memory grows
 * with it; real rounds write a few MB. Past this the run aborts instead of risking the heap
 * (V8 cannot hold a string above ~512 M characters at all).
 */
const DEFAULT_MAX_EVENTS_BYTES = 256 * 1024 * 1024;

/**
 * 30 minutes. Real rounds take seconds to a few minutes; a round that runs this long is almost
 * surely stuck (waiting on a prompt it cannot see, or looping) and would otherwise run forever.
 */
export const DEFAULT_ROUND_TIMEOUT_MS = 30 * 60 * 1000;

/** A round that produced a stream, or why it did not. */
export type RoundOutcome =
  | { ok: true; parsed: ParsedRound; eventsFile: string }
  | { ok: false; reason: AbortReason; message: string; file?: string; exitCode?: number; agentError?: string };

/**
 * Copies the files the CLI wrote to its `{outputs_dir}` into the round folder, never over a file
 * there (the stream and stderr eval-magic wrote), and removes the folder. Only its regular files
 * at the top: what a CLI writes there is a reply or a log, not a tree.
 */
function collectCliOutputs(from: string, to: string): void {
  try {
    let entries: Dirent[] = [];
    try {
      entries = readdirSync(from, { withFileTypes: true });
    } catch {
      // The agent removed it: nothing to keep.
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      try {
        copyFileSync(join(from, entry.name), join(to, entry.name), fsConstants.COPYFILE_EXCL);
      } catch {
        // A name the round already holds, or a file that went away: the round's own records stand.
      }
    }
  } finally {
    rmSync(from, { recursive: true, force: true });
  }
}

/** The folder a round's stream and stderr go to, in the run's output folder. */
function roundFolderName(round: number): string {
  return `turn-${round}`;
}

/** The round a folder name of {@link roundFolderName}'s shape stands for, or undefined. */
export function roundOfFolder(name: string): number | undefined {
  const match = /^turn-([1-9]\d{0,8})$/.exec(name);
  return match ? Number(match[1]) : undefined;
}

/** The argv (after the executable) and folder of round `round`. */
export function planRound(ctx: RoundContext, round: number, text: string, sessionId: string | undefined) {
  const roundDir = join(ctx.outDir, roundFolderName(round));
  const cliDir = ctx.cliOutputsDir === undefined ? undefined : join(ctx.cliOutputsDir, roundFolderName(round));
  const template = round === 1 ? ctx.harness.argv : ctx.harness.resume_argv;
  const args = expandArgv(template, ctx.harness.model_args, {
    prompt: text,
    cwd: ctx.cwd,
    outputsDir: cliDir ?? roundDir,
    round,
    ...(sessionId !== undefined ? { sessionId } : {}),
    ...(ctx.model !== undefined ? { model: ctx.model } : {}),
  });
  return {
    args,
    /** The round's text when the harness takes it on stdin (then no argument carries it). */
    stdinText: ctx.harness.prompt_via === 'stdin' ? text : undefined,
    roundDir,
    cliDir,
    eventsFile: join(roundDir, ctx.harness.events_file),
    stderrFile: join(roundDir, ctx.harness.stderr_file),
  };
}

/** Runs round `round` with user text `text` and parses what the agent wrote. */
export async function runRound(ctx: RoundContext, plan: ReturnType<typeof planRound>, round: number): Promise<RoundOutcome> {
  const { executable, env: harnessEnv } = ctx.harness;
  try {
    ctx.assertOutLocked?.();
    await ensureRealFoldersAsync(ctx.outRoot ?? ctx.outDir, plan.roundDir);
  } catch (error) {
    // A link or odd entry is unsafe; anything else (ENOSPC, EACCES) is a write that failed.
    const reason = error instanceof UnsafeOutputError || !(error as NodeJS.ErrnoException).code ? 'unsafe-output' : 'write-failed';
    return { ok: false, reason, message: `Round ${round}: cannot use the round folder ${plan.roundDir}: ${(error as Error).message}` };
  }
  if (!isFolder(ctx.cwd)) {
    return { ok: false, reason: 'spawn-failed', message: `Round ${round}: the task folder ${ctx.cwd} (--cwd) is gone or no longer a folder; the agent was not started` };
  }
  if (plan.cliDir !== undefined) mkdirSync(plan.cliDir, { recursive: true });
  // The descriptor's variables are what its CLI needs to run as written: they win.
  const env = { ...(ctx.env ?? process.env), ...harnessEnv };
  // A session hidden from the others gets its CLI's session store of its own too: none reads
  // another's transcript; and it cannot write the CLI's instruction files that exist, which every
  // later session reads (one it creates is caught after the run: ./session-stores.ts).
  let hideAround = ctx.hideAround;
  if (hideAround) {
    let stores;
    try {
      stores = privateStores(ctx.harness, env, ctx.cwd);
    } catch (error) {
      return { ok: false, reason: 'spawn-failed', message: `Round ${round}: cannot make the session's private store beside ${ctx.cwd}: ${(error as Error).message}; the agent was not started` };
    }
    hideAround = { ...hideAround, stores: stores.mounts, ownTemps: tempBeside(ctx.cwd), ownHome: homeBeside(ctx.cwd), configFolders: configFolderPaths(ctx.harness, env), readOnly: readOnlyInstructionFiles(ctx.harness, env, linkBounds(env, [...(hideAround.cover ?? []), ...(hideAround.holder ? [hideAround.holder] : []), ...stores.mounts.map((m) => m.at)])) };
    Object.assign(env, stores.env);
  }
  const timeoutMs = ctx.roundTimeoutMs ?? DEFAULT_ROUND_TIMEOUT_MS;
  const limit = ctx.maxEventsBytes ?? DEFAULT_MAX_EVENTS_BYTES;
  const outcome = await runAgentRound({
    executable: ctx.program ?? executable,
    args: plan.args,
    ...(plan.stdinText !== undefined ? { stdinText: plan.stdinText } : {}),
    cwd: ctx.cwd,
    ...(hideAround ? { hideAround } : {}),
    stdoutPath: plan.eventsFile,
    stderrPath: plan.stderrFile,
    maxOutputBytes: limit,
    ...(timeoutMs > 0 ? { timeoutMs } : {}),
    ...(ctx.killGraceMs !== undefined ? { killGraceMs: ctx.killGraceMs } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
    ...(ctx.killSignal ? { killSignal: ctx.killSignal } : {}),
    env,
  });
  if (plan.cliDir !== undefined) collectCliOutputs(plan.cliDir, plan.roundDir);
  const stderr = plan.stderrFile;
  switch (outcome.kind) {
    case 'not-found':
      return { ok: false, reason: 'agent-not-found', message: `Round ${round}: cannot start the agent: executable ${JSON.stringify(executable)} was not found on PATH (harness ${ctx.harness.name}).` };
    case 'spawn-failed':
      return { ok: false, reason: 'spawn-failed', message: `Round ${round}: cannot start ${executable}: ${outcome.message}`, file: stderr };
    case 'output-failed':
      return { ok: false, reason: outcome.unsafe ? 'unsafe-output' : 'write-failed', message: `Round ${round}: ${outcome.message}; the agent was not run or was stopped` };
    case 'output-too-large':
      return { ok: false, reason: 'events-too-large', message: `Round ${round}: the agent wrote more than the limit of ${outcome.limit} bytes (--max-events-mb) to ${outcome.file}; it was stopped, the file ends at the limit and was not parsed`, file: outcome.file };
    case 'timed-out':
      return { ok: false, reason: 'timed-out', message: `Round ${round}: the agent ran longer than --round-timeout (${outcome.timeoutMs / 1000} s) and was stopped; see ${stderr}`, file: stderr };
    case 'interrupted':
      return { ok: false, reason: 'interrupted', message: `Round ${round}: interrupted; the agent was stopped and no conversation.json was written (what the round streamed is kept beside it).`, file: stderr };
    case 'killed':
      return { ok: false, reason: 'agent-killed', message: `Round ${round}: ${executable} was killed by ${outcome.signal}; see ${stderr}`, file: stderr };
    case 'exited':
      if (outcome.exitCode !== 0) {
        // The CLI's own reason, when its stream gives one (it often writes nothing to stderr).
        const agentError = readAgentError(ctx.harness.parser, plan.eventsFile);
        if (agentError !== undefined) {
          return { ok: false, reason: 'agent-failed', message: `Round ${round}: ${executable} exited with status ${outcome.exitCode}: ${agentError} (see ${plan.eventsFile})`, file: plan.eventsFile, exitCode: outcome.exitCode, agentError };
        }
        return { ok: false, reason: 'agent-failed', message: `Round ${round}: ${executable} exited with status ${outcome.exitCode}; see ${stderr}`, file: stderr, exitCode: outcome.exitCode };
      }
  }
  try {
    // The path to --out first: ensureRealFoldersAsync makes missing levels, which must not be made elsewhere.
    ctx.assertOutLocked?.();
    await ensureRealFoldersAsync(ctx.outRoot ?? ctx.outDir, plan.roundDir);
  } catch (error) {
    return { ok: false, reason: 'unsafe-output', message: `Round ${round}: cannot read the round folder ${plan.roundDir}: ${(error as Error).message}` };
  }
  const stream = readRoundStream(plan.eventsFile, ctx.harness.parser, ctx.maxEvents ?? DEFAULT_MAX_EVENTS);
  if (!stream.ok && stream.reason === 'events-unreadable') return { ok: false, reason: 'events-unreadable', message: `Round ${round}: cannot read the events file ${plan.eventsFile}: ${stream.message}`, file: plan.eventsFile };
  if (!stream.ok && stream.reason === 'events-too-large') return { ok: false, reason: 'events-too-large', message: `Round ${round}: ${stream.message}; it was not recorded, see ${plan.eventsFile}`, file: plan.eventsFile };
  // The agent then carried on without its command's effect: a run of the harness's luck, in one arm.
  if (!stream.ok) {
    return { ok: false, reason: 'sandbox-failed', message: `Round ${round}: ${executable}'s sandbox could not start a command the agent ran, so it never ran (${stream.message}); see ${plan.eventsFile}`, file: plan.eventsFile };
  }
  const { parsed } = stream;
  return { ok: true, parsed, eventsFile: plan.eventsFile };
}
