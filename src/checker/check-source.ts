// One document through the pipeline: load → schema → rules → positioned result. Pure: no I/O.
// `checkDocument` is the one implementation, for every kind (document-kinds.ts); `checkSource`
// is its public face for bytes in hand.
import type { FileResult, Severity } from '../types.js';
import { loadArtifact, type LoadOutcome } from './load.js';
import { validateAgainstSchema } from './schema.js';
import { DOCUMENT_KINDS, type DocumentKindName } from './document-kinds.js';
import { runRules } from './run-rules.js';
import { rules } from './rules/index.js';
import { resolveRuleSeverities, type RuleSeverities } from './rule-config.js';
import { placeFindings, toFileResult, type Finding } from './result.js';
import { detectFileKind, type FileKind } from './file-kind.js';
import type { EvalMatch } from './cross/eval-match.js';
import type { JudgmentAnswerMismatch, MisplacedJudgment } from '../types.js';
import { recordOfAnotherRun, type RunPlace, type RunRecord } from '../workspace/run-record.js';
import { misplacedJudgment, type JudgmentPlace, type JudgmentRecord, type StrayFolderWhy } from '../workspace/judgment-record.js';
import { scanKeyTokens } from '../json/tokens.js';
import { assertCheckSourceInput } from './check-options.js';

/** One file's bytes (or already-decoded text) and the name to report it under. */
export interface ArtifactSource {
  filePath: string;
  bytes: Uint8Array | string;
  /** What the file is; default: by its name (`evals.json` → evals, else conversation). */
  kind?: FileKind;
  /** The eval a conversation is held to, as check's eval lookup matched it (the `match` `onEvalLookup` is told): plain data, so it can cross threads. */
  evalMatch?: EvalMatch;
}

/** Options for checking files. */
export interface CheckSourceOptions {
  /** Effective rule severities, rule id → 0 (off), 1 (warn) or 2 (error), a rule left out off; default: each rule's default. */
  severities?: RuleSeverities;
  /** Report errors only: warnings are neither computed nor shown. */
  quiet?: boolean;
  /** Keep each file's text and eval context in its result (`FileResult.artifact`), for the html format. */
  keepArtifacts?: boolean;
}

/** A document already loaded (`loaded` = `loadArtifact(bytes)`), the name to report it under, and a conversation's eval. */
export interface LoadedDocument {
  filePath: string;
  loaded: LoadOutcome;
  /** The eval a conversation was matched with; ignored for other kinds. */
  evalMatch?: EvalMatch;
  /** A judgment.json's verdict against its judge's answer beside it, as check's cross stage reads it (I/O), asked only of a record the schema accepts; ignored for other kinds. */
  judgmentAnswer?: () => JudgmentAnswerMismatch | undefined;
  /** Where a judgment.json lies on disk (its folder's assertion and repeat, and its run), when it lies in a run's judge/<assertion-id>/<repeat>/; ignored for other kinds. */
  judgmentPlace?: JudgmentPlace;
  /** Why compare reads no judgment there for a symbolic link (workspace/judgment-record.ts linkedJudgment: I/O, check's); ignored for other kinds. */
  judgmentLinked?: string;
  /** The earlier repeat a schema-valid judgment.json is a copy of (workspace/judgment-record.ts copiedRepeat: I/O, check's); ignored for other kinds. */
  judgmentCopied?: (record: JudgmentRecord) => number | undefined;
  /** Where a run.json lies on disk (its run folder's eval, condition and run), when it lies in an `eval-<id>/<condition>/run-<j>/`; ignored for other kinds. */
  runPlace?: RunPlace;
  /** Why campaign and judge pass over the run folder a run.json or judgment.json lies in (workspace/counted.ts beyondPlanAt: I/O, check's), asked only of a misplaced record. */
  runBeyondPlan?: () => string | undefined;
}

const defaultSeverities = resolveRuleSeverities();

/**
 * Checks one artifact's bytes or text as its kind (`source.kind`, else by its file name): the
 * pipeline `check` runs on each file, so the same verdict as `check` gives it.
 * Never throws on bad bytes; a source or option of the wrong type is a `UsageError`, as in `check`.
 */
export function checkSource(source: ArtifactSource, options: CheckSourceOptions = {}): FileResult {
  assertCheckSourceInput(source, options);
  const document = { filePath: source.filePath, loaded: loadArtifact(source.bytes), evalMatch: source.evalMatch };
  return checkDocument(source.kind ?? detectFileKind(source.filePath), document, options);
}

/**
 * Checks one loaded document as `kind`: parse findings, then schema, then every enabled rule that
 * applies to the kind. Rules run on every file that parses — schema-valid or not — because a file
 * with one schema slip can still hide a forged follow-up count, and duplicate keys are invisible
 * to the schema; the kind's own `check` runs only on a document the schema accepted. Never throws
 * on bad input.
 */
export function checkDocument(kind: DocumentKindName, document: LoadedDocument, options: CheckSourceOptions = {}): FileResult {
  const { loaded } = document;
  let severities = options.severities ?? defaultSeverities;
  if (options.quiet) severities = onlyErrors(severities);
  let findings: Finding[] = loaded.findings;
  if (loaded.ok) {
    const description = DOCUMENT_KINDS[kind];
    const evalMatch = kind === 'conversation' ? document.evalMatch : undefined;
    // One pass over the keys serves two rules: the duplicate-key count and the odd-integer test.
    const keys = scanKeyTokens(loaded.text, description.integerKeys);
    let schema = validateAgainstSchema(loaded.value, description);
    // The schema stage's verdict serves the cross stage: the record is validated once. A linked
    // record is one compare never reads: `linked` says so, and nothing is said of what it records.
    const judgmentAnswer = kind === 'judgment' && schema.length === 0 && document.judgmentLinked === undefined ? document.judgmentAnswer?.() : undefined;
    // compare's rule of a copied judgment, on a record the schema accepted (compare reads no other); a link compare never reads through, whatever it leads to.
    const judgmentMisplaced: MisplacedJudgment | undefined = kind !== 'judgment' ? undefined
      : document.judgmentLinked !== undefined ? { problem: 'linked', why: document.judgmentLinked }
      : schema.length === 0 && document.judgmentPlace !== undefined ? misplacedJudgment(loaded.value as JudgmentRecord, document.judgmentPlace) ?? copiedFrom(loaded.value as JudgmentRecord, document.judgmentCopied) : undefined;
    // compare's rule of a copied run.json, on a record the schema accepted (compare reads no other).
    const runMisplaced = kind === 'run' && schema.length === 0 && document.runPlace !== undefined ? recordOfAnotherRun(loaded.value as RunRecord, document.runPlace) : undefined;
    // What campaign and judge do of a copy, by their rule: asked only when there is one (it reads campaign.json).
    const runBeyondPlan = runMisplaced !== undefined || (judgmentMisplaced !== undefined && judgmentMisplaced.problem !== 'linked' && judgmentMisplaced.problem !== 'not-a-folder') || document.evalMatch?.status === 'missing' ? document.runBeyondPlan?.() : undefined;
    if (schema.length === 0 && description.check) schema = description.check(loaded.value);
    // concat, not push(...): a million-event file can have a million findings, more than a call's arguments.
    findings = findings.concat(
      schema,
      runRules(loaded.value, loaded.text, severities, undefined, { kind, evalMatch, judgmentAnswer, judgmentMisplaced, runMisplaced, runBeyondPlan, keyTokens: keys.keyTokens, oddIntegerLiteral: keys.oddIntegerLiteral }),
    );
    findings = withoutEchoesOfOddIntegers(findings);
  }
  const kept = options.quiet ? findings.filter((f) => f.severity === 2) : findings;
  return toFileResult(document.filePath, placeFindings(kept, loaded.text));
}

/**
 * A run's judgment folder level that is no folder — a symbolic link (a folder search never enters
 * one) or a file (no search finds one by name) — reported at it: judgment-folder's `linked` or
 * `not-a-folder` finding, `why` in compare's words, as for a judgment.json that is a link. Nothing is read.
 */
export function checkStrayJudgmentFolder(filePath: string, { why, link }: StrayFolderWhy, options: CheckSourceOptions = {}): FileResult {
  let severities = options.severities ?? defaultSeverities;
  if (options.quiet) severities = onlyErrors(severities);
  const registry = { 'judgment-folder': rules['judgment-folder']! };
  const findings = runRules(undefined, '', severities, registry, { kind: 'judgment', judgmentMisplaced: { problem: link ? 'linked' : 'not-a-folder', why } });
  return toFileResult(filePath, placeFindings(findings.map((f) => ({ ...f, span: { start: 0, end: 0 } })), ''));
}

/**
 * An integer field written 1e400, -0 or 2^53+1 is reported by integer-literal as written; what
 * the schema and other rules would say of the number JSON.parse made of it (Infinity shown as
 * "null", 0, 2^53) quotes a number the file does not hold, so it is left out. Only of the value
 * JSON.parse kept: an odd literal under a key repeated after it (at its pointer or above) was
 * dropped, and what is said of the kept value is about a number the file holds. A duplicate-key
 * finding is about the key, never an echo of the number.
 */
function withoutEchoesOfOddIntegers(findings: Finding[]): Finding[] {
  if (!findings.some((f) => f.ruleId === 'integer-literal')) return findings;
  const repeats = findings.filter((f) => f.ruleId === 'duplicate-key' && f.span !== undefined);
  const dropped = (odd: Finding) =>
    repeats.some((d) => d.span!.start > odd.span!.start && (odd.pointer === d.pointer || odd.pointer.startsWith(`${d.pointer}/`)));
  const reported = new Set(findings.filter((f) => f.ruleId === 'integer-literal' && !(f.span !== undefined && dropped(f))).map((f) => f.pointer));
  return findings.filter((f) => f.ruleId === 'integer-literal' || f.ruleId === 'duplicate-key' || !reported.has(f.pointer));
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

/** A judgment.json that is an earlier repeat's copied over, as check's cross stage reads the earlier ones. */
function copiedFrom(record: JudgmentRecord, copied: LoadedDocument['judgmentCopied']): MisplacedJudgment | undefined {
  const earlier = copied?.(record);
  return earlier === undefined ? undefined : { problem: 'same-session', field: 'started_at', earlier };
}
