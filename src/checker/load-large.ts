// Loading a large artifact on two threads. Decoding and parsing must happen on the thread that
// checks the file (a parsed value cannot cross threads cheaply), but validating its UTF-8 and
// counting its key tokens for the duplicate-key rule need only its bytes: a helper thread does
// those on the shared bytes meanwhile. On one 50 MB artifact that took ~25 ms off a ~360 ms run
// (paired); the helper costs this thread ~3 ms to start, once per check.
import type { Worker } from 'node:worker_threads';
import { decodeUtf8, invalidUtf8, parseArtifactText, type LoadOutcome } from './load.js';
import { scanArtifactBytes } from './json-text.js';
import { readAnswer, type TextScanRequest } from './text-scan-answer.js';
import { startThread } from './start-thread.js';

/** Whether {@link loadLargeArtifact} can take these bytes: another thread can see them. */
export function isSharedBytes(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof SharedArrayBuffer;
}

/**
 * Decodes and parses `bytes` here while `helper` scans them, then takes the helper's answer if
 * it is ready, or scans here if it is not (a helper may still be starting up): waiting could
 * cost more than scanning. The outcome is `loadArtifact(bytes)`'s, plus the key-token count the
 * duplicate-key rule needs.
 */
export function loadLargeArtifact(bytes: Buffer, helper: Pick<TextScanHelper, 'scan'>): LoadOutcome {
  const answer = helper.scan(bytes);
  // Decoded before anyone has said the bytes are UTF-8: when they are not, the decoder throws
  // or yields replacement characters, and that text is thrown away below.
  let loaded: LoadOutcome | undefined;
  try {
    loaded = parseArtifactText(decodeUtf8(bytes));
  } catch {
    // Not UTF-8 after all; the scan says so.
  }
  const scan = (answer && readAnswer(answer)) ?? scanArtifactBytes(bytes);
  if (!scan.utf8 || !loaded) return invalidUtf8(bytes);
  return loaded.ok ? { ...loaded, keyTokens: scan.keyTokens } : loaded;
}

/**
 * One helper thread that scans large artifacts' bytes, started on the first request and kept
 * for the rest of the check. A request whose answer is not ready when wanted is simply not
 * used, so a thread that is slow, cannot start or has stopped costs time, never a result.
 */
export class TextScanHelper {
  /** The thread; undefined until the first request, null once it could not start or has stopped. */
  private thread?: Worker | null;

  /** Starts scanning `bytes` (shared memory) on the helper; the answer it will write, or undefined when there is no helper. */
  scan(bytes: Uint8Array): Int32Array | undefined {
    if (this.thread === undefined) this.thread = this.start();
    if (!this.thread || !isSharedBytes(bytes)) return undefined;
    const answer = new Int32Array(new SharedArrayBuffer(3 * Int32Array.BYTES_PER_ELEMENT));
    this.thread.postMessage({ bytes, answer } satisfies TextScanRequest);
    return answer;
  }

  /** Stops the thread, if it was started; later requests get no helper. */
  stop(): void {
    void this.thread?.terminate();
    this.thread = null;
  }

  private start(): Worker | null {
    try {
      const thread = startThread('text-scan-worker', {});
      // Never keeps the process alive: an idle helper has nothing left to do.
      thread.unref();
      thread.on('error', () => void (this.thread = null));
      thread.on('exit', () => void (this.thread = null));
      return thread;
    } catch {
      return null;
    }
  }
}
