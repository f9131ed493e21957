// The terminal's wrap (compare's stylish format) never breaks a printed command where a shell
// would read it otherwise: each command is read back through sh and its argv compared.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { WIDTH, wrap } from '../../src/compare/formats/wrap.js';
import { shellWord } from '../../src/text/escape.js';
import { terminalWidth } from '../../src/formatters/terminal-width.js';

/** The words sh reads from each of `scripts` (a command as printed, its lines and all), in one sh. */
function argvsOf(scripts: readonly string[]): string[][] {
  const read = spawnSync('sh', ['-c', scripts.map((script) => `printf '%s\\0' ${script}; printf '\\001\\0'`).join('\n')], { encoding: 'utf8' });
  assert.equal(read.status, 0, read.stderr);
  return read.stdout.split('\u0001\0').slice(0, -1).map((words) => words.split('\0').slice(0, -1));
}

/** The command as the wrapped lines print it: from `eval-magic` to its last word, as a user selects it. */
function printed(lines: readonly string[], last: string): string {
  const text = lines.join('\n');
  const start = text.indexOf('eval-magic judge');
  const end = text.indexOf(last, start);
  assert.ok(start !== -1 && end !== -1, `the command's last word ${last} is not printed whole:\n${text}`);
  return text.slice(start, end + last.length);
}

describe('wrap: a printed command', () => {
  const commands: string[][] = [
    ['eval-magic', 'judge', 'my workspace/.eval-magic/csv-reports/iteration-1', '--evals', 'my evals/evals.json'],
    ['eval-magic', 'judge', "it's here/.eval-magic/s/iteration-1", '--treatment', 'with skill', '--control', 'no skill'],
    ['eval-magic', 'judge', 'a \u202e b/iteration-1', '--config', 'eval magic.config.json'],
    // Longer than a line: broken between its words with " \".
    ['eval-magic', 'judge', `${'very long folder name '.repeat(3)}/.eval-magic/skill/iteration-1`, `${'another long folder '.repeat(3)}/iteration-2`, '--evals', `${'evals folder '.repeat(4)}/evals.json`],
  ];
  for (const argv of commands) {
    it(`is read back by sh as it was made, wherever the line breaks: ${JSON.stringify(argv.slice(2, 3))}`, () => {
      const words = [argv[0]!, argv[1]!, ...argv.slice(2).map(shellWord)];
      const command = words.join(' ');
      const wrapped: string[][] = [];
      for (let pad = 0; pad < WIDTH; pad += 3) {
        const text = `Eval explain: ${'x '.repeat(pad / 3)}short (llm_judge) was not graded in 1 of 1 with_skill runs (not judged: run ${command}); ungraded runs count as neither pass nor fail.`;
        const lines = wrap(text, '    ', '    ');
        wrapped.push(lines);
        // Within WIDTH, but for a word longer than a line.
        for (const line of lines) assert.ok(terminalWidth(line) <= WIDTH || words.some((w) => terminalWidth(w) > WIDTH - 8), line);
        if (terminalWidth(command) <= WIDTH - 4) assert.ok(lines.some((l) => l.includes(command)), `a command that fits a line is on one:\n${lines.join('\n')}`);
      }
      const read = argvsOf(wrapped.map((lines) => printed(lines, words.at(-1)!)));
      read.forEach((got, i) => assert.deepEqual(got, argv, wrapped[i]!.join('\n')));
      assert.equal(read.length, wrapped.length);
    });
  }

  it('a last word that reads as prose (a folder, an arm, an evals path of plain lowercase letters) stays in the command before the prose after it', () => {
    const commands = [['eval-magic', 'judge', 'workspace'], ['eval-magic', 'judge', 'ws', '--treatment', 'new', '--control', 'baseline'], ['eval-magic', 'judge', 'ws', '--evals', 'evals']];
    const wrapped: string[][] = [];
    for (const argv of commands) {
      for (let pad = 0; pad < WIDTH; pad++) {
        const lines = wrap(`Eval explain: ${'x'.repeat(pad)} short (llm_judge) was not graded in 1 of 1 with_skill runs (one judgment failed: run ${argv.join(' ')} to make it again); ungraded.`, '    ', '    ');
        assert.ok(lines.some((l) => l.includes(argv.join(' '))), `a command that fits a line is on one:\n${lines.join('\n')}`);
        wrapped.push(lines);
      }
    }
    // The command as printed: from eval-magic to before the prose after it.
    const read = argvsOf(wrapped.map((lines) => {
      const text = lines.join('\n').slice(lines.join('\n').indexOf('eval-magic judge'));
      return text.slice(0, text.search(/\s+to\s/));
    }));
    read.forEach((got, i) => assert.deepEqual(got, commands[Math.floor(i / WIDTH)], wrapped[i]!.join('\n')));
  });

  it("a command opening a parenthesis (artifacts-excluded's '(eval-magic check … names them)') is kept whole as any other (it wrapped as prose: a copy ran `eval-magic check` alone; review20)", () => {
    const argv = ['eval-magic', 'check', 'my workspace/.eval-magic/csv-reports/iteration-1/eval-add-column/with_skill/run-2/conversation.json', '--config', 'eval magic.config.json'];
    const command = [argv[0]!, argv[1]!, ...argv.slice(2).map(shellWord)].join(' ');
    const wrapped: string[][] = [];
    for (let pad = 0; pad < WIDTH; pad += 3) {
      const lines = wrap(`1 artifact of eval add-column failed check and is left out of the numbers: ${'x '.repeat(pad / 3)}check found 3 errors in its conversation.json, in with_skill run 2 (${command} names them).`, '    ', '    ');
      if (terminalWidth(command) + 1 <= WIDTH - 4) assert.ok(lines.some((l) => l.includes(command)), `a command that fits a line is on one:\n${lines.join('\n')}`);
      wrapped.push(lines);
    }
    const read = argvsOf(wrapped.map((lines) => {
      const text = lines.join('\n');
      const start = text.indexOf('(eval-magic') + 1;
      return text.slice(start, text.indexOf(' names them', start));
    }));
    read.forEach((got, i) => assert.deepEqual(got, argv, wrapped[i]!.join('\n')));
  });

  it('prose, an apostrophe and a quoted phrase in it wrap as words, as before', () => {
    const text = `${"the harness's default model and the judge's answer ".repeat(4)}'quoted phrase' end`;
    const lines = wrap(text);
    assert.deepEqual(lines.join(' ').replace(/ +/g, ' '), text);
    for (const line of lines) assert.ok(terminalWidth(line) <= WIDTH, line);
    assert.ok(lines.length > 1);
  });
});
