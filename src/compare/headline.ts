// The answer first: one or two sentences per eval saying which assertions the skill moved, by how
// much, which are significant after Holm, and what these runs could have detected. Every format
// (terminal, markdown, html, the demo) prints these same words, made here only.
import type { ArmCount, AssertionComparison, ComparisonDocument, EvalComparison } from './model.js';

/** How many assertions a headline names before "and N more". */
const NAMED = 3;

/** A rate difference in whole percentage points, signed: "+60 pp", "−20 pp", "±0 pp". */
function points(delta: number): string {
  const p = Math.round(Math.abs(delta) * 100);
  return `${p === 0 ? '±' : delta > 0 ? '+' : '−'}${p} pp`;
}

/** "3/3 vs 1/3": treatment's count, then control's. */
function counts(row: AssertionComparison, conditions: readonly [string, string]): string {
  return conditions.map((c) => { const a = row[c] as ArmCount; return `${a.passed}/${a.n}`; }).join(' vs ');
}

/** A p-value in a sentence. */
function p(value: number): string {
  return value < 0.001 ? '<0.001' : value.toFixed(3);
}

/** An assertion moved when its rounded delta is not ±0 pp. */
export function moved(row: AssertionComparison): boolean {
  return row.delta !== null && Math.round(Math.abs(row.delta) * 100) !== 0;
}

/** The headline of one eval: one or two sentences, plain text (escape it for where it goes). */
export function evalHeadline(e: EvalComparison, doc: Pick<ComparisonDocument, 'conditions' | 'alpha'>): string {
  const tested = e.assertions.filter((a) => a.p_value !== null);
  const [treatment, control] = doc.conditions;
  const runs = `${e.runs[treatment] ?? 0} ${treatment} vs ${e.runs[control] ?? 0} ${control} runs`;
  if (tested.length === 0) {
    return `Eval ${e.id}: nothing to compare — no assertion was graded in both ${treatment} and ${control} (${runs}).`;
  }
  const shifted = tested.filter(moved).sort((a, b) => Math.abs(b.delta!) - Math.abs(a.delta!));
  const significant = shifted.filter((a) => a.significant);
  const named = (rows: AssertionComparison[]) => {
    const shown = rows.slice(0, NAMED).map((a) => `${a.id} ${points(a.delta!)} (${counts(a, doc.conditions)}${a.significant ? `, p (Holm) ${p(a.p_holm!)}` : ''})`);
    return shown.join(', ') + (rows.length > NAMED ? ` and ${rows.length - NAMED} more` : '');
  };
  const first = shifted.length === 0
    ? `Eval ${e.id}: the skill moved none of its ${tested.length} graded assertion${tested.length === 1 ? '' : 's'} (${runs}).`
    : significant.length > 0
      ? `Eval ${e.id}: the skill moved ${named(significant)} — significant after Holm at ${doc.alpha}${shifted.length > significant.length ? `; also moved, not significant: ${named(shifted.filter((a) => !a.significant))}` : ''}.`
      : `Eval ${e.id}: the skill moved ${named(shifted)}, none significant after Holm at ${doc.alpha}.`;
  return `${first}${detectable(tested, doc, runs)}`;
}

/** What these runs could have detected, when nothing reached significance. */
function detectable(tested: AssertionComparison[], doc: Pick<ComparisonDocument, 'alpha'>, runs: string): string {
  if (tested.some((a) => a.significant)) return '';
  const reachable = tested.some((a) => a.min_attainable_p !== null && a.min_attainable_p <= doc.alpha);
  if (!reachable) return ` With ${runs}, no difference could have been significant at ${doc.alpha}, however large: run more.`;
  return '';
}

/** Every eval's headline, in the document's order. */
export function comparisonHeadlines(doc: ComparisonDocument): string[] {
  return doc.evals.map((e) => evalHeadline(e, doc));
}
