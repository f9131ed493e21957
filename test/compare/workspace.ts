// Builds campaign workspaces by hand for compare's tests, in CONTRACT.md's layout:
// <root>/.eval-magic/<skill>/iteration-1/eval-<id>/<condition>/run-<j>/{conversation.json, run.json, task/, staged/}
// and <root>/<skill>/evals/evals.json. The reference's layout (no run-<j>, no run.json) too.
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** One event, written in order; ordinals are assigned, and each user message opens a round. */
export type EventSpec =
  | { user: string }
  | { assistant: string }
  | { tool: string; args?: unknown; result?: string };

export interface RunSpec {
  events: EventSpec[];
  /** Default: completed with every follow-up delivered. */
  stopped?: { reason: 'agent_did_not_ask' | 'agent_response_mismatch'; before: number };
  /** run.json fields over the defaults (a complete, schema-valid record as campaign writes it); false writes no run.json. */
  record?: false | Record<string, unknown>;
  /** Files of the task as staged and as the run left it (task-relative paths). */
  staged?: Record<string, string>;
  task?: Record<string, string>;
  /** The conversation.json text as written, instead of the generated one (a broken artifact). */
  rawConversation?: string;
  /** Write no conversation.json (a run that aborted). */
  noConversation?: true;
}

export interface WorkspaceSpec {
  skill: string;
  evals: Array<Record<string, unknown>>;
  conditions?: [string, string];
  /** runs[evalId][condition] = the runs, in order. */
  runs: Record<string, Record<string, RunSpec[]>>;
  /** 'reference': one run per condition, straight in the condition folder, no run.json or campaign.json. */
  layout?: 'campaign' | 'reference';
  /** Extra files beside evals.json (setup files). */
  evalsFiles?: Record<string, string>;
  /** Each run.json records the sha256 of its conversation.json's bytes (`conversation_sha256`), as campaign writes it. */
  conversationDigests?: true;
  /** campaign.json records each command_check's setup file (of evalsFiles) as campaign writes it: `file <sha256>` by its path (`evals.setup_files`). */
  setupDigests?: true;
}

const write = (path: string, text: string) => {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
};
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** Writes the workspace under `root`; returns the iteration folder. */
export function writeWorkspace(root: string, spec: WorkspaceSpec): string {
  const conditions = spec.conditions ?? ['with_skill', 'without_skill'];
  const evalsDir = join(root, spec.skill, 'evals');
  write(join(evalsDir, 'evals.json'), json({ skill_name: spec.skill, evals: spec.evals }));
  for (const [path, text] of Object.entries(spec.evalsFiles ?? {})) write(join(evalsDir, path), text);
  const iteration = join(root, '.eval-magic', spec.skill, 'iteration-1');
  const reference = spec.layout === 'reference';
  if (!reference) {
    const runs = Object.fromEntries(Object.entries(spec.runs).map(([id, arms]) => [id, Math.max(...Object.values(arms).map((r) => r.length))]));
    write(join(iteration, 'campaign.json'), json({
      schema_version: 1, eval_magic_version: '0.1.0', conditions, skill: { name: spec.skill, source: `${spec.skill}`, sha256: '0'.repeat(64) }, baseline: null,
      harness: { name: 'claude-code', descriptor_sha256: null }, evals: { path: relative(root, join(evalsDir, 'evals.json')), sha256: createHash('sha256').update(readFileSync(join(evalsDir, 'evals.json'))).digest('hex'), ...(spec.setupDigests ? { setup_files: setupDigests(spec.evals, evalsDir) } : {}) }, runs, order: [], model: null,
    }));
  }
  for (const [evalId, arms] of Object.entries(spec.runs)) {
    for (const [condition, runs] of Object.entries(arms)) {
      runs.forEach((run, j) => {
        const dir = reference ? join(iteration, `eval-${evalId}`, condition) : join(iteration, `eval-${evalId}`, condition, `run-${j + 1}`);
        const text = run.noConversation ? undefined : run.rawConversation ?? json(conversation(run));
        if (text !== undefined) write(join(dir, 'conversation.json'), text);
        else mkdirSync(dir, { recursive: true });
        if (reference || run.record === false) return;
        const withSkill = condition === conditions[0];
        for (const [path, text] of Object.entries(run.staged ?? {})) write(join(dir, 'staged', path), text);
        for (const [path, text] of Object.entries(run.task ?? run.staged ?? {})) write(join(dir, 'task', path), text);
        mkdirSync(join(dir, 'task'), { recursive: true });
        mkdirSync(join(dir, 'staged'), { recursive: true });
        const rounds = run.events.filter((e) => 'user' in e).length;
        write(join(dir, 'run.json'), json({
          schema_version: 1, eval_magic_version: '0.1.0', eval_id: evalId, condition, run: j + 1,
          harness: { name: 'claude-code', version: '2.1.197 (Claude Code)' }, model: null,
          skill: withSkill ? { name: spec.skill, source: spec.skill, sha256: '0'.repeat(64), staged_at: `.claude/skills/${spec.skill}` } : null,
          started_at: '2026-12-01T08:00:00Z', ended_at: '2026-12-01T08:01:00Z', duration_ms: 60_000 + j * 1000,
          status: run.stopped ? 'stopped' : 'completed', stop_reason: run.stopped?.reason ?? null, abort_reason: null, message: null, exit_code: 0,
          rounds, delivered_followups: Math.max(0, rounds - 1), attempts: 1, failures: [],
          tokens: { input: 1000 + j, output: 200 + j }, skill_roster: null, isolation: { valid: true, problems: [] },
          task_dir: 'task', staged_dir: 'staged',
          // Of the bytes as written (LF, no byte-order mark): what the digest rule gives for them.
          ...(spec.conversationDigests && text !== undefined ? { conversation_sha256: createHash('sha256').update(text).digest('hex') } : {}),
          ...(run.record ?? {}),
        }));
      });
    }
  }
  return iteration;
}

/** The documented fingerprint of each setup file the evals' command_checks name (all regular files here), by path. */
function setupDigests(evals: WorkspaceSpec['evals'], evalsDir: string): Record<string, string> {
  const paths = evals.flatMap((e) => (e.assertions as Array<{ type?: string; setup_files?: string[] }> | undefined ?? []).flatMap((a) => (a.type === 'command_check' ? a.setup_files ?? [] : [])));
  return Object.fromEntries(paths.map((path) => [path, `file ${createHash('sha256').update(readFileSync(join(evalsDir, path))).digest('hex')}`]));
}

/** A schema-valid conversation.json from a run spec. */
export function conversation(run: RunSpec): Record<string, unknown> {
  let round = 0;
  const events = run.events.map((e, ordinal) => {
    if ('user' in e) return { type: 'user_message', ordinal, round: ++round, text: e.user };
    if ('assistant' in e) return { type: 'assistant_message', ordinal, round, text: e.assistant };
    return { type: 'tool_invocation', ordinal, round, name: e.tool, ...(e.args !== undefined ? { args: e.args } : {}), ...(e.result !== undefined ? { result: e.result } : {}) };
  });
  const followups = Math.max(0, round - 1);
  if (run.stopped) return { status: 'stopped', delivered_followups: followups, stop_reason: run.stopped.reason, stopped_before_followup: run.stopped.before, events };
  return { status: 'completed', delivered_followups: followups, events };
}

/** `spec` without its command_check assertions (see copyWithoutCommandChecks). */
export function withoutCommandChecks(spec: WorkspaceSpec): WorkspaceSpec {
  return { ...spec, evals: spec.evals.map((e) => (Array.isArray(e.assertions) ? { ...e, assertions: e.assertions.filter((a: { type?: unknown }) => a.type !== 'command_check') } : e)) };
}

/**
 * Copies the campaign workspace `from` (its skill folder and .eval-magic/, as
 * fixtures/compare/skill-shifts-one-assertion holds them) to `to` without the command_check
 * assertions of `skill`'s evals.json, its campaign.json's digest of that file made to match: a
 * workspace as if the campaign had run those evals. For tests that read no command_check grade:
 * each command_check is a contained shell per run per compare (the fixture's 16 runs cost a
 * compare ~0.3 CPU-s against ~0.03 without), and assertions only grade, so the runs are the same.
 */
export function copyWithoutCommandChecks(from: string | URL, to: string, skill: string): string {
  cpSync(from, to, { recursive: true });
  const evalsPath = join(to, skill, 'evals', 'evals.json');
  const evals = JSON.parse(readFileSync(evalsPath, 'utf8')) as { evals: Array<Record<string, unknown>> };
  const text = json({ ...evals, evals: withoutCommandChecks({ skill, evals: evals.evals, runs: {} }).evals });
  writeFileSync(evalsPath, text);
  const iteration = join(to, '.eval-magic', skill, 'iteration-1');
  const campaignPath = join(iteration, 'campaign.json');
  const campaign = JSON.parse(readFileSync(campaignPath, 'utf8'));
  campaign.evals.sha256 = createHash('sha256').update(text).digest('hex');
  writeFileSync(campaignPath, json(campaign));
  return to;
}
