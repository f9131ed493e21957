// compare's follow-up to the check (see checker/engine/after-check.ts): each checking thread, the
// main one included, grades and measures the runs it has just checked, with the value it parsed,
// and sends back plain data — the value never crosses a thread and is let go at once. Graders
// that need the run's folders (command_check, diff_scope) are left to the main thread, one at a time.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CheckedInThread } from '../checker/index.js';
import type { Conversation } from '../types.js';
import { EvalsFiles } from './evals-files.js';
import { ArgsSource, gradeInMemory, gradingDocument, isComplete, type Assertion, type PartialVerdicts } from './graders/index.js';
import { placeConversation } from './layout.js';
import { measureRun, type RunMetrics } from './metrics.js';
import { readRunRecord, type RunRecord } from './run-record.js';

/** What every thread is told about the iteration it grades (structured-cloneable). */
export interface GradeThreadData {
  cwd: string;
  iterationDir: string;
  /** The two conditions compared: a run of any other is not graded. */
  conditions: readonly string[];
  /** The evals.json (absolute) every run is graded by (`--evals` or campaign.json's); else each run's as the check looked it up. */
  evalsPath?: string;
  /** evals.json files the main thread has validated already. */
  validatedEvals: readonly string[];
  /** campaign.json's harness, for runs whose run.json names none. */
  harness?: string;
  /** Write grading.json beside each conversation.json graded in full. */
  writeGrading: boolean;
}

/** What a thread sends back about one run it checked. */
export interface RunReport {
  /** The conversation.json (absolute). */
  path: string;
  record?: RunRecord;
  /** The evals.json (absolute) the run is graded by, when one is known. */
  evalsPath?: string;
  /** For a run checked clean whose eval is known: its verdicts (null: left to the main thread) and metrics. */
  graded?: { verdicts: PartialVerdicts; metrics: RunMetrics };
}

/** Makes one thread's follow-up for `data`. */
export function createAfterCheck(data: GradeThreadData): (file: CheckedInThread) => RunReport | undefined {
  const evalsFiles = new EvalsFiles(data.cwd, new Set(data.validatedEvals));
  return ({ absolutePath, result, lookup, loaded }) => {
    if (absolutePath === undefined) return undefined;
    const place = placeConversation(data.iterationDir, absolutePath);
    if (place === undefined || !data.conditions.includes(place.condition)) return undefined;
    const runDir = dirname(absolutePath);
    const record = readRecord(runDir);
    const report: RunReport = { path: absolutePath };
    if (record !== undefined) report.record = record;
    const evalsPath = data.evalsPath ?? (lookup?.evalsFile === undefined ? undefined : resolve(data.cwd, lookup.evalsFile));
    if (evalsPath === undefined) return report;
    report.evalsPath = evalsPath;
    if (result.errorCount > 0 || loaded === undefined || !loaded.ok) return report;
    let evals;
    try {
      evals = evalsFiles.get(evalsPath);
    } catch {
      return report; // the main thread loads it too, and reports why it cannot be used
    }
    const evalCase = evals.byId.get(place.evalId);
    if (evalCase === undefined) return report;
    // Checked without error, so it parsed, and its value is a schema-valid conversation.
    const conversation = loaded.value as Conversation;
    const args = new ArgsSource(loaded.text);
    const assertions = (evalCase.assertions ?? []) as Assertion[];
    const verdicts = gradeInMemory(assertions, { conversation, args, harness: record?.harness ?? data.harness });
    const metrics = measureRun(conversation, args, record, evals.file.skill_name);
    if (data.writeGrading && isComplete(verdicts)) writeGrading(runDir, gradingDocument(verdicts));
    report.graded = { verdicts, metrics };
    return report;
  };
}

/** A run's run.json as compare reads it; undefined when absent or unreadable (validity says so). */
export function readRecord(runDir: string): RunRecord | undefined {
  try {
    return readRunRecord(JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')));
  } catch {
    return undefined;
  }
}

/**
 * grading.json, written beside, then renamed over: a reader never sees half of one. A file that
 * already says the same is left alone — grading the same runs again rewrites nothing (and renaming
 * over 10,000 files cost a quarter of a run on an overlay file system).
 */
export function writeGrading(runDir: string, grading: unknown): void {
  const path = join(runDir, 'grading.json');
  const text = JSON.stringify(grading, null, 2) + '\n';
  try {
    if (readFileSync(path, 'utf8') === text) return;
  } catch {
    // absent or unreadable: write it
  }
  const temporary = `${path}.${process.pid}.tmp`;
  writeFileSync(temporary, text);
  renameSync(temporary, path);
}
