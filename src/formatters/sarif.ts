// sarif: SARIF 2.1.0 for code scanning — rule descriptors, locations relative to the working directory (absolute outside it), stable fingerprints.
import { pathToFileURL } from 'node:url';
import type { Problem } from '../types.js';
import type { FormatFunction } from './types.js';
import { stringifyJsonSafe } from '../text/escape.js';
import { listRuleDescriptors, webDocsUrl } from './rule-descriptors.js';
import { toFileUri } from './report-paths.js';

/** The base a result URI inside the working directory is relative to; `originalUriBaseIds` maps it there. */
const SARIF_SRCROOT = '%SRCROOT%';
const SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json';
const FINGERPRINT_KEY = 'evalMagicFinding/v1';

interface Located extends Problem {
  uri: string;
  /** Whether `uri` is relative to the working directory (`%SRCROOT%`), not an absolute `file:` URI. */
  relative: boolean;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** File, line, column, rule, message: the same order whatever order the report came in. */
function compareLocated(a: Located, b: Located): number {
  return compareText(a.uri, b.uri) || a.line - b.line || a.column - b.column || compareText(a.ruleId, b.ruleId) || compareText(a.message, b.message);
}

/**
 * A message without the places it cites in files — `evals.json:11:27`, `line 6, column 70`,
 * `byte offset 200` — which move when lines are added above them (in this file or the one cited).
 */
function withoutPlaces(message: string): string {
  return message.replace(/:\d+:\d+(?!\d)/g, ':_:_').replace(/\bline \d+, column \d+\b/g, 'line _, column _').replace(/\bbyte offset \d+\b/g, 'byte offset _');
}

/**
 * A finding's identity without its line numbers, so code scanning follows it across commits
 * that move it: rule, file, JSON pointer, message id and text (less the places it cites). Exact
 * repeats get a counter.
 */
function fingerprint(p: Located, seen: Map<string, number>): string {
  // node:crypto is loaded on first use: a clean pre-commit run never formats SARIF.
  const hash = process.getBuiltinModule('node:crypto').createHash('sha256').update([p.ruleId, p.uri, p.pointer, p.messageId, withoutPlaces(p.message)].join('\u0000')).digest('hex');
  const n = seen.get(hash) ?? 0;
  seen.set(hash, n + 1);
  return `${hash}:${n}`;
}

/** A region in the file as written: 1-based lines, code-point columns, exclusive end column. */
function toRegion(p: Problem) {
  if (p.line < 1 || p.column < 1) return undefined;
  return { startLine: p.line, startColumn: p.column, endLine: Math.max(p.endLine, p.line), endColumn: Math.max(p.endColumn, 1) };
}

/**
 * One run; `tool.driver.rules` lists every rule (and the parse/schema/io/internal pseudo-rules)
 * sorted by id, with its description and README link. `results` is always present, even
 * empty: SARIF §3.14.23 reads a missing array as "the tool did not run".
 */
export const formatSarif: FormatFunction = (report, { cwd, rules, toolVersion, configFile }) => {
  const located: Located[] = report.results
    .flatMap((r) => {
      const location = r.messages.length === 0 ? { uri: '', relative: true } : toFileUri(r.filePath, cwd, r.rawFilePath);
      return r.messages.map((m) => ({ ...m, ...location }));
    })
    .sort(compareLocated);
  const descriptors = listRuleDescriptors(rules, located.map((p) => p.ruleId));
  const ruleIndex = new Map(descriptors.map((d, i) => [d.id, i]));
  const seen = new Map<string, number>();
  const results = located.map((p) => {
    const region = toRegion(p);
    return {
      ruleId: p.ruleId,
      ruleIndex: ruleIndex.get(p.ruleId)!,
      level: p.severity === 2 ? 'error' : 'warning',
      message: { text: p.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: p.uri, ...(p.relative && { uriBaseId: SARIF_SRCROOT }) }, ...(region && { region }) } }],
      partialFingerprints: { [FINGERPRINT_KEY]: fingerprint(p, seen) },
      properties: { pointer: p.pointer, messageId: p.messageId },
    };
  });
  const root = pathToFileURL(cwd).href;
  const sarif = {
    $schema: SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'eval-magic',
            version: toolVersion,
            // Web links only where the project is published (package.json's docsBaseUrl): never a dead address.
            ...(webDocsUrl('README.md') !== undefined ? { informationUri: webDocsUrl('README.md') } : {}),
            rules: descriptors.map((d) => ({
              id: d.id,
              shortDescription: { text: d.description },
              ...(d.helpUri !== undefined ? { helpUri: d.helpUri } : {}),
              ...(d.docsPath !== undefined ? { help: { text: `${d.docsPath} in the eval-magic package (eval-magic ${toolVersion}).` } } : {}),
              defaultConfiguration: { level: d.defaultSeverity === 'warn' ? 'warning' : 'error' },
            })),
          },
        },
        originalUriBaseIds: { [SARIF_SRCROOT]: { uri: root.endsWith('/') ? root : root + '/' } },
        columnKind: 'unicodeCodePoints',
        ...(configFile !== undefined ? { properties: { configFile } } : {}),
        results,
      },
    ],
  };
  return stringifyJsonSafe(sarif, 2) + '\n';
};
