// The session a campaign starts alone for a CLI whose first start must not race
// (serialize_first_start): which run it is, and that its duration stays out of compare.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { describe, it } from 'node:test';
import Ajv from 'ajv';
import { runCampaign, type CampaignProgress } from '../../src/campaign/index.js';
import { compareIterations } from '../../src/compare/index.js';
import { formatComparisonMarkdown } from '../../src/compare/formats/markdown.js';
import { formatComparisonStylish } from '../../src/compare/formats/stylish.js';
import { defaultEvals, makeCampaignWorkspace, readJson } from './campaign-helpers.js';

const ajv = new Ajv.default({ strict: false, validateFormats: false });
const schema = (name: string) => ajv.compile(JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), 'utf8')));
const [validRun, validComparison] = [schema('run.schema.json'), schema('comparison.schema.json')];

describe('campaign first start', () => {
  it("OpenCode's session started alone (the first eval's control run 1 on a fresh campaign) is marked in run.json, and compare leaves its duration out", async () => {
    const answered = { id: 'answered', type: 'transcript_check', check: 'assistant_message_matches', pattern: '.' };
    const evals = defaultEvals();
    const ws = makeCampaignWorkspace({ evals: { ...evals, evals: evals.evals.map((e) => ({ ...e, assertions: [answered] })) } });
    const progress: CampaignProgress[] = [];
    // 2 evals × 2 runs, 4 jobs: every run but the first could start at once.
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'opencode', runs: 2, jobs: 4, baseDir: ws.root, env: ws.env, reporter: (p) => progress.push(p) });
    assert.deepEqual(result.records.map((r) => r.status), Array(8).fill('completed'), JSON.stringify(result.records.map((r) => r.message)));

    // Which run started alone: every other run started after its first round had ended.
    const starts = progress.flatMap((p, i) => (p.kind === 'run-started' ? [{ i, run: p.run }] : []));
    const alone = starts[0]!.run;
    const firstRoundEnded = progress.findIndex((p) => p.kind === 'agent' && p.run === alone && p.progress.kind === 'round-finished');
    assert.ok(firstRoundEnded > 0 && starts.slice(1).every((s) => s.i > firstRoundEnded), 'one run started alone');
    assert.deepEqual([alone.eval_id, alone.condition, alone.run], ['add-column', 'without_skill', 1]);

    // Its record says so, and no other does.
    const marked = result.records.filter((r) => r.started_alone === true).map((r) => [r.eval_id, r.condition, r.run]);
    assert.deepEqual(marked, [['add-column', 'without_skill', 1]]);
    const record = readJson(`${ws.iteration()}/eval-add-column/without_skill/run-1/run.json`);
    assert.equal(record.started_alone, true);
    assert.ok(validRun(record), JSON.stringify(validRun.errors));

    // compare: the first start's work and its lack of contention are in no arm's duration.
    const { document } = await compareIterations([ws.iteration()], { cwd: ws.root, writeGrading: false });
    const duration = (id: string) => document.evals.find((e) => e.id === id)!.metrics.find((m) => m.id === 'duration_ms') as unknown as Record<string, { n: number }>;
    assert.deepEqual([duration('add-column').with_skill!.n, duration('add-column').without_skill!.n], [2, 1]);
    assert.deepEqual([duration('explain').with_skill!.n, duration('explain').without_skill!.n], [2, 2]);
    // Said where the row is read: a row of n 2 and 1 would otherwise look like a run missing.
    assert.deepEqual([duration('add-column').left_out, duration('explain').left_out], [{ without_skill: 1 }, undefined]);
    assert.ok(validComparison(JSON.parse(JSON.stringify(document))), JSON.stringify(validComparison.errors));
    assert.match(formatComparisonStylish(document, { color: false }), /duration_ms \(1 started alone, left out\)/);
    assert.match(formatComparisonMarkdown(document), /\| duration_ms \(1 started alone, left out\) \|/);

    // A resumed command starts its own first pending run alone: that one is marked, the first one keeps its mark.
    rmSync(`${ws.iteration()}/eval-explain/with_skill/run-2`, { recursive: true });
    const resumed = await runCampaign({ evals: ws.evalsPath, harness: 'opencode', runs: 2, jobs: 4, baseDir: ws.root, env: ws.env });
    assert.deepEqual(resumed.records.map((r) => [r.eval_id, r.condition, r.run, r.started_alone]), [['explain', 'with_skill', 2, true]]);
    assert.equal(readJson(`${ws.iteration()}/eval-add-column/without_skill/run-1/run.json`).started_alone, true);
  });
});
