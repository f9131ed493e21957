// Child-process entry for the big adversarial cases: checks the given paths through the library, then prints
// the report's shape and this process's peak RSS as one JSON line (memory is only measurable per process).
import { check } from '../../src/index.js';

const report = await check(process.argv.slice(2), { cwd: process.cwd(), allowEmpty: true });
const messages = report.results.flatMap((r) => r.messages.slice(0, 5).map((m) => ({ file: r.filePath, ruleId: m.ruleId, messageId: m.messageId, line: m.line, column: m.column })));
process.stdout.write(JSON.stringify({ files: report.results.length, errorCount: report.errorCount, warningCount: report.warningCount, messages, maxRssBytes: process.resourceUsage().maxRSS * 1024 }) + '\n');
