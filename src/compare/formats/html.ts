// html: the check report's page with the comparison on top — the headline and the result across
// evals first, then validity,
// then per eval a row per assertion (counts as text, rates, delta and its interval, p, p (Holm),
// the verdict, a chart) that opens to the runs that failed it, each a link to its mark in the
// run's column below; the metrics and what each arm spent. Pure; every text is escaped.
import { escapePageText } from '../../text/escape.js';
import type { ReportData } from '../../formatters/html/model.js';
import { evalNamer } from '../eval-name.js';
import { comparisonHeadlines } from '../headline.js';
import type { ArmCount, AssertionComparison, ComparisonDocument, EvalComparison } from '../model.js';
import { ARM_COLOURS, assertionChart } from './html-chart.js';
import { armsNamedText, armText, METHODS_NOTE, deltaCiText, deltaPoints, detectableCell, detectableChange, invocationText, noAssertionsText, runsLeftOutText, sentence, metricDelta, metricLabel, metricShort, overallText, pHolmText, pText, usageHeading, usageRows, validityMessages, verdict } from './numbers.js';

/**
 * Text from artifacts and evals.json for the page: controls and bidi overrides as visible escapes
 * (as the page's script shows transcripts, and the terminal), then markup-escaped. escapeXml alone
 * keeps them as character references, which a browser turns back into live characters.
 */
const html = escapePageText;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The section's HTML; `data` is the page's model, for links to each eval's transcripts and each run's marks. */
export function comparisonSectionHtml(doc: ComparisonDocument, data: ReportData): string {
  const parts = ['<section class="cmp" id="comparison"><h1>eval-magic compare</h1>'];
  // The answer first.
  parts.push(`<div class="headlines">${comparisonHeadlines(doc).map((line) => `<p class="headline">${html(line)}</p>`).join('')}</div>`);
  // Then the answer across evals, before validity and the tables.
  parts.push(`<p>${html(overallText(doc))}</p><p>${html(invocationText(doc))}</p>`);
  parts.push(`<p class="k">${legend(doc)}${html(armsNamedText(doc))} · alpha ${doc.alpha} · Holm over ${plural(doc.family_size, 'graded assertion')}</p>`);
  if (doc.validity.length === 0) parts.push('<p class="ok">Validity: no problem found.</p>');
  else {
    parts.push(`<ul class="validity">${validityMessages(doc.validity).map(({ problem: v, message }) => `<li class="${v.severity === 'error' ? 'e' : 'w'}"><b>${v.severity}</b> ${html(message)} <code>${html(v.code)}</code></li>`).join('')}</ul>`);
  }
  const fileOf = new Map(data.files.map((f, i) => [f.path, i]));
  const name = evalNamer(doc.evals);
  doc.evals.forEach((e, index) => parts.push(evalHtml(e, index, doc, data, fileOf, name(e))));
  parts.push(`<p class="k">BETTER and WORSE are significant after Holm at alpha. ${html(METHODS_NOTE)}</p>`);
  if (doc.evals.length > 1) parts.push(`<h3>Tokens and cost, ${html(usageHeading(doc))}</h3>${usageTable(doc.usage, doc)}`);
  parts.push('</section>');
  return parts.join('');
}

function legend(doc: ComparisonDocument): string {
  // Colours by SVG attribute: the page's policy allows no style attribute.
  return doc.conditions.map((c, i) => `<svg width="12" height="12" aria-hidden="true"><circle cx="6" cy="6" r="5" fill="${ARM_COLOURS[i as 0 | 1]}"/></svg> ${html(c)} ${i === 0 ? '(treatment)' : '(control)'}`).join(' vs ');
}

function evalHtml(e: EvalComparison, index: number, doc: ComparisonDocument, data: ReportData, fileOf: ReadonlyMap<string, number>, name: string): string {
  // The first group holding one of its runs, by the files' own group: searching every group for
  // every eval was quadratic (3,000 evals: 19 s for this section alone).
  const group = e.run_list.reduce((first, r) => {
    const g = data.files[fileOf.get(r.path) ?? -1]?.group ?? -1;
    return g >= 0 && (first < 0 || g < first) ? g : first;
  }, -1);
  const link = group >= 0 ? ` <a href="#g-${group}">transcripts</a>` : '';
  const runs = doc.conditions.map((c) => `${html(c)}: ${plural(e.runs[c] ?? 0, 'run')}`).join(' · ');
  const parts = [`<div class="cmp-eval"><h2>eval ${html(name)}${link}</h2><p class="k">${runs}${e.skill_should_trigger ? '' : ' · the skill should not trigger'}</p>`];
  if (e.assertions.length > 0) {
    const head = ['assertion', 'pass rate', ...doc.conditions.map(html), 'delta [95 % CI]', 'p', 'p (Holm)', 'verdict'];
    parts.push(`<div class="arows"><div class="ahead" aria-hidden="true">${head.map((h) => `<span>${h}</span>`).join('')}</div>`);
    e.assertions.forEach((row, k) => parts.push(assertionRow(row, `a-${index}-${k}`, e, doc, data, fileOf)));
    parts.push('</div>');
    // Rows of "no runs": why, when its runs are left out whole.
    const leftOut = runsLeftOutText(e, doc.validity);
    if (leftOut !== undefined) parts.push(`<p class="k">${html(sentence(leftOut))}</p>`);
    const detectable = detectableChange(e, doc)?.long;
    if (detectable !== undefined) parts.push(`<p class="k">${html(detectable)}</p>`);
  } else parts.push(`<p class="k">${html(sentence(noAssertionsText(e, doc.validity)))}</p>`);
  parts.push(`<div class="tables"><div><h3>Behaviour (median · mean)</h3>${metricsTable(e, doc)}</div><div><h3>Tokens and cost</h3>${usageTable(e.usage, doc)}</div></div></div>`);
  return parts.join('');
}

/** One assertion: a <details> whose summary is its numbers, opening to the runs that failed it (no script needed). */
function assertionRow(row: AssertionComparison, id: string, e: EvalComparison, doc: ComparisonDocument, data: ReportData, fileOf: ReadonlyMap<string, number>): string {
  const word = verdict(row, doc.alpha);
  const arms = doc.conditions.map((c) => armText(row[c] as ArmCount));
  const title = `${row.id}: ${doc.conditions.map((c, i) => `${c} ${arms[i]}`).join('; ')}; delta ${deltaPoints(row.delta)} (95 % CI ${deltaCiText(row.delta_ci95)}), p ${pText(row.p_value)}, p (Holm) ${pHolmText(row.p_holm, doc.alpha)}, detectable ${detectableCell(row)}`;
  const cell = (cls: string, label: string, text: string) => `<span class="${cls}" data-label="${label}">${text}</span>`;
  const summary = [
    `<span class="aid">${html(row.id)} <small>${html(row.grader)}</small></span>`,
    `<span class="chart">${assertionChart(row, doc.conditions, html(title))}</span>`,
    ...doc.conditions.map((c, i) => cell('arm', html(c), html(arms[i]!))),
    cell('delta', 'delta [95 % CI]', row.delta === null ? '–' : html(`${deltaPoints(row.delta)} ${deltaCiText(row.delta_ci95)}`)),
    cell('p', 'p', html(pText(row.p_value))),
    cell('p', 'p (Holm)', html(pHolmText(row.p_holm, doc.alpha))),
    cell(`verdict${row.significant ? ` sig ${row.direction ?? ''}` : ''}`, 'verdict', html(word)),
  ];
  return `<details class="arow" id="${id}"><summary>${summary.join('')}</summary>${failingRuns(row, e, doc, data, fileOf)}</details>`;
}

/**
 * The counted runs that failed (or could not grade) an assertion, per condition, each a link to its
 * mark in the run's column. How many is the row's own count: a run whose grading the page was not
 * given (the library's caller passed no runRecords) has no mark to link, and is counted all the same.
 */
function failingRuns(row: AssertionComparison, e: EvalComparison, doc: ComparisonDocument, data: ReportData, fileOf: ReadonlyMap<string, number>): string {
  const lines = doc.conditions.map((condition) => {
    const arm = row[condition] as ArmCount;
    const failed: string[] = [];
    const ungraded: string[] = [];
    for (const run of e.run_list) {
      if (run.condition !== condition || run.excluded !== null) continue;
      const fi = fileOf.get(run.path);
      const marks = fi === undefined ? undefined : data.files[fi]!.marks;
      const k = marks?.findIndex((m) => m[0] === row.id) ?? -1;
      if (k < 0 || marks![k]![1] === 1) continue;
      const link = `<a href="#m-${fi}-${k}">${run.run === null ? html(run.path) : `run ${run.run}`}</a>`;
      (marks![k]![1] === 0 ? failed : ungraded).push(link);
    }
    const runs = (count: number, links: string[]) => (links.length >= count ? `${count}: ${links.join(' ')}` : `${count}${links.length === 0 ? '' : `: ${links.join(' ')}`} (${count - links.length} not linked: the page was given no grading of ${count - links.length === 1 ? 'it' : 'them'})`);
    const what = arm.failed === 0 ? 'no run failed' : `failed in ${runs(arm.failed, failed)}`;
    return `<li><b>${html(condition)}</b>: ${what}${arm.ungraded > 0 ? `; ungraded in ${runs(arm.ungraded, ungraded)}` : ''}</li>`;
  });
  return `<ul class="failing">${lines.join('')}</ul>`;
}

/** The behaviour metrics as the terminal has them: median · mean per condition, delta, p. */
function metricsTable(e: EvalComparison, doc: ComparisonDocument): string {
  const rows = e.metrics.map((m) => `<tr><td>${html(metricLabel(m))}</td>${doc.conditions.map((c) => `<td>${html(metricShort(m, c))}</td>`).join('')}<td>${html(metricDelta(m))}</td><td>${html(pText(m.p_value))}</td></tr>`);
  return table(['metric', ...doc.conditions.map(html), 'delta', 'p'], rows);
}

/** What each arm spent (usageRows), a column per condition. */
function usageTable(usage: EvalComparison['usage'], doc: ComparisonDocument): string {
  const rows = usageRows(usage, doc.conditions).map(([what, ...cells]) => `<tr><td>${html(what!)}</td>${cells.map((c) => `<td>${html(c)}</td>`).join('')}</tr>`);
  return table(['', ...doc.conditions.map(html)], rows);
}

/** A table that scrolls within itself, never the page, when a phone is narrower than it. */
function table(head: readonly string[], rows: readonly string[]): string {
  return `<div class="tscroll"><table class="cmp-t"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table></div>`;
}
