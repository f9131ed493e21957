// How a message names an option: as the library spells it (`task`, `allowEmpty`) or as the
// CLI's flag (`--task`, `--allow-empty`), so each caller reads the names it used. A command keeps
// one table of both; its library entry passes the library's names down to whatever writes a
// message, its CLI handler the flags.

/** The name each option of `K` has in a message. */
export type OptionNames<K extends string> = Readonly<Record<K, string>>;

/** One command's options named both ways. */
export interface OptionNaming<K extends string> {
  /** As the library's options are spelt. */
  library: OptionNames<K>;
  /** As the CLI's flags are. */
  flags: OptionNames<K>;
}

/**
 * A command's naming from its flags: in the library each option is named by its own key, unless
 * `library` words it otherwise (`allowEmpty: true`).
 */
export function optionNaming<K extends string>(flags: Record<K, string>, library: Partial<Record<K, string>> = {}): OptionNaming<K> {
  const keys = Object.keys(flags) as K[];
  return { flags, library: Object.fromEntries(keys.map((key) => [key, library[key] ?? key])) as Record<K, string> };
}
