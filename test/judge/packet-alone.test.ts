// A verdict whose packet alone changed — its inputs' digests (criteria, prompts, conversation, diff)
// the same, its packet_sha256 not: another eval-magic version's wording, or other blinding. judge's
// plan made it again ('the packet changed') while compare, which renders no packet, counted its vote
// and said nothing: after an upgrade, compare's verdict counted votes judge was about to replace.
// One rule now: the inputs decide, and such a verdict stands for both.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { explainJudged } from './judge-helpers.js';

describe('a verdict whose packet alone changed (brief stands 1)', () => {
  it("stands for judge --dry-run and for compare alike: judge plans nothing for it, compare counts its vote and says nothing of it", async () => {
    const c = await explainJudged();
    const file = join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/judgment.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    writeFileSync(file, JSON.stringify({ ...record, packet_sha256: '0'.repeat(64) }, null, 2) + '\n');

    const dry = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--eval', 'explain', '--dry-run'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(dry.code, 0, dry.stderr);
    const planned = dry.stdout + dry.stderr;
    assert.match(planned, /all 2 made already: nothing to judge/, planned);
    assert.doesNotMatch(planned, /replace|packet changed/, planned);

    const compared = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root, env: c.ws.env });
    const document = JSON.parse(compared.stdout);
    const short = document.evals.find((e: any) => e.id === 'explain').assertions.find((a: any) => a.id === 'short');
    assert.deepEqual([short.with_skill.passed, short.with_skill.ungraded], [1, 0], JSON.stringify(short));
    const said = document.validity.filter((v: any) => v.eval === 'explain').map((v: any) => v.message).join('\n');
    assert.doesNotMatch(said, /judge\/short|run eval-magic judge/, said);
  });
});
