// How every message and report names a file the user gave or the check found.
import { isUtf8 } from 'node:buffer';
import { isAbsolute, relative, resolve, sep } from 'node:path';
import { pathInside } from './inside.js';

/** How many folders up a path beside the working folder is still named by `../`: further, a chain of them reads worse than the absolute path. */
const CLIMB = 2;

/**
 * `path` as the user types it from `cwd`, `/`-separated: relative when inside it (the same on every
 * machine; `cwd` itself is `.`); beside it — below the folder one or two above it, not the root — relative too, by `../`
 * (a workspace named `../.eval-magic` from a subfolder was shown by its absolute path); else absolute.
 */
export function shownPath(cwd: string, path: string): string {
  const rel = pathInside(cwd, path);
  // The working folder itself is `.`, as `check .` names it (compare from inside an iteration named it absolute).
  if (rel !== undefined) return rel === '' ? '.' : rel;
  if (!isAbsolute(path) || !isAbsolute(cwd)) return path;
  const [top] = topFolders(path);
  if (top === undefined || top !== topFolders(cwd)[0]) return path;
  const beside = relative(cwd, path).split(sep);
  const up = beside.findIndex((segment) => segment !== '..');
  return (up === -1 ? beside.length : up) <= CLIMB ? beside.join('/') : path;
}

/**
 * A path found below a folder the user named, as check reports it: their spelling of the folder
 * kept (`runs/` + `a/conversation.json`), and `.` adds nothing.
 */
export function joinShown(arg: string, rel: string): string {
  const base = arg.replace(/\/+$/, '');
  if (base === '' && arg.startsWith('/')) return `/${rel}`;
  return base === '.' || base === '' ? rel : `${base}/${rel}`;
}

/** The folders of an absolute path below the root, outermost first. */
const topFolders = (path: string) => resolve(path).split(sep).filter((segment) => segment !== '');

/** A path's bytes as text: well-formed UTF-8 as it is, each other byte as the number it is. */
function* pieces(bytes: Uint8Array): Generator<{ text: string } | { byte: number }> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0; at < buffer.length; ) {
    let length = 1;
    while (length <= 4 && (at + length > buffer.length || !isUtf8(buffer.subarray(at, at + length)))) length++;
    if (length <= 4) {
      yield { text: buffer.subarray(at, at + length).toString('utf8') };
      at += length;
    } else {
      yield { byte: buffer[at]! };
      at++;
    }
  }
}

const escapeByte = (byte: number) => `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** A name with its ill-formed bytes written `\xNN`, so it can be shown (a name holding those four characters looks the same: see {@link reportedPath}). */
export function showBytes(bytes: Uint8Array): string {
  let out = '';
  for (const piece of pieces(bytes)) out += 'text' in piece ? piece.text : escapeByte(piece.byte);
  return out;
}

/**
 * The path a report shows for a checked file (every format but SARIF, which links its bytes):
 * `filePath`, or its bytes `rawFilePath` when a name on it is not UTF-8, each ill-formed byte
 * written `\xNN` — and every backslash that would read as part of such an escape (one before
 * `xNN`, before an escaped byte, or before another backslash) doubled. Two different paths are
 * then never shown alike: `b\xFFx` is the byte 0xFF, `b\\xFFx` a backslash and `xFFx`.
 */
export function reportedPath(filePath: string, rawFilePath?: Uint8Array): string {
  if (rawFilePath === undefined && !filePath.includes('\\')) return filePath;
  // Characters as strings, ill-formed bytes as numbers.
  const units: Array<string | number> = rawFilePath === undefined ? [...filePath] : [...pieces(rawFilePath)].map((p) => ('byte' in p ? p.byte : p.text));
  const isHex = (unit: string | number | undefined) => typeof unit === 'string' && /^[0-9A-Fa-f]$/.test(unit);
  let out = '';
  units.forEach((unit, at) => {
    if (typeof unit === 'number') {
      out += escapeByte(unit);
      return;
    }
    const next = units[at + 1];
    const readsAsEscape = unit === '\\' && (next === '\\' || typeof next === 'number' || (next === 'x' && isHex(units[at + 2]) && isHex(units[at + 3])));
    out += readsAsEscape ? '\\\\' : unit;
  });
  return out;
}
