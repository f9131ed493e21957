// Loading a large artifact on two threads. Decoding and parsing must happen on the thread that
// checks the file (a parsed value cannot cross threads cheaply), but validating its UTF-8 and
// counting its key tokens for the duplicate-key rule need only its bytes: a helper thread does
// those on the shared bytes meanwhile. On one 50 MB artifact they took ~35 ms of a ~340 ms run,
// the helper costs this thread ~2 ms to start, and it is started once per check.
import type { Worker } from 'node:worker_threads';
import { decodeUtf8, invalidUtf8, parseArtifactText, type LoadOutcome } from './load.js';
import { scanArtifactBytes, type ArtifactByteScan } from './json-text.js';
import { startThread } from './start-thread.js';

/** What the helper is asked: scan `bytes` (a view of a SharedArrayBuffer, so nothing is copied). */
export interface TextScanRequest {
  id: number;
  bytes: Uint8Array;
}

/** The helper's answer to request `id`. */
export interface TextScanReply extends ArtifactByteScan {
  id: number;
}

/** Whether {@link loadLargeArtifact} can take these bytes: another thread can see them. */
export function isSharedBytes(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof SharedArrayBuffer;
}

/**
 * Decodes and parses `bytes` here while `helper` scans them, then joins the two: the same
 * outcome as `loadArtifact(bytes)`, plus the key-token count the duplicate-key rule needs.
 */
export async function loadLargeArtifact(bytes: Buffer, helper: Pick<TextScanHelper, 'scan'>): Promise<LoadOutcome> {
  const scanning = helper.scan(bytes);
  // Decoded before the helper has said the bytes are UTF-8: when they are not, the decoder
  // throws or yields replacement characters, and that text is thrown away below.
  let loaded: LoadOutcome | undefined;
  try {
    loaded = parseArtifactText(decodeUtf8(bytes));
  } catch {
    // Not UTF-8 after all; the scan says so.
  }
  const scan = (await scanning) ?? scanArtifactBytes(bytes);
  if (!scan.utf8 || !loaded) return invalidUtf8(bytes);
  return loaded.ok ? { ...loaded, keyTokens: scan.keyTokens } : loaded;
}

/**
 * One helper thread that scans large artifacts' bytes, started on the first request and kept
 * for the rest of the check. When it cannot start or stops, requests answer undefined and the
 * caller scans for itself, so a missing thread costs time, never a result.
 */
export class TextScanHelper {
  /** The thread; undefined until the first request, null once it could not start or has stopped. */
  private thread?: Worker | null;
  private nextId = 0;
  private readonly waiting = new Map<number, (scan: ArtifactByteScan | undefined) => void>();

  /** The scan of `bytes` (shared memory), or undefined when the helper is unavailable. */
  scan(bytes: Uint8Array): Promise<ArtifactByteScan | undefined> {
    if (this.thread === undefined) this.thread = this.start();
    const thread = this.thread;
    if (!thread || !isSharedBytes(bytes)) return Promise.resolve(undefined);
    const id = this.nextId++;
    const answer = new Promise<ArtifactByteScan | undefined>((resolve) => this.waiting.set(id, resolve));
    thread.postMessage({ id, bytes } satisfies TextScanRequest);
    return answer;
  }

  /** Stops the thread (if it was started); requests still waiting answer undefined. */
  stop(): void {
    void this.thread?.terminate();
    this.gone();
  }

  private start(): Worker | null {
    let thread: Worker;
    try {
      thread = startThread('text-scan-worker', {});
    } catch {
      return null;
    }
    // Never keeps the process alive: an idle helper has nothing left to say.
    thread.unref();
    thread.on('message', ({ id, ...scan }: TextScanReply) => this.answer(id, scan));
    thread.on('error', () => this.gone());
    thread.on('exit', () => this.gone());
    return thread;
  }

  /** The thread is gone: later requests answer at once, and those waiting are answered now. */
  private gone(): void {
    this.thread = null;
    for (const id of [...this.waiting.keys()]) this.answer(id, undefined);
  }

  private answer(id: number, scan: ArtifactByteScan | undefined): void {
    this.waiting.get(id)?.(scan);
    this.waiting.delete(id);
  }
}
