// Paths as CI tools want them: relative to the working directory, with forward slashes.
import { relative, resolve, sep } from 'node:path';
import { reportedPath } from '../fs/shown-path.js';

/**
 * `filePath` (as found from the argument) relative to `cwd`, `/`-separated. Pure: no file
 * system access. Paths outside `cwd` keep their `../` steps; names like `<stdin>` pass through.
 */
export function toRelativePath(filePath: string, cwd: string): string {
  if (filePath.startsWith('<') && filePath.endsWith('>')) return filePath;
  return relative(cwd, resolve(cwd, filePath)).split(sep).join('/');
}

/**
 * A file's path relative to `cwd` as a URI reference (RFC 3986): each byte of the name that
 * `encodeURIComponent` would encode is `%XX`, `/` kept. With `rawFilePath` (a name that is not
 * UTF-8, which `filePath` shows as `\xNN`) those are the name's own bytes, so a viewer finds the
 * file: the escape is for people, the uri for programs.
 */
export function toRelativeUri(filePath: string, cwd: string, rawFilePath?: Uint8Array): string {
  if (rawFilePath === undefined) return percentEncoded(Buffer.from(toRelativePath(filePath, cwd)));
  return percentEncoded(relativeBytes(rawFilePath, cwd));
}

/** `filePath` relative to `cwd` as a report shows it to people (see {@link reportedPath}): with `rawFilePath`, its bytes' path. */
export function toRelativeReportedPath(filePath: string, cwd: string, rawFilePath?: Uint8Array): string {
  return rawFilePath === undefined ? reportedPath(toRelativePath(filePath, cwd)) : reportedPath(filePath, relativeBytes(rawFilePath, cwd));
}

/** The bytes of `rawFilePath` relative to `cwd`: latin1 holds one byte per character, so the path arithmetic runs on the bytes themselves. */
function relativeBytes(rawFilePath: Uint8Array, cwd: string): Buffer {
  const latin1 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('latin1');
  return Buffer.from(toRelativePath(latin1(rawFilePath), latin1(cwd)), 'latin1');
}

/** What `encodeURIComponent` leaves as it is, and `/`. */
const KEPT_IN_URI = /^[A-Za-z0-9\-_.!~*'()/]$/;

function percentEncoded(bytes: Uint8Array): string {
  let uri = '';
  for (const byte of bytes) {
    const char = String.fromCharCode(byte);
    uri += byte < 0x80 && KEPT_IN_URI.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return uri;
}
