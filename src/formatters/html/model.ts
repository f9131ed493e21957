// The html report's data: files grouped by eval (conditions as columns), each finding pinned to
// the event or field it points at. Pure; the page script draws it.
import { createRequire } from 'node:module';
import type { CheckReport, FileKind, FileResult, Problem } from '../../types.js';
import type { EvalMatch } from '../../checker/cross/eval-match.js';
import { describeHelpUri, PSEUDO_RULES } from '../rule-descriptors.js';
import { reportedPath } from '../../fs/shown-path.js';
import { JUDGE_DIR } from '../../workspace/layout.js';
import type { RuleMeta } from '../../checker/rule-module.js';

/** Where a finding is shown: an event (by index), the stop marker, or the conversation's header. */
export const PIN_HEADER = -1;
export const PIN_STOP = -2;

/** Top-level fields of a conversation that describe how it ended: their findings go to the stop marker. */
const STOP_FIELDS = new Set(['status', 'stop_reason', 'stopped_before_followup', 'delivered_followups']);

/** One finding as embedded: [ruleId, severity, message, line, column, endLine, endColumn, pin event, pin field]. */
type FindingRow = [string, 1 | 2, string, number, number, number, number, number, string];

/** One scripted turn of the eval header. */
interface TurnData {
  prompt?: string;
  deliverWhen?: string;
  matches?: string;
  at: string;
}

/** The eval a group of conversations was run from, as its header shows it. */
interface EvalData {
  id: string;
  at: string;
  prompt?: string;
  promptAt?: string;
  turns: TurnData[];
}

/** A set of files shown side by side: the conditions (and runs) of one eval, or one file alone. */
interface GroupData {
  title: string;
  eval?: EvalData;
  /** An `eval-<id>` folder whose id the evals.json lacks. */
  missing?: { id: string; file: string };
  /** Indexes into `files`, in column order. */
  files: number[];
  errors: number;
  warnings: number;
}

/** One assertion's grade in a run's column: [id, 1 passed / 0 failed / null ungraded, evidence or why ungraded]. */
type MarkRow = [string, 1 | 0 | null, string];

/** One checked file as embedded. */
interface FileData {
  path: string;
  /** Column heading: condition (and run), or the path when the file stands alone. */
  label: string;
  /** Its eval's group; a record's is its run's, or -1 when it belongs to no run (shown in the summary). */
  group: number;
  kind?: FileKind;
  /** A record (grading.json, run.json, campaign.json, comparison.json, judgment.json): shown with its run, never as an eval. */
  record?: boolean;
  /** A record's run: the conversation file in its run folder (a judgment.json's: above its judge/<assertion-id>/<repeat>/). */
  host?: number;
  /** A conversation's records (indexes into `files`). */
  records?: number[];
  /** A conversation's grades, from the grading.json beside it. */
  marks?: MarkRow[];
  /** How the run ended, from the run.json beside it: "completed", "stopped (reason)", "aborted (reason)". */
  status?: string;
  /** The text, deflate-raw compressed and base64-encoded; absent when the check kept no artifacts. */
  z?: string;
  /** Whether the text is well-formed JSON. */
  parsed?: boolean;
  errors: number;
  warnings: number;
  findings: FindingRow[];
}

/** A rule that occurs in the report, with where it is documented. */
interface RuleData {
  id: string;
  description: string;
  help: string;
  errors: number;
  warnings: number;
}

export interface ReportData {
  tool: string;
  /** What was checked, as the summary counts it: evals (groups of runs), runs (conversations), records, evals.json files, all files. */
  counts: { evals: number; runs: number; records: number; evalsFiles: number; files: number };
  rules: RuleData[];
  groups: GroupData[];
  files: FileData[];
  errorCount: number;
  warningCount: number;
}

/** Pins a finding's JSON pointer to what the transcript shows: an event and its field, the stop marker, or the header. */
export function pinPointer(pointer: string): { event: number; field: string } {
  const segments = pointer.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (segments[0] === 'events' && segments.length >= 2 && /^(0|[1-9]\d*)$/.test(segments[1]!)) {
    return { event: Number(segments[1]), field: segments[2] ?? '' };
  }
  if (segments.length >= 1 && STOP_FIELDS.has(segments[0]!)) return { event: PIN_STOP, field: segments[0]! };
  return { event: PIN_HEADER, field: segments[0] ?? '' };
}

function findingRow(m: Problem): FindingRow {
  const pin = pinPointer(m.pointer);
  return [m.ruleId, m.severity, m.message, m.line, m.column, m.endLine, m.endColumn, pin.event, pin.field];
}

/** How one file is grouped: the key, the group title, and its column heading. */
function placeFile(result: FileResult): { key: string; title: string; label: string; evalMatch?: EvalMatch } {
  const artifact = result.artifact;
  const match = artifact?.evalMatch;
  const ws = artifact?.workspace;
  if (ws) {
    const title = `${ws.skill} · ${ws.iteration} · eval-${ws.evalId}`;
    // The workspace's folder (whatever it is called) keeps two workspaces with the same skill apart.
    const path = `/${result.filePath}`.replace(/\\/g, '/');
    const root = path.slice(0, Math.max(0, path.lastIndexOf(`/${ws.skill}/${ws.iteration}/eval-${ws.evalId}/`)));
    return { key: `w\u0000${root}\u0000${ws.skill}\u0000${ws.iteration}\u0000${ws.evalId}`, title, label: ws.run ? `${ws.condition} / ${ws.run}` : ws.condition, evalMatch: match };
  }
  if (match?.status === 'matched') {
    return { key: `e\u0000${match.eval.file}\u0000${match.eval.id}`, title: `eval ${match.eval.id} (${match.eval.file})`, label: reportedPath(result.filePath, result.rawFilePath), evalMatch: match };
  }
  const shown = reportedPath(result.filePath, result.rawFilePath);
  return { key: `f\u0000${result.filePath}${rawKey(result)}`, title: shown, label: shown, evalMatch: match };
}

/**
 * A path's bytes, when a name on it is not UTF-8 (shown as `\xNN`, which another file may be
 * named): what tells two files shown alike apart. NUL is in no path, so it separates the two.
 */
function rawKey(result: FileResult): string {
  return result.rawFilePath === undefined ? '' : `\u0000${Buffer.from(result.rawFilePath).toString('latin1')}`;
}

/** The folder a file is in, told apart as its path is (see rawKey). */
function folderKey(result: FileResult): string {
  return result.rawFilePath === undefined ? folderOf(result.filePath) : folderOf(rawKey(result));
}

/** The folder of the run a record belongs to: its own, or for a judgment.json the run folder above its judge/<assertion-id>/<repeat>/. */
function runFolderKey(result: FileResult): string {
  const folder = folderKey(result);
  if (result.artifact?.kind !== 'judgment') return folder;
  const judgeDir = folderOf(folderOf(folder));
  return judgeDir.slice(folderOf(judgeDir).length + 1) === JUDGE_DIR ? folderOf(judgeDir) : folder;
}

function evalData(match: EvalMatch | undefined): Pick<GroupData, 'eval' | 'missing'> {
  if (!match) return {};
  if (match.status === 'missing') return { missing: { id: match.id, file: match.file } };
  if (match.status === 'no-evals') return {};
  const e = match.eval;
  return {
    eval: {
      id: e.id,
      at: e.at,
      ...(e.prompt ? { prompt: e.prompt.value, promptAt: e.prompt.at } : {}),
      turns: e.turns.map((t) => ({
        at: t.at,
        ...(t.prompt ? { prompt: t.prompt.value } : {}),
        ...(t.deliverWhen ? { deliverWhen: t.deliverWhen.value } : {}),
        ...(t.agentResponseMatches ? { matches: t.agentResponseMatches.value } : {}),
      })),
    },
  };
}

const byString = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Code-unit order, except that runs of digits compare as numbers (eval-2 before eval-10, run-9 before run-10): the same on every machine. */
export function compareNatural(a: string, b: string): number {
  const pa = a.split(/(\d+)/);
  const pb = b.split(/(\d+)/);
  for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
    const x = pa[i]!;
    const y = pb[i]!;
    if (x === y) continue;
    // Odd parts are digit runs; equal numbers written differently (07, 7) fall back to code units.
    if (i % 2 === 1 && Number(x) !== Number(y)) return Number(x) - Number(y);
    return byString(x, y);
  }
  return pa.length - pb.length;
}

/**
 * A run's records as values rather than checked files (compare holds its gradings in memory, and
 * with --no-grading writes none): a grading.json and a run.json, each of its schema's shape.
 */
export interface RunRecordValues {
  grading?: unknown;
  run?: unknown;
}

/**
 * The report's data: files in report order, grouped (groups sorted by key, columns by label),
 * rules that occur with their docs links and counts. Each file's text comes compressed on its
 * own (see ArtifactView), so the page decodes only what the reader opens. `runRecords`, by the
 * conversation's path as reported, gives runs their marks and status when no record file did.
 */
export function buildReportData(report: CheckReport, rules: Readonly<Record<string, RuleMeta>>, tool: string, runRecords?: ReadonlyMap<string, RunRecordValues>): ReportData {
  const results = report.results;
  const isRecord = results.map((r) => r.artifact !== undefined && RECORD_KINDS.has(r.artifact.kind));
  // A record belongs to the run whose conversation.json sits in its run folder.
  const conversationIn = new Map<string, number>();
  results.forEach((r, i) => { if (r.artifact?.kind === 'conversation') conversationIn.set(folderKey(r), i); });
  const hostOf = results.map((r, i) => (isRecord[i] ? conversationIn.get(runFolderKey(r)) : undefined));
  // Conversations first; evals.json files, shown as text, after them. Records are in no group of their own.
  const placed = results.map((r, i) => {
    if (isRecord[i]) return undefined;
    const place = placeFile(r);
    return { ...place, key: (r.artifact?.kind === 'evals' ? '2' : '1') + place.key };
  });
  const keys = [...new Set(placed.flatMap((p) => (p ? [p.key] : [])))].sort(compareNatural);
  const groupIndex = new Map(keys.map((k, i) => [k, i]));
  const groups: GroupData[] = keys.map(() => ({ title: '', files: [], errors: 0, warnings: 0 }));
  const files: FileData[] = results.map((result, index) => {
    const p = placed[index];
    const g = p ? groupIndex.get(p.key)! : -1;
    if (p) {
      const group = groups[g]!;
      if (group.files.length === 0) Object.assign(group, { title: p.title }, evalData(p.evalMatch));
      group.files.push(index);
    }
    const artifact = result.artifact;
    const shown = reportedPath(result.filePath, result.rawFilePath);
    const file: FileData = { path: shown, label: p?.label ?? shown, group: g, errors: result.errorCount, warnings: result.warningCount, findings: result.messages.map(findingRow) };
    if (artifact) Object.assign(file, { kind: artifact.kind, parsed: artifact.parsed, z: Buffer.from(artifact.deflatedText.buffer, artifact.deflatedText.byteOffset, artifact.deflatedText.byteLength).toString('base64') });
    return file;
  });
  results.forEach((result, index) => {
    if (!isRecord[index]) return;
    const file = files[index]!;
    file.record = true;
    const host = hostOf[index];
    if (host === undefined) return;
    const run = files[host]!;
    // Named from the run's folder: a run's judgments are all called judgment.json.
    Object.assign(file, { host, group: run.group, label: file.path.slice(folderOf(run.path).length + 1) });
    (run.records ??= []).push(index);
    // The record's findings count where its run is shown.
    const group = groups[run.group]!;
    group.errors += result.errorCount;
    group.warnings += result.warningCount;
    const value = result.artifact?.parsed ? readJson(result.artifact.deflatedText) : undefined;
    if (result.artifact?.kind === 'grading') run.marks = gradingMarks(value);
    else if (result.artifact?.kind === 'run') run.status = runStatus(value);
  });
  // The same marks and status as a folded record file would give.
  if (runRecords) for (const [index, file] of files.entries()) {
    const values = file.kind === 'conversation' ? runRecords.get(results[index]!.filePath) : undefined;
    if (values === undefined) continue;
    file.marks ??= gradingMarks(values.grading);
    file.status ??= runStatus(values.run);
  }
  for (const group of groups) {
    for (const fi of group.files) {
      group.errors += results[fi]!.errorCount;
      group.warnings += results[fi]!.warningCount;
    }
    group.files.sort((a, b) => compareNatural(files[a]!.label, files[b]!.label) || a - b);
  }
  const runs = results.filter((r) => r.artifact?.kind === 'conversation').length;
  const evals = groups.filter((group) => group.files.some((fi) => files[fi]!.kind === 'conversation')).length;
  const records = isRecord.filter(Boolean).length;
  const evalsFiles = results.filter((r) => r.artifact?.kind === 'evals').length;
  return { tool, counts: { evals, runs, records, evalsFiles, files: results.length }, rules: ruleData(report, rules), groups, files, errorCount: report.errorCount, warningCount: report.warningCount };
}

/** The kinds that record something about runs rather than being one. */
const RECORD_KINDS: ReadonlySet<FileKind> = new Set(['grading', 'run', 'campaign', 'comparison', 'judgment']);

function folderOf(path: string): string {
  const cut = Math.max(path.lastIndexOf('/'), path.lastIndexOf('\\'));
  return cut < 0 ? '' : path.slice(0, cut);
}

// node:zlib is loaded on first use: this module is in the executable, and a plain check keeps no file.
let zlib: typeof import('node:zlib') | undefined;

/** A kept file's JSON value, or undefined. */
function readJson(deflated: Uint8Array): unknown {
  try {
    zlib ??= createRequire(import.meta.url)('node:zlib') as typeof import('node:zlib');
    return JSON.parse(zlib.inflateRawSync(deflated).toString('utf8'));
  } catch {
    return undefined;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** grading.json → a mark per assertion: graded ones in order, then the ungraded (whatever shape the file has, nothing throws). */
function gradingMarks(value: unknown): MarkRow[] | undefined {
  if (!isObject(value)) return undefined;
  const marks: MarkRow[] = [];
  for (const r of Array.isArray(value.assertion_results) ? value.assertion_results : []) {
    if (isObject(r) && typeof r.id === 'string') marks.push([r.id, r.passed === true ? 1 : 0, typeof r.evidence === 'string' ? r.evidence : '']);
  }
  for (const u of Array.isArray(value.ungraded) ? value.ungraded : []) {
    if (isObject(u) && typeof u.id === 'string') marks.push([u.id, null, typeof u.reason === 'string' ? u.reason : 'ungraded']);
  }
  return marks;
}

/** run.json → how the run ended, in a few words. */
function runStatus(value: unknown): string | undefined {
  if (!isObject(value) || typeof value.status !== 'string') return undefined;
  const why = value.status === 'stopped' ? value.stop_reason : value.status === 'aborted' ? value.abort_reason : null;
  return typeof why === 'string' ? `${value.status} (${why})` : value.status;
}

function ruleData(report: CheckReport, rules: Readonly<Record<string, RuleMeta>>): RuleData[] {
  const counts = new Map<string, { errors: number; warnings: number }>();
  for (const r of report.results) {
    for (const m of r.messages) {
      const c = counts.get(m.ruleId) ?? { errors: 0, warnings: 0 };
      if (m.severity === 2) c.errors++;
      else c.warnings++;
      counts.set(m.ruleId, c);
    }
  }
  return [...counts.keys()].sort(byString).map((id) => {
    const meta = rules[id] ?? PSEUDO_RULES[id];
    return { id, description: meta?.description ?? `Findings reported as "${id}".`, help: webLink(describeHelpUri(meta ?? { id })), ...counts.get(id)! };
  });
}

/** A rule's docs link as the page may use it: an absolute http(s) URL, else none (the page is opened anywhere, so never a file or a guess). */
export function webLink(help: string | undefined): string {
  if (help === undefined) return '';
  try {
    const url = new URL(help);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : '';
  } catch {
    return '';
  }
}
