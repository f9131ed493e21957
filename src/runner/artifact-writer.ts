// Writes the run's outputs: conversation.json (only after it passes the checker) and final-message.md.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { UsageError } from '../errors.js';
import { trimEndWhiteSpace } from '../evals/blank.js';
import type { Conversation, Problem } from '../internal.js';
import { ensureRealFolders } from '../fs/folders.js';
import { hasRegularFile, UnsafeOutputError, writeFileAtomically } from '../fs/safe-write.js';
import { conversationSha256, serializeConversation } from '../workspace/conversation-digest.js';
import { roundOfFolder } from './run-round.js';
import { selfCheckArtifact } from './self-check.js';

/** Name of the artifact inside the output folder. */
import { CONVERSATION_FILE } from '../workspace/layout.js';
/** Where a conversation the checker refused is kept for debugging (never found by `check`). */
const REJECTED_FILE = 'rejected-conversation.json';
/** The last round's final text. */
const FINAL_MESSAGE_FILE = 'final-message.md';

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
 * Refuses to start when `<outDir>/conversation.json` exists and overwriting was not asked for,
 * or when a link or other non-regular file sits where any of the run's files goes (with or
 * without `overwrite`: a dangling link counts), or anything but a folder where a round folder
 * is. Called before any round runs. With `overwrite` the old file stays until the new one
 * replaces it.
 * @throws {UsageError} pointing at --overwrite, or naming the odd entry.
 */
export function assertArtifactWritable(outDir: string, overwrite: boolean): void {
  const target = join(outDir, CONVERSATION_FILE);
  try {
    for (const name of [FINAL_MESSAGE_FILE, REJECTED_FILE]) hasRegularFile(join(outDir, name));
    // A round folder an earlier run left must be a folder: a link there would send the agent's stream elsewhere.
    for (const name of readdirSync(outDir)) if (roundOfFolder(name) !== undefined) ensureRealFolders(outDir, join(outDir, name));
    if (hasRegularFile(target) && !overwrite) {
      throw new UsageError(`${target} already exists; pass --overwrite to replace it (nothing was run)`);
    }
  } catch (error) {
    if (error instanceof UnsafeOutputError) throw new UsageError(`${error.message} (nothing was run)`);
    throw error;
  }
}

/**
 * The folders a run writes in when `outDir` is already there: `outDir` itself and the round
 * folders an earlier run left (a round's stream is written in its folder again, or a later
 * round's folder is emptied and removed).
 */
export function foldersWrittenIn(outDir: string): string[] {
  return [outDir, ...readdirSync(outDir).filter((name) => roundOfFolder(name) !== undefined).map((name) => join(outDir, name))];
}

/**
 * Checks the conversation with every rule and, if it passes, writes it atomically over
 * `<outDir>/conversation.json`. Returns the path, the digest of the text written (so a record of
 * it is of exactly these bytes, not of a later read) and any warnings.
 * @throws {ArtifactRejectedError} when the checker reports errors; the old file is untouched.
 */
export async function writeConversationArtifact(outDir: string, conversation: Conversation): Promise<{ path: string; sha256: string; warnings: Problem[] }> {
  const target = join(outDir, CONVERSATION_FILE);
  const text = serializeConversation(conversation);
  const result = selfCheckArtifact(target, text);
  if (result.errorCount > 0) {
    const rejectedPath = join(outDir, REJECTED_FILE);
    await writeFileAtomically(rejectedPath, text, { durable: true });
    const first = result.messages.find((m) => m.severity === 2)!;
    throw new ArtifactRejectedError(
      `the conversation fails the checker (${result.errorCount} error(s); first: ${rejectedPath}:${first.line}:${first.column} ${first.ruleId}: ${first.message})`,
      result.messages,
      rejectedPath,
    );
  }
  await writeFileAtomically(target, text, { durable: true });
  return { path: target, sha256: conversationSha256(text), warnings: result.messages };
}

/** Writes `<outDir>/final-message.md`: the text with trailing whitespace trimmed, plus "\n". */
export async function writeFinalMessage(outDir: string, finalText: string): Promise<string> {
  const target = join(outDir, FINAL_MESSAGE_FILE);
  await writeFileAtomically(target, trimEndWhiteSpace(finalText) + '\n', { durable: true });
  return target;
}

/**
 * After a run of `rounds` rounds replaced the artifact (--overwrite), removes what an earlier run
 * left that this one did not make — the folders of its later rounds and a rejected artifact — so
 * nothing in the folder passes for this run's. A link there is removed, never followed.
 */
export function removeEarlierRunsFiles(outDir: string, rounds: number): void {
  for (const name of readdirSync(outDir)) {
    const round = roundOfFolder(name);
    if (name === REJECTED_FILE || (round !== undefined && round > rounds)) rmSync(join(outDir, name), { recursive: true, force: true });
  }
}
