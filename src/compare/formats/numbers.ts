// How the comparison's numbers read in text: rates as percentages, intervals, p-values, deltas.
import { reachesLevel, smallestFisherP } from '../../stats/index.js';
import { detectableWords } from '../../stats/detectable-words.js';
import { evalName, evalNoteNamer } from '../eval-name.js';
import { notInPlanReason } from '../../workspace/counted.js';
import type { ArmCount, ArmUsage, AssertionComparison, ComparisonDocument, EvalComparison, MetricComparison, MetricSummary, ValidityProblem } from '../model.js';

/**
 * A fraction as whole percent, a half rounded up: × 100 read to 12 digits first, so 23/40 (0.575,
 * × 100 = 57.49999999999999 in doubles) reads 58 as 1/8 (12.5) reads 13, and rates and deltas of
 * equal halves round alike.
 */
export function wholePercent(fraction: number): number {
  return Math.round(Number((fraction * 100).toPrecision(12)));
}

/** An assertion moved when its rounded delta is not ±0 pp. */
export function moved(row: AssertionComparison): boolean {
  return row.delta !== null && wholePercent(Math.abs(row.delta)) !== 0;
}

/** 0.8 → "80%"; null → "–". */
function percent(rate: number | null): string {
  return rate === null ? '–' : `${wholePercent(rate)}%`;
}

/** "4/5 80% [38–96]": passed of graded, rate, Wilson 95 % interval. */
export function armText(arm: ArmCount): string {
  if (arm.n === 0) return arm.ungraded > 0 ? `ungraded (${arm.ungraded})` : 'no runs';
  const ci = arm.ci95 ? ` [${Math.round(arm.ci95[0] * 100)}–${Math.round(arm.ci95[1] * 100)}]` : '';
  return `${arm.passed}/${arm.n} ${percent(arm.rate)}${ci}${arm.ungraded > 0 ? ` +${arm.ungraded} ungraded` : ''}`;
}

/** A rate difference in percentage points: "+60 pp". */
export function deltaPoints(delta: number | null): string {
  if (delta === null) return '–';
  const points = wholePercent(Math.abs(delta));
  return `${points === 0 ? '±' : delta > 0 ? '+' : '−'}${points} pp`;
}

/** Newcombe's interval of a delta in percentage points: "[+12, +88]"; null → "–". */
export function deltaCiText(ci: [number, number] | null): string {
  if (ci === null) return '–';
  const points = (v: number) => {
    const p = Math.round(v * 100);
    return `${p > 0 ? '+' : p < 0 ? '−' : '±'}${Math.abs(p)}`;
  };
  return `[${points(ci[0])}, ${points(ci[1])}]`;
}

/** A row's detectable change as a cell: "≥45 pp", "none ≤100 pp", or "–" when untested. */
export function detectableCell(row: AssertionComparison): string {
  if (row.p_value === null) return '–';
  return row.detectable_delta === null ? 'none ≤100 pp' : `≥${Math.round(row.detectable_delta * 100)} pp`;
}

/**
 * The smallest changes the runs would detect (whole points) over the tested assertions that are
 * not significant (a significant one needs no such caveat): the lowest and highest found, and how
 * many could detect no change up to 100 points; undefined when every tested one is significant.
 */
function detectableRange(rows: readonly AssertionComparison[]): { low?: number; high?: number; quiet: number; none: number } | undefined {
  const quiet = rows.filter((r) => r.p_value !== null && !r.significant);
  if (quiet.length === 0) return undefined;
  const found = quiet.map((r) => r.detectable_delta).filter((d): d is number => d !== null).map((d) => Math.round(d * 100));
  if (found.length === 0) return { quiet: quiet.length, none: quiet.length };
  return { low: Math.min(...found), high: Math.max(...found), quiet: quiet.length, none: quiet.length - found.length };
}

/** "85" or "45–85": the range of a detectableRange that found one. */
function rangeText(range: { low?: number; high?: number }): string {
  return range.low === range.high ? `${range.low}` : `${range.low}–${range.high}`;
}

/**
 * Why an eval's runs are left out whole, said where its numbers would be (its headline and table):
 * its eval is not in the evals.json its runs are graded by (eval-removed: taken out after the
 * campaign), or in no plan of its runs' campaign.json (runs-over-plan: none is counted, whatever
 * evals.json holds — an iteration without campaign.json plans nothing and leaves none out).
 * Undefined when neither is why. Plain text, without a final stop (each format frames it).
 */
export function runsLeftOutText(e: Pick<EvalComparison, 'id' | 'skill' | 'run_list'>, validity: readonly ValidityProblem[]): string | undefined {
  const removed = validity.some((v) => v.code === 'eval-removed' && v.eval === e.id && (v.skill === undefined || v.skill === e.skill));
  if (removed) return 'not in the evals.json its runs are graded by, so its runs are left out (eval-removed)';
  const unplanned = e.run_list.length > 0 && e.run_list.every((r) => r.excluded === notInPlanReason(e.id));
  return unplanned ? 'not in the plan of campaign.json, so its runs are not counted (runs-over-plan)' : undefined;
}

/** What an eval's table says when it has no assertion rows: why its runs are left out, if they are ({@link runsLeftOutText}), else that evals.json gives it no assertion. */
export function noAssertionsText(e: Pick<EvalComparison, 'id' | 'skill' | 'run_list'>, validity: readonly ValidityProblem[]): string {
  return runsLeftOutText(e, validity) ?? 'no assertions in evals.json';
}

/** Where the own-runs advice asks "runs" set: said of one eval, and of several said alike (the reports' "Each of evals a, b and c"). */
export const OWN_ENTRY = { one: "in this eval's entry of evals.json", each: "in each one's entry of evals.json" } as const;

/** A validity problem as the reports show it: its message, and the evals it is said of (one, or several said alike). */
interface ShownProblem {
  problem: ValidityProblem;
  message: string;
  /** The validity problems it says (one per eval said alike): what a count of problems counts it as. */
  count: number;
}

/**
 * The validity problems as the reports show them. Problems of one code that say the same of several
 * evals (three evals of 3 runs each, each underpowered alike) are said once, naming the evals: their
 * messages differ in nothing but the eval named first. Advice several others share (every
 * underpowered eval needs the same new iteration) is said in full on the first, the others pointing
 * to it. The json keeps each whole, for a consumer that reads one eval's problems.
 */
export function validityMessages(validity: readonly ValidityProblem[]): ShownProblem[] {
  const alike = sayAlikeOnce(validity);
  const firstWith = new Map<string, ValidityProblem>();
  return alike.map(({ problem: v, message, several, count }) => {
    if (v.advice === undefined || !message.endsWith(v.advice)) return { problem: v, message, count };
    // The own-runs advice asks "runs" set in this eval's entry: of several evals said as one, in each one's.
    const entry = several ? OWN_ENTRY.each : OWN_ENTRY.one;
    const ownEntry = v.advice.includes(OWN_ENTRY.one);
    const first = firstWith.get(v.advice);
    if (first === undefined) {
      firstWith.set(v.advice, v);
      return { problem: v, message: ownEntry && several ? `${message.slice(0, -v.advice.length)}${v.advice.replace(OWN_ENTRY.one, entry)}` : message, count };
    }
    const where = first.eval === undefined ? 'above' : `for eval ${evalName(first.eval, first.skill)}`;
    // Not "as said for eval first" alone: that read as eval first's entry to be edited.
    const whose = ownEntry ? `, "runs" set ${entry}` : '';
    return { problem: v, message: `${message.slice(0, -v.advice.length)}What to do: as said ${where}${whose}.`, count };
  });
}

/** Problems of one code and severity whose messages differ only in their "Eval <name>: " as one, "Each of evals a, b and c: …", where the first was. */
function sayAlikeOnce(validity: readonly ValidityProblem[]): Array<ShownProblem & { several: boolean }> {
  const groups = new Map<string, { problem: ValidityProblem; rest: string; names: string[] }>();
  const shown: Array<ShownProblem & { several: boolean } | { group: string }> = [];
  for (const v of validity) {
    const lead = v.eval === undefined ? undefined : `Eval ${evalName(v.eval, v.skill)}: `;
    if (lead === undefined || !v.message.startsWith(lead)) {
      shown.push({ problem: v, message: v.message, several: false, count: 1 });
      continue;
    }
    const rest = v.message.slice(lead.length);
    const key = `${v.severity}\u0000${v.code}\u0000${rest}`;
    const group = groups.get(key);
    if (group !== undefined) group.names.push(evalName(v.eval!, v.skill));
    else {
      groups.set(key, { problem: v, rest, names: [evalName(v.eval!, v.skill)] });
      shown.push({ group: key });
    }
  }
  return shown.map((entry) => {
    if (!('group' in entry)) return entry;
    const { problem, rest, names } = groups.get(entry.group)!;
    if (names.length === 1) return { problem, message: problem.message, several: false, count: 1 };
    return { problem, message: `Each of evals ${names.slice(0, -1).join(', ')} and ${names.at(-1)!}: ${rest}`, several: true, count: names.length };
  });
}

/** `text` as a sentence: its first letter capital, a full stop after it. */
export function sentence(text: string): string {
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
}

/** "8 with_skill vs 8 without_skill runs": an eval's runs, treatment's then control's. */
export function runsText(e: Pick<EvalComparison, 'runs'>, conditions: readonly [string, string]): string {
  const [treatment, control] = conditions;
  return `${e.runs[treatment] ?? 0} ${treatment} vs ${e.runs[control] ?? 0} ${control} runs`;
}

/**
 * What an eval's runs could have detected in its assertions that are not significant, the one
 * place it is worded: `short` ends the headline, `long` (the same clause, with the power asked and
 * the caveat) stands under the eval's table. Undefined when no assertion was tested or every tested
 * one is significant (nothing to add). "run more" when no result could have reached alpha at all.
 */
export function detectableChange(e: Pick<EvalComparison, 'assertions' | 'runs'>, doc: Pick<ComparisonDocument, 'conditions' | 'alpha'>): { short: string; long: string } | undefined {
  const tested = e.assertions.filter((a) => a.p_value !== null);
  const range = detectableRange(tested);
  if (range === undefined) return undefined;
  const apart = intervalsApart(tested);
  const caveat = `a result that is not significant is no evidence of no change.${apart === undefined ? '' : ` ${apart.long}`}`;
  const also = apart === undefined ? '' : ` ${apart.short}`;
  const method = 'Fisher at alpha / family size';
  if (!tested.some((a) => a.min_attainable_p !== null && a.min_attainable_p <= doc.alpha)) {
    const { runs, allGraded } = gradedRunsText(e, tested, doc.conditions);
    const clause = `With ${runs}, no difference could have been significant at ${doc.alpha}, however large`;
    // Had every run been graded, one could have been: the runs are enough, the grading is not.
    const [t, c] = doc.conditions.map((condition) => e.runs[condition] ?? 0);
    const forward = !allGraded && t! > 0 && c! > 0 && smallestFisherP(t!, c!) <= doc.alpha ? 'the ungraded runs are why (see Validity)' : 'run more';
    return { short: `${clause}: ${forward}.${also}`, long: `${clause}: ${forward}; ${caveat}` };
  }
  const which = range.quiet === tested.length ? 'These runs' : `In the other ${range.quiet === 1 ? 'assertion' : range.quiet}, these runs`;
  if (range.low === undefined) {
    const clause = `${which} ${detectableWords(undefined)}`;
    return { short: `${clause}: run more.${also}`, long: `${clause} (${method}): run more; ${caveat}` };
  }
  const clause = `${which} ${detectableWords(rangeText(range))}`;
  const none = range.none > 0 ? `in ${range.none}, no change at all` : undefined;
  return { short: `${clause}${none === undefined ? '' : ` (${none})`}.${also}`, long: `${clause} (${method}${none === undefined ? '' : `; ${none}`}): ${caveat}` };
}

/**
 * The assertions not significant whose delta interval leaves out 0, said (`short` in the headline, `long` under the table): Newcombe's interval
 * measures the size of a change and is not the test (3/3 vs 0/3 leaves out 0 at Fisher p 0.1),
 * and it is not adjusted for the family as p (Holm) is. Empty when there are none.
 */
function intervalsApart(tested: readonly AssertionComparison[]): { short: string; long: string } | undefined {
  const apart = tested.filter((a) => !a.significant && a.delta_ci95 !== null && (a.delta_ci95[0] > 0 || a.delta_ci95[1] < 0));
  if (apart.length === 0) return undefined;
  const named = apart.map((a) => `${a.id} ${deltaCiText(a.delta_ci95)}`).join(', ');
  const one = apart.length === 1;
  return {
    short: `${one ? 'An interval' : 'Intervals'} leaving out 0 (${apart.map((a) => a.id).join(', ')}) ${one ? 'is' : 'are'} not a significant test.`,
    long: `${one ? 'The interval' : 'The intervals'} of ${named} ${one ? 'leaves' : 'leave'} out 0, yet ${one ? 'its test is' : 'their tests are'} not significant: an interval gives the size of a change, unadjusted for the other assertions; whether there is one is the test's to say (p (Holm)).`,
  };
}

/**
 * The runs the tested assertions were graded in, as a clause: the eval's runs when each was graded
 * in all of them; else the graded runs of them all, when one pair ("3 with_skill vs 2 without_skill
 * runs graded (of 6 vs 6)"); else that some were graded in fewer. What bounds a p is the graded
 * runs: an llm_judge judged in half the runs is tested on that half.
 */
function gradedRunsText(e: Pick<EvalComparison, 'runs'>, tested: readonly AssertionComparison[], conditions: readonly [string, string]): { runs: string; allGraded: boolean } {
  const [treatment, control] = conditions;
  const runs = [e.runs[treatment] ?? 0, e.runs[control] ?? 0];
  const pairs = new Set(tested.map((a) => conditions.map((c) => (a[c] as ArmCount).n).join(' ')));
  if (pairs.size === 1 && pairs.has(runs.join(' '))) return { runs: runsText(e, conditions), allGraded: true };
  if (pairs.size > 1) return { runs: `${runsText(e, conditions)}, some graded in fewer`, allGraded: false };
  const [t, c] = [...pairs][0]!.split(' ');
  return { runs: `${t} ${treatment} vs ${c} ${control} runs graded (of ${runs[0]} vs ${runs[1]})`, allGraded: false };
}

/** "3/3 vs 1/3": passed of graded, treatment's then control's. */
export function countsText(row: AssertionComparison, conditions: readonly [string, string]): string {
  return conditions.map((c) => { const a = row[c] as ArmCount; return `${a.passed}/${a.n}`; }).join(' vs ');
}

/**
 * What the tables' intervals and tests are, said under them by markdown and html alike (the terminal,
 * which shows fewer columns, says it in its own words): the metrics' p being unadjusted is a caveat
 * none may leave out.
 */
/**
 * Said after the arms in every format's title when a user named them (the document's conditions_by):
 * the names, not a record, decide which is the treatment. One named alone is said as given (a
 * document older eval-magic wrote says not which: both).
 */
export function armsNamedText(doc: Pick<ComparisonDocument, 'conditions_by' | 'conditions_named'>): string {
  if (doc.conditions_by !== 'named') return '';
  const named = doc.conditions_named ?? ['treatment', 'control'];
  return named.length === 1 ? ` (${named[0]} named by --${named[0]})` : ' (arms named by --treatment and --control)';
}

export const METHODS_NOTE = 'Rate intervals: Wilson 95 %; delta intervals: Newcombe 95 %. Detectable: the smallest change these runs find with 80 % power. p: two-sided, Fisher exact for rates, Mann–Whitney U for numbers (metrics are not Holm-adjusted).';

/** A p-value with three decimals, or "<0.001". */
export function pText(p: number | null): string {
  if (p === null) return '–';
  return p < 0.001 ? '<0.001' : p.toFixed(3);
}

/**
 * A Holm p as shown beside its verdict: {@link pText}, but with the digits it takes to tell it from
 * alpha when three decimals would read as alpha itself (0.05008 is not significant at 0.05, 0.04977
 * is: both "0.050" — one BETTER, the other not, under the same p).
 */
export function pHolmText(p: number | null, alpha: number): string {
  const text = pText(p);
  if (p === null || text !== pText(alpha) || (reachesLevel(p, alpha) && reachesLevel(alpha, p))) return text;
  for (let digits = 4; digits < 17; digits++) {
    const shown = p.toPrecision(digits);
    if (Number(shown) !== alpha) return shown;
  }
  return String(p);
}

/**
 * "p = 0.041" or "p < 0.001" in a sentence (never "p = <0.001"): the same digits as the tables' p;
 * with the `alpha` a reader holds it to, the digits that tell it from alpha ({@link pHolmText}).
 */
export function pIs(p: number, alpha?: number): string {
  return p < 0.001 ? 'p < 0.001' : `p = ${alpha === undefined ? pText(p) : pHolmText(p, alpha)}`;
}

/** A number to `digits` decimals with a true minus sign, as every other negative here ("−0.03"), and no sign on a zero it rounds to. */
export function fixedText(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits);
  return value < 0 && Number(text) !== 0 ? `−${text}` : text;
}

/** A number with at most `digits` decimals, thousands grouped. */
function num(value: number | null, digits = 1): string {
  return value === null ? '–' : formatNumber(value, { maximumFractionDigits: digits });
}

// One formatter per set of options: `toLocaleString` with options builds a new one per call,
// which made the tables of a 3,000-eval comparison take 2.5 s.
const numberFormats = new Map<string, Intl.NumberFormat>();
function formatNumber(value: number, options: Intl.NumberFormatOptions): string {
  const key = JSON.stringify(options);
  let format = numberFormats.get(key);
  if (format === undefined) numberFormats.set(key, (format = new Intl.NumberFormat('en-US', options)));
  return format.format(value);
}

/**
 * US dollars: to four decimals below a dollar, cents above ("$0.0745", "$12.30"), and two
 * significant digits below a tenth of a cent ("$0.000021"): a cheap model's runs cost that, and
 * rounded to "$0.00" two arms that differ read the same.
 */
function dollars(value: number | null): string {
  if (value === null) return '–';
  if (value !== 0 && Math.abs(value) < 0.001) return `$${formatNumber(value, { maximumSignificantDigits: 2 })}`;
  return `$${formatNumber(value, { minimumFractionDigits: 2, maximumFractionDigits: value < 1 ? 4 : 2 })}`;
}

/**
 * A spread in dollars to the precision {@link dollars} gives a value of `beside`'s size ("$0.0745",
 * sd "$0.0000"; "$12.30", sd "$0.46"): by its own rule an sd of 0 read "$0.00", and one under a
 * dollar took four decimals beside "$12.30". By the size, not the decimals printed: "$0.07" (0.0700,
 * its zeros dropped) would have put "$0.00" beside a spread of $0.0028.
 */
function dollarsBeside(value: number | null, beside: number | null): string {
  if (value === null) return '–';
  const size = Math.abs(beside ?? 0);
  // Below a tenth of a cent, dollars() keeps two significant digits: the decimals of the second.
  const decimals = size >= 1 ? 2 : size === 0 || size >= 0.001 ? 4 : 1 - Math.floor(Math.log10(size));
  return `$${formatNumber(value, { minimumFractionDigits: decimals, maximumFractionDigits: decimals })}`;
}

/** "mean 4.2 (sd 1.1, median 4, n 5)"; a metric in dollars (`cost_usd`) reads as dollars, its sd to its mean's decimals. */
function summaryText(s: MetricSummary, money = false): string {
  if (s.n === 0) return 'no runs';
  const f = money ? dollars : (v: number | null) => num(v);
  const sd = money ? dollarsBeside(s.sd, s.mean) : num(s.sd);
  return `mean ${f(s.mean)} (sd ${sd}, median ${f(s.median)}, n ${s.n})`;
}

/** The arm of a row under a condition name. */
export function armOf(row: AssertionComparison, condition: string): ArmCount {
  return row[condition] as ArmCount;
}

/**
 * A metric row's name as every format shows it: marked when the skill should not trigger, and with
 * the runs left out as started alone, or the row's n, one less in an arm, reads as a run missing.
 */
export function metricLabel(row: MetricComparison): string {
  const leftOut = Object.values(row.left_out ?? {}).reduce((sum, n) => sum + n, 0);
  return `${row.id}${row.expected === false ? ' (should not)' : ''}${leftOut > 0 ? ` (${leftOut} started alone, left out)` : ''}`;
}

/** A metric row's cell for one condition. */
export function metricCell(row: MetricComparison, condition: string): string {
  return row.kind === 'rate' ? armText(row[condition] as ArmCount) : summaryText(row[condition] as MetricSummary, row.id === 'cost_usd');
}

/** A metric row's delta in its own unit. */
export function metricDelta(row: MetricComparison): string {
  if (row.kind === 'rate') return deltaPoints(row.delta);
  if (row.delta === null) return '–';
  const size = row.id === 'cost_usd' ? dollars(Math.abs(row.delta)) : num(Math.abs(row.delta));
  // Signed by what is shown, as deltaPoints is: a delta of 0.03 reads "±0", never "+0".
  return `${!/[1-9]/.test(size) ? '±' : row.delta > 0 ? '+' : '−'}${size}`;
}

/**
 * The verdict word of a row: `BETTER`/`WORSE` (significant after Holm), else whether it moved and
 * whether the runs were too few — a row that moved but is not significant could not show its size
 * with these runs; one that did not move is "too few runs" only when no result could have reached alpha.
 */
export function verdict(row: AssertionComparison, alpha: number): string {
  if (row.p_value === null) return 'not tested';
  if (row.significant) return row.direction === 'worse' ? 'WORSE' : row.direction === 'better' ? 'BETTER' : 'significant';
  if (moved(row)) return 'moved, too few runs';
  // Too few only when Holm says no outcome of these runs could have reached alpha.
  return row.min_attainable_p_holm !== null && !reachesLevel(row.min_attainable_p_holm, alpha) ? 'no change, too few runs' : 'no change';
}

/** "8/8 100%": passed of graded and the rate, without the interval (the terminal's narrow cell). */
export function armShort(arm: ArmCount): string {
  if (arm.n === 0) return arm.ungraded > 0 ? 'ungraded' : 'no runs';
  return `${arm.passed}/${arm.n} ${percent(arm.rate)}`;
}

/** A metric's cell in the terminal: "median · mean X" (rates as their count). */
export function metricShort(row: MetricComparison, condition: string): string {
  if (row.kind === 'rate') return armShort(row[condition] as ArmCount);
  const s = row[condition] as MetricSummary;
  if (s.n === 0) return 'no runs';
  const f = row.id === 'cost_usd' ? dollars : (v: number | null) => num(v);
  return `${f(s.median)} · mean ${f(s.mean)}`;
}

/**
 * What a line pooled over the evals of several skills (the overall result, the skill-invoked rate)
 * says of itself, where it is read: they helped taken together, not which one did. Said when
 * validity found skills-pooled; '' otherwise.
 */
function pooledNote(doc: Pick<ComparisonDocument, 'validity' | 'evals'>): string {
  if (!(doc.validity ?? []).some((v) => v.code === 'skills-pooled')) return '';
  const skills = new Set(doc.evals.flatMap((e) => (e.skill === null ? [] : [e.skill]))).size;
  return ` It pools the evals of ${skills} skills: whether they helped taken together, not which one did (skills-pooled).`;
}

/** The overall result across evals, on runs, in one line. */
export function overallText(doc: ComparisonDocument): string {
  return overallResult(doc) + leftOutNote(doc) + pooledNote(doc) + errorsNote(doc);
}

/** How many evals left out the overall line names before "and N more". */
const LEFT_OUT_NAMED = 3;

/**
 * The evals the overall line leaves out (`overall.evals_left_out`), with why; those without counted
 * runs of both arms are out of the skill-invoked line and the tokens and cost too, which set the
 * arms side by side over the same evals. '' when none is, or the document is older than the field.
 */
function leftOutNote(doc: Pick<ComparisonDocument, 'overall' | 'evals'>): string {
  const left = doc.overall.evals_left_out ?? [];
  if (left.length === 0) return '';
  const name = evalNoteNamer(doc.evals);
  const named = left.slice(0, LEFT_OUT_NAMED).map((e) => name(e, e.reason)).join(', ');
  const more = left.length > LEFT_OUT_NAMED ? ` and ${left.length - LEFT_OUT_NAMED} more` : '';
  return ` Left out of it: ${named}${more}${unpaired(doc) > 0 ? ' — those without counted runs of both arms out of the skill-invoked line and the tokens and cost too' : ''}.`;
}

/** How many evals have no counted run in one arm or both (the documents of every version count runs per arm). */
function unpaired(doc: Pick<ComparisonDocument, 'evals'>): number {
  return doc.evals.filter((e) => Object.keys(e.runs ?? {}).length < 2 || Object.values(e.runs).some((n) => n === 0)).length;
}

/** The heading of the tokens-and-cost table over evals in markdown and html: "every eval" while it is ({@link usageScope}). */
export function usageHeading(doc: Pick<ComparisonDocument, 'overall' | 'evals'>): string {
  return doc.overall.evals_left_out === undefined || unpaired(doc) === 0 ? 'every eval' : usageScope(doc);
}

/**
 * Whose runs the tokens-and-cost table over evals adds up: the evals with counted runs of both arms
 * ("the 2 evals with counted runs of both arms (of 3)"). A document older than `evals_left_out`
 * summed every counted run: said as it was then.
 */
export function usageScope(doc: Pick<ComparisonDocument, 'overall' | 'evals'>): string {
  const old = doc.overall.evals_left_out === undefined;
  const counted = old ? doc.evals.filter((e) => Object.values(e.runs).some((n) => n > 0)).length : doc.evals.length - unpaired(doc);
  if (counted === doc.evals.length) return counted === 1 ? 'the eval' : `every eval (${counted})`;
  return `${counted === 1 ? 'the eval' : `the ${counted} evals`} ${old ? 'with counted runs' : 'with counted runs of both arms'} (of ${doc.evals.length})`;
}

/**
 * The overall result pools every eval's runs, those a validity error stands against too: said on its
 * line, as each eval's headline says its own (warnings are each eval's, said in its headline).
 */
function errorsNote(doc: Pick<ComparisonDocument, 'validity'>): string {
  const errors = (doc.validity ?? []).filter((v) => v.severity === 'error');
  return errors.length === 0 ? '' : ` But ${bearOnIt(errors, 'error')}: see Validity before trusting it.`;
}

/** "2 validity errors bear on it (isolation-failed)": how many problems of `list`, and their codes, each once; the headline and the overall line say it so. */
export function bearOnIt(list: ReadonlyArray<Pick<ValidityProblem, 'code'>>, severity: ValidityProblem['severity']): string {
  return `${validityCount(list.length, severity)} bear${list.length === 1 ? 's' : ''} on it (${validityCodes(list)})`;
}

/** "1 validity warning". */
export function validityCount(n: number, severity: ValidityProblem['severity']): string {
  return `${n} validity ${severity}${n === 1 ? '' : 's'}`;
}

/** The codes of `list`, each once, in order: "isolation-failed, evals-changed". */
export function validityCodes(list: ReadonlyArray<Pick<ValidityProblem, 'code'>>): string {
  return [...new Set(list.map((v) => v.code))].join(', ');
}

function overallResult(doc: ComparisonDocument): string {
  const o = doc.overall;
  if (o.strata === 0) return 'Across evals, on runs: no test (no eval has graded runs in both conditions).';
  const runs = doc.conditions.map((c) => `${c} ${armText(o.runs[c]!)}`).join(', ');
  // Older documents have no runs_undecided.
  const undecided = doc.conditions.flatMap((c) => {
    const n = o.runs_undecided?.[c] ?? 0;
    return n === 0 ? [] : [`${n} ${c} run${n === 1 ? '' : 's'}`];
  });
  const leftOut = undecided.length === 0 ? '' : ` (left out, not graded on every tested assertion: ${undecided.join(', ')})`;
  const head = `Across ${o.strata} eval${o.strata === 1 ? '' : 's'}, runs passing every tested assertion: ${runs}${leftOut}`;
  if (o.p_value === null) return `${head}; no test (in no eval did runs both pass and fail).`;
  const left = o.informative_strata < o.strata ? `, ${o.strata - o.informative_strata} eval${o.strata - o.informative_strata === 1 ? '' : 's'} without variance left out` : '';
  // Null once tested is infinite (stats/conditional.ts: no discordant pairs, so some concordant in an
  // informative eval): said as ∞, as 0 is said the other way — leaving it out read as no estimate.
  const or = `, common odds ratio ${o.common_odds_ratio === null ? '∞' : num(o.common_odds_ratio, 2)}`;
  const floor = o.min_attainable_p === null ? '' : `; the smallest p these runs allow is ${smallP(o.min_attainable_p)}`;
  // Said in words: beside each eval's own verdicts (which may say none could be significant), a bare p read as a contradiction.
  const significant = reachesLevel(o.p_value, doc.alpha);
  // Which way, in words: an odds ratio of 0.02 alone left the reader to work out that the skill hurt.
  const way = !significant || o.common_odds_ratio === 1 ? '' : `, ${doc.conditions[0]} passing ${o.common_odds_ratio === null || o.common_odds_ratio > 1 ? 'more' : 'less'} often`;
  const verdict = `${significant ? '' : 'not '}significant at ${doc.alpha}${way}`;
  return `${head}. Exact conditional test stratified by eval: ${pIs(o.p_value, doc.alpha)}, ${verdict}${or}${left}${floor}.`;
}

/**
 * A smallest attainable p in two significant digits ("2.4e-9"), or pText's digits from 0.001 up. Below
 * what a double holds it is 0 in the document (100 evals of 10 runs per arm: 1e-526), which is
 * no p any outcome has: "<1e-300", never "0.0".
 */
function smallP(p: number): string {
  if (p === 0) return '<1e-300';
  return p < 0.001 ? p.toPrecision(2) : pText(p);
}

/** The skill-invocation line, over the evals with counted runs of both arms (those with skill_should_trigger false left out). */
export function invocationText(doc: ComparisonDocument): string {
  const scope = doc.overall.evals_left_out === undefined || unpaired(doc) === 0 ? 'evals' : 'evals with counted runs of both arms';
  return `Skill invoked (${scope} where it should trigger): ${doc.conditions.map((c) => `${c} ${armText(doc.overall.skill_invocation[c]!)}`).join(', ')}.${pooledNote(doc)}`;
}

/**
 * What each arm spent, as rows of text: [what, one cell per condition]. Token kinds no run reported
 * read "–" (unknown, never 0); the cost counts only runs whose CLI reported one, and says so.
 */
export function usageRows(usage: Readonly<Record<string, ArmUsage>>, conditions: readonly string[]): string[][] {
  const arms = conditions.map((c) => usage[c]);
  const row = (what: string, cell: (u: ArmUsage) => string) => [what, ...arms.map((u) => (u === undefined ? '–' : cell(u)))];
  const tokens = (kind: keyof ArmUsage['tokens']) => (u: ArmUsage) => num(u.tokens[kind], 0);
  return [
    row('runs (with tokens, with cost)', (u) => `${u.runs} (${u.token_runs}, ${u.cost_runs})`),
    row('input tokens', tokens('input')),
    row('output tokens', tokens('output')),
    row('cache read tokens', tokens('cache_read')),
    row('cache write tokens', tokens('cache_write')),
    row('reasoning tokens', tokens('reasoning')),
    row('cost', (u) => dollars(u.cost_usd)),
    row('cost per passed assertion', (u) => dollars(u.cost_per_passed_assertion)),
  ];
}
