// Rust's notion of "blank" text (`str::trim().is_empty()`), shared by evals validation and the runner.

// Rust's trim() strips Unicode White_Space; JS trim() also strips U+FEFF, which Rust keeps (spec §4).
const BLANK = /^\p{White_Space}*$/u;

/** True when `text` is empty or only Unicode White_Space, as Rust's `trim().is_empty()` decides. */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}

/** Unicode White_Space: every code point is in the BMP, so one UTF-16 unit each. */
const WHITE_SPACE_CHAR = /^\p{White_Space}$/u;

/**
 * `text` without trailing Unicode White_Space, as Rust's `trim_end()`. A scan from the end, one
 * character at a time: `replace(/\s+$/)` restarts at every space of a long run and is quadratic.
 */
export function trimEndWhiteSpace(text: string): string {
  let end = text.length;
  while (end > 0 && WHITE_SPACE_CHAR.test(text[end - 1]!)) end--;
  return text.slice(0, end);
}
