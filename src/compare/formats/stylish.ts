// stylish: the comparison for a terminal — the answer first (each eval's headline, the stratified
// result across evals), then validity, then a table per eval with the significant rows marked.
import { escapeTerminal } from '../../text/escape.js';
import { terminalWidth } from '../../formatters/terminal-width.js';
import type { ComparisonDocument } from '../model.js';
import { evalNamer } from '../eval-name.js';
import { comparisonHeadlines } from '../headline.js';
import { chunks, WIDTH, wrap } from './wrap.js';
import { armOf, armsNamedText, armShort, deltaCiText, deltaPoints, detectableChange, invocationText, noAssertionsText, metricDelta, metricLabel, metricShort, overallText, pHolmText, pText, runsLeftOutText, usageRows, usageScope, validityMessages, verdict } from './numbers.js';

const paint = (on: boolean, code: string, text: string) => (on ? `\u001b[${code}m${text}\u001b[0m` : text);

/** Rows of cells → lines with each column padded to its widest cell, in terminal columns (cells are plain text: a CJK id takes two a character). */
function table(rows: string[][]): string[] {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => terminalWidth(r[i]!))));
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell + ' '.repeat(widths[i]! - terminalWidth(cell)))).join('  ').trimEnd());
}

/**
 * The comparison as terminal text; `color` adds ANSI colours. The tables head the arms by name
 * when that keeps every line within WIDTH; arms named too long for it (a campaign.json's own
 * names, folder names) are said by name on the first line and headed treatment and control.
 */
export function formatComparisonStylish(doc: ComparisonDocument, { color }: { color: boolean }): string {
  const text = render(doc, color, doc.conditions.map(escapeTerminal));
  // Measured without the colours' SGR codes (every text from the workspace is escaped: no ESC of its own).
  const fits = text.split('\n').every((line) => terminalWidth(line.replace(/\u001b\[[0-9;]*m/g, '')) <= WIDTH);
  return fits ? text : render(doc, color, ['treatment', 'control']);
}

function render(doc: ComparisonDocument, color: boolean, heads: readonly string[]): string {
  const [treatment, control] = doc.conditions.map(escapeTerminal) as [string, string];
  const out: string[] = [
    ...wrap(`eval-magic compare: ${treatment} (treatment) vs ${control} (control)${armsNamedText(doc)}, alpha ${doc.alpha}, Holm over ${doc.family_size} graded assertion${doc.family_size === 1 ? '' : 's'}`).map((l) => paint(color, '1', l)),
    // Which iteration a workspace came to (its newest with finished runs): said, not left to the json.
    ...wrap(`${doc.iterations.length === 1 ? 'iteration' : 'iterations'} ${doc.iterations.map(escapeTerminal).join(', ')}`, '  ', '  ').map((l) => paint(color, '2', l)),
    '',
  ];
  // The answer first, as markdown and html open: the same headline as every format's, before the
  // validity it points to ("see Validity") and the tables it is drawn from.
  for (const line of comparisonHeadlines(doc)) out.push(...wrap(escapeTerminal(line)).map((l) => paint(color, '1', l)));
  out.push(...wrap(escapeTerminal(overallText(doc))), ...wrap(escapeTerminal(invocationText(doc))), '');
  if (doc.validity.length === 0) out.push(paint(color, '32', '✔ validity: no problem found'));
  else {
    out.push(paint(color, '1', 'Validity'));
    for (const { problem: v, message } of validityMessages(doc.validity)) {
      const [first, ...rest] = wrap(`${escapeTerminal(message)}  ${v.code}`, '    ', '    ');
      out.push(`  ${paint(color, v.severity === 'error' ? '31' : '33', v.severity === 'error' ? '✖' : '⚠')} ${first!.slice(4)}`, ...rest);
    }
  }
  const name = evalNamer(doc.evals);
  for (const e of doc.evals) {
    const title = `eval ${escapeTerminal(name(e))}`;
    const [counts, ...more] = wrap(`${doc.conditions.map((c) => `${escapeTerminal(c)}: ${e.runs[c] ?? 0} run${e.runs[c] === 1 ? '' : 's'}`).join(', ')}${e.skill_should_trigger ? '' : ', skill should not trigger'}`, '  ', ' '.repeat(terminalWidth(title) + 2));
    out.push('', paint(color, '4', title) + paint(color, '2', counts!.slice(terminalWidth(title))), ...more.map((l) => paint(color, '2', l)));
    if (e.assertions.length > 0) {
      // Narrow enough for 100 columns: counts, rates and the delta's interval here; the rates'
      // intervals, graders and each row's detectable change are in -f markdown/json/html. A
      // significant row's mark takes the line's two-column indent, not a column of its own.
      const rows = [['assertion', ...heads, 'delta', '95% CI', 'p', 'p (Holm)', 'verdict']];
      const ids = e.assertions.map((a) => escapeTerminal(a.id));
      for (const [i, a] of e.assertions.entries()) {
        rows.push([ids[i]!, armShort(armOf(a, doc.conditions[0])), armShort(armOf(a, doc.conditions[1])), deltaPoints(a.delta), deltaCiText(a.delta_ci95), pText(a.p_value), pHolmText(a.p_holm, doc.alpha), verdict(a, doc.alpha)]);
      }
      // An id too long for the row goes on a line of its own above it, so no line passes WIDTH.
      const idRoom = WIDTH - 2 - rows[0]!.reduce((sum, _, c) => (c === 0 ? sum : sum + Math.max(...rows.map((r) => terminalWidth(r[c]!))) + 2), 0);
      const own = ids.map((id) => terminalWidth(id) > Math.max(idRoom, 'assertion'.length));
      own.forEach((long, i) => long && (rows[i + 1]![0] = ''));
      const lines = table(rows);
      out.push('  ' + paint(color, '2', lines[0]!));
      e.assertions.forEach((a, i) => {
        const mark = (line: string) => (a.significant ? paint(color, a.direction === 'worse' ? '31;1' : '32;1', line) : line);
        const lead = a.significant ? '* ' : '  ';
        if (own[i]) out.push(...chunks(ids[i]!, WIDTH - 2).map((piece, k) => mark(`${k === 0 ? lead : '  '}${piece}`)));
        out.push(mark(lead + lines[i + 1]!));
      });
      // Rows of "no runs": why, when its runs are left out whole.
      const leftOut = runsLeftOutText(e, doc.validity);
      if (leftOut !== undefined) out.push(...wrap(`(${leftOut})`, '  ', '  '));
      const detectable = detectableChange(e, doc)?.long;
      // It names the conditions: text from the workspace, escaped as every other line.
      if (detectable !== undefined) out.push(...wrap(escapeTerminal(detectable), '  ', '  ').map((l) => paint(color, '2', l)));
    } else out.push(...wrap(`(${noAssertionsText(e, doc.validity)})`, '  ', '  '));
    const metricRows = [['metric (median · mean)', ...heads, 'delta', 'p']];
    for (const m of e.metrics) metricRows.push([metricLabel(m), metricShort(m, doc.conditions[0]), metricShort(m, doc.conditions[1]), metricDelta(m), pText(m.p_value)]);
    for (const line of table(metricRows).map((l, i) => (i === 0 ? paint(color, '2', l) : l))) out.push('  ' + line);
  }
  out.push('');
  // What each arm spent over every eval (each eval's is in -f markdown, json, html): the runs that reported tokens and a cost, counted in plain sight.
  const usage = table([[`tokens and cost, ${usageScope(doc)}`, ...heads], ...usageRows(doc.usage, doc.conditions)]);
  out.push(...usage.map((l, i) => (i === 0 ? paint(color, '2', l) : l)));
  out.push(...wrap('* significant after Holm at alpha; delta intervals Newcombe 95 % (rate intervals, Wilson 95 %, and each row\'s detectable change in -f markdown, json, html); p are two-sided (Fisher exact for rates, Mann–Whitney U for numbers; metrics are not Holm-adjusted). See docs/compare.md.').map((l) => paint(color, '2', l)));
  return out.join('\n') + '\n';
}

