// files-path: campaign copies each of an eval's `files` to the same path in the task, so it must name a place below the task folder.
import type { RuleModule } from '../rule-module.js';
import { forEachEvalFile } from './utils/evals-walk.js';
import { fixturePathProblem } from './utils/task-paths.js';

export const filesPath: RuleModule = {
  meta: {
    id: 'files-path',
    kind: 'evals',
    description: 'Require each path in an eval\'s files to name a place below the task folder: relative, without "..", not the task itself.',
    defaultSeverity: 'error',
    messages: {
      empty: '{{evalName}}: files[{{item}}] is empty; name a file or folder to copy into the task.',
      nul: '{{evalName}}: files[{{item}}] {{path}} contains a NUL character (\\u0000), which no file name can hold.',
      absolute: '{{evalName}}: files[{{item}}] {{path}} is absolute; each file is copied to the same path in the task, so give a path relative to it.',
      climbs: '{{evalName}}: files[{{item}}] {{path}} has a ".." segment; each file is copied to the same path in the task, so give a path that only goes down into it.',
      task: '{{evalName}}: files[{{item}}] {{path}} is the task folder itself; copying it would replace the whole task, so name a file or folder inside it.',
    },
  },
  check({ value, report }) {
    forEachEvalFile(value, (path, site) => {
      const messageId = fixturePathProblem(path);
      if (messageId) report({ messageId, data: { evalName: site.evalName, item: site.index, path: JSON.stringify(path) }, pointer: site.pointer });
    });
  },
};
