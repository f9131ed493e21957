// The folders a process given the agent's work must find empty — a judge's session, the code a
// command_check runs: the workspace, whose paths name the arms and hold every run, and the skill's
// own folders. One list for both (../judge, ../compare/graders/command-check.ts).
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { readRegularText } from '../fs/read-file.js';
import { campaignSourceDirs } from './campaign-record.js';
import { defaultSkillDir, relativeBases, startedInHere } from './evals-path.js';
import { CAMPAIGN_FILE, WORKSPACE_DIR } from './layout.js';
import type { Iteration } from './locate.js';

/**
 * What to show empty of an iteration, the widest first: the workspace (`.eval-magic`, or any
 * folder a campaign made its iteration in), the skill's folder in it, the iteration — their paths
 * name the arms. The one who mounts makes the widest it can (never one holding the process's own
 * folder, HOME or program). A cover is named by its path in the mount table: `<workspace>/<skill>`
 * would name the skill there, so a campaign's workspace, whatever its name, is covered whole.
 */
export function workspaceFolders(iteration: string): string[] {
  const workspace = workspaceOf(iteration);
  return [...(workspace !== undefined ? [workspace] : []), dirname(iteration), iteration];
}

/**
 * The workspace an iteration is in (`<workspace>/<skill>/iteration-<n>`): a `.eval-magic`, or any
 * folder a campaign made its iteration in (it holds campaign.json). None for an iteration made by
 * hand elsewhere: two levels up may be any folder of the user's.
 */
export function workspaceOf(iteration: string): string | undefined {
  const workspace = dirname(dirname(iteration));
  return basename(workspace) === WORKSPACE_DIR || existsSync(join(iteration, CAMPAIGN_FILE)) ? workspace : undefined;
}

/**
 * The skill's own folders, as a campaign's agents find them empty: the folder holding evals.json
 * (every assertion, every expected output, the held-out setup files), and each folder holding a
 * SKILL.md among the skill's folder campaign defaults to (above evals/) and the folders the
 * skill's and baseline's sources in `iteration`'s campaign.json are taken to name (campaignSourceDirs:
 * from where campaign was started; from that folder's equivalent here, as found from `evalsPath`
 * (startedInHere), the folders above the workspace and `cwd`, only the recorded tree).
 */
export function skillFoldersOf(evalsPath: string, iteration: Pick<Iteration, 'dir' | 'campaign'> | undefined, cwd: string): string[] {
  const campaign = iteration?.campaign;
  const here = campaign !== undefined ? startedInHere(campaign, evalsPath) : undefined;
  const bases = iteration !== undefined ? [...(here !== undefined ? [here] : []), ...relativeBases(iteration, cwd)] : [];
  const named = campaign ? [campaign.skill, ...(campaign.baseline ? [campaign.baseline] : [])].flatMap((tree) => campaignSourceDirs(campaign, tree.source, tree, bases)) : [];
  const skill = defaultSkillDir(evalsPath);
  const own = readRegularText(join(skill, 'SKILL.md'), 'a SKILL.md', { noFollow: true }).ok ? [skill] : [];
  return [...new Set([dirname(evalsPath), ...own, ...named])];
}

/**
 * What every process given one of `jobs`' work finds empty: each job's workspace folders and
 * skill folders, all of them for each — a process given one skill's run reaches no other's
 * judgments, runs or evals either.
 */
export function foldersOfAll(jobs: ReadonlyArray<{ root: string; skillFolders?: readonly string[] | undefined }>): string[] {
  return [...new Set(jobs.flatMap((job) => [...workspaceFolders(job.root), ...(job.skillFolders ?? [])]))];
}
