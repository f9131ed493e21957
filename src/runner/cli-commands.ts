// The `run` and `harness list|show` commands as yargs command modules; src/cli.ts registers them.
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { escapeTerminal, stringifyJsonSafe } from '../index.js';
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
    describe: 'Drive an agent CLI through an eval\'s scripted conversation and write conversation.json.',
    builder: (y: Argv) =>
      y
        .option('evals', { type: 'string', demandOption: true, description: 'The evals.json file.' })
        .option('eval', { type: 'string', description: 'Id of the eval to run (default: every eval with turns, each into <out>/<eval-id>/).' })
        .option('harness', { type: 'string', demandOption: true, description: `${builtInHarnessNames.join(' | ')} | <descriptor file>` })
        .option('cwd', { type: 'string', demandOption: true, description: 'The task folder: the agent\'s working directory.' })
        .option('out', { type: 'string', demandOption: true, description: 'The artifact folder.' })
        .option('model', { type: 'string', description: 'Model id passed to the agent on every round.' })
        .option('overwrite', { type: 'boolean', default: false, description: 'Replace an existing conversation.json (only when the new run succeeds).' })
        .option('round-timeout', { type: 'number', description: 'Seconds a round may take before the agent\'s process group is killed.' })
        .option('max-events-mb', { type: 'number', description: 'Largest events file (MiB) a round may write; a bigger one aborts the run unparsed.', defaultDescription: '256' }) as unknown as Argv<RunArgs>,
    handler: async (args: ArgumentsCamelCase<RunArgs>) => {
      const controller = new AbortController();
      const interrupt = () => controller.abort();
      process.once('SIGINT', interrupt);
      process.once('SIGTERM', interrupt);
      try {
        const results = await runEvals({
          evals: args.evals,
          harness: args.harness,
          cwd: args.cwd,
          out: args.out,
          overwrite: args.overwrite,
          baseDir: io.cwd,
          env: io.env,
          signal: controller.signal,
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
        setExit(results.some((r) => r.status === 'aborted') ? 1 : 0);
      } finally {
        process.removeListener('SIGINT', interrupt);
        process.removeListener('SIGTERM', interrupt);
      }
    },
  };
}

/** `eval-magic harness list` and `eval-magic harness show <name|file>`. */
export function createHarnessCommand(io: RunnerCliIO, setExit: (code: number) => void): CommandModule {
  return {
    command: 'harness <action> [harness]',
    describe: 'List the built-in harnesses, or show one descriptor (built-in name or file).',
    builder: (y: Argv) =>
      y
        .positional('action', { choices: ['list', 'show'] as const, description: 'list | show' })
        .positional('harness', { type: 'string', description: 'Harness name or descriptor file (for show).' }),
    handler: (args: ArgumentsCamelCase<{ action?: string; harness?: string }>) => {
      if (args.action === 'list') {
        for (const name of builtInHarnessNames) {
          const h = loadHarness(name);
          io.stdout.write(escapeTerminal(`${h.name.padEnd(12)} ${h.executable.padEnd(9)} parser ${h.parser}`) + '\n');
        }
      } else {
        const { source, ...descriptor } = loadHarness(args.harness ?? '', io.cwd);
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
