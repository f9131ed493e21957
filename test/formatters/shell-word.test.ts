// shellWord: every word, printed for the user to copy into a shell, reads back as itself — in bash,
// in dash (this machine's sh, which reads no ANSI-C quotes), in zsh where installed — and shows no
// control or bidi character raw.
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { escapeTerminal, shellOptionWords, shellWord } from '../../src/text/escape.js';

/** The words `shell` reads from `text`, each as it arrives in argv. */
const wordsOf = (shell: string, text: string) => execFileSync(shell, ['-c', `printf '%s\\0' ${text}`], { encoding: 'utf8' }).split('\0').slice(0, -1);

/**
 * The words `shell` reads from each of `texts`, each text the whole argument list of a command on
 * a line of its own, all in one shell: a shell a text (~100 forks of a quick-tier process, each
 * copying its page tables) was most of the quick tier's time in child processes, and a text that
 * leaks past its line (an open quote, a trailing backslash) shows as words in the wrong place or a
 * syntax error.
 */
const wordsOfEach = (shell: string, texts: string[]) =>
  execFileSync(shell, ['-c', texts.map((text) => `printf '%s\\0' ${text}\nprintf '\\036'`).join('\n')], { encoding: 'utf8' })
    .split('\u001e')
    .slice(0, -1)
    .map((words) => words.split('\0').slice(0, -1));

const WORDS = [
  'plain', 'a b', "it's", '-x', '--treatment=-x', '$HOME', '`id`', '*.json', '~', 'é ü', 'a=b', '=ls', '=', '%1', '!', '\\', 'a\\nb', "'", '"', '$(id)',
  // Controls and bidi characters: shown escaped, read back whole — first, last, alone, in runs, beside quotes.
  'line\nbreak', 'tab\there', '\u202eevil', 'x\u2066y\u2069', '\u001b[31mred', 'del\u007f', 'c1\u0085', "it's\n", 'end\n', 'end\n\n', '\n', '\nstart', '\r\n', "a'\u202e'b", '\u200f%1',
  // Invisible: a zero-width space, a byte-order mark, tag characters (two code units each).
  'zero\u200bwidth', '\ufeffbom', 'tag\u{e0068}\u{e0069}',
  // GitHub workflow commands (a CI log reads `::` at a line's start and `##[` anywhere): printed without the mark, read back whole.
  '::error::x', 'a::b', ':::', '::stop-commands::tok', 'x ##[error]y', '###[', '\u202e::error::x',
];

const shells = ['bash', 'sh', ...(spawnSync('zsh', ['-c', 'true']).status === 0 ? ['zsh'] : [])];

describe('shellWord', () => {
  for (const shell of shells) {
    it(`${shell} reads every word back unchanged`, () => {
      const words = WORDS.filter((w) => w !== '');
      assert.deepEqual(wordsOf(shell, words.map(shellWord).join(' ')), words);
      const readAlone = wordsOfEach(shell, words.map(shellWord));
      assert.equal(readAlone.length, words.length);
      words.forEach((word, i) => assert.deepEqual(readAlone[i], [word], JSON.stringify(word)));
    });
  }

  it('prints no control or bidi character raw, but for a line feed ending the word', () => {
    for (const word of WORDS) {
      const printed = shellWord(word).replace(/\n+'$/, "'");
      assert.equal(escapeTerminal(printed), printed, JSON.stringify(word));
    }
  });

  it("quotes a leading '=' (zsh reads =cmd as the command's path) and leaves one inside a word bare", () => {
    assert.equal(shellWord('=ls'), "'=ls'");
    assert.equal(shellWord('--config=a.json'), '--config=a.json');
  });
});

describe('shellOptionWords', () => {
  it('an option and each value a shell reads back as that option with that value: a value starting with "-" joined with "=", so no option parser takes it for an option', () => {
    const values = WORDS.filter((w) => w !== '');
    const read = wordsOfEach('sh', values.map((value) => shellOptionWords('--ignore', value)));
    values.forEach((value, i) => assert.deepEqual(read[i], value.startsWith('-') ? [`--ignore=${value}`] : ['--ignore', value], JSON.stringify(value)));
  });
});
