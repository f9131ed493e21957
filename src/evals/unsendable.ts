// Characters no agent can receive as written, whatever the delivery: shared by the checker's
// prompt-characters rule and the runner's check before round 1, so both refuse the same texts.

/** The first such character of a text: where it is (a character, that is a code point, counted from 1). */
export type Unsendable = { kind: 'nul'; at: number } | { kind: 'lone-surrogate'; at: number; code: string };

/**
 * The first NUL (no command-line argument carries one, and agents read their text as C strings)
 * or, when there is none, the first lone UTF-16 surrogate (UTF-8 cannot encode it: the agent
 * would receive U+FFFD) in `text`; undefined when there is neither.
 */
export function findUnsendable(text: string): Unsendable | undefined {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) return { kind: 'nul', at: characterNumber(text, nul) };
  const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.exec(text);
  if (lone) return { kind: 'lone-surrogate', at: characterNumber(text, lone.index), code: `\\u${text.charCodeAt(lone.index).toString(16).toUpperCase()}` };
  return undefined;
}

/** The position a person counts of the character at UTF-16 index `index`: code points from 1, so an emoji before it counts once. */
function characterNumber(text: string, index: number): number {
  return [...text.slice(0, index)].length + 1;
}
