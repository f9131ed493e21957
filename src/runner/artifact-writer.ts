// Writes the run's outputs: conversation.json (only after it passes the checker) and final-message.md.
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { UsageError } from '../errors.js';
import type { Conversation, Problem } from '../types.js';
import { selfCheckArtifact } from './self-check.js';

/** Name of the artifact inside the output folder. */
const CONVERSATION_FILE = 'conversation.json';
/** Where a conversation the checker refused is kept for debugging (never found by `check`). */
const REJECTED_FILE = 'rejected-conversation.json';

/** The checker refused the conversation: nothing was written in its place. */
export class ArtifactRejectedError extends Error {
  override readonly name = 'ArtifactRejectedError';
  constructor(
    message: string,
    /** The problems `checkSource` found. */
    readonly problems: Problem[],
    /** Where the refused text was saved for inspection. */
    readonly rejectedPath: string,
  ) {
    super(message);
  }
}

/**
 * Refuses to start when `<outDir>/conversation.json` exists and overwriting was not asked for.
 * Called before any round runs. With `overwrite` the old file stays until the new one replaces it.
 * @throws {UsageError} pointing at --overwrite.
 */
export function assertArtifactWritable(outDir: string, overwrite: boolean): void {
  const target = join(outDir, CONVERSATION_FILE);
  if (!overwrite && existsSync(target)) {
    throw new UsageError(`${target} already exists; pass --overwrite to replace it (nothing was run)`);
  }
}

/** conversation.json text: 2-space JSON plus a newline, keys in insertion order (spec §3). */
function serializeConversation(conversation: Conversation): string {
  return JSON.stringify(conversation, null, 2) + '\n';
}

/**
 * Checks the conversation with every rule and, if it passes, writes it atomically over
 * `<outDir>/conversation.json`. Returns the path and any warnings.
 * @throws {ArtifactRejectedError} when the checker reports errors; the old file is untouched.
 */
export function writeConversationArtifact(outDir: string, conversation: Conversation): { path: string; warnings: Problem[] } {
  const target = join(outDir, CONVERSATION_FILE);
  const text = serializeConversation(conversation);
  const result = selfCheckArtifact(target, text);
  if (result.errorCount > 0) {
    const rejectedPath = join(outDir, REJECTED_FILE);
    writeFileAtomically(rejectedPath, text);
    const first = result.messages.find((m) => m.severity === 2)!;
    throw new ArtifactRejectedError(
      `the conversation fails the checker (${result.errorCount} error(s); first: ${rejectedPath}:${first.line}:${first.column} ${first.ruleId}: ${first.message})`,
      result.messages,
      rejectedPath,
    );
  }
  writeFileAtomically(target, text);
  return { path: target, warnings: result.messages };
}

/** Writes `<outDir>/final-message.md`: the text with trailing whitespace trimmed, plus "\n". */
export function writeFinalMessage(outDir: string, finalText: string): string {
  const target = join(outDir, 'final-message.md');
  writeFileAtomically(target, finalText.replace(/\p{White_Space}+$/u, '') + '\n');
  return target;
}

/**
 * Temp file in the same folder, flushed, then renamed over the target: readers see the old
 * file or the new one, never a half-written one. The temp file is removed on failure.
 */
function writeFileAtomically(target: string, text: string): void {
  const temp = join(dirname(target), `.${basename(target)}.${process.pid}.tmp`);
  try {
    const fd = openSync(temp, 'w');
    try {
      writeFileSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, target);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}
