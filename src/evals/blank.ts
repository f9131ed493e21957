// Rust's notion of "blank" text (`str::trim().is_empty()`), shared by evals validation and the runner.

// Rust's trim() strips Unicode White_Space; JS trim() also strips U+FEFF, which Rust keeps (spec §4).
const BLANK = /^\p{White_Space}*$/u;

/** True when `text` is empty or only Unicode White_Space, as Rust's `trim().is_empty()` decides. */
export function isBlank(text: string): boolean {
  return BLANK.test(text);
}
