import { filesPath } from '../../src/checker/rules/files-path.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { evalCase, evalsOf } from '../helpers/evals-docs.js';

const withFiles = (...files: unknown[]) => evalsOf(evalCase('a', 'p', undefined, { files }));

runRuleTests('files-path', filesPath, {
  valid: [
    { name: 'relative files and folders', code: withFiles('data/orders.csv', 'fixtures/', './README.md') },
    { name: 'a name that merely starts with two dots', code: withFiles('..hidden', 'a/..b', '.env') },
    { name: 'no files at all', code: evalsOf(evalCase('a', 'p')) },
  ],
  invalid: [
    { name: 'absolute POSIX path', code: withFiles('/etc/passwd'), errors: [{ messageId: 'absolute', line: 9, column: 9, message: 'eval "a": files[0] "/etc/passwd" is absolute' }] },
    { name: 'Windows drive and backslash paths', code: withFiles('C:\\data\\orders.csv', '\\\\server\\share'), errors: [{ messageId: 'absolute', line: 9, column: 9 }, { messageId: 'absolute', line: 10, column: 9 }] },
    { name: 'climbs out with ..', code: withFiles('ok.txt', '../shared/orders.csv'), errors: [{ messageId: 'climbs', line: 10, column: 9, message: 'files[1] "../shared/orders.csv" has a ".." segment' }] },
    // campaign copies by that path below files_root and below the task: any ".." is refused, also one that stays inside.
    { name: '".." that normalizes inside the task, and through backslashes', code: withFiles('data/../orders.csv', 'data\\..\\..\\x'), errors: [{ messageId: 'climbs', line: 9, column: 9 }, { messageId: 'climbs', line: 10, column: 9 }] },
    { name: 'the task folder itself', code: withFiles('.', './', 'data/..'), errors: [{ messageId: 'task', line: 9, column: 9, message: 'files[0] "." is the task folder itself' }, { messageId: 'task', line: 10, column: 9 }, { messageId: 'climbs', line: 11, column: 9 }] },
    { name: 'an empty path', code: withFiles(''), errors: [{ messageId: 'empty', line: 9, column: 9, message: 'eval "a": files[0] is empty' }] },
    { name: 'NUL in a path', code: withFiles('data/a\u0000.csv'), errors: [{ messageId: 'nul', line: 9, column: 9, message: 'contains a NUL' }] },
  ],
});
