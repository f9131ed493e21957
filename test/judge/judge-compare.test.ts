// compare grades llm_judge from judge's judgments: one repeat, majorities, ties, not judged, the
// judge's self-agreement and the judge-unstable warning.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { formatComparisonMarkdown } from '../../src/compare/formats/markdown.js';
import { formatComparisonStylish } from '../../src/compare/formats/stylish.js';
import { comparisonSectionHtml } from '../../src/compare/formats/html.js';
import { check, UsageError } from '../../src/index.js';
import { explainJudged, judgedCampaign, RUBRIC_SHORT, verdict } from './judge-helpers.js';
import validateJudgment from '../../src/validators/judgment.generated.cjs';
import { validatorCalls } from '../helpers/validator-calls.js';

const row = (doc: any, evalId: string, id: string) => doc.evals.find((e: any) => e.id === evalId).assertions.find((a: any) => a.id === id);
const grading = (c: { ws: { iteration: () => string } }, run: string) => JSON.parse(readFileSync(join(c.ws.iteration(), run, 'grading.json'), 'utf8'));

/**
 * What a checkout with git's core.autocrlf=true does to a folder: every file git takes for text —
 * no NUL, and no CR at all (git leaves a file that holds one as it is) — gets CRLF for LF. The files it rewrote, by path.
 */
function checkOutWithCrlf(dir: string, rewrote: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) checkOutWithCrlf(path, rewrote);
    if (!entry.isFile()) continue;
    const bytes = readFileSync(path);
    if (bytes.includes(0) || bytes.includes(13) || !bytes.includes(10)) continue;
    writeFileSync(path, bytes.toString('latin1').replaceAll('\n', '\r\n'), 'latin1');
    rewrote.push(path);
  }
  return rewrote;
}

describe('compare with judgments', () => {
  it('not judged: ungraded, naming the command to run; judged once: the verdict, in grading.json with its vote', async () => {
    const c = await judgedCampaign({ runs: 1 });
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const ungraded = grading(c, 'eval-explain/with_skill/run-1').ungraded;
    // grading.json names the iteration absolute: the record reads the same from every folder (the warning names it from where compare was started).
    assert.equal(ungraded.find((u: any) => u.id === 'short').reason, `not judged: run eval-magic judge ${c.ws.iteration()} --harness claude-code`);
    assert.match(document.validity.find((v) => v.code === 'ungraded')?.message ?? '', /\(not judged: run eval-magic judge \.eval-magic\/csv-reports\/iteration-1 --harness claude-code\)/);
    assert.equal(row(document, 'explain', 'short').with_skill.ungraded, 1);

    // The judge passes the skill arm's runs and fails the others: the packet never names the arm,
    // so the fake judge tells them by what the agent said (the skill it saw, blinded to the-skill).
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    const short = row(document, 'explain', 'short');
    assert.deepEqual([short.with_skill.passed, short.without_skill.failed], [1, 1]);
    assert.equal(short.judge_agreement, undefined, 'one repeat: no agreement to report');
    const result = grading(c, 'eval-explain/with_skill/run-1').assertion_results.find((r: any) => r.id === 'short');
    // The vote names its judge as its judgment.json records it: the judge's CLI (with its version) and model.
    const judge = { harness: { name: 'claude-code', version: '2.1.197 (Claude Code)' }, model: null };
    assert.deepEqual(result, { id: 'short', passed: true, evidence: '"UTC, ISO 8601."', grader: 'llm_judge', confidence: 0.9, votes: [{ repeat: 1, judge, passed: true, confidence: 0.9, evidence: '"UTC, ISO 8601."' }] });
    const checked = await check([join(c.ws.iteration(), 'eval-explain/with_skill/run-1/grading.json')], { cwd: c.ws.root });
    assert.equal(checked.errorCount, 0, JSON.stringify(checked.results[0]?.messages));
  });

  it('an iteration whose campaign.json is gone: the judge command names the CLI its counted runs record, whatever a copy, a folder of another name or a third condition folder records (a review: any of them made it <cli>)', async () => {
    const c = await judgedCampaign({ runs: 1 });
    rmSync(join(c.ws.iteration(), 'campaign.json'));
    const arm = (condition: string) => join(c.ws.iteration(), 'eval-explain', condition);
    const recordOf = (dir: string) => JSON.parse(readFileSync(join(dir, 'run.json'), 'utf8'));
    const strayBy = (dir: string) => {
      cpSync(arm('without_skill') + '/run-1', dir, { recursive: true });
      writeFileSync(join(dir, 'run.json'), JSON.stringify({ ...recordOf(dir), harness: { name: 'codex', version: null } }, null, 2));
    };
    strayBy(join(arm('without_skill'), 'run-01'));
    strayBy(join(arm('without_skill'), 'old'));
    strayBy(join(c.ws.iteration(), 'eval-explain', 'baseline', 'run-1'));
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const reason: string = grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason;
    assert.match(reason, /^not judged: run eval-magic judge \S+ --harness claude-code$/);
  });

  it('an iteration whose campaign.json is gone: compare grades by the evals.json check finds, and the judge command it names gives judge no --evals: judge given none looks that file up alike (given it, judge would judge runs compare leaves out for theirs)', async () => {
    const c = await judgedCampaign({ runs: 1 });
    rmSync(join(c.ws.iteration(), 'campaign.json'));
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.equal(row(document, 'explain', 'short').with_skill.ungraded, 1);
    const reason: string = grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason;
    // No campaign.json names the CLI the agent ran with, but every run.json does (claude-code): the command names it, and runs as printed.
    assert.equal(reason, `not judged: run eval-magic judge ${c.ws.iteration()} --harness claude-code`);
    assert.doesNotMatch(JSON.stringify(document.validity), /<cli>|fill in/);
    // Run by a descriptor file (a name judge has no built-in CLI of): the command holds a placeholder, and the warning says so in words, never passing it off as runnable.
    const runFiles = ['eval-add-column/with_skill/run-1', 'eval-add-column/without_skill/run-1', 'eval-explain/with_skill/run-1', 'eval-explain/without_skill/run-1'].map((run) => join(c.ws.iteration(), run, 'run.json'));
    const runRecords = runFiles.map((file) => readFileSync(file, 'utf8'));
    runFiles.forEach((file, i) => writeFileSync(file, JSON.stringify({ ...JSON.parse(runRecords[i]!), harness: { name: 'my-agent', version: null } }, null, 2)));
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.equal(grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason, `not judged: run eval-magic judge ${c.ws.iteration()} --harness <cli>`);
    const ungraded = document.validity.find((v) => v.code === 'ungraded' && v.eval === 'explain')?.message ?? '';
    assert.match(ungraded, /not judged: run eval-magic judge \S+ --harness <cli>\); ungraded runs count as neither pass nor fail\. .*In --harness <cli>, <cli> is for you to fill in \(the command does not run as printed\): the CLI to judge with, a built-in name or its descriptor file — the agent CLI the runs were made with, which eval-magic cannot tell from what the iteration records, or another of your choice \(with the same one as any judgments there already, else compare warns judges-mixed\)\.$/, ungraded);
    runFiles.forEach((file, i) => writeFileSync(file, runRecords[i]!));
    // Without it, judge takes the file compare graded by, by the same lookup (it refused the iteration, asking for --evals).
    const plan = await c.plan({ evalIds: ['explain'] });
    assert.equal(plan.plan.runs, 2);
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed], [1, 1]);
  });

  it('a judgment made by another rubric or expected_output is no vote (until judge makes it again); a judgment copied into another repeat folder is no vote', async () => {
    const c = await explainJudged();
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed], [1, 1]);

    // A copy of repeat 1 as repeat 2: its record says repeat 1, so it is no second vote.
    const run1 = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    cpSync(join(run1, 'judge/short/1'), join(run1, 'judge/short/2'), { recursive: true });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    const votes = grading(c, 'eval-explain/with_skill/run-1').assertion_results.find((r: any) => r.id === 'short').votes;
    assert.equal(votes.length, 2);
    assert.match(votes[1].reason, /is the judgment of assertion "short", repeat 1, not of its folder judge\/short\/2\/: a copy, not counted/);
    // A copy is no judgment of this run: its vote names no judge (the one it names judged another).
    assert.equal(votes[1].judge, undefined);
    assert.equal(votes[0].judge.harness.name, 'claude-code');
    assert.equal(row(document, 'explain', 'short').with_skill.passed, 1);
    rmSync(join(run1, 'judge/short/2'), { recursive: true });

    // The rubric edited after judging: the judgments were made by the old one.
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals[1].assertions[0].rubric = 'The answer is at most two sentences.';
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.equal(row(document, 'explain', 'short').with_skill.ungraded, 1);
    assert.equal(grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason, `judged by an earlier rubric or expected_output: run eval-magic judge ${c.ws.iteration()} --harness claude-code`);
    // add-column's short (the same rubric text, but another eval's) was never judged: not judged, as before.
    await c.judge({ evalIds: ['explain'] });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.equal(row(document, 'explain', 'short').with_skill.passed, 1);
  });

  it('a rubric edit the blinded packet does not show (the skill\'s name respelt, a trailing newline): compare counts no vote of the old rubric, and judge makes it again rather than nothing', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals[1].assertions[0].rubric = 'The answer is short and follows Csv Reports.';
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    const packet = readFileSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/packet.md'), 'utf8');
    // Both edits reach the judge as the same packet: the name becomes The Skill (spelt as the name was, docs/judge.md), the fence ends the text with a newline.
    for (const rubric of ['The answer is short and follows CSV Reports.', 'The answer is short and follows Csv Reports.\n']) {
      evals.evals[1].assertions[0].rubric = rubric;
      writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
      let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
      assert.equal(row(document, 'explain', 'short').with_skill.ungraded, 1, JSON.stringify(rubric));
      const { result } = await c.judge({ evalIds: ['explain'] });
      assert.equal(result.plan.pending, 2, `${JSON.stringify(rubric)}: compare said to run judge, so judge must make them`);
      assert.equal(readFileSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/packet.md'), 'utf8'), packet);
      ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
      assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed], [1, 1], JSON.stringify(rubric));
    }
  });

  it('a judgment of a conversation.json edited since is no vote (until judge makes it again): the judge saw another transcript', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed], [2, 2]);
    const recorded = JSON.parse(readFileSync(join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json'), 'utf8'));
    assert.match(recorded.conversation_sha256, /^[0-9a-f]{64}$/);

    // A control run's transcript edited by hand after judging: its text now says what the skill's runs say.
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/conversation.json');
    const conversation = JSON.parse(readFileSync(file, 'utf8'));
    const last = conversation.events.findLast((e: any) => e.type === 'assistant_message');
    last.text = `${last.text} Skills I can see: the-skill`;
    writeFileSync(file, JSON.stringify(conversation, null, 2));
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.deepEqual([row(document, 'explain', 'short').without_skill.failed, row(document, 'explain', 'short').without_skill.ungraded], [1, 1]);
    assert.equal(grading(c, 'eval-explain/without_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason, `judged on an earlier conversation.json: run eval-magic judge ${c.ws.iteration()} --harness claude-code`);
    // Not graded on every tested assertion, and failing none: the overall line leaves the run out, and says so.
    assert.equal(document.overall.runs_undecided.without_skill, 1);
    assert.match(formatComparisonMarkdown(document), /Across 2 evals, runs passing every tested assertion: .* \(left out, not graded on every tested assertion: 1 without\\_skill run\)\./);
    // judge makes that one again (its packet changed), and compare counts the new verdict.
    await c.judge({ evalIds: ['explain'] });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.deepEqual([row(document, 'explain', 'short').without_skill.passed, row(document, 'explain', 'short').without_skill.failed], [1, 1]);
  });

  it('a judgment made of another prompt or turns of the eval is no vote (until judge makes it again): the judge read of another task', async () => {
    const c = await judgedCampaign({ runs: 2 });
    // Without campaign.json (made by hand, or older), check holds the runs to the evals.json as it is now, and nothing recorded says what they ran.
    rmSync(join(c.ws.iteration(), 'campaign.json'));
    const evalsFile = join(c.ws.root, 'csv-reports/evals/evals.json');
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'], evals: evalsFile });
    const recorded = JSON.parse(readFileSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/judgment.json'), 'utf8'));
    assert.match(recorded.prompts_sha256, /^[0-9a-f]{64}$/);
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    // Two edits in the packet, neither a rubric nor the expected_output, that check lets through
    // when its rules on them only warn, as a config may have them: a follow-up added, which the
    // agent never asked for (so it was never sent), and the prompt itself.
    const config = join(c.ws.root, 'eval-magic.config.json');
    writeFileSync(config, JSON.stringify({ rules: { 'turns-delivered': 'warn', 'eval-prompt': 'warn' } }));
    const edits: Array<[string, (e: any) => void]> = [
      ['a follow-up added', (e) => (e.evals[1].turns = [{ prompt: 'Which columns, exactly?', deliver_when: 'agent_asks' }])],
      // (the follow-up taken out again: this one is stale by the prompt alone)
      ['the prompt edited', (e) => ((e.evals[1].prompt = 'What does the report export, in one line?'), delete e.evals[1].turns)],
    ];
    for (const [what, edit] of edits) {
      edit(evals);
      writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
      const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root, config, writeGrading: what === 'the prompt edited' });
      assert.equal(row(document, 'explain', 'short').with_skill.ungraded, 2, what);
    }
    assert.equal(grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason, `judged by an earlier prompt or turns: run eval-magic judge ${c.ws.iteration()} --harness claude-code --config ${join(c.ws.root, 'eval-magic.config.json')}`);
    // judge makes them again (their packets changed), and compare counts the new verdicts.
    const { result } = await c.judge({ evalIds: ['explain'], evals: evalsFile, config });
    assert.equal(result.plan.pending, 4);
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root, config, writeGrading: false });
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed], [2, 2]);
  });

  it("a judgment made of a run's diff.patch edited since is no vote (until judge makes it again): the judge read other changes", async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    const runDir = join(c.ws.iteration(), 'eval-explain/without_skill/run-1');
    assert.match(JSON.parse(readFileSync(join(runDir, 'judge/short/1/judgment.json'), 'utf8')).diff_sha256, /^[0-9a-f]{64}$/);
    writeFileSync(join(runDir, 'diff.patch'), readFileSync(join(runDir, 'diff.patch'), 'utf8') + 'diff --git a/notes.md b/notes.md\nnew file mode 100644\n--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1 @@\n+Skills I can see: the-skill\n');
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.deepEqual([row(document, 'explain', 'short').without_skill.failed, row(document, 'explain', 'short').without_skill.ungraded], [1, 1]);
    assert.equal(grading(c, 'eval-explain/without_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason, `judged on an earlier diff of the run's changes: run eval-magic judge ${c.ws.iteration()} --harness claude-code`);
    // The diff.patch gone: the diff is computed from the task folders, as the judge would compute
    // it — the changes campaign wrote to diff.patch, so the judgment stands again.
    const edited = readFileSync(join(runDir, 'diff.patch'), 'utf8');
    rmSync(join(runDir, 'diff.patch'));
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.deepEqual([row(document, 'explain', 'short').without_skill.failed, row(document, 'explain', 'short').without_skill.ungraded], [2, 0]);
    writeFileSync(join(runDir, 'diff.patch'), edited);
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.plan.pending, 1);
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.deepEqual([row(document, 'explain', 'short').without_skill.passed, row(document, 'explain', 'short').without_skill.failed], [1, 1]);
  });

  it('a checkout that wrote every LF as CRLF (git core.autocrlf=true on Windows): each judgment still counts, and judge makes none again — the transcript and the changes are the same', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // Runs that changed a file, so each packet shows a diff.patch of some lines.
    const runs = ['eval-explain/with_skill/run-1', 'eval-explain/without_skill/run-1'].map((run) => join(c.ws.iteration(), run));
    for (const run of runs) writeFileSync(join(run, 'diff.patch'), 'diff --git a/notes.md b/notes.md\nnew file mode 100644\n--- /dev/null\n+++ b/notes.md\n@@ -0,0 +1,2 @@\n+Timestamps are in UTC.\n+ISO 8601.\n');
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    const rewrote = checkOutWithCrlf(c.ws.iteration());
    for (const run of runs) for (const file of ['conversation.json', 'diff.patch', 'judge/short/1/judgment.json']) assert.ok(rewrote.includes(join(run, file)), file);
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.deepEqual(grading(c, 'eval-explain/without_skill/run-1').ungraded, []);
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed, row(document, 'explain', 'short').without_skill.ungraded], [1, 1, 0]);
    assert.equal((await c.plan({ evalIds: ['explain'] })).plan.pending, 0, 'the judgments stand: none is paid for again');
  });

  it('a judgment.json older eval-magic wrote, without the digests of the prompt and the diff, still counts', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ evalIds: ['explain'] });
    for (const [key, record] of Object.entries(c.judgments())) {
      const { prompts_sha256: _p, diff_sha256: _d, ...older } = record;
      const [evalId, condition, run, assertion, repeat] = key.split('/') as [string, string, string, string, string];
      writeFileSync(join(c.ws.iteration(), `eval-${evalId}`, condition, run, 'judge', assertion, repeat, 'judgment.json'), JSON.stringify(older, null, 2));
    }
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed], [2, 2]);
  });

  it('a copied iteration named beside its original: judge judges each run once, as compare counts it once', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const copy = join(c.ws.iteration(), '..', 'iteration-2');
    cpSync(c.ws.iteration(), copy, { recursive: true });
    const { result } = await c.judge({ paths: [c.ws.iteration(), copy], evalIds: ['explain'] });
    assert.equal(result.plan.judgments, 2, 'explain: 1 run per arm × 1 llm_judge assertion, once');
    assert.equal(existsSync(join(copy, 'eval-explain/with_skill/run-1/judge')), false);
  });

  it('an llm_judge id that cannot name a folder (../x): check, judge and compare refuse the evals.json (llm-judge-id), and nothing is written outside the run', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals[1].assertions[0].id = '../../../../escaped';
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    const refused = (e: Error) => e instanceof UsageError && /is not a valid evals\.json[^]*error +The llm_judge id "\.\.\/\.\.\/\.\.\/\.\.\/escaped" in eval "explain" cannot name a folder \(it holds a "\/"[^]*llm-judge-id/.test(e.message);
    // Each says what it did not do, in its own words ("nothing ran" is run's and campaign's).
    await assert.rejects(c.judge(), (e: Error) => refused(e) && /; nothing was judged:\n/.test(e.message));
    await assert.rejects(compareIterations([c.ws.workspace], { cwd: c.ws.root }), (e: Error) => refused(e) && /; nothing was compared:\n/.test(e.message));
    assert.equal(existsSync(join(c.ws.iteration(), 'escaped')), false);
    assert.deepEqual(Object.keys(c.judgments()), []);
    const checked = await check([c.ws.evalsPath], { cwd: c.ws.root });
    assert.deepEqual(checked.results[0]!.messages.map((m) => m.ruleId), ['llm-judge-id']);
  });

  it('k = 3: the majority with its mean confidence; k = 2 split: ungraded judge-split; agreement and kappa, judge-unstable when low', async () => {
    const c = await judgedCampaign({ runs: 2 });
    // explains-utc: always pass on the skill arm, always fail without: unanimous, kappa 1.
    // short: 2 of 3 pass everywhere: a majority pass, but no run unanimous — unstable.
    const twoOfThree = Array.from({ length: 8 }, () => [verdict(true, 'a', 0.8), verdict(true, 'b', 0.6), verdict(false, 'c', 1)]).flat();
    c.ws.respond({ judge: [
      { when: RUBRIC_SHORT, texts: twoOfThree },
      { when: 'Skills I can see: the-skill', texts: [verdict(true)] },
      { when: 'Skills I can see: none', texts: [verdict(false)] },
    ] });
    await c.judge({ repeats: 3, jobs: 1, evalIds: ['explain'] });
    // add-column's explains-utc only (its short is read nowhere here): judged by the evals.json less
    // that assertion, the rubrics otherwise the campaign's — 12 sessions, not 24.
    const utcOnly = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    utcOnly.evals[0].assertions = utcOnly.evals[0].assertions.filter((a: any) => a.id !== 'short');
    writeFileSync(join(c.ws.root, 'utc-only.json'), JSON.stringify(utcOnly, null, 2));
    await c.judge({ repeats: 3, jobs: 1, evalIds: ['add-column'], evals: join(c.ws.root, 'utc-only.json') });
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const short = row(document, 'explain', 'short');
    assert.deepEqual([short.with_skill.passed, short.without_skill.passed], [2, 2]);
    // Four runs of [2 pass, 1 fail]: P̄ = 1/3, P̄e = (8/12)² + (4/12)² = 5/9, κ = (1/3 − 5/9) / (4/9) = −0.5
    // (statsmodels' fleiss_kappa formula; test/stats/fixtures/make-audit-references.py prints it).
    assert.deepEqual({ ...short.judge_agreement, kappa: null }, { runs: 4, unanimous: 0, kappa: null });
    assert.ok(Math.abs(short.judge_agreement.kappa - -0.5) < 1e-12, String(short.judge_agreement.kappa));
    const result = grading(c, 'eval-explain/with_skill/run-1').assertion_results.find((r: any) => r.id === 'short');
    assert.ok(Math.abs(result.confidence - 0.7) < 1e-12);
    assert.equal(result.votes.length, 3);
    const utc = row(document, 'add-column', 'explains-utc');
    assert.deepEqual(utc.judge_agreement, { runs: 4, unanimous: 1, kappa: 1 });
    assert.deepEqual([utc.with_skill.passed, utc.without_skill.failed], [2, 2]);
    const unstable = document.validity.filter((v) => v.code === 'judge-unstable');
    assert.ok(unstable.some((v) => v.eval === 'explain' && /short agrees with itself on 0 % of 4 runs/.test(v.message)), JSON.stringify(unstable));
    assert.ok(!unstable.some((v) => /explains-utc/.test(v.message)));
    // compare's own comparison.json, judge-unstable and all, passes check.
    writeFileSync(join(c.ws.root, 'comparison.json'), JSON.stringify(document, null, 2));
    const own = await check([join(c.ws.root, 'comparison.json')], { cwd: c.ws.root });
    assert.equal(own.errorCount, 0, JSON.stringify(own.results[0]?.messages));

    // A tie: 2 judgments, one each way (the fake judge counts from an empty log).
    writeFileSync(join(c.ws.root, 'agent-log.jsonl'), '');
    // Repeat 1 of every run before repeat 2 of any: each arm's first two judgments pass, its last two fail.
    const passThenFail = [verdict(true), verdict(true), verdict(false), verdict(false)];
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: passThenFail }, { when: 'Skills I can see: none', texts: passThenFail }] });
    for (const run of ['with_skill/run-1', 'with_skill/run-2', 'without_skill/run-1', 'without_skill/run-2']) {
      rmSync(join(c.ws.iteration(), 'eval-explain', run, 'judge'), { recursive: true });
    }
    await c.judge({ repeats: 2, jobs: 1, evalIds: ['explain'] });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.equal(row(document, 'explain', 'short').with_skill.ungraded, 2);
    const split = grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short');
    assert.match(split.reason, /^judge-split: 1 pass and 1 fail$/);
    assert.equal(split.votes.length, 2);
  });

  it('judge --repeats 3 stopped after a first judge --repeats 1: the arms are left at most one judgment apart, and compare says the runs graded on fewer votes (judge-votes-unequal) and a tie beside an unfinished judgment as not finished, naming the command that completes them', async () => {
    const c = await judgedCampaign({ runs: 2 });
    // The control's runs get a fail, a fail, then a pass: without_skill run 1's second judgment ties it.
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false), verdict(false), verdict(true)] }] });
    await c.judge({ jobs: 1, evalIds: ['explain'] });
    // Stopped once two judgments of the second command are made (a Ctrl-C).
    const stop = new AbortController();
    const { result } = await c.judge({ jobs: 1, repeats: 3, evalIds: ['explain'], signal: stop.signal, reporter: (p) => void (p.kind === 'judgment-finished' && p.finished === 2 && stop.abort()) });
    assert.equal(result.interrupted, true);
    const made = Object.keys(c.judgments()).filter((k) => k.startsWith('explain/'));
    const votes = (run: string) => made.filter((k) => k.startsWith(`explain/${run}/`)).length;
    // Repeat 2 of run 1 of both arms; before, both of with_skill run 1's (3 votes to the others' 1).
    assert.deepEqual(['with_skill/run-1', 'without_skill/run-1', 'with_skill/run-2', 'without_skill/run-2'].map(votes), [2, 2, 1, 1]);
    // A judgment the stop left unfinished: its folder and packet, no judgment.json.
    const unfinished = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/3');
    mkdirSync(unfinished);
    cpSync(join(unfinished, '../2/packet.md'), join(unfinished, 'packet.md'));
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const command = 'eval-magic judge .eval-magic/csv-reports/iteration-1 --harness claude-code';
    const split = grading(c, 'eval-explain/without_skill/run-1').ungraded.find((u: any) => u.id === 'short');
    assert.equal(split.reason, `not finished: 1 pass and 1 fail so far, and 1 judgment to make again (judge/short/3/ holds no judgment.json: its judge command was stopped before the verdict, or still runs): run eval-magic judge ${c.ws.iteration()} --harness claude-code --repeats 3 to make it again`);
    assert.deepEqual(split.votes.map((v: any) => [v.repeat, v.passed]), [[1, false], [2, true], [3, null]]);
    const unequal = document.validity.filter((v) => v.code === 'judge-votes-unequal');
    assert.deepEqual(unequal.map((v) => [v.eval, v.severity, v.message]), [['explain', 'warning', `Eval explain: the runs are graded on short by different numbers of votes (with_skill: 2 votes in 1 run, 1 in run 2; without_skill: 2 votes in 1 run, 1 in run 2): a verdict of fewer votes is the majority of fewer judgments, one vote the judge's single answer, so the runs are not graded alike — a judge command stopped before it ended, or run again with more --repeats, leaves them so. Run ${command} --eval explain --repeats 3 to make the missing judgments.`]]);
    // The command named completes them: every run judged 3 times, nothing said.
    await c.judge({ repeats: 3, evalIds: ['explain'] });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.deepEqual(document.validity.filter((v) => v.code === 'judge-votes-unequal'), []);
    assert.ok(!JSON.stringify(grading(c, 'eval-explain/without_skill/run-1')).includes('not finished'));
    writeFileSync(join(c.ws.root, 'comparison.json'), JSON.stringify(document, null, 2));
    assert.equal((await check([join(c.ws.root, 'comparison.json')], { cwd: c.ws.root })).errorCount, 0);
  });

  it('a judge stopped (Ctrl-C) part way: compare\'s ungraded warning names the judge command once, for the runs not judged and the judgment left unfinished alike — the trial\'s named it twice', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    const stop = new AbortController();
    const { result } = await c.judge({ jobs: 1, evalIds: ['explain'], signal: stop.signal, reporter: (p) => void (p.kind === 'judgment-finished' && p.finished === 1 && stop.abort()) });
    assert.equal(result.interrupted, true);
    const judged = Object.keys(c.judgments()).filter((k) => k.startsWith('explain/') && k.includes('/short/'));
    assert.equal(judged.length, 1, judged.join());
    // A judgment the stop left unfinished in a run not judged yet: its folder, no judgment.json.
    const [run] = ['with_skill/run-1', 'with_skill/run-2', 'without_skill/run-1', 'without_skill/run-2'].filter((r) => !judged.some((k) => k.includes(r)));
    mkdirSync(join(c.ws.iteration(), `eval-explain/${run}/judge/short/1`), { recursive: true });
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const command = 'eval-magic judge .eval-magic/csv-reports/iteration-1 --harness claude-code';
    const [warning] = document.validity.filter((v) => v.code === 'ungraded' && v.eval === 'explain');
    assert.equal(warning!.message.split(command).length - 1, 1, warning!.message);
    assert.match(warning!.message, new RegExp(`^Eval explain: short \\(llm_judge\\) was not graded in 1 of 2 with_skill and 2 of 2 without_skill runs \\(no verdict of the judge counted \\(judge/short/1/ holds no judgment\\.json: its judge command was stopped before the verdict, or still runs\\); not judged — for both, run ${command.replaceAll('.', '\\.')}\\); ungraded runs`));
  });

  it('votes of two judges pooled (a first judge, then --model opus with one more --repeats): counted as documented, but said per eval and assertion (judges-mixed), in every format, and judge-unstable says agreement between judges', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ jobs: 1 });
    let { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.deepEqual(document.validity.filter((v) => v.code === 'judges-mixed'), [], 'one judge: nothing pooled');
    await c.judge({ jobs: 1, model: 'opus', repeats: 3 });
    ({ document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    // Counted as documented: the majority of all 3 votes, each naming its judge, so a user can tell whose vote is whose.
    const votes = grading(c, 'eval-explain/with_skill/run-1').assertion_results.find((r: any) => r.id === 'short').votes;
    const harness = { name: 'claude-code', version: '2.1.197 (Claude Code)' };
    assert.deepEqual(votes.map((v: any) => [v.repeat, v.passed, v.judge]), [[1, true, { harness, model: null }], [2, true, { harness, model: 'opus' }], [3, true, { harness, model: 'opus' }]]);
    // add-column's short names its own model: its votes say so.
    const own = grading(c, 'eval-add-column/without_skill/run-1').assertion_results.find((r: any) => r.id === 'short').votes;
    assert.deepEqual(own.map((v: any) => v.judge.model), ['judge-model-x', 'judge-model-x', 'judge-model-x']);
    const gradingChecked = await check([join(c.ws.iteration(), 'eval-explain/with_skill/run-1/grading.json')], { cwd: c.ws.root });
    assert.equal(gradingChecked.errorCount, 0, JSON.stringify(gradingChecked.results[0]?.messages));
    assert.deepEqual([row(document, 'explain', 'short').with_skill.passed, row(document, 'explain', 'short').without_skill.failed], [1, 1]);
    const mixed = document.validity.filter((v) => v.code === 'judges-mixed');
    // The default model's judge is named with its CLI version: a CLI's upgrade may move its default.
    const judges = '4 by claude-code with model "opus", 2 by claude-code with the harness\'s default model (2.1.197 (Claude Code))';
    // add-column's short names its own model (judge-model-x), which --model does not change: one judge.
    assert.deepEqual(mixed.map((v) => [v.eval, v.severity]), [['add-column', 'warning'], ['explain', 'warning']], JSON.stringify(mixed));
    assert.equal(mixed[0]!.message, `Eval add-column: the votes counted on explains-utc (votes cast: ${judges}) are of different judges, pooled: each run's verdict is the majority of them all, so it may change with which judge was asked more often, and their judge agreement (Fleiss' kappa, unanimous runs) is between judges, not of one judge with itself. To count one judge alone, remove the other's judgment folders (judge/<assertion-id>/<repeat>/) and run judge again with the one.`);
    assert.ok(mixed[1]!.message.startsWith(`Eval explain: the votes counted on short (votes cast: ${judges}) are of different judges, pooled`), mixed[1]!.message);
    // The same words in every format: each prints the one validity list.
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    for (const [format, text] of [['stylish', formatComparisonStylish(document, { color: false }).replace(/ {2}judges-mixed/g, '')], ['markdown', formatComparisonMarkdown(document)], ['html', comparisonSectionHtml(document, { tool: '', counts: { evals: 0, runs: 0, records: 0, evalsFiles: 0, files: 0 }, rules: [], groups: [], files: [], errorCount: 0, warningCount: 0 })]] as const) {
      assert.ok(flat(text).includes('of different judges, pooled: each run'), format);
      assert.ok(flat(text).includes('judges-mixed'), format);
    }
    writeFileSync(join(c.ws.root, 'comparison.json'), JSON.stringify(document, null, 2));
    const ownCheck = await check([join(c.ws.root, 'comparison.json')], { cwd: c.ws.root });
    assert.equal(ownCheck.errorCount, 0, JSON.stringify(ownCheck.results[0]?.messages));
  });

  it('an assertion that names its judge\'s model after judging (model: "opus" added): compare says its votes are of another judge (judges-mixed), not only when judges are pooled', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true)] }, { when: 'Skills I can see: none', texts: [verdict(false)] }] });
    await c.judge({ jobs: 1, evalIds: ['explain'] });
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals[1].assertions[0].model = 'opus';
    writeFileSync(c.ws.evalsPath, JSON.stringify(evals, null, 2));
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    // Still counted (the rubric is the same), but said: the votes are not the named judge's.
    assert.equal(row(document, 'explain', 'short').with_skill.passed, 1);
    const mixed = document.validity.filter((v) => v.code === 'judges-mixed');
    assert.deepEqual(mixed.map((v) => [v.eval, v.severity, v.message]), [['explain', 'warning', `Eval explain: the llm_judge assertion short names the model "opus", but votes counted on it are of another judge (votes cast: 2 by claude-code with the harness's default model (2.1.197 (Claude Code))): its verdicts are not, or not all, the named judge's. Run eval-magic judge .eval-magic/csv-reports/iteration-1 --harness claude-code --eval explain --repeats 2 to add that judge's votes (judge asks the model the assertion names, whatever --model), or remove the others' judgment folders (judge/short/<repeat>/) and run judge again.`]]);
    // add-column's short names judge-model-x and was judged by it: nothing to say there.
    await c.judge({ jobs: 1, evalIds: ['add-column'] });
    const again = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.deepEqual(again.document.validity.filter((v) => v.code === 'judges-mixed').map((v) => v.eval), ['explain']);
  });

  it('each judgment.json is validated once per compare, usable or not, and an unusable one said as before', async () => {
    const c = await explainJudged();
    const file = join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/judgment.json');
    const record = JSON.parse(readFileSync(file, 'utf8'));
    record.verdict.confidence = 2;
    writeFileSync(file, JSON.stringify(record, null, 2));
    const calls = await validatorCalls(validateJudgment, () => compareIterations([c.ws.workspace], { cwd: c.ws.root }));
    assert.equal(calls, 2, 'two judgment.json files (explain, one run per arm)');
    const reason = grading(c, 'eval-explain/with_skill/run-1').ungraded.find((u: any) => u.id === 'short').reason;
    // judge makes a record check rejects again (its plan says so): the reason says how, as for any judgment judge makes again.
    // The finding first, not in a parenthesis inside another.
    assert.equal(reason, `judge/short/1/judgment.json:9:14: /verdict must be null, against its schema (and 2 more); no verdict of the judge counted: run eval-magic judge ${c.ws.iteration()} --harness claude-code to make it again`);
  });

  it('a judgment whose answer broke the verdict contract is no vote, but its record says who judged: the vote names its judge all the same', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // Each run judged twice: one verdict and one answer outside the contract, in whichever order.
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true), 'I think it passes.'] }, { when: 'Skills I can see: none', texts: [verdict(false), 'I think it fails.'] }] });
    await c.judge({ jobs: 1, repeats: 2, evalIds: ['explain'] });
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const judge = { harness: { name: 'claude-code', version: '2.1.197 (Claude Code)' }, model: null };
    for (const run of ['with_skill/run-1', 'without_skill/run-1']) {
      const votes = grading(c, `eval-explain/${run}`).assertion_results.find((r: any) => r.id === 'short').votes;
      assert.deepEqual(votes.map((v: any) => [v.passed === null ? v.reason : 'vote', v.judge]).sort(), [['malformed-verdict', judge], ['vote', judge]], run);
    }
  });
});
