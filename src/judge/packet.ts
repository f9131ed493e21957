// The judge packet: the one text a judge session receives — the eval's task, the run's
// conversation in order, its diff, the expected output and one rubric — blinded, and the
// instruction to answer with one JSON verdict.
import { createHash } from 'node:crypto';
import type { Conversation, ConversationEvent } from '../types.js';
import type { EvalCase } from '../evals/types.js';
import { ARM_TOKEN, ARM_TOKEN_STYLES, SKILL_TOKEN, SKILL_TOKEN_STYLES, WITHHELD, type Blinder } from './blinding.js';
import { RENAMED_SUFFIX } from './cli-project-files.js';
import type { RunDiff } from '../workspace/run-diff.js';
import { EXAMPLE_VERDICT } from '../workspace/judge-verdict.js';

/** An llm_judge assertion as evals.json holds it. */
export interface LlmJudgeAssertion {
  id: string;
  type: 'llm_judge';
  rubric: string;
  model?: string;
}

/** Most characters of one tool call's arguments or result shown; a long output is cut in the middle. */
const MAX_TOOL_TEXT = 4000;
/** Most characters of the diff shown. */
const MAX_DIFF_TEXT = 60_000;

/** What a packet is made of. */
export interface PacketInput {
  evalCase: EvalCase;
  assertion: LlmJudgeAssertion;
  conversation: Conversation;
  diff: RunDiff;
  blinder: Blinder;
  /** Filled, when given, with the SKILL.md lines withheld from the diff: where the agent wrote them into the task, whose copy its judge reads withheld alike. */
  withheldInChanges?: Set<string>;
}

/**
 * The Blinder of one packet, and of the task copy its judge works in: the run's, but for what the
 * packet's criteria (its rubric, the eval's expected_output) and the task as both arms were told it
 * (the eval's prompt and follow-ups) state of SKILL.md (Blinder.allowing).
 */
export function packetBlinder(blinder: Blinder, evalCase: EvalCase, assertion: LlmJudgeAssertion): Blinder {
  return blinder.allowing([assertion.rubric, evalCase.expected_output, evalCase.prompt, ...(evalCase.turns ?? []).map((turn) => turn.prompt)]);
}

/** The packet's Markdown text. Only the blinded texts of the inputs reach it; never the eval's other assertions. */
export function renderPacket(input: PacketInput): string {
  const { evalCase, assertion, conversation, diff } = input;
  const blinder = packetBlinder(input.blinder, evalCase, assertion);
  const b = (text: string) => blinder.blind(text);
  const out: string[] = [];
  out.push('# Grade one assertion about a coding agent\'s work', '');
  out.push(
    'A coding agent was given the task below in a folder of files. Its whole conversation follows,',
    'then the changes it made to the files, then what a good outcome looks like, then the rubric.',
    'Your working folder holds a copy of the files as the agent left them: you may read them.',
    // Said so a judge does not take the copy's missing history for the agent's (session.ts listTask
    // leaves Git's data out, and the diff never counts it: diff/git-data.ts). Every packet says it, in both arms alike.
    "Git's own data (every `.git`, and any repository, bundle or other file of git's under another name) is left out of that copy and of the changes shown, so git shows no history there: that is not the agent's doing.",
    // Said so a judge reading the copy finds what the agent wrote under the names its diff shows
    // (task-copy.ts renames them: cli-project-files.ts). Every packet says it, in both arms alike.
    `Files and folders an agent CLI would load as its own instructions or settings (\`CLAUDE.md\`, \`AGENTS.md\`, \`.claude/\`, \`opencode.json\`, …) are renamed in that copy with \`${RENAMED_SUFFIX}\` appended (\`CLAUDE.md${RENAMED_SUFFIX}\`), so that no judge takes them as its own instructions; the changes shown name them as the agent did.`,
    // The blinding's marks, in the packet and the copy alike, said so a judge does not hold them against the agent;
    // each placeholder in every spelling the blinding gives it, so a judge takes `theSkill` or `theRun` in code for the mark it is.
    `Some names and lines are replaced, here and in those files alike, by \`${SKILL_TOKEN}\` (spelt as the name it replaces was: ${SKILL_TOKEN_STYLES.map((style) => `\`${style}\``).join(', ')}), \`${ARM_TOKEN}\` (spelt so too: ${ARM_TOKEN_STYLES.map((style) => `\`${style}\``).join(', ')}) or \`${WITHHELD}\`: that is not the agent's doing.`,
    'Grade only the rubric at the end. Do not change any file.', '',
  );
  out.push('## The task', '', fence(b(evalCase.prompt)), '');
  const turns = evalCase.turns ?? [];
  if (turns.length > 0) {
    out.push('## Scripted follow-ups', '', 'The user had these follow-ups ready, each sent only when its condition held:', '');
    turns.forEach((turn, i) => out.push(`${i + 1}. (${turn.deliver_when === 'agent_asks' ? 'when the agent asked' : 'always'})`, '', fence(b(turn.prompt)), ''));
  }
  out.push('## The conversation', '');
  if (conversation.status === 'stopped') out.push(`(The conversation was stopped before a follow-up: ${conversation.stop_reason ?? 'a gate did not open'}.)`, '');
  for (const event of conversation.events) out.push(...renderEvent(event, b), '');
  out.push('## The changes the agent made', '');
  if (diff.text === undefined) out.push(`(No diff: ${b(diff.missing)}.)`, '');
  else if (diff.text === '') out.push('(The agent changed no file.)', '');
  else out.push(fence(cut(blinder.blind(diff.text, input.withheldInChanges), MAX_DIFF_TEXT), 'diff'), '');
  out.push('## What a good outcome looks like', '', evalCase.expected_output === undefined ? '(The eval says nothing.)' : fence(b(evalCase.expected_output)), '');
  out.push('## The rubric', '', fence(b(assertion.rubric)), '');
  out.push(...INSTRUCTION);
  return out.join('\n');
}

/** How the judge must answer: the verdict contract (docs/judge.md), as parseVerdict reads the answer — the final message the object alone. */
const INSTRUCTION = [
  '## Your answer',
  '',
  'Decide whether the agent\'s work meets the rubric. Your final message must be exactly one JSON object, with nothing before or after it (a code fence around it is fine):',
  '',
  '```json',
  EXAMPLE_VERDICT,
  '```',
  '',
  '- `passed`: true only if the conversation or the files show the rubric is met; otherwise false.',
  '- `evidence`: a direct quote or a fact you checked in the files. A pass without evidence is not accepted.',
  '- `confidence`: a number from 0 to 1.',
  '- Write no second JSON object, and no text beside it.',
  '',
];

function renderEvent(event: ConversationEvent, b: (text: string) => string): string[] {
  switch (event.type) {
    case 'user_message':
      return [`### User (round ${event.round})`, '', fence(b(event.text))];
    case 'assistant_message':
      return [`### Agent`, '', fence(b(event.text))];
    case 'tool_invocation': {
      const lines = [`### Tool call: ${b(event.name)}`, ''];
      if (event.args !== undefined) lines.push('Arguments:', '', fence(cut(blindedText(event.args, b), MAX_TOOL_TEXT), typeof event.args === 'string' ? '' : 'json'), '');
      lines.push('Result:', '', event.result === undefined ? '(none recorded)' : fence(cut(blindedText(event.result, b), MAX_TOOL_TEXT)));
      return lines;
    }
  }
}

/**
 * A tool call's arguments or result as the packet shows it, blinded: a text as it is, a value as
 * JSON with each of its texts (keys too) blinded before JSON escapes it — blinded after, a name
 * after a line break (`\nai-review`) or a tab read as one word with the escape's letter.
 */
function blindedText(value: unknown, b: (text: string) => string): string {
  return typeof value === 'string' ? b(value) : JSON.stringify(blindedValue(value, b), null, 2);
}

/** `value` (parsed JSON) with each of its texts, and each key, blinded. */
function blindedValue(value: unknown, b: (text: string) => string): unknown {
  if (typeof value === 'string') return b(value);
  if (Array.isArray(value)) return value.map((item) => blindedValue(item, b));
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [b(key), blindedValue(item, b)]));
}

/** At most `max` characters: the head and the tail, with what was left out said between them. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const half = Math.floor(max / 2);
  return `${text.slice(0, half)}\n[… ${text.length - 2 * half} characters left out …]\n${text.slice(-half)}`;
}

/** A fence longer than any run of backticks in `text`, so no text can close it early. */
function fence(text: string, info = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  return `${ticks}${info}\n${text}${text.endsWith('\n') ? '' : '\n'}${ticks}`;
}

/** The packet's sha256 (hex): a judgment whose packet hash differs was made of other inputs. */
export function packetSha256(packet: string): string {
  return createHash('sha256').update(packet, 'utf8').digest('hex');
}
