// The bench corpus laid out as one campaign iteration, for `compare`:
// .eval-magic/bench-skill/iteration-1/eval-<k>/<condition>/run-<j>/conversation.json (+ run.json),
// with the iteration's campaign.json and an evals.json whose evals each conversation follows
// (prompt, turns and gates), so that every clean artifact is graded, by three transcript checks.
// Each eval's six runs share its rounds, prompts and gates, but every run's texts are its own
// (varyArtifact), and a conversation holds about 20 events (sizes drawn as the check corpus's); 2 % of runs are broken in the check corpus's ways.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SeededRandom } from './seeded-random.js';
import { DEFECTS, generateArtifact, varyArtifact, type Defect } from './generate-artifact.js';
import { conversationSha256 } from '../../src/workspace/conversation-digest.js';

const GENERATOR_VERSION = 5;
const RUNS_PER_CONDITION = 3;
const CONDITIONS = ['with_skill', 'without_skill'];

interface Event {
  type: string;
  text?: string;
  round: number;
}

/** Writes (or reuses) the iteration under `dir`; returns the iteration folder, relative to `dir`. */
export function generateIterationCorpus(dir: string, count: number, seed = 20261201): string {
  const iteration = '.eval-magic/bench-skill/iteration-1';
  const stampPath = join(dir, 'corpus-stamp.json');
  const stamp = JSON.stringify({ GENERATOR_VERSION, count, seed });
  if (existsSync(stampPath) && readFileSync(stampPath, 'utf8') === stamp) return iteration;
  rmSync(dir, { recursive: true, force: true });
  const random = new SeededRandom(seed);
  const evals: unknown[] = [];
  let broken = 0;
  const perEval = RUNS_PER_CONDITION * CONDITIONS.length;
  for (let k = 0; k * perEval < count; k++) {
    const target = Math.min(random.logNormal(13_000 / 1.3, 1.05), 2_000_000);
    const text = generateArtifact(random, target, 'none', random.int(16, 24));
    const script = JSON.parse(text) as { status: string; stop_reason?: string; delivered_followups: number; events: Event[] };
    evals.push(evalFor(`e${k}`, script));
    const rounds = script.events.filter((e) => e.type === 'user_message').length;
    for (let i = 0; i < perEval && k * perEval + i < count; i++) {
      const condition = CONDITIONS[i % 2]!;
      const folder = join(dir, iteration, `eval-e${k}`, condition, `run-${Math.floor(i / 2) + 1}`);
      mkdirSync(folder, { recursive: true });
      const defect: Defect = random.chance(0.02) ? DEFECTS[broken++ % DEFECTS.length]! : 'none';
      const written = defect !== 'none' ? generateArtifact(random, target, defect) : i === 0 ? text : varyArtifact(random, text);
      writeFileSync(join(folder, 'conversation.json'), written);
      // A complete record, as campaign writes it (schemas/run.schema.json): compare reads it the way it reads a real one.
      const duration = random.int(1e3, 6e5);
      const tokens = { input: random.int(1e3, 1e6), output: random.int(1e2, 1e5) };
      const startedAt = Date.UTC(2026, 11, 1, 8) + (k * perEval + i) * 1000;
      writeFileSync(join(folder, 'run.json'), JSON.stringify({
        schema_version: 1, eval_magic_version: '0.1.0', eval_id: `e${k}`, condition, run: Math.floor(i / 2) + 1, harness: { name: 'claude-code', version: null }, model: null,
        skill: condition === CONDITIONS[0] ? { name: 'bench-skill', source: 'bench-skill', sha256: '0'.repeat(64), staged_at: '.claude/skills/bench-skill' } : null,
        started_at: new Date(startedAt).toISOString(), ended_at: new Date(startedAt + duration).toISOString(), duration_ms: duration,
        status: script.status, stop_reason: script.stop_reason ?? null, abort_reason: null, message: null, exit_code: 0, rounds, delivered_followups: script.delivered_followups,
        attempts: 1, failures: [], tokens, skill_roster: null, isolation: { valid: true, problems: [] }, task_dir: 'task', staged_dir: 'staged',
        // As campaign records it since it keeps one: compare digests each conversation it grades to hold it to this.
        conversation_sha256: conversationSha256(written),
      }, null, 2));
    }
  }
  mkdirSync(join(dir, 'bench-skill', 'evals'), { recursive: true });
  const evalsText = JSON.stringify({ skill_name: 'bench-skill', evals }, null, 2);
  writeFileSync(join(dir, 'bench-skill', 'evals', 'evals.json'), evalsText);
  // The campaign's own record, as campaign writes it: compare takes the plan and the evals.json from it.
  const runs = Object.fromEntries(evals.map((e) => [(e as { id: string }).id, RUNS_PER_CONDITION]));
  writeFileSync(join(dir, iteration, 'campaign.json'), JSON.stringify({
    schema_version: 1, eval_magic_version: '0.1.0', conditions: CONDITIONS, skill: { name: 'bench-skill', source: 'bench-skill', sha256: '0'.repeat(64) }, baseline: null,
    harness: { name: 'claude-code', descriptor_sha256: null }, evals: { path: 'bench-skill/evals/evals.json', sha256: createHash('sha256').update(evalsText).digest('hex') }, runs, order: [], model: null,
  }, null, 2));
  writeFileSync(stampPath, stamp);
  return iteration;
}

/** The eval a generated conversation follows: its prompt, each follow-up behind an agent_asks gate, and two transcript checks. */
function evalFor(id: string, conversation: { status: string; events: Event[] }): unknown {
  const users = conversation.events.filter((e) => e.type === 'user_message');
  // A follow-up is gated on the agent asking where the round before it asked; else it is always sent.
  const asked = (round: number) => conversation.events.some((e) => e.type === 'assistant_message' && e.round === round && e.text!.includes('?'));
  const turns: unknown[] = users.slice(1).map((u) => ({ prompt: u.text, deliver_when: asked(u.round - 1) ? 'agent_asks' : 'always' }));
  // A stopped one stopped on a mismatch: the next gate's pattern does not match what the agent asked.
  if (conversation.status === 'stopped') turns.push({ prompt: 'Yes, go on.', deliver_when: 'agent_asks', agent_response_matches: '^never matches$' });
  return {
    id,
    prompt: users[0]!.text,
    expected_output: 'The change is made and tested.',
    ...(turns.length > 0 ? { turns } : {}),
    assertions: [
      { id: 'ran-a-shell', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^(Bash|shell) ' },
      { id: 'says-done', type: 'transcript_check', check: 'assistant_message_matches', pattern: '(?i)\\bdone\\b' },
      { id: 'read-before-write', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^(Read|read_file) ', must_precede: 'first_write' },
    ].filter((a) => turns.length > 0 || a.check !== 'assistant_message_matches'),
  };
}
