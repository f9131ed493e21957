// Where each real CLI discovers a project skill: for every folder its built-in descriptor lists
// in skill_search_dirs (skills_dir, where campaign stages, among them), a skill staged there
// reaches the model — its name is in the CLI's requests. And where Claude Code discovers a user
// skill when CLAUDE_CONFIG_DIR moves its config folder: a folder user_skills_dirs must list, or
// campaign's isolation check would miss it. The test's diagnostics list what worked per CLI
// version. Started by run-tier.ts, like real-agents.e2e.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startModelServer } from './model-server.js';
import { AGENTS, agentEnvironment, agentVersion, execute, type Agent } from './agents.js';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const BIN = join(REPO, 'dist', 'bin.cjs');
const SKILL = 'zone-keeper';
const PROMPT = 'Which time zone do the logs use?';

const evals = { skill_name: SKILL, evals: [{ id: 'log-zone', prompt: PROMPT, expected_output: 'UTC' }] };

/** Where a probe puts the skill, and what it adds to the CLI's environment, in its temporary folder. */
interface Placement {
  /** The skills folder (the skill goes to `<folder>/<name>/`), from the probe's folder and the CLI's HOME. */
  folder(root: string, home: string): string;
  env?(root: string, home: string): Record<string, string>;
}

/** A project folder of the task (the CLI's cwd). */
const inTask = (dir: string): Placement => ({ folder: (root) => join(root, 'task', dir) });

/** The skills Claude Code's `system`/`init` event lists (its session's roster), or null where there is no such event. */
function claudeRoster(events: string): string[] | null {
  if (!existsSync(events)) return null;
  for (const line of readFileSync(events, 'utf8').split('\n')) {
    if (!line.startsWith('{')) continue;
    const event = JSON.parse(line);
    if (event.type === 'system' && event.subtype === 'init' && Array.isArray(event.skills)) return event.skills;
  }
  return null;
}

/** One single-round run with the skill staged at `<placement>/<name>/`: did a request name it? */
async function probe(agent: Agent, placement: Placement, label: string): Promise<{ named: boolean; requests: number; roster: string[] | null }> {
  const server = await startModelServer(() => ({ say: 'The logs use UTC.' }), { watch: { skill: new RegExp(`(?<![\\w/.-])${SKILL}(?![\\w/-])`) } });
  try {
    const root = mkdtempSync(join(tmpdir(), `em-staging-${agent.harness}-`));
    const home = join(root, 'home');
    const skill = join(placement.folder(root, home), SKILL);
    mkdirSync(home);
    mkdirSync(join(root, 'task'));
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), `---\nname: ${SKILL}\ndescription: Answers questions about log time zones.\n---\n\nThe logs are in UTC.\n`);
    writeFileSync(join(root, 'evals.json'), JSON.stringify(evals));
    const model = agent.model ? ['--model', agent.model] : [];
    const env = { ...agentEnvironment(agent, home, server), ...placement.env?.(root, home) };
    const r = await execute(process.execPath, [BIN, 'run', '--evals', 'evals.json', '--harness', agent.harness, '--cwd', 'task', '--out', 'out', '--round-timeout', '180', ...model], { cwd: root, env });
    const conversation = server.requests.filter((q) => !q.auxiliary && q.userTexts[0] === PROMPT);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    // Named in every request, or (for the control) in none: a mix would be a finding of its own.
    const named = conversation.filter((q) => q.seen.skill !== null).length;
    assert.ok(named === 0 || named === conversation.length, `${label}: the skill was named in ${named} of ${conversation.length} requests`);
    return { named: conversation.length > 0 && named === conversation.length, requests: conversation.length, roster: claudeRoster(join(root, 'out', 'log-zone', 'turn-1', 'claude-events.jsonl')) };
  } finally {
    await server.close();
  }
}

/** One user skills folder to probe, and where campaign's isolation check names it (user_skills_dirs). */
interface UserFolderCase {
  label: string;
  entry: string;
  placement: Placement;
}

/** Each case probed, the CLI's version, and the folders its descriptor's user_skills_dirs lists. */
async function probeUserFolders<C extends UserFolderCase>(agent: Agent, cases: readonly C[]) {
  const { user_skills_dirs: userDirs } = JSON.parse(readFileSync(join(REPO, 'harnesses', `${agent.harness}.json`), 'utf8')) as { user_skills_dirs: string[] };
  const version = await agentVersion(agent);
  const results = [];
  for (const c of cases) results.push({ ...c, ...(await probe(agent, c.placement, c.label)) });
  return { userDirs, version, results };
}

for (const agent of AGENTS) {
  describe(`${agent.harness}: project skill folders`, () => {
    it('a skill staged in each folder of skill_search_dirs reaches the model', async (t) => {
      const descriptor = JSON.parse(readFileSync(join(REPO, 'harnesses', `${agent.harness}.json`), 'utf8'));
      const dirs: string[] = descriptor.skill_search_dirs;
      assert.ok(dirs.includes(descriptor.skills_dir), 'skills_dir is one of skill_search_dirs');
      const version = await agentVersion(agent);
      const results = [];
      for (const dir of dirs) results.push({ dir, ...(await probe(agent, inTask(dir), dir)) });
      for (const r of results) t.diagnostic(`${agent.executable} ${version}: ${r.dir}/<name>/ ${r.named ? 'discovered' : 'NOT discovered'} (${r.requests} request(s))`);
      assert.deepEqual(results.filter((r) => !r.named).map((r) => r.dir), [], 'folders the CLI did not discover');
      // The control: the same skill in a folder no CLI searches never reaches the model.
      const unsearched = await probe(agent, inTask('skills'), 'skills');
      t.diagnostic(`${agent.executable} ${version}: skills/<name>/ (searched by none) ${unsearched.named ? 'discovered' : 'not discovered'}`);
      assert.equal(unsearched.named, false, 'a skill outside every searched folder was named to the model');
      assert.ok(unsearched.requests > 0);
    });
  });
}

// Claude Code honours CLAUDE_CONFIG_DIR (its config folder instead of ~/.claude): where are user
// skills then? Measured with 2.1.197: in $CLAUDE_CONFIG_DIR/skills, and ~/.claude/skills is no
// longer read. user_skills_dirs lists both (a false alarm is cheaper than a silent exposure).
const claude = AGENTS.find((a) => a.harness === 'claude-code');
if (claude !== undefined) {
  describe('claude-code: user skill folders, with and without CLAUDE_CONFIG_DIR', () => {
    it('a skill in $CLAUDE_CONFIG_DIR/skills reaches the model, and user_skills_dirs lists that folder', async (t) => {
      const configDir = (root: string) => join(root, 'claude-config');
      const setConfigDir = (root: string) => ({ CLAUDE_CONFIG_DIR: configDir(root) });
      const inHome = (_root: string, home: string) => join(home, '.claude', 'skills');
      const cases = [
        { label: '~/.claude/skills, CLAUDE_CONFIG_DIR unset', entry: '~/.claude/skills', placement: { folder: inHome }, reads: true },
        { label: '$CLAUDE_CONFIG_DIR/skills', entry: '$CLAUDE_CONFIG_DIR/skills', placement: { folder: (root: string) => join(configDir(root), 'skills'), env: setConfigDir }, reads: true },
        { label: '~/.claude/skills, CLAUDE_CONFIG_DIR set', entry: '~/.claude/skills', placement: { folder: inHome, env: setConfigDir }, reads: false },
      ];
      const { userDirs, version, results } = await probeUserFolders(claude, cases);
      for (const r of results) t.diagnostic(`claude ${version}: ${r.label}: ${r.named ? 'discovered' : 'not discovered'} (${r.requests} request(s); init roster ${r.roster === null ? 'absent' : r.roster.includes(SKILL) ? 'lists it' : 'does not list it'})`);
      for (const r of results) {
        assert.ok(r.requests > 0, `${r.label}: no request`);
        // The session's own roster agrees with what the model was shown.
        assert.equal(r.roster?.includes(SKILL), r.named, `${r.label}: the init roster and the requests disagree`);
        assert.equal(r.named, r.reads, `${r.label}: ${r.reads ? 'expected the skill to reach the model' : 'the skill reached the model'}`);
        // Every folder the CLI reads is one the isolation check looks in.
        if (r.named) assert.ok(userDirs.includes(r.entry), `user_skills_dirs does not list ${r.entry}, which claude ${version} reads`);
      }
    });
  });
}

// OpenCode reads user skills under its config folder: ~/.config/opencode, or where
// XDG_CONFIG_HOME points when it is set. user_skills_dirs lists both; here the folder moved away
// from HOME is measured, so campaign's isolation check is known to look where the CLI reads.
const opencode = AGENTS.find((a) => a.harness === 'opencode');
if (opencode !== undefined) {
  describe('opencode: user skill folders with XDG_CONFIG_HOME away from HOME', () => {
    it('a skill in $XDG_CONFIG_HOME/opencode/skills reaches the model, and user_skills_dirs lists that folder', async (t) => {
      const configHome = (root: string) => join(root, 'xdg-config');
      const setConfigHome = (root: string) => ({ XDG_CONFIG_HOME: configHome(root) });
      const cases = [
        { label: '$XDG_CONFIG_HOME/opencode/skills', entry: '$XDG_CONFIG_HOME/opencode/skills', placement: { folder: (root: string) => join(configHome(root), 'opencode', 'skills'), env: setConfigHome } },
        { label: '~/.config/opencode/skills, XDG_CONFIG_HOME elsewhere', entry: '~/.config/opencode/skills', placement: { folder: (_root: string, home: string) => join(home, '.config', 'opencode', 'skills'), env: setConfigHome } },
      ];
      const { userDirs, version, results } = await probeUserFolders(opencode, cases);
      for (const r of results) t.diagnostic(`opencode ${version}: ${r.label}: ${r.named ? 'discovered' : 'not discovered'} (${r.requests} request(s))`);
      for (const r of results) assert.ok(r.requests > 0, `${r.label}: no request`);
      assert.equal(results[0]!.named, true, 'a skill where XDG_CONFIG_HOME points did not reach the model');
      // Every folder the CLI reads is one the isolation check looks in.
      for (const r of results) if (r.named) assert.ok(userDirs.includes(r.entry), `user_skills_dirs does not list ${r.entry}, which opencode ${version} reads`);
    });
  });
}
