// Rule metadata for formats that describe rules (SARIF, the step summary), pseudo-rules included.
import type { RuleMeta } from '../checker/rule-module.js';

/** The project's home page (the README). */
export const PROJECT_URL = 'https://github.com/eval-magic/eval-magic';

/** A rule's page in the package and the repository: one per rule, ESLint style. */
export function ruleDocsPath(id: string): string {
  return `docs/rules/${id}.md`;
}

/** A page of the repository's docs, as a URL. */
function docsUrl(path: string): string {
  return `${PROJECT_URL}/blob/main/${path}`;
}

/** Findings that come from the pipeline itself rather than from a lint rule module. */
export const PSEUDO_RULES: Readonly<Record<string, RuleMeta>> = Object.freeze(
  Object.fromEntries(
    (
      [
        ['io', 'Require the artifact to be readable: a regular file that can be opened.'],
        ['parse', 'Require the artifact to be one well-formed UTF-8 JSON value.'],
        ['schema', 'Require the artifact to match schemas/conversation.schema.json.'],
        ['internal', 'Report a rule that failed on this file (a bug in eval-magic, reported rather than hidden).'],
      ] as const
    ).map(([id, description]): [string, RuleMeta] => [id, { id, description, defaultSeverity: 'error', messages: {}, docsUrl: docsUrl(`docs/rules/README.md#${id}`) }]),
  ),
);

/** A rule as a report describes it. */
export interface RuleDescriptor {
  id: string;
  description: string;
  defaultSeverity: 'error' | 'warn';
  helpUri: string;
}

/** Where a rule is documented: its own `docsUrl`, else its page under docs/rules/. */
export function describeHelpUri(meta: Pick<RuleMeta, 'id' | 'docsUrl'>): string {
  return meta.docsUrl ?? docsUrl(ruleDocsPath(meta.id));
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
