// One evals.json verdict: `run` refuses exactly the files `check --kind evals` fails, and prints the same findings.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCli, type CliIO } from '../../src/cli/index.js';
import { commandCheck, evalCase, evalsOf, transcriptCheck, turn } from '../helpers/evals-docs.js';

const ok = (extra: Record<string, unknown> = {}) => evalCase('add-clock', 'Add a clock.', [turn('Use UTC.', 'agent_asks', '(?i)zone')], extra);
const json = (value: unknown) => JSON.stringify(value, null, 2) + '\n';

/** [name, evals.json text, valid?] — the cases, the reference's guards, and every evals rule. */
const documents: Array<[string, string, boolean]> = [
  ['a valid multi-turn eval', json(evalsOf(ok())), true],
  ['a valid eval with a command_check', json(evalsOf(ok({ files: ['src/clock.py'], assertions: [commandCheck({ setup_files: ['grading/t.py'], env: { TZ: 'UTC' }, matrix: { LANG: ['C'] } })] }))), true],
  ['unknown assertion type', json(evalsOf(ok({ assertions: [{ id: 'x', type: 'regex_check' }] }))), false],
  ['id that is no folder name', json(evalsOf(evalCase('Bad Id/..', 'p', [turn('n', 'always')]))), false],
  ['empty prompt', json(evalsOf(evalCase('a', '', [turn('n', 'always')]))), false],
  ['unknown top-level key', json({ ...evalsOf(ok()), version: 2 }), false],
  ['missing expected_output', json(evalsOf({ id: 'a', prompt: 'p', turns: [turn('n', 'always')] })), false],
  ['empty env name', json(evalsOf(ok({ assertions: [commandCheck({ env: { '': 'x' } })] }))), false],
  ['env name with =', json(evalsOf(ok({ assertions: [commandCheck({ env: { 'A=B': 'x' } })] }))), false],
  ['matrix name with NUL', json(evalsOf(ok({ assertions: [commandCheck({ matrix: { 'A\u0000': ['x'] } })] }))), false],
  ['env value with NUL', json(evalsOf(ok({ assertions: [commandCheck({ env: { A: 'x\u0000' } })] }))), false],
  ['absolute setup_files path', json(evalsOf(ok({ assertions: [commandCheck({ setup_files: ['/etc/passwd'] })] }))), false],
  ['setup_files climbing out', json(evalsOf(ok({ assertions: [commandCheck({ setup_files: ['../x'] })] }))), false],
  ['files climbing out of the task (campaign could not stage it)', json(evalsOf(ok({ files: ['../shared/orders.csv'] }))), false],
  ['files naming the task itself', json(evalsOf(ok({ files: ['./'] }))), false],
  ['a NUL in a turn prompt (no agent can receive it as written)', json(evalsOf(evalCase('a', 'p', [turn('Use\u0000UTC.', 'always')]))), false],
  ['a lone surrogate in the prompt', json(evalsOf(evalCase('a', 'which \ud800 one', [turn('n', 'always')]))), false],
  ['an emoji (a surrogate pair) in the prompt', json(evalsOf(evalCase('a', 'ship it 🚀', [turn('n', 'always')]))), true],
  ['setup_files overlapping visible files', json(evalsOf(ok({ files: ['tests'], assertions: [commandCheck({ setup_files: ['tests/t.py'] })] }))), false],
  ['duplicate eval ids', json(evalsOf(ok(), ok())), false],
  ['whitespace-only turn prompt', json(evalsOf(evalCase('a', 'p', [turn(' \u3000', 'always')]))), false],
  ['pattern on an always turn', json(evalsOf(evalCase('a', 'p', [turn('n', 'always', 'x')]))), false],
  ['gate regex that does not compile', json(evalsOf(evalCase('a', 'p', [turn('n', 'agent_asks', 'a(?=b)')]))), false],
  ['assistant check on a single-round eval (a portability warning only, issue 36)', json(evalsOf(evalCase('a', 'p', undefined, { assertions: [transcriptCheck('assistant_message_matches', 'x')] }))), true],
  ['empty turns', json(evalsOf(evalCase('a', 'p', []))), false],
  ['duplicate key', '{"skill_name": "s", "skill_name": "t", "evals": [{"id": "a", "prompt": "p", "expected_output": "o", "turns": [{"prompt": "n", "deliver_when": "always"}]}]}', false],
  ['not JSON', '{"skill_name": "s", "evals": [,]}', false],
  ['a byte order mark', '\uFEFF' + json(evalsOf(ok())), false],
  ['not an object', '[]', false],
];

function io(cwd: string) {
  let stdout = '';
  let stderr = '';
  const cliIO: CliIO = { cwd, env: { NO_COLOR: '1' }, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, readStdin: async () => Buffer.alloc(0) };
  return { cliIO, out: () => ({ stdout, stderr }) };
}

/** The CLI's exit code and output; a thrown known error is exit 2 with its message, as bin.ts prints it. */
async function cli(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string; thrown?: string }> {
  const { cliIO, out } = io(cwd);
  try {
    return { code: await runCli(args, cliIO), ...out() };
  } catch (error) {
    return { code: 2, ...out(), thrown: (error as Error).message };
  }
}

describe('run and check --kind evals give the same verdict', () => {
  const root = mkdtempSync(join(tmpdir(), 'em-parity-'));
  documents.forEach(([name, text, valid], i) => {
    it(`${valid ? 'accepted' : 'refused'} by both: ${name}`, async () => {
      const dir = join(root, String(i));
      mkdirSync(join(dir, 'task'), { recursive: true });
      writeFileSync(join(dir, 'evals.json'), text);
      const checked = await cli(['check', '--kind', 'evals', 'evals.json'], dir);
      // The harness is looked at only after evals.json passed: a file run accepts gets this far.
      const ran = await cli(['run', '--evals', 'evals.json', '--harness', 'no-such-harness.json', '--cwd', 'task', '--out', 'out'], dir);
      assert.equal(checked.code, valid ? 0 : 1, checked.stdout);
      assert.equal(ran.code, 2);
      const refused = /is not a valid evals\.json; nothing ran/.test(ran.thrown ?? '');
      assert.equal(refused, !valid, ran.thrown);
      if (!valid) {
        // The same findings, in check's format.
        const findingLines = (text: string) => text.split('\n').filter((l) => /^ {2}\d+:\d+ /.test(l));
        assert.deepEqual(findingLines(ran.thrown!), findingLines(checked.stdout));
        assert.ok(findingLines(checked.stdout).length > 0);
      }
    });
  });
});
