// The skill under test (and a baseline): a folder with SKILL.md whose front matter names it.
import { lstatSync } from 'node:fs';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { UsageError } from '../errors.js';
import { describeFsError, isFolder } from '../fs/folders.js';
import { entryFingerprints, listTree, treeDigest, type TreeEntry } from '../fs/file-tree.js';
import { readFrontMatterName, readHead, type Head } from '../skill/skill-md.js';
import { DEFAULT_WORKSPACE } from './plan.js';

/** A skill folder, read and digested. */
export interface SkillSource {
  /** The path as the user gave it (what run.json and campaign.json record). */
  source: string;
  /** Absolute path of the folder. */
  dir: string;
  /** SKILL.md's front matter `name`. */
  name: string;
  /** What is staged: the folder's tree minus the excluded parts (see {@link readSkill}). */
  entries: TreeEntry[];
  /** sha256 of the staged tree ({@link treeDigest}). */
  sha256: string;
  /** Each entry's fingerprint by path ({@link entryFingerprints}), for campaign.json. */
  files: Record<string, string>;
  /** Read from a commit (--baseline-ref): the ref as given and the commit it named. */
  git?: { ref: string; commit: string };
}

/**
 * The Agent Skills rule for a skill's name, which the CLIs follow when they load a skill folder:
 * 1–64 lowercase letters and digits in groups joined by single hyphens. It is also what makes
 * the name safe as a folder name.
 */
const SKILL_NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const SKILL_NAME_MAX = 64;

/**
 * Reads the skill at `dir` and lists what would be staged: everything but a `.git` folder, a
 * `.eval-magic` folder (the default workspace of a campaign run from inside the skill), the
 * folder holding the campaign's evals.json when it lies inside the skill — the file alone when it
 * is at the skill's root — (its assertions and expected outputs are the grader's, not the
 * agent's), the `heldOut` files (command_check setup_files, relative to that folder), and what `exclude` says yes to (the
 * workspace and its iterations, when they lie inside the skill).
 * @throws {UsageError} when the folder or SKILL.md is missing, the front matter has no usable
 *   name, or the name is one the harness (`harnessName`; without one, the rule) refuses.
 */
export function readSkill(dir: string, source: string, options: { evalsPath: string; heldOut?: readonly string[]; exclude: (absolute: string) => boolean; harnessName?: string; flag: string; defaulted?: boolean; nothing?: string }): SkillSource {
  // What did not happen, as each refusal ends: campaign runs nothing, init writes nothing.
  const nothing = `(${options.nothing ?? 'nothing was run'})`;
  if (!isFolder(dir)) throw new UsageError(`${options.flag} ${JSON.stringify(source)} is not a folder ${nothing}`);
  const skillFile = join(dir, 'SKILL.md');
  let head: Head;
  try {
    const stat = lstatSync(skillFile);
    // Staged as a link, it would point from the task to wherever it points now (or nowhere).
    if (stat.isSymbolicLink()) throw new UsageError(`${options.flag} ${JSON.stringify(source)}: its SKILL.md is a link, which campaign would stage as a link; make it a regular file ${nothing}`);
    if (!stat.isFile()) throw new UsageError(`${options.flag} ${JSON.stringify(source)}: its SKILL.md is not a regular file ${nothing}`);
    head = readHead(skillFile);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    // Only a missing file is "no SKILL.md": one that is there but unreadable (permissions, a
    // path too long, an I/O error) says why, or the user goes looking for a file they can see.
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw new UsageError(`${options.flag} ${JSON.stringify(source)}: cannot read its SKILL.md: ${describeFsError(error)} ${nothing}`);
    const given = options.defaulted ? ` (the default for ${options.flag}: the folder above the evals/ folder holding evals.json; name the skill folder with ${options.flag})` : '';
    throw new UsageError(`${options.flag} ${JSON.stringify(source)} has no SKILL.md, so it is not a skill folder${given} ${nothing}`);
  }
  const name = readFrontMatterName(head, join(source, 'SKILL.md'), nothing);
  if (!SKILL_NAME.test(name) || name.length > SKILL_NAME_MAX) {
    // Without a harness (init), the rule itself refuses the name.
    const refused = options.harnessName !== undefined
      ? `harness ${options.harnessName} refuses the skill name ${JSON.stringify(name)} (${join(source, 'SKILL.md')})`
      : `${options.flag} ${JSON.stringify(source)}: the skill name ${JSON.stringify(name)} (${join(source, 'SKILL.md')}) is not one the agents' CLIs load`;
    throw new UsageError(`${refused}: a skill name is 1–${SKILL_NAME_MAX} lowercase letters and digits, in groups joined by single hyphens ${nothing}`);
  }
  // The campaign's evals.json inside the skill: its folder (the skill's evals/, say), or the file
  // alone when it lies at the skill's root.
  const evalsDir = dirname(options.evalsPath);
  const evalsInside = relative(dir, evalsDir);
  const graders = evalsInside === '' ? options.evalsPath : evalsInside === '..' || evalsInside.startsWith(`..${sep}`) || isAbsolute(evalsInside) ? undefined : evalsDir;
  // The command_checks' held-out files, read from the evals.json folder (the skill's root, when the file lies there).
  const heldOut = new Set((options.heldOut ?? []).map((file) => join(evalsDir, file).replace(/\/+$/, '')));
  const entries = listTree(dir, `${options.flag} ${JSON.stringify(source)}`, (path, absolute) =>
    path === '.git' || path === DEFAULT_WORKSPACE || absolute === graders || heldOut.has(absolute) || options.exclude(absolute),
  );
  const fingerprints = entryFingerprints(dir, entries);
  return { source, dir, name, entries, sha256: treeDigest(dir, entries, fingerprints), files: Object.fromEntries(entries.map((e, i) => [e.path, fingerprints[i]!])) };
}
