// Builders for evals.json documents in the eval-magic format, so evals and cross-file rule tables stay short.

/** One scripted turn. */
export function turn(prompt: string, deliverWhen: 'always' | 'agent_asks', pattern?: string): Record<string, unknown> {
  return { prompt, deliver_when: deliverWhen, ...(pattern !== undefined ? { agent_response_matches: pattern } : {}) };
}

/** One eval; `turns` undefined leaves the property out (a single-round eval). */
export function evalCase(id: string, prompt: string, turns?: unknown[], extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id, prompt, expected_output: 'x', ...(turns !== undefined ? { turns } : {}), ...extra };
}

/** An evals.json document. */
export function evalsOf(...evals: unknown[]): Record<string, unknown> {
  return { skill_name: 'demo-skill', evals };
}

/** A transcript_check assertion. */
export function transcriptCheck(check: string, pattern?: string): Record<string, unknown> {
  return { id: `t-${check}`, type: 'transcript_check', check, ...(pattern !== undefined ? { pattern } : {}) };
}

/** A command_check assertion. */
export function commandCheck(extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { id: 'c-tests', type: 'command_check', command: 'pytest -q', ...extra };
}
