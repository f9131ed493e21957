#!/usr/bin/env node
// Fake `claude` for tests: accepts the options eval-magic passes in print mode, nothing else.
'use strict';
// `--version` alone is answered by the shell script `claude` beside this file, which starts this one for the rest.
const { parseArgs, usageError, takeRound, playRound, readStdin } = require('./fake-agent-lib.js');

const table = {
  '-p': 'flag', '--print': 'flag', '--verbose': 'flag',
  '--output-format': 'value', '--permission-mode': 'value', '--model': 'value', '--resume': 'value', '-r': 'value',
};
const { options, positionals } = parseArgs(process.argv.slice(2), table, 1);
if (!options['-p'] && !options['--print']) usageError('this fake only supports print mode (-p)', 1);
if (options['--output-format'] !== 'stream-json') usageError('expected --output-format stream-json', 1);
if (!options['--verbose']) usageError('--output-format=stream-json requires --verbose with --print', 1);
const modes = ['acceptEdits', 'bypassPermissions', 'default', 'plan'];
if (options['--permission-mode'] && !modes.includes(options['--permission-mode'])) usageError('bad --permission-mode', 1);
if (positionals.length > 1) usageError(`expected at most one prompt argument, got ${positionals.length}`, 1);
// Like the real CLI, print mode without a prompt argument reads the prompt from stdin.
const prompt = positionals.length === 1 ? positionals[0] : readStdin();
if (prompt === '') usageError('Input must be provided either through stdin or as a prompt argument when using --print', 1);
if (process.getuid?.() === 0 && options['--permission-mode'] === 'bypassPermissions' && process.env.IS_SANDBOX !== '1') {
  usageError('--dangerously-skip-permissions cannot be used with root/sudo privileges for security reasons', 1);
}
const { round, log } = takeRound({
  agent: 'claude', argv: process.argv.slice(2), prompt,
  session: options['--resume'] ?? options['-r'] ?? null, model: options['--model'] ?? null,
});
playRound(round, log);
