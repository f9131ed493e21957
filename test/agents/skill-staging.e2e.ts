// Where each real CLI discovers a project skill: for every folder its built-in descriptor lists
// in skill_search_dirs (skills_dir, where campaign stages, among them), a skill staged there
// reaches the model — its name is in the CLI's requests. The test's diagnostics list what worked
// per CLI version. Started by run-tier.ts, like real-agents.e2e.ts.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

/** One single-round run with the skill staged at `<task>/<dir>/<name>/`: did a request name it? */
async function probe(agent: Agent, dir: string): Promise<{ named: boolean; requests: number }> {
  const server = await startModelServer(() => ({ say: 'The logs use UTC.' }), { watch: { skill: new RegExp(`(?<![\\w/.-])${SKILL}(?![\\w/-])`) } });
  try {
    const root = mkdtempSync(join(tmpdir(), `em-staging-${agent.harness}-`));
    const home = join(root, 'home');
    const skill = join(root, 'task', dir, SKILL);
    mkdirSync(home);
    mkdirSync(skill, { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), `---\nname: ${SKILL}\ndescription: Answers questions about log time zones.\n---\n\nThe logs are in UTC.\n`);
    writeFileSync(join(root, 'evals.json'), JSON.stringify(evals));
    const model = agent.model ? ['--model', agent.model] : [];
    const r = await execute(process.execPath, [BIN, 'run', '--evals', 'evals.json', '--harness', agent.harness, '--cwd', 'task', '--out', 'out', '--round-timeout', '180', ...model], { cwd: root, env: agentEnvironment(agent, home, server) });
    const conversation = server.requests.filter((q) => !q.auxiliary && q.userTexts[0] === PROMPT);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    // Named in every request, or (for the control) in none: a mix would be a finding of its own.
    const named = conversation.filter((q) => q.seen.skill !== null).length;
    assert.ok(named === 0 || named === conversation.length, `${dir}: the skill was named in ${named} of ${conversation.length} requests`);
    return { named: conversation.length > 0 && named === conversation.length, requests: conversation.length };
  } finally {
    await server.close();
  }
}

for (const agent of AGENTS) {
  describe(`${agent.harness}: project skill folders`, () => {
    it('a skill staged in each folder of skill_search_dirs reaches the model', async (t) => {
      const descriptor = JSON.parse(readFileSync(join(REPO, 'harnesses', `${agent.harness}.json`), 'utf8'));
      const dirs: string[] = descriptor.skill_search_dirs;
      assert.ok(dirs.includes(descriptor.skills_dir), 'skills_dir is one of skill_search_dirs');
      const version = await agentVersion(agent);
      const results = [];
      for (const dir of dirs) results.push({ dir, ...(await probe(agent, dir)) });
      for (const r of results) t.diagnostic(`${agent.executable} ${version}: ${r.dir}/<name>/ ${r.named ? 'discovered' : 'NOT discovered'} (${r.requests} request(s))`);
      assert.deepEqual(results.filter((r) => !r.named).map((r) => r.dir), [], 'folders the CLI did not discover');
      // The control: the same skill in a folder no CLI searches never reaches the model.
      const unsearched = await probe(agent, 'skills');
      t.diagnostic(`${agent.executable} ${version}: skills/<name>/ (searched by none) ${unsearched.named ? 'discovered' : 'not discovered'}`);
      assert.equal(unsearched.named, false, 'a skill outside every searched folder was named to the model');
      assert.ok(unsearched.requests > 0);
    });
  });
}
