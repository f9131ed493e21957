// What campaign.json records of the command_checks' setup files (evals.setup_files). They only
// grade, so they are no part of the plan (./plan-identity.ts); but compare copies them into each
// run's task as they are when it runs, so it holds them to the bytes the campaign had. Never a
// reason to stop: what cannot be read is recorded so, and compared as what cannot be told.
import { heldOutFiles } from '../evals/held-out.js';
import type { EvalsFile } from '../evals/types.js';
import { entryFingerprintsBothEndings, treeDigest } from '../fs/file-tree.js';
import type { CampaignRecord } from './campaign-record.js';
import type { Fingerprints } from './plan-identity.js';
import { setupFileReads, type SetupEntry } from './setup-file-reads.js';

/** Recorded for a setup file the copy cannot read (no permission, a link out of the evals folder): its command_check is ungraded, saying why, and compare cannot tell it changed. */
const UNREADABLE = 'unreadable';

/** What campaign.json records of the setup files: `setup_files`, and `setup_files_lf` for those that hold a CRLF. */
export type SetupFilesRecord = Pick<CampaignRecord['evals'], 'setup_files' | 'setup_files_lf'>;

/** Each setup file the command_checks of `evals` (read from `evalsDir`) name, by that path: its fingerprint as the copy reads it; nothing when none names one. */
export function setupFilesRecord(evals: EvalsFile, evalsDir: string): SetupFilesRecord {
  const paths = heldOutFiles(evals);
  if (paths.length === 0) return {};
  const fingerprints = paths.map((path) => [path, setupFingerprint(evalsDir, path)] as const);
  const lf = fingerprints.filter(([, f]) => f.lf !== f.raw);
  // LF readings only where a file holds a CRLF, as an eval's `files_lf`.
  return { setup_files: Object.fromEntries(fingerprints.map(([path, f]) => [path, f.raw])), ...(lf.length > 0 ? { setup_files_lf: Object.fromEntries(lf.map(([path, f]) => [path, f.lf])) } : {}) };
}

/**
 * A setup file as its command_check's copy reads it (./setup-file-reads.ts: links followed), as
 * one line: `file <sha256>` (` x` when executable), `folder <tree sha256>`, `missing`, or
 * {@link UNREADABLE}; its bytes as they are and with each CRLF read as LF.
 */
function setupFingerprint(evalsDir: string, file: string): Fingerprints {
  const reads = setupFileReads(evalsDir, file);
  const said = (word: string) => ({ raw: word, lf: word });
  if ('problem' in reads) return said(reads.missing ? 'missing' : UNREADABLE);
  const [top, ...below] = reads.entries as [SetupEntry, ...SetupEntry[]];
  try {
    if (top.kind === 'file') {
      const { raw, lf } = entryFingerprintsBothEndings(top.source, [top], () => top.source);
      return { raw: raw[0]!, lf: lf[0]! };
    }
    const { raw, lf } = entryFingerprintsBothEndings(top.source, below, (entry) => (entry as SetupEntry).source);
    return { raw: `folder ${treeDigest(top.source, below, raw)}`, lf: `folder ${treeDigest(top.source, below, lf)}` };
  } catch {
    // A file it may not read: the copy fails on it too.
    return said(UNREADABLE);
  }
}

/** Whether a recorded fingerprint tells the bytes: not one that could not be read, nor a link's target text (recorded so by an earlier eval-magic, which did not follow it). */
const tellsBytes = (fingerprint: string) => fingerprint !== UNREADABLE && !fingerprint.startsWith('link ');

/** Setup files that are not what campaign.json recorded, by path: `converted` hold a CRLF where the record had an LF (a checkout's line-ending conversion), `changed` differ otherwise. */
export interface SetupFilesChanges {
  converted: string[];
  changed: string[];
}

/**
 * Holds the setup files the command_checks of the evals `ids` (of `evals`, read from `evalsDir`)
 * name now to their `recorded` fingerprints. One recorded for none of them grades nothing; one
 * not recorded (named since) comes with an evals.json edit, which compare says as such; one
 * missing or unreadable now leaves its command_check ungraded, which says so; one unreadable
 * then cannot be told. CRLF recorded and LF now is the same file (the campaign ran on a
 * converted checkout).
 */
export function setupFilesChanges(recorded: SetupFilesRecord, evals: EvalsFile, evalsDir: string, ids: readonly string[]): SetupFilesChanges {
  const was = recorded.setup_files ?? {};
  const named = heldOutFiles({ ...evals, evals: evals.evals.filter((e) => ids.includes(e.id)) }).filter((path) => Object.hasOwn(was, path) && tellsBytes(was[path]!));
  const changes: SetupFilesChanges = { converted: [], changed: [] };
  for (const path of named) {
    const now = setupFingerprint(evalsDir, path);
    if (now.raw === was[path] || now.raw === 'missing' || now.raw === UNREADABLE) continue;
    const wasLf = recorded.setup_files_lf?.[path] ?? was[path];
    if (now.lf !== wasLf) changes.changed.push(path);
    else if (now.raw !== now.lf) changes.converted.push(path);
  }
  return changes;
}
