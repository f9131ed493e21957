// The answer first: one or two sentences per eval saying which assertions the skill moved, by how
// much and how sure (the delta, its Newcombe interval, the counts), which are significant after
// Holm, and what these runs could have detected. Every format (terminal, markdown, html, the demo)
// prints these same words, made here only.
import { bearOnIt, countsText, deltaCiText, deltaPoints, detectableChange, moved, noAssertionsText, pHolmText, runsLeftOutText, runsText, validityCodes, validityCount } from './formats/numbers.js';
import { evalNamer } from './eval-name.js';
import type { ArmCount, AssertionComparison, ComparisonDocument, EvalComparison } from './model.js';

/** How many assertions a headline names before "and N more". */
const NAMED = 3;

/** The headline of one eval: one to three sentences, plain text (escape it for where it goes). `validity`, when given, adds what stands against the result; `evals`, the evals beside it (of several skills, each is named with its skill). */
export function evalHeadline(e: EvalComparison, doc: Pick<ComparisonDocument, 'conditions' | 'alpha'> & Partial<Pick<ComparisonDocument, 'validity' | 'evals'>>): string {
  return headline(e, doc, evalNamer(doc.evals ?? [e])(e));
}

function headline(e: EvalComparison, doc: Pick<ComparisonDocument, 'conditions' | 'alpha'> & Partial<Pick<ComparisonDocument, 'validity'>>, name: string): string {
  const tested = e.assertions.filter((a) => a.p_value !== null);
  const [treatment, control] = doc.conditions;
  const runs = runsText(e, doc.conditions);
  // No assertion at all (none in evals.json, or the eval taken out of it), or its runs left out whole
  // (of no plan): why, as its table says — no grading failed.
  const why = e.assertions.length === 0 ? noAssertionsText(e, doc.validity ?? []) : tested.length === 0 ? runsLeftOutText(e, doc.validity ?? []) : undefined;
  if (why !== undefined) {
    const counted = doc.conditions.some((c) => (e.runs[c] ?? 0) > 0);
    return `Eval ${name}: nothing to compare — ${why}${counted ? ` (${runs})` : ''}.${problemsAgainst(e, doc.validity ?? [])}`;
  }
  if (tested.length === 0) {
    return `Eval ${name}: nothing to compare — no assertion was graded in both ${treatment} and ${control} (${runs}).${problemsAgainst(e, doc.validity ?? [])}`;
  }
  const shifted = tested.filter(moved).sort((a, b) => Math.abs(b.delta!) - Math.abs(a.delta!));
  const significant = shifted.filter((a) => a.significant);
  // "asks-scope +100 pp [+57, +100] (5/5 vs 0/5, p (Holm) 0.032)": the size, how sure, the counts.
  const named = (rows: AssertionComparison[]) => {
    const shown = rows.slice(0, NAMED).map((a) => `${a.id} ${deltaPoints(a.delta)} ${deltaCiText(a.delta_ci95)} (${countsText(a, doc.conditions)}${a.significant ? `, p (Holm) ${pHolmText(a.p_holm, doc.alpha)}` : ''})`);
    return shown.join(', ') + (rows.length > NAMED ? ` and ${rows.length - NAMED} more` : '');
  };
  const first = shifted.length === 0
    ? `Eval ${name}: the skill ${tested.length === 1 ? `did not move its one graded assertion, ${tested[0]!.id}` : `moved none of its ${tested.length} graded assertions`} (${runs}).`
    : significant.length > 0
      ? `Eval ${name}: the skill moved ${named(significant)} — significant after Holm at ${doc.alpha}${shifted.length > significant.length ? `; also moved, not significant: ${named(shifted.filter((a) => !a.significant))}` : ''}.`
      : `Eval ${name}: the skill moved ${named(shifted)}, none significant after Holm at ${doc.alpha}.`;
  return `${first}${triggeredAgainstIntent(e, treatment)}${detectable(e, doc)}${problemsAgainst(e, doc.validity ?? [])}`;
}

/** An eval whose skill should stay out (skill_should_trigger: false) but ran: the other half of what a skill is judged on, said with the answer. */
function triggeredAgainstIntent(e: EvalComparison, treatment: string): string {
  if (e.skill_should_trigger) return '';
  const invoked = e.metrics.find((m) => m.id === 'skill_invoked')?.[treatment] as ArmCount | undefined;
  if (invoked === undefined || invoked.passed === 0) return '';
  return ` Its skill should not trigger here, yet it ran in ${invoked.passed} of ${invoked.n} ${treatment} runs.`;
}

/**
 * The validity problems of this eval and of the whole comparison (an isolation failure, an evals.json
 * changed under the runs, a stop imbalance, ungraded assertions, guessed conditions): the answer first
 * must not read as a bare "significant" above them. Errors say "see Validity before trusting it";
 * warnings alone are a caveat. skills-pooled is one of the whole comparison's: Holm's family spans
 * every skill's assertions, so it bears on each eval's p (Holm) too (the overall line says it its own way).
 */
function problemsAgainst(e: EvalComparison, validity: ComparisonDocument['validity']): string {
  // Beside another skill's evals a problem names its skill too: an eval of the same id there is not this one.
  const bearing = validity.filter((v) => v.eval === undefined || (v.eval === e.id && (v.skill === undefined || v.skill === e.skill)));
  const said = (severity: 'error' | 'warning') => {
    const list = bearing.filter((v) => v.severity === severity);
    const own = list.filter((v) => v.eval !== undefined);
    // One of the whole comparison (an evals.json changed under the runs) may concern other evals than this one: said as the comparison's.
    const whole = list.filter((v) => v.eval === undefined);
    const onIt = own.length === 0 ? '' : bearOnIt(own, severity);
    const onAll = whole.length === 0 ? '' : own.length === 0 ? `the comparison has ${validityCount(whole.length, severity)} (${validityCodes(whole)})` : `${whole.length} on the whole comparison (${validityCodes(whole)})`;
    return [onIt, onAll].filter((part) => part !== '').join(' and ');
  };
  const errors = said('error');
  const warnings = said('warning');
  if (errors !== '') return ` But ${errors}${warnings === '' ? '' : `; also ${warnings}`}: see Validity before trusting it.`;
  return warnings === '' ? '' : ` Caveat: ${warnings}: see Validity.`;
}

/** What these runs could have detected in the assertions not significant, said as the note under the eval's table says it (none of them: nothing to add). */
function detectable(e: EvalComparison, doc: Pick<ComparisonDocument, 'conditions' | 'alpha'>): string {
  const change = detectableChange(e, doc);
  return change === undefined ? '' : ` ${change.short}`;
}

/** Every eval's headline, in the document's order. */
export function comparisonHeadlines(doc: ComparisonDocument): string[] {
  // Named once for all: a namer per eval would look at every eval for each (10,000 evals, 10^8 steps).
  const name = evalNamer(doc.evals);
  return doc.evals.map((e) => headline(e, doc, name(e)));
}
