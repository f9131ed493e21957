// The one parser (src/cli/parse.ts) in-process, over a made-up command table: which command a
// line names, help and version, positionals, `--`, and each usage error in the order and words
// yargs used (test/cli/golden.test.ts holds the real commands, byte for byte, through dist/).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { commandNamed, parseCommand, parseWithoutCommand, type AnyCommand } from '../../src/cli/parse.js';

const lint: AnyCommand = {
  usage: 'lint [paths..]',
  describe: 'Lint files.',
  positionals: { paths: { type: 'string', multiple: true, description: 'Files.' } },
  options: {
    format: { type: 'string', alias: 'f', choices: ['text', 'json'], requiresValue: true, description: 'Output.' },
    quiet: { type: 'boolean', default: false, description: 'Errors only.' },
    'max-warnings': { type: 'number', default: -1, description: 'Most warnings.' },
    ignore: { type: 'string', multiple: true, default: [], requiresValue: true, description: 'Glob to leave out.' },
  },
  examples: [],
  exitCodes: '',
  run: () => 0,
};

const deploy: AnyCommand = {
  usage: 'deploy <target> [dir]',
  describe: 'Deploy.',
  positionals: { target: { choices: ['staging', 'prod'], description: 'Where.' }, dir: { type: 'string', description: 'What.' } },
  options: {
    token: { type: 'string', required: true, description: 'Secret.' },
    region: { type: 'string', required: true, description: 'Region.' },
  },
  examples: [],
  exitCodes: '',
  run: () => 0,
};

const COMMANDS = ['lint', 'deploy'];
const table: Record<string, AnyCommand> = { lint, deploy };

function parse(argv: string[]) {
  const name = commandNamed(argv, COMMANDS);
  return name === undefined ? parseWithoutCommand(argv, COMMANDS) : parseCommand(argv, name, table[name]!, COMMANDS);
}

function args(argv: string[]): Record<string, unknown> {
  const line = parse(argv);
  assert.equal(line.action, 'run');
  return (line as { args: Record<string, unknown> }).args;
}

function usageError(argv: string[]): string {
  try {
    parse(argv);
  } catch (error) {
    assert.equal((error as Error).name, 'UsageError');
    return (error as Error).message;
  }
  assert.fail(`${argv.join(' ')} parsed`);
}

describe('which command a line names', () => {
  it('its first operand, read with the global options only', () => {
    assert.equal(commandNamed(['--debug', 'lint', 'a'], COMMANDS), 'lint');
    assert.equal(commandNamed(['--format', 'json', 'lint', 'a'], COMMANDS), 'lint');
    // An option the global ones do not know takes the next argument: then no command is named.
    assert.equal(commandNamed(['--quiet', 'lint', 'a'], COMMANDS), undefined);
  });

  it('no command, a mistyped one, and nothing but `--`', () => {
    assert.equal(usageError([]), 'Name a command, e.g. eval-magic check . (eval-magic --help lists them).');
    assert.equal(usageError(['lnt']), 'Unknown command "lnt". Did you mean lint?');
    assert.deepEqual(parse(['--', 'lint']), { action: 'nothing' });
  });
});

describe('help and version', () => {
  it('--help, -h, or a last operand "help"; before any error', () => {
    for (const argv of [['--help'], ['-h'], ['help'], ['lnt', '--help']]) assert.deepEqual(parse(argv), { action: 'help' }, argv.join(' '));
    for (const argv of [['lint', '--help'], ['lint', 'a', 'help'], ['lint', '--bogus', '--format', 'xml', '-h'], ['deploy', '--help']]) assert.deepEqual(parse(argv), { action: 'help', command: argv[0] }, argv.join(' '));
    assert.deepEqual(parse(['lint', '--help=false', '--version']), { action: 'version' });
  });

  it('--version and -v, with or without a command; help wins', () => {
    for (const argv of [['--version'], ['-v', '--bogus'], ['lint', '-v']]) assert.deepEqual(parse(argv), { action: 'version' }, argv.join(' '));
    assert.deepEqual(parse(['lint', '-v', '-h']), { action: 'help', command: 'lint' });
  });
});

describe('a command\'s arguments', () => {
  it('options from its table: defaults, aliases, negation, numbers, repeats', () => {
    const parsed = args(['lint', 'a.json', '-f', 'json', '--no-quiet', '--max-warnings=3', '--ignore', 'x', '--ignore=y']);
    assert.deepEqual([parsed.paths, parsed.format, parsed.quiet, parsed['max-warnings'], parsed.ignore], [['a.json'], 'json', false, 3, ['x', 'y']]);
    assert.deepEqual([args(['lint']).paths, args(['lint']).quiet, args(['lint'])['max-warnings']], [[], false, -1]);
  });

  it('"-" is an operand (standard input), and stays "-"', () => {
    assert.deepEqual(args(['lint', '-', 'b.json']).paths, ['-', 'b.json']);
  });

  it('after `--` every argument joins the variadic positional, even one that looks like an option', () => {
    assert.deepEqual(args(['lint', 'a', '--quiet', '--', '--format=json', '-']).paths, ['a', '--format=json', '-']);
    assert.equal(args(['lint', '--', '--quiet']).quiet, false);
  });

  it('without a variadic positional, the arguments after `--` stay under `--` for the command to judge', () => {
    const parsed = args(['deploy', 'prod', '--token', 't', '--region', 'r', '--', 'd1', 'd2']);
    assert.deepEqual([parsed.target, parsed.dir, parsed['--']], ['prod', undefined, ['d1', 'd2']]);
  });
});

describe('usage errors, in the order yargs raised them', () => {
  it('a required positional first, then a value that is missing, then required options', () => {
    assert.equal(usageError(['deploy']), 'deploy needs <target> (staging or prod); eval-magic deploy --help shows how it is used.');
    assert.equal(usageError(['lint', '--format']), '--format needs a value.');
    assert.equal(usageError(['lint', '--format', '--quiet']), '--format needs a value.');
    assert.equal(usageError(['deploy', 'prod']), 'Missing required options: --token, --region.');
    assert.equal(usageError(['deploy', 'prod', '--tokn', 't', '--region', 'r']), 'Unknown option --tokn. Did you mean --token?');
  });

  it('unknown options and operands no positional takes', () => {
    assert.equal(usageError(['lint', '--quite']), 'Unknown option --quite. Did you mean --quiet?');
    assert.equal(usageError(['lint', '--maxWarnings', '1']), 'Unknown option --maxWarnings. Did you mean --max-warnings?');
    assert.equal(usageError(['lint', '-x']), 'Unknown option -x.');
    assert.equal(usageError(['lint', '--no-frobnicate']), 'Unknown option --no-frobnicate.');
    assert.equal(usageError(['deploy', 'prod', 'd', 'extra', '--token', 't', '--region', 'r']), 'Unexpected argument "extra".');
  });

  it('a value outside the choices, of an option or a positional', () => {
    assert.equal(usageError(['lint', '-f', 'xml']), '--format "xml": use one of "text", "json".');
    assert.equal(usageError(['deploy', 'dev', '--token', 't', '--region', 'r']), 'deploy <target> "dev": use one of "staging", "prod".');
  });
});
