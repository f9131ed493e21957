// The verdict contract: the judge's final message is exactly one JSON object
// {"passed": bool, "evidence": string, "confidence": 0..1}, optionally in one code fence. Anything
// else is ungraded with its reason — never a FAIL: a broken answer says nothing about the agent.
// Here, below judge, since every reader of a judgment.json reads the judge's recorded answer by it
// (workspace/judge-answer.ts): judge when it writes the record, and compare and judge when they read it.

import { findDuplicateKeys } from '../json/duplicate-keys.js';
import { stringTokenEnd } from '../json/scan.js';
import type { JudgeVerdict, UngradedReason } from './judgment-record.js';

export type { JudgeVerdict, UngradedReason };

/**
 * The evidence of the example verdict the packet shows the judge. A judge that copies the example
 * back gives a pass with no evidence of its own: `no-evidence`, never a silent pass.
 */
const EVIDENCE_PLACEHOLDER = 'a direct quote from the conversation or a fact from the files';
/** The example verdict the packet shows, as it is written there. */
export const EXAMPLE_VERDICT = `{"passed": true, "evidence": "${EVIDENCE_PLACEHOLDER}", "confidence": 0.9}`;

/** A verdict, or why there is none and what was wrong (one line). */
export type VerdictRead = { ok: true; verdict: JudgeVerdict } | { ok: false; reason: UngradedReason; message: string };

/** One code fence around the whole message (any info string, three or more backticks or tildes). */
const FENCED = /^(`{3,}|~{3,})[^\n`]*\n([\s\S]*?)\n?\1[ \t]*$/;

/** Reads the verdict from the judge's final message. */
export function parseVerdict(finalText: string | undefined): VerdictRead {
  if (finalText === undefined || finalText.trim() === '') return malformed('the judge gave no final message');
  let text = finalText.trim();
  const fenced = FENCED.exec(text);
  if (fenced) text = fenced[2]!.trim();
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    const objects = countVerdictObjects(text);
    if (objects > 1) return malformed(`the final message holds ${objects} verdict objects; exactly one is accepted`);
    return malformed(objects === 1 ? 'the final message holds text besides the verdict object' : 'the final message is not a JSON object');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return malformed('the final message is JSON but not an object');
  // JSON.parse keeps the last of a repeated key: {"passed": true, "passed": false} is no one verdict.
  const repeated = findDuplicateKeys(text, value)[0];
  if (repeated) return malformed(`the verdict object gives ${JSON.stringify(repeated.key)} twice`);
  const { passed, evidence, confidence } = value as Record<string, unknown>;
  if (typeof passed !== 'boolean') return malformed('"passed" must be true or false');
  if (typeof evidence !== 'string') return malformed('"evidence" must be a string');
  if (typeof confidence !== 'number' || !Number.isFinite(confidence) || confidence < 0 || confidence > 1) return malformed('"confidence" must be a number from 0 to 1');
  if (passed && evidence.trim() === '') return { ok: false, reason: 'no-evidence', message: 'the judge passed the run without evidence' };
  if (passed && evidence.trim() === EVIDENCE_PLACEHOLDER) return { ok: false, reason: 'no-evidence', message: "the judge passed the run with the example verdict's placeholder as its evidence" };
  return { ok: true, verdict: { passed, evidence, confidence } };
}

/**
 * The verdict objects in text that is not one JSON value: each outermost {...} (braces inside its
 * strings are text) that parses as an object with a "passed" key. Outermost spans do not overlap,
 * so no character is parsed twice.
 */
function countVerdictObjects(text: string): number {
  const opens: number[] = [];
  const spans: Array<[number, number]> = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 && opens.length > 0) {
      const end = stringTokenEnd(text, i);
      if (end === -1) break;
      i = end - 1;
    } else if (c === 0x7b) {
      opens.push(i);
    } else if (c === 0x7d && opens.length > 0) {
      const start = opens.pop()!;
      while (spans.length > 0 && spans[spans.length - 1]![0] > start) spans.pop();
      spans.push([start, i + 1]);
    }
  }
  return spans.filter(([start, end]) => {
    try {
      const value: unknown = JSON.parse(text.slice(start, end));
      return typeof value === 'object' && value !== null && Object.hasOwn(value, 'passed');
    } catch {
      return false;
    }
  }).length;
}

function malformed(message: string): VerdictRead {
  return { ok: false, reason: 'malformed-verdict', message };
}
