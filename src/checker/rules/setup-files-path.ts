// setup-files-path: a command_check's held-out files are copied into the task, so they must stay inside it.
import type { RuleModule } from '../rule-module.js';
import { forEachAssertion } from './utils/evals-walk.js';
import { isAbsoluteTaskPath, normalizeTaskPath } from './utils/task-paths.js';

export const setupFilesPath: RuleModule = {
  meta: {
    id: 'setup-files-path',
    kind: 'evals',
    description: 'Require command_check setup_files paths to be relative and to stay inside the task folder.',
    defaultSeverity: 'error',
    messages: {
      absolute: '{{evalName}}: assertions[{{index}}].setup_files[{{item}}] {{path}} is absolute; setup files are copied into the task, so give a path relative to it.',
      escapes: '{{evalName}}: assertions[{{index}}].setup_files[{{item}}] {{path}} climbs out of the task folder with ".."; it would be written outside the task.',
      nul: '{{evalName}}: assertions[{{index}}].setup_files[{{item}}] {{path}} contains a NUL character (\\u0000), which no file name can hold.',
    },
  },
  check({ value, report }) {
    forEachAssertion(value, 'command_check', (assertion, site) => {
      const files = assertion['setup_files'];
      if (!Array.isArray(files)) return;
      files.forEach((path: unknown, item) => {
        // A non-string or "" is the schema's to report.
        if (typeof path !== 'string' || path === '') return;
        const messageId = path.includes('\u0000') ? 'nul' : isAbsoluteTaskPath(path) ? 'absolute' : normalizeTaskPath(path) === undefined ? 'escapes' : undefined;
        if (messageId) report({ messageId, data: { evalName: site.evalName, index: site.index, item, path: JSON.stringify(path) }, pointer: `${site.pointer}/setup_files/${item}` });
      });
    });
  },
};
