// The hand-built workspaces compare's tests and fixtures/compare/ are made from (see
// `npx tsx test/compare/fixture-specs.ts`, which rewrites fixtures/compare/).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeWorkspace, type RunSpec, type WorkspaceSpec } from './workspace.js';

const STAGED = { 'schema.sql': 'CREATE TABLE customers (\n  cust_id integer PRIMARY KEY,\n  name text\n);\n', 'seeds/customers.sql': 'INSERT INTO customers (cust_id, name) VALUES (1, \'Ada\');\n' };
const RENAMED = { 'schema.sql': 'CREATE TABLE customers (\n  customer_id integer PRIMARY KEY,\n  name text\n);\n', 'seeds/customers.sql': 'INSERT INTO customers (customer_id, name) VALUES (1, \'Ada\');\n' };

/** One run of the rename eval: asks before editing or not, runs the tests or not, uses the skill or not. */
function renameRun(o: { asks: boolean; tests: boolean; skill: boolean }): RunSpec {
  const events: RunSpec['events'] = [{ user: 'Rename the column `cust_id` to `customer_id` in schema.sql.' }];
  if (o.skill) events.push({ tool: 'Skill', args: { skill: 'ask-before-editing' }, result: 'Launching skill: ask-before-editing' });
  events.push({ tool: 'Grep', args: { pattern: 'cust_id', output_mode: 'files_with_matches' }, result: 'schema.sql\nseeds/customers.sql' });
  if (o.asks) events.push({ assistant: 'cust_id is also used in seeds/customers.sql. Should I rename it there too?' }, { user: 'Yes, rename it everywhere.' });
  events.push(
    { tool: 'Edit', args: { file_path: 'schema.sql', old_string: 'cust_id', new_string: 'customer_id' }, result: 'The file schema.sql has been updated.' },
    { tool: 'Edit', args: { file_path: 'seeds/customers.sql', old_string: 'cust_id', new_string: 'customer_id' }, result: 'The file seeds/customers.sql has been updated.' },
  );
  if (o.tests) events.push({ tool: 'Bash', args: { command: 'npm test', description: 'Run the tests' }, result: '12 passing' });
  events.push({ assistant: 'Renamed cust_id to customer_id in schema.sql and seeds/customers.sql.' });
  return { events, staged: STAGED, task: RENAMED };
}

/** The smallest rename eval: a run that asks before renaming (and gets its follow-up), one that does not; one assertion, that it asked. */
export const askingRun: RunSpec = { events: [{ user: 'Rename the column.' }, { assistant: 'Should I rename it in the seeds too?' }, { user: 'Yes.' }, { assistant: 'Renamed.' }] };
export const silentRun: RunSpec = { events: [{ user: 'Rename the column.' }, { assistant: 'Renamed.' }], stopped: { reason: 'agent_did_not_ask', before: 1 } };
export const askingEvals = [{
  id: 'e1', prompt: 'Rename the column.', expected_output: 'Asks before renaming.', turns: [{ prompt: 'Yes.', deliver_when: 'agent_asks' as const }],
  assertions: [{ id: 'asks', type: 'transcript_check' as const, check: 'assistant_message_matches' as const, pattern: '\\?' }],
}];

const pattern = (n: number, ones: number) => Array.from({ length: n }, (_, i) => i < ones);

/**
 * A skill that clearly shifts one assertion: with it the agent asks before its first edit in 8 of
 * 8 runs, without it in 1 of 8. Running the tests (6 of 8 in both arms), the renamed schema
 * (command_check, all pass) and a focused diff (diff_scope, all pass) do not move; an llm_judge
 * assertion stays ungraded.
 */
export function skillShiftsOneAssertion(): WorkspaceSpec {
  const asksWith = pattern(8, 8);
  const asksWithout = pattern(8, 1);
  const tests = [true, true, false, true, true, false, true, true];
  return {
    skill: 'ask-before-editing',
    evals: [{
      id: 'rename-column',
      prompt: 'Rename the column `cust_id` to `customer_id` in schema.sql.',
      expected_output: 'schema.sql and the seeds use customer_id; the agent asked before touching the seeds.',
      files: ['schema.sql', 'seeds/customers.sql'],
      turns: [{ prompt: 'Yes, rename it everywhere.', deliver_when: 'agent_asks' }],
      assertions: [
        { id: 'asks-before-editing', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?', must_precede: 'first_write' },
        { id: 'runs-the-tests', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Bash .*npm test' },
        { id: 'schema-renamed', type: 'command_check', command: 'grep -q customer_id schema.sql && ! grep -q cust_id seeds/customers.sql' },
        { id: 'focused-change', type: 'diff_scope', max_files_touched: 2, max_lines_changed: 4 },
        { id: 'explains-the-change', type: 'llm_judge', rubric: 'Does the final message say which files changed?' },
      ],
    }],
    runs: {
      'rename-column': {
        with_skill: asksWith.map((asks, i) => withStop(renameRun({ asks, tests: tests[i]!, skill: true }), asks)),
        without_skill: asksWithout.map((asks, i) => withStop(renameRun({ asks, tests: tests[i]!, skill: false }), asks)),
      },
    },
  };
}

/** A run whose agent did not ask stops at the agent_asks gate (it had no follow-up to get). */
function withStop(run: RunSpec, asked: boolean): RunSpec {
  return asked ? run : { ...run, stopped: { reason: 'agent_did_not_ask', before: 1 } };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const out = fileURLToPath(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url));
  rmSync(out, { recursive: true, force: true });
  writeWorkspace(out, skillShiftsOneAssertion());
  console.log(`wrote ${join(out)}`);
}
