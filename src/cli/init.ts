// `eval-magic init [<skill-dir>]`: flags, help and handler; the work is initEvals (src/campaign/init-evals.ts).
import { UsageError } from '../errors.js';
import { escapeTerminal, shellWord } from '../text/escape.js';
import { realpathSync } from 'node:fs';
import { initEvals } from '../campaign/init-evals.js';
import { findExecutable } from '../process/find-executable.js';
import type { CliCommand } from './command.js';

interface InitArgs {
  'skill-dir'?: string;
  /** The arguments after `--` that no positional took (src/cli/parse.ts): a second one is an error here. */
  '--'?: string[];
  id?: string;
  prompt?: string;
  'expected-output'?: string;
}

/** `eval-magic init`. Bad input throws UsageError (exit 2) before anything is written. */
export const command: CliCommand<InitArgs> = {
  usage: 'init [skill-dir]',
  describe: 'Start a skill\'s evals: write evals/evals.json with one seed eval that passes check.',
  positionals: { 'skill-dir': { type: 'string', description: 'The skill folder, holding SKILL.md.', defaultDescription: 'the current folder' } },
  options: {
    id: { type: 'string', requiresValue: true, description: 'The seed eval\'s id (kebab-case).', defaultDescription: 'first-task' },
    prompt: { type: 'string', requiresValue: true, description: 'The seed eval\'s opening message to the agent.', defaultDescription: 'a placeholder to replace' },
    'expected-output': { type: 'string', requiresValue: true, description: 'What a good outcome looks like, in words.', defaultDescription: 'a placeholder to replace' },
  },
  examples: [
    ['$0 init', 'In a skill folder: write evals/evals.json'],
    ['$0 init skills/rename-column --prompt "Rename cust_id to customer_id in schema.sql."', 'For another folder, with the first task\'s prompt'],
  ],
  exitCodes: `Exit codes:
  0  evals/evals.json written
  2  usage error: no such folder, no SKILL.md in it (or one it cannot read, or no usable name in its front matter), a folder it cannot write in, or evals/evals.json already there (never overwritten)`,
  run: (args, io) => {
    const given = [...(args['skill-dir'] !== undefined ? [args['skill-dir']] : []), ...(args['--'] ?? [])];
    if (given.length > 1) throw new UsageError(`init takes one skill folder, got ${given.length}: ${given.map((g) => JSON.stringify(g)).join(' ')}`);
    const result = initEvals({
      cwd: io.cwd,
      ...(given[0] !== undefined ? { skillDir: given[0] } : {}),
      ...(args.id !== undefined ? { id: args.id } : {}),
      ...(args.prompt !== undefined ? { prompt: args.prompt } : {}),
      ...(args['expected-output'] !== undefined ? { expectedOutput: args['expected-output'] } : {}),
    });
    const [campaign, compare] = result.nextCommands;
    io.stdout.write(escapeTerminal(`Wrote ${result.shownPath} with one seed eval, "${result.evalId}" (skill ${result.skillName}).`) + '\n');
    io.stdout.write('Edit its prompt, follow-up and assertion to fit the skill, then run it with and without the skill, and compare:\n');
    const invoked = invocationOutsidePath(io.env);
    if (invoked !== undefined) io.stdout.write(escapeTerminal(`(eval-magic is not on PATH here: run them with \`${invoked}\` in place of \`eval-magic\`)`) + '\n');
    io.stdout.write(`  ${escapeTerminal(campaign)}\n  ${escapeTerminal(compare)}\n`);
    return 0;
  },
};

/**
 * How this eval-magic was started, when a plain `eval-magic` would not start it (a clone run as
 * `node dist/bin.cjs`): `node <its path>`. Undefined when `eval-magic` on PATH is this program.
 */
function invocationOutsidePath(env: NodeJS.ProcessEnv): string | undefined {
  const script = process.argv[1];
  if (script === undefined) return undefined;
  const onPath = findExecutable('eval-magic', env.PATH ?? '', process.cwd());
  const real = (path: string) => {
    try {
      return realpathSync.native(path);
    } catch {
      return path;
    }
  };
  if (onPath !== undefined && real(onPath) === real(script)) return undefined;
  return `node ${shellWord(script)}`;
}
