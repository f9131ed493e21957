// json: the machine-readable contract — one object per checked file, sorted by path.
import type { FileResult } from '../types.js';
import type { FormatFunction, StreamingFormatter } from './types.js';
import { stringifyJsonSafe } from '../text/escape.js';
import { reportedPath } from '../fs/shown-path.js';

/**
 * The json report in pieces, one file's object at a time: on a huge run, one string would take
 * more memory than the check. Joined, the pieces are exactly `formatJson`'s text.
 */
export const formatJsonChunks: StreamingFormatter = function* (report) {
  if (report.results.length === 0) {
    yield '[]\n';
    return;
  }
  for (const [i, r] of report.results.entries()) yield (i === 0 ? '[' : ',') + stringifyJsonSafe(toJsonResult(r));
  yield ']\n';
};

/** `[{filePath, errorCount, warningCount, messages: [{ruleId, messageId, severity, message, pointer, line, column, endLine, endColumn}]}]` */
export const formatJson: FormatFunction = (report, context) => Array.from(formatJsonChunks(report, context)).join('');

function toJsonResult(r: FileResult) {
  return {
    filePath: reportedPath(r.filePath, r.rawFilePath),
    errorCount: r.errorCount,
    warningCount: r.warningCount,
    messages: r.messages.map((m) => ({
      ruleId: m.ruleId,
      messageId: m.messageId,
      severity: m.severity,
      message: m.message,
      pointer: m.pointer,
      line: m.line,
      column: m.column,
      endLine: m.endLine,
      endColumn: m.endColumn,
    })),
  };
}
