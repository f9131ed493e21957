// Where each requested format goes: `--format <name>[=<path>]` (repeatable) → a list of targets.
import { UsageError } from '../errors.js';

/** One output of a run: a format written to stdout, stderr or a file. */
export type FormatTarget =
  | { format: string; to: 'stdout' | 'stderr' }
  | { format: string; to: 'file'; path: string };

/** What decides the targets: the flags as given, the known formats, and whether to annotate for CI. */
export interface FormatTargetRequest {
  /** `--format` values: one string, or several when the flag repeats; undefined = default. */
  formats: string | readonly string[] | undefined;
  /** `--output-file`: where the format without a path goes instead of stdout. */
  outputFile?: string;
  /** Registered format names. */
  known: readonly string[];
  /** Add `github` annotations when no format asked for them (GITHUB_ACTIONS=true, not --no-ci-annotations). */
  ciAnnotations?: boolean;
  /** The standard stream a report file is (`/dev/stdout`…), so that the annotations keep out of a machine format's stream. */
  streamOf?: (path: string) => 'stdin' | 'stdout' | 'stderr' | undefined;
}

/** Formats whose stream must stay one document (read by programs, or a page); CI annotations never go into it. */
const MACHINE_FORMATS = new Set(['json', 'sarif', 'junit', 'html']);

/** Splits `name=path` at the first `=`; a name alone has no path. Throws `UsageError` on `=path` or `name=`. */
export function parseFormatSpec(spec: string, known: readonly string[]): { format: string; path?: string } {
  const eq = spec.indexOf('=');
  const format = (eq < 0 ? spec : spec.slice(0, eq)).trim();
  const path = eq < 0 ? undefined : spec.slice(eq + 1);
  if (!known.includes(format)) {
    throw new UsageError(`Unknown format "${format}" in --format ${JSON.stringify(spec)}; use one of ${known.join(', ')}, optionally as <format>=<file>.`);
  }
  if (path !== undefined && path.trim() === '') throw new UsageError(`--format ${JSON.stringify(spec)} names no file after "="; write ${format}=<file>.`);
  return path === undefined ? { format } : { format, path };
}

/**
 * Resolves `--format` flags into targets. At most one format goes without a path (to stdout,
 * or to `--output-file`); with no `--format` at all that is `stylish`. Two formats may not
 * write the same file. With `ciAnnotations` and no `github` format requested, `github` is
 * added: on stdout, unless stdout carries JSON, SARIF, JUnit or html (also as `json=/dev/stdout`) — then on stderr (the Actions
 * runner reads workflow commands from both) so that output stays parseable; when stderr carries
 * one too, a `UsageError` says so.
 */
export function planFormatTargets(request: FormatTargetRequest): FormatTarget[] {
  const specs = request.formats === undefined ? ['stylish'] : typeof request.formats === 'string' ? [request.formats] : [...request.formats];
  if (specs.length === 0) specs.push('stylish');
  const parsed = specs.map((spec) => parseFormatSpec(spec, request.known));
  const pathless = parsed.filter((p) => p.path === undefined);
  if (pathless.length > 1) {
    throw new UsageError(`Only one format can go to ${request.outputFile === undefined ? 'stdout' : '--output-file'}; give the others a file: --format ${pathless[1]!.format}=<file>.`);
  }
  if (request.outputFile !== undefined && pathless.length === 0) {
    throw new UsageError('--output-file is for the format without a file, but every --format names its own file.');
  }
  const targets: FormatTarget[] = parsed.map((p) => {
    const path = p.path ?? request.outputFile;
    return path === undefined ? { format: p.format, to: 'stdout' } : { format: p.format, to: 'file', path };
  });
  const files = new Set<string>();
  for (const t of targets) {
    if (t.to !== 'file') continue;
    if (files.has(t.path)) throw new UsageError(`Two formats would write the same file ${JSON.stringify(t.path)}.`);
    files.add(t.path);
  }
  if (request.ciAnnotations && !parsed.some((p) => p.format === 'github')) {
    // A machine format's stream (stdout, or a file that is stdout) keeps the annotations out.
    const machineOn = (stream: 'stdout' | 'stderr') => targets.find((t) => isMachineFormat(t.format) && (t.to === 'file' ? request.streamOf?.(t.path) : t.to) === stream);
    const onStdout = machineOn('stdout');
    const onStderr = onStdout && machineOn('stderr');
    if (onStdout && onStderr) {
      throw new UsageError(`Under GitHub Actions the annotations go to stdout or stderr, but ${shownTarget(onStdout)} and ${shownTarget(onStderr)} take both; give one of them a file, or pass --no-ci-annotations.`);
    }
    targets.push({ format: 'github', to: onStdout ? 'stderr' : 'stdout' });
  }
  return targets;
}

/** Whether the format's stream must stay one document: json, sarif, junit, html. */
export function isMachineFormat(format: string): boolean {
  return MACHINE_FORMATS.has(format);
}

/** A target as messages name it: `sarif ("/dev/stdout")`, or `json (the format without a file)`. */
export function shownTarget(target: FormatTarget): string {
  return `${target.format} (${target.to === 'file' ? JSON.stringify(target.path) : 'the format without a file'})`;
}
