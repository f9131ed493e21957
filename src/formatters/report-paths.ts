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
 * A file's URI for a report that links to it (SARIF): inside `cwd`, a URI reference relative to it
 * (`relative: true`); outside it, where a relative one would climb with `../` (which GitHub code
 * scanning cannot place), an absolute `file://` URI. Either way each byte of the path that
 * `encodeURIComponent` would encode is `%XX`, `/` kept. With `rawFilePath` (a name that is not
 * UTF-8, which `filePath` shows as `\xNN`) those are the name's own bytes, so a viewer finds the
 * file: the escape is for people, the uri for programs.
 */
export function toFileUri(filePath: string, cwd: string, rawFilePath?: Uint8Array): { uri: string; relative: boolean } {
  const relativePath = rawFilePath === undefined ? Buffer.from(toRelativePath(filePath, cwd)) : relativeBytes(rawFilePath, cwd);
  const climbs = relativePath.toString('latin1');
  if (climbs !== '..' && !climbs.startsWith('../')) return { uri: percentEncoded(relativePath), relative: true };
  const absolutePath = rawFilePath === undefined ? Buffer.from(resolve(cwd, filePath)) : Buffer.from(resolve(latin1(cwd), latin1(rawFilePath)), 'latin1');
  return { uri: `file://${percentEncoded(absolutePath)}`, relative: false };
}

/** `filePath` relative to `cwd` as a report shows it to people (see {@link reportedPath}): with `rawFilePath`, its bytes' path. */
export function toRelativeReportedPath(filePath: string, cwd: string, rawFilePath?: Uint8Array): string {
  return rawFilePath === undefined ? reportedPath(toRelativePath(filePath, cwd)) : reportedPath(filePath, relativeBytes(rawFilePath, cwd));
}

/** The bytes of `rawFilePath` relative to `cwd`: latin1 holds one byte per character, so the path arithmetic runs on the bytes themselves. */
function relativeBytes(rawFilePath: Uint8Array, cwd: string): Buffer {
  return Buffer.from(toRelativePath(latin1(rawFilePath), latin1(cwd)), 'latin1');
}

/** Bytes (or a string's UTF-8 bytes) as latin1, one character per byte, for path arithmetic on bytes. */
const latin1 = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('latin1');

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
