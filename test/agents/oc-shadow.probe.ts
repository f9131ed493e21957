// Probe (not part of npm test nor of the tier's TIER_FILES): does an empty
// ~/.config/opencode/AGENTS.md (what an earlier, unmerged campaign made as a mount point) hide
// ~/.claude/CLAUDE.md from OpenCode? It does: campaign makes no instruction file, and OpenCode's
// descriptor lists ~/.claude/CLAUDE.md too. Run as root from the repository, offline:
//   unshare -n sh -c 'ip link set lo up; node --import tsx test/agents/oc-shadow.probe.ts'
// OpenCode 1.18.33: `empty AGENTS.md=false … claude-md-in-prompt=true`, `=true … false` — it reads
// the first of the two that exists.
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startModelServer } from './model-server.js';
import { AGENTS, agentEnvironment, execute } from './agents.js';
const agent = AGENTS.find((a) => a.harness === 'opencode')!;
const server = await startModelServer(() => ({ say: 'ok' }));
for (const withAgents of [false, true]) {
  const root = mkdtempSync('/tmp/instr-probe/oc-');
  const home = join(root, 'home');
  mkdirSync(join(home, '.claude'), { recursive: true });
  writeFileSync(join(home, '.claude', 'CLAUDE.md'), 'Always mention CLAUDE-MD-MARKER-99.\n');
  if (withAgents) { mkdirSync(join(home, '.config', 'opencode'), { recursive: true }); writeFileSync(join(home, '.config', 'opencode', 'AGENTS.md'), ''); }
  const work = join(root, 'work'); mkdirSync(work);
  const before = server.requests.length;
  const r = await execute('opencode', ['run', '--dir', work, '--format', 'json', '-m', 'scripted/scripted-model', 'hello'], { cwd: work, env: agentEnvironment(agent, home, server) });
  const reqs = server.requests.slice(before);
  console.log(`empty AGENTS.md=${withAgents} rc=${r.code} requests=${reqs.length} claude-md-in-prompt=${reqs.some((q) => q.raw.includes('CLAUDE-MD-MARKER-99'))} agents-md-named=${reqs.some((q) => q.raw.includes('opencode/AGENTS.md'))}`);
}
server.close();
