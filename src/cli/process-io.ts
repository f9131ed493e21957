// The CLI's surroundings in a real process: stdout that a closed pipe cannot crash, stderr that
// never lands inside a report line, and the one-or-more-line message for a failure.
import type { CliIO } from './command.js';
import { isKnownError } from '../errors.js';
import { escapeTerminalLines } from '../formatters/escape.js';

type Stream = NodeJS.WriteStream;

/**
 * Stdout and stderr for the CLI. A reader that goes away (`check . | head`, `run … 2>&1 | head -1`)
 * makes a write fail with EPIPE; so does a full disk or a closed descriptor. Whichever stream
 * fails, the rest of what it would have shown is dropped and the command goes on — a run keeps
 * its agent, its cleanup and its lock release — and ends with the exit code it earned. (A write
 * error has nowhere to be reported: stderr may be the stream that failed.)
 * Both streams often show on one screen or share one pipe, so every write waits until the one
 * before it, on either stream, has been handed to the OS: a long report still queued in stdout
 * never has a stderr message land inside one of its lines, and campaign's live block (stderr)
 * is erased before the summary (stdout) is printed below it, not after, over its last row.
 */
export function processStreams(stdout: Stream = process.stdout, stderr: Stream = process.stderr): Pick<CliIO, 'stdout' | 'stderr'> {
  let stdoutClosed = false;
  let stderrClosed = false;
  let written: Promise<void> = Promise.resolve();
  stdout.on('error', () => void (stdoutClosed = true));
  stderr.on('error', () => void (stderrClosed = true));
  const write = (stream: Stream, closed: () => boolean, text: string) => {
    written = written.then(() => (closed() ? undefined : new Promise<void>((resolve) => void stream.write(text, () => resolve()))));
  };
  return {
    stdout: {
      isTTY: stdout.isTTY,
      write(text: string) {
        write(stdout, () => stdoutClosed, text);
        return true;
      },
    },
    stderr: {
      isTTY: stderr.isTTY,
      get columns() {
        return stderr.columns;
      },
      write(text: string) {
        write(stderr, () => stderrClosed, text);
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
