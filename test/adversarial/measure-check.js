// Child-process entry for the big and special-file adversarial cases: checks the given paths through
// the library as built (dist/index.js), then prints the report's shape and this process's peak RSS as
// one JSON line (memory is only measurable per process). Plain JavaScript, started by plain Node: no
// tsx start-up, whose compiling of src/ took longer than these tests' 20 s limits on a loaded machine.
// The tests that start it import test/helpers/cli.js, which fails them when dist/ is stale.
import { check } from '../../dist/index.js';

const report = await check(process.argv.slice(2), { cwd: process.cwd(), allowEmpty: true });
const messages = report.results.flatMap((r) => r.messages.slice(0, 5).map((m) => ({ file: r.filePath, ruleId: m.ruleId, messageId: m.messageId, line: m.line, column: m.column })));
process.stdout.write(JSON.stringify({ files: report.results.length, errorCount: report.errorCount, warningCount: report.warningCount, messages, maxRssBytes: process.resourceUsage().maxRSS * 1024 }) + '\n');
