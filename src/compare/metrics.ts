// Behaviour metrics of one run, no assertion needed: did the agent use the skill, how much did it
// do, how did the conversation end. Duration and tokens come from run.json when it is there.
import type { Conversation, ToolInvocationEvent } from '../types.js';
import { type ArgsSource, SKILL_TOOLS } from './graders/index.js';
import type { RunRecord, TokenUsage } from '../workspace/run-record.js';

/** One run's behaviour. Absent numbers (no run.json) are null, never 0. */
export interface RunMetrics {
  /** Whether the skill was used: its tool called, or its SKILL.md read. */
  skill_invoked: boolean;
  /** Where that was seen ("Skill tool at ordinal 3"), or null. */
  skill_evidence: string | null;
  tool_invocations: number;
  tools_by_name: Record<string, number>;
  rounds: number;
  delivered_followups: number;
  /** How the run ended: run.json's status when it is there (what campaign recorded), else conversation.json's. */
  status: string;
  stop_reason: string | null;
  /** The two records' statuses when they disagree (campaign writes them alike: one was edited by hand), else null. */
  status_conflict: { run_json: string; conversation_json: string } | null;
  assistant_characters: number;
  /** Null too when the session was started alone ({@link RunMetrics.started_alone}). */
  duration_ms: number | null;
  /** Its run.json says `started_alone`: the session paid the CLI's first start without contention, a time of neither arm. */
  started_alone: boolean;
  /** input + output; null without run.json tokens. */
  tokens_total: number | null;
  /** Every kind the CLI reported (run.json `tokens`), or null. */
  tokens: TokenUsage | null;
  /** What the run cost in US dollars as the CLI reported it (run.json `cost_usd`), or null — never 0 for unknown. */
  cost_usd: number | null;
}

/** The numeric metrics compared between conditions, in report order. */
export const NUMERIC_METRICS = ['tool_invocations', 'rounds', 'delivered_followups', 'assistant_characters', 'duration_ms', 'tokens_total', 'cost_usd'] as const;

/** Measures one run. `skillName` is the skill under test (campaign.json's, else evals.json `skill_name`, else run.json's). */
export function measureRun(conversation: Conversation, args: ArgsSource, record: RunRecord | undefined, skillName: string | undefined): RunMetrics {
  const byName: Record<string, number> = {};
  let invocations = 0;
  let assistantCharacters = 0;
  let rounds = 0;
  let evidence: string | null = null;
  conversation.events.forEach((event, index) => {
    rounds = Math.max(rounds, event.round);
    if (event.type === 'assistant_message') assistantCharacters += codePoints(event.text);
    if (event.type !== 'tool_invocation') return;
    invocations++;
    byName[event.name] = (byName[event.name] ?? 0) + 1;
    evidence ??= skillUse(event, index, args, skillName);
  });
  const tokens = record?.tokens ?? undefined;
  return {
    skill_invoked: evidence !== null,
    skill_evidence: evidence,
    tool_invocations: invocations,
    tools_by_name: Object.fromEntries(Object.entries(byName).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))),
    rounds,
    delivered_followups: conversation.delivered_followups,
    status: record?.status ?? conversation.status,
    status_conflict: record !== undefined && record.status !== conversation.status ? { run_json: record.status, conversation_json: conversation.status } : null,
    stop_reason: record?.stop_reason ?? conversation.stop_reason ?? null,
    assistant_characters: assistantCharacters,
    duration_ms: record?.started_alone ? null : record?.duration_ms ?? null,
    started_alone: record?.started_alone === true,
    tokens_total: tokens ? tokens.input + tokens.output : null,
    tokens: tokens ?? null,
    cost_usd: record?.cost_usd ?? null,
  };
}

/**
 * Whether one invocation used the skill: Claude Code's `Skill` or OpenCode's `skill` tool naming
 * it (or naming nothing we can read), or any tool whose args mention `<skill>/SKILL.md` (Codex
 * reads it through its shell).
 */
function skillUse(event: ToolInvocationEvent, index: number, args: ArgsSource, skillName: string | undefined): string | null {
  const rendered = args.render(event, index);
  if (SKILL_TOOLS.includes(event.name)) {
    if (skillName === undefined || rendered.includes(skillName) || event.args === undefined || event.args === null) return `${event.name} tool at ordinal ${event.ordinal}`;
    return null;
  }
  const file = skillName === undefined ? 'SKILL.md' : `${skillName}/SKILL.md`;
  return rendered.includes(file) ? `${event.name} reading ${file} at ordinal ${event.ordinal}` : null;
}

const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/** Code points in `text` (a surrogate pair is one), without building an array of them. */
function codePoints(text: string): number {
  // Most text has no pair to count: one native scan says so.
  if (!HIGH_SURROGATE.test(text)) return text.length;
  let pairs = 0;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return text.length - pairs;
}
