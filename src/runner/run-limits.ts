// The numeric limits of `run`, checked the same way from the CLI (text) and the library (numbers).
import { optionNaming, rejectInexact, UsageError, type OptionNames } from '../errors.js';

/**
 * The longest --round-timeout: Node's timers hold at most 2^31 - 1 ms (about 24.8 days); a longer
 * delay fires at once, which would kill every round as it starts.
 */
export const MAX_ROUND_TIMEOUT_SECONDS = Math.floor((2 ** 31 - 1) / 1000);

/** What the limits may be given as: numbers from the library, text from the command line. */
export interface RunLimits {
  roundTimeoutSeconds?: number;
  maxEventsBytes?: number;
  maxEvents?: number;
}

/** How checkRunLimits' messages name the limits: as the library's options, or as run's flags. */
const RUN_LIMIT_NAMING = optionNaming({ roundTimeoutSeconds: '--round-timeout', maxEventsBytes: '--max-events-mb', maxEvents: '--max-events' });

/**
 * Checks the limits; each message names the limit (the flag, or the caller's `names`) and what was given.
 * @throws {UsageError} for a value that is not a number, negative, fractional where a count is
 * needed, or (for --round-timeout) longer than a timer can wait.
 */
export function checkRunLimits(limits: RunLimits, names: Partial<OptionNames<keyof RunLimits>> = {}): void {
  const name = { ...RUN_LIMIT_NAMING.flags, ...names };
  const timeout = limits.roundTimeoutSeconds;
  if (timeout !== undefined) {
    if (typeof timeout !== 'number' || !Number.isFinite(timeout) || timeout < 0) {
      throw new UsageError(`${name.roundTimeoutSeconds} must be a number of seconds (0 for no limit), got ${describeValue(timeout)}`);
    }
    if (timeout > MAX_ROUND_TIMEOUT_SECONDS) {
      throw new UsageError(`${name.roundTimeoutSeconds} may be at most ${MAX_ROUND_TIMEOUT_SECONDS} seconds (about 24.8 days, the longest a timer can wait), got ${timeout}; use 0 for no limit`);
    }
  }
  const bytes = limits.maxEventsBytes;
  if (bytes !== undefined && !(typeof bytes === 'number' && Number.isSafeInteger(bytes) && bytes > 0)) {
    const given = typeof bytes === 'number' && Number.isFinite(bytes) ? `${bytes / 2 ** 20} MiB (${bytes} bytes)` : describeValue(bytes);
    // Past 2^53 bytes a count is no longer exact: a size that large is refused as too large, not as not positive.
    if (typeof bytes === 'number' && bytes > Number.MAX_SAFE_INTEGER) throw new UsageError(`${name.maxEventsBytes} may be at most ${Math.floor(Number.MAX_SAFE_INTEGER / 2 ** 20)} MiB (about 2^53 bytes), got ${given}`);
    throw new UsageError(`${name.maxEventsBytes} must be a positive size, got ${given}`);
  }
  const events = limits.maxEvents;
  if (events !== undefined && !(typeof events === 'number' && Number.isSafeInteger(events) && events > 0)) {
    throw new UsageError(`${name.maxEvents} must be a positive whole number, got ${describeValue(events)}`);
  }
}

/** Whether `text` is a number as the command line takes one (see {@link parseNumberArgument}). */
export function isNumberText(text: string): boolean {
  return /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(text);
}

/**
 * A command-line number: decimal digits with an optional fraction or exponent, nothing else, not
 * even white space around it (Number() would also take "", " ", " 5", "0x10" and "Infinity"), and
 * none beyond ±(2^53 − 1), which a double no longer holds as typed.
 * @throws {UsageError} naming the flag and the text given.
 */
export function parseNumberArgument(flag: string, text: unknown): number {
  if (typeof text === 'number') return text;
  if (typeof text !== 'string' || !isNumberText(text)) {
    throw new UsageError(`${flag} must be a number, got ${describeValue(Array.isArray(text) ? text.join(' ') : text)}`);
  }
  const value = Number(text);
  rejectInexact(flag, text, value);
  return value;
}

/**
 * --max-events-mb as the byte count the limits take: the MiB given, rounded to whole bytes.
 * @throws {UsageError} for text that is not a number, or a positive size under half a byte (which
 * would round to 0), said as given; other sizes are {@link checkRunLimits}'s to judge.
 */
export function parseMaxEventsMb(text: unknown): number {
  const mib = parseNumberArgument('--max-events-mb', text);
  const bytes = Math.round(mib * 2 ** 20);
  if (mib > 0 && bytes === 0) {
    throw new UsageError(`--max-events-mb must be at least one byte (about 0.000001 MiB), got ${typeof text === 'string' ? text : mib} MiB (${mib * 2 ** 20} bytes)`);
  }
  return bytes;
}

/** A value as an error message shows it: strings quoted, NaN and Infinity by name. */
function describeValue(value: unknown): string {
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? JSON.stringify(value) : value === undefined ? 'nothing' : JSON.stringify(value) ?? String(value);
}
