// command-env: a command_check's env and matrix variables must be settable in a process environment.
import type { RuleModule, RuleContext } from '../rule-module.js';
import { formatPointer } from '../../json/positions.js';
import { forEachAssertion, isJsonObject } from './utils/evals-walk.js';

export const commandEnv: RuleModule = {
  meta: {
    id: 'command-env',
    kind: 'evals',
    description: 'Require command_check env and matrix variable names to be non-empty without "=" or NUL, and their values to hold no NUL.',
    defaultSeverity: 'error',
    messages: {
      'name-empty': '{{evalName}}: assertions[{{index}}].{{field}} has a variable with an empty name; an environment variable needs a name.',
      'name-equals': '{{evalName}}: assertions[{{index}}].{{field}} variable {{name}} contains "="; the environment would split it into another name and value.',
      'name-nul': '{{evalName}}: assertions[{{index}}].{{field}} variable {{name}} contains a NUL character (\\u0000), which no process environment can hold.',
      'value-nul': '{{evalName}}: assertions[{{index}}].{{field}} variable {{name}} has a value with a NUL character (\\u0000), which no process environment can hold.',
    },
  },
  check({ value, report }) {
    forEachAssertion(value, 'command_check', (assertion, site) => {
      for (const field of ['env', 'matrix'] as const) {
        const variables = assertion[field];
        if (!isJsonObject(variables)) continue;
        const at = `${site.pointer}/${field}`;
        const data = { evalName: site.evalName, index: site.index, field };
        for (const [name, setting] of Object.entries(variables)) {
          const pointer = at + formatPointer([name]);
          const nameId = name === '' ? 'name-empty' : name.includes('\u0000') ? 'name-nul' : name.includes('=') ? 'name-equals' : undefined;
          if (nameId) report({ messageId: nameId, data: { ...data, name: JSON.stringify(name) }, pointer, target: 'key' });
          reportNulValues(report, setting, pointer, { ...data, name: JSON.stringify(name) });
        }
      }
    });
  },
};

/** env values are strings, matrix values arrays of strings; anything else is the schema's to report. */
function reportNulValues(report: RuleContext['report'], setting: unknown, pointer: string, data: Record<string, string | number>): void {
  const values: Array<[unknown, string]> = Array.isArray(setting) ? setting.map((v, i) => [v, `${pointer}/${i}`]) : [[setting, pointer]];
  for (const [v, at] of values) {
    if (typeof v === 'string' && v.includes('\u0000')) report({ messageId: 'value-nul', data, pointer: at });
  }
}
