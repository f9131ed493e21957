// html: one self-contained page — a summary by rule, then each eval's conversations side by side
// with findings pinned where they point. Inline style and script allowed by hash, data inert.
import { createRequire } from 'node:module';
import type { FormatFunction, FormatterContext, StreamingFormatter } from '../types.js';
import type { CheckReport } from '../../types.js';
import { escapePageText, escapeXml, stringifyJsonSafe } from '../../text/escape.js';
import { buildReportData, type ReportData, type RunRecordValues } from './model.js';
import { PAGE_SCRIPT } from './page-script.js';
import { PAGE_STYLE } from './page-style.js';
import { describeWarningsExceeded } from '../warnings-exceeded.js';

let policy: string | undefined;

/**
 * No network, no plugin, no form, no base URL; only this page's own style and script (by hash);
 * Trusted Types refuse every HTML string sink, so no text can become markup even by a slip.
 * Made on first use: loading node:crypto at every start made a plain one-file check slower.
 */
export function contentSecurityPolicy(): string {
  if (policy !== undefined) return policy;
  const { createHash } = createRequire(import.meta.url)('node:crypto') as typeof import('node:crypto');
  const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
  policy = [
    "default-src 'none'",
    `script-src ${sha256(PAGE_SCRIPT)}`,
    `style-src ${sha256(PAGE_STYLE)}`,
    'img-src data:',
    "base-uri 'none'",
    "form-action 'none'",
    "require-trusted-types-for 'script'",
    "trusted-types 'none'",
  ].join('; ');
  return policy;
}

/** JSON inside `<script type="application/json">`: no `<`, `>` or `&` (so no `</script>` or `<!--`), no raw U+2028/U+2029 or controls. */
export function embedJson(value: unknown): string {
  return stringifyJsonSafe(value).replace(/[<>&]/g, (ch) => `\\u00${ch.charCodeAt(0).toString(16)}`);
}

const plural = (n: number, word: string) => `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;

function summaryHtml(data: ReportData, { maxWarningsExceeded }: FormatterContext): string {
  const files = data.files.length;
  const withProblems = data.files.filter((f) => f.findings.length > 0).length;
  const totals =
    data.errorCount + data.warningCount > 0
      ? `<span class="e">${plural(data.errorCount, 'error')}</span>, <span class="w">${plural(data.warningCount, 'warning')}</span> in ${plural(withProblems, 'file')}`
      : maxWarningsExceeded !== undefined
        // Warnings hidden by --quiet failed the check (exit 1): never a green "no problems".
        ? `<span class="e">${escapeXml(describeWarningsExceeded(maxWarningsExceeded))}</span>`
        : `<span class="ok">no problems</span>`;
  const rows = data.rules.map((r) => {
    const id = r.help ? `<a href="${escapeXml(r.help)}" rel="noopener noreferrer">${escapeXml(r.id)}</a>` : escapeXml(r.id);
    return `<tr><td>${id}</td><td class="n">${r.errors}</td><td class="n">${r.warnings}</td><td>${escapeXml(r.description)}</td></tr>`;
  });
  const table = rows.length === 0 ? '' : `<table class="rules"><thead><tr><th>rule</th><th>errors</th><th>warnings</th><th></th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
  // Every file is accounted for: checking evals.json files alone never reads "0 evals, 0 runs".
  const { evals, runs, records, evalsFiles } = data.counts;
  const other = files - runs - records - evalsFiles;
  const what = [
    ...(runs > 0 ? [plural(evals, 'eval'), plural(runs, 'run')] : []),
    ...(records > 0 ? [plural(records, 'record')] : []),
    ...(evalsFiles > 0 ? [plural(evalsFiles, 'evals.json file')] : []),
    ...(other > 0 ? [plural(other, 'other file')] : []),
  ].join(', ');
  return `<header class="top"><h1>eval-magic report</h1><p class="totals">${plural(files, 'file')} checked${what === '' ? '' : ` (${what})`}: ${totals}</p>${table}${loneRecordsHtml(data)}</header>`;
}

/**
 * Records that belong to no run shown here (campaign.json, comparison.json, a run.json whose run
 * left no conversation): their findings in the summary, where the page's finding links reach them.
 */
function loneRecordsHtml(data: ReportData): string {
  const text = escapePageText;
  const lone = data.files.flatMap((f, fi) => (f.record && f.host === undefined ? [{ f, fi }] : []));
  if (lone.length === 0) return '';
  const items = lone.map(({ f, fi }) => {
    const findings = f.findings.map((row, n) => `<div class="finding sev-${row[1]}" id="f-${fi}-${n}"><span class="sev">${row[1] === 2 ? 'error' : 'warning'}</span> <span class="rule">${text(row[0])}</span> <span class="msg">${text(row[2])}</span> <span class="loc">${text(`${f.path}:${row[3]}:${row[4]}`)}</span></div>`);
    return `<li><code>${text(f.path)}</code>${findings.length === 0 ? ' <span class="ok">no problems</span>' : findings.join('')}</li>`;
  });
  return `<details class="records"${lone.some(({ f }) => f.findings.length > 0) ? ' open' : ''}><summary>${plural(lone.length, 'record')} not shown with a run</summary><ul>${items.join('')}</ul></details>`;
}

/** The page in pieces (one per file's data), so a report over many artifacts is never one string. */
export const formatHtmlChunks: StreamingFormatter = (report, context) => formatHtmlPage(report, context);

/** What a page adds to the check report's (compare's). */
interface PageExtras {
  /** A section drawn above the check summary: it gets the page's model, to link into the transcripts (`#g-<group>`, `#m-<file>-<mark>`), and must return escaped HTML. */
  top?: (data: ReportData) => string;
  /** Runs' records held as values, by conversation path: their marks and status in the run's column. */
  runRecords?: ReadonlyMap<string, RunRecordValues>;
  /** The page's title. */
  title?: string;
}

/** The page, with what `extras` adds. */
export function* formatHtmlPage(report: CheckReport, context: FormatterContext, extras: PageExtras = {}): Generator<string> {
  const { top, runRecords, title = 'eval-magic report' } = extras;
  const data = buildReportData(report, context.rules, `eval-magic ${context.toolVersion}`, runRecords);
  yield '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">';
  yield `<meta http-equiv="Content-Security-Policy" content="${contentSecurityPolicy()}">`;
  yield `<meta name="referrer" content="no-referrer"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="generator" content="${escapeXml(data.tool)}">`;
  yield `<title>${escapeXml(title)}</title><style>${PAGE_STYLE}</style></head><body>\n`;
  if (top) yield top(data);
  yield summaryHtml(data, context);
  yield '<div class="layout"><nav class="side"><input id="search" type="search" placeholder="Search paths, evals, findings, transcripts" aria-label="Search" autocomplete="off"><label class="only"><input id="only-findings" type="checkbox"> only evals with findings</label><div id="search-status" role="status"></div>';
  yield '<h2>Findings</h2><ol id="nav-findings"></ol><h2>Evals</h2><ol id="nav-evals"></ol></nav>';
  yield '<main><noscript><p>The transcripts are drawn by this page\'s script; allow JavaScript for this file to see them.</p></noscript><div id="groups"></div></main></div>\n';
  const { files, groups, ...rest } = data;
  const head = embedJson(rest);
  yield `<script type="application/json" id="report-data">${head.slice(0, -1)},"groups":[`;
  for (const [i, group] of groups.entries()) yield (i === 0 ? '' : ',') + embedJson(group);
  yield '],"files":[';
  for (const [i, file] of files.entries()) yield (i === 0 ? '' : ',') + embedJson(file);
  yield ']}</script>\n';
  yield `<script>${PAGE_SCRIPT}</script>\n</body></html>\n`;
}

/** The whole page as one string (see formatHtmlChunks). */
export const formatHtml: FormatFunction = (report, context) => Array.from(formatHtmlChunks(report, context)).join('');
