#!/usr/bin/env node
// The executable: the CLI with the real process around it; the only place that sets the exit code.
import { fstatSync } from 'node:fs';
import { MAX_FILE_BYTES } from '../fs/read-file.js';
import type { CliIO } from './command.js';
import { main } from './index.js';
import { argumentNotUtf8, describeArgumentNotUtf8, processStreams, workingFolder } from './process-io.js';
import { EXIT } from './command.js';
import { escapeTerminalLines } from '../text/escape.js';

/** Standard input, kept only while it fits what the checker reads: memory stays bounded (never more than MAX_FILE_BYTES). */
async function readStdin(): Promise<Buffer | { tooLarge: true }> {
  // Redirected from a file (`< big.json`): its size says so before anything is read.
  if (fstatSync(0).size > MAX_FILE_BYTES) return { tooLarge: true };
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of process.stdin) {
    total += (chunk as Buffer).length;
    if (total > MAX_FILE_BYTES) {
      process.stdin.destroy();
      return { tooLarge: true };
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * --debug maps stack traces to src/ through the shipped source maps, but only for modules loaded
 * after they are switched on: a debug run therefore takes the CLI from a module of its own (the
 * build points this import at dist/cli.js), not from the copy inside this file.
 */
async function loadMain(debug: boolean): Promise<typeof main> {
  if (!debug) return main;
  process.setSourceMapsEnabled(true);
  return (await import('./index.js')).main;
}

const cwd = workingFolder();
const io: CliIO = {
  get cwd() {
    return cwd();
  },
  env: process.env,
  ...processStreams(),
  readStdin,
};
const argv = process.argv.slice(2);
const notUtf8 = argumentNotUtf8(argv);
if (notUtf8 !== undefined) {
  io.stderr.write(escapeTerminalLines(describeArgumentNotUtf8(notUtf8)));
  process.exitCode = EXIT.failure;
} else {
  void loadMain(argv.includes('--debug'))
    .then((run) => run(argv, io))
    .then((code) => {
      process.exitCode = code;
    });
}
