// markdown: the comparison for a pull request or the GitHub job summary — the headline, validity, a table
// per eval with significant rows in bold, then the stratified result.
import { escapeMarkdownCell } from '../../formatters/escape.js';
import { evalNamer } from '../eval-name.js';
import { comparisonHeadlines } from '../headline.js';
import type { ComparisonDocument } from '../model.js';
import { armOf, armText, deltaCiText, deltaPoints, detectableCell, detectableText, invocationText, metricCell, metricDelta, overallText, pText, verdict } from './numbers.js';

const cell = escapeMarkdownCell;

/** The comparison as GitHub-flavoured Markdown. */
export function formatComparisonMarkdown(doc: ComparisonDocument): string {
  const [treatment, control] = doc.conditions;
  const out = ['## eval-magic compare', '', `**${cell(treatment)}** (treatment) vs **${cell(control)}** (control) · alpha ${doc.alpha} · Holm over ${doc.family_size} graded assertion${doc.family_size === 1 ? '' : 's'}`, ''];
  // The answer first: the same headline as every format's.
  for (const line of comparisonHeadlines(doc)) out.push(`**${cell(line)}**`, '');
  if (doc.validity.length === 0) out.push('✅ Validity: no problem found.', '');
  else {
    out.push('### Validity', '', '| | Problem | Code |', '|---|---|---|');
    for (const v of doc.validity) out.push(`| ${v.severity === 'error' ? '❌' : '⚠️'} | ${cell(v.message)} | \`${cell(v.code)}\` |`);
    out.push('');
  }
  const name = evalNamer(doc.evals);
  for (const e of doc.evals) {
    out.push(`### eval ${cell(name(e))}`, '', `${doc.conditions.map((c) => `${cell(c)}: ${e.runs[c] ?? 0} run${e.runs[c] === 1 ? '' : 's'}`).join(' · ')}${e.skill_should_trigger ? '' : ' · the skill should not trigger'}`, '');
    if (e.assertions.length > 0) {
      out.push(`| Assertion | Grader | ${cell(treatment)} | ${cell(control)} | Delta | 95 % CI | p | p (Holm) | Detectable | Verdict |`, '|---|---|---|---|---|---|---|---|---|---|');
      for (const a of e.assertions) {
        const row = [cell(a.id), a.grader, armText(armOf(a, treatment)), armText(armOf(a, control)), deltaPoints(a.delta), deltaCiText(a.delta_ci95), pText(a.p_value), pText(a.p_holm), detectableCell(a), verdict(a, doc.alpha)];
        out.push(`| ${(a.significant ? row.map((c) => `**${c}**`) : row).join(' | ')} |`);
      }
      out.push('');
      const detectable = detectableText(e.assertions);
      if (detectable !== undefined) out.push(`_${cell(detectable)}_`, '');
    }
    out.push(`| Metric | ${cell(treatment)} | ${cell(control)} | Delta | p | Test |`, '|---|---|---|---|---|---|');
    for (const m of e.metrics) out.push(`| ${m.id}${m.expected === false ? ' (should not)' : ''} | ${metricCell(m, treatment)} | ${metricCell(m, control)} | ${metricDelta(m)} | ${pText(m.p_value)} | ${m.method ?? '–'} |`);
    out.push('');
  }
  out.push(cell(overallText(doc)), '', cell(invocationText(doc)), '', '_Bold rows are significant after Holm at alpha. Rate intervals: Wilson 95 %; delta intervals: Newcombe 95 %. Detectable: the smallest change these runs find with 80 % power. p: two-sided, Fisher exact for rates, Mann–Whitney U for numbers (metrics are not Holm-adjusted)._', '');
  return out.join('\n');
}
