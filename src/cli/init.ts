// `eval-magic init [<skill-dir>]`: flags, help and handler; the work is initEvals (src/init-evals.ts).
import type { ArgumentsCamelCase, Argv, CommandModule } from 'yargs';
import { UsageError } from '../errors.js';
import { escapeTerminal } from '../formatters/escape.js';
import { initEvals } from '../init-evals.js';
import { operands } from './operands.js';

interface InitArgs {
  'skill-dir'?: string;
  id?: string;
  prompt?: string;
  'expected-output'?: string;
}

/** What the command needs from its surroundings. */
interface InitIO {
  cwd: string;
  stdout: { write(text: string): unknown };
}

const EXIT_CODES = `Exit codes:
  0  evals/evals.json written
  2  usage error: no such folder, no SKILL.md in it, or evals/evals.json already there (never overwritten)`;

/** The `init` command module; src/cli.ts registers it. */
export function createInitCommand(io: InitIO, setExit: (code: number) => void): CommandModule<object, InitArgs> {
  return {
    command: 'init [skill-dir]',
    describe: 'Start a skill\'s evals: write evals/evals.json with one seed eval that passes check.',
    builder: (y: Argv) =>
      y
        .positional('skill-dir', { type: 'string', description: 'The skill folder, holding SKILL.md.', defaultDescription: 'the current folder' })
        .option('id', { type: 'string', requiresArg: true, description: 'The seed eval\'s id (kebab-case).', defaultDescription: 'first-task' })
        .option('prompt', { type: 'string', requiresArg: true, description: 'The seed eval\'s opening message to the agent.', defaultDescription: 'a placeholder to replace' })
        .option('expected-output', { type: 'string', requiresArg: true, description: 'What a good outcome looks like, in words.', defaultDescription: 'a placeholder to replace' })
        .group(['id', 'prompt', 'expected-output'], 'Options:')
        .example('$0 init', 'In a skill folder: write evals/evals.json')
        .example('$0 init skills/rename-column --prompt "Rename cust_id to customer_id in schema.sql."', 'For another folder, with the first task\'s prompt')
        .epilogue(EXIT_CODES) as unknown as Argv<InitArgs>,
    handler: (args: ArgumentsCamelCase<InitArgs>) => {
      const given = operands(args, args['skill-dir'] !== undefined ? [args['skill-dir']] : []);
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
      io.stdout.write(`Edit its prompt, follow-up and assertion to fit the skill, then run it with and without the skill, and compare:\n`);
      io.stdout.write(`  ${escapeTerminal(campaign)}\n  ${escapeTerminal(compare)}\n`);
      setExit(0);
    },
  };
}
