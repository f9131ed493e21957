// One rule for the values of number and k/n flags, in every command: exactly as typed, so a value
// with white space around it (a stray space in a script's quoting) is refused, naming the flag,
// as " 2" was by --concurrency while --shard " 1/2" and --round-timeout "5 " ran.
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';

const cwd = mkdtempSync(join(tmpdir(), 'em-flag-values-'));

// [command and its other arguments, the flag, a well-formed value]
const flags: Array<[string[], string, string]> = [
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--shard', '1/2'],
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--round-timeout', '5'],
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--runs', '2'],
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--jobs', '2'],
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--max-events-mb', '1'],
  [['run', '--evals', 'evals.json', '--cwd', '.', '--out', 'out', '--harness', 'claude-code'], '--round-timeout', '5'],
  [['run', '--evals', 'evals.json', '--cwd', '.', '--out', 'out', '--harness', 'claude-code'], '--max-events-mb', '1'],
  [['run', '--evals', 'evals.json', '--cwd', '.', '--out', 'out', '--harness', 'claude-code'], '--max-events', '10'],
  [['judge', 'ws', '--harness', 'claude-code'], '--shard', '1/2'],
  [['judge', 'ws', '--harness', 'claude-code'], '--jobs', '2'],
  [['judge', 'ws', '--harness', 'claude-code'], '--repeats', '3'],
  [['judge', 'ws', '--harness', 'claude-code'], '--retries', '1'],
  [['judge', 'ws', '--harness', 'claude-code'], '--round-timeout', '5'],
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--retries', '1'],
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--iteration', '1'],
  [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--max-cost', '1'],
  [['compare', 'ws'], '--command-timeout', '30'],
  [['check', 'x.json'], '--concurrency', '2'],
  [['check', 'x.json'], '--max-warnings', '0'],
  [['compare', 'ws'], '--alpha', '0.05'],
  [['compare', 'ws'], '--concurrency', '2'],
];

describe('a number or k/n flag value with white space around it is refused, naming the flag (exit 2)', () => {
  for (const [args, flag, good] of flags) {
    for (const value of [` ${good}`, `${good} `, `\t${good}`, `${good}\n`]) {
      it(`${args[0]} ${flag} ${JSON.stringify(value)}`, async () => {
        const result = await runMain([...args, flag, value], { cwd, env: {} });
        assert.equal(result.code, 2, result.stderr);
        assert.ok(result.stderr.startsWith(`eval-magic: ${flag} `), result.stderr);
        assert.ok(result.stderr.includes(JSON.stringify(value)), `the value as typed: ${result.stderr}`);
      });
    }
  }
});

describe('the same values without the white space get past the flag (the next refusal is about the missing inputs)', () => {
  for (const [args, flag, good] of flags) {
    it(`${args[0]} ${flag} ${good}`, async () => {
      const result = await runMain([...args, flag, good], { cwd, env: {} });
      assert.equal(result.code, 2, result.stderr);
      assert.ok(!result.stderr.includes(flag), result.stderr);
    });
  }
});

// 1e400 is Infinity to JavaScript and 99999999999999999999 is 1e20, which no whole-number check
// tells from a fraction: both answered "got Infinity" or "must be a whole number" of what was typed.
describe('a number past what the command line reads exactly is refused as typed, naming the flag (exit 2)', () => {
  for (const [args, flag] of flags) {
    if (flag === '--shard') continue; // k/n: below
    const tooLarge = 'is too large: no flag takes a number past 9007199254740991 (2^53 − 1)';
    const tooSmall = 'is too far below zero: no flag takes a number below -9007199254740991';
    const values = [['1e400', tooLarge], ['99999999999999999999', tooLarge], ['9007199254740992', tooLarge], ['-1e400', tooSmall]] as const;
    // --concurrency takes digits, "auto" or "off": 1e400 is none of them, and is refused as such.
    for (const [value, said] of flag === '--concurrency' ? values.filter(([value]) => /^\d+$/.test(value)) : values) {
      it(`${args[0]} ${flag} ${value}`, async () => {
        const result = await runMain([...args, flag, value], { cwd, env: {} });
        assert.deepEqual([result.code, result.stderr], [2, `eval-magic: ${flag} "${value}" ${said}\n`]);
      });
    }
  }
});

// 1e-400 reads as 0 (and -1e-400 as -0): --round-timeout 1e-400 ran with no limit at all, --retries
// 1e-400 retried nothing, --alpha 1e-400 was refused as not "between 0 and 1". A number is what was
// typed or refused as typed: a non-zero number that reads as 0 is refused with the others' words.
describe('a non-zero number too close to zero to be read as typed is refused as typed, naming the flag (exit 2)', () => {
  const said = 'is too close to zero: it would read as 0 (no flag takes a number nearer zero than 5e-324, the smallest a double holds)';
  for (const [args, flag] of flags) {
    if (flag === '--shard' || flag === '--concurrency') continue; // digits only: no fraction, no exponent
    for (const value of ['1e-400', '-1e-400', `0.${'0'.repeat(330)}1`, '2e-324']) {
      it(`${args[0]} ${flag} ${value.length > 12 ? `${value.slice(0, 6)}…${value.slice(-3)}` : value}`, async () => {
        const result = await runMain([...args, flag, value], { cwd, env: {} });
        assert.deepEqual([result.code, result.stderr], [2, `eval-magic: ${flag} "${value}" ${said}\n`]);
      });
    }
  }
  // Zero as zero however it is written, and the smallest double as itself: only a number lost to 0 is refused.
  for (const [args, flag, value] of [
    [['campaign', '--evals', 'evals.json', '--harness', 'claude-code'], '--retries', '0e-400'],
    [['judge', 'ws', '--harness', 'claude-code'], '--round-timeout', '-0.000'],
    [['check', 'x.json'], '--max-warnings', '0.0e5'],
    [['compare', 'ws'], '--alpha', '5e-324'],
  ] as const) {
    it(`${args[0]} ${flag} ${value} gets past the flag`, async () => {
      const result = await runMain([...args, flag, value], { cwd, env: {} });
      assert.equal(result.code, 2, result.stderr);
      assert.ok(!result.stderr.includes(flag), result.stderr);
    });
  }
});

describe('a k/n with a number past 2^53 − 1 is refused as typed, with the same words (exit 2)', () => {
  for (const [args, flag] of flags.filter(([, flag]) => flag === '--shard')) {
    for (const value of ['1/99999999999999999999', '99999999999999999999/99999999999999999999']) {
      it(`${args[0]} ${flag} ${value}`, async () => {
        const result = await runMain([...args, flag, value], { cwd, env: {} });
        assert.deepEqual([result.code, result.stderr], [2, `eval-magic: ${flag} "${value}" is too large: no flag takes a number past 9007199254740991 (2^53 − 1)\n`]);
      });
    }
  }
});

describe('--max-warnings: read as typed, not as yargs reads a number', () => {
  for (const value of ['0x10', 'Infinity', '']) {
    it(JSON.stringify(value), async () => {
      const result = await runMain(['check', 'x.json', '--max-warnings', value], { cwd, env: {} });
      assert.deepEqual([result.code, result.stderr], [2, 'eval-magic: --max-warnings takes a whole number.\n']);
    });
  }
});
