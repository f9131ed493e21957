// `eval-magic check .eval-magic`, the CI gate, reads the judge's judgment.json files as it reads the
// workspace's other records: a judgment compare counts no vote of (not JSON, a field gone, a verdict
// flipped by hand, a copy of another run's) fails check at its position, exit 1; the judgments
// judge wrote pass. Same input, one verdict: each edit is also one compare refuses.
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

interface JsonMessage { ruleId: string | null; messageId?: string; line: number; column: number; message: string }
interface JsonResult { filePath: string; messages: JsonMessage[] }

/** `eval-magic check .eval-magic -f json` in the campaign's folder: its exit code and, by file below the iteration, what it said. */
async function checkWorkspace(root: string): Promise<{ code: number | null; said: Record<string, Array<[string | null, number, number]>>; messages: Record<string, string[]> }> {
  const run = await runMain(['check', '.eval-magic', '-f', 'json'], { cwd: root });
  const results = JSON.parse(run.stdout) as JsonResult[];
  const said: Record<string, Array<[string | null, number, number]>> = {};
  const messages: Record<string, string[]> = {};
  for (const r of results) {
    if (r.messages.length === 0) continue;
    const below = r.filePath.replace(/^.*iteration-1\//, '');
    said[below] = r.messages.map((m) => [m.ruleId, m.line, m.column]);
    messages[below] = r.messages.map((m) => m.message);
  }
  return { code: run.code, said, messages };
}

const ungradedReason = (iteration: string, run: string, id: string): string | undefined =>
  JSON.parse(readFileSync(join(iteration, run, 'grading.json'), 'utf8')).ungraded.find((u: { id: string }) => u.id === id)?.reason;

describe('check of a workspace reads its judgment.json files', () => {
  it('a judgment compare counts no vote of fails check at its position (exit 1); the judgments judge wrote pass', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge();
    const judgments = Object.keys(c.judgments());
    assert.equal(judgments.length, 12, judgments.join('\n'));

    const untouched = await checkWorkspace(c.ws.root);
    assert.deepEqual(untouched.said, {});
    assert.equal(untouched.code, 0);

    const it = c.ws.iteration();
    const judgment = (run: string, assertion: string) => `${run}/judge/${assertion}/1/judgment.json`;
    const edit = (path: string, change: (record: Record<string, unknown>) => void) => {
      const record = JSON.parse(readFileSync(join(it, path), 'utf8'));
      change(record);
      writeFileSync(join(it, path), JSON.stringify(record, null, 2) + '\n');
    };
    // (a) not JSON: cut short.
    const notJson = judgment('eval-add-column/with_skill/run-1', 'explains-utc');
    writeFileSync(join(it, notJson), readFileSync(join(it, notJson), 'utf8').slice(0, 40));
    // (b) a required field deleted.
    const fieldGone = judgment('eval-add-column/with_skill/run-2', 'explains-utc');
    edit(fieldGone, (r) => delete r.packet_sha256);
    // (c) the judge's fail flipped to a pass by hand.
    const flipped = judgment('eval-explain/without_skill/run-1', 'short');
    edit(flipped, (r) => ((r.verdict as { passed: boolean }).passed = true));
    // (d) another run's judgment copied over this one's.
    const copied = judgment('eval-explain/with_skill/run-2', 'short');
    copyFileSync(join(it, judgment('eval-explain/with_skill/run-1', 'short')), join(it, copied));

    // compare counts none of them, and says why.
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.match(ungradedReason(it, 'eval-add-column/with_skill/run-1', 'explains-utc') ?? '', /judge\/explains-utc\/1\/judgment\.json:\d+:\d+: not valid JSON/);
    assert.match(ungradedReason(it, 'eval-add-column/with_skill/run-2', 'explains-utc') ?? '', /packet_sha256/);
    assert.match(ungradedReason(it, 'eval-explain/without_skill/run-1', 'short') ?? '', /but the judge's answer in .* gives a fail/);
    assert.match(ungradedReason(it, 'eval-explain/with_skill/run-2', 'short') ?? '', /is the judgment of eval "explain", "with_skill" run 1, not of this run's .*: a copy, not counted/);

    // check fails each, at its position; nothing else.
    const edited = await checkWorkspace(c.ws.root);
    assert.equal(edited.code, 1);
    assert.deepEqual(Object.keys(edited.said).sort(), [notJson, fieldGone, flipped, copied].sort(), JSON.stringify(edited.messages, null, 2));
    assert.deepEqual(edited.said[notJson]!.map(([rule]) => rule), ['parse']);
    assert.deepEqual(edited.said[fieldGone], [['schema', 1, 1]]);
    assert.match(edited.messages[fieldGone]![0]!, /packet_sha256/);
    assert.deepEqual(edited.said[flipped], [['judgment-answer', 9, 14]]);
    assert.deepEqual(edited.said[copied]!.map(([rule]) => rule), ['judgment-folder']);
    assert.match(edited.messages[copied]![0]!, /"with_skill" run 1.*run 2|run 1.*run-2/);
  });
});

describe('check finds a judgment.json where the judge writes one, and nowhere else', () => {
  it("an app's own judgment.json in a searched folder is no judge's record: not checked (it failed with 19 schema errors), unless named on the command line", async () => {
    const c = await judgedCampaign();
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    await c.judge();
    const data = join(c.ws.root, 'app', 'data');
    mkdirSync(data, { recursive: true });
    writeFileSync(join(data, 'judgment.json'), '{"case":"A v B","ruling":"guilty"}\n');
    // Also one in a folder named judge/ at the wrong depth.
    mkdirSync(join(c.ws.root, 'app', 'judge', 'x'), { recursive: true });
    writeFileSync(join(c.ws.root, 'app', 'judge', 'x', 'judgment.json'), '{"case":"A v B","ruling":"guilty"}\n');

    const searched = await runMain(['check', '.', '-f', 'json'], { cwd: c.ws.root });
    const found = (JSON.parse(searched.stdout) as JsonResult[]).map((r) => r.filePath);
    assert.ok(found.some((path) => /\/judge\/short\/1\/judgment\.json$/.test(path)), found.join('\n'));
    assert.deepEqual(found.filter((path) => path.startsWith('app/')), []);
    assert.equal(searched.code, 0, searched.stdout);

    const named = await runMain(['check', 'app/data/judgment.json', '-f', 'json'], { cwd: c.ws.root });
    assert.equal(named.code, 1);
    assert.ok((JSON.parse(named.stdout) as JsonResult[])[0]!.messages.some((m) => m.ruleId === 'schema'));
  });
});
