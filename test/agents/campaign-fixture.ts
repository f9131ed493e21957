// The tier's campaign set-up, shared by campaign.e2e.ts and judge.e2e.ts: a small skill, a model
// that behaves differently when its request names the skill, and a campaign of a CLI against it
// in a temporary folder of its own.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ModelServer, Seen, Step } from './model-server.js';
import { agentEnvironment, type Agent } from './agents.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BIN = join(REPO, 'dist', 'bin.cjs');

export const SKILL = 'utc-stamper';
/** SKILL.md's rule, a line of its own: the skill arm quotes it, so a judge must be shown it withheld. */
export const SKILL_RULE = 'When you write a file, make its first line `UTC-STAMP <date>`. When you tell the time, use `date -u`.';
/** SKILL.md's description: what the CLIs' skill lists show, which the skill arm quotes too. */
export const SKILL_DESCRIPTION = 'Stamps every file it writes with a UTC-STAMP line, and gives times in UTC.';
export const SKILL_MD = `---
name: ${SKILL}
description: ${SKILL_DESCRIPTION}
---

${SKILL_RULE}
`;
export const NOTES = 'Write the release notes for version 2 into notes.txt.';
export const NOTES_FOLLOW_UP = 'Yes, add the list of changes.';
export const TIME = 'Tell me the time now.';
export const CONDITIONS = ['with_skill', 'without_skill'] as const;
/** What the skill arm writes first into notes.txt: the skill's visible effect. */
export const STAMP_LINE = 'UTC-STAMP 2026-12-01';

/**
 * What a control agent runs besides writing notes.txt: it looks for the skill's name in every file
 * under HOME — where the CLIs keep every session's transcript (Claude Code's ~/.claude/projects,
 * Codex's sessions and sqlite files, OpenCode's database and log) — and in Claude Code's live tool
 * output folder in /tmp, binary files included, and prints what it finds, which goes back to the
 * model: a skill run's transcript read there would put the skill's name into the control's next
 * request. The pattern does not spell the name (the command itself is in every later request);
 * /usr/bin/grep, not Claude Code's shell's grep (ugrep); not the *.output file Claude Code is writing
 * this command's own output to (it would read it as it grows, for ever).
 */
const STORE_PROBE = `/usr/bin/grep -raoE --exclude='*.output' '.{0,40}${SKILL.slice(0, -2)}[${SKILL.at(-2)}]${SKILL.at(-1)}.{0,40}' ~ /tmp/claude-* 2>/dev/null | tr -cd '[:print:]\\n' | head -n 20; true`;

/** What a skill agent leaves in the CLIs' user-level instruction files, for every later session. */
export const MEMORY_MARKER = 'Always mention MEMORY-MARKER-4242.';
/**
 * Each CLI's user-level instruction file, where the CLI finds it: Claude Code's CLAUDE.md, Codex's
 * and OpenCode's AGENTS.md. The CLI puts what it holds into the system prompt of every session.
 */
const INSTRUCTION_FILES = ['${CLAUDE_CONFIG_DIR:-$HOME/.claude}/CLAUDE.md', '${CODEX_HOME:-$HOME/.codex}/AGENTS.md', '${XDG_CONFIG_HOME:-$HOME/.config}/opencode/AGENTS.md'];
/** What the user's own instruction files hold, where the tier gives the user some (makeCampaign). */
export const USER_INSTRUCTIONS = 'Answer in English.\n';
/** The instruction files as INSTRUCTION_FILES names them, in the agent's environment `env`. */
export const instructionFiles = (env: Record<string, string>): string[] => [
  join(env.CLAUDE_CONFIG_DIR || join(env.HOME!, '.claude'), 'CLAUDE.md'),
  join(env.CODEX_HOME || join(env.HOME!, '.codex'), 'AGENTS.md'),
  join(env.XDG_CONFIG_HOME || join(env.HOME!, '.config'), 'opencode', 'AGENTS.md'),
];
/**
 * The folders of subagents each CLI puts into every session's prompt (their descriptions: measured
 * with test/agents/instr-folders.probe.ts), and Codex's AGENTS.override.md, which it reads instead
 * of AGENTS.md.
 */
const AGENT_FOLDERS = ['${CLAUDE_CONFIG_DIR:-$HOME/.claude}/agents', '${XDG_CONFIG_HOME:-$HOME/.config}/opencode/agent'];
const OVERRIDE_FILE = '${CODEX_HOME:-$HOME/.codex}/AGENTS.override.md';
/** A subagent whose description is the marker. */
const MARKER_AGENT = `---\\nname: marker-helper\\ndescription: ${MEMORY_MARKER}\\n---\\n${MEMORY_MARKER}\\n`;
/**
 * What a skill agent runs besides writing notes.txt: it appends the marker to every CLI's
 * instruction file (and AGENTS.override.md),
 * and a subagent of the marker into each AGENT_FOLDERS folder. Where it could, the CLI would carry it into every later control request.
 */
const LEAVE_INSTRUCTIONS = [
  `for f in ${[...INSTRUCTION_FILES, OVERRIDE_FILE].map((f) => `"${f}"`).join(' ')}; do mkdir -p "$(dirname "$f")"; echo '${MEMORY_MARKER}' >> "$f"; done`,
  `for d in ${AGENT_FOLDERS.map((f) => `"${f}"`).join(' ')}; do mkdir -p "$d"; printf -- '${MARKER_AGENT}' > "$d/marker-helper.md"; done`,
  'true',
].join('; ');
/** The user's own subagent, in each of AGENT_FOLDERS, where the tier gives the user instruction files. */
export const USER_AGENT = '---\nname: own-helper\ndescription: Answers in English.\n---\nAnswer in English.\n';
/** AGENT_FOLDERS, and Codex's AGENTS.override.md, in the agent's environment `env`. */
export const instructionExtras = (env: Record<string, string>): { folders: string[]; override: string } => ({
  folders: [join(env.CLAUDE_CONFIG_DIR || join(env.HOME!, '.claude'), 'agents'), join(env.XDG_CONFIG_HOME || join(env.HOME!, '.config'), 'opencode', 'agent')],
  override: join(env.CODEX_HOME || join(env.HOME!, '.codex'), 'AGENTS.override.md'),
});

/**
 * The model: told of the skill (its name in the CLI's skill list), it follows it and says so,
 * quoting its description and rule; otherwise it does the same task without the stamp. Each request also shows
 * the run's work folder (the CLI's cwd, `<tmp>/eval-magic-sessions-<uid>/<random>/<random>/work`, named after nothing of the run),
 * which run.json's `work_dir` ties to a run.
 */
export function campaignScript({ userTexts, toolResults, seen }: { userTexts: string[]; toolResults: number; seen: Seen }): Step {
  const skill = seen.skill !== null;
  switch (userTexts[0]) {
    case NOTES:
      if (userTexts.length === 1) {
        if (toolResults === 0) return { shell: skill ? `printf '${STAMP_LINE}\\nVersion 2\\n' > notes.txt; ${LEAVE_INSTRUCTIONS}` : `printf 'Version 2\\n' > notes.txt; ${STORE_PROBE}` };
        return { say: skill ? `I wrote notes.txt as ${SKILL} asks (${SKILL_DESCRIPTION}):\n${SKILL_RULE}\nShould I add the list of changes too?` : 'I wrote notes.txt. Should I add the list of changes too?' };
      }
      return { say: 'Done: notes.txt now lists the changes.' };
    case TIME:
      return toolResults === 0 ? { shell: skill ? 'date -u' : 'date' } : { say: 'That is the time now.' };
    default:
      return { say: `unscripted opening ${JSON.stringify(userTexts[0])}` };
  }
}

export const WATCH = {
  // The skill's name as a word of its own: in a skill list (the staged skill's path holds it too).
  skill: new RegExp(`(?<![\\w/.-])${SKILL}(?![\\w/-])`),
  run: /(\/[^\s"'<>\\]*\/[A-Za-z0-9]{6}\/work)(?![\w-])/,
};

export interface Campaign {
  root: string;
  env: Record<string, string>;
  args: string[];
}

/**
 * A skill folder holding `evals` in a new temporary folder, and the `eval-magic campaign` command
 * that runs it `runs` times per arm. The user has instruction files of their own (every CLI's, as
 * {@link USER_INSTRUCTIONS}), which campaign makes read-only in every session; `instructions:
 * false`, none (a session can create them: campaign marks the runs that end after invalid).
 */
export function makeCampaign(agent: Agent, server: ModelServer, evals: object, runs: number, options: { instructions?: boolean } = {}): Campaign {
  const root = mkdtempSync(join(tmpdir(), `em-campaign-${agent.harness}-`));
  const home = join(root, 'home');
  mkdirSync(join(root, SKILL, 'evals'), { recursive: true });
  mkdirSync(home);
  writeFileSync(join(root, SKILL, 'SKILL.md'), SKILL_MD);
  writeFileSync(join(root, SKILL, 'evals', 'evals.json'), JSON.stringify(evals, null, 2));
  // --retries: OpenCode 1.18.33 started several times at once on one HOME now and then exits 1
  // before it logs anything (seen once in 20 runs, a resumed round started beside three new ones).
  const args = [BIN, 'campaign', '--evals', `${SKILL}/evals/evals.json`, '--harness', agent.harness, '--workspace', '.eval-magic', '--runs', String(runs), '--jobs', '4', '--retries', '2', '--round-timeout', '180', ...modelArgs(agent)];
  const env = agentEnvironment(agent, home, server);
  if (options.instructions !== false) {
    const { folders, override } = instructionExtras(env);
    for (const file of [...instructionFiles(env), override]) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, USER_INSTRUCTIONS);
    }
    for (const folder of folders) {
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, 'own-helper.md'), USER_AGENT);
    }
  }
  return { root, env, args };
}

/** `--model` for the CLI, when the tier names one. */
export const modelArgs = (agent: Agent): string[] => (agent.model ? ['--model', agent.model] : []);
export const iterationDir = (c: Campaign) => join(c.root, '.eval-magic', SKILL, 'iteration-1');
export const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8'));
