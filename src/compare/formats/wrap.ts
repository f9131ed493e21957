// Prose wrapped for the terminal, within WIDTH columns — but never a printed command broken where
// a shell would read it otherwise: a word quoted by shellWord (text/escape.ts) is never split at
// its spaces or cut in pieces, and an `eval-magic …` command is kept on one line, or, longer than
// a line, broken only between its words with a ` \` that the shell reads as a continuation — so
// what is copied from the terminal runs the command compare printed.
import { graphemes, graphemeWidth, terminalWidth } from '../../formatters/terminal-width.js';

/** The terminal's width the output keeps to: tables are narrow, prose is wrapped. */
export const WIDTH = 100;

/** `text` in pieces of at most `size` terminal columns, never splitting a character (an id has no spaces to wrap at). */
export function chunks(text: string, size: number): string[] {
  const pieces = [''];
  let width = 0;
  for (const g of graphemes(text)) {
    const w = graphemeWidth(g);
    if (width + w > size && width > 0) {
      pieces.push('');
      width = 0;
    }
    pieces[pieces.length - 1] += g;
    width += w;
  }
  return pieces;
}

/** A word of the text; `shell`: quoted as a shell reads it (never split or cut). */
interface Word {
  text: string;
  shell: boolean;
}

/**
 * The text's words, split at each space (two spaces give an empty word, kept as the text has it)
 * — but a word that opens with a quote, as shellWord writes one (`'my evals/evals.json'`,
 * `"$(printf '\342\200\256')"'x'`), runs to where the shell ends it, its quoted spaces inside. An
 * opening quote never closed is prose (an apostrophe): the word ends at the next space.
 */
function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  let i = 0;
  while (i <= text.length) {
    const space = text.indexOf(' ', i);
    const plainEnd = space === -1 ? text.length : space;
    const quoted = text[i] === "'" || text[i] === '"' ? shellWordEnd(text, i) : undefined;
    const end = quoted ?? plainEnd;
    words.push({ text: text.slice(i, end), shell: quoted !== undefined });
    i = end + 1;
  }
  return words;
}

/** Where the shell word starting at `start` ends (a space or the text's end), or undefined when a quote in it is never closed. */
function shellWordEnd(text: string, start: number): number | undefined {
  let i = start;
  while (i < text.length && text[i] !== ' ') {
    const ch = text[i]!;
    if (ch === "'" || ch === '"') {
      // Single quotes hold anything; shellWord's double quotes hold a $(printf '…') without a double quote.
      const close = text.indexOf(ch, i + 1);
      if (close === -1) return undefined;
      i = close + 1;
    } else i += ch === '\\' ? 2 : 1;
  }
  return Math.min(i, text.length);
}

/** eval-magic's commands, after which a printed command is read. */
const SUBCOMMANDS: ReadonlySet<string> = new Set(['check', 'run', 'campaign', 'compare', 'judge', 'init', 'harness', 'rules']);
/** A word of prose after a command ("to", "them)."): two in a row end the command before them. */
const PROSE = /^[a-z]+[).,;:]*$/;

/**
 * The words as wrapped units: each word alone, but an `eval-magic <command> …` one unit, from
 * `eval-magic` (or `(eval-magic`) to the word that ends its clause (`…json';`, `x)`), or to before two words of prose
 * in a row (`to make it again`), or to the text's end — but its first operand and a flag's value
 * are the command's whatever they read as (`judge workspace to make it again`, `--control
 * baseline to …`: cut before them, a copy of the line ran another command). Taken generously: a
 * word of prose kept in a command only keeps a line whole.
 */
function unitsOf(words: readonly Word[]): Word[][] {
  const units: Word[][] = [];
  for (let i = 0; i < words.length; i++) {
    // A command may open a parenthesis of the prose ("(eval-magic check … names them)").
    if ((words[i]!.text !== 'eval-magic' && words[i]!.text !== '(eval-magic') || !SUBCOMMANDS.has(words[i + 1]?.text ?? '')) {
      units.push([words[i]!]);
      continue;
    }
    let end = i + 2;
    const commandWord = (k: number) => k === i + 2 || /^--?[a-z][a-z-]*$/.test(words[k - 1]!.text);
    while (end < words.length && words[end]!.text !== '' && (commandWord(end) || !(PROSE.test(words[end]!.text) && PROSE.test(words[end + 1]?.text ?? 'x y'))) && !/[;:,)]$/.test(words[end - 1]!.text)) end++;
    units.push(words.slice(i, end));
    i = end - 1;
  }
  return units;
}

/** `lead` + `text` in lines of at most WIDTH columns (a word longer than a line is cut in pieces, but for a shell word); later lines indented by `indent`. */
export function wrap(text: string, indent = '  ', lead = ''): string[] {
  const lines: string[] = [];
  let line = lead;
  // The line's width kept as words are added: measuring the whole line again for each word was quadratic.
  let width = terminalWidth(lead);
  // No word on the line yet (only its lead or indent): the next one takes no space before it.
  let empty = true;
  const indentWidth = terminalWidth(indent);
  const room = WIDTH - Math.max(indentWidth, width);
  const fits = (words: number) => (empty ? width + words : width + 1 + words) <= WIDTH;
  const add = (word: string, words: number) => {
    line = empty ? line + word : `${line} ${word}`;
    width += (empty ? 0 : 1) + words;
    empty = false;
  };
  const newLine = (end = '') => {
    lines.push(line.trimEnd() + end);
    [line, width, empty] = [indent, indentWidth, true];
  };
  for (const unit of unitsOf(wordsOf(text))) {
    if (unit.length === 1) {
      const word = unit[0]!;
      for (const piece of !word.shell && terminalWidth(word.text) > room ? chunks(word.text, room) : [word.text]) {
        const words = terminalWidth(piece);
        if (!fits(words) && line.trim() !== '') newLine();
        add(piece, words);
      }
      continue;
    }
    // A command: on this line when it fits, else on a line of its own; longer than a line, from
    // here, broken between its words with " \" (a shell reads the next line on, its indent a space).
    const whole = unit.map((w) => w.text).join(' ');
    const wholeWidth = terminalWidth(whole);
    if (!fits(wholeWidth) && line.trim() !== '' && indentWidth + wholeWidth <= WIDTH) newLine();
    if (fits(wholeWidth)) {
      add(whole, wholeWidth);
      continue;
    }
    unit.forEach((word, k) => {
      const words = terminalWidth(word.text);
      // Room for " \\" after it, but for the command's last word; before its first, the line is prose.
      if (!empty && width + 1 + words + (k === unit.length - 1 ? 0 : 2) > WIDTH) newLine(k === 0 ? '' : ' \\');
      add(word.text, words);
    });
  }
  lines.push(line);
  return lines;
}
