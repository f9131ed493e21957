// iteration-<n>/instruction-files.json: the CLI's user-level instruction files as the iteration's
// first command found them, so that a later command of the iteration (a resume, another shard)
// compares with that state rather than with what a skill agent of an earlier command left there.
// Apart from campaign.json: that file is the plan's identity, the same bytes from every machine;
// this one is of one machine's HOME.
import { existsSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { createFileWhole } from '../fs/safe-write.js';
import { readRegularText } from '../fs/read-file.js';
import type { InstructionFilesState } from '../runner/session-stores.js';
import { INSTRUCTIONS_FILE } from '../workspace/layout.js';

interface InstructionsRecord {
  schema_version: 1;
  /** The machine whose files these are (os.hostname()): another machine's files are other files. */
  machine: string;
  /** Each file's state by its absolute path ("missing", or what it was). */
  files: Record<string, string>;
}

/**
 * The state each instruction file is compared with after every run of this command: the one
 * recorded in the iteration by its first command on this machine, for each path recorded there,
 * else `now` (the first command records `now`; a file created, never replaced). A record of
 * another machine (a merged shard's workspace) is not this HOME's: `now` then.
 * @throws {UsageError} when the iteration's record cannot be read.
 */
export async function iterationInstructionsState(iterationDir: string, now: InstructionFilesState): Promise<InstructionFilesState> {
  if (now.size === 0) return now;
  const target = join(iterationDir, INSTRUCTIONS_FILE);
  const machine = hostname();
  const record: InstructionsRecord = { schema_version: 1, machine, files: Object.fromEntries(now) };
  if (!existsSync(target) && (await createFileWhole(target, JSON.stringify(record, null, 2) + '\n', { durable: true })) === 'created') return now;
  const found = readInstructionsRecord(target);
  if (found.machine !== machine) return now;
  return new Map([...now].map(([path, state]) => [path, found.files[path] ?? state]));
}

/**
 * The instruction files that already differ, as this command starts, from the state the
 * iteration's first command recorded on this machine (none without a record, or with another
 * machine's): every run this command ends would be marked invalid, so the plan says so first.
 * Reads the record, never writes it.
 * @throws {UsageError} when the iteration's record cannot be read.
 */
export function differingFromRecord(iterationDir: string, now: InstructionFilesState): Array<{ path: string; was: string; now: string }> {
  const target = join(iterationDir, INSTRUCTIONS_FILE);
  if (now.size === 0 || !existsSync(target)) return [];
  const found = readInstructionsRecord(target);
  if (found.machine !== hostname()) return [];
  return [...now].flatMap(([path, state]) => {
    const was = found.files[path];
    return was === undefined || was === state ? [] : [{ path, was, now: state }];
  });
}

function readInstructionsRecord(target: string): InstructionsRecord {
  const read = readRegularText(target, `an ${INSTRUCTIONS_FILE}`, { noFollow: true });
  const cannot = (why: string) =>
    new UsageError(`${target} cannot be read (${why}); it records the CLI's instruction files as this iteration's first command found them: move it away to compare with them as they are now (nothing was run)`);
  if (!read.ok) throw cannot(read.message);
  let parsed: unknown;
  try {
    parsed = JSON.parse(read.text);
  } catch (error) {
    throw cannot((error as Error).message);
  }
  const r = parsed as Partial<InstructionsRecord> | null;
  const valid = typeof r === 'object' && r !== null && r.schema_version === 1 && typeof r.machine === 'string' && typeof r.files === 'object' && r.files !== null && !Array.isArray(r.files) && Object.values(r.files).every((v) => typeof v === 'string');
  if (!valid) throw cannot('not {"schema_version": 1, "machine": "…", "files": {"<path>": "<state>"}}');
  return r as InstructionsRecord;
}
