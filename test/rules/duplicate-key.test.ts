import { duplicateKey } from '../../src/checker/rules/duplicate-key.js';
import { runRuleTests, layout } from '../helpers/rule-tester.js';
import { completed, events, twoRounds } from '../helpers/conversations.js';

const base = layout(completed(1, twoRounds));

runRuleTests('duplicate-key', duplicateKey, {
  valid: [
    { name: 'no repeats', code: base },
    { name: 'the same key at different depths', code: completed(0, events(['u', 1, 'x'], ['t', 1, 'Bash', { a: { a: { a: 1 } } }], ['a', 1, 'y'])) },
    { name: 'a key-like string inside a value', code: base.replace('"Done."', '"\\"status\\": \\"x\\", \\"a\\":"') },
  ],
  invalid: [
    { name: 'top-level status twice', code: base.replace('"status": "completed",', '"status": "stopped",\n  "status": "completed",'), errors: [{ messageId: 'duplicate', line: 3, column: 3, endColumn: 11 }] },
    {
      name: 'repeated key inside tool args, on one line',
      code: base.replace('"text": "UTC."', '"text": "UTC.", "args": 1').replace('{\n      "type": "assistant_message",\n      "ordinal": 3', '{"a": {"k": 1, "k": 2},\n      "type": "assistant_message",\n      "ordinal": 3'),
      schemaInvalid: true,
      errors: [{ messageId: 'duplicate', line: 23, column: 20, endColumn: 23, message: 'Duplicate key "k"' }],
    },
    { name: 'escaped spelling of the same key', code: base.replace('"delivered_followups": 1,', '"delivered_followups": 1,\n  "delivered_\\u0066ollowups": 1,'), errors: [{ messageId: 'duplicate', line: 4, column: 3 }] },
  ],
});
