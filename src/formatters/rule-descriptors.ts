// Rule metadata for formats that describe rules (SARIF, the step summary), pseudo-rules included,
// and where each rule's page is: in the installed package always, on the web only when there is a home.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { RuleMeta } from '../checker/rule-module.js';

/** Written in by the build from package.json (scripts/build.ts); undefined when the source runs unbundled. */
declare const EVAL_MAGIC_DOCS_BASE_URL: string | undefined;

/**
 * Where the package's files are published on the web (`"eval-magic": {"docsBaseUrl": …}` in
 * package.json, the one place it is set), e.g. `https://github.com/<owner>/eval-magic/blob/v0.1.0/`.
 * Unset (as now: the project has no public home yet), reports link to no web page at all rather
 * than to a placeholder that answers 404.
 */
export const DOCS_BASE_URL: string | undefined = validBase(
  typeof EVAL_MAGIC_DOCS_BASE_URL === 'string'
    ? EVAL_MAGIC_DOCS_BASE_URL
    : (createRequire(import.meta.url)('../../package.json') as { 'eval-magic'?: { docsBaseUrl?: string } })['eval-magic']?.docsBaseUrl,
);

function validBase(base: string | undefined): string | undefined {
  if (!base) return undefined;
  return /^https?:\/\//.test(base) ? (base.endsWith('/') ? base : `${base}/`) : undefined;
}

/** A rule's page in the package and the repository: one per rule, ESLint style. */
export function ruleDocsPath(id: string): string {
  return `docs/rules/${id}.md`;
}

/**
 * A page of the installed package's docs as a file: URL — it ships in the package, so it exists
 * wherever eval-magic runs (for the `rules` listing; reports travel, so they link only to the web).
 */
export function packagedDocsUrl(path: string): string {
  const [file, anchor] = path.split('#') as [string, string | undefined];
  return pathToFileURL(join(packageRoot(), file)).href + (anchor === undefined ? '' : `#${anchor}`);
}

let root: string | undefined;

/** The folder holding eval-magic's package.json: above this module, bundled (dist/) or not (src/formatters/). */
function packageRoot(): string {
  if (root !== undefined) return root;
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'eval-magic') return (root = dir);
    if (dirname(dir) === dir) throw new Error('eval-magic: cannot find its own package.json');
  }
}

/** A page of the package's docs (a path from the package root, `#anchor` allowed) on the web, when there is a base URL. */
export function webDocsUrl(path: string, base: string | undefined = DOCS_BASE_URL): string | undefined {
  return base === undefined ? undefined : new URL(path, base).href;
}

/** Findings that come from the pipeline itself rather than from a lint rule module. */
export const PSEUDO_RULES: Readonly<Record<string, RuleMeta & { docsPath: string }>> = Object.freeze(
  Object.fromEntries(
    (
      [
        ['io', 'Require the artifact to be readable: a regular file that can be opened.'],
        ['parse', 'Require the artifact to be one well-formed UTF-8 JSON value.'],
        ['schema', 'Require the artifact to match schemas/conversation.schema.json.'],
        ['internal', 'Report a rule that failed on this file (a bug in eval-magic, reported rather than hidden).'],
      ] as const
    ).map(([id, description]): [string, RuleMeta & { docsPath: string }] => [id, { id, description, defaultSeverity: 'error', messages: {}, docsPath: `docs/rules/README.md#${id}` }]),
  ),
);

/** A rule as a report describes it. */
export interface RuleDescriptor {
  id: string;
  description: string;
  defaultSeverity: 'error' | 'warn';
  /** Its page on the web; undefined when there is none to link to. */
  helpUri?: string;
  /** Its page in the eval-magic package, relative to the package root (`docs/rules/<id>.md`), for a built-in or pseudo-rule. */
  docsPath?: string;
}

/** Where a built-in rule or pseudo-rule is documented in the package: its page, or its section of docs/rules/README.md. */
function packagedDocsPath(meta: Pick<RuleMeta, 'id'> & { docsPath?: string }): string {
  return meta.docsPath ?? ruleDocsPath(meta.id);
}

/**
 * Where a rule is documented on the web: its own `docsUrl` (a plugin's rule), else its packaged
 * page under the docs base URL — or undefined, never a guessed address.
 */
export function describeHelpUri(meta: Pick<RuleMeta, 'id' | 'docsUrl'> & { docsPath?: string }, base: string | undefined = DOCS_BASE_URL): string | undefined {
  return meta.docsUrl ?? webDocsUrl(packagedDocsPath(meta), base);
}

/**
 * Every rule the run knows plus any other rule id that occurs in `ruleIds`, sorted by id, so
 * a result can always point at its descriptor.
 */
export function listRuleDescriptors(rules: Readonly<Record<string, RuleMeta>>, ruleIds: Iterable<string>): RuleDescriptor[] {
  const all = new Map<string, RuleMeta & { docsPath?: string }>();
  for (const meta of [...Object.values(PSEUDO_RULES), ...Object.values(rules)]) all.set(meta.id, meta);
  for (const id of ruleIds) {
    if (!all.has(id)) all.set(id, { id, description: `Findings reported as "${id}".`, defaultSeverity: 'error', messages: {} });
  }
  return [...all.values()]
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map((meta) => {
      const helpUri = describeHelpUri(meta);
      const builtIn = meta.docsUrl === undefined && (Object.hasOwn(PSEUDO_RULES, meta.id) || Object.hasOwn(rules, meta.id));
      return { id: meta.id, description: meta.description, defaultSeverity: meta.defaultSeverity, ...(helpUri ? { helpUri } : {}), ...(builtIn ? { docsPath: packagedDocsPath(meta) } : {}) };
    });
}
