// Thread entry: scans the bytes of large artifacts (see load-large.ts) and answers with what it found.
import { parentPort } from 'node:worker_threads';
import { scanArtifactBytes } from './json-text.js';
import type { TextScanRequest, TextScanReply } from './load-large.js';

parentPort!.on('message', ({ id, bytes }: TextScanRequest) => {
  parentPort!.postMessage({ id, ...scanArtifactBytes(bytes) } satisfies TextScanReply);
});
