// The CLI's surroundings in a real process: stdout that a closed pipe cannot crash, stderr that
// never lands inside a report line, and the one-or-more-line message for a failure.
import { existsSync, readFileSync } from 'node:fs';
import type { CliIO } from './command.js';
import { isKnownError, UsageError } from '../errors.js';
import { escapeTerminalLines } from '../text/escape.js';

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

/**
 * The working folder, as `io.cwd` reads it: throws a UsageError, when read, for one the CLI
 * cannot work in. process.cwd() throws (a stack trace, exit 1) when the folder was deleted under
 * the shell, and names another folder when its path is not UTF-8 (each such byte read as U+FFFD),
 * where every relative path would then be "not found". Read when a command needs it, so --help
 * and --version still answer there.
 */
export function workingFolder(): () => string {
  let cwd: string | undefined;
  return () => {
    if (cwd !== undefined) return cwd;
    let read: string;
    try {
      read = process.cwd();
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new UsageError('the working folder no longer exists (deleted or moved after the shell entered it): cd to an existing folder and run again');
      throw new UsageError(`the working folder cannot be read: ${(error as Error).message}`);
    }
    if (read.includes('\uFFFD') && !existsSync(read)) throw new UsageError(`the working folder's path is not valid UTF-8 (${JSON.stringify(read)}): Node.js cannot name it, so no file in it can be found; run eval-magic from a folder whose path is UTF-8`);
    return (cwd = read);
  };
}

/**
 * The first of the user's arguments that is not UTF-8, as Node shows it (each such byte read as
 * U+FFFD), else undefined. Such an argument can never work: as a path it names another file (Node
 * writes U+FFFD back as its own 3 bytes), as a text (`--prompt`) it is altered without a word.
 * Linux only: the bytes are read from /proc/self/cmdline, where the arguments end the list.
 */
export function argumentNotUtf8(args: readonly string[]): string | undefined {
  if (!args.some((arg) => arg.includes('\uFFFD'))) return undefined;
  let raw: Buffer;
  try {
    raw = readFileSync('/proc/self/cmdline');
  } catch {
    return undefined;
  }
  const parts: Buffer[] = [];
  for (let start = 0; start < raw.length; ) {
    const end = raw.indexOf(0, start);
    parts.push(raw.subarray(start, end === -1 ? raw.length : end));
    start = end === -1 ? raw.length : end + 1;
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const ours = parts.slice(-args.length);
  if (args.length === 0 || ours.length !== args.length) return undefined;
  const index = ours.findIndex((bytes) => {
    try {
      decoder.decode(bytes);
      return false;
    } catch {
      return true;
    }
  });
  return index === -1 ? undefined : args[index];
}

/** The refusal of an argument {@link argumentNotUtf8} found, U+FFFD shown escaped where the bytes were. */
export function describeArgumentNotUtf8(arg: string): string {
  return `eval-magic: the argument ${JSON.stringify(arg).replace(/\uFFFD/g, '\\uFFFD')} is not valid UTF-8: Node.js reads each byte that is not as U+FFFD, so it would name another file, or change the text; pass it as UTF-8 (rename the file)\n`;
}
