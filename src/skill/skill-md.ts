// A SKILL.md's name as campaign reads it (the head of the file, its front matter's `name`), and
// the skills of a skills folder that a name reaches: one rule for campaign's isolation check and
// the judge's plan (../campaign/isolation.ts, ../judge/user-skills.ts).
import { closeSync, constants, fstatSync, lstatSync, openSync, readdirSync, readSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml, parseDocument } from 'yaml';
import { UsageError } from '../errors.js';
import { FRONT_MATTER, FRONT_MATTER_IN_HEAD } from './front-matter.js';

/** The `name` in the front matter of the SKILL.md at `path`, or undefined when there is none to read. */
export function peekSkillName(path: string): string | undefined {
  try {
    if (!lstatSync(path).isFile()) return undefined;
    return readFrontMatterName(readHead(path), path);
  } catch {
    return undefined;
  }
}

/** The skills in the skills folder `place` that the name `name` would reach: a folder of that name, or one whose SKILL.md names it. */
export function skillsNamed(place: string, name: string): string[] {
  let entries;
  try {
    // Followed if it is a link: a skills folder linked to a dotfiles repository is still read by the CLI.
    entries = readdirSync(place, { withFileTypes: true });
  } catch {
    return [];
  }
  const found: string[] = [];
  for (const entry of entries) {
    const path = join(place, entry.name);
    if (entry.name === name || peekSkillName(join(path, 'SKILL.md')) === name) found.push(path);
  }
  return found;
}

/** How much of a SKILL.md is read for its front matter: the body is the agent's, and may be huge. */
const HEAD_BYTES = 1 << 20;

/** The first HEAD_BYTES of a file, and whether that is all of it. */
export interface Head {
  text: string;
  whole: boolean;
}

/** Reads the head of the regular file at `path` (a link is not followed, a FIFO never blocks). */
export function readHead(path: string): Head {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  try {
    if (!fstatSync(fd).isFile()) throw new Error(`${path} is not a regular file`);
    const bytes = Buffer.alloc(HEAD_BYTES + 1);
    let length = 0;
    for (let n; length < bytes.length && (n = readSync(fd, bytes, length, bytes.length - length, null)) > 0; ) length += n;
    return { text: bytes.subarray(0, Math.min(length, HEAD_BYTES)).toString('utf8'), whole: length <= HEAD_BYTES };
  } finally {
    closeSync(fd);
  }
}

/** The front matter's `name` (YAML between the opening `---` line and the next one, within the head). */
export function readFrontMatterName(head: Head, shown: string, nothing = '(nothing was run)'): string {
  const match = (head.whole ? FRONT_MATTER : FRONT_MATTER_IN_HEAD).exec(head.text);
  if (!match && !head.whole) throw new UsageError(`${shown} has no front matter that ends within its first ${HEAD_BYTES / 2 ** 20} MiB (a first line "---", the YAML with name and description, then "---") ${nothing}`);
  if (!match && /^\uFEFF?---[ \t]*\r?\n/.test(head.text)) throw new UsageError(`${shown}:1:1: its front matter, opened by the "---" of line 1, has no closing "---" line ${nothing}`);
  if (!match) throw new UsageError(`${shown} has no front matter (a first line "---", the YAML with name and description, then "---") ${nothing}`);
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    // Placed in the file: the YAML starts on its second line (after "---").
    const at = (error as { linePos?: Array<{ line: number; col: number }> }).linePos?.[0];
    const where = at ? `${shown}:${at.line + 1}:${at.col}` : shown;
    const what = (error as Error).message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '');
    throw new UsageError(`${where}: the front matter is not valid YAML: ${what} ${nothing}`);
  }
  // Placed in the file: the YAML starts on its second line (after "---").
  const place = (offset: number) => {
    const before = match[1]!.slice(0, offset);
    return `${shown}:${before.split('\n').length + 1}:${offset - before.lastIndexOf('\n')}`;
  };
  if (data !== null && data !== undefined && (typeof data !== 'object' || Array.isArray(data))) throw new UsageError(`${place(0)}: the front matter is ${yamlKind(data)}, not a mapping with name and description ${nothing}`);
  const name = (data as Record<string, unknown> | null | undefined)?.name;
  if (name === undefined || name === null) throw new UsageError(`${shown}: the front matter has no "name" ${nothing}`);
  if (typeof name !== 'string' || name.trim() === '') {
    const node = parseDocument(match[1]!).get('name', true) as { range?: [number, number, number] } | undefined;
    const at = node?.range !== undefined ? place(node.range[0]) : shown;
    throw new UsageError(`${at}: the front matter's "name" is ${typeof name === 'string' ? 'blank' : `${yamlKind(name)}, not text`} ${nothing}`);
  }
  return name;
}

/** What a YAML value is, in words. */
function yamlKind(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'number') return 'a number';
  if (typeof value === 'boolean') return 'true or false';
  if (typeof value === 'object' && value !== null) return 'a mapping';
  return 'text';
}
