// The path a report shows (every format but SARIF): a byte that is not UTF-8 as `\xNN`, and a
// backslash that would read as part of such an escape doubled, so two paths never look alike.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { reportedPath } from '../../src/fs/shown-path.js';

const bytes = (...parts: Array<string | number>) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from([p]))));

/** Reads a shown path back to its bytes: `\\` a backslash, `\xNN` a byte, any other `\` itself. */
function readBack(shown: string): Buffer {
  const out: Buffer[] = [];
  for (let at = 0; at < shown.length; ) {
    if (shown.startsWith('\\\\', at)) {
      out.push(Buffer.from('\\'));
      at += 2;
    } else if (/^\\x[0-9A-Fa-f]{2}/.test(shown.slice(at, at + 4))) {
      out.push(Buffer.from([parseInt(shown.slice(at + 2, at + 4), 16)]));
      at += 4;
    } else {
      const char = String.fromCodePoint(shown.codePointAt(at)!);
      out.push(Buffer.from(char));
      at += char.length;
    }
  }
  return Buffer.concat(out);
}

describe('reportedPath', () => {
  // [the path's bytes, how a report shows it]
  const table: Array<[Buffer, string]> = [
    [bytes('a/b.json'), 'a/b.json'],
    [bytes('b', 0xff, 'x'), 'b\\xFFx'],
    [bytes('b\\xFFx'), 'b\\\\xFFx'],
    [bytes('b\\x41'), 'b\\\\x41'],
    [bytes('b\\xff'), 'b\\\\xff'],
    [bytes('b\\', 0xff), 'b\\\\\\xFF'],
    [bytes('b\\\\xFFx'), 'b\\\\\\\\xFFx'],
    [bytes('a\\\\b'), 'a\\\\\\b'],
    [bytes('a\\b'), 'a\\b'],
    [bytes('b\\x4g'), 'b\\x4g'],
    [bytes('end\\'), 'end\\'],
    [bytes(0xc3, 'x'), '\\xC3x'],
    [bytes('r\u00e9/', 0xfe, 0xff), 'r\u00e9/\\xFE\\xFF'],
  ];
  for (const [raw, shown] of table) {
    it(`${JSON.stringify(raw.toString('latin1'))} is shown ${JSON.stringify(shown)}`, () => {
      const utf8 = raw.toString('utf8');
      // A UTF-8 path comes as filePath alone; another as its bytes (filePath then shows them, any way).
      const got = Buffer.from(utf8).equals(raw) ? reportedPath(utf8) : reportedPath('ignored', raw);
      assert.equal(got, shown);
      assert.deepEqual(readBack(got), raw);
    });
  }

  it('reads back to the same bytes for any path, so no two are shown alike', () => {
    const unit = fc.oneof(fc.constantFrom(0x5c, 0x78, 0x41, 0x46, 0x66, 0x67, 0x2f, 0xff, 0xc3, 0xa9, 0x80), fc.integer({ min: 0, max: 255 }));
    fc.assert(fc.property(fc.array(unit, { maxLength: 12 }), (units) => {
      const raw = Buffer.from(units);
      const utf8 = raw.toString('utf8');
      const shown = Buffer.from(utf8).equals(raw) ? reportedPath(utf8) : reportedPath('ignored', raw);
      assert.deepEqual(readBack(shown), raw);
    }), { numRuns: 2000, seed: 7 });
  });
});
