// judge and compare take the same runs, by one counting rule (workspace/counted.ts): a run one of
// them counts the other never passes over, and the same files give the same verdict.
import assert from 'node:assert/strict';
import { rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const runList = (doc: any, evalId: string) => doc.evals.find((e: any) => e.id === evalId).run_list.map((r: any) => [r.condition, r.run, r.excluded]);

describe('judge and compare count the same runs', () => {
  it("a run's conversation.json that is a link to another run's: neither counts it (campaign writes it as a file of its own), saying so alike", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const file = join(c.ws.iteration(), 'eval-explain/with_skill/run-2/conversation.json');
    rmSync(file);
    symlinkSync('../run-1/conversation.json', file);
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    const { result } = await c.judge({ evalIds: ['explain'] });
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const excluded = runList(document, 'explain').find(([condition, run]: [string, number]) => condition === 'with_skill' && run === 2)[2];
    assert.match(excluded ?? '', /conversation\.json is a symbolic link/);
    assert.deepEqual(result.plan.notCounted, [`.eval-magic/csv-reports/iteration-1/eval-explain/with_skill/run-2: ${excluded}`]);
    assert.equal(result.plan.runs, 3);
  });
});
