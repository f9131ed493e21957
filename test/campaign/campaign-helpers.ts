// Campaign test scaffolding: a skill with evals in a temp folder, fake agents first on PATH that
// answer from what they find staged, a private HOME, and readers for what a campaign leaves.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join } from 'node:path';
import { fromAgentLog, writeAgentScript } from '../helpers/shell-rounds.js';
import { FAKE_AGENTS, type ProcessMark } from '../runner/run-helpers.js';

/** The temporary folders the fake agents' tmpNotes lists, by real path: /tmp, /var/tmp, /dev/shm where they are, and $TMPDIR. */
export function tempFolders(): string[] {
  return [...new Set(['/tmp', '/var/tmp', '/dev/shm', tmpdir()].filter((folder) => existsSync(folder)).map((folder) => realpathSync(folder)))];
}

/** What the fake agents' respond mode takes (test/fake-agents/respond.js). */
export interface Respond {
  ask?: boolean;
  latencyMs?: number;
  failFirstAttempt?: boolean;
  failAlways?: boolean;
  failWithError?: string;
  hang?: boolean;
  hangWhen?: string;
  sandboxFailFirstAttempt?: boolean;
  spawnChild?: boolean;
  /** Survive SIGTERM: only SIGKILL ends the agent. */
  ignoreSigterm?: boolean;
  exitWith?: { pattern: string; code: number };
  rosterAdd?: string[];
  rosterHide?: string[];
  freshHomeRace?: { ms: number };
  /** A path: the agent leaves a link to it where its working folder was. */
  replaceWorkWithLink?: string;
  /** Look around the temporary folder for other sessions' skills (see test/fake-agents/respond.js). */
  peek?: { sessions: number; marker: string; files?: string[] };
  /** Copy the skills staged in the task to the user-level folder under HOME; with `sessions`, once that many have started; with `above`, to the project skill folder that many levels above the working folder (see test/fake-agents/respond.js). */
  installSkills?: boolean | { sessions?: number; above?: number };
  /** Go looking on disk: what the agent finds at each path (see test/fake-agents/respond.js). */
  lookAt?: string[];
  /** Unmount every mount the agent sees before it peeks or looks (see test/fake-agents/respond.js). */
  undoMounts?: boolean;
  /** Log every file descriptor above 2 the agent holds, with what it leads to (see test/fake-agents/respond.js). */
  descriptors?: boolean;
  /** Leave a read-only folder, a file in it, in the working folder (see test/fake-agents/respond.js). */
  readOnlyFolder?: boolean;
  /** Keep each session's transcript in its CLI's store under HOME, reading first what the store holds (see test/fake-agents/respond.js). */
  sessionStore?: boolean;
  /** When the agent sees a skill, append this to its CLI's user-level instruction file (see test/fake-agents/respond.js). */
  writeInstructions?: string;
  /** With writeInstructions: every session writes it, skill or not (a judge's). */
  writeInstructionsAlways?: boolean;
  /** With writeInstructions: the path in the CLI's config folder written instead of its instruction file ('agents/helper.md'). */
  instructionsAt?: string;
  /** Log every entry of the working folder (see test/fake-agents/respond.js). */
  listWork?: boolean;
  /** Log all the agent can see of its surroundings without starting a process (see test/fake-agents/respond.js). */
  observe?: boolean;
  /** Log the notes holding this marker found in the temporary folders ({@link tempFolders}), then leave the skills' own there (see test/fake-agents/respond.js). */
  tmpNotes?: string;
  /** Log the notes holding this marker found in ~/.cache, then leave the skills' own there (see test/fake-agents/respond.js). */
  homeNotes?: string;
  /** With homeNotes: a session that sees no skill leaves notes-any-<marker>.md (a judge's). */
  homeNotesAlways?: boolean;
  /** Renew the login in the CLI's config folder: read its refresh count, save it one higher by a rename over the file (see test/fake-agents/respond.js). */
  renewLogin?: boolean;
  /**
   * A judge's answers: a prompt holding `when` gets texts[n] (n: such prompts logged before). A
   * respond of this (one text each) and `ask` alone is played by claude in the shell
   * (test/fake-agents/claude-respond.sh); any other option, by claude.js.
   */
  judge?: Array<{ when: string; texts: string[] }>;
}

/** One logged invocation of a fake agent. */
export interface RespondCall {
  agent: string;
  prompt: string;
  session: string | null;
  cwd: string;
  dir?: string | null;
  argv?: string[];
  env?: Record<string, string>;
  mark: ProcessMark;
  childMark?: ProcessMark;
  skills: string[];
  /** When it logged itself, after any migration (ms since the epoch). */
  at: number;
  /** With freshHomeRace: when the invocation began, and whether it ran the first start's migration. */
  started?: number;
  migrated?: boolean;
  /** With peek: the SKILL.md files holding the marker that the agent could read. */
  peeked?: string[];
  /** With undoMounts: the mount points it got off. */
  unmounted?: string[];
  /** With lookAt: what the agent found at each path (entries and whether it could write there, or the error). */
  looked?: Record<string, { entries: string[]; writable: boolean } | { error: string }>;
  /** With sessionStore: every transcript line the CLI's store held when the round began. */
  stored?: Array<{ session: string; skills: string[]; prompt: string }>;
  /** With writeInstructions: what the CLI's instruction file held when the round began, and whether the agent's write worked (true or the error code). */
  instructions?: { held: string | null; wrote?: true | string };
  /** With listWork: each entry of the working folder, by path: a file's text (latin1), a link's target, or 'folder'. */
  work?: Record<string, string | { link: string }>;
  /** With observe: what the agent saw around it (test/fake-agents/respond.js, observe). */
  observed?: Record<string, unknown> & { cwd: string };
  /** With tmpNotes: the entries holding the marker in the temporary folders ({@link tempFolders}, by folder) when the round began, or the error listing it. */
  tmpSeen?: Record<string, string[] | string>;
  /** With tmpNotes, when the agent saw a skill: whether its notes could be written (true or the error code), by folder. */
  tmpWrote?: Record<string, true | string>;
  /** With homeNotes: the entries holding the marker in ~/.cache when the round began, or the error listing it. */
  homeSeen?: string[] | string;
  /** With homeNotes, when the agent saw a skill: whether its notes could be written (true or the error code). */
  homeWrote?: true | string;
  /** With renewLogin: the refresh count the login file held when the round began, or the error reading it. */
  login?: number | string;
  /** With renewLogin: whether the renewed login was saved (true or the error code). */
  renewed?: true | string;
  /** With descriptors: each descriptor above 2 the agent held, and what it led to. */
  descriptors?: Record<string, string>;
}

export const SKILL_NAME = 'csv-reports';

/** Two evals: one scripted (a gated follow-up), one single-round; `extra` is merged into the file. */
export function defaultEvals(extra: Record<string, unknown> = {}) {
  return {
    skill_name: SKILL_NAME,
    evals: [
      { id: 'add-column', prompt: 'Add a created_at column to the orders report.', expected_output: 'A UTC column.', turns: [{ prompt: 'UTC, ISO 8601.', deliver_when: 'agent_asks' }] },
      { id: 'explain', prompt: 'What does the report export?', expected_output: 'An explanation.' },
    ],
    ...extra,
  };
}

/**
 * Lets a campaign's agents reach the workspace, as on a system where it cannot be hidden from them
 * (no mount namespace): the runner never covers a folder holding the agent's HOME, so HOME moves
 * into the workspace. For the tests of what holds against an agent that reaches it anyway.
 */
export function letAgentsReachWorkspace(ws: ReturnType<typeof makeCampaignWorkspace>): void {
  const home = join(ws.workspace, 'agents-home');
  mkdirSync(home, { recursive: true });
  ws.env.HOME = home;
}

/** A temp project: `<root>/csv-reports/{SKILL.md, scripts/fmt.sh, evals/evals.json}`, HOME, script and log. */
export function makeCampaignWorkspace(options: { evals?: unknown; respond?: Respond; skillMd?: string; root?: string } = {}) {
  const root = options.root ?? mkdtempSync(join(tmpdir(), 'eval-magic-campaign-'));
  const skillDir = join(root, SKILL_NAME);
  mkdirSync(join(skillDir, 'evals'), { recursive: true });
  mkdirSync(join(skillDir, 'scripts'));
  writeFileSync(join(skillDir, 'SKILL.md'), options.skillMd ?? `---\nname: ${SKILL_NAME}\ndescription: Build the team's CSV reports (UTC timestamps, ISO 8601).\n---\n\nAlways write timestamps in UTC.\n`);
  writeFileSync(join(skillDir, 'scripts', 'fmt.sh'), '#!/bin/sh\necho formatted\n', { mode: 0o755 });
  const evalsPath = join(skillDir, 'evals', 'evals.json');
  writeFileSync(evalsPath, JSON.stringify(options.evals ?? defaultEvals(), null, 2));
  const home = join(root, 'home');
  mkdirSync(home);
  const scriptPath = join(root, 'agent-script.json');
  const logPath = join(root, 'agent-log.jsonl');
  const ws = {
    root,
    skillDir,
    evalsPath,
    home,
    workspace: join(root, '.eval-magic'),
    iteration: (n = 1) => join(root, '.eval-magic', SKILL_NAME, `iteration-${n}`),
    env: { ...process.env, HOME: home, XDG_CONFIG_HOME: undefined, CODEX_HOME: undefined, CLAUDE_CONFIG_DIR: undefined, PATH: `${FAKE_AGENTS}${delimiter}${process.env.PATH ?? ''}`, FAKE_AGENT_SCRIPT: scriptPath, FAKE_AGENT_LOG: logPath } as NodeJS.ProcessEnv,
    /** Scripts the fake agents. */
    respond(respond: Respond) {
      writeAgentScript(scriptPath, { respond: respond as Record<string, unknown> });
    },
    calls(): RespondCall[] {
      if (!existsSync(logPath)) return [];
      // Whole lines only: an agent running meanwhile may be halfway through appending its own.
      return readFileSync(logPath, 'utf8').split('\n').slice(0, -1).map((l) => fromAgentLog(JSON.parse(l)) as unknown as RespondCall);
    },
    write(rel: string, text: string) {
      mkdirSync(dirname(join(root, rel)), { recursive: true });
      writeFileSync(join(root, rel), text);
    },
  };
  ws.respond(options.respond ?? { ask: true });
  return ws;
}

/** Reads a JSON file. */
export function readJson(path: string): any {
  return JSON.parse(readFileSync(path, 'utf8'));
}

/**
 * The arm of each run of an iteration by the neutral folder its agent worked in (run.json's
 * `work_dir`): the agents' own paths name no arm, so the log is tied to runs through the records.
 */
export function armsByWorkDir(iterationDir: string): Map<string, string> {
  const arms = new Map<string, string>();
  for (const evalDir of readdirSync(iterationDir).filter((n) => n.startsWith('eval-'))) {
    for (const condition of readdirSync(join(iterationDir, evalDir))) {
      for (const run of readdirSync(join(iterationDir, evalDir, condition))) {
        const record = readJson(join(iterationDir, evalDir, condition, run, 'run.json'));
        if (record.work_dir) arms.set(record.work_dir, condition);
      }
    }
  }
  return arms;
}
