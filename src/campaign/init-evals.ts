// `eval-magic init`: the on-ramp. A skill folder gets an evals/evals.json with one seed eval that
// already passes `check`, so the first campaign can run before the user has learnt the format.
import { lstatSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { checkSource } from '../checker/check-source.js';
import { UsageError } from '../errors.js';
import { shellWord } from '../text/escape.js';
import { assertKnownOptions, assertTextOptions } from '../suggest.js';
import { readSkill } from './skill.js';
import { pathInside } from '../fs/inside.js';
import { describeOddEntry } from '../fs/odd-entry.js';
import { describeFsError } from '../fs/folders.js';
import { createFileWholeSync, type CreatedWhole } from '../fs/safe-write.js';
import { fewestRunsPerArm } from '../stats/attainable.js';

/** What {@link initEvals} is asked to write. */
export interface InitEvalsOptions {
  /** The skill folder (holding SKILL.md); relative to `cwd`. Default: `cwd` itself. */
  skillDir?: string;
  /** The folder relative paths are resolved against, and the printed commands are meant for. Default: `process.cwd()`. */
  cwd?: string;
  /** The seed eval's id (kebab-case). Default: `first-task`. */
  id?: string;
  /** The seed eval's opening user message. Default: a placeholder that says what to write. */
  prompt?: string;
  /** The seed eval's `expected_output`. Default: a placeholder. */
  expectedOutput?: string;
}

/** Every option of {@link initEvals}: any other key is a typo that would leave a default in force. */
const INIT_OPTIONS: readonly string[] = Object.keys({ skillDir: true, cwd: true, id: true, prompt: true, expectedOutput: true } satisfies Record<keyof InitEvalsOptions, true>);

/** What {@link initEvals} wrote, and what to run next. */
export interface InitEvalsResult {
  /** `skill_name` of the new file: the `name` in SKILL.md's front matter. */
  skillName: string;
  /** The file written (absolute). */
  evalsPath: string;
  /** The same file as the user would type it from `cwd`. */
  shownPath: string;
  evalId: string;
  /** The two commands to run next (campaign, then compare), quoted for a POSIX shell, paths relative to `cwd`. */
  nextCommands: [string, string];
}

const DEFAULT_ID = 'first-task';
/** The harness of the printed campaign command. */
const NEXT_HARNESS = 'claude-code';

/**
 * Writes `<skillDir>/evals/evals.json` with one seed eval: a prompt, a follow-up delivered only
 * when the agent asks (`agent_asks`), and a `transcript_check` that the skill was used. The file
 * is checked with the same rules as `eval-magic check` before it is written, and written so
 * that an existing evals.json is never replaced, not even by a concurrent init.
 * Throws UsageError for a missing folder, a folder without SKILL.md (or with no usable name in
 * its front matter), an existing evals.json, or options that would make an invalid file.
 */
export function initEvals(options: InitEvalsOptions = {}): InitEvalsResult {
  assertKnownOptions(options, INIT_OPTIONS, 'initEvals()');
  // id, prompt and expectedOutput go into the seed, whose check names what is wrong with them.
  assertTextOptions(options as Record<string, unknown>, { skillDir: 'a path that is not empty', cwd: 'a path that is not empty' });
  const cwd = options.cwd ?? process.cwd();
  const skillDir = resolve(cwd, options.skillDir ?? '.');
  const shown = options.skillDir ?? '.';
  // The skill as campaign reads it (folder, SKILL.md, its front matter's name, the name rule),
  // so init accepts exactly the folders a campaign with the printed command would.
  const skillName = readSkill(skillDir, shown, { evalsPath: join(skillDir, 'evals', 'evals.json'), exclude: () => false, flag: 'init', nothing: 'nothing was written' }).name;
  const evalsDir = join(skillDir, 'evals');
  const evalsPath = join(evalsDir, 'evals.json');
  const shownPath = displayPath(cwd, evalsPath);
  const existing = lstatOrNull(evalsDir);
  // A link here could point anywhere; init writes inside the skill folder only.
  if (existing?.isSymbolicLink()) {
    const shownDir = displayPath(cwd, evalsDir);
    throw new UsageError(`init: ${shownDir} is ${describeOddEntry(evalsDir, existing)}; init does not follow links, it writes inside the skill folder only: make ${shownDir} a folder (nothing was written)`);
  }
  if (existing && !existing.isDirectory()) throw new UsageError(`init: ${displayPath(cwd, evalsDir)} is ${describeOddEntry(evalsDir, existing)}, not a folder (nothing was written)`);
  if (lstatOrNull(evalsPath)) throw new UsageError(`init: ${shownPath} already exists; init never overwrites it (edit it, or move it away first)`);

  const evalId = options.id ?? DEFAULT_ID;
  const text = JSON.stringify(seedDocument(skillName, evalId, options), null, 2) + '\n';
  const result = checkSource({ filePath: evalsPath, bytes: text, kind: 'evals' });
  const first = result.messages.find((m) => m.severity === 2);
  if (first) throw new UsageError(`init: the seed eval would not pass check: ${first.message} (${first.ruleId})`);

  try {
    mkdirSync(evalsDir, { recursive: true });
  } catch (error) {
    throw new UsageError(`init: cannot create ${displayPath(cwd, evalsDir)}: ${describeFsError(error)} (nothing was written)`);
  }
  writeNew(evalsPath, text, shownPath);
  return {
    skillName,
    evalsPath,
    shownPath,
    evalId,
    nextCommands: [
      // Enough runs per arm that Fisher's two-sided p can fall below 0.05 at all (4: 0.0286); 1 never could.
      `eval-magic campaign --evals ${shellWord(shownPath)} --harness ${NEXT_HARNESS} --runs ${fewestRunsPerArm(0.05)}`,
      `eval-magic compare -- ${shellWord(`.eval-magic/${skillName}/iteration-1`)}`,
    ],
  };
}

/** The seed: every part a first campaign needs, each one a placeholder the user can see is one. */
function seedDocument(skillName: string, id: string, options: InitEvalsOptions) {
  return {
    skill_name: skillName,
    evals: [
      {
        id,
        prompt: options.prompt ?? `Replace this with a task a user would give the agent, one where the ${skillName} skill should change what the agent does.`,
        expected_output: options.expectedOutput ?? `Replace this with what a good outcome looks like when the ${skillName} skill is used.`,
        turns: [{ prompt: 'Yes, go ahead.', deliver_when: 'agent_asks' }],
        assertions: [
          {
            id: 'uses-skill',
            type: 'transcript_check',
            check: 'tool_invocation_matches',
            // Claude Code's Skill tool, OpenCode's skill tool, or a read of the staged SKILL.md (Codex).
            pattern: `(?i)\\bskills?\\b.*${escapeRegex(skillName)}`,
            must_precede: 'completion_claim',
          },
        ],
      },
    ],
  };
}

/** Creates `path` with `text` only if nothing is there (written whole, then linked into place: fs/safe-write.ts). */
function writeNew(path: string, text: string, shown: string): void {
  let made: CreatedWhole;
  try {
    // Node's own text names the temporary file (`open '…/.evals.json.Q_vAsMbuGj6f.tmp'`): the reason in words instead.
    made = createFileWholeSync(path, text, { cannotCreate: (_folder, error) => new UsageError(`init: cannot write in ${shown.replace(/evals\.json$/, '')}: ${describeFsError(error)} (nothing was written)`) });
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`init: cannot write ${shown}: ${describeFsError(error)} (nothing was written)`);
  }
  if (made === 'exists') throw new UsageError(`init: ${shown} already exists; init never overwrites it`);
}

function lstatOrNull(path: string) {
  return lstatSync(path, { throwIfNoEntry: false }) ?? null;
}

/** `path` as the user would type it from `cwd`: relative when inside, never starting with "-". */
function displayPath(cwd: string, path: string): string {
  const posix = pathInside(cwd, path);
  if (posix === '' || posix === undefined) return posix === '' ? '.' : path;
  return posix.startsWith('-') ? `./${posix}` : posix;
}


function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
