// An artifact of several MiB goes through check() like a small one: what is at its very end is
// found where it is, with one thread or the default.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { check } from '../../src/index.js';

describe('a large artifact through check()', () => {
  let root: string;
  before(() => void (root = mkdtempSync(join(tmpdir(), 'eval-magic-large-'))));
  after(() => rmSync(root, { recursive: true, force: true }));

  /** A conversation of about 3 MiB of multi-byte text, with `tail` spliced in before its closing brace. */
  function largeConversation(tail: string): Buffer {
    const events = [];
    const filler = 'ümlaut "quoted" \\ back-slashed: 🌍 '.repeat(40);
    for (let i = 0; i % 2 === 1 || events.length * filler.length < 3 << 20; i++) {
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
    const [auto, alone] = await Promise.all([check([dir], { cwd: dir }), check([dir], { cwd: dir, concurrency: 'off' })]);
    const describe = (report: typeof auto) => report.results.flatMap((r) => r.messages.map((m) => `${m.ruleId}/${m.messageId}@${m.line}:${m.column}`));
    assert.deepEqual(describe(auto), describe(alone));
    return describe(auto);
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
