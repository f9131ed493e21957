#!/usr/bin/env node
// Fake `opencode` for tests: `opencode run [opts] [--] MESSAGE..`.
'use strict';
// `--version` alone is answered by the shell script `opencode` beside this file, which starts this one for the rest.
const { parseArgs, usageError, takeRound, playRound, readStdin } = require('./fake-agent-lib.js');

const argv = process.argv.slice(2);
if (argv[0] !== 'run') usageError('this fake only supports `run`', 1);
const table = { '--dir': 'value', '--format': 'value', '--auto': 'flag', '-m': 'value', '--model': 'value', '--session': 'value', '-s': 'value' };
const { options, positionals } = parseArgs(argv.slice(1), table, 1);
if (options['--format'] !== 'json') usageError('this fake only speaks --format json', 1);
// Like the real CLI: arguments holding a space are quoted before they are joined; no argument means stdin.
const prompt = positionals.length > 0 ? positionals.map((p) => (p.includes(' ') ? `"${p}"` : p)).join(' ') : readStdin();
if (prompt === '') usageError('a message is required', 1);
const { round, log } = takeRound({
  agent: 'opencode', argv, prompt, dir: options['--dir'] ?? null,
  session: options['--session'] ?? options['-s'] ?? null, model: options['-m'] ?? options['--model'] ?? null,
});
playRound(round, log);
