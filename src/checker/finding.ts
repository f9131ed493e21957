// A finding before it has a position: stages report pointers or offsets; positions come last.
import type { Severity } from '../types.js';
import type { PointerTarget } from './positions.js';

/**
 * What a stage reports. Positions are resolved once per file, at the end, and only for files
 * that have findings — so clean files never build a line index or a syntax tree.
 */
export interface Finding {
  ruleId: string;
  messageId: string;
  message: string;
  severity: Severity;
  /** RFC 6901 pointer of the offending value. */
  pointer: string;
  /** Highlight the property's key instead of its value (e.g. an unexpected property). */
  target?: PointerTarget;
  /** Exact UTF-16 offsets in the text, when the pointer alone is ambiguous (parse errors, duplicate keys). */
  span?: { start: number; end: number };
}
