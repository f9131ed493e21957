// The `run` and `harness list|show` commands as yargs command modules; src/cli.ts registers them.
import { constants as osConstants } from 'node:os';
import { resolve } from 'node:path';
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { UsageError } from '../errors.js';
import { escapeTerminal, stringifyJsonSafe } from '../index.js';
import { checkHarness, describeFinding } from './harness-check.js';
import { builtInHarnessNames, loadHarness } from './harness-descriptor.js';
import { runEvals } from './index.js';
import type { RunProgress, RunResult } from './progress.js';

/** What the commands need from their surroundings (a subset of the CLI's io). */
export interface RunnerCliIO {
  cwd: string;
  env: NodeJS.ProcessEnv;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

interface RunArgs {
  evals: string;
  eval?: string;
  harness: string;
  cwd: string;
  out: string;
  model?: string;
  overwrite: boolean;
  'round-timeout'?: number;
  'max-events-mb'?: number;
}

/**
 * `eval-magic run`. Exit codes via `setExit`: 0 when every run completed or stopped at a gate,
 * 1 when one aborted. Problems found before anything runs throw UsageError (exit 2).
 */
export function createRunCommand(io: RunnerCliIO, setExit: (code: number) => void): CommandModule<object, RunArgs> {
  return {
    command: 'run',
    describe: 'Drive an agent CLI through an eval\'s conversation (scripted or single-round) and write conversation.json.',
    builder: (y: Argv) =>
      y
        .option('evals', { type: 'string', demandOption: true, description: 'The evals.json file.' })
        .option('eval', { type: 'string', description: 'Id of the eval to run (default: every eval, each into <out>/<eval-id>/).' })
        .option('harness', { type: 'string', demandOption: true, description: `${builtInHarnessNames.join(' | ')} | <descriptor file>` })
        .option('cwd', { type: 'string', demandOption: true, description: 'The task folder: the agent\'s working directory.' })
        .option('out', { type: 'string', demandOption: true, description: 'The artifact folder.' })
        .option('model', { type: 'string', description: 'Model id passed to the agent on every round.' })
        .option('overwrite', { type: 'boolean', default: false, description: 'Replace an existing conversation.json (only when the new run succeeds).' })
        .option('round-timeout', { type: 'number', description: 'Seconds a round may take before the agent\'s process group is killed (0: no limit).', defaultDescription: '1800' })
        .option('max-events-mb', { type: 'number', description: 'Most MiB a round may write to its events file (and its stderr log); past it the agent is killed and the run aborts.', defaultDescription: '256' }) as unknown as Argv<RunArgs>,
    handler: async (args: ArgumentsCamelCase<RunArgs>) => {
      const interrupts = listenForInterrupts((signal) => io.stderr.write(`eval-magic: ${signal}: stopping the agent (send it again to kill it at once)\n`));
      try {
        const results = await runEvals({
          evals: args.evals,
          harness: args.harness,
          cwd: args.cwd,
          out: args.out,
          overwrite: args.overwrite,
          baseDir: io.cwd,
          env: io.env,
          signal: interrupts.stop,
          killSignal: interrupts.kill,
          reporter: (p) => io.stderr.write(escapeTerminal(describeProgress(p)) + '\n'),
          ...(args.eval !== undefined ? { evalId: args.eval } : {}),
          ...(args.model !== undefined ? { model: args.model } : {}),
          ...(args['round-timeout'] !== undefined ? { roundTimeoutSeconds: args['round-timeout'] } : {}),
          ...(args['max-events-mb'] !== undefined ? { maxEventsBytes: Math.round(args['max-events-mb'] * 1024 * 1024) } : {}),
        });
        for (const result of results) {
          const line = escapeTerminal(summarizeResult(result)) + '\n';
          if (result.status === 'aborted') io.stderr.write(line);
          else io.stdout.write(line);
        }
        const signal = interrupts.received();
        setExit(signal ? 128 + osConstants.signals[signal] : results.some((r) => r.status === 'aborted') ? 1 : 0);
      } finally {
        interrupts.dispose();
      }
    },
  };
}

/** The signals that end a run: Ctrl-C, `kill`, and a closed terminal or dropped ssh session. */
const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * One abort path for every interrupt: the first signal aborts `stop` (the agent gets SIGTERM,
 * then SIGKILL after the grace), any later one aborts `kill` (SIGKILL at once). Neither ends this
 * process: the run returns normally, so the agent's group is gone and the lock released before
 * the exit; signals after that end it with the first one's code. `received` is the first signal, for the exit code (128 + its number, as shells do).
 */
export function listenForInterrupts(onFirst: (signal: NodeJS.Signals) => void) {
  const stop = new AbortController();
  const kill = new AbortController();
  let first: NodeJS.Signals | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (signal === 'SIGHUP') {
      // The terminal is gone: a failed write to it must not end this process before the cleanup.
      for (const stream of [process.stdout, process.stderr]) if (stream.listenerCount('error') === 0) stream.on('error', () => {});
    }
    if (first === undefined) {
      first = signal;
      stop.abort();
      onFirst(signal);
    } else {
      kill.abort();
    }
  };
  for (const signal of INTERRUPTS) process.on(signal, handler);
  return {
    stop: stop.signal,
    kill: kill.signal,
    received: () => first,
    dispose: () => {
      for (const signal of INTERRUPTS) process.removeListener(signal, handler);
      // After an interrupt the run is over (agents gone, lock released) but more signals may still
      // come while this process winds down: they end it at once with the code the first earned,
      // never by the signal itself (which would leave no exit code at all).
      if (first !== undefined) {
        const code = 128 + osConstants.signals[first];
        for (const signal of INTERRUPTS) process.on(signal, () => process.exit(code));
      }
    },
  };
}

/**
 * `eval-magic harness list`, `harness show <name|file>` and `harness check <name|file>`. check
 * prints one line per finding and exits 1 when any is an error (a descriptor that does not
 * load is a usage error, exit 2).
 */
export function createHarnessCommand(io: RunnerCliIO, setExit: (code: number) => void): CommandModule {
  return {
    command: 'harness <action> [harness]',
    describe: 'List the built-in harnesses, show one descriptor, or check that one will work here (no model call).',
    builder: (y: Argv) =>
      y
        .positional('action', { choices: ['list', 'show', 'check'] as const, description: 'list | show | check' })
        .positional('harness', { type: 'string', description: 'Harness name or descriptor file (for show and check).' })
        .option('cwd', { type: 'string', description: 'check: the task folder the runs would use (default: the current folder).' }),
    handler: async (args: ArgumentsCamelCase<{ action?: string; harness?: string; cwd?: string }>) => {
      if (args.action !== 'list' && args.harness === undefined) throw new UsageError(`harness ${args.action} needs a harness name or descriptor file`);
      if (args.action === 'check') {
        const harness = loadHarness(args.harness!, io.cwd);
        const cwd = resolve(io.cwd, args.cwd ?? '.');
        const findings = await checkHarness(harness, { cwd, env: io.env });
        for (const f of findings) io.stdout.write(escapeTerminal(`${f.severity.padEnd(7)} ${describeFinding(f)}  (${f.id})`) + '\n');
        setExit(findings.some((f) => f.severity === 'error') ? 1 : 0);
        return;
      }
      if (args.action === 'list') {
        for (const name of builtInHarnessNames) {
          const h = loadHarness(name);
          io.stdout.write(escapeTerminal(`${h.name.padEnd(12)} ${h.executable.padEnd(9)} parser ${h.parser}`) + '\n');
        }
      } else {
        const { source, ...descriptor } = loadHarness(args.harness!, io.cwd);
        void source;
        io.stdout.write(stringifyJsonSafe(descriptor, 2) + '\n');
      }
      setExit(0);
    },
  };
}

/** One progress line. */
function describeProgress(p: RunProgress): string {
  switch (p.kind) {
    case 'round-started':
      return `[${p.evalId}] round ${p.round}: starting ${p.harness}`;
    case 'round-finished': {
      const extra = [p.totalTokens !== null ? `${p.totalTokens} tokens` : '', p.durationMs !== null ? `${(p.durationMs / 1000).toFixed(1)} s` : ''].filter(Boolean);
      return `[${p.evalId}] round ${p.round}: ${p.events} event(s)${extra.length ? ` (${extra.join(', ')})` : ''}`;
    }
    case 'agent-notice':
      return `[${p.evalId}] round ${p.round}: notice: ${p.text}`;
    case 'followup-delivered':
      return `[${p.evalId}] follow-up ${p.followup}: delivered`;
    case 'stopped':
      return `[${p.evalId}] follow-up ${p.followup}: not delivered (${p.reason})`;
  }
}

/** The one-line summary of a run. */
function summarizeResult(r: RunResult): string {
  switch (r.status) {
    case 'completed':
      return `${r.evalId}: completed with ${r.deliveredFollowups} follow-up(s) delivered; wrote ${r.conversationPath}`;
    case 'stopped':
      return `${r.evalId}: stopped before follow-up ${r.stoppedBeforeFollowup} (${r.stopReason}); wrote ${r.conversationPath}`;
    case 'aborted':
      return `eval-magic: ${r.evalId}: aborted: ${r.message}`;
  }
}
