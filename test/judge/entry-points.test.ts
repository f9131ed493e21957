// judge and compare take the same runs, by one counting rule (workspace/counted.ts): a run one of
// them counts the other never passes over, and the same files give the same verdict.
import assert from 'node:assert/strict';
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { execFileSync, spawnSync, type SpawnSyncReturns } from 'node:child_process';
import { compareIterations } from '../../src/compare/index.js';
import { check } from '../../src/index.js';
import { binPath, runMain } from '../helpers/cli.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

/** The words a POSIX shell reads in `text`, as it would pass them to a command. */
const shellWords = (text: string) => execFileSync('sh', ['-c', `printf '%s\\0' ${text}`], { encoding: 'utf8' }).split('\0').slice(0, -1);

const runList = (doc: any, evalId: string) => doc.evals.find((e: any) => e.id === evalId).run_list.map((r: any) => [r.condition, r.run, r.excluded]);

/** The campaign's iteration 1 and a second of the same plan run again (--iteration): its runs started later, none a copy of another. */
function planRunAgain(ws: { iteration(n: number): string }): [string, string] {
  const [first, second] = [ws.iteration(1), ws.iteration(2)];
  cpSync(first, second, { recursive: true });
  for (const run of ['eval-add-column/with_skill/run-1', 'eval-add-column/without_skill/run-1', 'eval-explain/with_skill/run-1', 'eval-explain/without_skill/run-1']) {
    const file = join(second, run, 'run.json');
    writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), started_at: '2030-01-01T00:00:00.000Z' }, null, 2));
  }
  return [first, second];
}

describe('judge and compare count the same runs', () => {
  it("a run's conversation.json that is a link to another run's: neither counts it (campaign writes it as a file of its own), saying so alike", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const file = join(c.ws.iteration(), 'eval-explain/with_skill/run-2/conversation.json');
    rmSync(file);
    symlinkSync('../run-1/conversation.json', file);
    const result = await c.plan({ evalIds: ['explain'] });
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const excluded = runList(document, 'explain').find(([condition, run]: [string, number]) => condition === 'with_skill' && run === 2)[2];
    assert.match(excluded ?? '', /conversation\.json is a symbolic link/);
    assert.deepEqual(result.plan.notCounted, [`.eval-magic/csv-reports/iteration-1/eval-explain/with_skill/run-2: ${excluded}`]);
    assert.equal(result.plan.runs, 3);
  });

  it("a run's judge/ folder replaced by a link to judgments made elsewhere: compare counts no vote through it, judge takes none as made and writes none through it; removed, judge makes the judgment", async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(false)] }, { when: 'Skills I can see: none', texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'] });
    const run2 = join(c.ws.iteration(), 'eval-explain/with_skill/run-2');
    const elsewhere = join(c.ws.root, 'forged-judge');
    renameSync(join(run2, 'judge'), elsewhere);
    const forged = join(elsewhere, 'short/1/judgment.json');
    const record = JSON.parse(readFileSync(forged, 'utf8'));
    writeFileSync(forged, JSON.stringify({ ...record, verdict: { passed: true, evidence: 'forged', confidence: 1 } }, null, 2));
    symlinkSync(elsewhere, join(run2, 'judge'));
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const grading = JSON.parse(readFileSync(join(run2, 'grading.json'), 'utf8'));
    assert.deepEqual(grading.assertion_results.filter((r: any) => r.id === 'short'), [], 'no vote read through the link');
    assert.match(grading.ungraded.find((u: any) => u.id === 'short').reason, /judge\/ is a symbolic link/);

    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.plan.pending, 1);
    // Not "made again": judge writes no judgment through it (the plan names it to remove), and the run fails it.
    assert.equal(result.plan.unusable, undefined);
    assert.deepEqual(result.plan.strays, ['.eval-magic/csv-reports/iteration-1/eval-explain/with_skill/run-2/judge/ is a symbolic link (not followed)']);
    assert.deepEqual(result.records, []);
    assert.match(result.failed[0]?.message ?? '', /with_skill\/run-2\/judge is a symbolic link/);
    assert.equal(JSON.parse(readFileSync(forged, 'utf8')).verdict.evidence, 'forged', 'nothing written through the link');
    rmSync(join(run2, 'judge'));
    await c.judge({ evalIds: ['explain'] });
    assert.ok(lstatSync(join(run2, 'judge')).isDirectory());
    assert.equal(c.judgments()['explain/with_skill/run-2/short/1'].verdict.passed, false);
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    assert.equal(JSON.parse(readFileSync(join(run2, 'grading.json'), 'utf8')).assertion_results.find((r: any) => r.id === 'short').passed, false);
  });

  it("another run's judgment copied into a run's judge/ folder: no vote of this run for compare, not made for judge, which makes it again", async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(false)] }, { when: 'Skills I can see: none', texts: [verdict(true)] }] });
    await c.judge({ evalIds: ['explain'] });
    // without_skill run-1's passing judgment, copied over with_skill run-2's failing one.
    const it = c.ws.iteration();
    const run2 = join(it, 'eval-explain/with_skill/run-2');
    rmSync(join(run2, 'judge'), { recursive: true });
    cpSync(join(it, 'eval-explain/without_skill/run-1/judge'), join(run2, 'judge'), { recursive: true });
    await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const grading = JSON.parse(readFileSync(join(run2, 'grading.json'), 'utf8'));
    assert.deepEqual(grading.assertion_results.filter((r: any) => r.id === 'short'), [], 'no vote of another run');
    assert.match(grading.ungraded.find((u: any) => u.id === 'short').reason, /is the judgment of eval "explain", "without_skill" run 1, not of this run's eval "explain", "with_skill" run 2: a copy, not counted/);
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.plan.pending, 1);
    assert.match(result.plan.unusable?.[0] ?? '', /a copy, not counted/);
    const made = c.judgments()['explain/with_skill/run-2/short/1'];
    assert.deepEqual([made.verdict.passed, made.condition, made.run], [false, 'with_skill', 2]);

    // Repeat 1 copied as repeat 2 of the same run: compare counts no second vote, and judge takes it as not made (it did take it as made).
    cpSync(join(run2, 'judge/short/1'), join(run2, 'judge/short/2'), { recursive: true });
    const more = await c.judge({ evalIds: ['explain'], repeats: 2 });
    assert.match(more.result.plan.unusable?.[0] ?? '', /judge\/short\/2\/judgment\.json is the judgment of assertion "short", repeat 1, not of its folder judge\/short\/2\/: a copy, not counted$/);
    assert.equal(c.judgments()['explain/with_skill/run-2/short/2'].repeat, 2);
  });

  it('a conversation.json the config ignores, or with errors: judge passes it over saying what compare says', async () => {
    const c = await judgedCampaign({ runs: 2 });
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/with_skill/run-2/**'] }));
    writeFileSync(join(c.ws.iteration(), 'eval-explain/without_skill/run-1/conversation.json'), '{"events": [');
    const result = await c.plan({ evalIds: ['explain'] });
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const excluded = runList(document, 'explain').filter(([, , why]: [string, number, string | null]) => why !== null);
    assert.deepEqual(excluded.map(([condition, run]: [string, number]) => `${condition}/run-${run}`), ['with_skill/run-2', 'without_skill/run-1']);
    assert.deepEqual(result.plan.notCounted, excluded.map(([condition, run, why]: [string, number, string]) => `.eval-magic/csv-reports/iteration-1/eval-explain/${condition}/run-${run}: ${why}`));
    assert.equal(result.plan.runs, 2);
  });

  it("the config's ignore globs written from its folder leave a run out of both when .eval-magic is a link to a folder elsewhere", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const elsewhere = mkdtempSync(join(tmpdir(), 'em-linked-workspace-'));
    renameSync(c.ws.workspace, join(elsewhere, '.eval-magic'));
    symlinkSync(join(elsewhere, '.eval-magic'), c.ws.workspace);
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['.eval-magic/csv-reports/iteration-1/eval-explain/with_skill/run-2/**'] }));
    const result = await c.plan({ evalIds: ['explain'] });
    for (const concurrency of ['off', 2] as const) {
      const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root, concurrency });
      const excluded = runList(document, 'explain').filter(([, , why]: [string, number, string | null]) => why !== null);
      assert.deepEqual(excluded.map(([condition, run]: [string, number]) => `${condition}/run-${run}`), ['with_skill/run-2'], `concurrency ${concurrency}`);
      // judge names the run where it really is (beside the working folder: by ../); the same run, left out for the same reason.
      assert.deepEqual(result.plan.notCounted, excluded.map(([condition, run, why]: [string, number, string]) => `${relative(c.ws.root, join(elsewhere, '.eval-magic'))}/csv-reports/iteration-1/eval-explain/${condition}/run-${run}: ${why}`));
    }
    assert.equal(result.plan.runs, 3);
    // The judge command compare names for a run not judged names the workspace as named (through the link, absolute in grading.json), so that it holds the same runs out.
    const notJudged = JSON.parse(readFileSync(join(c.ws.iteration(), 'eval-add-column/with_skill/run-1/grading.json'), 'utf8')).ungraded.map((u: any) => u.reason);
    assert.ok(notJudged.length > 0);
    for (const reason of notJudged) assert.equal(reason, `not judged: run eval-magic judge ${c.ws.root}/.eval-magic/csv-reports/iteration-1 --harness claude-code`);
  });

  it('a config inside the iteration, between it and the runs, is refused by judge as by compare and check (they had passed over it, and check of its folder applied it)', async () => {
    const c = await judgedCampaign({ runs: 2 });
    writeFileSync(join(c.ws.iteration(), 'eval-explain', 'eval-magic.config.json'), JSON.stringify({ ignore: ['with_skill/run-2/**'] }));
    const refusal = /The paths checked have different config files: .*\(\.eval-magic\/csv-reports\/iteration-1\/eval-explain\/eval-magic\.config\.json\)\. One check applies one config/;
    await assert.rejects(c.plan({ evalIds: ['explain'] }), refusal);
    await assert.rejects(compareIterations([c.ws.workspace], { cwd: c.ws.root }), refusal);
    await assert.rejects(check([c.ws.workspace], { cwd: c.ws.root }), refusal);
    // Named with --config (the config option), it applies to every run, alike.
    const result = await c.plan({ evalIds: ['explain'], config: join(c.ws.iteration(), 'eval-explain', 'eval-magic.config.json') });
    assert.equal(result.plan.runs, 4, 'a named config\'s globs are matched as --ignore\'s: "with_skill/run-2/**" leaves out nothing named from the root');
  });

  it('a config file given to compare is given to judge too (config): the runs it counts are the runs judged', async () => {
    const c = await judgedCampaign({ runs: 2 });
    writeFileSync(join(c.ws.root, 'ci.config.json'), JSON.stringify({ ignore: ['**/without_skill/run-2/**'] }));
    const result = await c.plan({ evalIds: ['explain'], config: 'ci.config.json' });
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root, config: 'ci.config.json' });
    assert.deepEqual(result.plan.notCounted, runList(document, 'explain').filter(([, , why]: [string, number, string | null]) => why !== null).map(([condition, run, why]: [string, number, string]) => `.eval-magic/csv-reports/iteration-1/eval-explain/${condition}/run-${run}: ${why}`));
    assert.equal(result.plan.runs, 3);
    await assert.rejects(c.judge({ config: 'missing.json' }), /missing\.json/);
  });

  it("a named config's ignore globs are matched against the folder as typed by judge as by check and compare (judge matched each run's absolute path: it judged a run both leave out, and the reverse)", async () => {
    const c = await judgedCampaign({ runs: 2 });
    writeFileSync(join(c.ws.root, 'ci.config.json'), JSON.stringify({ ignore: ['.eval-magic/**/without_skill/run-2/**'] }));
    writeFileSync(join(c.ws.root, 'absolute.json'), JSON.stringify({ ignore: [`${c.ws.workspace}/**/without_skill/run-2/**`] }));
    const runsOf = async (folder: string, config: string) => {
      const result = await c.plan({ evalIds: ['explain'], config, paths: [folder] });
      const { document } = await compareIterations([folder], { cwd: c.ws.root, config });
      const checked = await runMain(['check', folder, '--config', config, '--format', 'json'], { cwd: c.ws.root });
      const checkedRuns = JSON.parse(checked.stdout).filter((r: any) => /eval-explain\/.*conversation\.json$/.test(r.filePath)).length;
      return [result.plan.runs, runList(document, 'explain').filter(([, , why]: [string, number, string | null]) => why === null).length, checkedRuns];
    };
    // Each: runs judge judges, compare counts, check checks — typed from the root, the relative glob holds; typed absolute, the absolute one.
    assert.deepEqual([await runsOf('.eval-magic', 'ci.config.json'), await runsOf(c.ws.workspace, 'ci.config.json'), await runsOf(c.ws.workspace, 'absolute.json'), await runsOf('.eval-magic', 'absolute.json')], [[3, 3, 3], [4, 4, 4], [3, 3, 3], [4, 4, 4]]);
  });

  it("under a config's ignore globs, compare's judge command names the iterations as the user typed them: run as printed, judge leaves out by the config's ignore the runs compare left out, no more (a review: typed absolute, it named them relative, and judge left out the run compare said to judge)", async () => {
    const c = await judgedCampaign({ runs: 2 });
    writeFileSync(join(c.ws.root, 'rel.json'), JSON.stringify({ ignore: ['.eval-magic/**/eval-explain/without_skill/run-2/**'] }));
    for (const arm of ['with_skill', 'without_skill']) rmSync(join(c.ws.iteration(), 'eval-explain', arm, 'run-2', 'judge'), { recursive: true, force: true });
    // Typed absolute, the relative glob leaves out nothing: compare counts both run-2s, unjudged.
    const said = async () => {
      const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root, config: 'rel.json', writeGrading: false });
      return document.validity.find((v) => v.code === 'ungraded' && v.eval === 'explain')?.message ?? '';
    };
    const command = /run (eval-magic judge [^)]*)\)/.exec(await said())?.[1];
    assert.equal(command, `eval-magic judge ${c.ws.workspace}/csv-reports/iteration-1 --harness claude-code --config rel.json`);
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    const judged = await runMain([...shellWords(command!.replace(/^eval-magic /, '')), '--eval', 'explain'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    assert.equal(await said(), '', 'every run compare counts is judged');
  });

  it("grading.json's judge command, run as written from any folder, leaves out by a named config's relative ignore globs the runs compare left out (it named the iterations absolute, which the relative glob does not match: judge judged a run compare left out)", async () => {
    const c = await judgedCampaign({ runs: 2 });
    writeFileSync(join(c.ws.root, 'rel.json'), JSON.stringify({ ignore: ['.eval-magic/**/eval-explain/without_skill/run-2/**'] }));
    const reason = () => JSON.parse(readFileSync(join(c.ws.iteration(), 'eval-explain/with_skill/run-2/grading.json'), 'utf8')).ungraded.find((u: any) => u.id === 'short')?.reason as string;
    const recorded: string[] = [];
    for (const concurrency of ['off', 2] as const) {
      const { document } = await compareIterations(['.eval-magic'], { cwd: c.ws.root, config: 'rel.json', concurrency });
      assert.deepEqual(runList(document, 'explain').filter(([, , why]: [string, number, string | null]) => why !== null), [['without_skill', 2, 'not checked']], String(concurrency));
      recorded.push(reason());
    }
    assert.equal(recorded[0], recorded[1], 'threads or none, one record');
    const command = /^not judged: run (.*)$/.exec(recorded[0]!)?.[1];
    // The globs are matched against the iterations as typed, from where compare was started: the record goes there first.
    assert.equal(command, `cd ${c.ws.root} && eval-magic judge .eval-magic/csv-reports/iteration-1 --harness claude-code --config ${c.ws.root}/rel.json`);
    // Run as written by a shell, from the workspace's folder and from elsewhere: `eval-magic` is the built binary.
    const bin = mkdtempSync(join(tmpdir(), 'em-bin-'));
    writeFileSync(join(bin, 'eval-magic'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)} "$@"\n`, { mode: 0o755 });
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    for (const cwd of [tmpdir(), c.ws.root]) {
      const judged: SpawnSyncReturns<string> = spawnSync('sh', ['-c', `${command} --eval explain`], { cwd, env: { ...c.ws.env, PATH: `${bin}:${c.ws.env.PATH}`, NO_COLOR: '1' }, encoding: 'utf8' });
      assert.equal(judged.status, 0, judged.stderr);
      assert.match(judged.stdout, /^judge with claude-code: 3 runs × /, `${cwd}: the runs compare counted, not the one it left out`);
    }
    assert.deepEqual(Object.keys(c.judgments()).filter((k) => k.startsWith('explain/')).sort(), ['explain/with_skill/run-1/short/1', 'explain/with_skill/run-2/short/1', 'explain/without_skill/run-1/short/1']);
    rmSync(bin, { recursive: true });
  });

  it("compare's 'run eval-magic judge …' names the --evals and --config it was given, quoted for a shell: the command copied judges the runs compare counts, by its rubrics", async () => {
    const c = await judgedCampaign({ runs: 2 });
    // The default config leaves a run out; the one compare is given counts it.
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/without_skill/run-2/**'] }));
    writeFileSync(join(c.ws.root, "ci's config.json"), '{}');
    // The evals compare grades by state another rubric than the campaign's: judged by the campaign's, no vote.
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    evals.evals[1].assertions[0].rubric = 'The answer is at most two sentences.';
    writeFileSync(join(c.ws.root, 'my evals.json'), JSON.stringify(evals, null, 2));
    const options = { cwd: c.ws.root, config: "ci's config.json", evals: 'my evals.json' };
    const reason = (run: string) => JSON.parse(readFileSync(join(c.ws.iteration(), 'eval-explain', run, 'grading.json'), 'utf8')).ungraded.find((u: any) => u.id === 'short')?.reason;
    for (const concurrency of ['off', 2] as const) {
      await compareIterations([c.ws.workspace], { ...options, concurrency });
      assert.equal(reason('without_skill/run-2'), `not judged: run eval-magic judge ${c.ws.root}/.eval-magic/csv-reports/iteration-1 --harness claude-code --evals '${c.ws.root}/my evals.json' --config '${c.ws.root}/ci'\\''s config.json'`);
    }
    // Run as printed: judge requires --harness, and the command names the CLI the campaign ran the agent with (it named none: exit 2).
    // grading.json names paths absolute: the command runs as printed from any folder.
    const hint = reason('without_skill/run-2').replace(/^not judged: run eval-magic /, '');
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    const judged = await runMain([...shellWords(hint), '--eval', 'explain'], { cwd: c.ws.iteration(), env: c.ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    const { document } = await compareIterations([c.ws.workspace], options);
    const short = document.evals.find((e: any) => e.id === 'explain')!.assertions.find((a: any) => a.id === 'short') as any;
    assert.deepEqual([short.with_skill.passed, short.without_skill.passed, short.with_skill.ungraded, short.without_skill.ungraded], [2, 2, 0, 0]);
  });

  it("compare's 'run eval-magic judge …' after iterations pooled names every one of them: the command copied judges every run compare counted, not one iteration's", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const [first, second] = planRunAgain(c.ws);
    const paths = [first, second];
    const reason = (iteration: string, run: string) => JSON.parse(readFileSync(join(iteration, 'eval-explain', run, 'grading.json'), 'utf8')).ungraded.find((u: any) => u.id === 'short')?.reason;
    for (const concurrency of ['off', 2] as const) {
      await compareIterations(paths, { cwd: c.ws.root, concurrency, treatment: 'with_skill' });
      for (const iteration of paths) assert.equal(reason(iteration, 'without_skill/run-1'), `not judged: run eval-magic judge ${c.ws.root}/.eval-magic/csv-reports/iteration-1 ${c.ws.root}/.eval-magic/csv-reports/iteration-2 --harness claude-code --treatment with_skill`, String(concurrency));
    }
    const hint = reason(second, 'with_skill/run-1').replace(/^not judged: run eval-magic /, '');
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    const judged = await runMain([...shellWords(hint), '--eval', 'explain'], { cwd: c.ws.root, env: c.ws.env });
    assert.equal(judged.code, 0, judged.stderr);
    assert.match(judged.stdout, /^judge with claude-code: 4 runs × /, 'the runs of both iterations, as compare counts them');
    const { document } = await compareIterations(paths, { cwd: c.ws.root, treatment: 'with_skill' });
    const short = document.evals.find((e: any) => e.id === 'explain')!.assertions.find((a: any) => a.id === 'short') as any;
    assert.deepEqual([short.with_skill.passed, short.without_skill.passed, short.with_skill.ungraded, short.without_skill.ungraded], [2, 2, 0, 0]);
  });

  it("compare's 'run eval-magic judge …' names the --harness each skill's campaign ran the agent with: a workspace of two CLIs gets one command per CLI, each naming its own iterations, and each runs as printed", async () => {
    const c = await judgedCampaign({ runs: 1 });
    // The same runs under another skill's folder, of another skill made with codex (campaign.json and each run.json say so), each run a work folder of its own (else a copy).
    const other = join(c.ws.workspace, 'other-skill', 'iteration-1');
    cpSync(c.ws.iteration(), other, { recursive: true });
    const campaignFile = join(other, 'campaign.json');
    const campaign = JSON.parse(readFileSync(campaignFile, 'utf8'));
    writeFileSync(campaignFile, JSON.stringify({ ...campaign, skill: { ...campaign.skill, name: 'other-skill' }, harness: { ...campaign.harness, name: 'codex' } }, null, 2));
    for (const run of ['eval-add-column/with_skill/run-1', 'eval-add-column/without_skill/run-1', 'eval-explain/with_skill/run-1', 'eval-explain/without_skill/run-1']) {
      const file = join(other, run, 'run.json');
      const record = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...record, work_dir: `${record.work_dir}-other`, harness: { ...record.harness, name: 'codex' } }, null, 2));
    }
    const reason = (iteration: string) => JSON.parse(readFileSync(join(iteration, 'eval-explain/with_skill/run-1/grading.json'), 'utf8')).ungraded.find((u: any) => u.id === 'short')?.reason;
    const commands = [`eval-magic judge ${c.ws.root}/.eval-magic/csv-reports/iteration-1 --harness claude-code`, `eval-magic judge ${c.ws.root}/.eval-magic/other-skill/iteration-1 --harness codex`];
    for (const concurrency of ['off', 2] as const) {
      const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root, concurrency });
      assert.deepEqual([reason(c.ws.iteration()), reason(other)], commands.map((command) => `not judged: run ${command}`), String(concurrency));
      assert.doesNotMatch(JSON.stringify(document.validity), /<cli>|fill in/);
    }
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    for (const [command, judged] of [[commands[0]!, 'judge with claude-code: 2 runs'], [commands[1]!, 'judge with codex: 2 runs']] as const) {
      const run = await runMain([...shellWords(command.replace(/^eval-magic /, '')), '--eval', 'explain'], { cwd: c.ws.root, env: c.ws.env });
      assert.equal(run.code, 0, run.stderr);
      assert.ok(run.stdout.startsWith(judged), run.stdout);
    }
  });

  it("compare's 'run eval-magic judge …' groups the iterations by the evals.json each was graded by: one looked up (no --evals: judge looks it up alike) for its own iterations only, and every command runs", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const [first, second] = planRunAgain(c.ws);
    // iteration-1's evals.json is gone: the layout's (its recorded bytes) stands in; iteration-2's is a copy kept elsewhere, which it names.
    const record = (iteration: string, path: string) => {
      const file = join(iteration, 'campaign.json');
      const campaign = JSON.parse(readFileSync(file, 'utf8'));
      writeFileSync(file, JSON.stringify({ ...campaign, evals: { ...campaign.evals, path } }, null, 2));
    };
    record(first, join(c.ws.root, 'gone/evals.json'));
    mkdirSync(join(c.ws.root, 'kept'));
    cpSync(c.ws.evalsPath, join(c.ws.root, 'kept/evals.json'));
    record(second, join(c.ws.root, 'kept/evals.json'));
    const paths = [first, second];
    const reason = (iteration: string, run: string) => JSON.parse(readFileSync(join(iteration, 'eval-explain', run, 'grading.json'), 'utf8')).ungraded.find((u: any) => u.id === 'short')?.reason;
    for (const concurrency of ['off', 2] as const) {
      await compareIterations(paths, { cwd: c.ws.root, concurrency, treatment: 'with_skill' });
      assert.equal(reason(first, 'without_skill/run-1'), `not judged: run eval-magic judge ${c.ws.root}/.eval-magic/csv-reports/iteration-1 --harness claude-code --treatment with_skill`, String(concurrency));
      assert.equal(reason(second, 'without_skill/run-1'), `not judged: run eval-magic judge ${c.ws.root}/.eval-magic/csv-reports/iteration-2 --harness claude-code --treatment with_skill`, String(concurrency));
    }
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    for (const iteration of paths) {
      const hint = reason(iteration, 'with_skill/run-1').replace(/^not judged: run eval-magic /, '');
      const judged = await runMain([...shellWords(hint), '--eval', 'explain'], { cwd: c.ws.root, env: c.ws.env });
      assert.equal(judged.code, 0, judged.stderr);
      assert.match(judged.stdout, /^judge with claude-code: 2 runs × /);
    }
    const { document } = await compareIterations(paths, { cwd: c.ws.root, treatment: 'with_skill' });
    const short = document.evals.find((e: any) => e.id === 'explain')!.assertions.find((a: any) => a.id === 'short') as any;
    assert.deepEqual([short.with_skill.passed, short.without_skill.passed, short.with_skill.ungraded, short.without_skill.ungraded], [2, 2, 0, 0]);
  });

  it('judged with --eval, a run whose run.json repeats a run of another eval (a copy) is passed over as compare passes it over', async () => {
    const c = await judgedCampaign({ runs: 2 });
    const it = c.ws.iteration();
    // add-column's run-1 record, edited to fit explain's run-2 folder: the same run still (its start and work folder).
    const original = JSON.parse(readFileSync(join(it, 'eval-add-column/with_skill/run-1/run.json'), 'utf8'));
    writeFileSync(join(it, 'eval-explain/with_skill/run-2/run.json'), JSON.stringify({ ...original, eval_id: 'explain', run: 2 }, null, 2));
    const result = await c.plan({ evalIds: ['explain'] });
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const excluded = runList(document, 'explain').filter(([, , why]: [string, number, string | null]) => why !== null);
    assert.deepEqual(excluded.map(([condition, run]: [string, number]) => `${condition}/run-${run}`), ['with_skill/run-2']);
    assert.equal(result.plan.runs, 3);
    assert.deepEqual(result.plan.notCounted, ['.eval-magic/csv-reports/iteration-1/eval-explain/with_skill/run-2: a copy of .eval-magic/csv-reports/iteration-1/eval-add-column/with_skill/run-1']);
  });
});

describe('an eval taken out of evals.json: judge and compare say its runs alike', () => {
  it("judge's plan says the runs it leaves out, in compare's words (eval-removed), where it said '4 runs …' without a word of them (user trial); check's error and compare's warning each say what the other command does", async () => {
    const c = await judgedCampaign({ runs: 2 });
    const evals = JSON.parse(readFileSync(c.ws.evalsPath, 'utf8'));
    writeFileSync(c.ws.evalsPath, JSON.stringify({ ...evals, evals: evals.evals.filter((e: { id: string }) => e.id !== 'add-column') }, null, 2) + '\n');
    const result = await c.plan();
    assert.equal(result.plan.runs, 4);
    assert.deepEqual(result.plan.evalsRemoved, ['Eval add-column is not in the evals.json its runs are graded by (taken out after the campaign?): its 4 runs are not judged, as compare leaves them out of its numbers (eval-removed); check reports each as an eval-missing error']);
    const dry = await runMain(['judge', c.ws.workspace, '--harness', 'claude-code', '--dry-run'], { cwd: c.ws.root, env: c.ws.env });
    assert.match(dry.stdout, /\n {2}warning: Eval add-column is not in the evals\.json its runs are graded by \(taken out after the campaign\?\): its 4 runs are not judged, as compare leaves them out/, dry.stdout);
    // Judged, the other eval's runs compare: the removed eval's said as judge said them.
    c.ws.respond({ judge: [{ when: 'Skills I can see', texts: [verdict(true)] }] });
    await c.judge();
    const { document } = await compareIterations([c.ws.workspace], { cwd: c.ws.root });
    const removed = document.validity.find((v) => v.code === 'eval-removed');
    assert.equal(removed?.severity, 'warning');
    assert.equal(removed?.message, 'Eval add-column is not in the evals.json its runs are graded by (taken out after the campaign?): its 4 runs are left out of the numbers; check reports each as an eval-missing error.');
    const checked = await check([c.ws.workspace], { cwd: c.ws.root });
    const missing = checked.results.flatMap((r) => r.messages).filter((m) => m.ruleId === 'eval-missing');
    assert.equal(missing.length, 4);
    assert.ok(missing.every((m) => m.severity === 2 && m.message.endsWith('(compare leaves such a run out of its numbers with a warning, eval-removed; judge judges none.)')), missing[0]?.message);
  });
});
