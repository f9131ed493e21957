// `eval-magic judge` with each real CLI as the judge, offline: a small campaign (the skill arm
// stamps notes.txt, quoting its skill's name, description and rule; the control arm does not), then every run
// judged 3 times by the same CLI against the scripted model, which passes a run when the packet it
// received shows the stamp. The model's raw request bodies prove no judge learnt the arm, the
// iteration, a run's folder, the skill's name or its SKILL.md; compare then finds the judged
// assertion significant in the skill's favour, and reports the judge's agreement. Started by
// run-tier.ts, like campaign.e2e.ts.
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { startModelServer, type LoggedRequest, type ModelServer, type Script } from './model-server.js';
import { AGENTS, execute, type Exec } from './agents.js';
import {
  BIN, CONDITIONS, NOTES, NOTES_FOLLOW_UP, SKILL, SKILL_DESCRIPTION, SKILL_MD, SKILL_RULE, STAMP_LINE, WATCH,
  campaignScript, iterationDir, makeCampaign, modelArgs, readJson, type Campaign,
} from './campaign-fixture.js';

/** Runs per arm: the fewest whose 4-of-4 against 0-of-4 gives a two-sided Fisher p below 0.05 (0.029; 3 per arm give 0.1). */
const RUNS = 4;
const REPEATS = 3;
const ASSERTION = 'stamped';
/** The first line of every packet (src/judge/packet.ts): how the model tells a judge session from an agent's. */
const PACKET_HEAD = "# Grade one assertion about a coding agent's work";
/** The neutral tokens blinding puts in place of the skill's name and a quoted SKILL.md line. */
const SKILL_TOKEN = 'the-skill';
const WITHHELD = '[withheld]';

const evals = {
  skill_name: SKILL,
  evals: [
    {
      id: 'release-notes',
      prompt: NOTES,
      expected_output: 'notes.txt lists the changes of version 2.',
      turns: [{ prompt: NOTES_FOLLOW_UP, deliver_when: 'agent_asks' }],
      // The only assertion, so the Holm family is this one alone.
      assertions: [{ id: ASSERTION, type: 'llm_judge', rubric: 'The first line of notes.txt stamps the date the notes were written.' }],
    },
  ],
};

/** The judge's verdict from the packet alone: a pass when the transcript or the diff shows the stamp. */
function verdict(packet: string): object {
  return packet.includes(STAMP_LINE)
    ? { passed: true, evidence: `notes.txt starts with "${STAMP_LINE}"`, confidence: 0.9 }
    : { passed: false, evidence: 'notes.txt starts with "Version 2": no date stamp', confidence: 0.8 };
}

/** The campaign's model, and the judge: a request whose first user text is a packet gets the verdict as its final message. */
const script: Script = (turn) => (turn.userTexts[0]?.startsWith(PACKET_HEAD) ? { say: JSON.stringify(verdict(turn.userTexts[0])) } : campaignScript(turn));

/** What no judge request may hold, raw and unstripped, and why. */
function forbidden(c: Campaign): Array<[string, string]> {
  return [
    ...['with_skill', 'without_skill', 'new_skill', 'old_skill'].map((arm): [string, string] => [arm, 'a condition name']),
    ['iteration-', 'an iteration folder'],
    // Every run folder and task folder lives in the workspace. (The CLI's HOME, beside it, is the
    // judge's own: Claude Code names its memory folder there.)
    [join(c.root, '.eval-magic'), 'a path into the workspace'],
    [SKILL, "the skill's name"],
    ['make its first line', "SKILL.md's rule"],
    ['Stamps every file it writes', "SKILL.md's description"],
  ];
}

/** The judge sessions' conversation requests (not a CLI's auxiliary ones): each one's first user text is the packet. */
const sessions = (requests: LoggedRequest[]) => requests.filter((r) => !r.auxiliary && r.userTexts[0]?.startsWith(PACKET_HEAD));

it('runs inside a network namespace with only loopback, as root', () => {
  assert.deepEqual(Object.keys(networkInterfaces()), ['lo'], 'run this file through `npm run test:agents`');
  assert.equal(process.getuid?.(), 0);
});

for (const agent of AGENTS) {
  describe(`judge with ${agent.harness} (real ${agent.executable})`, () => {
    let server: ModelServer;
    let campaign: Campaign;
    let judgeArgs: string[];
    let judged: Exec;
    let judgeSeconds: number;
    /** How many requests the campaign made: every later one is the judge's. */
    let campaignRequests: number;
    before(async () => {
      server = await startModelServer(script, { watch: WATCH });
      campaign = makeCampaign(agent, server, evals, RUNS);
      const ran = await execute(process.execPath, campaign.args, { cwd: campaign.root, env: campaign.env });
      assert.equal(ran.code, 0, ran.stdout + ran.stderr);
      campaignRequests = server.requests.length;
      judgeArgs = [BIN, 'judge', iterationDir(campaign), '--harness', agent.harness, '--repeats', String(REPEATS), '--jobs', '4', '--retries', '2', '--round-timeout', '180', ...modelArgs(agent)];
      const started = Date.now();
      judged = await execute(process.execPath, judgeArgs, { cwd: campaign.root, env: campaign.env });
      judgeSeconds = (Date.now() - started) / 1000;
    });
    after(() => server.close());

    it('judges every run 3 times, each a verdict from the packet: pass in the skill arm, fail in the control arm', (t) => {
      assert.equal(judged.code, 0, judged.stdout + judged.stderr);
      const packets = sessions(server.requests.slice(campaignRequests)).map((r) => Buffer.byteLength(r.userTexts[0]!)).sort((a, b) => a - b);
      t.diagnostic(`${agent.harness}: ${RUNS * CONDITIONS.length * REPEATS} judgments in ${judgeSeconds.toFixed(1)} s; packets ${packets[0]}–${packets.at(-1)} bytes`);
      for (const condition of CONDITIONS) {
        for (let j = 1; j <= RUNS; j++) {
          for (let k = 1; k <= REPEATS; k++) {
            const dir = join(iterationDir(campaign), 'eval-release-notes', condition, `run-${j}`, 'judge', ASSERTION, String(k));
            const record = readJson(join(dir, 'judgment.json'));
            assert.equal(record.reason, null, `${dir}: ${record.message}`);
            assert.equal(record.verdict.passed, condition === 'with_skill', dir);
            assert.equal(record.harness.name, agent.harness);
          }
        }
      }
    });

    it("no judge request names the arm, the iteration, a run's folder, the skill or its SKILL.md — raw bodies, nothing stripped", () => {
      const requests = server.requests.slice(campaignRequests);
      assert.equal(sessions(requests).length, RUNS * CONDITIONS.length * REPEATS, 'one model request per judgment: the verdict answers it');
      for (const r of requests) {
        const raw = r.raw.toLowerCase();
        const leaks = forbidden(campaign).flatMap(([text, what]) => {
          const at = raw.indexOf(text.toLowerCase());
          return at < 0 ? [] : [`${what} (…${r.raw.slice(Math.max(0, at - 300), at + text.length + 100)}…)`];
        });
        assert.deepEqual(leaks, [], 'a judge request holds what the judge must not learn');
      }
      // What was there to hide reached the judge in its place: the skill arm's message named the
      // skill and quoted its rule.
      const skillArm = sessions(requests).filter((r) => r.userTexts[0]!.includes(STAMP_LINE));
      assert.equal(skillArm.length, RUNS * REPEATS);
      for (const r of skillArm) assert.ok(r.userTexts[0]!.includes(`as ${SKILL_TOKEN} asks (${WITHHELD}):\n${WITHHELD}`), r.userTexts[0]);
      assert.ok(SKILL_MD.includes(SKILL_RULE) && SKILL_MD.includes(SKILL_DESCRIPTION));
    });

    it('the same command again judges nothing', async () => {
      const before = server.requests.length;
      const again = await execute(process.execPath, judgeArgs, { cwd: campaign.root, env: campaign.env });
      assert.equal(again.code, 0, again.stdout + again.stderr);
      assert.equal(server.requests.length, before, 'every judgment is made already');
    });

    it("compare: the judged assertion significant in the skill's favour, the judge unanimous", async () => {
      const r = await execute(process.execPath, [BIN, 'compare', '--format', 'json', iterationDir(campaign)], { cwd: campaign.root, env: campaign.env });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const report = JSON.parse(r.stdout);
      assert.deepEqual(report.validity.filter((v: { severity?: string }) => v.severity === 'error'), []);
      const a = report.evals[0].assertions.find((x: { id: string }) => x.id === ASSERTION);
      assert.equal(a.grader, 'llm_judge');
      assert.deepEqual([a.with_skill.passed, a.with_skill.n, a.without_skill.passed, a.without_skill.n], [RUNS, RUNS, 0, RUNS]);
      assert.ok(a.p_holm < report.alpha, `p_holm ${a.p_holm}`);
      assert.deepEqual([a.significant, a.direction], [true, 'better']);
      assert.deepEqual(a.judge_agreement, { runs: RUNS * CONDITIONS.length, unanimous: 1, kappa: 1 });
      assert.equal(report.validity.some((v: { code: string }) => v.code === 'ungraded'), false, JSON.stringify(report.validity));
    });
  });
}
