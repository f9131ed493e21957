// shellWord: every word, printed for the user to copy into a shell, reads back as itself.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { describe, it } from 'node:test';
import { shellWord } from '../../src/text/escape.js';

/** The words `shell` reads from `text`, each as it arrives in argv. */
const wordsOf = (shell: string, text: string) => execFileSync(shell, ['-c', `printf '%s\\0' ${text}`], { encoding: 'utf8' }).split('\0').slice(0, -1);

const WORDS = ['plain', 'a b', "it's", '-x', '--treatment=-x', '$HOME', '`id`', '*.json', '~', 'line\nbreak', 'tab\there', '\u202eevil', 'é ü', 'a=b', '=ls', '=', '%1', '!', ''];

describe('shellWord', () => {
  it('bash reads every word back unchanged', () => {
    const words = WORDS.filter((w) => w !== '');
    assert.deepEqual(wordsOf('bash', words.map(shellWord).join(' ')), words);
  });

  // A word with a control or bidi character goes in ANSI-C quotes ($'…'), which this sh (dash) does not read.
  it('sh reads back every word without such a character', () => {
    const words = WORDS.filter((w) => w !== '' && !/[\n\t\u202e]/.test(w));
    assert.deepEqual(wordsOf('sh', words.map(shellWord).join(' ')), words);
  });

  it("quotes a leading '=' (zsh reads =cmd as the command's path) and leaves one inside a word bare", () => {
    assert.equal(shellWord('=ls'), "'=ls'");
    assert.equal(shellWord('--config=a.json'), '--config=a.json');
  });
});
