// The CLI's process streams keep the order of its writes across stdout and stderr, as a terminal
// showing both must: campaign's live block (stderr) is erased before the summary (stdout) is
// printed below it, not after, where erasing "the block" would erase the summary's last row.
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import { describe, it } from 'node:test';
import { processStreams } from '../../src/cli/process-io.js';

/** A stream whose writes complete later (a slow pipe, a terminal), recording what reaches the shared screen, in order. */
function fakeStream(name: string, screen: string[]): NodeJS.WriteStream {
  const write = (text: string, done?: () => void) => {
    screen.push(`${name}:${text}`);
    setImmediate(() => done?.());
    return true;
  };
  return Object.assign(new EventEmitter(), { write }) as unknown as NodeJS.WriteStream;
}

/** Lets the event loop turn (each fake write completes a turn later) until `screen` holds `count` writes, or 1000 turns have passed. */
async function settle(screen: string[], count: number): Promise<void> {
  for (let turn = 0; turn < 1000 && screen.length < count; turn++) await new Promise((resolve) => setImmediate(resolve));
}

describe('processStreams', () => {
  it('writes reach the screen in the order the CLI made them, whichever stream each went to', async () => {
    const screen: string[] = [];
    const io = processStreams(fakeStream('out', screen), fakeStream('err', screen));
    io.stderr.write('[erase the live block]');
    io.stdout.write('summary row 1\n');
    io.stdout.write('summary row 2\n');
    io.stderr.write('eval-magic: to finish, run the same command again\n');
    io.stdout.write('after\n');
    await settle(screen, 5);
    assert.deepEqual(screen, ['err:[erase the live block]', 'out:summary row 1\n', 'out:summary row 2\n', 'err:eval-magic: to finish, run the same command again\n', 'out:after\n']);
  });

  it('a stream that failed (its reader gone) drops its own writes and holds up none of the other\'s', async () => {
    const screen: string[] = [];
    const out = fakeStream('out', screen);
    const io = processStreams(out, fakeStream('err', screen));
    out.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    io.stdout.write('lost\n');
    io.stderr.write('said\n');
    await settle(screen, 1);
    await settle(screen, 2); // a turn more for a write that should not come
    assert.deepEqual(screen, ['err:said\n']);
  });
});
