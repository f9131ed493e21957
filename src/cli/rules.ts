// `eval-magic rules [--format json]`: every rule with its default severity, file kind, summary and docs page.
import { fileURLToPath } from 'node:url';
import { rules, escapeTerminal, stringifyJsonSafe, type RuleMeta } from '../internal.js';
import { describeHelpUri, packagedDocsUrl, ruleDocsPath } from '../formatters/rule-descriptors.js';
import type { CliCommand } from './command.js';

/** Which files a rule reads, as users say it. */
const FILE_KINDS = { conversation: 'conversation', evals: 'evals', grading: 'grading', judgment: 'judgment', run: 'run', cross: 'cross-file', any: 'any' } as const;

/** One rule as `eval-magic rules --format json` lists it. */
interface RuleListing {
  id: string;
  defaultSeverity: RuleMeta['defaultSeverity'];
  /** conversation.json, evals.json, grading.json, judgment.json, a conversation held to its eval (`cross-file`), or every file that parses (`any`). */
  fileKind: (typeof FILE_KINDS)[keyof typeof FILE_KINDS];
  description: string;
  /** The rule's page, relative to the package (and repository) root. */
  docsPath: string;
  /** The page on the web when the project is published there, else the file in the installed package (file: URL). */
  docsUrl: string;
}

/** Every registered rule, in id order. */
function listRules(): RuleListing[] {
  return Object.values(rules).map(({ meta }) => ({
    id: meta.id,
    defaultSeverity: meta.defaultSeverity,
    fileKind: FILE_KINDS[meta.kind ?? 'conversation'],
    description: meta.description,
    docsPath: ruleDocsPath(meta.id),
    docsUrl: describeHelpUri(meta) ?? packagedDocsUrl(ruleDocsPath(meta.id)),
  }));
}

/** The listing as an aligned table, one rule a line. */
function renderRuleTable(listing: readonly RuleListing[]): string {
  const rows = [['rule', 'default', 'file kind', 'description'], ...listing.map((r) => [r.id, r.defaultSeverity, r.fileKind, r.description])];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i]!.length)));
  const lines = rows.map((row) => row.map((cell, i) => (i < 3 ? cell.padEnd(widths[i]!) : cell)).join('  '));
  const folder = listing[0] ? listing[0].docsUrl.replace(/[^/]+\.md$/, '') : '';
  const shown = folder.startsWith('file:') ? fileURLToPath(folder) : folder;
  return lines.map(escapeTerminal).join('\n') + `\n\nEach rule's page: docs/rules/<rule>.md (${escapeTerminal(shown)}).\n`;
}

/** `eval-magic rules [--format json]`. */
export const command: CliCommand<{ format: 'text' | 'json' }> = {
  usage: 'rules',
  describe: 'List every rule: id, default severity, the files it reads, what it checks, its docs page.',
  options: {
    format: { alias: 'f', choices: ['text', 'json'], default: 'text', requiresValue: true, description: 'text (a table) or json (an array of {id, defaultSeverity, fileKind, description, docsPath, docsUrl}).' },
  },
  examples: [
    ['$0 rules', 'The rules as a table'],
    ['$0 rules --format json', 'The same as JSON, for scripts'],
  ],
  exitCodes: 'Exit codes:\n  0  listed\n  2  usage error',
  run: (args, io) => {
    const listing = listRules();
    io.stdout.write(args.format === 'json' ? stringifyJsonSafe(listing, 2) + '\n' : renderRuleTable(listing));
    return 0;
  },
};
