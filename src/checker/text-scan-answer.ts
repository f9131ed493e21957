// How the text-scan helper answers (see load-large.ts): through shared memory, not a message.
import type { ArtifactByteScan } from './json-text.js';

/**
 * What the helper is asked: scan `bytes`, and write what it found into `answer`. Both lie in
 * shared memory, so nothing is copied, and the checking thread reads the answer when it is
 * ready for it, without a message or a turn of its event loop.
 */
export interface TextScanRequest {
  bytes: Uint8Array;
  /** [done (1 once written), utf8 (1 or 0), key tokens]. */
  answer: Int32Array;
}

/** Writes a scan into a request's answer, done last (the helper's side of {@link TextScanRequest}). */
export function writeAnswer(answer: Int32Array, scan: ArtifactByteScan): void {
  answer[1] = scan.utf8 ? 1 : 0;
  answer[2] = scan.keyTokens;
  Atomics.store(answer, 0, 1);
}

/** The scan in a request's answer, if the helper has written it. */
export function readAnswer(answer: Int32Array): ArtifactByteScan | undefined {
  return Atomics.load(answer, 0) === 1 ? { utf8: answer[1] === 1, keyTokens: answer[2]! } : undefined;
}
