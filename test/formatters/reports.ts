// Shared inputs for the formatter tests: the fixture corpus checked for real, and a hostile report.
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, rules } from '../../src/index.js';
import type { CheckReport, FileResult, Problem } from '../../src/index.js';
import type { FormatterContext } from '../../src/formatters/types.js';
import { summarize } from '../../src/checker/result.js';

/** The repository root; fixture paths are reported relative to it. */
export const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');

/** Formatter context as the CLI builds it (no colour: files and CI logs). */
export const context: FormatterContext = {
  color: false,
  cwd: repoRoot,
  rules: Object.fromEntries(Object.entries(rules).map(([id, rule]) => [id, rule.meta])),
  toolVersion: '0.0.0-test',
};

/**
 * Everything an attacker can put in an artifact's text that some output format cares about:
 * line breaks, `%`, `::`, `,`, `<`, `&`, quotes, `]]>`, NUL, a lone surrogate, ANSI colour,
 * an OSC 8 hyperlink, a C1 CSI, a bidi override, Markdown and table syntax.
 */
export const HOSTILE = 'one\ntwo\r\nthree\r100% %0A%25 :: a,b: <b>x</b> & "q" \'s\' ]]> nul\u0000 lone\ud800 \u001b[31mred\u001b[0m \u001b]8;;https://evil.test\u0007link\u001b]8;;\u0007 c1\u009b2J bidi\u202Eevil | *em* `code` $x$ [l](u) #h';

/** All raw characters that must never reach a log, a terminal or a file viewer. */
export const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Undoes the visible `\uXXXX` escapes formats use for characters they cannot carry. */
export function decodeVisibleEscapes(text: string): string {
  return text.replace(/\\u([0-9a-f]{4})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function problem(ruleId: string, severity: 1 | 2, message: string, line: number, column: number, endLine = line, endColumn = column + 1, pointer = '/events/0/text'): Problem {
  return { ruleId, messageId: 'm', severity, message, pointer, line, column, endLine, endColumn };
}

function fileResult(filePath: string, messages: Problem[]): FileResult {
  return {
    filePath,
    errorCount: messages.filter((m) => m.severity === 2).length,
    warningCount: messages.filter((m) => m.severity === 1).length,
    messages,
  };
}

/** A report whose messages (and one file path) carry `HOSTILE`, with errors, warnings and a multi-line range. */
export function hostileReport(): CheckReport {
  return summarize([
    fileResult('evals/a,b:%/conversation.json', [
      problem('blank-text', 1, HOSTILE, 3, 5),
      problem('schema', 2, HOSTILE, 4, 2, 6, 3, '/events/1'),
    ]),
    fileResult('evals/clean/conversation.json', []),
    fileResult('evals/z/conversation.json', [problem('parse', 2, 'Unexpected end of file.', 1, 1, 1, 1, '')]),
  ]);
}

/** The fixture corpus checked once per test process: the formatter files share one (test/tiers.ts), and each check is ~0.1 CPU-s. */
let fixturesChecked: Promise<CheckReport | undefined> | undefined;

/** The fixture corpus (every .json under fixtures/) checked for real, a copy of its own for each caller; undefined if there are no fixtures. */
export async function fixtureReport(): Promise<CheckReport | undefined> {
  fixturesChecked ??= existsSync(resolve(repoRoot, 'fixtures')) ? check(['fixtures'], { cwd: repoRoot, pattern: '**/*.json', allowEmpty: true }) : Promise.resolve(undefined);
  const report = await fixturesChecked;
  return report === undefined ? undefined : structuredClone(report);
}

/** Reports every formatter test runs on: the fixtures (when present), the hostile report, an empty run. */
export async function sampleReports(): Promise<Array<[string, CheckReport]>> {
  const fixtures = await fixtureReport();
  const samples: Array<[string, CheckReport]> = [
    ['hostile', hostileReport()],
    ['empty', summarize([])],
  ];
  if (fixtures && fixtures.results.length > 0) samples.unshift(['fixtures', fixtures]);
  return samples;
}
