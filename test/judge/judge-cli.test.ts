// `eval-magic judge` on the command line: the plan line before any session, a line per judgment,
// the tally, resuming, and bad input refused before anything is spent.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

describe('eval-magic judge', () => {
  it('prints the plan, each judgment and a tally; run again, it makes nothing; check validates a judgment.json', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: '# Grade one assertion', texts: [verdict(true)] }] });
    const first = await runMain(['judge', '--harness', 'claude-code', '--repeats', '2', '--', '.eval-magic'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(first.code, 0, first.stderr);
    assert.match(first.stdout, /^judge with claude-code: 4 runs × llm_judge assertions × 2 repeats = 12 judgments, sessions add-column 4, explain 2 per run\n {2}12 to make, 0 made already, 4 at a time\n/);
    assert.match(first.stdout, /judged 12: 12 passed, 0 failed, 0 ungraded\n$/);
    assert.match(first.stderr, /\[12\/12\] \S+ \S+ run-1 \S+ #[12]: pass \(confidence 0\.9\)/);
    const again = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--repeats', '2'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /all 12 made already: nothing to judge\n$/);
    const checked = await runMain(['check', join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/2/judgment.json')], { cwd: c.ws.root });
    assert.equal(checked.code, 0, checked.stdout);
  });

  it('refuses bad input with exit 2 before any session: no path, a bad --repeats or --shard, an unknown --eval, a workspace without iterations', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const refused = async (args: string[], message: RegExp) => {
      const run = await runMain(['judge', '--harness', 'claude-code', ...args], { cwd: c.ws.root, env: c.ws.env });
      assert.equal(run.code, 2, `${args.join(' ')}: ${run.stderr}`);
      assert.match(run.stderr, message);
    };
    await refused([], /name an iteration folder or a workspace/);
    await refused(['.eval-magic', '--repeats', '0'], /--repeats must be a whole number ≥ 1/);
    await refused(['.eval-magic', '--shard', '3/2'], /--shard must be k\/n/);
    await refused(['.eval-magic', '--eval', 'nope'], /--eval "nope": no eval has that id/);
    await refused(['home'], /No iteration under "home"/);
    assert.equal(c.ws.calls().filter((call) => call.prompt.includes('# Grade one assertion')).length, 0);
  });
});
