// The one way campaign's own records are read back — run.json by a resumed campaign and by compare,
// campaign.json by the next campaign (resume, shards) and by compare.
import { basename } from 'node:path';
import { checkDocument } from '../checker/check-source.js';
import { loadArtifact } from '../checker/load.js';
import { readRegularText } from '../fs/read-file.js';

/** What is at a record's path: nothing, a record, or why it cannot be used (one line naming the file). */
export type RecordRead<T> = { found: false } | { found: true; record: T } | { found: true; problem: string };

/**
 * Reads the record at `path` as the document kind `kind`. campaign writes each record as a
 * regular file of its own, so a symbolic link is not followed and a device is never read (the
 * checker's read rule); the text must pass the kind's schema and the checker's rules for any
 * document (a repeated key, an integer written 2.0). `shown` names the file in the problem.
 */
export function readRecordFile<T>(kind: 'run' | 'campaign', path: string, shown: string): RecordRead<T> {
  const name = basename(path);
  const read = readRegularText(path, `a ${name}`, { noFollow: true });
  if (!read.ok && read.code === 'enoent') return { found: false };
  if (!read.ok) return { found: true, problem: read.code === 'link' ? `${shown} is a symbolic link; campaign writes ${name} as a file of its own, so it was not read` : `${shown}: ${read.message}` };
  const loaded = loadArtifact(read.text);
  const errors = checkDocument(kind, { filePath: shown, loaded }).messages.filter((m) => m.severity === 2);
  if (errors.length > 0 || !loaded.ok) {
    const first = errors[0];
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    return { found: true, problem: first ? `${shown}:${first.line}:${first.column}: ${first.message}${more}` : `${shown} is not valid JSON` };
  }
  return { found: true, record: loaded.value as T };
}
