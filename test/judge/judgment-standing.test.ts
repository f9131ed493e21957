// Whether an earlier judgment stands, and why not, is one rule (workspace judgmentStanding): compare
// said a rule's record of a rubric edited since was 'judged by an earlier rubric' where judge's plan
// said it replaced it because 'the run's task folder broke, or was mended' — each reader had put the
// reasons in its own order.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { explainJudged } from './judge-helpers.js';

type Judged = Awaited<ReturnType<typeof explainJudged>>;

const runDirOf = (c: Judged) => join(c.ws.iteration(), 'eval-explain/with_skill/run-1');

/** The with_skill run's judgment rewritten as the broken-task-folder rule writes one (no session: the criteria's digest alone), its folder since mended; `criteria`: its criteria digest. */
function ruledWhileBroken(c: Judged, criteria?: string): void {
  const file = join(runDirOf(c), 'judge/short/1/judgment.json');
  const { conversation_sha256: _c, prompts_sha256: _p, diff_sha256: _d, ...record } = JSON.parse(readFileSync(file, 'utf8'));
  const ruled = {
    ...record, verdict: { passed: false, evidence: "the run's task folder, which its run.json names, is gone; counted as failed, since only the run could have done it", confidence: 1 },
    reason: null, message: null, harness: { name: record.harness.name, version: record.harness.version }, tokens: null, attempts: 0, failures: [], rule: 'broken-task-folder',
    ...(criteria !== undefined ? { criteria_sha256: criteria } : {}),
  };
  writeFileSync(file, JSON.stringify(ruled, null, 2) + '\n');
}

/** Why compare says the with_skill run's judgment of explain/short is no vote (its grading.json), and why judge's plan makes it again. */
async function bothSay(c: Judged): Promise<{ compare: string | undefined; plan: unknown }> {
  await compareIterations([c.ws.workspace], { cwd: c.ws.root });
  const grading = JSON.parse(readFileSync(join(runDirOf(c), 'grading.json'), 'utf8'));
  const { plan } = await c.plan({ evalIds: ['explain'] });
  return { compare: grading.ungraded.find((u: { id: string }) => u.id === 'short')?.reason, plan: plan.replacesEarlierBecause };
}

describe('compare and judge say why a judgment is made again by one rule (brief stands 2)', () => {
  it("a rule's verdict whose rubric changed since, its task folder mended: both say the rubric, the input the user edited", async () => {
    const c = await explainJudged();
    ruledWhileBroken(c, '0'.repeat(64));
    const said = await bothSay(c);
    assert.match(said.compare ?? '', /^judged by an earlier rubric or expected_output: run eval-magic judge /, JSON.stringify(said));
    assert.deepEqual(said.plan, { criteria: 1 }, JSON.stringify(said));
  });

  it("a rule's verdict of the same rubric, its task folder mended: both say the task folder", async () => {
    const c = await explainJudged();
    ruledWhileBroken(c);
    const said = await bothSay(c);
    assert.match(said.compare ?? '', /^failed by eval-magic while the task folder was broken \(rule broken-task-folder\), which it no longer is; no verdict of the judge counted: run eval-magic judge .* to make it again$/, JSON.stringify(said));
    assert.deepEqual(said.plan, { 'task-folder': 1 }, JSON.stringify(said));
  });
});
