// Where GitHub places a relative path: the runner (annotations) and code scanning (SARIF) read it
// from the repository's checkout, GITHUB_WORKSPACE, never from the folder a step ran in.
import { realpathSync } from 'node:fs';
import { isAbsolute, relative, resolve } from 'node:path';

/**
 * The folder github annotations, the job summary and SARIF take their paths from: under GitHub
 * Actions (`GITHUB_ACTIONS=true`), GITHUB_WORKSPACE when `cwd` lies inside it (a step with
 * `working-directory: evals` in a monorepo); otherwise undefined, and they stay relative to `cwd`.
 * Compared as real paths, so a workspace named through a link still holds its folders.
 */
export function githubWorkspaceRoot(cwd: string, env: NodeJS.ProcessEnv): string | undefined {
  const workspace = env.GITHUB_WORKSPACE;
  if (env.GITHUB_ACTIONS !== 'true' || !workspace || !isAbsolute(workspace)) return undefined;
  const real = (path: string) => {
    try {
      return realpathSync.native(path);
    } catch {
      return resolve(path);
    }
  };
  const root = real(workspace);
  const step = relative(root, real(cwd));
  if (step === '' || step === '..' || step.startsWith('../') || isAbsolute(step)) return undefined;
  return root;
}
