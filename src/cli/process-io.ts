// The CLI's surroundings in a real process: stdout that a closed pipe cannot crash, stderr that
// never lands inside a report line, and the one-or-more-line message for a failure.
import type { CliIO } from './command.js';
import { isKnownError } from '../errors.js';
import { escapeTerminalLines } from '../formatters/escape.js';

type Stream = NodeJS.WriteStream;

/**
 * Stdout and stderr for the CLI. A reader that goes away (`check . | head`) makes stdout fail
 * with EPIPE: the rest of the report is dropped and the run ends with the exit code it earned.
 * When both streams share a pipe, a long report is still queued in stdout when a stderr message
 * is written; each stderr write therefore waits until stdout has handed everything to the OS.
 */
export function processStreams(stdout: Stream = process.stdout, stderr: Stream = process.stderr): Pick<CliIO, 'stdout' | 'stderr'> {
  let closed = false;
  let flushed: Promise<void> = Promise.resolve();
  stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    closed = true;
  });
  return {
    stdout: {
      isTTY: stdout.isTTY,
      write(text: string) {
        if (!closed) flushed = new Promise((resolve) => stdout.write(text, () => resolve()));
        return true;
      },
    },
    stderr: {
      isTTY: stderr.isTTY,
      write(text: string) {
        void flushed.then(() => stderr.write(text));
        return true;
      },
    },
  };
}

/** What the CLI prints for a failure: the message, one line per line, escaped per line. */
export function describeFailure(error: unknown, debug: boolean): string {
  if (isKnownError(error)) return `eval-magic: ${escapeTerminalLines(error.message)}\n`;
  const detail = error instanceof Error ? error.message : String(error);
  let text = `eval-magic: internal error: ${escapeTerminalLines(detail)}\nThis is a bug; please report it with the command you ran.${debug ? '' : ' Run with --debug for details.'}\n`;
  if (debug && error instanceof Error && error.stack) text += escapeTerminalLines(error.stack) + '\n';
  return text;
}
