// The grading.json temp file a compare thread is writing, told to its pool through memory both
// share: a thread terminated between creating one and renaming it into place leaves it, and the
// pool removes it (grading-threads.ts). Shared memory, not a message: a message posted just before
// the thread was ended may never be taken.
import { rmSync } from 'node:fs';
import { basename } from 'node:path';
import { atomicWriteTarget } from '../fs/safe-write.js';
import { GRADING_FILE } from '../workspace/layout.js';

/** Bytes a path may take: Linux's PATH_MAX (the system refuses a longer one, so none is ever created). */
const PATH_BYTES = 4096;

/** One thread's slot: the length of the path announced (0: none), then its UTF-8 bytes. */
export function announcedTempBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(4 + PATH_BYTES);
}

export class AnnouncedTemp {
  private readonly length: Int32Array;
  private readonly bytes: Uint8Array;

  constructor(buffer: SharedArrayBuffer) {
    this.length = new Int32Array(buffer, 0, 1);
    this.bytes = new Uint8Array(buffer, 4);
  }

  /** The thread's side: the temp file about to be created, or undefined once it is renamed or removed (the writer's `announce`, fs/safe-write.ts). */
  announce(temp: string | undefined): void {
    // Cleared first: a thread ended while the bytes are written leaves no half a path (it has created nothing yet).
    Atomics.store(this.length, 0, 0);
    if (temp === undefined) return;
    const encoded = Buffer.from(temp, 'utf8');
    if (encoded.length > this.bytes.length) return;
    this.bytes.set(encoded);
    Atomics.store(this.length, 0, encoded.length);
  }

  /** The pool's side, once the thread is gone: removes the grading.json temp file it was writing, if it left one. Best effort, as removeLeftGradingTemps. */
  removeLeft(): void {
    const length = Atomics.load(this.length, 0);
    if (length === 0) return;
    const temp = Buffer.from(this.bytes.slice(0, length)).toString('utf8');
    // Only ever a grading.json temp name: the slot is the thread's, but a path removed must be one compare made.
    if (atomicWriteTarget(basename(temp)) !== GRADING_FILE) return;
    try {
      rmSync(temp, { force: true });
    } catch {
      // Left as it was: the next compare that writes grading.json removes it once a minute old.
    }
  }
}
