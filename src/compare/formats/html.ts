// html: the check report's page with a comparison section on top — validity, then per eval an
// inline SVG of each assertion's pass rate with its Wilson interval for both conditions, and a
// link to the eval's transcripts below. Pure; every text is escaped.
import { escapeTerminal, escapeXml } from '../../formatters/escape.js';
import type { ReportData } from '../../formatters/html/model.js';
import type { ArmCount, AssertionComparison, ComparisonDocument } from '../model.js';
import { armText, deltaCiText, deltaPoints, detectableCell, detectableText, invocationText, overallText, pText, verdict } from './numbers.js';

/**
 * Text from artifacts and evals.json for the page: controls and bidi overrides as visible escapes
 * (as the page's script shows transcripts, and the terminal), then markup-escaped. escapeXml alone
 * keeps them as character references, which a browser turns back into live characters.
 */
const html = (text: string) => escapeXml(escapeTerminal(text));

const ROW = 34;
const LABEL = 200;
const PLOT = 360;
const RIGHT = 330;
/** Colours of the treatment and control marks (the page's palette; colour-blind safe blue/orange). */
const COLOURS = ['#1f6fd1', '#d9730d'] as const;

/** The section's HTML; `data` is the page's model, for links to each eval's transcripts (`#g-<group>`). */
export function comparisonSectionHtml(doc: ComparisonDocument, data: ReportData): string {
  const groupOf = (paths: readonly string[]) => data.groups.findIndex((g) => g.files.some((f) => paths.includes(data.files[f]!.path)));
  const parts = ['<section class="cmp" id="comparison"><h1>eval-magic compare</h1>'];
  parts.push(`<p>${legend(doc)} · alpha ${doc.alpha} · Holm over ${doc.family_size} graded assertion${doc.family_size === 1 ? '' : 's'}</p>`);
  if (doc.validity.length === 0) parts.push('<p class="ok">Validity: no problem found.</p>');
  else parts.push(`<ul class="validity">${doc.validity.map((v) => `<li class="${v.severity === 'error' ? 'e' : 'w'}">${html(v.message)} <code>${html(v.code)}</code></li>`).join('')}</ul>`);
  for (const e of doc.evals) {
    const group = groupOf(e.run_list.map((r) => r.path));
    const link = group >= 0 ? ` <a href="#g-${group}">transcripts</a>` : '';
    parts.push(`<div class="cmp-eval"><h2>eval ${html(e.id)}${link}</h2><p class="k">${doc.conditions.map((c) => `${html(c)}: ${e.runs[c] ?? 0} run${e.runs[c] === 1 ? '' : 's'}`).join(' · ')}</p>`);
    if (e.assertions.length > 0) parts.push(chart(e.id, e.assertions, doc));
    const detectable = detectableText(e.assertions);
    if (detectable !== undefined) parts.push(`<p class="k">${html(detectable)}</p>`);
    parts.push('</div>');
  }
  parts.push(`<p>${html(overallText(doc))}</p><p>${html(invocationText(doc))}</p></section>`);
  return parts.join('');
}

function legend(doc: ComparisonDocument): string {
  return doc.conditions.map((c, i) => `<svg width="12" height="12" aria-hidden="true"><circle cx="6" cy="6" r="5" fill="${COLOURS[i]}"/></svg> ${html(c)}${i === 0 ? ' (treatment)' : ' (control)'}`).join(' vs ');
}

/** One eval's chart: a row per assertion, two marks (rate) with whiskers (interval) on a 0–100 % axis. */
function chart(evalId: string, rows: readonly AssertionComparison[], doc: ComparisonDocument): string {
  const height = 24 + rows.length * ROW;
  const width = LABEL + PLOT + RIGHT;
  const x = (rate: number) => LABEL + rate * PLOT;
  const out = [`<svg class="chart" role="img" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" aria-label="${html(`pass rates of eval ${evalId}`)}">`];
  for (const tick of [0, 0.25, 0.5, 0.75, 1]) {
    out.push(`<line x1="${x(tick)}" y1="14" x2="${x(tick)}" y2="${height}" stroke="#d9dde5"/><text x="${x(tick)}" y="10" font-size="10" text-anchor="middle" fill="#667085">${tick * 100}%</text>`);
  }
  rows.forEach((row, i) => {
    const top = 20 + i * ROW;
    const title = `${row.id}: ${doc.conditions.map((c) => `${c} ${armText(row[c] as ArmCount)}`).join('; ')}; delta ${deltaPoints(row.delta)} (95 % CI ${deltaCiText(row.delta_ci95)}), p ${pText(row.p_value)}, Holm ${pText(row.p_holm)}, detectable ${detectableCell(row)}`;
    out.push(`<g><title>${html(title)}</title><text x="0" y="${top + 16}" font-size="12"${row.significant ? ' font-weight="bold"' : ''}>${html(truncate(row.id, 30))}</text>`);
    doc.conditions.forEach((condition, arm) => {
      const count = row[condition] as ArmCount;
      const y = top + 8 + arm * 12;
      if (count.ci95 && count.rate !== null) {
        out.push(`<line x1="${x(count.ci95[0])}" y1="${y}" x2="${x(count.ci95[1])}" y2="${y}" stroke="${COLOURS[arm]}" stroke-width="2"/><circle cx="${x(count.rate)}" cy="${y}" r="4" fill="${COLOURS[arm]}"/>`);
      } else {
        out.push(`<text x="${LABEL + 4}" y="${y + 4}" font-size="10" fill="#667085">${count.ungraded > 0 ? 'ungraded' : 'no runs'}</text>`);
      }
    });
    const mark = row.significant ? (row.direction === 'worse' ? ' ▼' : ' ▲') : '';
    out.push(`<text x="${LABEL + PLOT + 10}" y="${top + 16}" font-size="11"${row.significant ? ' font-weight="bold"' : ''}>${html(`${deltaPoints(row.delta)} ${deltaCiText(row.delta_ci95)} · p ${pText(row.p_holm)} · ${verdict(row, doc.alpha)}${mark}`)}</text></g>`);
  });
  out.push('</svg>');
  return out.join('');
}

function truncate(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : chars.slice(0, max - 1).join('') + '…';
}
