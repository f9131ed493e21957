// What stands where eval-magic must write or create a folder, said in words: apart from the
// writes themselves, so a reader (the checker's folder test) loads no crypto with it.
import { readlinkSync, type Stats } from 'node:fs';

/** Something other than a regular file (or a missing one) sits where eval-magic must write. */
export class UnsafeOutputError extends Error {
  override readonly name = 'UnsafeOutputError';
  constructor(message: string, readonly path: string) {
    super(message);
  }
}

/** What lstat found at a path, in words, for anything `run` will not write through. */
export function describeOddEntry(path: string, stats: Stats): string {
  if (stats.isSymbolicLink()) {
    let target = '?';
    try {
      target = readlinkSync(path);
    } catch {
      // Gone or unreadable since lstat: the kind is still right.
    }
    return `a symbolic link (to ${JSON.stringify(target)})`;
  }
  if (stats.isDirectory()) return 'a folder';
  if (stats.isFile()) return 'a file';
  if (stats.isFIFO()) return 'a FIFO';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return 'a device';
  return 'not a regular file';
}
