// `eval-magic compare`: its flags, help and handler. Grades every run of an iteration, compares the
// two conditions, writes each format where it goes; the numbers come from src/compare.
import type { Argv, CommandModule } from 'yargs';
import { wantsColor, type CliIO } from '../check-command.js';
import { compareIterations, type ComparisonDocument } from '../compare/index.js';
import { comparisonFormatters } from '../compare/formats/index.js';
import { formatComparisonMarkdown } from '../compare/formats/markdown.js';
import { UsageError } from '../errors.js';
import { operands } from './operands.js';
import { planFormatTargets } from '../format-targets.js';
import { appendStepSummary, writeTarget } from '../write-reports.js';
import { rules } from '../checker/rules/index.js';
import { escapeTerminal } from '../formatters/escape.js';

/** Exit codes of `compare`, as its --help explains them. */
const COMPARE_EXIT_CODES = `Exit codes:
  0  compared, nothing in the way
  1  a validity error (artifacts excluded by check, a campaign isolation failure), or the --fail-on condition met
  2  usage error, an invalid evals.json, nothing to compare, or only one condition present`;

interface CompareArgs {
  paths: string[];
  evals?: string;
  format?: string | string[];
  'output-file'?: string;
  alpha: number;
  'fail-on'?: 'worse' | 'no-change';
  'command-timeout': number;
  grading: boolean;
  color?: boolean;
}

export function createCompareCommand(io: CliIO, setExit: (code: number) => void, toolVersion: string): CommandModule<object, CompareArgs> {
  return {
    command: 'compare [paths..]',
    describe: 'Grade every run of an iteration and compare the two conditions: rates, intervals, p-values, validity.',
    builder: (y: Argv) =>
      y
        .positional('paths', { type: 'string', array: true, description: 'Iteration folders (…/<skill>/iteration-<n>) or workspaces (the latest iteration of each skill); after "--" every argument is a path.' })
        .option('evals', { type: 'string', requiresArg: true, description: 'The evals.json to grade by (default: campaign.json\'s, else the one check finds for each run).' })
        .option('format', { type: 'string', alias: 'f', requiresArg: true, description: `Output format, repeatable: <format> (stdout) or <format>=<file>; formats: ${Object.keys(comparisonFormatters).join(', ')}.`, defaultDescription: 'stylish' })
        .option('output-file', { type: 'string', alias: 'o', requiresArg: true, description: 'Write the format without =<file> to this file instead of stdout.' })
        .option('alpha', { type: 'number', default: 0.05, requiresArg: true, description: 'Significance level, applied to Holm-adjusted p-values.' })
        .option('fail-on', { type: 'string', choices: ['worse', 'no-change'] as const, requiresArg: true, description: 'Exit 1 when some assertion is significantly worse with the skill (worse), or none is significantly better (no-change).' })
        .option('command-timeout', { type: 'number', default: 300, requiresArg: true, description: 'Seconds each command_check (each matrix cell) may run.' })
        .option('grading', { type: 'boolean', default: true, description: 'Write grading.json beside each graded conversation.json; --no-grading leaves the workspace untouched.' })
        .option('color', { type: 'boolean', description: 'Colour the stylish output on stdout (--no-color: never).', defaultDescription: 'on a terminal' })
        .group(['evals', 'format', 'output-file', 'alpha', 'fail-on', 'command-timeout', 'grading', 'color'], 'Options:')
        .example('$0 compare .eval-magic/my-skill/iteration-1', 'Compare with_skill and without_skill in the terminal')
        .example('$0 compare .eval-magic -f stylish -f html=report.html -f json=comparison.json', 'Every skill\'s latest iteration, also as a page and JSON')
        .example('$0 compare .eval-magic/my-skill/iteration-2 --fail-on worse', 'Fail CI when the skill makes an assertion significantly worse')
        .epilogue(COMPARE_EXIT_CODES) as unknown as Argv<CompareArgs>,
    handler: async (args) => {
      // Paths after `--` too (`compare --fail-on worse -- "$dir"`), and at least one.
      const paths = operands(args, args.paths ?? []);
      if (paths.length === 0) throw new UsageError('compare needs an iteration folder or a workspace, e.g. eval-magic compare .eval-magic/<skill>/iteration-1');
      setExit(await runCompare({ ...args, paths }, io, toolVersion));
    },
  };
}

async function runCompare(args: CompareArgs, io: CliIO, toolVersion: string): Promise<number> {
  if (!Number.isFinite(args.alpha) || args.alpha <= 0 || args.alpha >= 1) throw new UsageError(`--alpha takes a number between 0 and 1 (exclusive); got ${JSON.stringify(String(args.alpha))}.`);
  if (!Number.isFinite(args['command-timeout']) || args['command-timeout'] <= 0) throw new UsageError('--command-timeout takes a positive number of seconds.');
  for (const name of ['evals', 'output-file'] as const) if (args[name] !== undefined && args[name]!.trim() === '') throw new UsageError(`--${name} needs a value that is not empty.`);
  const targets = planFormatTargets({ formats: args.format, outputFile: args['output-file'], known: Object.keys(comparisonFormatters) });
  const { document, report } = await compareIterations(args.paths, {
    cwd: io.cwd,
    evals: args.evals,
    alpha: args.alpha,
    writeGrading: args.grading,
    commandTimeoutMs: args['command-timeout'] * 1000,
    keepArtifacts: targets.some((t) => t.format === 'html'),
    toolVersion,
  });
  const context = { cwd: io.cwd, rules: Object.fromEntries(Object.entries(rules).map(([id, rule]) => [id, rule.meta])), toolVersion, color: false };
  for (const target of targets) {
    const color = target.to === 'stdout' && wantsColor(io, args.color);
    await writeTarget(target, comparisonFormatters[target.format]!({ document, report, context: { ...context, color } }), io);
  }
  if (io.env.GITHUB_ACTIONS === 'true' && io.env.GITHUB_STEP_SUMMARY) await appendStepSummary(io.env.GITHUB_STEP_SUMMARY, io.cwd, formatComparisonMarkdown(document));
  return exitCode(document, args['fail-on'], io);
}

/** 1 for a validity error or the --fail-on condition; 0 otherwise. */
function exitCode(document: ComparisonDocument, failOn: CompareArgs['fail-on'], io: CliIO): number {
  const rows = document.evals.flatMap((e) => e.assertions);
  if (document.validity.some((v) => v.severity === 'error')) return 1;
  if (failOn === 'worse') {
    const worse = rows.filter((r) => r.significant && r.direction === 'worse');
    if (worse.length > 0) {
      io.stderr.write(escapeTerminal(`eval-magic: --fail-on worse: ${worse.map((r) => r.id).join(', ')} significantly worse with ${document.conditions[0]}.`) + '\n');
      return 1;
    }
  }
  if (failOn === 'no-change' && !rows.some((r) => r.significant && r.direction === 'better')) {
    io.stderr.write(escapeTerminal(`eval-magic: --fail-on no-change: no assertion is significantly better with ${document.conditions[0]}.`) + '\n');
    return 1;
  }
  return 0;
}
