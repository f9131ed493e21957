// json: the machine-readable contract — one object per checked file, sorted by path.
import type { Formatter } from './types.js';
import { stringifyJsonSafe } from './escape.js';

/** `[{filePath, errorCount, warningCount, messages: [{ruleId, severity, message, pointer, line, column, endLine, endColumn}]}]` */
export const formatJson: Formatter = (report) =>
  stringifyJsonSafe(
    report.results.map((r) => ({
      filePath: r.filePath,
      errorCount: r.errorCount,
      warningCount: r.warningCount,
      messages: r.messages.map((m) => ({
        ruleId: m.ruleId,
        severity: m.severity,
        message: m.message,
        pointer: m.pointer,
        line: m.line,
        column: m.column,
        endLine: m.endLine,
        endColumn: m.endColumn,
      })),
    })),
  ) + '\n';
