// Loading a large artifact on two threads (load-large.ts) must change nothing but the time it
// takes: the same outcome as loadArtifact, the same key-token count as the text's, and a
// correct answer when the helper thread is missing or goes away.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { loadArtifact } from '../../src/checker/load.js';
import { isSharedBytes, loadLargeArtifact, TextScanHelper } from '../../src/checker/load-large.js';
import { countKeyTokens, scanArtifactBytes, type ArtifactByteScan } from '../../src/checker/json-text.js';
import { readAnswer, writeAnswer } from '../../src/checker/text-scan-answer.js';
import { readArtifactFile, SHARED_READ_BYTES } from '../../src/checker/read.js';
import { check } from '../../src/index.js';

/** `bytes` copied into shared memory, as readArtifactFile reads a large file. */
function shared(bytes: Uint8Array | string): Buffer {
  const source = typeof bytes === 'string' ? Buffer.from(bytes) : bytes;
  const copy = Buffer.from(new SharedArrayBuffer(source.byteLength));
  copy.set(source);
  return copy;
}

const utf8 = (text: string) => new TextEncoder().encode(text);

/** Inputs for every path through loading: valid, each kind of parse failure, not UTF-8. */
const inputs: Array<[string, Uint8Array]> = [
  ['a valid conversation', utf8('{"status": "completed", "events": [{"type": "user_message", "text": "héllo 🌍"}]}')],
  ['pure ASCII', utf8('{"a": [1, 2, {"b": null}]}')],
  ['a repeated key', utf8('{"a": 1, "b": {"c": 2, "c": 3}, "a": 4}')],
  ['escaped quotes and backslashes in keys and values', utf8('{"k\\"": "v\\\\", "x\\\\\\"": "\\"", "y": "\\\\"}')],
  ['a colon right after a string value', utf8('{"a": ["x", "y:"], "b" :\n\t "z"}')],
  ['a BOM', utf8('\uFEFF{"a": 1}')],
  ['empty', utf8('')],
  ['whitespace only', utf8(' \r\n ')],
  ['truncated', utf8('{"status": "compl')],
  ['a trailing comma', utf8('{"events": [1, 2,]}')],
  ['a raw control character', utf8('{"a": "\u001b[2J"}')],
  ['an invalid escape', utf8('{"a": "\\q"}')],
  ['invalid UTF-8 after multi-byte text', new Uint8Array([0x7b, 0x0a, 0x22, 0xc3, 0xa9, 0x22, 0xff])],
  ['a binary file', new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])],
  ['an encoded surrogate (not UTF-8)', new Uint8Array([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x3a, 0x31, 0x7d])],
  ['an overlong encoding (not UTF-8)', new Uint8Array([0x7b, 0x22, 0xc0, 0xaf, 0x22, 0x3a, 0x31, 0x7d])],
];

/** A helper that is never there: loading scans on its own thread. */
const noHelper = { scan: () => undefined };
/** A helper whose answer is always ready, as a fast thread's would be: loading uses it. */
const readyHelper = {
  scan: (bytes: Uint8Array) => {
    const answer = new Int32Array(new SharedArrayBuffer(12));
    writeAnswer(answer, scanArtifactBytes(bytes));
    return answer;
  },
};

describe('loadLargeArtifact gives loadArtifact’s outcome', () => {
  const helper = new TextScanHelper();
  after(() => helper.stop());
  const helpers = [['with a helper thread', helper], ['with an answer ready', readyHelper], ['without a helper', noHelper]] as const;
  for (const [name, bytes] of inputs) {
    for (const [how, scanner] of helpers) {
      it(`${name}, ${how}`, () => {
        const expected = loadArtifact(bytes);
        const { keyTokens, ...actual } = loadLargeArtifact(shared(bytes), scanner) as ReturnType<typeof loadArtifact> & { keyTokens?: number };
        assert.deepEqual(actual, expected);
        assert.equal(keyTokens, expected.ok ? countKeyTokens(expected.text) : undefined);
      });
    }
  }

  it('takes the helper’s answer when it is ready', () => {
    const answer = new Int32Array(new SharedArrayBuffer(12));
    writeAnswer(answer, { utf8: true, keyTokens: 12345 });
    const loaded = loadLargeArtifact(shared('{"a": 1}'), { scan: () => answer });
    assert.equal(loaded.ok && loaded.keyTokens, 12345);
  });

  it('scans itself when the answer is not written yet', () => {
    const unwritten = new Int32Array(new SharedArrayBuffer(12));
    const loaded = loadLargeArtifact(shared('{"a": {"b": 1}}'), { scan: () => unwritten });
    assert.equal(loaded.ok && loaded.keyTokens, 2);
  });
});

describe('scanArtifactBytes', () => {
  it('counts the key tokens countKeyTokens counts in the text, for any JSON written any way', () => {
    const spacing = fc.constantFrom(undefined, 0, 1, 2, '\t', ' \r\n');
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), fc.oneof(fc.string({ unit: 'grapheme' }), fc.constantFrom('"', '\\', '\\"', ':', '":')), spacing, (value, key, space) => {
        const text = JSON.stringify({ [key]: value, k: [key, { [key + key]: key }] }, null, space);
        assert.equal(scanArtifactBytes(utf8(text)).keyTokens, countKeyTokens(text));
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with Node on which bytes are UTF-8', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 40 }), (bytes) => {
        assert.equal(scanArtifactBytes(bytes).utf8, isWellFormed(bytes));
      }),
      { numRuns: 400 },
    );
  });
});

/** Whether `bytes` are well-formed UTF-8, by a decoder that throws on anything else. */
function isWellFormed(bytes: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The helper's answer, once written (a thread takes a moment to start). */
async function answered(answer: Int32Array): Promise<ArtifactByteScan> {
  for (let waited = 0; waited < 10_000; waited += 5) {
    const scan = readAnswer(answer);
    if (scan) return scan;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error('the helper never answered');
}

describe('TextScanHelper', () => {
  it('answers from its thread, and gives no answer to wait for once stopped', async () => {
    const helper = new TextScanHelper();
    const first = helper.scan(shared('{"a": {"b": 1}}'));
    const second = helper.scan(shared(new Uint8Array([0x7b, 0xff, 0x7d])));
    assert.ok(first && second);
    assert.deepEqual(await answered(first), { utf8: true, keyTokens: 2 });
    assert.deepEqual(await answered(second), { utf8: false, keyTokens: 0 });
    helper.stop();
    assert.equal(helper.scan(shared('{}')), undefined);
  });

  it('does not take bytes another thread cannot see', () => {
    const helper = new TextScanHelper();
    after(() => helper.stop());
    assert.equal(helper.scan(Buffer.from('{}')), undefined);
  });
});

describe('a large artifact through check()', () => {
  let root: string;
  before(() => void (root = mkdtempSync(join(tmpdir(), 'eval-magic-large-'))));
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A conversation of just over `SHARED_READ_BYTES`, with `tail` spliced in before its closing brace. */
  function largeConversation(tail: string): Buffer {
    const events = [];
    const filler = 'ümlaut "quoted" \\ back-slashed: 🌍 '.repeat(40);
    for (let i = 0; events.length * filler.length < SHARED_READ_BYTES; i++) {
      events.push({ type: i % 2 === 0 ? 'user_message' : 'assistant_message', ordinal: i, round: 1 + Math.floor(i / 2), text: filler });
    }
    const rounds = Math.ceil(events.length / 2);
    const text = JSON.stringify({ status: 'completed', delivered_followups: rounds - 1, events }, null, 1);
    return Buffer.from(text.slice(0, -1) + tail + '}');
  }

  /** Every finding of `check`, with one thread and with the default, which must agree. */
  async function findingsBothWays(bytes: Buffer): Promise<string[]> {
    const dir = join(root, String(Math.random()).slice(2));
    mkdirSync(dir);
    writeFileSync(join(dir, 'conversation.json'), bytes);
    const read = readArtifactFile(join(dir, 'conversation.json'));
    assert.ok(read.ok && isSharedBytes(read.bytes), 'read into shared memory, so the helper thread takes part');
    const [helped, alone] = await Promise.all([check([dir], { cwd: dir }), check([dir], { cwd: dir, concurrency: 'off' })]);
    const describe = (report: typeof helped) => report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}/${m.messageId}@${m.line}:${m.column}`));
    assert.deepEqual(describe(helped), describe(alone));
    return describe(helped);
  }

  it('a key repeated at the very end is found, where it is', async () => {
    const bytes = largeConversation(',"status":"completed"\n');
    const found = await findingsBothWays(bytes);
    const lines = bytes.toString('utf8').split('\n');
    assert.deepEqual(found, [`duplicate-key/duplicate@${lines.length - 1}:2`]);
  });

  it('one byte that is not UTF-8, near the end, is an encoding finding', async () => {
    const bytes = largeConversation(',"note":"?"');
    bytes[bytes.lastIndexOf('?')] = 0xff;
    const found = await findingsBothWays(bytes);
    assert.equal(found.length, 1);
    assert.match(found[0]!, /^parse\/encoding@/);
  });
});
