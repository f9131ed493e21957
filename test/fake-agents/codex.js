#!/usr/bin/env node
// Fake `codex` for tests: `codex [-a X] exec [opts] PROMPT` and `codex [-a X] exec resume [opts] SESSION PROMPT`.
'use strict';
// `--version` alone is answered by the shell script `codex` beside this file, which starts this one for the rest.
const fs = require('node:fs');
const { parseArgs, usageError, takeRound, playRound, readStdin } = require('./fake-agent-lib.js');

const top = parseArgs(process.argv.slice(2), { '--ask-for-approval': 'value', '-a': 'value', '--sandbox': 'value', '-s': 'value' }, 2, ['exec']);
if (top.subcommand !== 'exec') usageError('this fake only supports `exec`', 2);
const common = { '--skip-git-repo-check': 'flag', '--json': 'flag', '-m': 'value', '--model': 'value', '--output-last-message': 'value', '-o': 'value', '--dangerously-bypass-hook-trust': 'flag' };
const exec = parseArgs(top.rest.slice(1), { ...common, '--cd': 'value', '-C': 'value', '--sandbox': 'value', '-s': 'value' }, 2, ['resume']);
let parsed = exec;
let session = null;
let prompt;
if (exec.subcommand === 'resume') {
  parsed = parseArgs(exec.rest.slice(1), common, 2);
  if (parsed.positionals.length < 1 || parsed.positionals.length > 2) usageError(`resume expects SESSION_ID [PROMPT], got ${parsed.positionals.length} arguments`, 2);
  [session, prompt] = parsed.positionals;
} else {
  if (exec.positionals.length > 1) usageError(`exec expects at most one PROMPT, got ${exec.positionals.length}`, 2);
  prompt = exec.positionals[0];
}
if (!parsed.options['--json']) usageError('this fake only speaks --json', 2);
// Like the real CLI: outside a git repository only with --skip-git-repo-check; `-` (or no prompt) reads stdin.
if (!parsed.options['--skip-git-repo-check'] && !fs.existsSync('.git')) usageError('Not inside a trusted directory and --skip-git-repo-check was not specified.', 1);
if (prompt === undefined || prompt === '-') prompt = readStdin();
if (prompt === '') usageError('No prompt provided via stdin.', 1);
const { round, log } = takeRound({
  agent: 'codex', argv: process.argv.slice(2), prompt, session,
  model: parsed.options['-m'] ?? parsed.options['--model'] ?? null,
});
const lastMessageFile = parsed.options['--output-last-message'] ?? parsed.options['-o'];
if (lastMessageFile && round.writeLastMessage !== undefined) fs.writeFileSync(lastMessageFile, round.writeLastMessage);
playRound(round, log);
