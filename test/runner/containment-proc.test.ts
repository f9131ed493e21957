// A contained agent sees the /proc of its own PID namespace. With the host's /proc (unshare
// --pid without --mount-proc), Codex CLI 0.171.0's sandboxed commands never finish: each tool
// call yields after 10 s and is killed at the end of the turn, so nothing it runs takes effect
// (found by the real-agent tier; `npm run test:agents`). `--mount-proc` in unshareFlags fixes it
// (measured: Codex's command then completes, and the tier's Codex tests pass), but the fake
// agents log their pids as the host's /proc shows them (test/fake-agents/fake-agent-lib.js,
// hostPid), which a private /proc hides, so the leftover-process tests need another way to find
// the namespace's processes first. Until then this is a todo: it fails, and says why.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { it } from 'node:test';
import { agentContainment, containedCommand } from '../../src/runner/containment.js';

it('in its PID namespace, /proc/self is the agent itself', { todo: 'unshare --mount-proc, once the fake agents no longer read host pids from /proc' }, (t) => {
  const containment = agentContainment();
  if (containment.kind !== 'pid-namespace') return t.skip(containment.reason);
  // `read` is a builtin: the shell opens /proc/self/stat itself, so the pid in it is the shell's as /proc sees it.
  const command = containedCommand(containment, '/bin/sh', ['-c', 'read -r pid rest < /proc/self/stat; echo "$$ $pid"'], process.env);
  const r = spawnSync(command.file, command.args, { env: command.env, stdio: ['ignore', 'pipe', 'pipe', 'pipe'], encoding: 'utf8', timeout: 30_000 });
  assert.equal(r.status, 0, r.stderr);
  const [own, seen] = r.stdout.trim().split(' ');
  assert.equal(seen, own, `the shell is pid ${own} in its namespace, but /proc/self says ${seen}: /proc is the host's`);
});
