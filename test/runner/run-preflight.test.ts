// What `run` checks before round 1, and what it resolves once for every round: the descriptor's
// keys, the environment's size, the task and --out folders, and the agent executable.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { loadHarness, parseHarnessDescriptor, runEvals } from '../../src/runner/index.js';
import { UsageError } from '../../src/errors.js';
import { runMain } from '../helpers/cli.js';
import { claudeRound, FAKE_AGENTS, makeWorkspace, oneEval, type FakeRound } from './run-helpers.js';

const always = [{ prompt: 'next', deliver_when: 'always' }];
const twoRounds: FakeRound[] = [claudeRound('s', 'one'), claudeRound('s', 'two')];

function workspace(rounds: FakeRound[] = twoRounds) {
  const ws = makeWorkspace(oneEval('e1', 'start', always), rounds);
  const run = (extra: Record<string, unknown> = {}) => runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env, ...extra });
  return { ws, run };
}

describe('harness descriptors', () => {
  it('a repeated key is a duplicate-key error at the repeat, as check reports it for artifacts', () => {
    const text = `{
  "name": "mine",
  "executable": "claude",
  "executable": "/tmp/other",
  "argv": ["-p", "{prompt}"],
  "resume_argv": ["-r", "{session_id}", "{prompt}"],
  "model_args": [],
  "events_file": "e.jsonl",
  "stderr_file": "e.log",
  "parser": "claude-stream-json"
}`;
    assert.throws(() => parseHarnessDescriptor(text, 'h.json'), (e: Error) => {
      assert.ok(e instanceof UsageError);
      assert.match(e.message, /^invalid harness descriptor:\nh\.json:4:3: Duplicate key "executable": it also appears earlier in this object, and readers keep only the last value\. \(duplicate-key\)$/);
      return true;
    });
  });

  it('--harness claude: did you mean claude-code (a built-in whose executable is claude)', () => {
    assert.throws(() => loadHarness('claude', '/nonexistent'), /--harness "claude" is neither a built-in \(claude-code, codex, opencode\) nor a readable descriptor file[^]*did you mean claude-code\?/);
    assert.throws(() => loadHarness('opencod', '/nonexistent'), /did you mean opencode\?/);
    // A typo of the executable's name, as of the harness's: "clude" got no suggestion.
    assert.throws(() => loadHarness('clude', '/nonexistent'), /did you mean claude-code\?/);
    assert.throws(() => loadHarness('opencde', '/nonexistent'), /did you mean opencode\?/);
  });
});

describe('refused before round 1', () => {
  it('an env value of the descriptor over the per-argument limit: exit 2 naming the variable; nothing runs', async () => {
    const { ws, run } = workspace();
    const descriptor = { ...loadHarness('claude-code'), env: { IS_SANDBOX: '1', HUGE: 'x'.repeat(200_000) } } as Record<string, unknown>;
    delete descriptor.source;
    const file = join(ws.root, 'huge-env.json');
    writeFileSync(file, JSON.stringify(descriptor));
    await assert.rejects(run({ harness: file }), (e: Error) => {
      assert.ok(e instanceof UsageError);
      assert.match(e.message, /environment variable HUGE \(from the harness descriptor\) is 200005 bytes, over the largest string an exec takes \(131071 bytes/);
      return true;
    });
    assert.equal(ws.calls().length, 0);
    assert.equal(existsSync(ws.out), false, '--out is not even made');
  });

  it('--cwd equal to --out (however spelt) is refused', async () => {
    const { ws, run } = workspace();
    await assert.rejects(run({ out: `${ws.task}/./` }), /--out .* is the task folder \(--cwd \/.*choose another --out \(nothing was run\)/);
    assert.equal(ws.calls().length, 0);
  });

  it('--out inside the task folder is refused unless --allow-out-inside-cwd is given', async () => {
    const { ws, run } = workspace();
    const inside = join(ws.task, 'runs', 'e1');
    await assert.rejects(run({ out: inside }), /--out .* is inside the task folder \(--cwd .*\), where the agent could move or link the folders above it; choose an --out outside it, or pass --allow-out-inside-cwd to take that risk \(nothing was run\)/);
    assert.equal(existsSync(join(ws.task, 'runs')), false, 'nothing was made');
    const [result] = await run({ out: inside, allowOutInsideCwd: true });
    assert.equal(result!.status, 'completed', JSON.stringify(result));
  });

  it('a task folder inside --out (a round or eval folder of an earlier run) is refused: --overwrite would clear it', async () => {
    const { ws, run } = workspace();
    const task = join(ws.out, 'turn-2');
    mkdirSync(task, { recursive: true });
    writeFileSync(join(task, 'precious.txt'), 'kept\n');
    await assert.rejects(run({ cwd: task, overwrite: true }), /The task folder \(--cwd .*turn-2\) is inside --out .*, where the run writes its round and eval folders \(and --overwrite clears old ones\); choose a task folder outside --out \(nothing was run\)/);
    assert.equal(readFileSync(join(task, 'precious.txt'), 'utf8'), 'kept\n');
    assert.equal(ws.calls().length, 0);
  });

  it('harness --help lists the exit codes harness check uses, 1 included', async () => {
    const help = await runMain(['harness', '--help']);
    assert.equal(help.code, 0);
    assert.match(help.stdout, /Exit codes:\n  0  listed or shown; check: no finding is an error\n  1  check: a finding is an error/);
  });

  it('an agent that is not installed: exit 2 before --out or turn-1/ is made', async () => {
    const { ws, run } = workspace();
    await assert.rejects(run({ env: { ...ws.env, PATH: '/nonexistent' } }), (e: Error) => {
      assert.ok(e instanceof UsageError);
      assert.match(e.message, /harness claude-code: the executable "claude" is not on PATH \(\/nonexistent\); install it or put its folder on PATH \(nothing was run\)/);
      return true;
    });
    assert.equal(existsSync(ws.out), false);
  });
});

describe('the task folder and the executable during the run', () => {
  it('a task folder deleted after round 1 ends round 2 with a clear error, not spawn ENOENT', async () => {
    const { ws } = workspace();
    // Removed between the rounds, as a careless cleanup step of the agent or the user would.
    const results = await runEvals({
      evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env: ws.env,
      reporter: (p) => { if (p.kind === 'round-finished' && p.round === 1) rmSync(ws.task, { recursive: true }); },
    });
    const result = results[0]!;
    assert.equal(result.status, 'aborted');
    if (result.status !== 'aborted') return;
    assert.equal(result.round, 2);
    assert.match(result.message, /^Round 2: the task folder .*task \(--cwd\) is gone or no longer a folder; the agent was not started$/);
    assert.doesNotMatch(result.message, /ENOENT/);
  });

  it('a relative PATH entry is resolved once from the working directory run was started in, never from the task folder', async () => {
    const { ws } = workspace();
    // The user's own claude, on PATH as "bin" relative to where they run eval-magic…
    const userBin = join(ws.root, 'bin');
    mkdirSync(userBin);
    for (const f of ['claude', 'claude.js', 'fake-agent-lib.js']) copyFileSync(join(FAKE_AGENTS, f), join(userBin, f));
    chmodSync(join(userBin, 'claude'), 0o755);
    // …and one planted in the task folder, which a lookup from the task folder would run.
    mkdirSync(join(ws.task, 'bin'));
    writeFileSync(join(ws.task, 'bin', 'claude'), '#!/bin/sh\necho planted >&2\nexit 42\n', { mode: 0o755 });
    const env = { ...ws.env, PATH: `bin${delimiter}${process.env.PATH}` };
    const [result] = await runEvals({ evals: ws.evalsPath, evalId: 'e1', harness: 'claude-code', cwd: ws.task, out: ws.out, env, baseDir: ws.root });
    assert.equal(result!.status, 'completed', JSON.stringify(result));
    assert.equal(ws.calls().length, 2);
  });
});
