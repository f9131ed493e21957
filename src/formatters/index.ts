// The formatter registry: output format name → pure formatting function.
import type { Formatter, StreamingFormatter } from './types.js';
import { formatGithub } from './github.js';
import { formatHtml, formatHtmlChunks } from './html/index.js';
import { formatJson, formatJsonChunks } from './json.js';
import { formatJunit, formatJunitChunks } from './junit.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

/** Every output format by name. Adding one: its module and one line here. */
export const formatters: Readonly<Record<string, Formatter>> = Object.freeze({
  github: formatGithub,
  html: formatHtml,
  json: formatJson,
  junit: formatJunit,
  sarif: formatSarif,
  stylish: formatStylish,
});

/** Formats also written piece by piece (same text), so a huge report is never one string. */
export const streamingFormatters: Readonly<Record<string, StreamingFormatter>> = Object.freeze({
  html: formatHtmlChunks,
  json: formatJsonChunks,
  junit: formatJunitChunks,
});

export type { Formatter, FormatterContext, StreamingFormatter } from './types.js';
export { formatGithubSummary } from './github-summary.js';
