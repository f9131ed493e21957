// Making the --out folder, one level at a time, so a path that cannot be a folder fails at once
// with the reason (Node's recursive mkdir spins forever on /proc/self/x).
import { mkdirSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, isAbsolute, join, parse, relative, resolve } from 'node:path';
import { UsageError } from '../errors.js';

/** Words for the errno values a folder creation meets in practice. */
const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'disk quota exceeded',
  ENOTDIR: 'a file is in the way',
  ENOENT: 'the file system does not allow creating it (a virtual file system such as /proc?)',
  ENAMETOOLONG: 'the name is too long',
  ELOOP: 'too many symbolic links',
};

/**
 * Creates the folder `path` (absolute) and its missing parents, then returns its real path.
 * Each level is created once, with no retry loop; the first failure ends it.
 * @throws {UsageError} naming the level that failed and why (`option` names the flag, e.g. --out).
 */
export function makeFolder(path: string, option: string): string {
  const levels: string[] = [];
  for (let dir = resolve(path); dir !== parse(dir).root; dir = dirname(dir)) levels.unshift(dir);
  for (const level of levels) {
    const existing = statIfPresent(level, path, option);
    if (existing === 'folder') continue;
    if (existing === 'other') throw new UsageError(`${option} ${JSON.stringify(path)} cannot be made: ${level} exists and is not a folder`);
    try {
      mkdirSync(level);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      // Another process may have made it in the meantime; anything else is final.
      if (code !== 'EEXIST' || statIfPresent(level, path, option) !== 'folder') {
        throw new UsageError(`${option} ${JSON.stringify(path)} cannot be made: cannot create ${level}: ${REASONS[code] ?? (error as Error).message}${code ? ` (${code})` : ''}`);
      }
    }
  }
  return realpathSync(path);
}

function statIfPresent(level: string, path: string, option: string): 'folder' | 'other' | 'missing' {
  try {
    return statSync(level).isDirectory() ? 'folder' : 'other';
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'ENOENT') return 'missing';
    if (code === 'ENOTDIR') return 'other';
    throw new UsageError(`${option} ${JSON.stringify(path)} cannot be made: cannot look at ${level}: ${REASONS[code] ?? (error as Error).message}${code ? ` (${code})` : ''}`);
  }
}

/**
 * Refuses an --out that is the task folder, or lies inside it unless `allowInside`: the agent
 * works in the task folder and could replace a folder above --out with a link, sending later
 * rounds' files and the artifact elsewhere. Compared by real paths (the part of --out that does
 * not exist yet is taken as written), so `./`, `..` and links do not hide it.
 * @throws {UsageError} naming both folders and the flag that allows it.
 */
export function checkOutPlacement(out: string, cwd: string, shownOut: string, allowInside: boolean): void {
  const realOut = realPathOfPlanned(out);
  const realCwd = realpathSync(cwd);
  const inside = relative(realCwd, realOut);
  if (inside === '') {
    throw new UsageError(`--out ${JSON.stringify(shownOut)} is the task folder (--cwd ${realCwd}): the agent's files and the run's would mix; choose another --out (nothing was run)`);
  }
  if (!allowInside && !inside.startsWith('..') && !isAbsolute(inside)) {
    throw new UsageError(`--out ${JSON.stringify(shownOut)} is inside the task folder (--cwd ${realCwd}), where the agent could move or link the folders above it; choose an --out outside it, or pass --allow-out-inside-cwd to take that risk (nothing was run)`);
  }
}

/** The real path `path` would have: its deepest existing level resolved, the rest appended. */
function realPathOfPlanned(path: string): string {
  const rest: string[] = [];
  for (let dir = resolve(path); ; dir = dirname(dir)) {
    try {
      return join(realpathSync(dir), ...rest.reverse());
    } catch {
      if (dir === parse(dir).root) return resolve(path);
      rest.push(basename(dir));
    }
  }
}
