// One file through the pipeline: load → schema → rules → positioned result. Pure: no I/O.
import type { FileResult, Problem, Severity } from '../types.js';
import { loadArtifact, type LoadOutcome } from './load.js';
import { validateAgainstSchema, type SchemaValidator } from './schema.js';
import { describeSchemaErrors } from './describe.js';
import { runRules } from './run-rules.js';
import { resolveRuleSeverities, type RuleSeverities } from './rule-config.js';
import { placeFindings, toFileResult, type Finding } from './result.js';
import { detectFileKind, type FileKind } from './file-kind.js';
import { validateEvalsAgainstSchema } from './evals-schema.js';
import { validateDocumentAgainstSchema } from './document-schemas.js';
import type { EvalMatch } from './cross/eval-match.js';
import { INTEGER_KEYS, integerLiteralFindings } from './integer-literals.js';
import { scanKeyTokens } from './json-text.js';
import { findDuplicateKeys } from './rules/utils/duplicate-keys.js';
import { duplicateKey } from './rules/duplicate-key.js';

/** One file's bytes (or already-decoded text) and the name to report it under. */
export interface ArtifactSource {
  filePath: string;
  bytes: Uint8Array | string;
  /** What the file is; default: by its name (`evals.json` → evals, else conversation). */
  kind?: FileKind;
  /** The eval a conversation was matched with (see `EvalLookup`): plain data, so it can cross threads. */
  evalMatch?: EvalMatch;
}

/** Options for checking files. */
export interface CheckSourceOptions {
  /** Effective rule severities (see `resolveRuleSeverities`); defaults to each rule's default. */
  severities?: RuleSeverities;
  /** Report errors only: warnings are neither computed nor shown. */
  quiet?: boolean;
  /** Keep each file's text and eval context in its result (`FileResult.artifact`), for the html format. */
  keepArtifacts?: boolean;
}

const defaultSeverities = resolveRuleSeverities();

/**
 * Checks one artifact: parse, schema, then every enabled rule. Rules run on every file that
 * parses — schema-valid or not — because a file with one schema slip can still hide a forged
 * follow-up count, and duplicate keys are invisible to the schema. Never throws on bad input.
 */
export function checkSource(source: ArtifactSource, options: CheckSourceOptions = {}): FileResult {
  return checkLoadedSource(source, loadArtifact(source.bytes), options);
}

/** {@link checkSource} for a file already parsed (`loaded` = `loadArtifact(source.bytes)`). */
export function checkLoadedSource(source: Omit<ArtifactSource, 'bytes'>, loaded: LoadOutcome, options: CheckSourceOptions = {}): FileResult {
  let severities = options.severities ?? defaultSeverities;
  if (options.quiet) severities = onlyErrors(severities);
  let findings: Finding[] = loaded.findings;
  if (loaded.ok) {
    const kind = source.kind ?? detectFileKind(source.filePath);
    const evalMatch = kind === 'conversation' ? source.evalMatch : undefined;
    // concat, not push(...): a million-event file can have a million findings, more than a call's arguments.
    // An integer field written 1.0, 1e400 or -0 is reported as written; what the schema and the
    // rules would say of the value JSON.parse made of it (1, Infinity → "null", 0) would quote a
    // number the file does not hold.
    // One pass over the keys serves both: the duplicate-key count and the odd-integer test.
    const keys = scanKeyTokens(loaded.text, INTEGER_KEYS[kind]);
    const integers = integerLiteralFindings(loaded.text, kind, keys.oddIntegerLiteral);
    const later = findings.concat(
      kind === 'evals' ? validateEvalsAgainstSchema(loaded.value) : kind === 'conversation' ? validateAgainstSchema(loaded.value) : validateDocumentAgainstSchema(kind, loaded.value),
      runRules(loaded.value, loaded.text, severities, undefined, { kind, evalMatch, keyTokens: keys.keyTokens }),
    );
    const reported = new Set(integers.map((f) => f.pointer));
    findings = reported.size === 0 ? later : integers.concat(later.filter((f) => !reported.has(f.pointer)));
  }
  const kept = options.quiet ? findings.filter((f) => f.severity === 2) : findings;
  return toFileResult(source.filePath, placeFindings(kept, loaded.text));
}

/** How {@link checkJsonSource} checks a JSON document of the caller's kind. */
export interface JsonSourceCheck {
  /** A compiled Ajv validator (`allErrors` for every problem at once). */
  validate: SchemaValidator;
  /** How messages name the document's root ("The descriptor"). */
  documentName: string;
  /** Checks the schema cannot express, run on a schema-valid document. */
  check?: (value: unknown) => Finding[];
}

/**
 * A JSON document other than an artifact (a harness descriptor, say) through the same stages as
 * one: load → schema → the caller's checks → positioned problems, sorted. The value is given
 * back only when there is no problem.
 */
export function checkJsonSource(text: string, how: JsonSourceCheck): { problems: Problem[]; value?: unknown } {
  const loaded = loadArtifact(text);
  if (!loaded.ok) return { problems: placeFindings(loaded.findings, loaded.text) };
  let findings = how.validate(loaded.value) ? [] : describeSchemaErrors(loaded.value, how.validate.errors ?? [], how.documentName);
  if (findings.length === 0 && how.check) findings = how.check(loaded.value);
  // A repeated key is worded as the artifacts' duplicate-key rule words it: JSON.parse kept the last.
  const duplicates = findDuplicateKeys(loaded.text, loaded.value).map(({ key, pointer, span }): Finding => ({
    ruleId: 'duplicate-key', messageId: 'duplicate', severity: 2, pointer, span,
    message: duplicateKey.meta.messages.duplicate!.replace('{{key}}', JSON.stringify(key)),
  }));
  findings = loaded.findings.concat(duplicates, findings);
  return findings.length > 0 ? { problems: placeFindings(findings, loaded.text) } : { problems: [], value: loaded.value };
}

/** The same configuration with warnings off; one object per configuration, so the rules stage can cache by it. */
function onlyErrors(severities: RuleSeverities): RuleSeverities {
  let errorsOnly = errorsOnlyCache.get(severities);
  if (!errorsOnly) {
    const out: Record<string, Severity | 0> = {};
    for (const [id, s] of Object.entries(severities)) out[id] = s === 2 ? 2 : 0;
    errorsOnlyCache.set(severities, (errorsOnly = out));
  }
  return errorsOnly;
}

const errorsOnlyCache = new WeakMap<RuleSeverities, RuleSeverities>();
