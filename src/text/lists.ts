// Lists said in a sentence.

/** Items as a sentence lists them ("a", "a and b", "a, b and c"): the last joined by "and", whatever commas the items hold. */
export function andList(items: readonly string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}`;
}
