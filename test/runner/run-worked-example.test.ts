// docs/run.md's worked example, run as written — and its run line once more, as the page invites
// ("Edit agent-script.json … and the run stops instead"): the fake agent counts its invocations in
// FAKE_AGENT_LOG, so a log shared by two runs left the second without a round to play (exit 70).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import '../helpers/cli.js'; // fails at once when dist/ is missing or stale

const repo = fileURLToPath(new URL('../../', import.meta.url));

describe('docs/run.md: the worked example', () => {
  it('runs as written, and its run line runs again in the same shell', () => {
    const page = readFileSync(join(repo, 'docs/run.md'), 'utf8');
    const block = /## Worked example[\s\S]*?```sh\n([\s\S]*?)```/.exec(page)?.[1];
    assert.ok(block, 'docs/run.md has a sh block under "## Worked example"');
    const runLine = block.split('\n').find((line) => / run --evals /.test(line));
    assert.ok(runLine);
    const out = join(mkdtempSync(join(tmpdir(), 'em-worked-')), 'demo');
    const script = `set -e\n${block}${runLine}\n`.replaceAll('/tmp/eval-magic-demo', out);
    const r = spawnSync('bash', ['-c', script], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 120_000 });
    assert.equal(r.status, 0, r.stdout + r.stderr);
    assert.equal(r.stdout.match(/^add-created-at: completed with 2 follow-up\(s\) delivered; wrote /gm)?.length, 2, r.stdout);
    assert.match(r.stdout, /✔ 1 file checked, no problems/);
  });
});
