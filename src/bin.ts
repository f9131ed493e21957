#!/usr/bin/env node
// The executable: runs the CLI, sets the exit code, and turns any failure into clear lines.
// A plain `check` skips yargs (the one-file pre-commit run should start as fast as Node does);
// everything else — help, other commands, any flag the fast parser does not take — runs yargs.
import { mayRunLong, parseCheckArgvFast, EXIT, type CliIO } from './check-command.js';
import { describeFailure, processStreams } from './process-io.js';

const argv = process.argv.slice(2);
const debug = argv.includes('--debug');

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
  // --debug maps stack traces to src/ through the shipped source maps. Only modules loaded from
  // now on are mapped, so a debug run takes the full command line, loaded after this.
  if (debug) process.setSourceMapsEnabled(true);
  const fast = argv[0] === 'check' && !debug ? parseCheckArgvFast(argv.slice(1)) : undefined;
  if ((argv[0] === 'check' && mayRunLong(fast?.paths)) || argv[0] === 'compare') await tuneV8ForLongChecks();
  if (fast) return (await import('./check-command.js')).runCheck(fast, io);
  return (await import('./cli.js')).runCli(argv, io);
}

const io: CliIO = { cwd: process.cwd(), env: process.env, ...processStreams(), readStdin };
main(io).then((code) => { process.exitCode = code; }, (error: unknown) => {
  process.exitCode = EXIT.failure;
  io.stderr.write(describeFailure(error, debug));
});
