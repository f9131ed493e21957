// Isolation, checked rather than assumed: before any agent starts, nothing may show the skill to
// the control arm; after each run, the session's own skill roster (where the stream lists one)
// must agree with the arm.
import { dirname, join, posix, relative, sep } from 'node:path';
import type { HarnessDescriptor } from '../runner/index.js';
import { userSkillFolders } from '../runner/user-paths.js';
import { peekSkillName, skillsNamed } from '../skill/skill-md.js';
import type { Fixture } from './staging.js';

/** Where the skill could reach the control arm. */
export interface ExposureCheck {
  skillName: string;
  harness: HarnessDescriptor;
  /** The task template (copied into every run), if any. */
  templateDir: string | undefined;
  /** Paths below the template (`/`-separated) that are not copied: the skill folder itself, say. */
  templateLeftOut?: ReadonlySet<string>;
  /** The workspace folder: it and every folder above it hold the runs' folders. */
  workspaceDir: string;
  /** A folder enclosing the agents' work folders (the sessions folder, or a command's holder of its `<random>/work`): the CLIs search it and every folder above it. */
  workRoot?: string;
  /** The caller's environment (HOME and the variables user_skills_dirs name), under the descriptor's env. */
  env: NodeJS.ProcessEnv;
  /** Each eval's files, by eval id, in the order of its `files`: both arms get them. */
  fixtures?: ReadonlyMap<string, readonly Fixture[]>;
}

/**
 * Every place where the harness would find a skill of this name for the control arm: a skill
 * folder of that name, or any skill whose SKILL.md names it, in one of the harness's project
 * skill folders (in the task template, or in the workspace or any folder above it, which the
 * CLIs search up to the repository root) or user-level skill folders.
 */
export function findExposures(check: ExposureCheck): string[] {
  const { harness } = check;
  const projectDirs = projectSkillDirs(harness);
  const { templateDir } = check;
  // What the template holds but does not copy (the skill folder inside a repository) is no exposure there.
  const copied = (path: string) => templateDir === undefined || !check.templateLeftOut?.has(relative(templateDir, path).split(sep).join('/'));
  const inTemplate = templateDir === undefined ? [] : projectDirs.flatMap((d) => skillsNamed(join(templateDir, d), check.skillName)).filter(copied);
  const roots: string[] = [];
  for (const start of [check.workspaceDir, ...(check.workRoot !== undefined ? [check.workRoot] : [])]) {
    for (let dir = start; ; dir = dirname(dir)) {
      roots.push(dir);
      if (dirname(dir) === dir) break;
    }
  }
  const places = roots.flatMap((root) => projectDirs.map((d) => join(root, d)));
  // The agent's environment is the caller's with the descriptor's env over it: a descriptor that
  // sets HOME or CLAUDE_CONFIG_DIR moves the user folders the CLI reads.
  const agentEnv = { ...check.env, ...harness.env };
  places.push(...userSkillFolders(harness, agentEnv));
  const inFixtures = [...(check.fixtures ?? [])].flatMap(([evalId, fixtures]) => fixtures.flatMap((fixture, i) => fixtureSkills(fixture, projectDirs, check.skillName).map((at) => `eval ${JSON.stringify(evalId)} files[${i}] (${at})`)));
  return [...new Set([...inTemplate, ...[...new Set(places)].flatMap((place) => skillsNamed(place, check.skillName))]), ...new Set(inFixtures)];
}

/** The harness's project skill folders, relative to the agent's working folder: where it stages the skill, and the others its CLI reads. */
export function projectSkillDirs(harness: HarnessDescriptor): string[] {
  return [...new Set([...(harness.skills_dir ? [harness.skills_dir] : []), ...(harness.skill_search_dirs ?? [])])];
}

/**
 * The skill folders, as task paths, where the fixture puts a skill of this name into one of the
 * project skill folders of the task (the agent's cwd): named like it, or with a SKILL.md naming it.
 */
function fixtureSkills(fixture: Fixture, projectDirs: readonly string[], name: string): string[] {
  const at = posix.normalize(fixture.path).replace(/\/+$/, '');
  const placed = [{ task: at, from: fixture.from }, ...(fixture.entries ?? []).map((e) => ({ task: `${at}/${e.path}`, from: join(fixture.from, e.path) }))];
  const found = new Set<string>();
  for (const dir of projectDirs) {
    for (const { task, from } of placed) {
      if (!task.startsWith(`${dir}/`)) continue;
      const [folder, file, deeper] = task.slice(dir.length + 1).split('/');
      if (folder === name || (file === 'SKILL.md' && deeper === undefined && peekSkillName(from) === name)) found.add(`${dir}/${folder}`);
    }
  }
  return [...found];
}

/** An isolation problem found after a run. */
import type { IsolationProblem } from '../workspace/run-record.js';
export type { IsolationProblem };

/**
 * The CLI's instruction files that differ from their state when the campaign started: the CLI
 * puts them into the system prompt of every later session of both arms, so a run that ended with
 * one changed may have been (or may have made others) no longer blind. Written by a session,
 * most likely (one that existed was read-only in every session's namespace, where the mounts work).
 */
export function instructionFileProblems(changes: ReadonlyArray<{ path: string; was: string; now: string }>, harnessName: string): IsolationProblem[] {
  return changes.map(({ path, was, now }) => ({
    code: 'instruction-file-changed',
    message: `${harnessName}'s instruction file ${path} changed since the campaign started (was ${was}, now ${now}): ${harnessName} puts it into the system prompt of every later session of both arms, so what a skill session wrote there reaches the controls. eval-magic does not touch it: inspect it, remove what an agent wrote, before the next campaign`,
  }));
}

/**
 * What the session's skill roster says against the arm: a control session listing the skill,
 * or a skill session not listing it. Nothing to say when the stream shows no roster.
 */
export function checkRoster(roster: readonly string[] | null, skillName: string, skillStaged: boolean): IsolationProblem[] {
  if (roster === null) return [];
  const listed = roster.includes(skillName);
  if (!skillStaged && listed) {
    return [{ code: 'control-saw-skill', message: `the control session's skill roster lists ${JSON.stringify(skillName)}: the skill reached the arm that must run without it` }];
  }
  if (skillStaged && !listed) {
    return [{ code: 'skill-not-in-roster', message: `the session's skill roster does not list ${JSON.stringify(skillName)}: the staged skill was not loaded` }];
  }
  return [];
}
