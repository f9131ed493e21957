import { setupFilesDisjoint } from '../../src/checker/rules/setup-files-disjoint.js';
import { runRuleTests } from '../helpers/rule-tester.js';
import { commandCheck, evalCase, evalsOf } from '../helpers/evals-docs.js';

const evalWith = (files: string[] | undefined, ...setupFiles: string[]) =>
  evalsOf(evalCase('a', 'p', undefined, { ...(files ? { files } : {}), assertions: [commandCheck({ setup_files: setupFiles })] }));

runRuleTests('setup-files-disjoint', setupFilesDisjoint, {
  valid: [
    { name: 'held-out tests beside the visible sources', code: evalWith(['src/clock.py', 'README.md'], 'tests/test_clock.py') },
    { name: 'a sibling folder whose name shares a prefix', code: evalWith(['test'], 'tests/hidden.py') },
    { name: 'no visible files', code: evalWith(undefined, 'tests/hidden.py') },
  ],
  invalid: [
    {
      name: 'the same file, spelled differently',
      code: evalWith(['src/clock.py'], './src//clock.py'),
      errors: [{ messageId: 'overlap', line: 17, column: 13, message: 'setup_files[0] "./src//clock.py" overlaps files[0] "src/clock.py"' }],
    },
    { name: 'a file inside a visible folder', code: evalWith(['README.md', 'tests/'], 'tests/test_hidden.py'), errors: [{ messageId: 'overlap', line: 18, column: 13, message: 'overlaps files[1] "tests/"' }] },
    { name: 'a held-out folder holding a visible file', code: evalWith(['tests/conftest.py'], 'tests'), errors: [{ messageId: 'overlap', line: 17, column: 13 }] },
  ],
});
