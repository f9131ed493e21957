// setup-files-disjoint: held-out files are what the agent must not see, so none may be one of the eval's visible files.
import type { RuleModule } from '../rule-module.js';
import { forEachAssertion } from './utils/evals-walk.js';
import { isAbsoluteTaskPath, normalizeTaskPath, taskPathsOverlap } from './utils/task-paths.js';

export const setupFilesDisjoint: RuleModule = {
  meta: {
    id: 'setup-files-disjoint',
    kind: 'evals',
    description: 'Require command_check setup_files to be disjoint from the eval\'s visible files.',
    defaultSeverity: 'error',
    messages: {
      overlap: '{{evalName}}: assertions[{{index}}].setup_files[{{item}}] {{path}} overlaps files[{{visible}}] {{visiblePath}}, which the agent sees; held-out files must be disjoint from the visible ones.',
    },
  },
  check({ value, report }) {
    forEachAssertion(value, 'command_check', (assertion, site) => {
      const setupFiles = assertion['setup_files'];
      const visible = taskPaths(site.evalCase['files']);
      if (!Array.isArray(setupFiles) || visible.length === 0) return;
      setupFiles.forEach((path: unknown, item) => {
        const normal = typeof path === 'string' ? usablePath(path) : undefined;
        // A path setup-files-path rejects says nothing about overlap.
        if (normal === undefined) return;
        const seen = visible.find((v) => taskPathsOverlap(normal, v.normal));
        if (seen) {
          report({
            messageId: 'overlap',
            data: { evalName: site.evalName, index: site.index, item, path: JSON.stringify(path), visible: seen.index, visiblePath: JSON.stringify(seen.path) },
            pointer: `${site.pointer}/setup_files/${item}`,
          });
        }
      });
    });
  },
};

/** The eval's visible files that name a place in the task, normalized. */
function taskPaths(files: unknown): Array<{ path: string; normal: string; index: number }> {
  if (!Array.isArray(files)) return [];
  return files.flatMap((path: unknown, index) => {
    const normal = typeof path === 'string' ? usablePath(path) : undefined;
    return normal === undefined ? [] : [{ path: path as string, normal, index }];
  });
}

function usablePath(path: string): string | undefined {
  if (path === '' || path.includes('\u0000') || isAbsoluteTaskPath(path)) return undefined;
  return normalizeTaskPath(path);
}
