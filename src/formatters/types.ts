// What every formatter receives: the report plus the context it may not look up itself.
import type { CheckReport } from '../types.js';
import type { RuleMeta, RuleModule } from '../checker/rule-module.js';

/** Inputs a formatter needs beyond the report; formatters never read the environment or the clock. */
export interface FormatterContext {
  /** Use ANSI colours (decided by the CLI from TTY, NO_COLOR and FORCE_COLOR). */
  color: boolean;
  /** Working directory, for formats that want relative paths. */
  cwd: string;
  /** Metadata of every rule, for formats that describe rules (SARIF). */
  rules: Readonly<Record<string, RuleMeta>>;
  /** eval-magic's version. */
  toolVersion: string;
  /** The config file the check used (relative to `cwd` when inside it), if any: formats with metadata name it. */
  configFile?: string;
  /**
   * Set when the check found more warnings than `--max-warnings` allows, as ESLint tells its
   * formatters: with `--quiet` the report holds none of them, and a format must not say "no problems".
   */
  maxWarningsExceeded?: { maxWarnings: number; foundWarnings: number };
}

/** A format's implementation: a pure function from the report and the whole context to text. */
export type FormatFunction = (report: CheckReport, context: FormatterContext) => string;

/**
 * A formatter as the library offers it (`formatters.<name>`): the report to text. Every field
 * of the context has a default: no colour, `cwd` the process's working directory, every
 * registered rule, this package's version, no config file. `rules` may also be the library's
 * `rules` export (rule modules by id): each module's `meta` is what is described.
 */
export type Formatter = (report: CheckReport, context?: Partial<Omit<FormatterContext, 'rules'>> & { rules?: Readonly<Record<string, RuleMeta | RuleModule>> }) => string;

/** A formatter whose output grows with the number of files, in pieces that join to its text. */
export type StreamingFormatter = (report: CheckReport, context: FormatterContext) => Iterable<string>;
