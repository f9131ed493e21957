// Thread entry: scans the bytes of large artifacts (see load-large.ts) and writes what it found
// into each request's shared answer.
import { parentPort } from 'node:worker_threads';
import { scanArtifactBytes } from './json-text.js';
import { writeAnswer, type TextScanRequest } from './text-scan-answer.js';

parentPort!.on('message', ({ bytes, answer }: TextScanRequest) => writeAnswer(answer, scanArtifactBytes(bytes)));
