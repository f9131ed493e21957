import { gateRegex } from '../../src/checker/rules/gate-regex.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf, transcriptCheck, turn } from '../helpers/evals-docs.js';

runRuleTests('gate-regex', gateRegex, {
  valid: [
    { name: 'Rust-only syntax: inline flags, \\A \\z, (?P<n>), \\pL, (?x)', code: evalsOf(evalCase('a', 'p', [turn('x', 'agent_asks', '(?x) \\A (?P<w> \\pL+ ) \\s* \\? \\z'), turn('y', 'agent_asks', '(?i)zone')])) },
    { name: 'transcript patterns of both check kinds', code: evalsOf(evalCase('a', 'p', [turn('x', 'always')], { assertions: [transcriptCheck('assistant_message_matches', '(?i)berlin'), transcriptCheck('tool_invocation_matches', '\\bsed\\b')] })) },
  ],
  invalid: [
    { name: 'look-ahead in a gate', code: evalsOf(evalCase('a', 'p', [turn('x', 'agent_asks', 'zone(?=\\?)')])), errors: [{ messageId: 'turn', line: 12, column: 37, message: 'look-around' }] },
    { name: '\\Z is not Rust', code: evalsOf(evalCase('a', 'p', [turn('x', 'agent_asks', 'done\\Z')])), errors: [{ messageId: 'turn', line: 12, column: 37, message: 'pattern column 5' }] },
    { name: 'backreference in a transcript_check pattern', code: evalsOf(evalCase('a', 'p', [turn('x', 'always')], { assertions: [transcriptCheck('tool_invocation_matches', '(a)\\1')] })), errors: [{ messageId: 'transcript', line: 19, column: 22, message: 'backreferences are not supported' }] },
  ],
});
