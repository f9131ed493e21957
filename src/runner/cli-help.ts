// Reads a CLI's `--help` text (commander, clap and yargs layouts): which options and subcommands it accepts.

/** What one help page says a command accepts. */
export interface HelpPage {
  /** Option name (`--model`, `-m`) → whether it takes a value: "required", "optional" or "none". */
  options: Map<string, 'required' | 'optional' | 'none'>;
  subcommands: Set<string>;
}

const OPTION_LINE = /^\s*-{1,2}[A-Za-z0-9]/;
const OPTION_TOKEN = /(?:^|[\s,|])(-{1,2}[A-Za-z0-9][\w-]*)/g;
/** yargs puts the type at the end of the line (or alone on the next one). */
const YARGS_VALUE_TYPE = /\[(string|number|array|count)\]/;
const SECTION_HEADER = /^\S.*:\s*$/;

/**
 * Parses a help page. An option is a line that starts with `-x`/`--xx` (descriptions that merely
 * mention a flag do not count); its head (text before the first run of two spaces) says whether
 * it takes a value: `<value>`, `=VALUE` or an upper-case name (commander, clap), `[value]`
 * (optional), or a yargs type tag. Subcommands are the entries of a "Commands:" section.
 */
export function parseHelp(text: string, program: string): HelpPage {
  const page: HelpPage = { options: new Map(), subcommands: new Set() };
  const lines = text.split(/\r?\n/);
  let inCommands = false;
  let commandIndent: number | undefined;
  lines.forEach((line, i) => {
    if (SECTION_HEADER.test(line)) {
      inCommands = /^(sub)?commands:\s*$/i.test(line.trim());
      commandIndent = undefined;
      return;
    }
    if (line.trim() === '') return;
    if (inCommands) {
      const indent = line.length - line.trimStart().length;
      commandIndent ??= indent;
      if (indent !== commandIndent) return; // a wrapped description
      const words = line.trim().split(/\s+/);
      const name = words[0] === program && words.length > 1 ? words[1]! : words[0]!;
      for (const alias of name.split('|')) if (/^[A-Za-z][\w-]*$/.test(alias)) page.subcommands.add(alias);
      return;
    }
    if (!OPTION_LINE.test(line)) return;
    const head = line.trim().split(/\s{2,}/)[0]!;
    const next = lines[i + 1] ?? '';
    const typeTag = YARGS_VALUE_TYPE.test(line) || (!OPTION_LINE.test(next) && /^\s+\[(string|number|array|count)\]/.test(next));
    // `[^<>]`, not `[^>]`: a run of "<" without a ">" would make each one scan to the end (quadratic).
    const takes = /<[^<>]+>|=\S|\s[A-Z][A-Z0-9_]*\b/.test(head) || typeTag ? 'required' : /\[[^[\]]+\]/.test(head) ? 'optional' : 'none';
    for (const [, name] of head.matchAll(OPTION_TOKEN)) page.options.set(name!, takes);
  });
  return page;
}

/** A problem with one element of an argv template. */
export interface TemplateProblem {
  index: number;
  element: string;
  /** The subcommand path whose help page was read, e.g. ["exec", "resume"]. */
  command: string[];
}

/**
 * Walks an argv template the way the CLI would parse it and returns the options its help pages
 * do not list. `help(path)` gives the page of a subcommand path (memoised by the caller). A bare
 * word that is a subcommand of the current page descends into it; `--` ends option parsing.
 */
export async function findUnknownOptions(template: readonly string[], help: (path: string[]) => Promise<HelpPage>): Promise<{ unknown: TemplateProblem[]; commands: string[][] }> {
  const path: string[] = [];
  const commands: string[][] = [[]];
  let page = await help(path);
  const unknown: TemplateProblem[] = [];
  let positionals = 0;
  for (let i = 0; i < template.length; i++) {
    const element = template[i]!;
    if (element === '--') break;
    if (/^-{1,2}[A-Za-z0-9]/.test(element)) {
      const name = element.split('=')[0]!;
      const takes = page.options.get(name);
      if (takes === undefined) unknown.push({ index: i, element, command: [...path] });
      else if (!element.includes('=') && (takes === 'required' || (takes === 'optional' && !(template[i + 1] ?? '-').startsWith('-')))) i++;
      continue;
    }
    if (positionals === 0 && page.subcommands.has(element)) {
      path.push(element);
      commands.push([...path]);
      page = await help(path);
      continue;
    }
    positionals++;
  }
  return { unknown, commands };
}
