#!/usr/bin/env node
// The executable: runs the CLI, sets the exit code, and turns any failure into one clear line.
// A plain `check` skips yargs (the one-file pre-commit run should start as fast as Node does);
// everything else — help, other commands, any flag the fast parser does not take — runs yargs.
import { mayRunLong, parseCheckArgvFast, EXIT, type CliIO } from './check-command.js';
import { isKnownError } from './errors.js';
import { escapeTerminal } from './formatters/escape.js';

const argv = process.argv.slice(2);

/**
 * Two V8 settings for checks that may run long, process-wide (so worker threads get them too):
 * a larger interrupt budget, so V8 optimizes fewer functions, later (each thread compiles the
 * same code again), and scavenging without helper tasks, which have no idle core to run on.
 * Not for one-file checks, which would pay for loading node:v8 and gain nothing.
 */
async function tuneV8ForLongChecks(): Promise<void> {
  const { setFlagsFromString } = await import('node:v8');
  setFlagsFromString('--interrupt-budget=400000 --no-parallel-scavenge');
}

async function readStdin(): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function main(io: CliIO): Promise<number> {
  const fast = argv[0] === 'check' ? parseCheckArgvFast(argv.slice(1)) : undefined;
  if (argv[0] === 'check' && mayRunLong(fast?.paths)) await tuneV8ForLongChecks();
  if (fast) return (await import('./check-command.js')).runCheck(fast, io);
  return (await import('./cli.js')).runCli(argv, io);
}

main({ cwd: process.cwd(), env: process.env, stdout: process.stdout, stderr: process.stderr, readStdin }).then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.exitCode = EXIT.failure;
  if (isKnownError(error)) {
    process.stderr.write(`eval-magic: ${escapeTerminal(error.message)}\n`);
  } else {
    const detail = error instanceof Error ? error.message : String(error);
    process.stderr.write(`eval-magic: internal error: ${escapeTerminal(detail)}\nThis is a bug; please report it with the command you ran.${argv.includes('--debug') ? '' : ' Run with --debug for details.'}\n`);
    if (argv.includes('--debug') && error instanceof Error && error.stack) process.stderr.write(escapeTerminal(error.stack) + '\n');
  }
});
