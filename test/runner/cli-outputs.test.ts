// A session from which the run folder is hidden is given a neutral {outputs_dir}: what its CLI
// writes there lands in the round folder after the round, never over the round's own records.
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { loadHarness } from '../../src/runner/harness-descriptor.js';
import { planRound, runRound } from '../../src/runner/run-round.js';

const root = mkdtempSync(join(tmpdir(), 'em-cli-outputs-'));
after(() => rmSync(root, { recursive: true, force: true }));

describe('{outputs_dir} beside the agent', () => {
  it('names the folder beside the agent, and its files are copied into the round folder (not over the stream), the folder removed', async () => {
    const claude = loadHarness('claude-code');
    const stream = '{"type":"system","subtype":"init","session_id":"s1","skills":[]}\n{"type":"result","subtype":"success","session_id":"s1","result":"Done."}';
    const script = `printf 'the reply' > "$1/reply.md"; printf 'not the stream' > "$1/${claude.events_file}"; mkdir "$1/tree"; printf '%s\\n' '${stream}'`;
    const harness = { ...claude, executable: '/bin/sh', argv: ['-c', script, 'sh', '{outputs_dir}'] };
    const work = join(root, 'session', 'work');
    mkdirSync(work, { recursive: true });
    const out = join(root, 'run-1');
    const ctx = { harness, cwd: work, outDir: out, cliOutputsDir: join(root, 'session', 'out') };
    const plan = planRound(ctx, 1, 'Go.', undefined);
    assert.equal(plan.args.at(-1), join(root, 'session', 'out', 'turn-1'));
    const outcome = await runRound(ctx, plan, 1);
    assert.ok(outcome.ok, JSON.stringify(outcome));
    assert.equal(readFileSync(join(out, 'turn-1', 'reply.md'), 'utf8'), 'the reply');
    assert.match(readFileSync(join(out, 'turn-1', claude.events_file), 'utf8'), /"session_id":"s1"/, 'the stream eval-magic recorded stands');
    assert.equal(readdirSync(join(out, 'turn-1')).includes('tree'), false, 'only files are kept');
    assert.equal(existsSync(join(root, 'session', 'out')), true, 'the folder of the session stays');
    assert.equal(existsSync(join(root, 'session', 'out', 'turn-1')), false, "the round's is removed once copied");
  });
});
