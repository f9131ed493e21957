// Paths as CI tools want them: relative to the working directory, with forward slashes.
import { relative, resolve, sep } from 'node:path';

/**
 * `filePath` (as found from the argument) relative to `cwd`, `/`-separated. Pure: no file
 * system access. Paths outside `cwd` keep their `../` steps; names like `<stdin>` pass through.
 */
export function toRelativePath(filePath: string, cwd: string): string {
  if (filePath.startsWith('<') && filePath.endsWith('>')) return filePath;
  return relative(cwd, resolve(cwd, filePath)).split(sep).join('/');
}

/** A relative path as a URI reference: each segment percent-encoded, `/` kept. */
export function toRelativeUri(relativePath: string): string {
  return relativePath.split('/').map((segment) => encodeURIComponent(segment)).join('/');
}
