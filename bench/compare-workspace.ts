// A compare workspace of any size for the html bench: one eval, `runs` runs split between the two
// arms, three transcript checks that the skill's arm passes more often (so every assertion has
// failing runs to list), each run a few rounds long with a tool call.
import { writeWorkspace, type RunSpec } from '../test/compare/workspace.js';

const EVAL = {
  id: 'rename-column',
  prompt: 'Rename the column `cust_id` to `customer_id` in schema.sql.',
  expected_output: 'The agent asks first, runs the tests and names the file.',
  turns: [{ prompt: 'Yes, rename it everywhere.', deliver_when: 'always' }],
  assertions: [
    { id: 'asks-first', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' },
    { id: 'runs-tests', type: 'transcript_check', check: 'tool_invocation_matches', pattern: 'npm test' },
    { id: 'names-file', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'schema\\.sql' },
  ],
};

/** Run j of an arm: with the skill, three runs in four pass everything; without, one in four. */
function run(j: number, withSkill: boolean): RunSpec {
  const good = withSkill ? j % 4 !== 0 : j % 4 === 0;
  return {
    events: [
      { user: EVAL.prompt },
      { assistant: good ? 'Shall I also rename it in the seeds?' : 'Renaming it now.' },
      { tool: 'Bash', args: { command: good ? 'npm test' : 'ls' }, result: 'ok' },
      { user: EVAL.turns[0]!.prompt },
      { assistant: `${good ? 'Done in schema.sql and the seeds.' : 'Done.'} ${'Some words of the agent. '.repeat(8)}` },
    ],
  };
}

/** Writes the workspace under `root` with `runs` runs in all. */
export function writeCompareWorkspace(root: string, runs: number): void {
  const half = Math.max(1, Math.round(runs / 2));
  const arm = (withSkill: boolean) => Array.from({ length: half }, (_, j) => run(j, withSkill));
  writeWorkspace(root, { skill: 'ask-first', evals: [EVAL], runs: { [EVAL.id]: { with_skill: arm(true), without_skill: arm(false) } } });
}
