// transcript_check: a Rust-dialect regex searched in each rendered tool invocation, or in each
// assistant message, optionally only before the completion claim or the first write.
import { compileGateRegex } from '../../evals/gate-regex.js';
import type { Conversation, ToolInvocationEvent } from '../../types.js';
import type { ArgsSource } from './render-invocation.js';
import type { AssertionResult, TranscriptCheckAssertion } from './types.js';

/** What transcript_check reads of a run. */
export interface TranscriptInput {
  conversation: Conversation;
  /** The conversation's text, for args whose key order JSON.parse would change. */
  args: ArgsSource;
  /** Names of the harness's write and patch tools (see `writeTools`). */
  writeTools: ReadonlySet<string>;
}

const EVIDENCE_CHARS = 200;

/** Grades one transcript_check assertion; always a verdict (a bad pattern fails, with why). */
export function gradeTranscriptCheck(assertion: TranscriptCheckAssertion, input: TranscriptInput): AssertionResult {
  const fail = (evidence: string): AssertionResult => ({ id: assertion.id, passed: false, evidence, grader: 'transcript_check' });
  if (assertion.check !== 'tool_invocation_matches' && assertion.check !== 'assistant_message_matches') {
    return fail(`unsupported transcript_check kind: ${JSON.stringify(assertion.check)}`);
  }
  if (assertion.pattern === undefined) return fail(`transcript_check ${JSON.stringify(assertion.check)} needs a \`pattern\``);
  const compiled = compileGateRegex(assertion.pattern);
  if (!compiled.ok) return fail(`invalid regex in pattern ${JSON.stringify(assertion.pattern)}: ${compiled.message}`);

  const events = input.conversation.events;
  const limit = orderingLimit(assertion.must_precede, input);
  const candidates: Array<{ ordinal: number; text: string }> = [];
  events.forEach((event, index) => {
    if (assertion.check === 'tool_invocation_matches') {
      if (event.type === 'tool_invocation') candidates.push({ ordinal: event.ordinal, text: input.args.render(event as ToolInvocationEvent, index) });
    } else if (event.type === 'assistant_message') {
      candidates.push({ ordinal: event.ordinal, text: event.text });
    }
  });
  let matches = 0;
  for (const candidate of candidates) {
    if (!compiled.regex.test(candidate.text)) continue;
    matches++;
    if (limit === undefined || candidate.ordinal < limit) {
      return { id: assertion.id, passed: true, evidence: `matched ordinal ${candidate.ordinal}: ${leadingCodePoints(candidate.text, EVIDENCE_CHARS)}`, grader: 'transcript_check' };
    }
  }
  const pattern = `/${assertion.pattern}/`;
  if (matches > 0) return fail(`${matches} match(es) for ${pattern} occurred, but none before ${orderingName(assertion.must_precede)} (ordinal ${limit})`);
  const what = assertion.check === 'tool_invocation_matches' ? 'tool invocation(s)' : 'assistant message(s)';
  return fail(`no candidate matched ${pattern} across ${candidates.length} ${what}`);
}

/** The ordinal a match must come before, or undefined for no limit (also when the marker never occurs). */
function orderingLimit(mustPrecede: TranscriptCheckAssertion['must_precede'], input: TranscriptInput): number | undefined {
  const events = input.conversation.events;
  if (mustPrecede === 'completion_claim') {
    for (let i = events.length - 1; i >= 0; i--) if (events[i]!.type === 'assistant_message') return events[i]!.ordinal;
    return undefined;
  }
  if (mustPrecede === 'first_write') {
    return events.find((e) => e.type === 'tool_invocation' && input.writeTools.has(e.name))?.ordinal;
  }
  return undefined;
}

function orderingName(mustPrecede: TranscriptCheckAssertion['must_precede']): string {
  return mustPrecede === 'completion_claim' ? 'the final completion claim' : mustPrecede === 'first_write' ? 'the first write' : 'the end of the run';
}

/** The first `count` code points of `text` (a surrogate pair is one), without spreading all of it into an array. */
function leadingCodePoints(text: string, count: number): string {
  let end = 0;
  for (let seen = 0; seen < count && end < text.length; seen++) {
    const unit = text.charCodeAt(end);
    const next = text.charCodeAt(end + 1);
    end += unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff ? 2 : 1;
  }
  return text.slice(0, end);
}
