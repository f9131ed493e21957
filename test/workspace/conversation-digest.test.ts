// conversationSha256OfFile takes the digest of a conversation.json's bytes where it can: it must
// equal conversationSha256 of their decoding for every file, whatever the bytes hold.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { conversationSha256, conversationSha256OfFile } from '../../src/workspace/conversation-digest.js';

/** The decoding the checker gives a file (replacement characters for bytes that are not UTF-8). */
const decoded = (bytes: Uint8Array) => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

const files: Array<[string, Uint8Array]> = [
  ['ASCII, LF', Buffer.from('{\n  "events": []\n}\n')],
  ['UTF-8 beyond ASCII (é, 漢, an emoji)', Buffer.from('{"text": "café 漢字 🎉"}\n')],
  ['CRLF line breaks', Buffer.from('{\r\n  "events": []\r\n}\r\n')],
  ['a lone CR', Buffer.from('{"a": 1}\r')],
  ['a byte-order mark', Buffer.from('\uFEFF{"a": 1}\n')],
  ['a byte-order mark and CRLF', Buffer.from('\uFEFF{"a": 1}\r\n')],
  ['bytes that are not UTF-8 (a truncated 4-byte sequence, same length as its replacement)', Buffer.from([0x7b, 0xf0, 0x9f, 0x98, 0x7d])],
  ['a lone 0xFF', Buffer.from([0x7b, 0xff, 0x7d, 0x0a])],
  ['empty', Buffer.alloc(0)],
];

describe('conversationSha256OfFile: the digest of the bytes is the digest of their text', () => {
  for (const [what, bytes] of files) {
    it(what, () => {
      assert.equal(conversationSha256OfFile(bytes, decoded(bytes)), conversationSha256(decoded(bytes)));
    });
  }

  it('a view into a larger buffer is hashed as its own bytes, not its buffer', () => {
    const whole = Buffer.from('xx{"a": "ü"}\nyy');
    const view = new Uint8Array(whole.buffer, whole.byteOffset + 2, whole.length - 4);
    assert.equal(conversationSha256OfFile(view, '{"a": "ü"}\n'), conversationSha256('{"a": "ü"}\n'));
  });
});
