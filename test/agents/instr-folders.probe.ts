// Probe (not part of npm test nor of the tier's TIER_FILES): which user-level files and folders
// does each real CLI read into a new session's requests? Each candidate place gets a file holding
// a marker of its own (an agent's or command's description, a rule's text); one fresh HOME per CLI
// holds them all, so a CLI reading another's folder shows too. Run as root from the repository,
// offline, after `npm run build` and the tier's install:
//   unshare -rn sh -c 'ip link set lo up; node --import tsx test/agents/instr-folders.probe.ts'
// PROBE_RO=1 (run with `unshare -rnm`): each candidate folder is bound read-only onto itself
// first, as campaign binds them: does the CLI still start, and still read them?
// What it printed with the pinned CLIs is in docs/design/session-stores.md.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startModelServer } from './model-server.js';
import { AGENTS, agentEnvironment, execute } from './agents.js';

/** Each candidate, relative to HOME, with its marker (in the description and the body). */
const PLACES: Record<string, string> = {
  '.claude/CLAUDE.md': 'CC-CLAUDEMD',
  '.claude/rules/probe-rule.md': 'CC-RULES',
  '.claude/agents/probe-agent.md': 'CC-AGENTS',
  '.claude/commands/probe-cmd.md': 'CC-COMMANDS',
  '.claude/output-styles/probe-style.md': 'CC-OUTSTYLES',
  '.codex/AGENTS.md': 'CX-AGENTSMD',
  '.codex/AGENTS.override.md': 'CX-OVERRIDE',
  '.codex/prompts/probe-prompt.md': 'CX-PROMPTS',
  '.config/opencode/AGENTS.md': 'OC-AGENTSMD',
  '.config/opencode/agent/probe-agent-a.md': 'OC-AGENT-SINGULAR',
  '.config/opencode/agents/probe-agent-b.md': 'OC-AGENTS-PLURAL',
  '.config/opencode/command/probe-cmd-a.md': 'OC-COMMAND-SINGULAR',
  '.config/opencode/commands/probe-cmd-b.md': 'OC-COMMANDS-PLURAL',
};

function fill(home: string): void {
  for (const [place, marker] of Object.entries(PLACES)) {
    const path = join(home, place);
    mkdirSync(dirname(path), { recursive: true });
    const name = place.split('/').at(-1)!.replace(/\.md$/, '');
    const body = `Always mention ${marker}-MARKER in every answer.\n`;
    // Agents, commands, styles and prompts have front matter; the instruction files are plain text.
    const plain = /(CLAUDE|AGENTS|AGENTS\.override)\.md$/.test(place) || place.includes('/rules/');
    writeFileSync(path, plain ? body : `---\nname: ${name}\ndescription: Use for ${marker}-MARKER tasks\n---\n${body}`);
  }
}

const argv: Record<string, string[]> = {
  'claude-code': ['-p', 'hello', '--output-format', 'json'],
  codex: ['exec', '--skip-git-repo-check', '-m', 'scripted-model', 'hello'],
  opencode: ['run', '--format', 'json', '-m', 'scripted/scripted-model', 'hello'],
};

const server = await startModelServer(() => ({ say: 'ok' }));
mkdirSync('/tmp/instr-folders-probe', { recursive: true });
for (const agent of AGENTS) {
  const root = mkdtempSync(`/tmp/instr-folders-probe/${agent.harness}-`);
  const home = join(root, 'home');
  mkdirSync(home);
  const env = agentEnvironment(agent, home, server);
  fill(home);
  if (process.env.PROBE_RO === '1') {
    for (const folder of new Set(Object.keys(PLACES).filter((p) => p.split('/').length > 2 && !p.endsWith('/AGENTS.md')).map((p) => join(home, dirname(p))))) {
      const bound = spawnSync('mount', ['--bind', '-o', 'ro', folder, folder], { encoding: 'utf8' });
      if (bound.status !== 0) throw new Error(`mount ${folder}: ${bound.stderr}`);
    }
  }
  const work = join(root, 'work');
  mkdirSync(work);
  const before = server.requests.length;
  const args = agent.harness === 'opencode' ? [...argv.opencode!.slice(0, 1), '--dir', work, ...argv.opencode!.slice(1)] : argv[agent.harness]!;
  const r = await execute(agent.executable, args, { cwd: work, env: { ...env, IS_SANDBOX: '1' } });
  const requests = server.requests.slice(before).filter((q) => !q.auxiliary);
  const read = Object.entries(PLACES).filter(([, marker]) => requests.some((q) => q.raw.includes(`${marker}-MARKER`)));
  console.log(`${agent.harness}${process.env.PROBE_RO === '1' ? ' (folders read-only)' : ''}: rc=${r.code} requests=${requests.length} read: ${read.map(([place]) => `~/${place}`).join(', ') || 'none'}`);
  if (requests.length === 0) console.log(r.stdout.slice(0, 2000), r.stderr.slice(0, 2000));
}
server.close();
