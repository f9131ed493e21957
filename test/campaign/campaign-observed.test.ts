// The audit of blind runs as a test: an agent that records everything it can see without starting
// a process (test/fake-agents/respond.js, observe) — its command line, variables, working folder,
// every entry below it and below HOME, the folders above it up to /, the mount table, its ids,
// capabilities, limits, descriptors and the processes it can see — in every round of a campaign's
// runs, two at a time. After what differs from run to run is put aside (the random levels of its
// folder, session ids, kernel numbers), each run's observations equal its pair's in the other arm
// but for the skill staged where the CLI finds it: nothing else tells an agent its arm.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { basename, dirname } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { armsByWorkDir, makeCampaignWorkspace, SKILL_NAME, type RespondCall } from './campaign-helpers.js';

/** Where the claude-code harness stages the skill. */
const SKILLS_DIR = '.claude/skills';

/**
 * One observation with what legitimately differs per session put aside: its folder's random
 * levels, its session id, the kernel's numbers for pipes, sockets and mounts — and the one
 * intended difference, the staged skill (its folder, and the link its folder adds to the skills folder's count).
 */
function normalized(call: RespondCall): Record<string, unknown> {
  const observed = call.observed!;
  const attempt = basename(dirname(observed.cwd));
  const holder = basename(dirname(dirname(observed.cwd)));
  const text = JSON.stringify(observed)
    .replaceAll(attempt, '<attempt>')
    .replaceAll(holder, '<holder>')
    .replace(/sess-[0-9a-f]{12}/g, '<session>')
    .replace(/(pipe|socket|anon_inode):\[\d+\]/g, '$1:[N]');
  const seen = JSON.parse(text) as Record<string, any>;
  // A mount's ids and its device number (0:N for tmpfs and proc) are the kernel's counters, taken in start order.
  // Another test run on the machine (a second checkout's) mounts and unmounts its own scratch
  // tmpfs at any moment, so one arm's session may see it and its pair not: put aside, as the
  // other's, every scratch mount of that name but this run's own (TMPDIR, scripts/run-tests.ts).
  seen.mounts = (seen.mounts as string).split('\n').map((line) => line.replace(/^\d+ \d+ \d+:\d+ /, '')).filter((line) => !isOtherTestRunsScratch(line.split(' ')[1] ?? ''));
  // Above its folder of sessions, what else runs on the machine changes how many folders a folder
  // holds (/tmp, /proc, /root, …) and a file's size meanwhile: only what each entry is counts there.
  const sessions = dirname(dirname(dirname(observed.cwd)));
  for (const [folder, entries] of Object.entries(seen.above as Record<string, Record<string, string> | string>)) {
    if (typeof entries !== 'object' || folder.startsWith(sessions)) continue;
    for (const name of Object.keys(entries)) entries[name] = entries[name]!.replace(/ links \d+| size \d+/g, '');
  }
  for (const path of Object.keys(seen.work)) if (path === `${SKILLS_DIR}/${SKILL_NAME}` || path.startsWith(`${SKILLS_DIR}/${SKILL_NAME}/`)) delete seen.work[path];
  seen.work[SKILLS_DIR] = (seen.work[SKILLS_DIR] as string).replace(/ links \d+/, '');
  return seen;
}

/** Whether a mount point is another test run's scratch folder (scripts/run-tests.ts SCRATCH_PREFIX), not this run's. */
function isOtherTestRunsScratch(point: string): boolean {
  const own = process.env.TMPDIR;
  return /\/eval-magic-tests-\d+-[^/]+$/.test(point) && point !== own;
}

/** The words no observation of either arm may hold: the arms, the iteration, the eval's folder. */
const ARM_WORDS = ['with_skill', 'without_skill', 'iteration-', 'eval-add-column'];

describe('campaign: what an agent can observe', () => {
  const containment = agentContainment();
  const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;

  it('equals, round by round, what its pair in the other arm observed, but for the staged skill; the control arm\'s never names the skill outside the mount table', { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, observe: true } });
    // A task that is a Git repository, with a folder: its history and index are copied into both arms.
    ws.write('template/README.md', 'The orders service.\n');
    ws.write('template/data/orders.csv', 'id,total\n1,3\n');
    const git = (...args: string[]) => spawnSync('git', ['-c', 'user.name=u', '-c', 'user.email=u@example.com', ...args], { cwd: `${ws.root}/template`, stdio: 'ignore' });
    git('init', '-q');
    git('add', '.');
    git('commit', '-qm', 'init');
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', task: 'template', evalIds: ['add-column'], runs: 2, jobs: 2, baseDir: ws.root, env: ws.env });
    assert.ok(result.records.every((r) => r.status === 'completed' && r.isolation.valid), JSON.stringify(result.records.map((r) => r.message)));
    const arms = armsByWorkDir(ws.iteration());
    const byRun = new Map<string, Map<string, RespondCall[]>>();
    for (const call of ws.calls().sort((a, b) => a.at - b.at)) {
      const arm = arms.get(call.cwd)!;
      const run = [...result.records].find((r) => r.work_dir === call.cwd)!.run;
      const pair = byRun.get(String(run)) ?? new Map<string, RespondCall[]>();
      pair.set(arm, [...(pair.get(arm) ?? []), call]);
      byRun.set(String(run), pair);
    }
    assert.deepEqual([...byRun.keys()].sort(), ['1', '2']);
    for (const [run, pair] of byRun) {
      const skill = pair.get('with_skill')!;
      const control = pair.get('without_skill')!;
      assert.equal(skill.length, 2, `run ${run}: two rounds (a follow-up) with the skill`);
      assert.equal(control.length, 2, `run ${run}: two rounds without it`);
      for (let round = 0; round < 2; round++) {
        const [a, b] = [normalized(skill[round]!), normalized(control[round]!)];
        const differ = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
        assert.deepEqual(differ, [], `run ${run} round ${round + 1}: the arms observed different ${differ.map((key) => `${key}: ${JSON.stringify(a[key]).slice(0, 2000)} against ${JSON.stringify(b[key]).slice(0, 2000)}`).join('; ')}`);
        assert.deepEqual(a, b);
      }
      // What tells the arms apart is there: the skill, staged.
      assert.match(String((skill[0]!.observed!.work as Record<string, string>)[`${SKILLS_DIR}/${SKILL_NAME}/SKILL.md`]), /^file /);
      for (const call of [...skill, ...control]) {
        const seen = call.observed!;
        const text = JSON.stringify({ ...seen, mounts: undefined });
        assert.deepEqual(ARM_WORDS.filter((word) => text.includes(word)), [], `the agent at ${seen.cwd} saw words that name its arm`);
        if (control.includes(call)) assert.equal(text.includes(SKILL_NAME), false, `the control agent at ${seen.cwd} saw the skill's name`);
        // Its folder of sessions and its command's holder show it its own session alone.
        const above = seen.above as Record<string, Record<string, string>>;
        const attempt = dirname(seen.cwd);
        assert.deepEqual(Object.keys(above[dirname(attempt)]!), [basename(attempt)]);
        assert.deepEqual(Object.keys(above[dirname(dirname(attempt))]!), [basename(dirname(attempt))]);
      }
    }
  });
});
