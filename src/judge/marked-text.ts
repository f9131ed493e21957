// A text being blinded, with the spans blinding's own marks fill (`the-run`, `<run>`,
// `[withheld]`, `iteration`): the skill's name is looked for around them, never in them, so a skill
// named `run` leaves `the-run` as the mark it is (blinding.ts).

/** A text, and the spans of it ([start, end), in order, apart) that blinding's marks fill. */
export interface MarkedText {
  text: string;
  marks: ReadonlyArray<readonly [number, number]>;
}

/** `marked` with each occurrence of `pattern` (a text, or a global RegExp) outside its marks replaced by the mark `token` (or what it gives for the occurrence). */
export function replaceUnmarked(marked: MarkedText, pattern: string | RegExp, token: string | ((found: string) => string)): MarkedText {
  const { text, marks } = marked;
  const found = typeof pattern === 'string' ? occurrences(text, pattern) : [...text.matchAll(pattern)].map((m): [number, number] => [m.index, m.index + m[0].length]);
  if (found.length === 0) return marked;
  let out = '';
  let copied = 0;
  let m = 0;
  const next: Array<readonly [number, number]> = [];
  // The marks before `to`, where the text copied so far puts them.
  const keepMarksBefore = (to: number) => {
    for (; m < marks.length && marks[m]![1] <= to; m++) next.push([marks[m]![0] - copied + out.length, marks[m]![1] - copied + out.length]);
  };
  for (const [start, end] of found) {
    if (end === start || start < copied) continue;
    keepMarksBefore(start);
    if (m < marks.length && marks[m]![0] < end) continue;
    out += text.slice(copied, start);
    const mark = typeof token === 'string' ? token : token(text.slice(start, end));
    copied = end;
    next.push([out.length, out.length + mark.length]);
    out += mark;
  }
  keepMarksBefore(Infinity);
  return { text: out + text.slice(copied), marks: next };
}

/** Where `part` occurs in `text`, each after the one before. */
function occurrences(text: string, part: string): Array<[number, number]> {
  const found: Array<[number, number]> = [];
  if (part.length === 0) return found;
  for (let at = text.indexOf(part); at !== -1; at = text.indexOf(part, at + part.length)) found.push([at, at + part.length]);
  return found;
}
