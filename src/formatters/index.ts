// The formatter registry: output format name → formatting function, with the context's defaults.
import type { FormatFunction, Formatter, FormatterContext, StreamingFormatter } from './types.js';
import type { RuleMeta } from '../checker/rule-module.js';
import { rules } from '../checker/rules/index.js';
import { toolVersion } from '../version.js';
import { formatGithub } from './github.js';
import { formatHtml, formatHtmlChunks } from './html/index.js';
import { formatJson, formatJsonChunks } from './json.js';
import { formatJunit, formatJunitChunks } from './junit.js';
import { formatSarif } from './sarif.js';
import { formatStylish } from './stylish.js';

/** The metadata of every registered rule, by id: what formats that describe rules (SARIF, html) list. */
export function ruleMetas(): Record<string, RuleMeta> {
  return Object.fromEntries(Object.entries(rules).map(([id, rule]) => [id, rule.meta]));
}

/** The context with every field the caller left out at its default, and rule modules given as `rules` read as their metadata (see {@link Formatter}). */
function completeContext(context: Parameters<Formatter>[1] = {}): FormatterContext {
  const rules = context.rules === undefined ? ruleMetas() : Object.fromEntries(Object.entries(context.rules).map(([id, rule]) => [id, 'meta' in rule ? rule.meta : rule]));
  return { ...context, color: context.color ?? false, cwd: context.cwd ?? process.cwd(), rules, toolVersion: context.toolVersion ?? toolVersion };
}

function withDefaults(format: FormatFunction): Formatter {
  return (report, context) => format(report, completeContext(context));
}

/**
 * Every output format by name: `formatters.stylish(report)`, or with a context
 * (`{ color, cwd, rules, toolVersion, configFile }`, each optional). Each name is a declared key, so
 * `formatters.stylish` needs no "!" under noUncheckedIndexedAccess; a name held in a string still indexes it.
 * Adding one: its module, its name in the type and one line here.
 */
export const formatters: Readonly<Record<'github' | 'html' | 'json' | 'junit' | 'sarif' | 'stylish', Formatter> & Record<string, Formatter>> = Object.freeze({
  github: withDefaults(formatGithub),
  html: withDefaults(formatHtml),
  json: withDefaults(formatJson),
  junit: withDefaults(formatJunit),
  sarif: withDefaults(formatSarif),
  stylish: withDefaults(formatStylish),
});

/** Formats also written piece by piece (same text), so a huge report is never one string. */
export const streamingFormatters: Readonly<Record<string, StreamingFormatter>> = Object.freeze({
  html: formatHtmlChunks,
  json: formatJsonChunks,
  junit: formatJunitChunks,
});

export type { Formatter, FormatterContext, StreamingFormatter } from './types.js';
export { formatGithubSummary } from './github-summary.js';
