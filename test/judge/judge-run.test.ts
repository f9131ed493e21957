// runJudge with fake agents: layout and records, blinding as the judge CLI sees it, every verdict
// shape, retries, resume, a rubric edit, shards, Ctrl-C.
import assert from 'node:assert/strict';
import { chmodSync, cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { check } from '../../src/index.js';
import { planJudgments } from '../../src/judge/plan.js';
import { describePlan } from '../../src/cli/judge.js';
import { hidingSupport } from '../../src/process/containment.js';
import { lockOutFolder } from '../../src/runner/out-lock.js';
import { outsideTemporaryFolders } from '../helpers/outside-temp.js';
import { FAKE_AGENTS, isRunning } from '../runner/run-helpers.js';
import { judgedCampaign, judgedEvals, RUBRIC_UTC, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';
/** The judge sessions the fake agents logged (campaign sessions have other prompts). */
const judgeCalls = (c: Awaited<ReturnType<typeof judgedCampaign>>) => c.ws.calls().filter((call) => call.prompt.includes(JUDGE));

describe('runJudge', () => {
  it('judges every counted run × llm_judge assertion once, writes packet.md, the stream and judgment.json, and check passes them', async () => {
    const c = await judgedCampaign();
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const { result, progress } = await c.judge();
    assert.equal(progress[0]?.kind, 'plan');
    assert.deepEqual({ ...result.plan, shard: undefined }, { harness: 'claude-code', runs: 8, repeats: 1, judgments: 12, done: 0, pending: 12, sessionsPerRun: { 'add-column': 2, explain: 1 }, shard: undefined, jobs: 4, iterations: 1, writableInstructionFiles: ['CLAUDE.md', 'rules', 'agents', 'commands'].map((f) => join(c.ws.home, '.claude', f)) });
    const all = c.judgments();
    assert.equal(Object.keys(all).length, 12);
    const one = join(c.ws.iteration(), 'eval-add-column/with_skill/run-1/judge/short/1');
    for (const file of ['packet.md', 'judgment.json', 'turn-1/claude-events.jsonl', 'turn-1/claude-stderr.log']) assert.ok(existsSync(join(one, file)), file);
    const record = all['add-column/with_skill/run-1/short/1'];
    assert.deepEqual(record.verdict, { passed: true, evidence: '"UTC, ISO 8601."', confidence: 0.9 });
    assert.equal(record.model, 'judge-model-x');
    assert.equal(all['add-column/with_skill/run-1/explains-utc/1'].model, null);
    const report = await check([join(one, 'judgment.json')], { cwd: c.ws.root });
    assert.equal(report.errorCount, 0, JSON.stringify(report.results));
    // Started run by run as campaign runs them (run 1 of every eval, then run 2), each judgment
    // beside its twin of the other arm, the arm that goes first in turn: never one arm's runs first.
    const started = progress.flatMap((p) => (p.kind === 'judgment-started' ? [`${p.judgment.evalId} run ${p.judgment.run.run} ${p.judgment.run.condition} ${p.judgment.assertionId}`] : []));
    assert.deepEqual(started, [
      'add-column run 1 with_skill explains-utc', 'add-column run 1 without_skill explains-utc', 'add-column run 1 without_skill short', 'add-column run 1 with_skill short',
      'explain run 1 with_skill short', 'explain run 1 without_skill short',
      'add-column run 2 without_skill explains-utc', 'add-column run 2 with_skill explains-utc', 'add-column run 2 with_skill short', 'add-column run 2 without_skill short',
      'explain run 2 without_skill short', 'explain run 2 with_skill short',
    ]);
    // The assertion's model reached the CLI; the others ran on the harness default.
    const models = new Set(judgeCalls(c).map((call) => (call as unknown as { model: string | null }).model));
    assert.deepEqual([...models].sort(), ['judge-model-x', null]);
  });

  it('--repeats k: repeat 1 of every run of both arms before repeat 2 of any, so a stop leaves every run k or k + 1 judgments (the arms at most one apart), never one arm\'s runs judged k times and the other\'s once', async () => {
    const c = await judgedCampaign();
    const { judgments } = await planJudgments({ paths: [c.ws.workspace], cwd: c.ws.root, repeats: 2, evalIds: ['explain'] });
    assert.deepEqual(judgments.map((j) => `#${j.repeat} run ${j.run.run} ${j.run.condition}`), [
      '#1 run 1 with_skill', '#1 run 1 without_skill', '#1 run 2 with_skill', '#1 run 2 without_skill',
      '#2 run 1 with_skill', '#2 run 1 without_skill', '#2 run 2 with_skill', '#2 run 2 without_skill',
    ]);
  });

  it('the judge never learns the arm, the run, the skill or SKILL.md — not from its prompt, nor its folder, nor the skills it can find', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // A judge that goes looking on disk for its run (the workspace's paths name the arms) finds nothing there.
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(false)] }], lookAt: [c.ws.workspace] });
    const { progress } = await c.judge();
    const calls = judgeCalls(c);
    assert.equal(calls.length, 6);
    const hidden = !('reason' in (await hidingSupport()));
    const plan = progress.find((p) => p.kind === 'plan');
    assert.equal(plan?.kind === 'plan' && plan.plan.unhidden === undefined, hidden);
    for (const call of calls) assert.deepEqual(call.looked?.[c.ws.workspace], hidden ? { entries: [], writable: false } : call.looked?.[c.ws.workspace], call.cwd);
    assert.equal(existsSync(join(c.ws.workspace, '.fake-agent-was-here')), !hidden);
    const skillMd = readFileSync(join(c.ws.skillDir, 'SKILL.md'), 'utf8');
    for (const call of calls) {
      for (const secret of [/csv-reports/i, /with_skill|without_skill/, /iteration-/, /\.eval-magic/, new RegExp(c.ws.root.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))]) {
        assert.doesNotMatch(call.prompt, secret);
        assert.doesNotMatch(call.cwd, secret);
      }
      assert.ok(!call.prompt.includes('Always write timestamps in UTC.'), 'SKILL.md text');
      assert.ok(!call.prompt.includes(skillMd.trim()));
      assert.doesNotMatch(call.prompt, /says-done|assistant_message_matches/, 'another assertion');
      assert.deepEqual(call.skills, [], 'the staged skill is not in the judge\'s copy of the task');
    }
  });

  it("the judge's namespace shows the skill's own folder empty too — its SKILL.md, and the evals.json beside it with every assertion — as a campaign's agent sees it", async (t) => {
    if ('reason' in (await hidingSupport())) return t.skip('no mounts here: the plan says nothing is hidden');
    const c = await judgedCampaign({ runs: 1 });
    const evalsFolder = dirname(c.ws.evalsPath);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(false)] }], lookAt: [c.ws.skillDir, evalsFolder] });
    // One eval's judges (2): what any judge's namespace shows, each of these shows.
    await c.judge({ evalIds: ['explain'] });
    const calls = judgeCalls(c);
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.deepEqual(call.looked?.[c.ws.skillDir], { entries: [], writable: false }, 'the skill folder');
      assert.ok(!JSON.stringify(call.looked?.[evalsFolder]).includes('evals.json'), 'the evals folder, inside it');
    }
  });

  it("the workspace and the skill's folder outside the temporary folders (where users keep them) are shown empty too: only the covers hide them there", async (t) => {
    if ('reason' in (await hidingSupport())) return t.skip('no mounts here: the plan says nothing is hidden');
    // In a temporary folder each judge's own /tmp, /var/tmp, /dev/shm and $TMPDIR would hide them
    // whatever judge covers, but for the entry its HOME and the fakes' log keep (test/helpers/outside-temp.ts).
    const outside = outsideTemporaryFolders('eval-magic-judge-outside-');
    if (outside === undefined) return t.skip('no folder outside the temporary folders (neither /run nor HOME) to hold the project');
    chmodSync(outside, 0o755);
    const c = await judgedCampaign({ runs: 1, root: outside });
    const evalsFolder = dirname(c.ws.evalsPath);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(false)] }], lookAt: [c.ws.root, c.ws.workspace, c.ws.skillDir, evalsFolder] });
    await c.judge({ evalIds: ['explain'] });
    const calls = judgeCalls(c);
    assert.equal(calls.length, 2);
    for (const call of calls) {
      // The control: the project itself is shown, with the workspace and the skill's folder in it.
      const project = (call.looked?.[c.ws.root] as { entries?: string[] }).entries ?? [];
      assert.ok(project.includes('.eval-magic') && project.includes(c.skill), JSON.stringify(call.looked));
      for (const folder of [c.ws.workspace, c.ws.skillDir]) assert.deepEqual(call.looked?.[folder], { entries: [], writable: false }, folder);
      assert.ok(!JSON.stringify(call.looked?.[evalsFolder]).includes('evals.json'), 'the evals folder, inside it');
    }
    assert.ok(existsSync(c.ws.evalsPath), 'outside the sessions nothing changed');
  });

  it("--shard k/n judging two skills' iterations: a shard holding one skill's judgments only still shows the other judged skill's folder empty", async (t) => {
    if ('reason' in (await hidingSupport())) return t.skip('no mounts here: the plan says nothing is hidden');
    const [c, made] = [await judgedCampaign({ runs: 1 }), await judgedCampaign({ runs: 2 })];
    // The other project beside this one, where a judge's namespace shows the disk (not in its private /tmp).
    const other = join(c.ws.root, 'other-project');
    cpSync(made.ws.root, other, { recursive: true });
    // Moved there: its campaign.json's evals.json is found in the copy (by its sha256), the skill beside it.
    rmSync(made.ws.root, { recursive: true, force: true });
    const [otherSkill, otherWorkspace] = [join(other, relative(made.ws.root, made.ws.skillDir)), join(other, relative(made.ws.root, made.ws.workspace))];
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(false)] }], lookAt: [otherSkill, c.ws.skillDir] });
    // A unit per run of eval explain (its one assertion, both arms): the first iteration's one, then the other's two; shard 1/3 is the first's only.
    const { result } = await c.judge({ paths: [c.ws.workspace, otherWorkspace], evalIds: ['explain'], shard: '1/3' });
    assert.deepEqual([result.plan.judgments, result.records.length], [2, 2]);
    const calls = judgeCalls(c);
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.deepEqual(call.looked?.[c.ws.skillDir], { entries: [], writable: false }, "this shard's skill folder");
      assert.deepEqual(call.looked?.[otherSkill], { entries: [], writable: false }, "the other judged skill's folder");
    }
  });

  it("the judge's program installed in the skill's folder (a dev dependency npx finds): the plan says that folder stays shown to the judges, naming it, the program and what to do, as campaign says its own", async (t) => {
    if ('reason' in (await hidingSupport())) return t.skip('no mounts here: the plan says nothing is hidden');
    const c = await judgedCampaign({ runs: 1 });
    const bin = join(c.ws.skillDir, 'node_modules', '.bin');
    mkdirSync(bin, { recursive: true });
    writeFileSync(join(bin, 'claude'), `#!/bin/sh\nexec '${join(FAKE_AGENTS, 'claude')}' "$@"\n`, { mode: 0o755 });
    const env = { ...c.ws.env, PATH: `${bin}${delimiter}${c.ws.env.PATH ?? ''}` };
    const { plan } = await c.plan({ env });
    assert.deepEqual(plan.uncovered, [{ folder: c.ws.skillDir, holds: { what: 'program', path: join(bin, 'claude') } }]);
    const text = describePlan(plan);
    assert.ok(text.includes(`warning: ${c.ws.skillDir} is not hidden from the judges: it holds the agent's program (${join(bin, 'claude')}), which they need`), text);
    assert.ok(text.includes("install claude-code's CLI outside it"), text);
    // The program elsewhere (the fake agents' folder): nothing to say.
    assert.equal((await c.plan()).plan.uncovered, undefined);
  });

  it("hides the skill campaign staged though evals.json's skill_name was renamed since: the agent's 'Skills I can see: csv-reports' reached the judge of the skill arm", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const renamed = join(c.ws.root, 'renamed-evals.json');
    writeFileSync(renamed, readFileSync(c.ws.evalsPath, 'utf8').replace(`"skill_name": "${c.skill}"`, '"skill_name": "zebra-notes"'));
    const { judgments } = await planJudgments({ paths: [c.ws.workspace], cwd: c.ws.root, repeats: 1, evals: renamed });
    const skillArm = judgments.filter((j) => j.runDir.includes('/with_skill/'));
    assert.ok(skillArm.length > 0 && skillArm.every((j) => j.packet.includes('Skills I can see:')), 'the agent named the skills it saw');
    for (const { packet } of judgments) assert.ok(!packet.includes(c.skill), packet);
  });

  it('withholds SKILL.md in every packet though the first skill run\'s agent deleted or rewrote its staged copy: the lines come from a run whose copy is as staged', async () => {
    const c = await judgedCampaign();
    const line = 'Always write timestamps in UTC.';
    const arm = (evalId: string, run: number) => join(c.ws.iteration(), `eval-${evalId}/with_skill/run-${run}`);
    // Another run's agent quotes the skill's rule.
    const quoting = join(arm('add-column', 2), 'conversation.json');
    const conversation = JSON.parse(readFileSync(quoting, 'utf8'));
    conversation.events[1].text = `The skill says: ${line} Shall I go on?`;
    writeFileSync(quoting, JSON.stringify(conversation, null, 2));
    const packets = async () => (await planJudgments({ paths: [c.ws.workspace], cwd: c.ws.root, repeats: 1 })).judgments.map((j) => j.packet);
    const before = await packets();
    assert.ok(before.some((packet) => packet.includes('The skill says: [withheld]')), 'the quote is in a packet, withheld');
    assert.ok(before.every((packet) => !packet.includes(line)));
    // The first skill run's agent rewrote its SKILL.md (the copy read was the first run's)…
    writeFileSync(join(arm('add-column', 1), 'task/.claude/skills', c.skill, 'SKILL.md'), `---\nname: ${c.skill}\n---\nNothing here.\n`);
    assert.ok((await packets()).every((packet) => !packet.includes(line)), 'rewritten');
    // …or removed the harness's folder (git clean -xdf): no SKILL.md there at all.
    rmSync(join(arm('add-column', 1), 'task/.claude'), { recursive: true });
    assert.ok((await packets()).every((packet) => !packet.includes(line)), 'removed');
  });

  it("lines the task held are allowed only as the staged tasks of both arms hold them: with no control run counted, a line the skill arm's staged/ alone holds stays withheld", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const line = 'Always write timestamps in UTC.';
    const run = (condition: string, j: number) => join(c.ws.iteration(), `eval-add-column/${condition}/run-${j}`);
    const quoting = join(run('with_skill', 2), 'conversation.json');
    const conversation = JSON.parse(readFileSync(quoting, 'utf8'));
    conversation.events[1].text = `The skill says: ${line} Shall I go on?`;
    writeFileSync(quoting, JSON.stringify(conversation, null, 2));
    // Every skill run's staged task says the line (an agent that reached the workspace wrote it there)…
    for (const j of [1, 2]) writeFileSync(join(run('with_skill', j), 'staged', 'NOTES.md'), `${line}\n`);
    const packets = async () => (await planJudgments({ paths: [c.ws.workspace], cwd: c.ws.root, repeats: 1, evalIds: ['add-column'] })).judgments.map((j) => j.packet);
    assert.ok((await packets()).every((packet) => !packet.includes(line)), 'the control runs\' staged tasks do not hold it');
    // …and no control run is counted (each conversation.json broken): nothing of the other arm's task vouches for the line.
    for (const j of [1, 2]) writeFileSync(join(run('without_skill', j), 'conversation.json'), '{"events": [');
    const alone = await packets();
    assert.ok(alone.every((packet) => !packet.includes(line)), 'shown');
    assert.ok(alone.some((packet) => packet.includes('The skill says: [withheld]')), 'the quote is in a packet, withheld');
  });

  it('the folder the agent worked in (run.json work_dir, where its tools wrote by absolute path) reaches the judge as ".", the folder its own copy is in', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const runDir = join(c.ws.iteration(), 'eval-add-column/with_skill/run-1');
    const workDir: string = JSON.parse(readFileSync(join(runDir, 'run.json'), 'utf8')).work_dir;
    assert.match(workDir, /\/work$/);
    const file = join(runDir, 'conversation.json');
    const conversation = JSON.parse(readFileSync(file, 'utf8'));
    conversation.events.splice(2, 0, { type: 'tool_invocation', ordinal: 2, round: 1, name: 'Write', args: { file_path: `${workDir}/report.py`, content: 'x' }, result: `File created successfully at: ${workDir}/report.py` });
    conversation.events.forEach((event: { ordinal: number }, i: number) => (event.ordinal = i));
    writeFileSync(file, JSON.stringify(conversation, null, 2));
    const { judgments } = await planJudgments({ paths: [c.ws.workspace], cwd: c.ws.root, repeats: 1 });
    const packet = judgments.find((j) => j.runDir === runDir)!.packet;
    // The absolute path named a folder gone from the judge's view: a judge reading the file there found nothing.
    assert.ok(!packet.includes(workDir), 'no absolute work folder');
    assert.match(packet, /"file_path": "\.\/report\.py"/);
    assert.match(packet, /File created successfully at: \.\/report\.py/);
  });

  it('a judgment another command is making (its folder locked) is left to it, naming the holder, not failed, and the rest are made', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const busy = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1');
    mkdirSync(busy, { recursive: true });
    writeFileSync(join(busy, 'turn-1'), 'the other command\'s session\n');
    const lock = lockOutFolder(busy);
    // One eval's judgments (2): the locked one, and the rest (the other arm's).
    try {
      const { result } = await c.judge({ evalIds: ['explain'] });
      assert.equal(result.records.length, 1);
      assert.deepEqual(result.failed, []);
      // Its lock seen by the plan, whatever record is there (none yet): left out of it (brief judgelock 2).
      assert.equal(result.plan.underWay?.length, 1, JSON.stringify(result.plan));
      assert.match(result.plan.underWay![0]!, new RegExp(`without_skill/run-1/judge/short/1/ is still under way \\(eval-magic pid ${process.pid} holds its lock`), 'the holder is named');
      assert.equal(readFileSync(join(busy, 'turn-1'), 'utf8'), 'the other command\'s session\n', 'its files are left as they are');
    } finally {
      lock.release();
    }
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.deepEqual(result.records.map((r) => r.assertion_id), ['short']);
    assert.equal(existsSync(join(busy, '.eval-magic-run.lock')), false, 'the lock goes with the judgment');
  });

  it('--evals naming none of the evals the runs ran is refused, naming their ids, rather than planning nothing', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const other = join(c.ws.root, 'other-evals.json');
    writeFileSync(other, JSON.stringify({ skill_name: 'another-skill', evals: [{ id: 'unrelated', prompt: 'Something else.', expected_output: 'Something.', assertions: [{ id: 'j', type: 'llm_judge', rubric: 'Is it good?' }] }] }));
    await assert.rejects(c.judge({ evals: other }), /--evals ".*other-evals\.json" has none of the evals \.eval-magic\/csv-reports\/iteration-1 ran \("add-column", "explain"\): name the evals\.json its campaign ran/);
  });

  it('every verdict shape: valid and fenced give a verdict; the rest are ungraded with their reason, never a fail', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const shapes: Array<[string, string, string | boolean]> = [
      ['valid', verdict(false), false],
      ['fenced', '```json\n' + verdict(true) + '\n```', true],
      ['two objects', `${verdict(true)}\n${verdict(false)}`, 'malformed-verdict'],
      ['prose', `I think so. ${verdict(true)}`, 'malformed-verdict'],
      ['missing evidence', JSON.stringify({ passed: true, evidence: '', confidence: 0.9 }), 'no-evidence'],
      ['confidence out of range', JSON.stringify({ passed: false, evidence: 'x', confidence: 7 }), 'malformed-verdict'],
    ];
    // A judgment a shape: one job makes the 6 judgments in the plan's order, and the fake judge answers its n-th session with texts[n].
    c.ws.respond({ judge: [{ when: JUDGE, texts: shapes.map(([, text]) => text) }] });
    const { result } = await c.judge({ repeats: 1, retries: 0, jobs: 1 });
    assert.equal(result.records.length, shapes.length);
    shapes.forEach(([name, , expected], i) => {
      const record = result.records[i]!;
      if (typeof expected === 'boolean') assert.equal(record.verdict?.passed, expected, name);
      else {
        assert.equal(record.verdict, null, name);
        assert.equal(record.reason, expected, name);
      }
    });
  });

  it('a failed session and a timed-out one are ungraded (judge-failed, judge-timed-out); --retries tries again and keeps the failed attempt', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // Each judge's first session fails (exit 1); the next answers.
    c.ws.respond({ failFirstAttempt: true, judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    let { result } = await c.judge({ evalIds: ['explain'], retries: 1, jobs: 1 });
    const record = result.records[0]!;
    assert.equal(record.attempts, 2);
    assert.deepEqual(record.failures.map((f) => f.reason), ['judge-failed']);
    assert.equal(record.verdict?.passed, true);
    assert.ok(existsSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/attempt-1/turn-1/claude-stderr.log')));
    // The failure names the file where it now lies (attempt-1/), not the retry's turn-1/, as campaign's do.
    assert.match(record.failures[0]!.message, /see \S*[/\\]judge[/\\]short[/\\]1[/\\]attempt-1[/\\]turn-1[/\\]claude-stderr\.log$/);
    assert.ok(existsSync(record.failures[0]!.message.replace(/^.*see (\S+)$/s, '$1')), record.failures[0]!.message);
    assert.equal((await c.judge({ evalIds: ['explain'] })).result.plan.pending, 0);
    for (const folder of ['with_skill', 'without_skill']) writeFileSync(join(c.ws.iteration(), `eval-explain/${folder}/run-1/judge/short/1/judgment.json`), '{}');
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 } });
    ({ result } = await c.judge({ evalIds: ['explain'] }));
    assert.ok(result.records.every((r) => r.reason === 'judge-failed' && r.verdict === null), JSON.stringify(result.records));
    c.ws.respond({ hangWhen: JUDGE });
    ({ result } = await c.judge({ evalIds: ['explain'], roundTimeoutSeconds: 1, killGraceMs: 100 }));
    assert.equal(result.plan.pending, 2, 'failed judgments are made again');
    assert.ok(result.records.every((r) => r.reason === 'judge-timed-out'), JSON.stringify(result.records));
  });

  it("the next command carries on a judgment whose sessions never answered: its failed attempts counted on, listed and kept in attempt-<n>/ (trial74 F3b)", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const folder = (arm: string) => join(c.ws.iteration(), `eval-explain/${arm}/run-1/judge/short/1`);
    const named = (message: string) => message.replace(/^.*see (\S+?)\)?$/s, '$1');
    const entries = (dir: string) => readdirSync(dir).filter((name) => name !== '.eval-magic-run.lock').sort();
    // A judge that fails every session: each judgment ungraded after 2 attempts.
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 } });
    let { result } = await c.judge({ evalIds: ['explain'], retries: 1, jobs: 1 });
    assert.deepEqual(result.records.map((r) => [r.reason, r.attempts, r.failures.map((f) => f.attempt)]), [['judge-failed', 2, [1]], ['judge-failed', 2, [1]]]);
    const stderrOfAttempt2 = readFileSync(join(folder('with_skill'), 'turn-1/claude-stderr.log'), 'utf8');
    // The next command, the judge working again and no --retries: one session each (its own
    // --retries are its own), counted on from the earlier command's two.
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const before = judgeCalls(c).length;
    ({ result } = await c.judge({ evalIds: ['explain'], jobs: 1 }));
    assert.equal(judgeCalls(c).length - before, 2);
    for (const record of result.records) {
      const dir = folder(record.condition!);
      assert.deepEqual([record.verdict?.passed, record.attempts, record.failures.map((f) => [f.attempt, f.reason])], [true, 3, [[1, 'judge-failed'], [2, 'judge-failed']]], JSON.stringify(record));
      // Each failure names its own attempt's stderr log, kept where it names it.
      for (const failure of record.failures) assert.equal(named(failure.message), join(dir, `attempt-${failure.attempt}`, 'turn-1', 'claude-stderr.log'), failure.message);
      assert.deepEqual(entries(dir), ['attempt-1', 'attempt-2', 'judgment.json', 'packet.md', 'turn-1']);
    }
    assert.equal(readFileSync(join(folder('with_skill'), 'attempt-2/turn-1/claude-stderr.log'), 'utf8'), stderrOfAttempt2);
    // Its verdict is its judge's answer (turn-1/, the last attempt's): check passes it, and it stands.
    const report = await check([join(folder('with_skill'), 'judgment.json')], { cwd: c.ws.root });
    assert.equal(report.errorCount, 0, JSON.stringify(report.results));
    assert.equal((await c.judge({ evalIds: ['explain'] })).result.plan.pending, 0);
  });

  it("the plan says how many of the judgments to make carry on earlier failed attempts, --dry-run too; another judge's start afresh and are not counted", async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 } });
    await c.judge({ evalIds: ['explain'], jobs: 1 });
    // Every judgment of the plan ungraded after a failed session: the next command carries all on.
    const dry = await c.judge({ evalIds: ['explain'], dryRun: true });
    assert.equal(dry.result.plan.pending, 2);
    assert.equal(dry.result.plan.afterFailedAttempts, 2);
    assert.match(describePlan(dry.result.plan).split('\n')[1]!, /^ {2}2 to make \(2 after earlier failed attempts\), 0 made already, /);
    // Another judge (--model) carries none of them on: its line says none.
    const other = await c.judge({ evalIds: ['explain'], model: 'other-model', dryRun: true });
    assert.equal(other.result.plan.afterFailedAttempts, undefined);
    assert.match(describePlan(other.result.plan).split('\n')[1]!, /^ {2}2 to make, 0 made already, /);
    // The real command's plan says it as the dry run did, then carries them on.
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    const { result } = await c.judge({ evalIds: ['explain'], jobs: 1 });
    assert.equal(result.plan.afterFailedAttempts, 2);
    assert.deepEqual(result.records.map((r) => r.attempts), [2, 2]);
  });

  it("a command stopped while it carried a judgment on leaves the next one its attempts: the earlier record stays until replaced, naming attempt-<n>/; a kept attempt-<n>/ is never written over, and one no record counts goes", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const dir = join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1');
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 } });
    await c.judge({ evalIds: ['explain'], retries: 1, jobs: 1 });
    const stderrOfAttempt2 = readFileSync(join(dir, 'turn-1/claude-stderr.log'), 'utf8');
    // The next command is stopped while both judges hang.
    c.ws.respond({ hangWhen: JUDGE });
    const before = judgeCalls(c).length;
    const stop = new AbortController();
    const pending = c.judge({ evalIds: ['explain'], signal: stop.signal, jobs: 2, killGraceMs: 100 });
    for (let i = 0; i < 600 && judgeCalls(c).length < before + 2; i++) await new Promise((r) => setTimeout(r, 50));
    stop.abort();
    assert.equal((await pending).result.interrupted, true);
    assert.equal(judgeCalls(c).length, before + 2);
    // The earlier record is there still, its last attempt's files in attempt-2/ and named there.
    let record = JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8'));
    assert.deepEqual([record.reason, record.attempts, record.failures.map((f: { attempt: number }) => f.attempt)], ['judge-failed', 2, [1]]);
    assert.match(record.message, /[/\\]1[/\\]attempt-2[/\\]turn-1[/\\]claude-stderr\.log$/);
    assert.equal(readFileSync(join(dir, 'attempt-2/turn-1/claude-stderr.log'), 'utf8'), stderrOfAttempt2);
    // As a command killed in its retry would leave it besides: attempt-3/, which no record counts.
    mkdirSync(join(dir, 'attempt-3/turn-1'), { recursive: true });
    writeFileSync(join(dir, 'attempt-3/turn-1/claude-stderr.log'), 'a killed retry');
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'], jobs: 1 });
    record = JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8'));
    assert.deepEqual([record.verdict?.passed, record.attempts, record.failures.map((f: { attempt: number }) => f.attempt)], [true, 3, [1, 2]]);
    assert.match(record.failures[1].message, /[/\\]1[/\\]attempt-2[/\\]turn-1[/\\]claude-stderr\.log$/);
    assert.equal(readFileSync(join(dir, 'attempt-2/turn-1/claude-stderr.log'), 'utf8'), stderrOfAttempt2);
    assert.deepEqual(readdirSync(dir).filter((name) => name !== '.eval-magic-run.lock').sort(), ['attempt-1', 'attempt-2', 'judgment.json', 'packet.md', 'turn-1']);
  });

  it("a command stopped mid-retry keeps every failed attempt on record: judgment.json is rewritten after each, so the next command counts them on and keeps their attempt-<n>/ (review36)", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const dir = join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1');
    const entries = () => readdirSync(dir).filter((name) => name !== '.eval-magic-run.lock').sort();
    const onRecord = () => {
      const record = JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8'));
      return [record.verdict?.passed ?? null, record.reason, record.attempts, record.failures.map((f: { attempt: number }) => f.attempt)];
    };
    /** A judge --retries 3 command on this judgment, stopped once its judge has started `sessions` sessions (each failing after 1.5 s). */
    const stoppedAfter = async (sessions: number) => {
      c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 }, latencyMs: 1500 });
      const before = judgeCalls(c).length;
      const stop = new AbortController();
      const pending = c.judge({ evalIds: ['explain'], retries: 3, signal: stop.signal, jobs: 1, killGraceMs: 100 });
      for (let i = 0; i < 600 && judgeCalls(c).length < before + sessions; i++) await new Promise((r) => setTimeout(r, 50));
      stop.abort();
      assert.equal((await pending).result.interrupted, true);
      assert.equal(judgeCalls(c).length - before, sessions);
    };
    // A fresh judgment stopped during its second session: its first, failed, is on record, its files in attempt-1/.
    await stoppedAfter(2);
    assert.deepEqual(onRecord(), [null, 'judge-failed', 1, []]);
    assert.ok(existsSync(join(dir, 'attempt-1/turn-1/claude-stderr.log')));
    let report = await check([join(dir, 'judgment.json')], { cwd: c.ws.root });
    assert.equal(report.errorCount, 0, JSON.stringify(report.results));
    // Carrying it on, stopped during its second session again: attempt 2 is on record too.
    await stoppedAfter(2);
    assert.deepEqual(onRecord(), [null, 'judge-failed', 2, [1]]);
    // The stopped session's own files go with it (review40): the next command would file them as attempt 2's.
    assert.deepEqual(entries(), ['attempt-1', 'attempt-2', 'judgment.json']);
    // Stopped during its first session: nothing failed meanwhile, the record stands as it was.
    const written = readFileSync(join(dir, 'judgment.json'), 'utf8');
    await stoppedAfter(1);
    assert.equal(readFileSync(join(dir, 'judgment.json'), 'utf8'), written);
    // The judge answers: every failed attempt counted on, each kept where its failure names it.
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'], jobs: 1 });
    assert.deepEqual(onRecord(), [true, null, 3, [1, 2]]);
    const record = JSON.parse(readFileSync(join(dir, 'judgment.json'), 'utf8'));
    for (const failure of record.failures) assert.ok(existsSync(failure.message.replace(/^.*see (\S+?)\)?$/s, '$1')), failure.message);
    assert.deepEqual(entries(), ['attempt-1', 'attempt-2', 'judgment.json', 'packet.md', 'turn-1']);
    report = await check([join(dir, 'judgment.json')], { cwd: c.ws.root });
    assert.equal(report.errorCount, 0, JSON.stringify(report.results));
  });

  it('starts afresh a judgment made of other inputs, or by another judge, and one that replaces a verdict: their earlier attempts are another judgment\'s', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const dir = (repeat: number) => join(c.ws.iteration(), `eval-explain/with_skill/run-1/judge/short/${repeat}`);
    c.ws.respond({ exitWith: { pattern: JUDGE, code: 3 } });
    await c.judge({ evalIds: ['explain'], retries: 1, jobs: 1 });
    // Another judge (--model): its first session, whatever the default model's failed.
    let { result } = await c.judge({ evalIds: ['explain'], model: 'other-model', jobs: 1 });
    assert.deepEqual(result.records.map((r) => [r.model, r.attempts, r.failures.length]), [['other-model', 1, 0], ['other-model', 1, 0]]);
    assert.ok(!existsSync(join(dir(1), 'attempt-1')));
    // Its own failures carry on (with --retries 1: two more sessions, attempts 3).
    ({ result } = await c.judge({ evalIds: ['explain'], model: 'other-model', retries: 1, jobs: 1 }));
    assert.deepEqual(result.records.map((r) => [r.attempts, r.failures.map((f) => f.attempt)]), [[3, [1, 2]], [3, [1, 2]]]);
    // The rubric edited: a new judgment, of other inputs.
    const evals = judgedEvals();
    (evals.evals[1] as Record<string, unknown>).assertions = [{ id: 'short', type: 'llm_judge', rubric: 'The answer is brief.' }];
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    ({ result } = await c.judge({ evals: c.ws.evalsPath, evalIds: ['explain'], model: 'other-model', jobs: 1 }));
    assert.deepEqual(result.records.map((r) => [r.verdict?.passed, r.attempts, r.failures.length]), [[true, 1, 0], [true, 1, 0]]);
    assert.ok(!existsSync(join(dir(1), 'attempt-1')) && !existsSync(join(dir(1), 'attempt-2')));
    // A verdict made again (its rubric edited back): a new judgment too, whatever attempts it took.
    writeFileSync(c.ws.evalsPath, JSON.stringify(judgedEvals(), null, 2));
    ({ result } = await c.judge({ evals: c.ws.evalsPath, evalIds: ['explain'], model: 'other-model', jobs: 1 }));
    assert.equal(result.plan.replacesEarlier, 2);
    assert.deepEqual(result.records.map((r) => [r.attempts, r.failures.length]), [[1, 0], [1, 0]]);
  });

  it('--retries never asks again a judge that answered: a malformed verdict or one without evidence is kept as the first answer, as on resume (asking until a verdict comes would pick the verdicts)', async () => {
    for (const [answer, reason] of [['not json', 'malformed-verdict'], [JSON.stringify({ passed: true, evidence: '', confidence: 0.9 }), 'no-evidence']] as const) {
      // A fresh campaign each: the fake judge answers texts[n], n its sessions logged before.
      const c = await judgedCampaign({ runs: 1 });
      c.ws.respond({ judge: [{ when: JUDGE, texts: [answer, answer, verdict(true)] }] });
      const { result } = await c.judge({ evalIds: ['explain'], retries: 2, jobs: 1 });
      assert.equal(judgeCalls(c).length, 2, `${reason}: one session per judgment, no retry`);
      for (const record of result.records) {
        assert.deepEqual([record.verdict, record.reason, record.attempts, record.failures], [null, reason, 1, []], reason);
      }
      assert.equal((await c.judge({ evalIds: ['explain'], retries: 2 })).result.plan.pending, 0, `${reason}: kept on resume too`);
    }
  });

  it('resumes: a second command makes nothing; a rubric edit re-judges that assertion only; --repeats adds the missing repeats', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    await c.judge();
    let { result } = await c.judge();
    assert.deepEqual([result.plan.done, result.plan.pending, result.records.length], [6, 0, 0]);
    assert.equal(judgeCalls(c).length, 6);
    // Another judge asked for (--model): the judgments made already are kept, but not passed off as
    // its own — "all 6 made already" said nothing of who made them. An assertion's own model
    // (add-column's short: judge-model-x) still wins, so its 2 are this judge's, the other 4 not.
    ({ result } = await c.judge({ model: 'other-model' }));
    assert.deepEqual([result.plan.done, result.plan.pending, result.records.length], [6, 0, 0]);
    assert.equal(result.plan.madeByOtherJudge?.length, 4, JSON.stringify(result.plan.madeByOtherJudge));
    assert.match(result.plan.madeByOtherJudge![0]!, /judge\/explains-utc\/1: made by claude-code with the harness's default model, where this command asks claude-code with model "other-model"$/);
    assert.match(describePlan(result.plan), /\n {2}warning: 4 of the judgments made already were made by another judge than this command asks \(.*judge\/explains-utc\/1: made by claude-code with the harness's default model, where this command asks claude-code with model "other-model"; and 3 more\): they are kept, and compare counts their votes with any made now \(its validity warning judges-mixed names each judge with its votes\); to add this judge's, run again with --repeats 2$/);
    assert.equal(result.plan.repeatsToAddThisJudge, 2);
    assert.equal(judgeCalls(c).length, 6);
    ({ result } = await c.judge());
    assert.equal(result.plan.madeByOtherJudge, undefined);
    writeFileSync(c.ws.evalsPath, JSON.stringify(judgedEvals('The agent says why UTC matters for exports.'), null, 2));
    ({ result } = await c.judge({ evals: c.ws.evalsPath }));
    assert.deepEqual([result.plan.done, result.plan.pending], [4, 2]);
    assert.deepEqual(new Set(result.records.map((r) => r.assertion_id)), new Set(['explains-utc']));
    // One eval's: 2 runs × 1 assertion × 3 repeats, the first made already.
    ({ result } = await c.judge({ evals: c.ws.evalsPath, repeats: 3, evalIds: ['explain'] }));
    assert.deepEqual([result.plan.judgments, result.plan.done, result.plan.pending], [6, 2, 4]);
    assert.deepEqual(result.records.map((r) => r.repeat).sort(), [2, 2, 3, 3]);
    // Another judge after those 3 repeats: the --repeats it is told to run with adds one of its own
    // judgments — 4, not "one more" than its own --repeats 1 (2, and 3 next: each made already).
    ({ result } = await c.judge({ evals: c.ws.evalsPath, model: 'other-model', evalIds: ['explain'] }));
    assert.equal(result.plan.repeatsToAddThisJudge, 4);
    assert.match(describePlan(result.plan), /to add this judge's, run again with --repeats 4$/);
    ({ result } = await c.judge({ evals: c.ws.evalsPath, model: 'other-model', evalIds: ['explain'], repeats: 4 }));
    assert.deepEqual([result.plan.done, result.plan.pending], [6, 2]);
    assert.deepEqual(result.records.map((r) => [r.repeat, r.model]), [[4, 'other-model'], [4, 'other-model']]);
    // Again, this judge's own made: no --repeats to advise (it advised --repeats 5, a session per run for judgments there already; review24).
    ({ result } = await c.judge({ evals: c.ws.evalsPath, model: 'other-model', evalIds: ['explain'], repeats: 4, dryRun: true }));
    assert.equal(result.plan.repeatsToAddThisJudge, undefined);
    assert.match(describePlan(result.plan), /; this command's judge has judgments of its own there too$/);
    assert.equal(RUBRIC_UTC.length > 0, true);
  });

  it("one judgment made by another judge is said as one ('it is kept … its vote'), not as several", () => {
    const said = describePlan({ harness: 'claude-code', runs: 1, repeats: 1, judgments: 1, done: 1, pending: 0, sessionsPerRun: { e1: 1 }, shard: undefined, jobs: 1, madeByOtherJudge: ['judge/a/1: made by codex with the harness\'s default model, where this command asks claude-code with the harness\'s default model'] });
    assert.match(said, /\n {2}warning: 1 of the judgments made already was made by another judge than this command asks \(judge\/a\/1: .*\): it is kept, and compare counts its vote with any made now /);
  });

  it('--shard k/n: disjoint shares that together are every judgment', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    // Records are blind (no arm, no run), so each share is told by the judgment files it wrote.
    const first = await c.judge({ shard: '1/2', repeats: 2 });
    const firstFiles = Object.keys(c.judgments());
    const second = await c.judge({ shard: '2/2', repeats: 2 });
    const secondFiles = Object.keys(c.judgments()).filter((key) => !firstFiles.includes(key));
    // Every 2nd of the 12 judgments each: a judgment file per record, none written twice.
    assert.deepEqual([first.result.records.length, firstFiles.length], [6, 6]);
    assert.deepEqual([second.result.records.length, secondFiles.length], [6, 6]);
    // Each share knows the whole plan's count (an empty share is said as such); a plan unsharded has no such field.
    assert.deepEqual([first.result.plan.ofAll, second.result.plan.ofAll], [12, 12]);
    assert.equal(Object.keys(c.judgments()).length, 12);
    const again = await c.judge({ repeats: 2 });
    assert.equal(again.result.plan.pending, 0);
    assert.equal(again.result.plan.ofAll, undefined);
  });

  it('a shard given as { index, count } is checked as campaign checks it: k of n with 1 ≤ k ≤ n, before anything is judged', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    // { index: 3, count: 2 } judged none and said nothing; { count: 0 } took every judgment's share as NaN.
    for (const [shard, shown] of [[{ index: 3, count: 2 }, '3/2'], [{ index: 1, count: 0 }, '1/0'], [{ index: 1.5, count: 2 }, '1.5/2']] as const) {
      await assert.rejects(c.judge({ shard }), { name: 'UsageError', message: `--shard must be k/n with 1 ≤ k ≤ n (e.g. 1/4), got "${shown}"` });
    }
    assert.deepEqual(Object.keys(c.judgments()), []);
  });

  it("--shard k/n: a judgment of one arm's run and its twin of the other arm (same eval, run, assertion, repeat) go to the same shard", async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }] });
    let before: string[] = [];
    for (const shard of ['1/2', '2/2']) {
      await c.judge({ shard });
      const files = Object.keys(c.judgments()).filter((key) => !before.includes(key));
      before = [...before, ...files];
      // Keys are <eval>/<condition>/run-<j>/<assertion>/<repeat>: the same set for both arms.
      const of = (condition: string) => files.filter((key) => key.split('/')[1] === condition).map((key) => key.replace(`/${condition}/`, '/')).sort();
      assert.ok(of('with_skill').length > 0, `shard ${shard} judges something`);
      assert.deepEqual(of('with_skill'), of('without_skill'), `shard ${shard}: ${files.join(', ')}`);
    }
    assert.equal(before.length, 6);
  });

  it('a stop (Ctrl-C) keeps the finished judgments, writes none for the stopped ones, and the next command makes only those', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'The answer is short', texts: [verdict(true)] }], hangWhen: 'explains why the timestamps' });
    const stop = new AbortController();
    const pending = c.judge({ signal: stop.signal, jobs: 2, killGraceMs: 100 });
    // Once both hanging judges hold the two jobs and every quick one that started is written, stop.
    const started = (text: string) => judgeCalls(c).filter((call) => call.prompt.includes(text)).length;
    // The hanging sessions' records are on record as they started (judge-interrupted): not judgments written.
    const written = () => Object.values(c.judgments()).filter((j) => j.reason !== 'judge-interrupted').length;
    const settled = () => started('explains why the timestamps') === 2 && written() === started('The answer is short');
    for (let i = 0; i < 600 && !settled(); i++) await new Promise((r) => setTimeout(r, 50));
    try {
      assert.ok(settled(), `${started('explains why the timestamps')} hanging judges, ${written()} judgments`);
    } finally {
      // Also when the assertion failed: the hanging judges would hold the test process.
      stop.abort();
    }
    const { result } = await pending;
    assert.equal(result.interrupted, true);
    const made = Object.keys(c.judgments());
    assert.ok(made.every((k) => k.includes('/short/')), made.join());
    assert.ok(result.notMade.length >= 1);
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(false)] }] });
    const next = await c.judge();
    assert.equal(next.result.plan.done, made.length);
    assert.equal(Object.keys(c.judgments()).length, 6);
  });

  it('a second stop (the second Ctrl-C) kills judges that ignore SIGTERM at once: with a grace of 10 minutes the command still ends, no judge process left, nothing written for them', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'The answer is short', texts: [verdict(true)] }], hangWhen: 'explains why the timestamps', ignoreSigterm: true, spawnChild: true });
    const [stop, kill] = [new AbortController(), new AbortController()];
    const pending = c.judge({ signal: stop.signal, killSignal: kill.signal, killGraceMs: 600_000, jobs: 2 });
    const hung = () => judgeCalls(c).filter((call) => call.prompt.includes('explains why the timestamps'));
    for (let i = 0; i < 600 && hung().length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    try {
      assert.equal(hung().length, 2, 'both jobs hold a hanging judge');
      stop.abort();
      await new Promise((r) => setTimeout(r, 200));
      assert.ok(hung().every((call) => isRunning(call.mark)), 'the judges ignore SIGTERM: only the second stop can end them');
    } finally {
      // Also when an assertion failed: the 10-minute grace would hold the test process.
      kill.abort();
    }
    const { result } = await pending;
    assert.equal(result.interrupted, true);
    assert.deepEqual(hung().flatMap((call) => [call.mark, call.childMark!]).filter(isRunning), [], 'a judge process outlived the stop');
    assert.equal(result.notMade.filter((j) => j.assertionId === 'explains-utc').length, 2);
    assert.ok(Object.keys(c.judgments()).every((k) => k.includes('/short/')), Object.keys(c.judgments()).join());
  });
});
