import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, isAbsolute, join, resolve } from 'node:path';

/**
 * The path of `executable` as the OS would run it from `cwd`: PATH lookup for a bare name (a
 * relative PATH entry taken from `cwd`), else resolved from `cwd`.
 */
export function findExecutable(executable: string, pathVariable: string, cwd: string): string | undefined {
  const candidates = executable.includes('/')
    ? [isAbsolute(executable) ? executable : resolve(cwd, executable)]
    : pathVariable
        .split(delimiter)
        .filter((dir) => dir !== '')
        .map((dir) => join(resolve(cwd, dir), executable));
  return candidates.find(isExecutableFile);
}

/**
 * Why {@link findExecutable} found nothing, as `run` and `harness check` both say it: a path
 * (no PATH is searched for one) is missing or not executable; a bare name is not on PATH.
 */
export function describeExecutableNotFound(executable: string, pathVariable: string): string {
  const name = JSON.stringify(executable);
  if (executable.includes('/')) return `the executable ${name} does not exist or is not an executable file`;
  return `the executable ${name} is not on PATH (${pathVariable === '' ? 'PATH is empty' : pathVariable}); install it or put its folder on PATH`;
}

function isExecutableFile(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
