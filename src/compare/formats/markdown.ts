// markdown: the comparison for a pull request or the GitHub job summary — the headline and the
// stratified result across evals, validity, then a table per eval with significant rows in bold.
import { escapeMarkdownCell } from '../../text/escape.js';
// GitHub drops a step's whole job summary when it is over 1 MiB: compare's stays under this many bytes, and says what it left out.
import { STEP_SUMMARY_BYTES } from '../../formatters/github-summary.js';
import { evalNamer } from '../eval-name.js';
import { comparisonHeadlines } from '../headline.js';
import type { ComparisonDocument, EvalComparison } from '../model.js';
import { armOf, armsNamedText, armText, METHODS_NOTE, deltaCiText, deltaPoints, detectableCell, detectableChange, invocationText, noAssertionsText, runsLeftOutText, sentence, metricCell, metricDelta, metricLabel, overallText, pHolmText, pText, usageHeading, usageRows, validityMessages, verdict } from './numbers.js';

const cell = escapeMarkdownCell;


/**
 * The comparison as GitHub-flavoured Markdown. As a GitHub job summary (`stepSummary`), it keeps
 * under `maxBytes` (default {@link STEP_SUMMARY_BYTES}; less what the step's summary file already
 * holds): the title, the overall result and the closing note always; the
 * evals' headlines as fit, then as many validity problems and evals as fit, in order, each followed
 * by how many were left out.
 */
export function formatComparisonMarkdown(doc: ComparisonDocument, { stepSummary = false, maxBytes = STEP_SUMMARY_BYTES }: { stepSummary?: boolean; maxBytes?: number } = {}): string {
  const [treatment, control] = doc.conditions;
  const title = ['## eval-magic compare', '', `**${cell(treatment)}** (treatment) vs **${cell(control)}** (control)${armsNamedText(doc)} · alpha ${doc.alpha} · Holm over ${doc.family_size} graded assertion${doc.family_size === 1 ? '' : 's'}`, ''];
  // The answer first: the same headline as every format's, one per eval (each a paragraph).
  const headlines = comparisonHeadlines(doc).map((line) => `**${cell(line)}**\n`);
  // Then the answer across evals, before validity and the tables it would otherwise follow.
  const overall = [cell(overallText(doc)), '', cell(invocationText(doc)), ''];
  // What every eval spent, as html ends with it: one table, so a job summary that leaves evals out still has it.
  const total = doc.evals.length > 1 ? [`### Tokens and cost, ${usageHeading(doc)}`, '', ...usageTable(doc.usage, doc.conditions)] : [];
  const tail = [...total, `_Bold rows are significant after Holm at alpha. ${METHODS_NOTE}_`, ''];
  const shownProblems = validityMessages(doc.validity);
  const problems = shownProblems.map(({ problem: v, message }) => `| ${v.severity === 'error' ? '❌' : '⚠️'} | ${cell(message)} | \`${cell(v.code)}\` |`);
  const name = evalNamer(doc.evals);
  const sections = doc.evals.map((e) => evalSection(e, doc, name(e)));
  // Budgets in bytes: the headlines take what the title, the overall result and the note leave (thousands
  // of evals' headlines alone passed 1 MiB, and GitHub dropped the whole summary); the validity
  // problems may take half of what they leave in turn, the evals' tables the rest.
  let left = stepSummary ? maxBytes - bytes(title) - bytes(overall) - bytes(tail) - 3 * OMITTED_NOTE_BYTES : Infinity;
  const out = [...title];
  const answered = fitting(headlines, left);
  out.push(...headlines.slice(0, answered));
  left -= bytes(headlines.slice(0, answered));
  if (answered < headlines.length) out.push(omitted(headlines.length - answered, answered, 'eval headline'), '');
  out.push(...overall);
  if (doc.validity.length === 0) out.push('✅ Validity: no problem found.', '');
  else {
    out.push('### Validity', '');
    const shown = fitting(problems, left / 2);
    // No table when no row fits: a header alone reads as a Validity with nothing wrong.
    if (shown > 0) out.push('| | Problem | Code |', '|---|---|---|', ...problems.slice(0, shown), '');
    left -= bytes(problems.slice(0, shown));
    // Counted as problems, as the headlines and the json count them: a row said alike of several evals is one per eval.
    const leftOut = shownProblems.slice(shown).reduce((sum, { count }) => sum + count, 0);
    if (shown < problems.length) out.push(omitted(leftOut, shown, 'validity problem'), '');
  }
  const shown = fitting(sections, left);
  out.push(...sections.slice(0, shown));
  if (shown < sections.length) out.push(omitted(sections.length - shown, shown, 'eval'), '');
  out.push(...tail);
  return out.join('\n');
}

/** One eval's tables. */
function evalSection(e: EvalComparison, doc: ComparisonDocument, name: string): string {
  const [treatment, control] = doc.conditions;
  const out = [`### eval ${cell(name)}`, '', `${doc.conditions.map((c) => `${cell(c)}: ${e.runs[c] ?? 0} run${e.runs[c] === 1 ? '' : 's'}`).join(' · ')}${e.skill_should_trigger ? '' : ' · the skill should not trigger'}`, ''];
  if (e.assertions.length > 0) {
    out.push(`| Assertion | Grader | ${cell(treatment)} | ${cell(control)} | Delta | 95 % CI | p | p (Holm) | Detectable | Verdict |`, '|---|---|---|---|---|---|---|---|---|---|');
    for (const a of e.assertions) {
      const row = [cell(a.id), a.grader, armText(armOf(a, treatment)), armText(armOf(a, control)), deltaPoints(a.delta), deltaCiText(a.delta_ci95), pText(a.p_value), pHolmText(a.p_holm, doc.alpha), detectableCell(a), verdict(a, doc.alpha)];
      out.push(`| ${(a.significant ? row.map((c) => `**${c}**`) : row).join(' | ')} |`);
    }
    out.push('');
    // Rows of "no runs": why, when its runs are left out whole.
    const leftOut = runsLeftOutText(e, doc.validity);
    if (leftOut !== undefined) out.push(`_${cell(sentence(leftOut))}_`, '');
    const detectable = detectableChange(e, doc)?.long;
    if (detectable !== undefined) out.push(`_${cell(detectable)}_`, '');
  } else out.push(`_${cell(sentence(noAssertionsText(e, doc.validity)))}_`, '');
  out.push(`| Metric | ${cell(treatment)} | ${cell(control)} | Delta | p | Test |`, '|---|---|---|---|---|---|');
  // Through the one escaping helper, as the tokens table: two bare $ of a row are a math span on GitHub.
  for (const m of e.metrics) out.push(`| ${metricLabel(m)} | ${cell(metricCell(m, treatment))} | ${cell(metricCell(m, control))} | ${cell(metricDelta(m))} | ${pText(m.p_value)} | ${m.method ?? '–'} |`);
  out.push('', ...usageTable(e.usage, doc.conditions));
  return out.join('\n');
}

/** What each arm spent (usageRows, as html shows it): a row per kind, a column per condition. */
function usageTable(usage: EvalComparison['usage'], conditions: ComparisonDocument['conditions']): string[] {
  return [`| Tokens and cost | ${conditions.map(cell).join(' | ')} |`, `|---|${conditions.map(() => '---').join('|')}|`, ...usageRows(usage, conditions).map((row) => `| ${row.map(cell).join(' | ')} |`), ''];
}

/** What a job summary leaves out, said where it would have been: "and N more" after `shown` of them, else all N. */
function omitted(count: number, shown: number, what: string): string {
  const which = `${count}${shown > 0 ? ' more' : ''} ${what}${count === 1 ? '' : 's'}`;
  return `_${shown > 0 ? '… and ' : ''}${which}, left out: a GitHub job summary holds at most 1 MiB. The json, html and markdown reports (\`-f markdown=compare.md\`) have every one._`;
}
const OMITTED_NOTE_BYTES = 300;

/** How many of `parts`, from the first, fit in `budget` bytes (each with its line break). */
function fitting(parts: readonly string[], budget: number): number {
  let used = 0;
  for (const [index, part] of parts.entries()) {
    used += Buffer.byteLength(part) + 1;
    if (used > budget) return index;
  }
  return parts.length;
}

function bytes(lines: readonly string[]): number {
  return lines.reduce((sum, line) => sum + Buffer.byteLength(line) + 1, 0);
}
