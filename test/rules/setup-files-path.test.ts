import { setupFilesPath } from '../../src/checker/rules/setup-files-path.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { commandCheck, evalCase, evalsOf } from '../helpers/evals-docs.js';

const withSetup = (...setupFiles: string[]) => evalsOf(evalCase('a', 'p', undefined, { assertions: [commandCheck({ setup_files: setupFiles })] }));

runRuleTests('setup-files-path', setupFilesPath, {
  valid: [
    { name: 'relative files and folders', code: withSetup('tests/test_hidden.py', 'fixtures/') },
    { name: '".." that stays inside the task', code: withSetup('tests/../grading/check.sh', './a.txt') },
    { name: 'a name that merely starts with two dots', code: withSetup('..hidden', 'a/..b') },
  ],
  invalid: [
    { name: 'absolute POSIX path', code: withSetup('/etc/passwd'), errors: [{ messageId: 'absolute', line: 14, column: 13, message: 'setup_files[0] "/etc/passwd" is absolute' }] },
    { name: 'Windows drive and UNC-like paths', code: withSetup('C:\\grading\\t.py', '\\\\server\\share'), errors: [{ messageId: 'absolute', line: 14, column: 13 }, { messageId: 'absolute', line: 15, column: 13 }] },
    { name: 'climbs out with ..', code: withSetup('ok.txt', '../secrets.txt', 'tests/../../x'), errors: [{ messageId: 'escapes', line: 15, column: 13, message: 'setup_files[1] "../secrets.txt" climbs out' }, { messageId: 'escapes', line: 16, column: 13 }] },
    { name: 'climbs out through backslashes', code: withSetup('tests\\..\\..\\x'), errors: [{ messageId: 'escapes', line: 14, column: 13 }] },
    { name: 'NUL in a path', code: withSetup('tests/a\u0000.py'), errors: [{ messageId: 'nul', line: 14, column: 13, message: 'contains a NUL' }] },
  ],
});
