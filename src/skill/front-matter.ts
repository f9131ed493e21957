// A SKILL.md's front matter, as campaign reads a skill's name from it and the judge withholds its
// values: one rule of where it starts and ends, for both.

/** The YAML between a SKILL.md's opening `---` line and the next one (which may end the file). */
export const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(\r?\n|$)/;
/** The same, in a head cut short: its end is no end of the file for a closing `---` to stand on. */
export const FRONT_MATTER_IN_HEAD = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*\r?\n/;

/** The YAML of a whole SKILL.md text's front matter, or undefined when it has none. */
export function frontMatterOf(text: string): string | undefined {
  return FRONT_MATTER.exec(text)?.[1];
}
