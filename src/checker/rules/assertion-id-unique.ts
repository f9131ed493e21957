// assertion-id-unique: within one eval, every assertion id names one assertion (grading.json and
// compare's rows are keyed by it).
import type { RuleModule } from '../rule-module.js';
import { forEachAssertion } from './utils/evals-walk.js';

export const assertionIdUnique: RuleModule = {
  meta: {
    id: 'assertion-id-unique',
    kind: 'evals',
    description: 'Require each assertion id to be unique within its eval.',
    defaultSeverity: 'error',
    messages: {
      duplicate: 'Duplicate assertion id {{id}} in {{evalName}}: assertions[{{index}}] repeats assertions[{{first}}]; grading.json and compare report each assertion by its id, so they could not tell the two apart.',
    },
  },
  check({ value, report }) {
    // Eval pointer → assertion id → index of its first use.
    const seen = new Map<string, Map<string, number>>();
    forEachAssertion(value, undefined, (assertion, site) => {
      const id = assertion['id'];
      if (typeof id !== 'string') return;
      const evalPointer = site.pointer.slice(0, site.pointer.lastIndexOf('/assertions/'));
      const ids = seen.get(evalPointer) ?? seen.set(evalPointer, new Map()).get(evalPointer)!;
      const first = ids.get(id);
      if (first === undefined) ids.set(id, site.index);
      else report({ messageId: 'duplicate', data: { id: JSON.stringify(id), evalName: site.evalName, index: site.index, first }, pointer: `${site.pointer}/id` });
    });
  },
};
