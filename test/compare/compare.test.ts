// compareIterations end to end on hand-built campaign workspaces: the numbers (checked against
// scipy 1.17.1, computed as noted), grading.json and the document against their schemas, validity.
import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { after, describe, it } from 'node:test';
import Ajv from 'ajv';
import { compareIterations, comparisonFormatters, evalHeadline, type ArmCount, type ComparisonDocument, type GradingDocument } from '../../src/compare/index.js';
import { UsageError } from '../../src/errors.js';
import { check, checkSource } from '../../src/index.js';
import { copyWithoutCommandChecks, writeWorkspace, type RunSpec } from './workspace.js';
import { runMain } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-e2e-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const schema = (name: string) => new Ajv.default({ allErrors: true, strict: false }).compile(JSON.parse(readFileSync(new URL(`../../schemas/${name}`, import.meta.url), 'utf8')));
const validGrading = schema('grading.schema.json');
const validComparison = schema('comparison.schema.json');
const arm = (doc: ComparisonDocument, evalId: string, assertion: string, condition: string) => doc.evals.find((e) => e.id === evalId)!.assertions.find((a) => a.id === assertion)![condition] as ArmCount;
const close = (actual: number | null, expected: number) => assert.ok(actual !== null && Math.abs(actual - expected) <= 1e-9 * Math.max(1, Math.abs(expected)), `${actual} ≠ ${expected}`);

describe('compare on fixtures/compare/skill-shifts-one-assertion', async () => {
  const root = join(tmp, 'shift');
  cpSync(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), root, { recursive: true });
  const iteration = join(root, '.eval-magic', 'ask-before-editing', 'iteration-1');
  const { document: doc } = await compareIterations([iteration], { cwd: root, toolVersion: '0.0.0-test' });
  const e = doc.evals[0]!;
  // The same runs without the command_check (a contained shell per run per compare), for the tests
  // of how the iteration is named: what they compare is which runs are found, counted once each.
  const plainRoot = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, 'shift-plain'), 'ask-before-editing');
  const { document: plain } = await compareIterations([join(plainRoot, '.eval-magic', 'ask-before-editing', 'iteration-1')], { cwd: plainRoot, writeGrading: false });

  it('finds both conditions, treatment first, and every run', () => {
    assert.deepEqual(doc.conditions, ['with_skill', 'without_skill']);
    assert.deepEqual(e.runs, { with_skill: 8, without_skill: 8 });
    assert.equal(doc.excluded_count, 0);
  });
  it('moves the skill\'s assertion: 8/8 vs 1/8, significant after Holm, in the right direction', () => {
    const row = e.assertions.find((a) => a.id === 'asks-before-editing')!;
    assert.deepEqual({ ...arm(doc, 'rename-column', 'asks-before-editing', 'with_skill'), ci95: null }, { passed: 8, failed: 0, ungraded: 0, n: 8, rate: 1, ci95: null });
    // scipy.stats.fisher_exact([[8,0],[1,7]]) → 0.0013986013986013986; Holm ×4 (four graded assertions).
    close(row.p_value, 0.0013986013986013986);
    close(row.p_holm, 0.005594405594405594);
    close(row.delta, 0.875);
    // Wilson 95 %: 8/8 → [0.6755924351161198, 1]; 1/8 → [0.02241749145005667, 0.4708881822128535].
    const [w, c] = [arm(doc, 'rename-column', 'asks-before-editing', 'with_skill'), arm(doc, 'rename-column', 'asks-before-editing', 'without_skill')];
    close(w.ci95![0], 0.6755924351161198);
    close(w.ci95![1], 1);
    close(c.ci95![0], 0.02241749145005667);
    close(c.ci95![1], 0.4708881822128535);
    // 2 / C(16, 8) = 1/6435
    close(row.min_attainable_p, 2 / 12870);
    assert.equal(row.significant, true);
    assert.equal(row.direction, 'better');
  });
  it('leaves the others unmoved: same rates, p = 1, not significant', () => {
    for (const id of ['runs-the-tests', 'schema-renamed', 'focused-change']) {
      const row = e.assertions.find((a) => a.id === id)!;
      assert.equal(row.p_value, 1, id);
      assert.equal(row.significant, false, id);
    }
    assert.equal(arm(doc, 'rename-column', 'runs-the-tests', 'with_skill').passed, 6);
    assert.equal(arm(doc, 'rename-column', 'schema-renamed', 'without_skill').passed, 8);
    assert.equal(arm(doc, 'rename-column', 'focused-change', 'with_skill').passed, 8);
  });
  it('reports llm_judge as ungraded, never pass or fail, and outside the Holm family', () => {
    const row = e.assertions.find((a) => a.id === 'explains-the-change')!;
    assert.deepEqual([arm(doc, 'rename-column', row.id, 'with_skill').ungraded, arm(doc, 'rename-column', row.id, 'with_skill').n], [8, 0]);
    assert.equal(row.p_value, null);
    assert.equal(row.p_holm, null);
    assert.equal(doc.family_size, 4);
  });
  it('measures the skill invocation: 8/8 with, 0/8 without', () => {
    const m = e.metrics.find((x) => x.id === 'skill_invoked')!;
    assert.equal((m.with_skill as ArmCount).passed, 8);
    assert.equal((m.without_skill as ArmCount).passed, 0);
    assert.deepEqual([doc.overall.skill_invocation.with_skill!.passed, doc.overall.skill_invocation.without_skill!.passed], [8, 0]);
    const tools = e.metrics.find((x) => x.id === 'tool_invocations')!;
    assert.equal(tools.kind, 'numeric');
    assert.ok(tools.p_value !== null && tools.p_value >= 0 && tools.p_value <= 1);
  });
  it('says what weakens the comparison, warnings only', () => {
    const codes = doc.validity.map((v) => v.code);
    assert.ok(codes.includes('ungraded'), codes.join());
    assert.ok(codes.includes('stop-imbalance'), codes.join());
    assert.ok(!doc.validity.some((v) => v.severity === 'error'), JSON.stringify(doc.validity));
  });
  it('writes grading.json beside each conversation.json, valid against its schema', () => {
    const grading = JSON.parse(readFileSync(join(iteration, 'eval-rename-column', 'without_skill', 'run-2', 'grading.json'), 'utf8')) as GradingDocument;
    assert.ok(validGrading(grading), JSON.stringify(validGrading.errors));
    assert.deepEqual(grading.summary, { passed: 3, failed: 1, total: 4, pass_rate: 0.75 });
    assert.deepEqual(grading.ungraded.map((u) => u.id), ['explains-the-change']);
    assert.ok(grading.assertion_results[2]!.evidence.startsWith('exit code matched 0'), grading.assertion_results[2]!.evidence);
    assert.ok(grading.assertion_results[3]!.evidence.includes('files touched: 2 <= 2'), grading.assertion_results[3]!.evidence);
  });
  it('is valid against schemas/comparison.schema.json', () => {
    assert.ok(validComparison(JSON.parse(JSON.stringify(doc))), JSON.stringify(validComparison.errors));
  });
  it('check validates grading.json and comparison.json by name', () => {
    const path = join(iteration, 'eval-rename-column', 'with_skill', 'run-1', 'grading.json');
    assert.deepEqual(checkSource({ filePath: path, bytes: readFileSync(path) }).messages, []);
    assert.deepEqual(checkSource({ filePath: 'out/comparison.json', bytes: JSON.stringify(doc) }).messages, []);
    const broken = checkSource({ filePath: 'x/grading.json', bytes: '{"assertion_results": [{"id": "a", "passed": "yes", "evidence": "", "grader": "transcript_check"}], "summary": {"passed": 1.0, "failed": 0, "total": 1, "pass_rate": 1}, "ungraded": []}' });
    assert.deepEqual(broken.messages.map((m) => [m.ruleId, m.line, m.column]), [['schema', 1, 46], ['integer-literal', 1, 123]]);
  });
  it("a run count under a condition's name written as 2.0 is an integer-literal finding, with no other odd integer in the file", () => {
    const text = JSON.stringify(doc, null, 2);
    const runs = /"runs": \{\n\s+"with_skill": (\d+)/.exec(text);
    assert.ok(runs, 'the document has per-condition run counts');
    const odd = text.replace(runs[0], runs[0].replace(/\d+$/, `${runs[1]}.0`));
    const result = checkSource({ filePath: 'out/comparison.json', bytes: odd });
    assert.deepEqual(result.messages.map((m) => [m.ruleId, m.messageId]), [['integer-literal', 'fraction']]);
  });
  it('gives the same numbers from a workspace path and from the iteration path', async () => {
    // The copy finds every run the fixture's compare found.
    assert.deepEqual(plain.evals.map((x) => [x.runs, x.assertions.map((a) => a.id)]), doc.evals.map((x) => [x.runs, x.assertions.map((a) => a.id).filter((id) => id !== 'schema-renamed')]));
    const again = await compareIterations([join(plainRoot, '.eval-magic')], { cwd: plainRoot, writeGrading: false });
    assert.deepEqual(again.document.evals.map((x) => x.assertions), plain.evals.map((x) => x.assertions));
  });
  it('counts each run once when two paths name the same iteration, one through a symbolic link', async () => {
    symlinkSync('.eval-magic', join(plainRoot, 'workspace-link'));
    const twice = await compareIterations(['.eval-magic', 'workspace-link', join(plainRoot, 'workspace-link/ask-before-editing/iteration-1')], { cwd: plainRoot, writeGrading: false });
    assert.deepEqual(twice.document.iterations, ['.eval-magic/ask-before-editing/iteration-1']);
    assert.deepEqual(twice.document.evals.map((x) => [x.runs, x.assertions]), plain.evals.map((x) => [x.runs, x.assertions]));
    assert.equal(twice.report.results.length, 16, 'each artifact checked once');
  });
  it('gives the same numbers when the iteration is named only through a symbolic link', async () => {
    symlinkSync('.eval-magic/ask-before-editing/iteration-1', join(plainRoot, 'iteration-link'));
    const linked = await compareIterations(['iteration-link'], { cwd: plainRoot, writeGrading: false });
    assert.deepEqual(linked.document.evals.map((x) => [x.runs, x.assertions]), plain.evals.map((x) => [x.runs, x.assertions]));
    assert.equal(linked.document.excluded_count, plain.excluded_count);
  });
  it('says so when the folder named holds its workspace only through a link, which the search does not follow, and how to name it', async () => {
    const project = join(plainRoot, 'project-with-linked-workspace');
    mkdirSync(project);
    symlinkSync('../.eval-magic', join(project, '.eval-magic'));
    await assert.rejects(compareIterations(['project-with-linked-workspace'], { cwd: plainRoot, writeGrading: false }), (e: Error) => e instanceof UsageError && e.message.endsWith('Its .eval-magic is a symbolic link (to "../.eval-magic"), which a search does not follow: name it (project-with-linked-workspace/.eval-magic).'));
    const named = await compareIterations(['project-with-linked-workspace/.eval-magic'], { cwd: plainRoot, writeGrading: false });
    assert.deepEqual(named.document.evals.map((x) => [x.runs, x.assertions]), plain.evals.map((x) => [x.runs, x.assertions]));
  });
});

/** A run of the one-turn eval below: asks (and gets the follow-up) or stops at the gate. */
const simple = (asks: boolean, skill = false): RunSpec => ({
  events: [{ user: 'go' }, ...(skill ? [{ tool: 'Skill', args: { skill: 's' } }] : []), ...(asks ? [{ assistant: 'Which one?' }, { user: 'the first' }] : []), { assistant: 'Done.' }],
  ...(asks ? {} : { stopped: { reason: 'agent_did_not_ask' as const, before: 1 } }),
});
const evalsWith = (assertions: unknown[]) => [{ id: 'e1', prompt: 'go', expected_output: 'done', turns: [{ prompt: 'the first', deliver_when: 'agent_asks' }], assertions }];

describe('compare: the skill whose invocation is measured', () => {
  it("is the skill campaign staged (campaign.json), not evals.json's skill_name edited since: renamed there, 8/8 invocations read 0/8", async () => {
    // Without its command_check (a contained shell per run): the skill invocation is a metric of the transcripts.
    const root = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, 'renamed-skill'), 'ask-before-editing');
    const evalsPath = join(root, 'ask-before-editing', 'evals', 'evals.json');
    writeFileSync(evalsPath, readFileSync(evalsPath, 'utf8').replace('"skill_name": "ask-before-editing"', '"skill_name": "renamed-skill"'));
    const { document } = await compareIterations([join(root, '.eval-magic', 'ask-before-editing', 'iteration-1')], { cwd: root, writeGrading: false });
    const m = document.evals[0]!.metrics.find((x) => x.id === 'skill_invoked')!;
    assert.deepEqual([(m.with_skill as ArmCount).passed, (m.without_skill as ArmCount).passed], [8, 0]);
    assert.ok(document.validity.some((v) => v.code === 'evals-changed'), 'the edit is still said');
  });
});

describe('compare: every grading.json it writes adds up (grading-summary)', () => {
  it('summaries of 3, 2 and 1 of 3, and of nothing graded, pass check with every rule on', async () => {
    const root = join(tmp, 'summaries');
    const tc = (id: string, check: string, pattern: string) => ({ id, type: 'transcript_check', check, pattern });
    const judged = { id: 'clear', type: 'llm_judge', rubric: 'The reply is clear.' };
    const evals = [
      ...evalsWith([tc('asks', 'assistant_message_matches', '\\?'), tc('done', 'assistant_message_matches', 'Done'), tc('skill', 'tool_invocation_matches', '^Skill'), judged]),
      { id: 'e2', prompt: 'go', expected_output: 'done', assertions: [judged] },
    ];
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: {
      e1: { with_skill: [simple(true, true), simple(false, true)], without_skill: [simple(true), simple(false)] },
      e2: { with_skill: [{ events: [{ user: 'go' }, { tool: 'Skill', args: { skill: 's' } }, { assistant: 'Done.' }] }], without_skill: [{ events: [{ user: 'go' }, { assistant: 'Done.' }] }] },
    } });
    await compareIterations([iteration], { cwd: root });
    const report = await check([iteration], { cwd: root, kind: 'grading' });
    assert.equal(report.results.length, 6, 'a grading.json beside every run: ' + JSON.stringify(report.results.map((r) => r.filePath)));
    assert.deepEqual(report.results.filter((r) => r.messages.length > 0).map((r) => [r.filePath, r.messages.map((m) => m.message)]), []);
    // The rates the rule compares exactly include the ones no decimal writes exactly.
    const rates = report.results.map((r) => (JSON.parse(readFileSync(resolve(root, r.filePath), 'utf8')) as GradingDocument).summary.pass_rate).sort();
    assert.deepEqual(rates, [0, 0, 1 / 3, 2 / 3, 2 / 3, 1]);
  });
});

describe('compare: the terminal format', () => {
  it('keeps within 100 columns with long assertion ids: an id too long for its row goes on lines of its own above it, whole', async () => {
    const root = join(tmp, 'long-ids');
    const long = 'asks-before-editing-any-file-in-the-repository-root';
    const longer = 'x'.repeat(150);
    const asks = (id: string) => ({ id, type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' });
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([asks('short'), asks(long), asks(longer)]), runs: { e1: { with_skill: [simple(true), simple(true)], without_skill: [simple(false), simple(false)] } } });
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    const text = [...comparisonFormatters.stylish!({ document, report: { results: [], errorCount: 0, warningCount: 0 }, context: { color: false, cwd: root } as never })].join('');
    const lines = text.split('\n');
    assert.deepEqual(lines.filter((l) => [...l].length > 100), []);
    assert.ok(lines.some((l) => l.trim() === long), 'the long id whole, on its own line');
    // In the table: the headline above it, which names the id too, wraps it in its prose.
    const table = lines.findIndex((l) => /^\s+assertion\s/.test(l));
    const first = lines.findIndex((l, i) => i > table && /^\s+x+$/.test(l));
    const pieces = lines.slice(first, lines.findIndex((l, i) => i > first && !/^\s+x+$/.test(l)));
    assert.equal(pieces.map((l) => l.trim()).join(''), longer, 'the longest id whole, cut in pieces above its row');
    assert.ok(lines.some((l) => /^\s+short\s+2\/2/.test(l)), 'a short id stays in its row');
  });
  it('keeps within 100 columns with the widest verdict ("no change, too few runs", 2 runs per arm) beside with_skill and without_skill, a significant row marked at its start', async () => {
    const root = join(tmp, 'wide-verdict');
    const asks = (id: string) => ({ id, type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' });
    const few = writeWorkspace(root, { skill: 's', evals: evalsWith([asks('asks-timezone')]), runs: { e1: { with_skill: [simple(true), simple(true)], without_skill: [simple(true), simple(true)] } } });
    const stylish = async (iteration: string) => {
      const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
      return [...comparisonFormatters.stylish!({ document, report: { results: [], errorCount: 0, warningCount: 0 }, context: { color: false, cwd: root } as never })].join('').split('\n');
    };
    const lines = await stylish(few);
    assert.ok(lines.some((l) => l.includes('no change, too few runs')), lines.join('\n'));
    assert.deepEqual(lines.filter((l) => [...l].length > 100), []);
    const many = writeWorkspace(join(root, 'many'), { skill: 's', evals: evalsWith([asks('asks')]), runs: { e1: { with_skill: Array.from({ length: 6 }, () => simple(true)), without_skill: Array.from({ length: 6 }, () => simple(false)) } } });
    const marked = (await stylish(many)).filter((l) => /\bBETTER\b/.test(l));
    assert.equal(marked.length, 1);
    assert.match(marked[0]!, /^\* {1,}asks\s/, 'the significant row starts with its mark');
  });
});

describe('compare: validity errors and usage', () => {
  it('excludes an artifact check rejects, counts it, and makes it an error', async () => {
    const root = join(tmp, 'broken');
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { with_skill: [simple(true, true), simple(true, true)], without_skill: [simple(false), { ...simple(false), rawConversation: '{"status": "completed", "events": [' }] } } });
    const { document } = await compareIterations([iteration], { cwd: root });
    assert.equal(document.excluded_count, 1);
    assert.ok(document.validity.some((v) => v.code === 'artifacts-excluded' && v.severity === 'error'));
    assert.equal((document.evals[0]!.assertions[0]!.without_skill as ArmCount).n, 1);
    assert.equal(existsSync(join(iteration, 'eval-e1', 'without_skill', 'run-2', 'grading.json')), false);
  });
  it("in a workspace of any name (campaign --workspace runs), a run check rejects against its campaign's evals.json is excluded by compare and an error of check, however it is named", async () => {
    const root = join(tmp, 'any-name');
    const asked = (text: string): RunSpec => ({ ...simple(false), events: [{ user: text }, { assistant: 'Done.' }] });
    writeWorkspace(root, { skill: 's', evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { with_skill: [simple(true, true), simple(true, true)], without_skill: [simple(false), asked('Something else entirely.')] } } });
    renameSync(join(root, '.eval-magic'), join(root, 'runs'));
    const { document } = await compareIterations([join(root, 'runs', 's', 'iteration-1')], { cwd: root, writeGrading: false });
    assert.equal(document.excluded_count, 1);
    for (const named of ['runs', 'runs/s/iteration-1', 'runs/s/iteration-1/eval-e1/without_skill/run-2/conversation.json']) {
      const report = await check([named], { cwd: root });
      assert.deepEqual(report.results.flatMap((r) => r.messages.map((m) => [r.filePath, m.ruleId])), [['runs/s/iteration-1/eval-e1/without_skill/run-2/conversation.json', 'eval-prompt']], named);
    }
  });
  it('makes a campaign isolation failure an error', async () => {
    const root = join(tmp, 'isolation');
    const leaked = { ...simple(false), record: { isolation: { valid: false, problems: [{ code: 'control-saw-skill', message: 'the control\'s skill roster lists s' }] } } };
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { with_skill: [simple(true, true)], without_skill: [leaked] } } });
    const { document } = await compareIterations([iteration], { cwd: root });
    const problem = document.validity.find((v) => v.code === 'isolation-failed')!;
    assert.equal(problem.severity, 'error');
    assert.ok(problem.message.includes('roster lists s'));
  });
  it('counts runs that aborted (run.json, no conversation.json) as missing and in the stop balance', async () => {
    const root = join(tmp, 'aborted');
    const aborted: RunSpec = { events: [], noConversation: true, record: { status: 'aborted', stop_reason: null } };
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { with_skill: [simple(true, true), simple(true, true), simple(true, true), simple(true, true)], without_skill: [simple(false), aborted, aborted, aborted] } } });
    const { document } = await compareIterations([iteration], { cwd: root });
    const missing = document.validity.find((v) => v.code === 'runs-missing' && /not counted/.test(v.message))!;
    assert.match(missing.message, /3 runs of eval e1 are not counted: the run aborted/);
    // They are there, just not counted: the plan's line says so (it used to say "has 0 of the 3").
    assert.ok(document.validity.some((v) => v.code === 'runs-missing' && /Eval e1: without_skill counts 1 of the 4 runs campaign planned\./.test(v.message)), JSON.stringify(document.validity));
    assert.match(document.validity.find((v) => v.code === 'stop-imbalance')!.message, /1 of 4 without_skill runs did not complete|0 of 4 with_skill runs and 4 of 4 without_skill runs did not complete|0 of 4 with_skill runs and 3 of 4 without_skill runs did not complete/);
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 4, without_skill: 1 });
  });
  it('refuses one condition, nothing to compare, and a path that is not a workspace', async () => {
    const root = join(tmp, 'one-arm');
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)] } } });
    await assert.rejects(compareIterations([iteration], { cwd: root }), (e: Error) => e instanceof UsageError && /two conditions; found only "with_skill"/.test(e.message));
    await assert.rejects(compareIterations([join(root, 's')], { cwd: root }), UsageError);
    await assert.rejects(compareIterations([join(root, 'absent')], { cwd: root }), /does not exist/);
    // A dangling link says where it points, as check says of one.
    symlinkSync('s/iteration-9', join(root, 'dangling'));
    await assert.rejects(compareIterations(['dangling'], { cwd: root }), (e: Error) => e instanceof UsageError && e.message === '"dangling" is a dangling symbolic link (to "s/iteration-9"): nothing is there; name an iteration folder (…/iteration-<n>) or a workspace.');
  });
  it('says problems in the order its stages meet them: the runs located, then evals.json, then the config', async () => {
    const root = join(tmp, 'problem-order');
    const oneArm = writeWorkspace(join(root, 'one'), { skill: 's', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)] } } });
    const twoArms = writeWorkspace(join(root, 'two'), { skill: 's', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)], without_skill: [simple(false)] } } });
    writeFileSync(join(root, 'broken.config.json'), '{"rules": ');
    const both = { cwd: root, evals: join(root, 'gone/evals.json'), config: join(root, 'broken.config.json') };
    await assert.rejects(compareIterations([oneArm], both), (e: Error) => e instanceof UsageError && /two conditions; found only "with_skill"/.test(e.message));
    await assert.rejects(compareIterations([twoArms], both), (e: Error) => e instanceof UsageError && /gone\/evals\.json/.test(e.message));
    await assert.rejects(compareIterations([twoArms], { ...both, evals: undefined }), (e: Error) => e instanceof UsageError && /broken\.config\.json:1:\d+: the config file is not valid JSON/.test(e.message));
  });
  it('a config file found by the lookup that links out of the repository: the library names its option (the config option), the CLI its flag (--config)', async () => {
    const root = join(tmp, 'config-link');
    const iteration = writeWorkspace(join(root, 'repo'), { skill: 's', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)], without_skill: [simple(false)] } } });
    const repo = join(root, 'repo');
    mkdirSync(join(repo, '.git'));
    writeFileSync(join(root, 'token'), 'ghp_secret');
    symlinkSync(join(root, 'token'), join(repo, 'eval-magic.config.json'));
    // Named from the working folder, the repository (it was absolute).
    const sentence = (config: string) => `eval-magic.config.json: a symbolic link to a file outside its repository ("."); a config file found by the lookup is not read through such a link. Name the file with ${config} to use it.`;
    await assert.rejects(compareIterations([iteration], { cwd: repo, writeGrading: false }), (e: Error) => e instanceof UsageError && e.message === sentence('the config option'));
    const cli = await runMain(['compare', iteration, '--no-grading'], { cwd: repo });
    assert.equal(cli.code, 2, cli.stdout + cli.stderr);
    assert.ok(cli.stderr.includes(sentence('--config')), cli.stderr);
  });
  it("applies the iteration's repository's config from any working folder (looked up from the iteration, not the working folder); iterations under two configs are refused", async () => {
    const root = join(tmp, 'config-from-iteration');
    const repo = join(root, 'repo');
    const broken = { ...simple(false), rawConversation: '{"status": "completed", "events": [' };
    const iteration = writeWorkspace(repo, { skill: 's', evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { with_skill: [simple(true, true), simple(true, true)], without_skill: [simple(false), broken] } } });
    mkdirSync(join(repo, '.git'));
    // The repository leaves its broken draft run out; from elsewhere it was checked, excluded, and the gate failed.
    writeFileSync(join(repo, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/without_skill/run-2/**'] }));
    const other = join(root, 'other');
    mkdirSync(join(other, '.git'), { recursive: true });
    writeFileSync(join(other, 'eval-magic.config.json'), '{}');
    for (const cwd of [repo, root, other]) {
      const { document, report } = await compareIterations([iteration], { cwd, writeGrading: false });
      assert.deepEqual([document.excluded_count, report.errorCount], [0, 0], `compare from ${cwd}`);
      const cli = await runMain(['compare', iteration, '--no-grading'], { cwd });
      assert.equal(cli.code, 0, `compare from ${cwd}: ${cli.stdout}${cli.stderr}`);
    }
    const second = writeWorkspace(other, { skill: 't', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)], without_skill: [simple(false)] } } });
    await assert.rejects(compareIterations([iteration, second], { cwd: root, writeGrading: false }), (e: Error) => e instanceof UsageError && e.message.startsWith('The paths checked have different config files:') && e.message.includes('(other/eval-magic.config.json)') && e.message.endsWith('name the one to use with the config option, or check them apart.'));
    const cli = await runMain(['compare', iteration, second, '--no-grading'], { cwd: root });
    assert.equal(cli.code, 2, cli.stdout + cli.stderr);
    assert.match(cli.stderr, /name the one to use with --config, or check them apart\.$/m);
  });
  it("leaves out the conversations a named config's ignore leaves out of check for the same argument: the folder as typed (compare matched its shown path: check 1, compare 0 for an absolute one)", async () => {
    const repo = join(tmp, 'typed-ignore');
    const broken = { ...simple(false), rawConversation: '{"status": "completed", "events": [' };
    const iteration = writeWorkspace(repo, { skill: 's', evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { with_skill: [simple(true, true), simple(true, true)], without_skill: [simple(false), broken] } } });
    writeFileSync(join(repo, 'named.json'), JSON.stringify({ ignore: ['.eval-magic/**/without_skill/run-2/**'] }));
    const exits = async (folder: string) => Promise.all([['check'], ['compare', '--no-grading'], ['compare', '--no-grading', '--concurrency', '2']].map(async ([command, ...more]) => (await runMain([command!, folder, '--config', 'named.json', ...more], { cwd: repo })).code));
    // As typed from the repository the glob leaves the broken run out of both; typed absolute, out of neither (an error in both).
    assert.deepEqual([await exits('.eval-magic'), await exits(join(repo, '.eval-magic')), await exits(iteration)], [[0, 0, 0], [1, 1, 1], [1, 1, 1]]);
  });
  it('refuses runs none of which can be counted (no evals.json found): a gate never passes on nothing', async () => {
    const root = join(tmp, 'no-evals');
    const iteration = writeWorkspace(root, { skill: 's', layout: 'reference', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)], without_skill: [simple(false)] } } });
    rmSync(join(root, 's'), { recursive: true });
    // The advice names the option as each caller gives it: the library's evals, the CLI's --evals.
    await assert.rejects(compareIterations([iteration], { cwd: root, writeGrading: false }), (e: Error) => e instanceof UsageError && /^Nothing to compare under .*: no run can be counted \(no evals\.json was found for it; name one with the evals option\)\.$/.test(e.message));
    const gate = await runMain(['compare', iteration, '--no-grading', '--fail-on', 'worse'], { cwd: root });
    assert.equal(gate.code, 2, gate.stdout + gate.stderr);
    assert.match(gate.stderr, /no run can be counted \(no evals\.json was found for it; name one with --evals\)\.$/m);
  });
  it('refuses library options of the wrong type with a usage error naming them, never a document with alpha "0.05" in it', async () => {
    const root = join(tmp, 'options');
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)], without_skill: [simple(false)] } } });
    const cases: Array<[unknown, Record<string, unknown>, RegExp]> = [
      [[iteration], { alpha: '0.05' }, /^alpha must be a number between 0 and 1 \(exclusive\); got the string "0\.05"\.$/],
      [[iteration], { alpha: [0.05] }, /^alpha must be a number/],
      [[iteration], { commandTimeoutMs: '1000' }, /^The command_check time limit .*got the string "1000"\.$/],
      [[iteration], { writeGrading: 'no' }, /^writeGrading must be true or false/],
      [[iteration], { keepArtifacts: 1 }, /^keepArtifacts must be true or false/],
      [[iteration], { evals: 42 }, /^evals must be a string/],
      [[iteration], { cwd: '' }, /^cwd must be a string that is not empty/],
      [[iteration], { config: true }, /^config must be a path that is not empty, or false/],
      [[iteration], { signal: {} }, /^signal must be an AbortSignal/],
      // A typo must not leave the default it meant to change in force (here: grading.json written).
      [[iteration], { writeGradings: false }, /^compareIterations\(\) has no option "writeGradings"; did you mean "writeGrading"\? \(its options: cwd, evals, alpha, /],
      [[iteration], { verbose: true }, /^compareIterations\(\) has no option "verbose" \(its options: /],
      [iteration, {}, /^paths must be an array of strings \(got the string/],
    ];
    for (const [paths, options, message] of cases) {
      await assert.rejects(compareIterations(paths as string[], { cwd: root, writeGrading: false, ...options } as never), (e: Error) => e instanceof UsageError && message.test(e.message), JSON.stringify(options));
    }
  });
  it('refuses an evals.json that check rejects', async () => {
    const root = join(tmp, 'bad-evals');
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([]), runs: { e1: { with_skill: [simple(true)], without_skill: [simple(false)] } } });
    writeFileSync(join(root, 's', 'evals', 'evals.json'), '{"skill_name": "s", "evals": [{"id": "e1"}]}');
    await assert.rejects(compareIterations([iteration], { cwd: root }), (e: Error) => e instanceof UsageError && /not a valid evals\.json/.test(e.message));
  });
});

describe('compare across skills and iterations', () => {
  it('never pools two skills\' evals of the same id; pools two named iterations of one skill, and says so', async () => {
    const root = join(tmp, 'skills');
    const asks = [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }];
    writeWorkspace(root, { skill: 'alpha', evals: evalsWith(asks), runs: { e1: { with_skill: [simple(true, true)], without_skill: [simple(false)] } } });
    writeWorkspace(root, { skill: 'beta', evals: evalsWith(asks), runs: { e1: { with_skill: [simple(false, true)], without_skill: [simple(true)] } } });
    const { document } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false });
    assert.deepEqual(document.evals.map((e) => [e.skill, e.id, (e.assertions[0]!.with_skill as ArmCount).passed]), [['alpha', 'e1', 1], ['beta', 'e1', 0]]);
    assert.equal(document.family_size, 2);
    assert.ok(!document.validity.some((v) => v.code === 'iterations-pooled'));
    // The overall line and the skill-invoked rate are of both skills' evals at once: said, naming them.
    const pooledSkills = document.validity.filter((v) => v.code === 'skills-pooled');
    assert.deepEqual(pooledSkills.map((v) => [v.severity, v.eval]), [['warning', undefined]]);
    assert.match(pooledSkills[0]!.message, /^The overall result and the skill-invoked rate pool the evals of 2 skills \("alpha", "beta"\)/);
    // Holm's family is of both skills' assertions: each eval's p (Holm) is not what its skill alone gives, and that is said, with the folder to compare alone.
    assert.match(pooledSkills[0]!.message, /Holm adjusts over the assertions of every skill at once \(2 in the family\), so each eval's p \(Holm\) and significance are stricter than with its skill compared alone; compare one skill's folder on its own for its verdicts alone \(eval-magic compare \.eval-magic\/alpha\)\.$/);
    const alone = await compareIterations(['.eval-magic/alpha'], { cwd: root, writeGrading: false });
    assert.equal(alone.document.family_size, 1);
    assert.ok(document.evals.every((e) => /skills-pooled/.test(evalHeadline(e, document))), 'each eval\'s line says it: its p (Holm) is of the pooled family');

    cpSync(join(root, '.eval-magic', 'alpha', 'iteration-1'), join(root, '.eval-magic', 'alpha', 'iteration-2'), { recursive: true });
    const pooled = await compareIterations(['.eval-magic/alpha/iteration-1', '.eval-magic/alpha/iteration-2'], { cwd: root, writeGrading: false });
    assert.deepEqual(pooled.document.evals[0]!.runs, { with_skill: 2, without_skill: 2 });
    assert.ok(pooled.document.validity.some((v) => v.code === 'iterations-pooled' && v.eval === 'e1'));
    assert.ok(!pooled.document.validity.some((v) => v.code === 'skills-pooled'), 'one skill: nothing pooled across skills');
    const latest = await compareIterations(['.eval-magic/alpha'], { cwd: root, writeGrading: false });
    assert.deepEqual(latest.document.iterations, ['.eval-magic/alpha/iteration-2']);
  });
});

describe('compare across skills with different conditions', () => {
  it('refuses a workspace where one skill\'s runs are all under other conditions, instead of leaving them out without a word', async () => {
    const root = join(tmp, 'two-pairs');
    writeWorkspace(root, { skill: 'x', evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { with_skill: [simple(true)], without_skill: [simple(false)] } } });
    writeWorkspace(root, { skill: 'y', conditions: ['new_skill', 'old_skill'], evals: evalsWith([{ id: 'a', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }]), runs: { e1: { new_skill: [simple(true)], old_skill: [simple(false)] } } });
    await assert.rejects(compareIterations(['.eval-magic'], { cwd: root, writeGrading: false }), (e: Error) => e instanceof UsageError && e.message === '.eval-magic/y/iteration-1 has no run under "with_skill" or "without_skill", the conditions this comparison is of (its runs are under "new_skill", "old_skill"): compare it on its own.');
    const alone = await compareIterations(['.eval-magic/y'], { cwd: root, writeGrading: false });
    assert.deepEqual(alone.document.conditions, ['new_skill', 'old_skill']);
  });
});

describe('compare on the reference\'s layout (no run.json, no campaign.json)', () => {
  it('compares from what the runs have; command_check and diff_scope are ungraded with a reason', async () => {
    const root = join(tmp, 'reference');
    const iteration = writeWorkspace(root, {
      skill: 's',
      layout: 'reference',
      evals: evalsWith([
        { id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' },
        { id: 'tests', type: 'command_check', command: 'true' },
        { id: 'small', type: 'diff_scope', max_files_touched: 1 },
      ]),
      runs: { e1: { with_skill: [simple(true, true)], without_skill: [simple(false)] } },
    });
    const { document } = await compareIterations([iteration], { cwd: root });
    const [asks, tests, small] = document.evals[0]!.assertions;
    assert.deepEqual([(asks!.with_skill as ArmCount).passed, (asks!.without_skill as ArmCount).passed], [1, 0]);
    assert.equal((tests!.with_skill as ArmCount).ungraded, 1);
    assert.equal((small!.without_skill as ArmCount).ungraded, 1);
    const grading = JSON.parse(readFileSync(join(iteration, 'eval-e1', 'with_skill', 'grading.json'), 'utf8'));
    assert.match(grading.ungraded[0].reason, /no final task folder/);
    assert.match(grading.ungraded[1].reason, /no staged copy/);
    const codes = document.validity.map((v) => v.code);
    for (const code of ['no-run-record', 'underpowered', 'ungraded'] as const) assert.ok(codes.includes(code), codes.join());
    assert.equal(document.evals[0]!.metrics.find((m) => m.id === 'duration_ms'), undefined);
  });
});

describe('a Holm p three decimals would show as alpha itself', () => {
  const counts = async (name: string, passed: [number, number], runs: [number, number]) => {
    const root = join(tmp, name);
    const arm = (k: number, n: number) => Array.from({ length: n }, (_, i) => simple(i < k));
    const asks = { id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' };
    const iteration = writeWorkspace(root, { skill: 's', evals: evalsWith([asks]), runs: { e1: { with_skill: arm(passed[0], runs[0]), without_skill: arm(passed[1], runs[1]) } } });
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    const formats = ['stylish', 'markdown', 'html'] as const;
    const text = Object.fromEntries(formats.map((f) => [f, [...comparisonFormatters[f]!({ document, report: { results: [], errorCount: 0, warningCount: 0 }, context: { color: false, cwd: root } as never })].join('')]));
    return { row: document.evals[0]!.assertions[0]!, text };
  };

  it('shows the digits that tell it from alpha, beside its verdict, in every format: 0.05008 is not significant at 0.05, 0.04977 is', async () => {
    // 5/10 vs 13/14: Fisher p 0.050083 (scipy); 5/6 vs 3/11: 0.049774. One assertion: its Holm p is its p.
    const above = await counts('p-above-alpha', [5, 13], [10, 14]);
    assert.equal(above.row.significant, false);
    assert.ok(Math.abs(above.row.p_holm! - 0.050083211982525494) < 1e-12, String(above.row.p_holm));
    const below = await counts('p-below-alpha', [5, 3], [6, 11]);
    assert.equal(below.row.significant, true);
    for (const [shown, { text }] of [['0.05008', above], ['0.04977', below]] as const) {
      assert.match(text.stylish!, new RegExp(`\\s${shown.replace('.', '\\.')}\\s`), text.stylish);
      assert.match(text.markdown!, new RegExp(`\\| (\\*\\*)?${shown.replace('.', '\\.')}(\\*\\*)? \\|`), text.markdown);
      assert.match(text.html!, new RegExp(`data-label="p \\(Holm\\)">${shown.replace('.', '\\.')}<`));
    }
    assert.match(below.text.stylish!.replace(/\s+/g, ' '), /p \(Holm\) 0\.04977\)/, 'the headline too');
  });

  it('says which way a significant overall result goes, in every format: a common odds ratio of 0.1 alone left the reader to work out that the skill hurt (review50)', async () => {
    // One eval, one assertion: the overall test is Fisher's on the runs, 0.049774 either way round.
    const helps = await counts('overall-helps', [5, 3], [6, 11]);
    const hurts = await counts('overall-hurts', [3, 5], [11, 6]);
    for (const f of ['stylish', 'markdown', 'html'] as const) {
      assert.match(helps.text[f]!.replace(/\s+/g, ' '), /significant at 0\.05, with\\?_skill passing more often, common odds ratio/, f);
      assert.match(hurts.text[f]!.replace(/\s+/g, ' '), /significant at 0\.05, with\\?_skill passing less often, common odds ratio/, f);
    }
    const unsure = await counts('overall-not-significant', [5, 13], [10, 14]);
    assert.doesNotMatch(unsure.text.stylish!.replace(/\s+/g, ' '), /passing (more|less) often/, 'not significant: no direction claimed');
  });
});
