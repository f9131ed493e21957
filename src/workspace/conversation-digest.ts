// The one digest of a run's conversation.json: what campaign records in run.json
// (`conversation_sha256`, of the text it wrote), what judge records in each judgment (of the text
// it judged), and what compare holds the file on disk to.
import { isUtf8 } from 'node:buffer';
import { sha256 } from '../fs/file-tree.js';
import { stringifyJson } from '../json/serialize.js';
import type { Conversation } from '../types.js';

/**
 * The digest of a conversation.json's text — its decoded text, so a byte-order mark is no edit.
 * Its line breaks are read as LF: in JSON a CR is whitespace between tokens (never raw in a
 * string), so a checkout that wrote CRLF (git's core.autocrlf), or a lone CR, edits no value —
 * and a text with LF alone is digested as it is, as before, so the records on disk stand.
 * Recorded in run.json, so compare tells a conversation edited after the run; and in each
 * judgment, so compare counts no vote on a transcript edited since (the judge makes it again).
 */
export function conversationSha256(text: string): string {
  const decoded = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  return sha256(decoded.replace(/\r\n?/g, '\n'));
}

/**
 * {@link conversationSha256} of `text`, the decoding of `bytes`, taken of the bytes themselves
 * when they are that text's UTF-8 already (valid UTF-8, no byte-order mark, no CR): hashing a
 * string encodes it again first, several times the cost of hashing its bytes.
 */
export function conversationSha256OfFile(bytes: Uint8Array, text: string): string {
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  return !bom && bytes.indexOf(0x0d) === -1 && isUtf8(bytes) ? sha256(bytes) : conversationSha256(text);
}

/** conversation.json's text as the runner writes it: 2-space JSON plus a newline, keys in insertion order (spec §3). */
export function serializeConversation(conversation: Conversation): string {
  return stringifyJson(conversation, 2) + '\n';
}

/**
 * Whether a conversation.json's text, which parses to `value`, holds another conversation than
 * the one whose digest `recorded` is: its digest differs, and so does its value's as written again
 * — a file only formatted anew (a formatter on commit, `json.tool`) holds the same conversation.
 */
export function conversationChanged(text: string, value: Conversation, recorded: string): boolean {
  return conversationSha256(text) !== recorded && conversationSha256(serializeConversation(value)) !== recorded;
}
