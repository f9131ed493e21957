// Every way a conversation finds its eval (--evals, workspace layout, a folder above), and every way it does not.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import { check, UsageError, type CheckOptions } from '../../src/index.js';
import { EvalLookup } from '../../src/checker/cross/eval-lookup.js';
import { CHECK_OPTION_NAMING } from '../../src/checker/check-options.js';
import { SharedReads } from '../../src/fs/read-file.js';
import { runCli } from '../../src/cli/index.js';
import { fullRun, scheduleEvals, TURN_1, TURN_2 } from '../helpers/cross-cases.js';
import { layout } from '../helpers/rule-tester.js';
import { evalCase, evalsOf } from '../helpers/evals-docs.js';
import { evalsMeet } from '../../src/workspace/plan-identity.js';
import type { EvalsFile } from '../../src/evals/types.js';

/** A temp tree from {relative path: JSON value or text}. */
function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-lookup-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : layout(content));
  }
  return root;
}

const edited = scheduleEvals({ prompt: 'Plan a sync.' });
const WS = '.eval-magic/demo/iteration-2/eval-s/with_skill';

/** Runs check and returns [file, ruleId] of the findings and the lookup notes. */
async function run(root: string, paths: string[], options: CheckOptions = {}) {
  const notes: Record<string, string> = {};
  const report = await check(paths, { cwd: root, onEvalLookup: (file, r) => void (notes[file] = r.note), ...options });
  return { findings: report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId])), notes };
}

describe('eval lookup', () => {
  it('--evals holds every conversation to that file, and names it as given', async () => {
    const root = tree({ 'defs/evals.json': edited, 'runs/eval-s/conversation.json': fullRun, 'runs/evals.json': scheduleEvals() });
    const report = await check(['runs/eval-s/conversation.json'], { cwd: root, evals: 'defs/evals.json' });
    const [finding] = report.results[0]!.messages;
    assert.equal(finding?.ruleId, 'eval-prompt');
    assert.match(finding!.message, /\(defs\/evals\.json:6:17\)/);
  });
  it('--evals that is missing or not JSON is a usage error with its position', async () => {
    const root = tree({ 'bad.json': '{"evals": [', 'c/conversation.json': fullRun });
    await assert.rejects(check(['c'], { cwd: root, evals: 'nope.json' }), (e: Error) => e instanceof UsageError && /^the evals option "nope.json": cannot read it: No such file or directory \(ENOENT\)$/.test(e.message));
    await assert.rejects(check(['c'], { cwd: root, evals: 'bad.json' }), (e: Error) => e instanceof UsageError && /bad\.json:1:12/.test(e.message));
  });
  it('--evals naming a file that is no evals.json at all (a conversation.json given by mistake) is a usage error, not "has no eval" on every conversation', async () => {
    const root = tree({ 'c/conversation.json': fullRun, 'list.json': '[]' });
    await assert.rejects(check(['c'], { cwd: root, evals: 'c/conversation.json' }), (e: Error) => e instanceof UsageError && e.message === 'the evals option "c/conversation.json": not an evals.json: c/conversation.json:1:1 has no "evals" array.');
    await assert.rejects(check(['c'], { cwd: root, evals: 'list.json' }), (e: Error) => e instanceof UsageError && /^the evals option "list\.json": not an evals\.json: list\.json:1:1 has no "evals" array\.$/.test(e.message));
  });
  for (const [name, evalsAt] of [
    ['the skill folder beside the workspace', 'demo/evals/evals.json'],
    ['a skills/ folder beside the workspace', 'skills/demo/evals/evals.json'],
    ['run from inside the skill folder', 'evals/evals.json'],
  ] as const) {
    it(`workspace layout: ${name} (${evalsAt})`, async () => {
      const root = tree({ [evalsAt]: edited, [`${WS}/run-3/conversation.json`]: fullRun });
      const { findings, notes } = await run(root, ['.eval-magic']);
      assert.deepEqual(findings, [[`.eval-magic/demo/iteration-2/eval-s/with_skill/run-3/conversation.json`, 'eval-prompt']]);
      assert.match(Object.values(notes)[0]!, new RegExp(`at ${evalsAt.replace(/\//g, '\\/')}:4:5 \\(workspace layout, folder eval-s\\)`));
    });
  }
  it("workspace layout: the evals.json the iteration's campaign.json names, as compare and judge take it (a skill kept elsewhere, .claude/skills/demo)", async () => {
    const root = tree({ '.claude/skills/demo/evals/evals.json': edited, 'evals/evals.json': scheduleEvals(), [`${WS}/run-3/conversation.json`]: fullRun });
    const campaign = {
      schema_version: 1, eval_magic_version: '0.1.0', conditions: ['with_skill', 'without_skill'],
      skill: { name: 'demo', source: '.claude/skills/demo', sha256: '0'.repeat(64) }, baseline: null, harness: { name: 'claude-code', descriptor_sha256: null },
      evals: { path: join(root, '.claude/skills/demo/evals/evals.json'), sha256: '0'.repeat(64) }, runs: { s: 3 }, order: [], model: null,
    };
    writeFileSync(join(root, '.eval-magic/demo/iteration-2/campaign.json'), layout(campaign));
    const { findings, notes } = await run(root, ['.eval-magic']);
    assert.deepEqual(findings, [[`${WS}/run-3/conversation.json`, 'eval-prompt']]);
    assert.match(Object.values(notes)[0]!, /at \.claude\/skills\/demo\/evals\/evals\.json:4:5 \(the iteration's campaign\.json, folder eval-s\)/);
    // One it names that is not there, or inside the workspace (where an agent could have written it):
    // the layout's candidate, as compare takes it — only of the bytes the campaign ran; else checked alone, and why.
    const ran = createHash('sha256').update(layout(scheduleEvals())).digest('hex');
    for (const path of [join(root, 'gone/evals.json'), join(root, '.eval-magic/demo/evals.json')]) {
      writeFileSync(join(root, '.eval-magic/demo/evals.json'), layout(edited));
      for (const sha256 of [ran, '0'.repeat(64)]) {
        writeFileSync(join(root, '.eval-magic/demo/iteration-2/campaign.json'), layout({ ...campaign, evals: { ...campaign.evals, path, sha256 } }));
        const again = await run(root, ['.eval-magic']);
        // None stands for the runs: compare and judge stop there, and check says so at each run (eval-missing no-evals).
        assert.deepEqual(again.findings, sha256 === ran ? [] : [[`${WS}/run-3/conversation.json`, 'eval-missing']], path);
        const note = sha256 === ran ? /at evals\/evals\.json:4:5 \(workspace layout, folder eval-s\)/ : /^no evals\.json: its campaign\.json names ".*", which is not found outside \.eval-magic .* \(the evals\.json found near its runs, evals\/evals\.json, is not the one it ran\); checked alone$/;
        assert.match(Object.values(again.notes)[0]!, note, path);
      }
    }
  });
  it("an eval edited since its campaign ran (campaign.json's evals.meets): its runs get one eval-missing finding, not a \"forged\" follow-up each", async () => {
    const meets = evalsMeet(scheduleEvals() as unknown as EvalsFile, '/nowhere');
    const campaign = {
      schema_version: 1, eval_magic_version: '0.1.0', conditions: ['with_skill', 'without_skill'],
      skill: { name: 'demo', source: 'demo', sha256: '0'.repeat(64) }, baseline: null, harness: { name: 'claude-code', descriptor_sha256: null },
      evals: { path: 'demo/evals/evals.json', sha256: '0'.repeat(64), meets }, runs: { s: 3 }, order: [], model: null,
    };
    // The second turn reworded after iteration 2 ran: its runs delivered the old text, as they had to.
    const reworded = scheduleEvals({}, [{ prompt: TURN_1, deliver_when: 'agent_asks', agent_response_matches: '(?i)time ?zone' }, { prompt: 'Send it now.', deliver_when: 'always' }]);
    const root = tree({ 'demo/evals/evals.json': reworded, [`${WS}/run-3/conversation.json`]: fullRun, '.eval-magic/demo/iteration-2/campaign.json': campaign });
    const { findings, notes } = await run(root, ['.eval-magic']);
    assert.deepEqual(findings, [[`${WS}/run-3/conversation.json`, 'eval-missing']]);
    assert.match(Object.values(notes)[0]!, /eval "s" at demo\/evals\/evals\.json:4:5 \(the iteration's campaign\.json, folder eval-s\), whose turns changed since the campaign of iteration-2 ran/);
    // Unchanged since: held to its script as ever (a forged follow-up is found).
    const forged = { ...fullRun, events: fullRun.events.map((e) => ('text' in e && e.text === TURN_2 ? { ...e, text: 'Send it now.' } : e)) };
    const same = tree({ 'demo/evals/evals.json': scheduleEvals(), [`${WS}/run-3/conversation.json`]: forged, '.eval-magic/demo/iteration-2/campaign.json': campaign });
    assert.deepEqual((await run(same, ['.eval-magic'])).findings, [[`${WS}/run-3/conversation.json`, 'turn-text']]);
  });
  it("a workspace of any name (campaign --workspace runs): its iteration's campaign.json names the evals.json, as compare finds it", async () => {
    const campaign = {
      schema_version: 1, eval_magic_version: '0.1.0', conditions: ['with_skill', 'without_skill'],
      skill: { name: 'demo', source: 'demo', sha256: '0'.repeat(64) }, baseline: null, harness: { name: 'claude-code', descriptor_sha256: null },
      evals: { path: 'demo/evals/evals.json', sha256: '0'.repeat(64) }, runs: { s: 3 }, order: [], model: null,
    };
    const iteration = 'runs/demo/iteration-2';
    const root = tree({ 'demo/evals/evals.json': edited, [`${iteration}/eval-s/with_skill/run-3/conversation.json`]: fullRun, [`${iteration}/eval-s/without_skill/conversation.json`]: fullRun, [`${iteration}/campaign.json`]: campaign });
    const expected = [[`${iteration}/eval-s/with_skill/run-3/conversation.json`, 'eval-prompt'], [`${iteration}/eval-s/without_skill/conversation.json`, 'eval-prompt']];
    // Named as the workspace, the iteration, or the file: the same verdict, as under .eval-magic.
    for (const named of ['runs', iteration, `${iteration}/eval-s/with_skill/run-3/conversation.json`]) {
      const { findings, notes } = await run(root, [named]);
      assert.deepEqual(findings, expected.filter(([file]) => file!.startsWith(named)), named);
      assert.match(Object.values(notes)[0]!, /at demo\/evals\/evals\.json:4:5 \(the iteration's campaign\.json, folder eval-s\)/, named);
    }
    // Its evals.meets holds the runs to the script they were given, as under .eval-magic.
    const reworded = scheduleEvals({}, [{ prompt: TURN_1, deliver_when: 'agent_asks', agent_response_matches: '(?i)time ?zone' }, { prompt: 'Send it now.', deliver_when: 'always' }]);
    writeFileSync(join(root, 'demo/evals/evals.json'), layout(reworded));
    writeFileSync(join(root, iteration, 'campaign.json'), layout({ ...campaign, evals: { ...campaign.evals, meets: evalsMeet(scheduleEvals() as unknown as EvalsFile, '/nowhere') } }));
    assert.deepEqual((await run(root, ['runs'])).findings.map(([, id]) => id), ['eval-missing', 'eval-missing']);
    writeFileSync(join(root, 'demo/evals/evals.json'), layout(edited));
    // No campaign.json, one that is not valid, or a link to a valid one (compare reads none of them): no workspace, checked as before, alone.
    const elsewhere = tree({ 'campaign.json': campaign });
    for (const write of [() => {}, () => writeFileSync(join(root, iteration, 'campaign.json'), '{"schema_version": 1}'), () => symlinkSync(join(elsewhere, 'campaign.json'), join(root, iteration, 'campaign.json'))]) {
      rmSync(join(root, iteration, 'campaign.json'), { force: true });
      write();
      const { findings, notes } = await run(root, ['runs']);
      assert.deepEqual(findings, []);
      assert.deepEqual(Object.values(notes), ['no evals.json found; checked alone', 'no evals.json found; checked alone']);
    }
  });
  it("a campaign's run whose evals.json is not found is not held to one inside its workspace (where an agent could have written it), which compare refuses too", async () => {
    const campaign = {
      schema_version: 1, eval_magic_version: '0.1.0', conditions: ['with_skill', 'without_skill'],
      skill: { name: 'demo', source: 'demo', sha256: '0'.repeat(64) }, baseline: null, harness: { name: 'claude-code', descriptor_sha256: null },
      evals: { path: 'gone/evals.json', sha256: createHash('sha256').update(layout(edited)).digest('hex') }, runs: { s: 3 }, order: [], model: null,
    };
    for (const workspace of ['runs', '.eval-magic']) {
      const iteration = `${workspace}/demo/iteration-2`;
      const conversation = `${iteration}/eval-s/with_skill/run-3/conversation.json`;
      // In the workspace, the iteration, the run's own folder: none of them is the skill's.
      for (const inside of [`${workspace}/evals.json`, `${iteration}/evals.json`, `${iteration}/eval-s/with_skill/run-3/evals.json`]) {
        const root = tree({ '.git/HEAD': 'ref: refs/heads/main\n', [inside]: edited, [conversation]: fullRun, [`${iteration}/campaign.json`]: campaign });
        const { findings, notes } = await run(root, [workspace]);
        assert.deepEqual(findings, [[conversation, 'eval-missing']], inside);
        assert.match(Object.values(notes)[0]!, /^no evals\.json: its campaign\.json names "gone\/evals\.json", which is not found outside .*; checked alone$/, inside);
        // One above the workspace, of the bytes the campaign ran, is the project's (as compare takes it); of others, none.
        writeFileSync(join(root, 'evals.json'), layout(edited));
        assert.deepEqual((await run(root, [workspace])).findings, [[conversation, 'eval-prompt']], inside);
        writeFileSync(join(root, 'evals.json'), layout(scheduleEvals()));
        assert.deepEqual((await run(root, [workspace])).findings, [[conversation, 'eval-missing']], inside);
      }
    }
  });
  it('workspace candidates are tried most specific first', async () => {
    const root = tree({ 'demo/evals/evals.json': scheduleEvals(), 'evals/evals.json': edited, [`${WS}/conversation.json`]: fullRun });
    assert.deepEqual((await run(root, ['.eval-magic'])).findings, []);
  });
  it('an evals.json in the artifact folder or above, with the eval-<id> folder naming the eval', async () => {
    const root = tree({ 'evals.json': edited, 'a/b/eval-s/conversation.json': fullRun });
    const { findings, notes } = await run(root, ['a']);
    assert.deepEqual(findings, [['a/b/eval-s/conversation.json', 'eval-prompt']]);
    assert.match(notes['a/b/eval-s/conversation.json']!, /evals\.json in a folder above, folder eval-s/);
  });
  it('an eval-<id> folder that evals.json lacks is eval-missing', async () => {
    const root = tree({ 'evals.json': scheduleEvals(), 'eval-gone/conversation.json': fullRun });
    assert.deepEqual((await run(root, ['eval-gone'])).findings, [['eval-gone/conversation.json', 'eval-missing']]);
  });
  it("the runner's <out>/<eval-id>/ folder names the eval", async () => {
    const root = tree({ 'evals.json': edited, 'out/s/conversation.json': fullRun });
    const { findings, notes } = await run(root, ['out']);
    assert.deepEqual(findings, [['out/s/conversation.json', 'eval-prompt']]);
    assert.match(notes['out/s/conversation.json']!, /folder s\//);
  });
  it('without folder clues, the one eval whose prompt is the first user message', async () => {
    const root = tree({ 'evals.json': scheduleEvals({}, [{ prompt: 'Different.', deliver_when: 'always' }]), 'out/conversation.json': fullRun });
    const { findings, notes } = await run(root, ['out']);
    assert.deepEqual(findings.map(([, id]) => id), ['turns-delivered', 'turn-text', 'turn-text']);
    assert.match(notes['out/conversation.json']!, /first user message equals the eval prompt/);
  });
  it('a folder or file named through a symbolic link is looked up where it really is: the same findings as the real folder', async () => {
    const root = tree({ 'ws/demo/evals/evals.json': edited, [`ws/${WS}/run-3/conversation.json`]: fullRun });
    symlinkSync('ws/.eval-magic', join(root, 'linked-workspace'));
    symlinkSync('ws/.eval-magic/demo/iteration-2', join(root, 'linked-iteration'));
    symlinkSync('ws', join(root, 'linked-checkout'));
    const real = (await run(root, ['ws/.eval-magic'])).findings.map(([, id]) => id);
    assert.deepEqual(real, ['eval-prompt']);
    for (const named of ['linked-workspace', 'linked-iteration', 'linked-checkout/.eval-magic', 'linked-workspace/**/conversation.json', 'linked-iteration/eval-s/with_skill/run-3/conversation.json']) {
      const { findings, notes } = await run(root, [named]);
      assert.deepEqual(findings.map(([, id]) => id), real, named);
      assert.match(Object.values(notes)[0]!, /at ws\/demo\/evals\/evals\.json:4:5 \(workspace layout, folder eval-s\)/, named);
    }
    const stdin = await run(root, ['-'], { stdin: { bytes: layout(fullRun), filePath: 'linked-iteration/eval-s/with_skill/conversation.json' } });
    assert.deepEqual(stdin.findings.map(([, id]) => id), real);
    // A file that is itself a link, named where nothing is around it: read, and looked up, where it leads.
    mkdirSync(join(root, 'elsewhere'));
    symlinkSync(`../ws/${WS}/run-3/conversation.json`, join(root, 'elsewhere', 'conversation.json'));
    const linkedFile = await run(root, ['elsewhere/conversation.json']);
    assert.deepEqual(linkedFile.findings.map(([, id]) => id), real);
    assert.match(Object.values(linkedFile.notes)[0]!, /at ws\/demo\/evals\/evals\.json:4:5 \(workspace layout, folder eval-s\)/);
  });
  it('no evals.json found, or none matching, or one broken: checked alone, said in the notes, never a failure', async () => {
    const root = tree({ 'none/conversation.json': fullRun });
    const alone = await run(join(root, 'none'), ['.']);
    assert.deepEqual(alone.findings, []);
    assert.equal(alone.notes['conversation.json'], 'no evals.json found; checked alone');
    const other = tree({ 'evals.json': scheduleEvals({ prompt: 'Something else.' }), 'x/conversation.json': fullRun });
    const unmatched = await run(other, ['x']);
    assert.deepEqual(unmatched.findings, []);
    assert.match(unmatched.notes['x/conversation.json']!, /^evals\.json found but no eval matches .*; checked alone$/);
    const broken = tree({ 'evals.json': '{"skill_name": ', 'eval-s/conversation.json': fullRun });
    const brokenRun = await run(broken, ['eval-s']);
    assert.deepEqual(brokenRun.findings, []);
    assert.match(brokenRun.notes['eval-s/conversation.json']!, /^evals\.json cannot be used \(not valid JSON at evals\.json:1:16: .*\); checked alone$/);
  });
  it('stdin is looked up as the file --stdin-filename names', async () => {
    const root = tree({ 'demo/evals/evals.json': edited });
    const { findings } = await run(root, ['-'], { stdin: { bytes: layout(fullRun), filePath: `${WS}/conversation.json` } });
    assert.deepEqual(findings, [[`${WS}/conversation.json`, 'eval-prompt']]);
  });
  it('each evals.json is read once per run, however many artifacts share it', async () => {
    const root = tree({ 'evals.json': scheduleEvals() });
    const lookup = new EvalLookup({ cwd: root, names: CHECK_OPTION_NAMING.library });
    const first = await lookup.resolve(join(root, 'eval-s/run-1/conversation.json'), undefined);
    writeFileSync(join(root, 'evals.json'), layout(edited));
    const second = await lookup.resolve(join(root, 'eval-s/run-2/conversation.json'), undefined);
    assert.equal(first.match?.status === 'matched' && first.match.eval.prompt?.value, 'Plan a meeting.');
    assert.equal(second.match?.status === 'matched' && second.match.eval, first.match?.status === 'matched' && first.match.eval);
  });
  it('with reads shared with the caller, an evals.json the caller read is not read again: the lookup judges the same bytes', async () => {
    const root = tree({ 'evals.json': scheduleEvals() });
    const reads = new SharedReads();
    assert.equal(reads.read(join(root, 'evals.json'), 'the evals file').ok, true);
    writeFileSync(join(root, 'evals.json'), layout(edited));
    const found = await new EvalLookup({ cwd: root, reads, names: CHECK_OPTION_NAMING.library }).resolve(join(root, 'eval-s/run-1/conversation.json'), undefined);
    assert.equal(found.match?.status === 'matched' && found.match.eval.prompt?.value, 'Plan a meeting.');
    // Without them, the file as it is now.
    const own = await new EvalLookup({ cwd: root, names: CHECK_OPTION_NAMING.library }).resolve(join(root, 'eval-s/run-1/conversation.json'), undefined);
    assert.equal(own.match?.status === 'matched' && own.match.eval.prompt?.value, 'Plan a sync.');
  });
  it('of two evals with one id, an eval-<id> folder picks the first, as in file order (eval-id-unique reports the second)', async () => {
    const root = tree({ 'evals.json': evalsOf(evalCase('s', 'Plan a meeting.'), evalCase('t', 'Other.'), evalCase('s', 'Plan a sync.')) });
    const lookup = new EvalLookup({ cwd: root, names: CHECK_OPTION_NAMING.library });
    const found = await lookup.resolve(join(root, 'eval-s/run-1/conversation.json'), undefined);
    assert.equal(found.match?.status === 'matched' && found.match.eval.prompt?.value, 'Plan a meeting.');
    const other = await lookup.resolve(join(root, 't/conversation.json'), undefined);
    assert.equal(other.match?.status === 'matched' && other.match.eval.prompt?.value, 'Other.');
  });
});

describe('file kinds', () => {
  it('folders are searched for conversation.json and evals.json; --kind narrows the search', async () => {
    const root = tree({ 'evals.json': scheduleEvals(), 'eval-s/conversation.json': fullRun });
    const files = async (kind?: 'conversation' | 'evals') => (await check(['.'], { cwd: root, kind })).results.map((r) => r.filePath);
    assert.deepEqual(await files(), ['eval-s/conversation.json', 'evals.json']);
    assert.deepEqual(await files('conversation'), ['eval-s/conversation.json']);
    assert.deepEqual(await files('evals'), ['evals.json']);
  });
  it('--kind evals checks a file of any name as evals.json; --pattern replaces the search, kinds still follow names', async () => {
    const root = tree({ 'my-evals.json': { skill_name: 'x', evals: [] }, 'a/evals.json': scheduleEvals() });
    const forced = await check(['my-evals.json'], { cwd: root, kind: 'evals' });
    assert.match(forced.results[0]!.messages[0]!.message, /^evals must have at least 1 item, found 0\.$/);
    const patterned = await check(['.'], { cwd: root, pattern: '**/*evals.json' });
    assert.deepEqual(patterned.results.map((r) => [r.filePath, r.errorCount > 0]), [['a/evals.json', false], ['my-evals.json', true]]);
  });
  it('CLI: --verbose prints each match to stderr, sorted; --evals and --kind reach the library', async () => {
    const root = tree({ 'demo/evals/evals.json': scheduleEvals(), [`${WS}/run-2/conversation.json`]: fullRun, [`${WS}/run-1/conversation.json`]: fullRun, 'loose/conversation.json': fullRun });
    let stderr = '';
    let stdout = '';
    const io = { cwd: root, env: {}, stdout: { write: (t: string) => void (stdout += t) }, stderr: { write: (t: string) => void (stderr += t) }, readStdin: async () => Buffer.from('') };
    assert.equal(await runCli(['check', '.', '--verbose', '--kind', 'conversation'], io), 0, stdout);
    assert.deepEqual(stderr.trimEnd().split('\n'), [
      'eval-magic: config: none (no eval-magic.config.json at or above the paths checked, up to the repository root)',
      `eval-magic: ${WS}/run-1/conversation.json: eval "s" at demo/evals/evals.json:4:5 (workspace layout, folder eval-s)`,
      `eval-magic: ${WS}/run-2/conversation.json: eval "s" at demo/evals/evals.json:4:5 (workspace layout, folder eval-s)`,
      'eval-magic: loose/conversation.json: no evals.json found; checked alone',
    ]);
    assert.equal(await runCli(['check', 'loose', '--evals', 'demo/evals/evals.json', '--format', 'json'], { ...io, stdout: { write: (t: string) => void (stdout = t) } }), 0);
    assert.equal(await runCli(['check', 'loose', '--kind', 'evals', '--format', 'json', '--allow-empty'], io), 0);
  });
});

describe('a conversation in a folder whose name is not UTF-8', { skip: process.platform !== 'linux' }, () => {
  const forged = new URL('../../fixtures/rules/stop-gate/invalid/forged-stop-after-question/', import.meta.url);
  /** A repository with the fixture's conversation in `x` then the byte 0xFF, with its evals.json beside it (`withEvals`), and a folder literally named `x\xFF` (four characters) holding one (`literal`). */
  const made: string[] = [];
  after(() => made.forEach((repo) => rmSync(repo, { recursive: true, force: true })));
  const repoWith = (name: string, { withEvals, literal }: { withEvals: boolean; literal: boolean }) => {
    const repo = mkdtempSync(join(tmpdir(), `em-lookup-${name}-`));
    made.push(repo);
    mkdirSync(join(repo, '.git'));
    const folder = Buffer.concat([Buffer.from(`${repo}/x`), Buffer.from([0xff])]);
    mkdirSync(Buffer.concat([folder, Buffer.from('/eval-schedule-meeting')]), { recursive: true });
    const fixture = (file: string) => readFileSync(new URL(file, forged));
    writeFileSync(Buffer.concat([folder, Buffer.from('/eval-schedule-meeting/conversation.json')]), fixture('eval-schedule-meeting/conversation.json'));
    if (withEvals) writeFileSync(Buffer.concat([folder, Buffer.from('/evals.json')]), fixture('evals.json'));
    if (literal) {
      mkdirSync(join(repo, 'x\\xFF'));
      writeFileSync(join(repo, 'x\\xFF', 'evals.json'), fixture('evals.json'));
    }
    return repo;
  };
  const rulesOf = async (repo: string, options: CheckOptions = {}) => {
    const report = await check(['.'], { cwd: repo, config: false, ...options });
    return report.results.filter((r) => r.filePath.endsWith('conversation.json')).flatMap((r) => r.messages.map((m) => m.ruleId)).sort();
  };

  it('is held to the evals.json beside it, read by its bytes (it was "disappeared before it could be read (ENOENT)", and stop-gate silently missing: review41 F3)', async () => {
    const repo = repoWith('beside', { withEvals: true, literal: false });
    for (const options of [{}, { pattern: '**/conversation.json' }]) assert.deepEqual(await rulesOf(repo, options), ['stop-evidence', 'stop-gate'], JSON.stringify(options));
  });

  it('is never held to the evals.json of a folder whose name is its name as shown (x\\xFF, four characters: it was, by that name: review41 F4)', async () => {
    const repo = repoWith('shown-name', { withEvals: false, literal: true });
    for (const options of [{}, { pattern: '**/conversation.json' }]) assert.deepEqual(await rulesOf(repo, options), ['stop-evidence'], JSON.stringify(options));
  });
});
