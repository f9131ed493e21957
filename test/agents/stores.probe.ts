// A measurement, not a test of the tier: what each real CLI keeps under HOME (and the XDG folders,
// /tmp) during a campaign's skill runs, and whether a later control run can read it or is shown it
// by the CLI. One eval of two rounds, both arms, two runs, --jobs 1: the plan's order is
// with_skill/run-1, without_skill/run-1, without_skill/run-2, with_skill/run-2, so the control's
// run-1 starts after a whole skill run. The control's model runs a shell command in both rounds
// that lists and greps HOME and /tmp; the skill's model cats its SKILL.md and prints a marker.
// Run inside the tier's namespace (see stores-probe.sh); writes its evidence to $STORES_OUT.
import { cpSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { startModelServer, type Step } from './model-server.js';
import { AGENTS, execute } from './agents.js';
import { SKILL, SKILL_RULE, WATCH, iterationDir, makeCampaign, readJson } from './campaign-fixture.js';

const OUT = process.env.STORES_OUT ?? '/tmp/stores-out';
const PROMPT = 'Write the release notes for version 2 into notes.txt.';
const FOLLOW_UP = 'Yes, add the list of changes.';
const SECRET = 'SKILL-ARM-SECRET-7731';
// STORES_MODE=memory: the skill arm also writes a line into each CLI's user-level instructions
// file (loaded into every new session): does a later control session's first request carry it?
const MEMORY = process.env.STORES_MODE === 'memory';
const MEMORY_LINE = 'Always mention MEMORY-MARKER-4242.';
const writeMemory = `mkdir -p ~/.claude ~/.config/opencode "\${CODEX_HOME:-$HOME/.codex}"; for f in ~/.claude/CLAUDE.md "\${CODEX_HOME:-$HOME/.codex}/AGENTS.md" ~/.config/opencode/AGENTS.md; do echo '${MEMORY_LINE}' >> "$f"; done; `;
// The control's probe: what its shell sees of HOME, the XDG folders and /tmp, and what in them names the skill.
const probe = (round: number) => [
  `echo STORES-PROBE-CMD-R${round}`,
  'echo "HOME=$HOME"; env | grep -E "^(XDG|CODEX|CLAUDE|TMPDIR|OPENCODE)" | grep -v CONFIG_CONTENT',
  // /usr/bin/grep, /usr/bin/find: in Claude Code's Bash tool a bare grep ran ugrep (which refused the -o pattern).
  // /tmp/claude-*: Claude Code's Bash tool writes the command's own output there (grep would read it forever).
  'echo ==FILES==; /usr/bin/find ~ /tmp -xdev \\( -name node_modules -o -name bin -o -name tsx-0 \\) -prune -o -type f -print 2>/dev/null | head -200',
  `echo ==GREP==; /usr/bin/grep -rlI --exclude-dir=tsx-0 --exclude=*.output -e ${SKILL} -e ${SECRET} -e UTC-STAMP ~ /tmp 2>/dev/null | head -40`,
  `echo ==SHOW==; for f in $(/usr/bin/grep -rlI --exclude-dir=tsx-0 --exclude=*.output -e ${SECRET} ~ /tmp 2>/dev/null | head -6); do echo "--- $f"; /usr/bin/grep -o -E ".{0,50}(UTC-STAMP <date>|${SECRET}).{0,50}" "$f" | head -3; done`,
].join('; ');

function script({ userTexts, toolResults, seen }: { userTexts: string[]; toolResults: number; seen: Record<string, string | null> }): Step {
  if (userTexts[0] !== PROMPT) return { say: `unscripted ${JSON.stringify(userTexts[0])}` };
  const round = userTexts.length;
  // The control arm is the one whose conversation holds the probe already, or that was shown no skill.
  const control = seen.probe !== null || seen.skill === null;
  if (control) {
    if (toolResults === 0) return { shell: probe(round) };
    return { say: round === 1 ? 'I wrote notes.txt. Should I add the list of changes too?' : 'Done.' };
  }
  if (round === 1) {
    if (toolResults === 0) return { shell: `${MEMORY ? writeMemory : ''}printf 'UTC-STAMP 2026\\nVersion 2\\n' > notes.txt; echo ${SECRET}; cat .*/skills/${SKILL}/SKILL.md` };
    return { say: `I wrote notes.txt as ${SKILL} asks: ${SKILL_RULE} Should I add the list of changes too?` };
  }
  return toolResults === 0 ? { shell: `echo ${SECRET}-ROUND2` } : { say: 'Done: notes.txt lists the changes.' };
}

/** Every file below `root`: path, size, mtime (ms). */
function listFiles(root: string): Array<{ path: string; size: number; mtime: number }> {
  const out: Array<{ path: string; size: number; mtime: number }> = [];
  const walk = (dir: string) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else {
        try {
          const s = statSync(p);
          out.push({ path: p, size: s.size, mtime: s.mtimeMs });
        } catch {}
      }
    }
  };
  walk(root);
  return out;
}

const evals = {
  skill_name: SKILL,
  evals: [{ id: 'notes', prompt: PROMPT, expected_output: 'notes.txt', turns: [{ prompt: FOLLOW_UP, deliver_when: 'always' }] }],
};

for (const agent of AGENTS) {
  const out = join(OUT, agent.harness);
  mkdirSync(out, { recursive: true });
  const server = await startModelServer(script, { watch: { ...WATCH, probe: /STORES-PROBE-CMD/, secret: new RegExp(SECRET), rule: /UTC-STAMP <date>/, memory: /MEMORY-MARKER-4242/ } });
  const tmpBefore = new Set(listFiles('/tmp').map((f) => f.path));
  const campaign = makeCampaign(agent, server, evals, 2);
  // --jobs 1: the plan's order, one session at a time.
  const args = campaign.args.map((a, i) => (campaign.args[i - 1] === '--jobs' ? '1' : a));
  const r = await execute(process.execPath, args, { cwd: campaign.root, env: campaign.env });
  writeFileSync(join(out, 'campaign.txt'), `exit ${r.code}\n${r.stdout}\n${r.stderr}`);
  const home = join(campaign.root, 'home');
  const iteration = iterationDir(campaign);
  // Which run each work folder was.
  const runs = new Map<string, string>();
  for (const condition of ['with_skill', 'without_skill']) {
    for (const j of [1, 2]) {
      const folder = `eval-notes/${condition}/run-${j}`;
      try {
        const record = readJson(join(iteration, folder, 'run.json'));
        runs.set(record.work_dir, folder);
        writeFileSync(join(out, `${condition}-run-${j}.run.json`), JSON.stringify(record, null, 2));
        cpSync(join(iteration, folder), join(out, 'runs', folder), { recursive: true });
      } catch (e) {
        writeFileSync(join(out, `${condition}-run-${j}.missing`), String(e));
      }
    }
  }
  const requests = server.requests.map((q, i) => ({
    i,
    run: q.seen.run ? (runs.get(q.seen.run) ?? q.seen.run) : null,
    auxiliary: q.auxiliary,
    userTexts: q.userTexts,
    toolResults: q.toolResults,
    seen: q.seen,
    step: q.step,
    rawHasSkill: q.raw.includes(SKILL),
    rawHasSecret: q.raw.includes(SECRET),
  }));
  writeFileSync(join(out, 'requests.json'), JSON.stringify(requests, null, 2));
  mkdirSync(join(out, 'bodies'), { recursive: true });
  server.requests.forEach((q, i) => writeFileSync(join(out, 'bodies', `${String(i).padStart(3, '0')}.json`), q.raw));
  const files = listFiles(home).map((f) => {
    let text = '';
    try {
      text = f.size < 5_000_000 ? readFileSync(f.path, 'latin1') : '';
    } catch {}
    return { path: relative(home, f.path), size: f.size, skill: text.includes(SKILL), secret: text.includes(SECRET), rule: text.includes('UTC-STAMP <date>') };
  });
  writeFileSync(join(out, 'home-files.json'), JSON.stringify(files, null, 2));
  const tmpNew = listFiles('/tmp').filter((f) => !tmpBefore.has(f.path) && !f.path.startsWith(campaign.root));
  writeFileSync(join(out, 'tmp-new.json'), JSON.stringify(tmpNew.map((f) => ({ path: f.path, size: f.size })), null, 2));
  // A copy of HOME's small files, for reading afterwards.
  cpSync(home, join(out, 'home'), { recursive: true, filter: (src) => { try { const s = statSync(src); return s.isDirectory() || s.size < 2_000_000; } catch { return false; } } });
  await server.close();
  process.stdout.write(`${agent.harness}: campaign exit ${r.code}, ${server.requests.length} requests, ${files.length} files in HOME\n`);
}
