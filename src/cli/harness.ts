// `eval-magic harness list|show|check`: the built-in harnesses, one descriptor as JSON, or whether
// one will work here (its executable, its flags, its stream format; no model call).
import { resolve } from 'node:path';
import { isFolder } from '../fs/folders.js';
import { UsageError, escapeTerminal, stringifyJsonSafe } from '../internal.js';
import { checkHarness, describeFinding } from '../runner/harness-check.js';
import { builtInHarnessNames, loadHarness } from '../runner/harness-descriptor.js';
import { describeWhatTheModelSees } from '../runner/harness-exposure.js';
import type { CliCommand, CliIO } from './command.js';

interface HarnessArgs {
  action: 'list' | 'show' | 'check';
  harness?: string;
  cwd?: string;
}

/**
 * `eval-magic harness list`, `harness show <name|file>` and `harness check <name|file>`. show
 * prints the descriptor (stdout) and what a campaign with it shows the model (stderr). check
 * prints one line per finding and exits 1 when any is an error (a descriptor that does not
 * load is a usage error, exit 2).
 */
export const command: CliCommand<HarnessArgs> = {
  usage: 'harness <action> [harness]',
  describe: 'List the built-in harnesses, show one descriptor, or check that one will work here (no model call).',
  positionals: {
    action: { required: true, choices: ['list', 'show', 'check'], description: 'list | show | check' },
    harness: { type: 'string', description: 'Harness name or descriptor file (for show and check).' },
  },
  options: {
    cwd: { type: 'string', description: 'check: the task folder the runs would use (default: the current folder).' },
  },
  examples: [
    ['$0 harness list', 'The built-in harnesses'],
    ['$0 harness show codex > my-codex.json', 'Start a descriptor of your own from a built-in one'],
  ],
  exitCodes: 'Exit codes:\n  0  listed or shown; check: no finding is an error\n  1  check: a finding is an error (a missing executable, a refused option, a known trap)\n  2  usage error, or a descriptor that is missing or invalid',
  run: runHarness,
};

async function runHarness(args: HarnessArgs, io: CliIO): Promise<number> {
  if (args.action !== 'list' && args.harness === undefined) throw new UsageError(`harness ${args.action} needs a harness name or descriptor file`);
  if (args.action === 'list' && args.harness !== undefined) throw new UsageError(`harness list takes no harness (got ${JSON.stringify(args.harness)}); harness show ${JSON.stringify(args.harness)} shows one`);
  if (args.action !== 'check' && args.cwd !== undefined) throw new UsageError(`--cwd is for harness check only (the task folder its probes run in); harness ${args.action} takes none`);
  if (args.action === 'check') {
    const harness = loadHarness(args.harness!, io.cwd, 'The harness');
    const cwd = resolve(io.cwd, args.cwd ?? '.');
    // As run refuses it: the probes would fail to start there and blame the CLI.
    if (!isFolder(cwd)) throw new UsageError(`--cwd ${JSON.stringify(args.cwd)} is not a folder`);
    const findings = await checkHarness(harness, { cwd, env: io.env, lookupDir: io.cwd });
    for (const f of findings) io.stdout.write(escapeTerminal(`${f.severity.padEnd(7)} ${describeFinding(f)}  (${f.id})`) + '\n');
    return findings.some((f) => f.severity === 'error') ? 1 : 0;
  }
  if (args.action === 'list') {
    for (const name of builtInHarnessNames) {
      const h = loadHarness(name);
      io.stdout.write(escapeTerminal(`${h.name.padEnd(12)} ${h.executable.padEnd(9)} parser ${h.parser}`) + '\n');
    }
  } else {
    const harness = loadHarness(args.harness!, io.cwd, 'The harness');
    const { source, ...descriptor } = harness;
    void source;
    io.stdout.write(stringifyJsonSafe(descriptor, 2) + '\n');
    // On stderr: `harness show codex > mine.json` keeps a descriptor on stdout.
    for (const line of describeWhatTheModelSees(harness)) io.stderr.write(escapeTerminal(line) + '\n');
  }
  return 0;
}
