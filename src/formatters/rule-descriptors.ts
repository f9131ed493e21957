// Rule metadata for formats that describe rules (SARIF, the step summary), pseudo-rules included.
import type { RuleMeta } from '../checker/rule-module.js';
import { RULES_DOCS_URL } from '../checker/rule-module.js';

/** Findings that come from the pipeline itself rather than from a lint rule module. */
export const PSEUDO_RULES: Readonly<Record<string, RuleMeta>> = Object.freeze({
  io: { id: 'io', description: 'Require the artifact to be readable (a file, not a folder; permitted; not too large).', defaultSeverity: 'error', messages: {} },
  parse: { id: 'parse', description: 'Require the artifact to be well-formed UTF-8 JSON.', defaultSeverity: 'error', messages: {} },
  schema: { id: 'schema', description: 'Require the artifact to match schemas/conversation.schema.json.', defaultSeverity: 'error', messages: {} },
  internal: { id: 'internal', description: 'Report a rule that failed on this file (a bug in eval-magic).', defaultSeverity: 'error', messages: {} },
});

/** The project's home page (the README). */
export const PROJECT_URL: string = RULES_DOCS_URL.replace(/#.*$/, '');

/** A rule as a report describes it. */
export interface RuleDescriptor {
  id: string;
  description: string;
  defaultSeverity: 'error' | 'warn';
  helpUri: string;
}

/** Where a rule is documented: its own `docsUrl`, else the README heading named after its id. */
export function describeHelpUri(meta: Pick<RuleMeta, 'id' | 'docsUrl'>): string {
  if (meta.docsUrl) return meta.docsUrl;
  const url = new URL(RULES_DOCS_URL);
  url.hash = meta.id;
  return url.href;
}

/**
 * Every rule the run knows plus any other rule id that occurs in `ruleIds`, sorted by id, so
 * a result can always point at its descriptor.
 */
export function listRuleDescriptors(rules: Readonly<Record<string, RuleMeta>>, ruleIds: Iterable<string>): RuleDescriptor[] {
  const all = new Map<string, RuleMeta>();
  for (const meta of [...Object.values(PSEUDO_RULES), ...Object.values(rules)]) all.set(meta.id, meta);
  for (const id of ruleIds) {
    if (!all.has(id)) all.set(id, { id, description: `Findings reported as "${id}".`, defaultSeverity: 'error', messages: {} });
  }
  return [...all.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((meta) => ({ id: meta.id, description: meta.description, defaultSeverity: meta.defaultSeverity, helpUri: describeHelpUri(meta) }));
}
