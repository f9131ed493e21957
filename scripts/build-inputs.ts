// What dist/ is built from, file by file. scripts/build.ts records it in dist/; the CLI tests
// compare it with the tree, so a stale build fails them instead of quietly testing old code.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';

/** Beside the bundles in dist/ (left out of the package by package.json's `files`). */
export const BUILD_INPUTS_FILE = 'build-inputs.json';

// tsconfig.json too: tsconfig.build.json extends it, and esbuild reads it beside the sources (its
// target sets how class fields are compiled).
const INPUTS = ['src/**', 'schemas/**', 'scripts/**', 'package.json', 'package-lock.json', 'tsconfig.json', 'tsconfig.build.json'];
// The test runner is no input of the build.
const NOT_INPUTS = ['scripts/run-tests.ts'];

/** Not a file: the Node that built dist/, whose V8 alone takes the executable's code cache. */
const NODE_ENTRY = '(node)';
/** Not a file: whether the bundles are minified (EVAL_MAGIC_UNMINIFIED=1 builds them for profiles, not for testing what ships). */
const MINIFIED_ENTRY = '(minified)';

/** Whether a build in `env` minifies its bundles (scripts/build.ts reads the same variable). */
export function minifies(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.EVAL_MAGIC_UNMINIFIED !== '1';
}

/** Every input's path (from `root`, sorted) and the SHA-256 of its bytes, the Node version building, and whether it minifies in `env`. */
export function buildInputs(root: string, env: NodeJS.ProcessEnv = process.env): Record<string, string> {
  const files = fg.sync(INPUTS, { cwd: root, ignore: NOT_INPUTS, dot: true }).sort();
  return { [NODE_ENTRY]: process.version, [MINIFIED_ENTRY]: minifies(env) ? 'yes' : 'no', ...Object.fromEntries(files.map((file) => [file, createHash('sha256').update(readFileSync(join(root, file))).digest('hex')])) };
}

/** Why dist/ under `root` does not hold the build of the tree as it is now that `env` would make, or null when it does. */
export function staleBuildReason(root: string, env: NodeJS.ProcessEnv = process.env): string | null {
  let built: Record<string, string>;
  try {
    built = JSON.parse(readFileSync(join(root, 'dist', BUILD_INPUTS_FILE), 'utf8')) as Record<string, string>;
  } catch {
    return `dist/${BUILD_INPUTS_FILE} is missing or unreadable (no build, or one from before it was recorded)`;
  }
  const now = buildInputs(root, env);
  const changed = Object.keys(now).filter((file) => built[file] !== now[file]);
  const removed = Object.keys(built).filter((file) => !(file in now));
  if (changed.length === 0 && removed.length === 0) return null;
  const named = [...changed.map((file) => (file in built ? `${file} changed` : `${file} is new`)), ...removed.map((file) => `${file} was removed`)];
  return `dist/ was built from other sources: ${named.slice(0, 3).join(', ')}${named.length > 3 ? ` and ${named.length - 3} more` : ''}`;
}
