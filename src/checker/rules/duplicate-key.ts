// duplicate-key: no object repeats a key; JSON.parse keeps only the last, so nothing else can see it.
import type { RuleModule } from '../rule-module.js';
import { findDuplicateKeys } from '../../json/duplicate-keys.js';

export const duplicateKey: RuleModule = {
  meta: {
    id: 'duplicate-key',
    // evals.json too: JSON.parse hides a repeated key there as well, and Rust's serde rejects it.
    kind: 'any',
    description: 'Disallow an object from repeating a key.',
    defaultSeverity: 'error',
    messages: {
      duplicate: 'Duplicate key {{key}}: it also appears earlier in this object, and readers keep only the last value.',
    },
  },
  check({ value, text, keyTokens, report }) {
    for (const { key, pointer, span } of findDuplicateKeys(text, value, keyTokens)) {
      report({ messageId: 'duplicate', data: { key: JSON.stringify(key) }, pointer, span });
    }
  },
};
