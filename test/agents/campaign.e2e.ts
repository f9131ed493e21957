// `eval-magic campaign` with each real CLI, offline: a small skill, a scripted and a single-round
// eval, both conditions, several runs in parallel, against a model that behaves differently when
// its request names the skill. The model's own request log proves the skill reached only the skill
// arm; check passes the workspace; compare finds the effect the model was scripted to have, and
// no effect where the skill cannot have one. Started by run-tier.ts, like real-agents.e2e.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { dirname, join } from 'node:path';
import { startModelServer, type LoggedRequest, type ModelServer } from './model-server.js';
import { AGENTS, execute } from './agents.js';
import { BIN, CONDITIONS, MEMORY_MARKER, NOTES, NOTES_FOLLOW_UP, SKILL, TIME, USER_INSTRUCTIONS, WATCH, campaignScript, instructionExtras, instructionFiles, iterationDir, makeCampaign, readJson, type Campaign } from './campaign-fixture.js';

const RUNS = 5;

const evals = {
  skill_name: SKILL,
  evals: [
    {
      id: 'release-notes',
      prompt: NOTES,
      expected_output: 'notes.txt starts with a UTC-STAMP line and lists the changes.',
      turns: [{ prompt: NOTES_FOLLOW_UP, deliver_when: 'agent_asks' }],
      assertions: [
        // What the skill changes: the model stamps the file only when it was told of the skill.
        { id: 'stamped', type: 'transcript_check', check: 'tool_invocation_matches', pattern: 'UTC-STAMP' },
        // What it cannot change: both arms write notes.txt and say so.
        { id: 'mentions-notes', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'notes\\.txt' },
        { id: 'notes-written', type: 'command_check', command: 'grep -q "Version 2" notes.txt' },
        // The same agent action in both arms touches one file: whatever the CLI writes because a
        // skills folder exists (OpenCode's .opencode/.gitignore) is in both arms and never counted.
        { id: 'one-file', type: 'diff_scope', max_files_touched: 1 },
      ],
    },
    {
      id: 'tell-time',
      prompt: TIME,
      expected_output: 'The time, in UTC.',
      assertions: [{ id: 'utc-time', type: 'transcript_check', check: 'tool_invocation_matches', pattern: 'date -u' }],
    },
  ],
};

/** What each run's grading.json says of an assertion it failed: the reason a count came out short. */
const failedEvidenceIn = (c: Campaign) => (evalId: string, id: string): string => {
  const lines: string[] = [];
  for (const condition of CONDITIONS) {
    for (let j = 1; j <= RUNS; j++) {
      const runDir = join(iterationDir(c), `eval-${evalId}`, condition, `run-${j}`);
      const grading = readJson(join(runDir, 'grading.json')) as { assertion_results: Array<{ id: string; passed: boolean; evidence: string }> };
      const result = grading.assertion_results.find((r) => r.id === id);
      if (result?.passed === true) continue;
      // The run's own record of it: what its task folder holds, and what its tool calls returned.
      const events = (readJson(join(runDir, 'conversation.json')) as { events: Array<{ type: string }> }).events.filter((e) => !e.type.endsWith('_message'));
      lines.push(`${condition}/run-${j}: ${result?.evidence ?? 'not graded'} (task folder: ${readdirSync(join(runDir, 'task')).join(', ')}; tool events: ${JSON.stringify(events).slice(0, 2000)})`);
    }
  }
  return lines.join('; ');
};
/** The instruction files of the tier's CLI (its descriptor's instruction_files: OpenCode reads ~/.claude/CLAUDE.md too) in the campaign's environment. */
const ownInstructionFiles = (c: Campaign): string[] => {
  const [claude, codex, opencode] = instructionFiles(c.env);
  return c.args.includes('claude-code') ? [claude!] : c.args.includes('codex') ? [codex!] : [opencode!, claude!];
};
/** Each run folder (`eval-<id>/<condition>/run-<j>`) by the work folders its agents ran in (run.json's work_dir, and each failed attempt's). */
const runsByWorkDir = (c: Campaign): Map<string, string> => {
  const runs = new Map<string, string>();
  for (const e of evals.evals) {
    for (const condition of CONDITIONS) {
      for (let j = 1; j <= RUNS; j++) {
        const folder = `eval-${e.id}/${condition}/run-${j}`;
        const record = readJson(join(iterationDir(c), folder, 'run.json'));
        // A retried run's earlier attempts worked in folders of their own (sandbox-failed, for one).
        for (const work of [record.work_dir, ...record.failures.map((f: { work_dir?: string }) => f.work_dir)]) if (work) runs.set(work, `/${folder}/`);
      }
    }
  }
  return runs;
};

it('runs inside a network namespace with only loopback, as root', () => {
  assert.deepEqual(Object.keys(networkInterfaces()), ['lo'], 'run this file through `npm run test:agents`');
  assert.equal(process.getuid?.(), 0);
});

for (const agent of AGENTS) {
  describe(`campaign with ${agent.harness} (real ${agent.executable})`, () => {
    let server: ModelServer;
    let campaign: Campaign;
    let first: Awaited<ReturnType<typeof execute>>;
    before(async () => {
      server = await startModelServer(campaignScript, { watch: WATCH });
      campaign = makeCampaign(agent, server, evals, RUNS);
      first = await execute(process.execPath, campaign.args, { cwd: campaign.root, env: campaign.env });
    });
    after(() => server.close());

    it('runs every eval × condition × run into the layout, each run valid, several at once', (t) => {
      assert.equal(first.code, 0, first.stdout + first.stderr);
      // Several at once, each agent's namespace hiding the others' work folders and the workspace (the plan would warn otherwise).
      assert.doesNotMatch(first.stdout, /not hidden from the agents/);
      const plan = readJson(join(iterationDir(campaign), 'campaign.json'));
      assert.deepEqual(plan.conditions, [...CONDITIONS]);
      assert.equal(plan.order.length, evals.evals.length * CONDITIONS.length * RUNS);
      // Interleaved: no arm runs all its sessions first.
      assert.notDeepEqual(plan.order.slice(0, RUNS * 2).map((r: { condition: string }) => r.condition), Array(RUNS * 2).fill('with_skill'));
      const spans: Array<[number, number]> = [];
      for (const e of evals.evals) {
        for (const condition of CONDITIONS) {
          for (let j = 1; j <= RUNS; j++) {
            const runDir = join(iterationDir(campaign), `eval-${e.id}`, condition, `run-${j}`);
            const conversation = readJson(join(runDir, 'conversation.json'));
            assert.equal(conversation.status, 'completed', runDir);
            const record = readJson(join(runDir, 'run.json'));
            assert.equal(record.condition, condition);
            assert.deepEqual(record.isolation, { valid: true, problems: [] }, runDir);
            assert.equal(record.failures.length, record.attempts - 1, `${runDir}: every failed attempt is recorded`);
            if (record.attempts > 1) t.diagnostic(`${runDir}: ${record.attempts} attempts: ${record.failures.map((f: { message: string }) => f.message).join('; ')}`);
            assert.equal(record.skill === null, condition === 'without_skill', runDir);
            if (agent.harness === 'claude-code') assert.equal(record.skill_roster.includes(SKILL), condition === 'with_skill', `${runDir}: Claude Code's roster`);
            spans.push([Date.parse(record.started_at), Date.parse(record.ended_at)]);
          }
        }
      }
      spans.sort((a, b) => a[0] - b[0]);
      assert.ok(spans.some((s, i) => i > 0 && s[0] < spans[i - 1]![1]), '--jobs 4: some runs overlapped in time');
    });

    it('the model saw the skill in every request of a skill run, and in no request of a control run', () => {
      const conversation = server.requests.filter((r) => !r.auxiliary);
      const runs = runsByWorkDir(campaign);
      const byRun = new Map<string, LoggedRequest[]>();
      for (const r of conversation) {
        assert.notEqual(r.seen.run, null, `a request that shows no run's work folder: ${JSON.stringify(r.userTexts)}`);
        const run = runs.get(r.seen.run!);
        assert.notEqual(run, undefined, `${r.seen.run} is no run's work_dir`);
        byRun.set(run!, [...(byRun.get(run!) ?? []), r]);
      }
      assert.equal(byRun.size, evals.evals.length * CONDITIONS.length * RUNS, [...byRun.keys()].join('\n'));
      for (const [run, requests] of byRun) {
        const skillRun = run.includes('/with_skill/');
        for (const r of requests) assert.equal(r.seen.skill !== null, skillRun, `${run}: ${skillRun ? 'a request without' : 'a request naming'} the skill`);
        // Blind: the raw bodies, nothing stripped, name no arm, iteration, eval or run folder;
        // a control run's never name the skill, paths included; a skill run's always list it.
        for (const r of requests) {
          const named = ['with_skill', 'without_skill', 'new_skill', 'old_skill', 'iteration-', ...evals.evals.map((e) => `eval-${e.id}`), iterationDir(campaign)].filter((w) => r.raw.includes(w));
          assert.deepEqual(named, [], `${run}: a request names ${named.join(', ')}`);
          assert.equal(r.raw.includes(SKILL), skillRun, `${run}: ${skillRun ? 'a request without the skill' : 'a control request holding the skill name'}`);
          // Nor what a skill agent wrote into the CLI's instruction file, or as a subagent (read-only in every session).
          if (!skillRun) assert.ok(!r.raw.includes(MEMORY_MARKER), `${run}: a control request holds what a skill agent wrote into the CLI's instruction file`);
        }
      }
    });

    it("the real HOME keeps no session's transcript: no file under it names the skill (each session's CLI store and HOME were its own)", () => {
      const named: string[] = [];
      const walk = (dir: string): void => {
        for (const entry of readdirSync(dir, { withFileTypes: true })) {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) walk(path);
          else if (entry.isFile() && readFileSync(path).includes(SKILL)) named.push(path);
        }
      };
      walk(join(campaign.root, 'home'));
      assert.deepEqual(named, []);
    });

    it("the CLI's own instruction files, which the user has, kept nothing a skill agent wrote (its write failed: read-only)", () => {
      for (const file of ownInstructionFiles(campaign)) assert.equal(readFileSync(file, 'utf8'), USER_INSTRUCTIONS, file);
      // Nor the folders it reads into every session: Codex's AGENTS.override.md, the subagent
      // folders (Claude Code's ~/.claude/agents, OpenCode's ~/.config/opencode/agent).
      const { folders, override } = instructionExtras(campaign.env);
      if (agent.harness === 'codex') assert.equal(readFileSync(override, 'utf8'), USER_INSTRUCTIONS, override);
      else {
        const folder = folders[agent.harness === 'claude-code' ? 0 : 1]!;
        assert.deepEqual(readdirSync(folder), ['own-helper.md'], folder);
      }
    });

    it('check passes the whole workspace, and the same command again runs nothing', async () => {
      const checked = await execute(process.execPath, [BIN, 'check', '--max-warnings', '0', '--', '.eval-magic'], { cwd: campaign.root, env: campaign.env });
      assert.equal(checked.code, 0, checked.stdout + checked.stderr);
      const before = server.requests.length;
      const again = await execute(process.execPath, campaign.args, { cwd: campaign.root, env: campaign.env });
      assert.equal(again.code, 0, again.stdout + again.stderr);
      assert.equal(server.requests.length, before, 'a complete iteration starts no agent');
    });

    // Where the user has none, none can be made read-only (a bind needs the file, and eval-magic
    // makes none in the user's folder): a skill agent creates it. In the CLI's config folder, where
    // the user has one (Codex's, which holds the tier's config.toml), that is the real folder,
    // shared by every session (a login renewed there must reach the next one): every later session
    // of both arms reads the file, and each run that ends after is marked invalid, naming it. OpenCode
    // makes its folders on any start, the version eval-magic reads before the sessions included.
    // Where the folder is missing when the sessions start (the tier's fresh HOME for Claude Code) the
    // CLI makes it in the session's own HOME, an overlay on the real one: no other session reads it,
    // the real HOME never has it, and every run stays valid. So does a file outside the CLI's config
    // folders (OpenCode's ~/.claude/CLAUDE.md).
    it("with no instruction file of the user's: one a skill agent creates in the CLI's real config folder marks every run that ends after invalid (exit 1, the file left); one made where that folder is missing is the session's own", async (t) => {
      const own = await startModelServer(campaignScript, { watch: WATCH });
      try {
        const bare = makeCampaign(agent, own, { skill_name: SKILL, evals: [evals.evals[0]] }, 1, { instructions: false });
        // The CLI's own instruction file first, in its config folder; then OpenCode's ~/.claude/CLAUDE.md, in no folder of OpenCode's.
        const [inConfig, ...outside] = ownInstructionFiles(bare);
        // One at a time: the control run starts once the skill run has ended.
        const args = bare.args.map((a, i) => (bare.args[i - 1] === '--jobs' ? '1' : a));
        const r = await execute(process.execPath, args, { cwd: bare.root, env: bare.env });
        // The plan does not warn of missing ones: what a session creates is caught after the run.
        assert.doesNotMatch(r.stdout, /HOME is shared|instruction files? .*cannot be made read-only/);
        const records = CONDITIONS.map((c) => readJson(join(iterationDir(bare), 'eval-release-notes', c, 'run-1', 'run.json'))).sort((a, b) => a.ended_at.localeCompare(b.ended_at));
        assert.ok(own.requests.some((q) => !q.auxiliary && q.seen.skill !== null), 'no skill request');
        const heldMarker = own.requests.some((q) => !q.auxiliary && q.seen.skill === null && q.raw.includes(MEMORY_MARKER));
        // Made in the real config folder: there when the sessions started (the user's, or made by the CLI's version read before them).
        const shared = existsSync(inConfig!) ? [inConfig!] : [];
        t.diagnostic(`config folder there after the campaign: ${existsSync(dirname(inConfig!))}; instruction file made in it: ${shared.length > 0}; runs in the order they ended: ${records.map((rec) => `${rec.condition} (${rec.isolation.valid ? 'valid' : rec.isolation.problems.map((p: { message: string }) => p.message.split(' changed since')[0]).join('; ')})`).join(', ')}; a control request holds the marker: ${heldMarker}`);
        // Made where the config folder was missing: the session's own, never in the real HOME.
        for (const file of outside) assert.equal(existsSync(file), false, `${file} was made in the real HOME`);
        if (shared.length === 0) {
          assert.equal(existsSync(dirname(inConfig!)), false, `${dirname(inConfig!)} is there, yet the skill agent's instruction file is not`);
          assert.equal(r.code, 0, r.stdout + r.stderr);
          for (const record of records) assert.deepEqual(record.isolation, { valid: true, problems: [] }, record.condition);
          assert.ok(!heldMarker, 'a control request holds what a skill agent wrote into its instruction file');
          return;
        }
        assert.equal(r.code, 1, r.stdout + r.stderr);
        const skillEnded = records.findIndex((rec) => rec.condition === 'with_skill');
        for (const [i, record] of records.entries()) {
          if (i < skillEnded) continue;
          assert.equal(record.isolation.valid, false, `${record.condition}: ${JSON.stringify(record.isolation)}`);
          assert.ok(record.isolation.problems.every((p: { code: string }) => p.code === 'instruction-file-changed'), JSON.stringify(record.isolation));
          const named = shared.filter((f) => record.isolation.problems.some((p: { message: string }) => p.message.includes(`instruction file ${f} changed since the campaign started (was missing`)));
          assert.ok(named.length > 0, JSON.stringify(record.isolation));
        }
        // Left as the agent left it, and the command said so.
        assert.ok(shared.some((f) => existsSync(f) && readFileSync(f, 'utf8').includes(MEMORY_MARKER)), shared.join(', '));
        assert.match(r.stderr, /instruction file .* changed during this campaign .*inspect it and remove what an agent wrote before the next campaign/);
        // What the check is for: a control that ran after the skill run got the marker in its prompt.
        const control = records.find((rec) => rec.condition === 'without_skill');
        if (records.indexOf(control) > skillEnded) assert.ok(heldMarker, 'the control ran after the skill run, yet no request of its holds the marker');
      } finally {
        own.close();
      }
    });

    it('compare: significant on what the skill changes, in its direction; not on what it cannot change', async () => {
      const r = await execute(process.execPath, [BIN, 'compare', '--format', 'json', iterationDir(campaign)], { cwd: campaign.root, env: campaign.env });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const report = JSON.parse(r.stdout);
      const failedEvidence = failedEvidenceIn(campaign);
      assert.deepEqual(report.conditions, [...CONDITIONS]);
      assert.deepEqual(report.validity.filter((v: { severity?: string }) => v.severity === 'error'), []);
      const assertion = (evalId: string, id: string) => report.evals.find((e: { id: string }) => e.id === evalId).assertions.find((a: { id: string }) => a.id === id);
      for (const [evalId, id] of [['release-notes', 'stamped'], ['tell-time', 'utc-time']] as const) {
        const a = assertion(evalId, id);
        assert.deepEqual([a.with_skill.passed, a.with_skill.n, a.without_skill.passed, a.without_skill.n], [RUNS, RUNS, 0, RUNS], `${evalId}/${id}`);
        assert.equal(a.delta, 1);
        assert.ok(a.p_holm < report.alpha, `${evalId}/${id}: p_holm ${a.p_holm}`);
        assert.deepEqual([a.significant, a.direction], [true, 'better'], `${evalId}/${id}`);
      }
      for (const id of ['mentions-notes', 'notes-written', 'one-file']) {
        const a = assertion('release-notes', id);
        assert.deepEqual([a.with_skill.passed, a.without_skill.passed], [RUNS, RUNS], `${id}: ${failedEvidence('release-notes', id)}`);
        assert.equal(a.delta, 0);
        assert.equal(a.p_value, 1);
        assert.equal(a.significant, false, id);
      }
    });
  });
}
