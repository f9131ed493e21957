// The verdict contract, shape by shape: what is a verdict, and why everything else is ungraded.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseVerdict } from '../../src/workspace/judge-verdict.js';

const valid = '{"passed": true, "evidence": "\\"UTC because exports cross zones\\"", "confidence": 0.8}';

const cases: Array<[string, string | undefined, { passed: boolean; confidence: number } | string]> = [
  ['a bare object', valid, { passed: true, confidence: 0.8 }],
  ['an object with surrounding whitespace', `\n  ${valid}\n\n`, { passed: true, confidence: 0.8 }],
  ['a json fence', '```json\n' + valid + '\n```', { passed: true, confidence: 0.8 }],
  ['a plain fence', '```\n' + valid + '\n```', { passed: true, confidence: 0.8 }],
  ['a tilde fence', '~~~\n' + valid + '\n~~~', { passed: true, confidence: 0.8 }],
  ['a fail with evidence', '{"passed": false, "evidence": "no reason given", "confidence": 1}', { passed: false, confidence: 1 }],
  ['a fail without evidence', '{"passed": false, "evidence": "", "confidence": 0}', { passed: false, confidence: 0 }],
  ['extra keys beside the three', '{"passed": false, "evidence": "x", "confidence": 0.5, "notes": "y"}', { passed: false, confidence: 0.5 }],
  ['a pass without evidence', '{"passed": true, "evidence": "  ", "confidence": 0.9}', 'no-evidence'],
  // The packet's example verdict, copied back as it stands (a pass): no evidence of the judge's own, never a silent pass.
  ['the example verdict echoed', '{"passed": true, "evidence": "a direct quote from the conversation or a fact from the files", "confidence": 0.9}', 'no-evidence:placeholder'],
  ['the example\'s placeholder as a pass\'s evidence, fenced', '```json\n{"passed": true, "evidence": " a direct quote from the conversation or a fact from the files ", "confidence": 1}\n```', 'no-evidence:placeholder'],
  ['two objects', `${valid}\n${valid}`, 'malformed-verdict:2 verdict objects'],
  ['two objects in one fence', '```json\n' + valid + '\n' + valid + '\n```', 'malformed-verdict:2 verdict objects'],
  ['prose before the object', `The agent did well.\n${valid}`, 'malformed-verdict:text besides'],
  ['prose after a fence', '```json\n' + valid + '\n```\nThat is my verdict.', 'malformed-verdict:text besides'],
  ['prose only', 'I think it passes.', 'malformed-verdict:not a JSON object'],
  // Braces inside the verdict's strings are text, not structure: the object is still found as one.
  ['braces in the evidence, prose after', '{"passed": true, "evidence": "wrote {\\"tz\\": \\"UTC\\"} to config.json", "confidence": 0.8}\nThat is my verdict.', 'malformed-verdict:text besides'],
  ['a lone closing brace in the evidence, prose before', 'My verdict:\n{"passed": false, "evidence": "the output ends with a stray }", "confidence": 0.5}', 'malformed-verdict:text besides'],
  ['an object in an extra field, prose after (one verdict, not two)', '{"passed": false, "evidence": "x", "confidence": 0.5, "notes": {"passed": true}}\nDone.', 'malformed-verdict:text besides'],
  ['two objects with braces in their evidence', '{"passed": true, "evidence": "{a}", "confidence": 0.8}\n{"passed": false, "evidence": "}{", "confidence": 0.8}', 'malformed-verdict:2 verdict objects'],
  ['prose with braces and no verdict', 'I think {it} passes; see {"file": "a.txt"}.', 'malformed-verdict:not a JSON object'],
  ['an array', `[${valid}]`, 'malformed-verdict:not an object'],
  ['passed as a string', '{"passed": "true", "evidence": "x", "confidence": 0.5}', 'malformed-verdict:"passed"'],
  ['evidence missing', '{"passed": false, "confidence": 0.5}', 'malformed-verdict:"evidence"'],
  ['confidence above 1', '{"passed": false, "evidence": "x", "confidence": 1.5}', 'malformed-verdict:"confidence"'],
  ['confidence below 0', '{"passed": true, "evidence": "x", "confidence": -0.1}', 'malformed-verdict:"confidence"'],
  ['confidence missing', '{"passed": true, "evidence": "x"}', 'malformed-verdict:"confidence"'],
  ['confidence as a percentage string', '{"passed": true, "evidence": "x", "confidence": "90%"}', 'malformed-verdict:"confidence"'],
  ['"passed" given twice (JSON.parse would keep the last)', '{"passed": true, "evidence": "x", "confidence": 0.9, "passed": false}', 'malformed-verdict:"passed" twice'],
  ['a repeated key in an extra object', '{"passed": true, "evidence": "x", "confidence": 0.9, "notes": {"a": 1, "a": 2}}', 'malformed-verdict:"a" twice'],
  ['confidence written 1.0', '{"passed": false, "evidence": "x", "confidence": 1.0}', { passed: false, confidence: 1 }],
  ['an empty message', '', 'malformed-verdict:no final message'],
  ['no message at all', undefined, 'malformed-verdict:no final message'],
  ['a refusal', 'I cannot grade this.', 'malformed-verdict:not a JSON object'],
];

describe('parseVerdict', () => {
  for (const [name, text, expected] of cases) {
    it(name, () => {
      const read = parseVerdict(text);
      if (typeof expected === 'string') {
        const [reason, detail] = expected.split(':');
        assert.equal(read.ok, false);
        if (read.ok) return;
        assert.equal(read.reason, reason);
        if (detail) assert.ok(read.message.includes(detail), read.message);
      } else {
        assert.equal(read.ok, true, JSON.stringify(read));
        if (!read.ok) return;
        assert.equal(read.verdict.passed, expected.passed);
        assert.equal(read.verdict.confidence, expected.confidence);
      }
    });
  }
});
