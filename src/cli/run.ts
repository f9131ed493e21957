// `eval-magic run`: its flags, its help, and the run — the agent driven through each eval, Ctrl-C
// and other signals turned into a clean stop, progress and results printed.
import { constants as osConstants } from 'node:os';
import { escapeTerminal } from '../internal.js';
import { builtInHarnessNames } from '../runner/harness-descriptor.js';
import { runEvals } from '../runner/index.js';
import type { RunProgress, RunResult } from '../runner/progress.js';
import { MAX_ROUND_TIMEOUT_SECONDS, parseMaxEventsMb, parseNumberArgument } from '../runner/run-limits.js';
import { DEFAULT_MAX_EVENTS } from '../workspace/streams/round-stream.js';
import type { CliCommand, CliIO } from './command.js';
import { listenForInterrupts } from './interrupts.js';

interface RunArgs {
  evals: string;
  eval?: string;
  harness: string;
  cwd: string;
  out: string;
  model?: string;
  overwrite: boolean;
  'allow-out-inside-cwd': boolean;
  'round-timeout'?: string;
  'max-events-mb'?: string;
  'max-events'?: string;
}

/**
 * `eval-magic run`. Exit codes: 0 when every run completed or stopped at a gate, 1 when one
 * aborted, 128 + the signal's number after an interrupt. Problems found before anything runs
 * throw UsageError (exit 2).
 */
export const command: CliCommand<RunArgs> = {
  usage: 'run',
  describe: 'Drive an agent CLI through an eval\'s scripted conversation and write conversation.json.',
  options: {
    evals: { type: 'string', required: true, description: 'The evals.json file.' },
    eval: { type: 'string', description: 'Id of the eval to run (default: every eval, each into <out>/<eval-id>/).' },
    harness: { type: 'string', required: true, description: `${builtInHarnessNames.join(' | ')} | <descriptor file>` },
    cwd: { type: 'string', required: true, description: 'The task folder: the agent\'s working directory.' },
    out: { type: 'string', required: true, description: 'The artifact folder.' },
    model: { type: 'string', description: 'Model id passed to the agent on every round.' },
    overwrite: { type: 'boolean', default: false, description: 'Replace an existing conversation.json (only when the new run succeeds).' },
    'allow-out-inside-cwd': { type: 'boolean', default: false, description: 'Allow --out inside the task folder, where the agent could move or link the folders above it.' },
    // Strings, parsed by run-limits: a mistyped number is then named as given, never as NaN or null.
    'round-timeout': { type: 'string', numeric: true, requiresValue: true, description: `Seconds a round may take before the agent's process group is killed (0: no limit; at most ${MAX_ROUND_TIMEOUT_SECONDS}).`, defaultDescription: '1800' },
    'max-events-mb': { type: 'string', numeric: true, requiresValue: true, description: 'Most MiB a round may write to its events file (and its stderr log); past it the agent is killed and the run aborts.', defaultDescription: '256' },
    'max-events': { type: 'string', numeric: true, requiresValue: true, description: 'Most events a round\'s stream may hold (and 20 JSON objects or arrays per event); past it the run aborts.', defaultDescription: String(DEFAULT_MAX_EVENTS) },
  },
  examples: [
    ['$0 run --evals skill/evals/evals.json --eval rename-column --harness claude-code --cwd task --out runs/rename-column', 'Run one eval with Claude Code'],
    ['$0 run --evals evals.json --harness codex --cwd task --out runs --model gpt-5 --round-timeout 600', 'Run every eval, each into runs/<eval-id>/'],
  ],
  exitCodes: `Exit codes:
  0  every run completed or stopped at a gate
  1  a run aborted (the agent failed, a timeout); no conversation.json is written
  2  usage error, an invalid evals.json, an unknown eval, the agent not installed, an --out that is
     unusable or locked, or conversation.json already there without --overwrite (nothing runs)
  130, 143, 129  stopped by SIGINT (Ctrl-C), SIGTERM or SIGHUP; no conversation.json is written`,
  run: runCommand,
};

async function runCommand(args: RunArgs, io: CliIO): Promise<number> {
  const interrupts = listenForInterrupts((signal) => io.stderr.write(`eval-magic: ${signal}: stopping the agent (send it again to kill it at once)\n`));
  try {
    const results = await runEvals({
      evals: args.evals,
      harness: args.harness,
      cwd: args.cwd,
      out: args.out,
      overwrite: args.overwrite,
      allowOutInsideCwd: args['allow-out-inside-cwd'],
      baseDir: io.cwd,
      env: io.env,
      signal: interrupts.stop,
      killSignal: interrupts.kill,
      reporter: (p) => io.stderr.write(escapeTerminal(describeProgress(p)) + '\n'),
      ...(args.eval !== undefined ? { evalId: args.eval } : {}),
      ...(args.model !== undefined ? { model: args.model } : {}),
      ...(args['round-timeout'] !== undefined ? { roundTimeoutSeconds: parseNumberArgument('--round-timeout', args['round-timeout']) } : {}),
      ...(args['max-events-mb'] !== undefined ? { maxEventsBytes: parseMaxEventsMb(args['max-events-mb']) } : {}),
      ...(args['max-events'] !== undefined ? { maxEvents: parseNumberArgument('--max-events', args['max-events']) } : {}),
    });
    for (const result of results) {
      const line = escapeTerminal(summarizeResult(result)) + '\n';
      if (result.status === 'aborted') io.stderr.write(line);
      else io.stdout.write(line);
    }
    const signal = interrupts.received();
    return signal ? 128 + osConstants.signals[signal] : results.some((r) => r.status === 'aborted') ? 1 : 0;
  } finally {
    interrupts.dispose();
  }
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
