// stylish: the comparison for a terminal — validity first, then a table per eval with the
// significant rows marked, then the stratified result across evals.
import { escapeTerminal } from '../../formatters/escape.js';
import type { ComparisonDocument } from '../model.js';
import { armOf, armText, deltaCiText, deltaPoints, detectableCell, detectableText, invocationText, metricCell, metricDelta, overallText, pText, verdict } from './numbers.js';

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** Rows of cells → lines with each column padded to its widest cell (cells are plain text). */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => [...r[i]!].length)));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i]! - [...cell].length))).join('  ').trimEnd());
}

/** The comparison as terminal text; `color` adds ANSI colours. */
export function formatComparisonStylish(doc: ComparisonDocument, { color }: { color: boolean }): string {
  const [treatment, control] = doc.conditions.map(escapeTerminal) as [string, string];
  const out: string[] = [paint(color, '1', `eval-magic compare: ${treatment} (treatment) vs ${control} (control), alpha ${doc.alpha}, Holm over ${doc.family_size} graded assertion${doc.family_size === 1 ? '' : 's'}`), ''];
  if (doc.validity.length === 0) out.push(paint(color, '32', '✔ validity: no problem found'));
  else {
    out.push(paint(color, '1', 'Validity'));
    for (const v of doc.validity) out.push(`  ${paint(color, v.severity === 'error' ? '31' : '33', v.severity === 'error' ? '✖' : '⚠')} ${escapeTerminal(v.message)}  ${paint(color, '2', v.code)}`);
  }
  for (const e of doc.evals) {
    out.push('', paint(color, '4', `eval ${escapeTerminal(e.id)}`) + paint(color, '2', `  ${doc.conditions.map((c) => `${escapeTerminal(c)}: ${e.runs[c] ?? 0} run${e.runs[c] === 1 ? '' : 's'}`).join(', ')}${e.skill_should_trigger ? '' : ', skill should not trigger'}`));
    if (e.assertions.length > 0) {
      const rows = [['', 'assertion', 'grader', treatment, control, 'delta', '95% CI', 'p', 'p (Holm)', 'detectable', 'verdict']];
      for (const a of e.assertions) {
        rows.push([a.significant ? '*' : '', escapeTerminal(a.id), a.grader, armText(armOf(a, doc.conditions[0])), armText(armOf(a, doc.conditions[1])), deltaPoints(a.delta), deltaCiText(a.delta_ci95), pText(a.p_value), pText(a.p_holm), detectableCell(a), verdict(a, doc.alpha)]);
      }
      const lines = table(rows);
      out.push('  ' + paint(color, '2', lines[0]!));
      e.assertions.forEach((a, i) => {
        const line = '  ' + lines[i + 1]!;
        out.push(a.significant ? paint(color, a.direction === 'worse' ? '31;1' : '32;1', line) : line);
      });
      const detectable = detectableText(e.assertions);
      if (detectable !== undefined) out.push('  ' + paint(color, '2', detectable));
    } else out.push('  (no assertions in evals.json)');
    const metricRows = [['', 'metric', treatment, control, 'delta', 'p', 'test']];
    for (const m of e.metrics) metricRows.push(['', m.id + (m.expected === false ? ' (should not)' : ''), metricCell(m, doc.conditions[0]), metricCell(m, doc.conditions[1]), metricDelta(m), pText(m.p_value), m.method ?? '–']);
    for (const line of table(metricRows).map((l, i) => (i === 0 ? paint(color, '2', l) : l))) out.push('  ' + line);
  }
  out.push('', escapeTerminal(overallText(doc)), escapeTerminal(invocationText(doc)));
  out.push(paint(color, '2', '* significant after Holm at alpha; rate intervals are Wilson 95 %, delta intervals Newcombe 95 %; detectable: the smallest change these runs find with 80 % power; p are two-sided (Fisher exact for rates, Mann–Whitney U for numbers; metrics are not Holm-adjusted). See docs/compare.md.'));
  return out.join('\n') + '\n';
}
