// gate-regex: gate and transcript patterns must compile in the gate dialect (Rust's regex crate).
import type { RuleModule, RuleContext } from '../rule-module.js';
import { compileGateRegex } from '../../evals/gate-regex.js';
import { forEachTranscriptCheck, forEachTurn } from './utils/evals-walk.js';

export const gateRegex: RuleModule = {
  meta: {
    id: 'gate-regex',
    kind: 'evals',
    description: 'Require agent_response_matches and transcript_check patterns to be valid Rust regexes.',
    defaultSeverity: 'error',
    messages: {
      turn: '{{evalName}}: turns[{{index}}].agent_response_matches {{pattern}} is not a valid Rust regex: {{error}}.',
      transcript: '{{evalName}}: assertions[{{index}}].pattern {{pattern}} is not a valid Rust regex: {{error}}.',
    },
  },
  check({ value, report }) {
    forEachTurn(value, (turn, site) => {
      checkPattern(report, turn['agent_response_matches'], 'turn', site.evalName, site.index, `${site.pointer}/agent_response_matches`);
    });
    forEachTranscriptCheck(value, (assertion, site) => {
      checkPattern(report, assertion['pattern'], 'transcript', site.evalName, site.index, `${site.pointer}/pattern`);
    });
  },
};

function checkPattern(report: RuleContext['report'], pattern: unknown, messageId: string, evalName: string, index: number, pointer: string): void {
  // A non-string is the schema's to report (and "" compiles: it matches everywhere).
  if (typeof pattern !== 'string') return;
  const compiled = compileGateRegex(pattern);
  if (compiled.ok) return;
  report({ messageId, data: { evalName, index, pattern: JSON.stringify(pattern), error: compiled.message }, pointer });
}
