// What the judge must not learn about the run it grades: the arm (campaign's four condition
// names, and the iteration's own), where the run lives, the skill's name and its SKILL.md text.
// Every text of the packet, and every name and text of the task copy its judge works in
// (task-copy.ts), goes through one Blinder.
import { parse as parseYaml } from 'yaml';
import { frontMatterOf } from '../skill/front-matter.js';
import { isHump, standsAsName, type NameShape } from './name-edges.js';
import { replaceUnmarked, type MarkedText } from './marked-text.js';
import { MARKED_TEXT, StatedLines } from './stated-line.js';

/** The neutral token that stands for the skill's name, as a name written `skill-name` reads: {@link placeholder} spells it as the name was. */
export const SKILL_TOKEN = 'the-skill';
/** The placeholder's words, which {@link placeholder} joins and cases as the skill's name was written. */
const PLACEHOLDER_WORDS = ['the', 'skill'] as const;
/**
 * What joins the placeholder's words in place of a name of one word (`pdf`, `tests`), which has no
 * separator of its own to follow: `_`, which JS, TS, Python and shell identifiers and every file
 * system take (`pdf = open(…)` must not become `the-skill = open(…)`).
 */
const ONE_WORD_SEPARATOR = '_';
/** What replaces a path leading into the run's folder (its task folder becomes `.`). */
const RUN_TOKEN = '<run>';
/** What replaces the workspace's path: it names the arms' parent folder, and often the skill. */
const WORKSPACE_TOKEN = '<workspace>';
/** What replaces the folder of the agent's session beside its work folder (its CLI's store, its home). */
const SESSION_TOKEN = '<session>';
/** What replaces the folder every session's folder is made in, whose name says `eval-magic`. */
const SESSIONS_TOKEN = '<sessions>';
/**
 * Where a path replaced ends: not before a character that goes on with a folder's name (a letter,
 * digit, `_`, `-`, or a `.` before one), so a workspace `/w/ws` leaves its sibling `/w/ws-old` whole.
 */
const PATH_END = String.raw`(?![\p{L}\p{N}_-]|\.[\p{L}\p{N}_-])`;
/** What replaces an arm's name. */
export const ARM_TOKEN = 'the-run';
/** What replaces a line of SKILL.md quoted in the conversation. */
export const WITHHELD = '[withheld]';

/** The first words of campaign's arm names, each followed by `skill`. */
const ARM_WORDS = ['with', 'without', 'new', 'old'] as const;
/**
 * Every arm name campaign uses, in any case, its words joined by `_` as campaign writes them, by
 * `-`, or by nothing (`withSkill`, `NewSkill`, `withskill`): none may reach the judge, whichever arm
 * it grades — but two words apart (`with skill`) are prose. Bounded by letters only, not `\b`:
 * `\b` counts `_` and digits as part of a word, so `out_with_skill` or `WITH_SKILL_2` would reach
 * the judge as written.
 */
const ARM_NAMES = new RegExp(`(?<![a-z])(?:${ARM_WORDS.join('|')})[-_]?skill(?![a-z])`, 'gi');
/**
 * Campaign's arm names in camel case inside an identifier, where a hump bounds them (`isWithSkill`,
 * `withSkillV2`): case-sensitive, so looked for apart from {@link ARM_NAMES}, after it.
 */
const ARM_NAMES_AT_HUMPS = new RegExp(`(?<![A-Z])(?:${ARM_WORDS.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('|')})Skill(?![a-z])|(?<![A-Za-z])(?:${ARM_WORDS.join('|')})Skill(?![a-z])`, 'g');
/** The placeholder's words for an arm's name, which {@link placeholder} joins and cases as the name was written. */
const ARM_PLACEHOLDER_WORDS = ['the', 'run'] as const;
/**
 * Other condition names (a hand-made iteration's folders, which compare and judge accept) shorter
 * than this are too likely to be words of the transcript (`a`, `b`, `v2`, `test`, `old`): they are
 * hidden only where a path names the arm's folder, and the plan says so.
 */
const MIN_CONDITION_IN_TEXT = 5;
/** What joins the words of a skill's name, however it is spelt: `-`, `_`, a space, `.`, `/`. */
const NAME_SEPARATOR = /[-_ ./]/;
/**
 * What joins two words of a name that its camel-case humps split (`LinkedIn`: `linked`, `in`): as an
 * identifier joins them, `_` or `-`, never as a phrase does — "linked in", "set up", "a star" are
 * not the skills `LinkedIn`, `SetUp`, `AStar`.
 */
const HUMP_SEPARATOR = /[-_]/;
/** An iteration folder's name, wherever a path or message carries it. */
const ITERATION_NAME = /iteration-\d+/gi;
/** Lines of SKILL.md shorter than this (front-matter delimiters, "## Steps") are too common to withhold. */
const MIN_WITHHELD_LINE = 16;
/**
 * How many times over a SKILL.md line is looked for JSON-escaped: once in a tool's arguments, twice
 * in a JSON file a tool writes (or a JSON string inside one), three times in JSON inside that.
 */
const JSON_ESCAPE_LEVELS = 3;
/** A `key: value` line, as SKILL.md's front matter holds them: the value. */
const FIELD_VALUE = /^[A-Za-z][\w-]*:\s*(.*)$/;

/** What a Blinder hides. */
export interface BlindingInput {
  /** The skill's name (evals.json `skill_name`). */
  skillName: string;
  /** The names the runs' skill was staged under, when another (campaign.json's `skill.name`: evals.json's `skill_name` edited since): hidden too. */
  stagedSkillNames?: readonly string[];
  /** The run's task folder, absolute (its real path too, when it differs): replaced by `.`. */
  taskDirs: readonly string[];
  /** The run's and its iteration's folders, absolute: replaced by a neutral token. */
  runDirs: readonly string[];
  /** The workspace the iteration is in, absolute (its real path too, when it differs): replaced by a neutral token. */
  workspaceDirs?: readonly string[];
  /** The folder of the agent's session that held its work folder (`<sessions>/<A>/<B>`: its CLI's store, home, temporary folders): replaced by a neutral token. */
  sessionDirs?: readonly string[];
  /** The folder the sessions' folders are made in (`<tmp>/eval-magic-sessions-<uid>`): replaced by a neutral token. */
  sessionsDirs?: readonly string[];
  /** SKILL.md texts (the skill's, the baseline's): each line long enough to be telling is withheld. */
  skillTexts: readonly string[];
  /** The iteration's condition names besides campaign's four, as {@link conditionNames} sorts them; campaign's four are always hidden. */
  conditions?: ConditionNames;
}

/** How the condition names of an iteration are hidden in one eval's packets: everywhere, or only as the arm's folder in a path. */
export interface ConditionNames {
  /** Hidden wherever they occur as a word, in any case (as campaign's four are). */
  inText: readonly string[];
  /** Hidden only as the arm's folder in a path (`eval-<id>/<name>/`, `<name>/run-<j>`), and why not elsewhere. */
  pathOnly: ReadonlyArray<{ name: string; why: PathOnlyWhy }>;
}

/** Why a condition name is hidden only as a path's folder: shorter than {@link MIN_CONDITION_IN_TEXT}, or a word of the eval's criteria. */
export type PathOnlyWhy = 'short' | 'criteria';

/** How many evals {@link pathOnlyReason} names before it counts the rest. */
const EVALS_NAMED = 5;

/**
 * Why a condition name is hidden only as a path's folder, as the plan says it: a short name in every
 * judgment; a word of the criteria only in the judgments of the evals whose own texts hold it (`evalIds`).
 */
export function pathOnlyReason(why: PathOnlyWhy, evalIds: readonly string[]): string {
  if (why === 'short') return `shorter than ${MIN_CONDITION_IN_TEXT} characters`;
  const one = evalIds.length === 1;
  const named = evalIds.slice(0, EVALS_NAMED).map((id) => JSON.stringify(id));
  const listed = evalIds.length > EVALS_NAMED ? `${named.join(', ')} and ${evalIds.length - EVALS_NAMED} more` : named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)!}` : named.join('');
  return `in the judgments of eval${one ? '' : 's'} ${listed}: a word of ${one ? 'its' : 'their'} own task, follow-ups, expected output or rubric`;
}

/**
 * Sorts an iteration's condition names (its arms' folder names) by how they can be hidden in one
 * eval's packets. A name of campaign's four needs nothing (hidden always). Another is hidden in the
 * text unless it is shorter than {@link MIN_CONDITION_IN_TEXT} characters, or a word of the texts
 * the judge reads as its criteria (`criteria`: that eval's prompt, follow-ups, expected output and
 * rubrics): blanked there, the judge would grade a changed task; and an agent answering it uses the
 * word in both arms alike. Only the eval's own texts: so a packet is the same whichever other evals
 * a command judges.
 */
export function conditionNames(names: Iterable<string>, criteria: readonly string[]): ConditionNames {
  const inText: string[] = [];
  const pathOnly: Array<{ name: string; why: PathOnlyWhy }> = [];
  for (const name of [...new Set(names)].sort()) {
    if (name.length === 0 || new RegExp(`^(?:${ARM_NAMES.source})$`, 'i').test(name)) continue;
    if ([...name].length < MIN_CONDITION_IN_TEXT) pathOnly.push({ name, why: 'short' });
    else if (criteria.some((text) => new RegExp(wordSource(name), 'iu').test(text))) pathOnly.push({ name, why: 'criteria' });
    else inText.push(name);
  }
  return { inText, pathOnly };
}

/**
 * A condition name as a word, in any case: not inside a longer run of its edge characters' kind
 * (a name ending in a letter is not matched before a letter, one ending in a digit not before a
 * digit). As campaign's names are matched: `baseline_2` and `BASELINE` hold it, `baselines` does not.
 */
function wordSource(name: string): string {
  const edge = (char: string) => (/\p{L}/u.test(char) ? '\\p{L}' : /\p{N}/u.test(char) ? '\\p{N}' : undefined);
  const chars = [...name];
  const before = edge(chars[0]!);
  const after = edge(chars[chars.length - 1]!);
  return `${before ? `(?<!${before})` : ''}${escapeRegExp(name)}${after ? `(?!${after})` : ''}`;
}

/** What stands before a path's folder: the text's start, a space, a quote, a bracket, `=`, `:`, `,`, or a separator. */
const BEFORE_FOLDER = String.raw`(?:^|[\s"'\x60(\[{=:,]|[/\\])`;
/** What stands after a path's folder: a separator, the end, a space, a quote, a bracket, `,`, `;`, `:`. */
const AFTER_FOLDER = String.raw`(?=$|[/\\\s"'\x60)\]},;:])`;

/** A condition name as the arm's folder in a path: after an `eval-<id>/` folder, or before a `run-<j>` one. */
function folderPattern(name: string): string {
  const n = escapeRegExp(name);
  return String.raw`(?<=${BEFORE_FOLDER}eval-[^/\\\s]+[/\\])${n}${AFTER_FOLDER}|(?<=${BEFORE_FOLDER})${n}(?=[/\\]run-[1-9])`;
}

/** A text of SKILL.md the packet must not hold. */
interface WithheldText {
  /** As it is looked for. */
  text: string;
  /** What it says (unescaped). */
  said: string;
  /** The SKILL.md line it comes from, trimmed. */
  source: string;
}

/** Turns any text of the packet into its blinded form; pure and deterministic. */
export class Blinder {
  private readonly input: BlindingInput;
  /** Each path replaced, longest first: as written, as it is looked for ({@link PATH_END}), and its token. */
  private readonly paths: ReadonlyArray<{ path: string; pattern: RegExp; token: string }>;
  /** Where any name the skill goes by may stand (every spelling of each), or none: a place to try {@link names} at. */
  private readonly skillName: RegExp | undefined;
  /** Each name the skill goes by, longest first: as given, the lengths of its words, and its spellings at one place. */
  private readonly names: readonly SkillName[];
  /** Every condition name: campaign's four, then the iteration's own, as words or as folders. */
  private readonly arms: RegExp;
  /** Each withheld text — a line, its value, its text without Markdown markers, each also as JSON escapes it — with what it stands for (`said`) and its line (`source`). */
  private readonly skillLines: readonly WithheldText[];
  /** The withheld texts holding no other ({@link probesOf}): a text holding none of them holds no withheld text at all. */
  private readonly probes: readonly string[];
  /** The lines (as said) a text states, as a reader reads it stated: built once asked. */
  #stated: StatedLines | undefined;
  /** The Blinders {@link allowing} made, by the lines they show. */
  private readonly allowed = new Map<string, Blinder>();

  constructor(input: BlindingInput, skillLines?: readonly WithheldText[]) {
    // Longest first: a task folder inside the run folder is replaced before the run folder is, the
    // run folder before the workspace, the work folder before its session's folder.
    const paths: Array<[string, string]> = [
      ...input.taskDirs.map((p): [string, string] => [trimSlash(p), '.']),
      ...input.runDirs.map((p): [string, string] => [trimSlash(p), RUN_TOKEN]),
      ...(input.workspaceDirs ?? []).map((p): [string, string] => [trimSlash(p), WORKSPACE_TOKEN]),
      ...(input.sessionDirs ?? []).map((p): [string, string] => [trimSlash(p), SESSION_TOKEN]),
      ...(input.sessionsDirs ?? []).map((p): [string, string] => [trimSlash(p), SESSIONS_TOKEN]),
    ];
    this.paths = paths
      .filter(([p]) => p.length > 1)
      .sort((a, b) => b[0].length - a[0].length)
      .map(([path, token]) => ({ path, pattern: new RegExp(escapeRegExp(path) + PATH_END, 'gu'), token }));
    // Every spelling of a compound name: `zebra-notes` is also written `zebra_notes`, `Zebra Notes`,
    // `zebranotes`, and as a module or a path spells it, `zebra.notes`, `zebra/notes`; `zebraNotes`,
    // its words split at a hump, only as identifiers join them (HUMP_SEPARATOR): `zebra_notes`, `ZEBRA-NOTES`.
    // One separator at most: `zebra. Notes`, a sentence's end, is left as written. Where a spelling
    // is the name, not a part of other words, is {@link standsAsName}'s to say.
    // Each name the skill goes by, the longest first (of `notes` and `zebra-notes`, the longer is replaced whole).
    const names = [...new Set([input.skillName, ...(input.stagedSkillNames ?? [])])]
      .map((given) => ({ given, ...wordsOfName(given) }))
      .filter(({ words }) => words.length > 0)
      .sort((a, b) => b.words.join('').length - a.words.join('').length);
    const spellings = names.map(({ words, atHump }) => words.map((word, i) => `${i === 0 ? '' : `${(atHump[i - 1] ? HUMP_SEPARATOR : NAME_SEPARATOR).source}?`}${escapeRegExp(word)}`).join(''));
    this.names = names.map(({ given, words, atHump }, i) => ({
      given,
      lengths: words.map((word) => word.length),
      spelt: new RegExp(spellings[i]!, 'iy'),
      shape: { oneWord: words.length === 1, versioned: atHump.some((hump) => !hump) },
    }));
    this.skillName = spellings.length === 0 ? undefined : new RegExp(spellings.join('|'), 'gi');
    // Longest first: of `skill` and `skill-v2`, the longer is replaced whole.
    const byLength = (a: string, b: string) => b.length - a.length || (a < b ? -1 : 1);
    const conditionSources = [
      ...[...(input.conditions?.inText ?? [])].sort(byLength).map(wordSource),
      ...(input.conditions?.pathOnly ?? []).map(({ name }) => name).sort(byLength).map(folderPattern),
    ];
    // One pass, leftmost match first: an own name `skill` must not turn `with_skill` into
    // `with_the-run`; and the own names before campaign's at one place, so `with_skill_v2` is
    // replaced whole, not as `the-run_v2`.
    this.arms = conditionSources.length === 0 ? ARM_NAMES : new RegExp([...conditionSources, ARM_NAMES.source].join('|'), 'giu');
    this.input = input;
    if (skillLines !== undefined) {
      this.skillLines = skillLines;
      this.probes = probesOf(skillLines);
      return;
    }
    const lines = new Map<string, WithheldText>();
    const add = (withheld: string | undefined, source: string) => {
      // Once, from its first source: a line of a description stays that line's, so a rubric stating it lets only it through, not the whole description.
      if (withheld === undefined || withheld.length < MIN_WITHHELD_LINE || lines.has(withheld)) return;
      lines.set(withheld, { text: withheld, said: withheld, source });
      // As a tool's JSON arguments carry it (a Write of a file that quotes the line): escaped —
      // twice when the file written is JSON itself (`\\\"hello\\\"`), and so on.
      let escaped = withheld;
      for (let level = 1; level <= JSON_ESCAPE_LEVELS; level++) {
        const again = JSON.stringify(escaped).slice(1, -1);
        if (again === escaped) break;
        escaped = again;
        if (!lines.has(escaped)) lines.set(escaped, { text: escaped, said: withheld, source });
      }
    };
    for (const skillText of input.skillTexts) {
      for (const line of skillText.split(/\r?\n/)) {
        const trimmed = line.trim();
        if (/^name:/i.test(trimmed)) continue;
        // A front-matter value (the description) is what a CLI's skill list shows the agent, which
        // may quote it without its key: the value is withheld on its own too.
        const value = unquoted(FIELD_VALUE.exec(trimmed)?.[1]?.trim());
        // So is a list item's, a step's, a heading's text: an agent quotes the rule, not its bullet.
        const text = MARKED_TEXT.exec(trimmed)?.[1]?.trim();
        for (const withheld of [trimmed, value, text]) add(withheld, trimmed);
      }
      // A value written over several lines (a block scalar, `description: >` or `|`, or a plain one
      // continued): as the CLI reads it, folded or kept, and on one line as a skill list shows it,
      // so its short lines are not left between the withheld ones.
      for (const value of frontMatterValues(skillText)) {
        const oneLine = value.replace(/\s+/g, ' ').trim();
        for (const withheld of [oneLine, value.trim(), ...value.split('\n').map((part) => part.trim())]) add(withheld, oneLine);
      }
    }
    this.skillLines = [...lines.values()].sort((a, b) => b.text.length - a.text.length);
    this.probes = probesOf(this.skillLines);
  }

  /**
   * This Blinder for one packet's criteria (its rubric, the eval's expected_output): a SKILL.md
   * line they state (or its value, or its text) is not withheld anywhere in that packet, in any of
   * its forms. The judge is given its criteria
   * anyway, and withheld, it would grade a rubric of "[withheld]" — and could not see an agent
   * quote the rule the rubric asks for.
   */
  allowing(criteria: ReadonlyArray<string | undefined>): Blinder {
    const stated = new Set(criteria.flatMap((c) => (c === undefined ? [] : this.statedIn(c))));
    const shown = new Set(this.skillLines.filter(({ said }) => stated.has(said)).map(({ source }) => source));
    if (shown.size === 0) return this;
    // One Blinder per set of lines shown: the packets stating the same lines share it, and so the
    // task copy blinded by it (session.ts TaskTrees), made once for them all.
    const key = [...shown].sort().join('\u0000');
    let allowed = this.allowed.get(key);
    if (allowed === undefined) this.allowed.set(key, (allowed = new Blinder(this.input, this.skillLines.filter(({ source }) => !shown.has(source)))));
    return allowed;
  }

  /**
   * The withheld texts `text` states, each as it says it (unescaped), in any of its forms: what a
   * packet's criteria state ({@link allowing}), or the task as staged (judge/task-lines.ts), which
   * {@link allowing} is then given. Stated as a reader reads it ({@link StatedLines}: in any case, its
   * spaces run together, without its quotes or its closing punctuation), or JSON-escaped as
   * written. With `among`, only those texts (as said) are looked for.
   */
  statedIn(text: string, among?: ReadonlySet<string>): string[] {
    const stated = new Set((this.#stated ??= new StatedLines(this.skillLines.map(({ said }) => said))).in(text, among));
    // A JSON-escaped form (a JSON file of the task quoting the line) as written: no reader's form holds it.
    if (text.includes('\\')) for (const { text: escaped, said } of this.skillLines) if (escaped !== said && (among === undefined || among.has(said)) && text.includes(escaped)) stated.add(said);
    return [...stated];
  }

  /** Whether any line is withheld at all (a SKILL.md was read): without one, no text states one. */
  get withholdsLines(): boolean {
    return this.skillLines.length > 0;
  }

  /** `text` blinded; with `withheld`, each SKILL.md line (as SKILL.md writes it, trimmed) withheld from it is added there. */
  blind(text: string, withheld?: Set<string>): string {
    return this.#replaceNames(this.#marked(text, true, withheld), (name, words) => placeholder(name, words));
  }

  /**
   * The skill's names (as given) that `text` holds where blinding replaces them: the plan warns of
   * one the judge's criteria hold (plan.ts), which the judge then reads changed — a name of one word
   * (`tests`) or of more (`code-review` in "asks for a code review"). Looked for, as blinding looks,
   * after the arms and paths are replaced (`with_skill` is `the-run` there, not the skill `skill`);
   * not after lines are withheld, which the criteria's are not (Blinder.allowing).
   */
  namesIn(text: string): string[] {
    const found = new Set<string>();
    this.#replaceNames(this.#marked(text, false), (name, _words, given) => {
      found.add(given);
      return name;
    });
    return [...found];
  }

  /** `text` with what blinding replaces before the skill's name replaced (SKILL.md's lines, when `withholding`), each replacement a mark. */
  #marked(text: string, withholding: boolean, noted?: Set<string>): MarkedText {
    let out: MarkedText = { text, marks: [] };
    // Looked for first by the probes alone: most texts (a task copy's files above all) quote no line,
    // and the probes are about half the withheld texts. The replacements, when one is there, as ever.
    if (withholding && this.probes.some((probe) => text.includes(probe))) {
      for (const { text: withheld, source } of this.skillLines) {
        const next = replaceUnmarked(out, withheld, WITHHELD);
        // A mark more is a replacement made: noted as it is made, with no second pass.
        if (noted !== undefined && next.marks.length > out.marks.length) noted.add(source);
        out = next;
      }
    }
    // Looked for as text first: most texts name none of them.
    for (const { path, pattern, token } of this.paths) if (out.text.includes(path)) out = replaceUnmarked(out, pattern, token);
    // The arms and the iteration before the skill's name: a name that is part of an arm's (`kill`,
    // `out`, `new`) would otherwise turn `without_skill` into `without_sthe-skill`, which no arm
    // rule matches, and the arms would read apart.
    out = replaceUnmarked(replaceUnmarked(out, this.arms, armToken), ARM_NAMES_AT_HUMPS, armToken);
    return replaceUnmarked(out, ITERATION_NAME, 'iteration');
  }

  /**
   * `marked`'s text with each occurrence of the skill's names that blinding replaces replaced by `by`
   * (given the match, its name's word lengths, and that name as given); never in a mark, so a skill
   * named `run` leaves `the-run` as it is.
   */
  #replaceNames({ text, marks }: MarkedText, by: (name: string, words: readonly number[], given: string) => string): string {
    const finder = this.skillName;
    if (!finder) return text;
    let out = '';
    let copied = 0;
    let mark = 0;
    finder.lastIndex = 0;
    for (let found = finder.exec(text); found !== null; found = finder.exec(text)) {
      const at = found.index;
      while (mark < marks.length && marks[mark]![1] <= at) mark++;
      const markStart = mark < marks.length ? marks[mark]![0] : Infinity;
      if (markStart <= at) {
        finder.lastIndex = marks[mark]![1];
        continue;
      }
      const match = this.#nameAt(text, at, markStart);
      // Not a name here (`ai Review` in `Thai Reviews`): one may still start inside it.
      if (match === undefined) {
        finder.lastIndex = at + 1;
        continue;
      }
      out += text.slice(copied, at) + by(match.spelt, match.name.lengths, match.name.given);
      copied = finder.lastIndex = at + match.spelt.length;
    }
    return copied === 0 ? text : out + text.slice(copied);
  }

  /** The longest of the skill's names that stands as a name at `at` of `text` ({@link standsAsName}), as spelt there, ending by `before`. */
  #nameAt(text: string, at: number, before: number): { name: SkillName; spelt: string } | undefined {
    for (const name of this.names) {
      name.spelt.lastIndex = at;
      const spelt = name.spelt.exec(text)?.[0];
      if (spelt !== undefined && at + spelt.length <= before && standsAsName(text, at, spelt.length, name.shape)) return { name, spelt };
    }
    return undefined;
  }
}

/** A name the skill goes by. */
interface SkillName {
  /** As the Blinder was given it. */
  given: string;
  /** The lengths of its words ({@link wordsOfName}): how a match of it splits into words. */
  lengths: readonly number[];
  /** Its words joined by one separator at most, in any case, at one place (sticky). */
  spelt: RegExp;
  /** How it is matched at its ends (name-edges.ts). */
  shape: NameShape;
}

/**
 * A skill's name as words: split at its separators, and at its camel-case humps by the rule that
 * finds them in the text ({@link isHump}): `AIReview` is `AI`, `Review`, `URLParser` is `URL`,
 * `Parser`, so `ai_review` and `url-parser` are the name too; `csv2json` is one word. `atHump`
 * says, of each word after the first, whether a hump (not a separator) split it from the one before.
 */
function wordsOfName(name: string): { words: string[]; atHump: boolean[] } {
  const words: string[] = [];
  const atHump: boolean[] = [];
  for (const part of name.split(new RegExp(`${NAME_SEPARATOR.source}+`)).filter(Boolean)) {
    if (words.length > 0) atHump.push(false);
    let from = 0;
    for (let i = 1; i < part.length; i++) {
      if (!isHump(part, i)) continue;
      words.push(part.slice(from, i));
      atHump.push(true);
      from = i;
    }
    words.push(part.slice(from));
  }
  return { words, atHump };
}

/**
 * The placeholder spelt as `name`, a match of a name whose words are `lengths` long, was written —
 * the one table of it: its words joined by the separator that joined the name's (`csv-reports` →
 * `the-skill`, `csv_reports` → `the_skill`, `csv reports` → `the skill`, `csv.reports` →
 * `the.skill`; none: `csvreports` → `theskill`), or `_` for a name of one word
 * ({@link ONE_WORD_SEPARATOR}); in capitals when the name was (`CSV_REPORTS` → `THE_SKILL`), else
 * each word capitalised as the name's first and last words were (`csvReports` → `theSkill`,
 * `CsvReports` and `CSVReports` → `TheSkill`, `Csv Reports` → `The Skill`, `Pdf` → `The_Skill`).
 * So an identifier stays an identifier, and a file's name stays the name the code importing it
 * names (`require('./csv_reports.js')` and the file csv_reports.js both read `the_skill`).
 */
function placeholder(name: string, lengths: readonly number[], [the, skill]: readonly [string, string] = PLACEHOLDER_WORDS): string {
  const words: string[] = [];
  let separator = lengths.length === 1 ? ONE_WORD_SEPARATOR : '';
  let at = 0;
  for (const [i, length] of lengths.entries()) {
    // The words were split at every separator, so a separator here is one the name was written with.
    if (i > 0 && NAME_SEPARATOR.test(name[at] ?? '')) {
      separator ||= name[at]!;
      at++;
    }
    words.push(name.slice(at, at + length));
    at += length;
  }
  if (isUpper(name)) return `${the}${separator}${skill}`.toUpperCase();
  const cased = (word: string, like: string) => (isUpper(like[0] ?? '') ? word[0]!.toUpperCase() + word.slice(1) : word);
  return `${cased(the, words[0]!)}${separator}${cased(skill, words[words.length - 1]!)}`;
}

/**
 * What replaces an arm's name: {@link ARM_TOKEN}, as campaign's names joined by `_` (in any case)
 * and the iteration's own always read; campaign's written otherwise, `the-run` spelt as the name
 * was, by the skill's name's table ({@link placeholder}): `WITH-SKILL` → `THE-RUN`, `withSkill` →
 * `theRun`, `NewSkill` → `TheRun`, `withskill` → `therun` — so an identifier stays one.
 */
function armToken(name: string): string {
  const spelt = new RegExp(`^(${ARM_WORDS.join('|')})([-_]?)skill$`, 'i').exec(name);
  if (spelt === null || spelt[2] === '_') return ARM_TOKEN;
  return placeholder(name, [spelt[1]!.length, 'skill'.length], ARM_PLACEHOLDER_WORDS);
}

/**
 * The placeholder's spellings besides {@link SKILL_TOKEN}, as {@link placeholder} makes them (of
 * `ab_cd`, `abCd`, `AbCd`, `AB_CD`, `ab cd`): what the packet names as the blinding's marks.
 */
export const SKILL_TOKEN_STYLES: readonly string[] = ['ab_cd', 'abCd', 'AbCd', 'AB_CD', 'ab cd'].map((name) => placeholder(name, [2, 2]));

/** {@link ARM_TOKEN}'s spellings besides itself, as {@link armToken} makes them: what the packet names as the blinding's marks. */
export const ARM_TOKEN_STYLES: readonly string[] = ['WITH-SKILL', 'withSkill', 'WithSkill', 'withskill'].map(armToken);

/** Whether `text` has a letter, and no lower-case one. */
function isUpper(text: string): boolean {
  return text !== text.toLowerCase() && text === text.toUpperCase();
}

/**
 * The withheld texts that hold no other withheld text: every withheld text holds one of them (itself,
 * or one it holds), so a text that holds none of them holds no withheld text. A line's text without
 * its Markdown marker, say, stands for the whole line.
 */
function probesOf(lines: readonly WithheldText[]): string[] {
  const texts = [...new Set(lines.map(({ text }) => text))];
  return texts.filter((text) => !texts.some((other) => other !== text && text.includes(other)));
}

/**
 * Every text value of a SKILL.md's front matter as YAML reads it (a block scalar folded or kept,
 * a plain or quoted one continued over lines joined), but its `name`; none when it has no front
 * matter or it is not valid YAML (its lines are still withheld one by one).
 */
function frontMatterValues(skillText: string): string[] {
  const yaml = frontMatterOf(skillText);
  if (yaml === undefined) return [];
  let data: unknown;
  try {
    data = parseYaml(yaml);
  } catch {
    return [];
  }
  if (typeof data !== 'object' || data === null) return [];
  const values: string[] = [];
  const walk = (node: unknown): void => {
    if (typeof node === 'string') values.push(node);
    else if (Array.isArray(node)) node.forEach(walk);
    else if (typeof node === 'object' && node !== null) Object.values(node).forEach(walk);
  };
  for (const [key, value] of Object.entries(data)) if (key !== 'name') walk(value);
  return values;
}

/**
 * A front-matter value as the CLI reads it: a YAML scalar in quotes (a description holding ": "
 * must be quoted) without them — `'…'` with `''` for a quote, `"…"` with its escapes.
 */
function unquoted(value: string | undefined): string | undefined {
  if (value === undefined || value.length < 2) return value;
  if (value.startsWith("'") && value.endsWith("'")) return value.slice(1, -1).replaceAll("''", "'");
  if (!value.startsWith('"') || !value.endsWith('"')) return value;
  try {
    const parsed: unknown = JSON.parse(value);
    return typeof parsed === 'string' ? parsed : value;
  } catch {
    // An escape of YAML's that JSON has not (\x41, \e): the text between the quotes.
    return value.slice(1, -1);
  }
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
