// Iterations pooled (`compare it-1 it-2`), one of them holding runs of one arm only: its runs of
// that arm have no counterpart of their own iteration, so a difference between the iterations would
// be counted as the skill's. Refused (exit 2) in one message however the arms are spelt — unnamed,
// named, named the other way round — by compare (CLI and library) and by judge in its words
// (workspace/iteration-arms.ts); earlier, unnamed arms compared them and named ones refused.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { planJudgments } from '../../src/judge/plan.js';
import { writeWorkspace, type RunSpec } from './workspace.js';
import { runMain } from '../helpers/cli.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-lone-arm-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const evals = ['e1', 'e2'].map((id) => ({ id, prompt: 'Rename the column.', expected_output: 'The column renamed.', assertions: [{ id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' }, { id: 'says-why', type: 'llm_judge', rubric: 'The agent says why.' }] }));
const asks: RunSpec = { record: false, events: [{ user: 'Rename the column.' }, { assistant: 'Renamed it: should I rename it in the seeds too?' }] };
const ITERATIONS = ['.eval-magic/s/iteration-1', '.eval-magic/s/iteration-2'];
// A claude on PATH for judge --dry-run, which looks for the CLI it would judge with (and starts no session).
const bin = join(tmp, 'bin');
mkdirSync(bin);
writeFileSync(join(bin, 'claude'), '#!/bin/sh\necho "2.1.197 (Claude Code)"\n', { mode: 0o755 });

/**
 * `.eval-magic/s/iteration-1` and `iteration-2` under `name`, each holding two runs of each condition
 * folder its list gives (no campaign.json, nor run.json, unless `campaign` names the arms), and a config whose ignore globs are `ignore`.
 */
function pooled(name: string, folders: [string[], string[]], options: { campaign?: [string, string]; ignore?: string[] } = {}): { root: string; evalsPath: string } {
  return pooledRuns(name, folders.map((own) => (run: RunSpec) => ({ e1: Object.fromEntries(own.map((f) => [f, [run, run]])) })), options);
}

/** {@link pooled}, each iteration's runs by eval and condition folder, made of the run it is given. */
function pooledRuns(name: string, runsOf: Array<(run: RunSpec) => Record<string, Record<string, RunSpec[]>>>, options: { campaign?: [string, string]; ignore?: string[] } = {}): { root: string; evalsPath: string } {
  const root = join(tmp, name);
  runsOf.forEach((runs, index) => {
    const at = join(tmp, `${name}-${index + 1}`);
    // With campaign.json a run counts by its run.json: each iteration's of its own day (not copies of the other's).
    const run: RunSpec = options.campaign === undefined ? asks : { ...asks, record: { started_at: `2026-12-0${index + 1}T08:00:00Z`, ended_at: `2026-12-0${index + 1}T08:01:00Z` } };
    const iteration = writeWorkspace(at, { skill: 's', evals, ...(options.campaign ? { conditions: options.campaign } : {}), runs: runs(run) });
    if (options.campaign === undefined) rmSync(join(iteration, 'campaign.json'));
    if (index === 0) renameSync(at, root);
    else renameSync(iteration, join(root, ITERATIONS[index]!));
  });
  if (options.ignore !== undefined) writeFileSync(join(root, 'eval-magic.config.json'), JSON.stringify({ ignore: options.ignore }));
  return { root, evalsPath: join(root, 's/evals/evals.json') };
}

/** Each spelling's outcome: compare's and judge's exit and message (CLI), and the library's (compareIterations, planJudgments: its UsageError's message, or 'ok'). */
async function outcomes(root: string, evalsPath: string | undefined, arms: string[]) {
  const named = Object.fromEntries(arms.flatMap((flag, i) => (flag.startsWith('--') ? [[flag.slice(2), arms[i + 1]!]] : [])));
  // Without evalsPath, each iteration's campaign.json names its evals.json.
  const evalsFlag = evalsPath === undefined ? [] : ['--evals', evalsPath];
  const evals = evalsPath === undefined ? {} : { evals: evalsPath };
  const compare = await runMain(['compare', ...ITERATIONS, ...evalsFlag, '--no-grading', '--format', 'json', ...arms], { cwd: root });
  const judge = await runMain(['judge', ...ITERATIONS, ...evalsFlag, '--harness', 'claude-code', '--dry-run', ...arms], { cwd: root, env: { PATH: bin } });
  const said = (error: unknown) => (error instanceof Error && error.name === 'UsageError' ? error.message : assert.fail(error as Error));
  const library = await compareIterations(ITERATIONS, { cwd: root, writeGrading: false, ...evals, ...named }).then(() => 'ok', said);
  const plan = await planJudgments({ paths: ITERATIONS, cwd: root, repeats: 1, ...evals, ...named }).then(() => 'ok', said);
  return { compare, judge, library, plan };
}

/** The refusal's opening, naming the iteration, the arm it holds runs of, the one it lacks, of which eval, and why (and how many more evals of an iteration are so). */
const lone = (iteration: string, holds: string, lacking: string, why: string, more = 0, evalId = 'e1') => `.eval-magic/s/${iteration} holds runs of "${holds}" but none of "${lacking}" for eval "${evalId}" (${why})${more === 0 ? '' : ` (and ${more} more, each an eval of an iteration named)`}`;
/** A run of day `day` in the work folder `work` (its record's start and work folder say which attempt it was: a copy repeats them). */
const attempt = (day: number, work: string): RunSpec => ({ ...asks, record: { started_at: `2026-12-0${day}T08:00:00Z`, ended_at: `2026-12-0${day}T08:01:00Z`, work_dir: `/tmp/eval-magic-work/${work}` } });
/** A run that aborted: its run.json says so (it may have left a conversation.json). */
const aborted = (run: RunSpec): RunSpec => ({ ...run, record: { ...(run.record === false ? {} : run.record), status: 'aborted', abort_reason: 'the agent CLI exited 1' } });

/**
 * Every spelling of the pair `[treatment, control]`: unnamed, named, one arm named alone (either),
 * and named the other way round, both or one (unless `reversible` is false: a pair campaign names is refused so).
 */
const spellings = ([treatment, control]: [string, string], reversible = true) => [
  [], ['--treatment', treatment, '--control', control], ['--treatment', treatment], ['--control', control],
  ...(reversible ? [['--treatment', control, '--control', treatment], ['--treatment', control], ['--control', treatment]] : []),
];

describe('iterations pooled, one holding runs of one arm only: one verdict however the arms are spelt', () => {
  const layouts: Array<{ name: string; layout: () => ReturnType<typeof pooled>; pair: [string, string]; reversible?: false; refused?: string }> = [
    { name: 'its other folder absent (run-a/run-b, iteration-2 run-a only)', layout: () => pooled('absent', [['run-a', 'run-b'], ['run-a']]), pair: ['run-b', 'run-a'], refused: lone('iteration-2', 'run-a', 'run-b', 'it has no "run-b" folder') },
    { name: "every run of its other folder left out by the config's ignore", layout: () => pooled('ignored', [['run-a', 'run-b'], ['run-a', 'run-b']], { ignore: ['**/iteration-2/*/run-b/**'] }), pair: ['run-b', 'run-a'], refused: lone('iteration-2', 'run-a', 'run-b', 'the ignore globs of eval-magic.config.json leave out every run of its "run-b" folder') },
    { name: 'one run of its other folder left out by the config (still compared)', layout: () => pooled('partly', [['run-a', 'run-b'], ['run-a', 'run-b']], { ignore: ['**/iteration-2/*/run-b/run-1/**'] }), pair: ['run-b', 'run-a'] },
    { name: 'each iteration of one arm only (iteration-1 run-b, iteration-2 run-a)', layout: () => pooled('split', [['run-b'], ['run-a']]), pair: ['run-b', 'run-a'], refused: lone('iteration-1', 'run-b', 'run-a', 'it has no "run-a" folder', 1) },
    { name: 'campaign.json of both names with_skill and without_skill, the without_skill folder of iteration-2 gone', layout: () => pooled('campaign-absent', [['with_skill', 'without_skill'], ['with_skill']], { campaign: ['with_skill', 'without_skill'] }), pair: ['with_skill', 'without_skill'], reversible: false, refused: lone('iteration-2', 'with_skill', 'without_skill', 'it has no "without_skill" folder') },
    { name: 'campaign.json of both names with_skill and without_skill, each holding with_skill runs only (the pair is the record\'s alone)', layout: () => pooled('campaign-one-arm', [['with_skill'], ['with_skill']], { campaign: ['with_skill', 'without_skill'] }), pair: ['with_skill', 'without_skill'], reversible: false, refused: lone('iteration-1', 'with_skill', 'without_skill', 'it has no "without_skill" folder', 1) },
    { name: 'campaign.json of both names with_skill and without_skill, every without_skill run of iteration-2 left out by the config', layout: () => pooled('campaign-ignored', [['with_skill', 'without_skill'], ['with_skill', 'without_skill']], { campaign: ['with_skill', 'without_skill'], ignore: ['**/iteration-2/**/without_skill/**'] }), pair: ['with_skill', 'without_skill'], reversible: false, refused: lone('iteration-2', 'with_skill', 'without_skill', 'the ignore globs of eval-magic.config.json leave out every run of its "without_skill" folder') },
    { name: 'campaign.json of both, every without_skill run of iteration-2 aborted (a run.json saying so, a conversation.json left: review29)', layout: () => pooledRuns('campaign-aborted', [(run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [aborted(run), aborted(run)] } })], { campaign: ['with_skill', 'without_skill'] }), pair: ['with_skill', 'without_skill'], reversible: false, refused: lone('iteration-2', 'with_skill', 'without_skill', 'none of its "without_skill" runs is counted; the first: the run aborted (the agent CLI exited 1)') },
    { name: 'campaign.json of both, the without_skill runs of iteration-2 copies of iteration-1\'s (their run.json copied over: each run counts once, review30)', layout: () => pooledRuns('campaign-copies', [() => ({ e1: { with_skill: [attempt(1, 'a'), attempt(1, 'b')], without_skill: [attempt(1, 'c'), attempt(1, 'd')] } }), () => ({ e1: { with_skill: [attempt(2, 'e'), attempt(2, 'f')], without_skill: [attempt(1, 'c'), attempt(1, 'd')] } })], { campaign: ['with_skill', 'without_skill'] }), pair: ['with_skill', 'without_skill'], reversible: false, refused: lone('iteration-1', 'with_skill', 'without_skill', 'none of its "without_skill" runs is counted; the first: a run copied into another iteration named (its run.json copied)', 1) },
    { name: 'one eval of iteration-2 of with_skill only, its other eval of both (the rule is per eval: review29)', layout: () => pooledRuns('one-eval', [(run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run], without_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run] } })]), pair: ['with_skill', 'without_skill'], reversible: false, refused: lone('iteration-2', 'with_skill', 'without_skill', 'it has no "without_skill" folder', 0, 'e2') },
    { name: 'its other folder named but for case (iteration-2 With_Skill beside without_skill: the older hint kept, review33)', layout: () => pooled('case', [['with_skill', 'without_skill'], ['With_Skill', 'without_skill']]), pair: ['with_skill', 'without_skill'], reversible: false, refused: lone('iteration-2', 'without_skill', 'with_skill', 'it has no "with_skill" folder; its "With_Skill" folder is that name but for case or separators') },
    { name: 'a third folder beside the known pair (iteration-1 With_Skill beside with_skill, without_skill): compared as unnamed, one arm named alone too (it was refused)', layout: () => pooled('third', [['with_skill', 'without_skill', 'With_Skill'], ['with_skill', 'without_skill']]), pair: ['with_skill', 'without_skill'], reversible: false },
    { name: 'an eval run in iteration-2 alone, of one arm (no eval pooled: compared)', layout: () => pooledRuns('eval-apart', [(run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run] } })]), pair: ['with_skill', 'without_skill'], reversible: false },
  ];
  for (const { name, layout, pair, reversible, refused } of layouts) {
    it(`${name}: ${refused === undefined ? 'compared (exit 0)' : 'refused (exit 2)'} by compare, judge and the library, unnamed, named${reversible === false ? '' : ' and named the other way round'}`, async () => {
      const { root, evalsPath } = layout();
      const seen = { compare: new Set<string>(), judge: new Set<string>() };
      for (const arms of spellings(pair, reversible !== false)) {
        const { compare, judge, library, plan } = await outcomes(root, evalsPath, arms);
        const spelt = arms.join(' ') || 'unnamed';
        if (refused === undefined) {
          assert.deepEqual([compare.code, judge.code, library, plan], [0, 0, 'ok', 'ok'], `${spelt}: ${compare.stderr}${judge.stderr}`);
          continue;
        }
        assert.deepEqual([compare.code, judge.code], [2, 2], `${spelt}: ${compare.stdout}${compare.stderr}${judge.stdout}${judge.stderr}`);
        const [compared, judged] = [compare.stderr, judge.stderr].map((text) => text.replace(/^eval-magic: /, '').trimEnd());
        assert.ok(compared!.startsWith(`${refused}: pooled with the others`), `${spelt}: ${compared}`);
        assert.equal(library, compared, `${spelt}: the library's message is the CLI's`);
        assert.ok(judged!.startsWith(`${refused}: compare refuses it pooled with the others`), `${spelt}: ${judged}`);
        assert.equal(plan, judged, spelt);
        assert.equal(judge.stdout, '', 'no plan, no session');
        seen.compare.add(compared!);
        seen.judge.add(judged!);
      }
      // One message for every spelling, of compare and of judge each.
      assert.equal(seen.compare.size, refused === undefined ? 0 : 1, [...seen.compare].join('\n'));
      assert.equal(seen.judge.size, refused === undefined ? 0 : 1, [...seen.judge].join('\n'));
      // Unless the names are themselves the problem: a name of no folder (misspelt), or a pair
      // campaign names the wrong way round — that reason first, whatever the layout (review33).
      const [treatment, control] = pair;
      const wrong: Array<[string[], RegExp]> = [
        [['--treatment', 'nope'], /^eval-magic: --treatment "nope" is no condition folder of /],
        [['--treatment', 'nope', '--control', control], /^eval-magic: --treatment "nope" is no condition folder of /],
        [['--control', 'nope'], /^eval-magic: --control "nope" is no condition folder of /],
        ...(reversible === false ? [['--treatment', control, '--control', treatment], ['--treatment', control], ['--control', treatment]].map((arms): [string[], RegExp] => [arms, /^eval-magic: .*(would flip every delta|contradicts the campaign\.json|is no condition folder of \S+ \(its condition folders: "with_skill"\); did you mean "with_skill"\?)/]) : []),
      ];
      for (const [arms, reason] of wrong) {
        const { compare, judge } = await outcomes(root, evalsPath, arms);
        assert.deepEqual([compare.code, judge.code], [2, 2], arms.join(' '));
        assert.match(compare.stderr, reason, arms.join(' '));
        assert.equal(judge.stderr, compare.stderr, arms.join(' '));
      }
    });
  }
});

describe('an eval taken out of evals.json after the campaign', () => {
  // Its leftover runs of iteration-2 are of with_skill only; compare leaves an eval evals.json no
  // longer holds out of the comparison, and judge does not judge it, so it pools nothing (review33).
  const gone = (name: string) => {
    const made = pooledRuns(name, [(run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run], without_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run] } })], { campaign: ['with_skill', 'without_skill'] });
    writeFileSync(made.evalsPath, JSON.stringify({ skill_name: 's', evals: evals.filter((e) => e.id !== 'e2') }));
    return made;
  };
  for (const by of ['--evals', "campaign.json's evals.path"] as const) {
    it(`named by ${by}: compared (exit 0) by compare, judge and the library, unnamed and named`, async () => {
      const { root, evalsPath } = gone(`gone-${by === '--evals' ? 'flag' : 'campaign'}`);
      for (const arms of spellings(['with_skill', 'without_skill'], false)) {
        const { compare, judge, library, plan } = await outcomes(root, by === '--evals' ? evalsPath : undefined, arms);
        assert.deepEqual([compare.code, judge.code, library, plan], [0, 0, 'ok', 'ok'], `${arms.join(' ') || 'unnamed'}: ${compare.stderr}${judge.stderr}`);
        const e2 = JSON.parse(compare.stdout).evals.find((e: { id: string }) => e.id === 'e2');
        assert.deepEqual(e2.run_list.map((r: { excluded: string | null }) => r.excluded?.replace(/ in .*/, '')), Array(6).fill('its eval is not'), 'the eval taken out counts no run');
      }
    });
  }
  it('the eval still in evals.json, lacking an arm in iteration-2, is refused as before', async () => {
    const { root, evalsPath } = gone('gone-kept');
    writeFileSync(evalsPath, JSON.stringify({ skill_name: 's', evals }));
    const { compare } = await outcomes(root, undefined, []);
    assert.equal(compare.code, 2);
    assert.ok(compare.stderr.startsWith(`eval-magic: ${lone('iteration-2', 'with_skill', 'without_skill', 'it has no "without_skill" folder', 0, 'e2')}`), compare.stderr);
  });
});

describe("an iteration pooled whose evals.json cannot be read", () => {
  // Which evals pool cannot be told without it: compare read every evals.json or none (and so
  // refused iteration-1's lone arm of e2, taken out of its evals.json), judge each apart (and so
  // named the unreadable file). One reason now, the same, naming the file.
  const layouts: Array<{ name: string; runs: Parameters<typeof pooledRuns>[1] }> = [
    { name: 'a lone arm of an eval taken out of the readable one', runs: [(run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run], without_skill: [run, run] } })] },
    { name: 'a lone arm of an eval still in the readable one', runs: [(run) => ({ e1: { with_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] } })] },
    { name: 'no lone arm', runs: [(run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] } })] },
  ];
  for (const { name, runs } of layouts) {
    it(`${name}: compare and judge refuse it first, naming the file, however the arms are spelt`, async () => {
      const { root, evalsPath } = pooledRuns(`unreadable-${name.replace(/\W+/g, '-')}`, runs, { campaign: ['with_skill', 'without_skill'] });
      writeFileSync(evalsPath, JSON.stringify({ skill_name: 's', evals: evals.filter((e) => e.id !== 'e2') }));
      writeFileSync(join(root, 's/evals/broken.json'), '{');
      const record = join(root, ITERATIONS[1]!, 'campaign.json');
      writeFileSync(record, JSON.stringify({ ...JSON.parse(readFileSync(record, 'utf8')), evals: { ...JSON.parse(readFileSync(record, 'utf8')).evals, path: 's/evals/broken.json' } }));
      for (const arms of spellings(['with_skill', 'without_skill'], false)) {
        const spelt = arms.join(' ') || 'unnamed';
        const { compare, judge } = await outcomes(root, undefined, arms);
        assert.deepEqual([compare.code, judge.code], [2, 2], `${spelt}: ${compare.stderr}${judge.stderr}`);
        const reason = (text: string) => text.replace(/^eval-magic: /, '').replace(/nothing was (compared|judged)/, 'nothing was …');
        assert.match(compare.stderr, /^eval-magic: s\/evals\/broken\.json/, spelt);
        assert.equal(reason(judge.stderr), reason(compare.stderr), spelt);
      }
    });
  }
});

describe('judge --eval: an eval left out pools nothing', () => {
  // e2 of iteration-2 has with_skill runs only; judging e1 alone judges none of them (judge refused
  // it for e2 all the same). compare has no --eval: it counts every eval, so refuses as before.
  it('judge --eval e1 plans (exit 0), however the arms are spelt; --eval e2, and compare, refuse as before', async () => {
    const { root, evalsPath } = pooledRuns('eval-named', [(run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run], without_skill: [run, run] } }), (run) => ({ e1: { with_skill: [run, run], without_skill: [run, run] }, e2: { with_skill: [run, run] } })]);
    const refused = lone('iteration-2', 'with_skill', 'without_skill', 'it has no "without_skill" folder', 0, 'e2');
    for (const arms of spellings(['with_skill', 'without_skill'], false)) {
      const spelt = arms.join(' ') || 'unnamed';
      const named = Object.fromEntries(arms.flatMap((flag, i) => (flag.startsWith('--') ? [[flag.slice(2), arms[i + 1]!]] : [])));
      const judge = (id: string) => runMain(['judge', ...ITERATIONS, '--evals', evalsPath, '--harness', 'claude-code', '--dry-run', '--eval', id, ...arms], { cwd: root, env: { PATH: bin } });
      const one = await judge('e1');
      assert.equal(one.code, 0, `${spelt}: ${one.stderr}`);
      assert.match(one.stdout, /^judge with claude-code: 8 runs × /, spelt);
      const plan = await planJudgments({ paths: ITERATIONS, cwd: root, repeats: 1, evals: evalsPath, evalIds: ['e1'], ...named });
      assert.deepEqual([...new Set(plan.judgments.map((j) => j.evalId))], ['e1'], spelt);
      const other = await judge('e2');
      assert.equal(other.code, 2, spelt);
      assert.ok(other.stderr.startsWith(`eval-magic: ${refused}: compare refuses it pooled`), `${spelt}: ${other.stderr}`);
    }
    const compare = await runMain(['compare', ...ITERATIONS, '--evals', evalsPath, '--no-grading'], { cwd: root });
    assert.equal(compare.code, 2, compare.stderr);
    assert.ok(compare.stderr.startsWith(`eval-magic: ${refused}: pooled with the others`), compare.stderr);
  });
});

describe('a folder named as the arm lacking but for case', () => {
  it('the advice is to rename it, in compare\'s and judge\'s words', async () => {
    const { root, evalsPath } = pooled('case-advice', [['with_skill', 'without_skill'], ['With_Skill', 'without_skill']]);
    const { compare, judge } = await outcomes(root, evalsPath, []);
    assert.match(compare.stderr, / Rename its "With_Skill" folder "with_skill" \(or compare the others without it: eval-magic compare \.eval-magic\/s\/iteration-1, with the same options\)\.\n$/);
    assert.match(judge.stderr, /, so rename its "With_Skill" folder "with_skill" \(or judge the others without it: eval-magic judge \.eval-magic\/s\/iteration-1, with the same options\)\.\n$/);
  });
});

describe('the arm named as a folder is spelt but for case', () => {
  it('the advice is to name the arm as the folder is (the known name), never to rename the known folder to the misspelling (review34)', async () => {
    const { root, evalsPath } = pooled('named-misspelt', [['with_skill', 'without_skill'], ['with-skill', 'without_skill']]);
    const { compare, judge } = await outcomes(root, evalsPath, ['--treatment', 'with-skill', '--control', 'without_skill']);
    assert.equal(compare.code, 2);
    // Followed, the name alone is refused next in iteration-2, whose folder is spelt as the arm was named: said at once (review35).
    assert.match(compare.stderr, /its "with_skill" folder is that name but for case or separators\).* Name the arm "with_skill" \(--treatment with_skill\), and rename its "with-skill" folder in \.eval-magic\/s\/iteration-2 "with_skill"\.\n$/);
    assert.match(judge.stderr, /, so name the arm "with_skill" \(--treatment with_skill\), and rename its "with-skill" folder in \.eval-magic\/s\/iteration-2 "with_skill"\.\n$/);
    assert.doesNotMatch(compare.stderr + judge.stderr, /[Rr]ename its "with_skill"/);
    // Followed, both steps: compared.
    renameSync(join(root, ITERATIONS[1]!, 'eval-e1', 'with-skill'), join(root, ITERATIONS[1]!, 'eval-e1', 'with_skill'));
    const followed = await outcomes(root, evalsPath, ['--treatment', 'with_skill', '--control', 'without_skill']);
    assert.equal(followed.compare.code, 0, followed.compare.stderr);
  });
});

describe('names that are themselves wrong beside a folder spelt but for case', () => {
  // A known pair's treatment given for the control, or two names one but for case, beside a
  // With_Skill folder: the advice was `did you mean "With_Skill"?`, or to name the arm as the other
  // arm was already named. What is wrong with the names is said first, and a folder that is an
  // arm's name but for case is never offered as the right one.
  const cases: Array<{ name: string; folders: string[][]; arms: string[]; said: RegExp }> = [
    { name: 'one iteration, --control with_skill beside With_Skill', folders: [['With_Skill', 'without_skill']], arms: ['--control', 'with_skill'], said: /^--control "with_skill" is the treatment's name in a pair campaign names \("with_skill" the treatment, "without_skill" the control\), and no condition folder of \.eval-magic\/s\/iteration-1 / },
    { name: 'pooled, the first iteration of With_Skill, --control with_skill', folders: [['With_Skill', 'without_skill'], ['with_skill', 'without_skill']], arms: ['--control', 'with_skill'], said: /^--control "with_skill" is the treatment's name in a pair campaign names/ },
    { name: 'one iteration, both arms with_skill', folders: [['With_Skill', 'without_skill']], arms: ['--treatment', 'with_skill', '--control', 'with_skill'], said: /^--treatment and --control both name "with_skill": name two different condition folders/ },
    { name: 'pooled, both arms with_skill', folders: [['With_Skill', 'without_skill'], ['with_skill', 'without_skill']], arms: ['--treatment', 'with_skill', '--control', 'with_skill'], said: /^--treatment and --control both name "with_skill": name two different condition folders/ },
    { name: 'one iteration, --treatment With_Skill --control with_skill', folders: [['With_Skill', 'without_skill']], arms: ['--treatment', 'With_Skill', '--control', 'with_skill'], said: /^--treatment "With_Skill" and --control "with_skill" are one name but for case, and \.eval-magic\/s\/iteration-1 has no folder "with_skill" / },
    { name: 'pooled, --treatment With_Skill --control with_skill', folders: [['with_skill', 'without_skill'], ['With_Skill', 'without_skill']], arms: ['--treatment', 'With_Skill', '--control', 'with_skill'], said: /^--treatment "With_Skill" and --control "with_skill" are one name but for case, and \.eval-magic\/s\/iteration-1 has no folder "With_Skill" / },
    { name: 'pooled the other way, --treatment With_Skill --control with_skill', folders: [['With_Skill', 'without_skill'], ['with_skill', 'without_skill']], arms: ['--treatment', 'With_Skill', '--control', 'with_skill'], said: /^--treatment "With_Skill" and --control "with_skill" are one name but for case, and \.eval-magic\/s\/iteration-1 has no folder "with_skill" / },
  ];
  for (const { name, folders, arms, said } of cases) {
    it(`${name}: that first, the same from compare and judge, with no folder offered but for case`, async () => {
      const { root, evalsPath } = folders.length === 1 ? pooledRuns(name.replace(/\W+/g, '-'), [(run) => ({ e1: Object.fromEntries(folders[0]!.map((f) => [f, [run, run]])) })]) : pooled(name.replace(/\W+/g, '-'), folders as [string[], string[]]);
      const paths = ITERATIONS.slice(0, folders.length);
      const compare = await runMain(['compare', ...paths, '--evals', evalsPath, '--no-grading', ...arms], { cwd: root });
      const judge = await runMain(['judge', ...paths, '--evals', evalsPath, '--harness', 'claude-code', '--dry-run', ...arms], { cwd: root, env: { PATH: bin } });
      assert.deepEqual([compare.code, judge.code], [2, 2], compare.stderr + judge.stderr);
      assert.match(compare.stderr.replace(/^eval-magic: /, ''), said);
      assert.equal(judge.stderr, compare.stderr);
      assert.doesNotMatch(compare.stderr, /did you mean|[Nn]ame the arm|[Rr]ename its/);
    });
  }
});

describe('runs copied between the iterations pooled', () => {
  it('refused whichever order the iterations are named in, advising to remove the copies — never to compare one alone, which would count them as its own (named the other way round, it advised comparing the copy: review31)', async () => {
    const { root, evalsPath } = pooledRuns('copies-order', [() => ({ e1: { with_skill: [attempt(1, 'a'), attempt(1, 'b')], without_skill: [attempt(1, 'c'), attempt(1, 'd')] } }), () => ({ e1: { with_skill: [attempt(2, 'e'), attempt(2, 'f')], without_skill: [attempt(1, 'c'), attempt(1, 'd')] } })], { campaign: ['with_skill', 'without_skill'] });
    for (const order of [ITERATIONS, [...ITERATIONS].reverse()]) {
      const compare = await runMain(['compare', ...order, '--evals', evalsPath, '--no-grading'], { cwd: root });
      assert.equal(compare.code, 2, compare.stderr);
      assert.match(compare.stderr, /the first: (a copy of the run in|a run copied into another iteration named) .*: pooled with the others, .* Remove the copied run folders from the iteration they were copied into \(the same runs are in both\), then compare again\.\n$/);
      assert.doesNotMatch(compare.stderr, /without it/);
    }
  });
});

describe('some runs copied between the iterations pooled', () => {
  it('one run of iteration-1 copied into iteration-2, its only run of that arm: refused whichever order they are named in (named the other way round, the copy counted as iteration-2\'s own and the original passed over, exit 0: review32)', async () => {
    const { root, evalsPath } = pooledRuns('partial-copy', [() => ({ e1: { with_skill: [attempt(1, 'a'), attempt(1, 'b')], without_skill: [attempt(1, 'c'), attempt(1, 'd')] } }), () => ({ e1: { with_skill: [attempt(2, 'e'), attempt(2, 'f')], without_skill: [attempt(1, 'c')] } })], { campaign: ['with_skill', 'without_skill'] });
    for (const order of [ITERATIONS, [...ITERATIONS].reverse()]) {
      const compare = await runMain(['compare', ...order, '--evals', evalsPath, '--no-grading'], { cwd: root });
      assert.equal(compare.code, 2, `${order.join(' ')}: ${compare.stdout}${compare.stderr}`);
      assert.match(compare.stderr, /^eval-magic: \.eval-magic\/s\/iteration-2 holds runs of "with_skill" but none of "without_skill" for eval "e1" \(none of its "without_skill" runs is counted; the first: (a copy of the run in \.eval-magic\/s\/iteration-1\/eval-e1\/without_skill\/run-1|a run copied into another iteration named \(its run\.json copied\))\): .* Remove the copied run folders/);
    }
  });
});

describe('one arm only, not pooled: as before', () => {
  it('a single iteration of run-a only: compare refuses one condition (unnamed) or the name of no folder (named), judge judges its runs unnamed', async () => {
    const root = join(tmp, 'single');
    writeWorkspace(root, { skill: 's', evals, runs: { e1: { 'run-a': [asks, asks] } } });
    rmSync(join(root, ITERATIONS[0]!, 'campaign.json'));
    const evalsPath = join(root, 's/evals/evals.json');
    const compare = (arms: string[]) => runMain(['compare', ITERATIONS[0]!, '--evals', evalsPath, '--no-grading', ...arms], { cwd: root });
    const judge = (arms: string[]) => runMain(['judge', ITERATIONS[0]!, '--evals', evalsPath, '--harness', 'claude-code', '--dry-run', ...arms], { cwd: root, env: { PATH: bin } });
    const unnamed = await compare([]);
    assert.deepEqual([unnamed.code, unnamed.stderr], [2, 'eval-magic: compare needs two conditions; found only "run-a".\n']);
    const named = await compare(['--treatment', 'run-b', '--control', 'run-a']);
    // run-a is the control named: never offered for the treatment (both arms would be it).
    assert.deepEqual([named.code, named.stderr], [2, `eval-magic: --treatment "run-b" is no condition folder of ${ITERATIONS[0]} (its condition folders: "run-a").\n`]);
    const judged = await judge([]);
    assert.equal(judged.code, 0, judged.stderr);
    assert.match(judged.stdout, /^judge with claude-code: 2 runs × /);
    assert.equal((await judge(['--treatment', 'run-b', '--control', 'run-a'])).stderr, named.stderr);
  });

  it('the shards of one plan (campaign --shard into separate workspaces), one holding runs of with_skill only: one experiment, compared as if merged into one folder', async () => {
    const root = join(tmp, 'shards');
    const finished: RunSpec = { events: asks.events };
    const plan = { skill: 's', evals, runs: { e1: { with_skill: [finished, finished], without_skill: [finished, finished] } } };
    writeWorkspace(root, plan);
    const second = writeWorkspace(join(tmp, 'shards-2'), plan);
    // The first shard ran run 1 of each arm; the second, run 2 of with_skill only (its without_skill run 2 not run yet).
    for (const arm of ['with_skill', 'without_skill']) rmSync(join(root, ITERATIONS[0]!, 'eval-e1', arm, 'run-2'), { recursive: true });
    for (const arm of ['with_skill', 'without_skill']) rmSync(join(second, 'eval-e1', arm, arm === 'with_skill' ? 'run-1' : ''), { recursive: true });
    renameSync(second, join(root, ITERATIONS[1]!));
    const evalsPath = join(root, 's/evals/evals.json');
    const compare = await runMain(['compare', ...ITERATIONS, '--evals', evalsPath, '--no-grading', '--format', 'json'], { cwd: root });
    assert.equal(compare.code, 0, compare.stderr);
    const runs = JSON.parse(compare.stdout).evals.flatMap((e: { run_list: Array<{ excluded: string | null }> }) => e.run_list).filter((r: { excluded: string | null }) => r.excluded === null);
    assert.equal(runs.length, 3);
    const plan2 = await planJudgments({ paths: ITERATIONS, cwd: root, repeats: 1, evals: evalsPath });
    assert.equal(new Set(plan2.judgments.map((j) => j.run.dir)).size, 3);
  });
});

describe('an eval left out (judge --eval, or taken out of evals.json) leaves shards and pooled iterations told apart as before', () => {
  // e2 has run-1 of both arms in both iterations (the same run numbers: iterations pooled, not shards
  // of one plan); e1 is with_skill in iteration-1, without_skill in iteration-2. Leaving e2 out took
  // its runs out of the telling apart too, so the two iterations looked like shards and e1's arms,
  // each of one iteration, were pooled (review39 p1, p3).
  const split = (name: string) => pooledRuns(name, [
    (run) => ({ e1: { with_skill: [run, run] }, e2: { with_skill: [run], without_skill: [run] } }),
    (run) => ({ e1: { without_skill: [run, run] }, e2: { with_skill: [run], without_skill: [run] } }),
  ], { campaign: ['with_skill', 'without_skill'] });
  const refused = lone('iteration-1', 'with_skill', 'without_skill', 'it has no "without_skill" folder', 1);
  it('compare, compare with e2 taken out of the evals.json named, and judge --eval e1 all refuse e1\'s lone arms', async () => {
    const { root, evalsPath } = split('left-out-pooled');
    const onlyE1 = join(root, 's/evals/only-e1.json');
    writeFileSync(onlyE1, JSON.stringify({ skill_name: 's', evals: evals.filter((e) => e.id === 'e1') }));
    const compare = await runMain(['compare', ...ITERATIONS, '--evals', evalsPath, '--no-grading'], { cwd: root });
    const taken = await runMain(['compare', ...ITERATIONS, '--evals', onlyE1, '--no-grading'], { cwd: root });
    const judge = await runMain(['judge', ...ITERATIONS, '--evals', evalsPath, '--harness', 'claude-code', '--dry-run', '--eval', 'e1'], { cwd: root, env: { PATH: bin } });
    assert.deepEqual([compare.code, taken.code, judge.code], [2, 2, 2], `${compare.stderr}${taken.stderr}${judge.stdout}`);
    for (const { stderr } of [compare, taken, judge]) assert.ok(stderr.startsWith(`eval-magic: ${refused}`), stderr);
  });
});

describe('judge --eval leaves shards told apart as compare tells them', () => {
  // iteration-1 and iteration-2 share e2's run-1 (pooled); iteration-3, e1 without_skill run-1 only,
  // shares no run with iteration-1 (its shard: e1 has both arms there). Told apart by e1's runs only,
  // judge --eval e1 took iteration-2 and iteration-3 as shards instead and refused (exit 2) what
  // compare compares (review39 p11).
  it('compare, judge and judge --eval e1 all take them (exit 0)', async () => {
    const root = join(tmp, 'eval-shards');
    const finished = (day: number): RunSpec => ({ ...asks, record: { started_at: `2026-12-0${day}T08:00:00Z`, ended_at: `2026-12-0${day}T08:01:00Z` } });
    const names = ['iteration-1', 'iteration-2', 'iteration-3'];
    const runs = [
      (r: RunSpec) => ({ e1: { with_skill: [r] }, e2: { with_skill: [r], without_skill: [r] } }),
      (r: RunSpec) => ({ e1: { with_skill: [r, r], without_skill: [r] }, e2: { with_skill: [r], without_skill: [r] } }),
      (r: RunSpec) => ({ e1: { without_skill: [r] } }),
    ];
    runs.forEach((own, index) => {
      const iteration = writeWorkspace(join(tmp, `eval-shards-${index}`), { skill: 's', evals, conditions: ['with_skill', 'without_skill'], runs: own(finished(index + 1)) });
      if (index === 1) rmSync(join(iteration, 'eval-e1/with_skill/run-1'), { recursive: true });
      mkdirSync(join(root, '.eval-magic/s'), { recursive: true });
      renameSync(iteration, join(root, '.eval-magic/s', names[index]!));
      if (index === 0) renameSync(join(tmp, 'eval-shards-0', 's'), join(root, 's'));
    });
    const record = readFileSync(join(root, '.eval-magic/s/iteration-2/campaign.json'));
    for (const name of names) writeFileSync(join(root, '.eval-magic/s', name, 'campaign.json'), record);
    const paths = names.map((n) => `.eval-magic/s/${n}`);
    const evalsPath = join(root, 's/evals/evals.json');
    const compare = await runMain(['compare', ...paths, '--evals', evalsPath, '--no-grading'], { cwd: root });
    const judge = (more: string[]) => runMain(['judge', ...paths, '--evals', evalsPath, '--harness', 'claude-code', '--dry-run', ...more], { cwd: root, env: { PATH: bin } });
    const all = await judge([]);
    const e1 = await judge(['--eval', 'e1']);
    assert.deepEqual([compare.code, all.code, e1.code], [0, 0, 0], `${compare.stderr}${all.stderr}${e1.stderr}`);
    assert.match(e1.stdout, /^judge with claude-code: 4 runs × /);
  });
});

describe('three iterations of one plan: shards told apart whatever order they are named in', () => {
  // A holds e1 with_skill run-1, B without_skill run-1, C without_skill run-1 and with_skill run-2.
  // Grouped greedily in the order named, `A B C` made {A, B} shards and C its own (each with both
  // arms: compared), `A C B` made {A, C} shards and B its own (without_skill only: refused; review39 p13).
  it('every order: one verdict from compare and judge', async () => {
    const root = join(tmp, 'order');
    const finished = (day: number): RunSpec => ({ ...asks, record: { started_at: `2026-12-0${day}T08:00:00Z`, ended_at: `2026-12-0${day}T08:01:00Z` } });
    const names = ['iteration-1', 'iteration-2', 'iteration-3'];
    const runs: Array<Record<string, Record<string, RunSpec[]>>> = [
      { e1: { with_skill: [finished(1)] } },
      { e1: { without_skill: [finished(2)] } },
      { e1: { with_skill: [finished(3), finished(3)], without_skill: [finished(3)] } },
    ];
    runs.forEach((own, index) => {
      const iteration = writeWorkspace(join(tmp, `order-${index}`), { skill: 's', evals: evals.filter((e) => e.id === 'e1'), conditions: ['with_skill', 'without_skill'], runs: own });
      if (index === 2) rmSync(join(iteration, 'eval-e1/with_skill/run-1'), { recursive: true });
      mkdirSync(join(root, '.eval-magic/s'), { recursive: true });
      renameSync(iteration, join(root, '.eval-magic/s', names[index]!));
      if (index === 0) renameSync(join(tmp, 'order-0', 's'), join(root, 's'));
    });
    // One plan: every campaign.json the same bytes.
    const record = readFileSync(join(root, '.eval-magic/s/iteration-3/campaign.json'));
    for (const name of names) writeFileSync(join(root, '.eval-magic/s', name, 'campaign.json'), record);
    const evalsPath = join(root, 's/evals/evals.json');
    const orders = [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]].map((order) => order.map((i) => `.eval-magic/s/${names[i]}`));
    const verdicts = new Set<string>();
    for (const paths of orders) {
      const compare = await runMain(['compare', ...paths, '--evals', evalsPath, '--no-grading'], { cwd: root });
      const judge = await runMain(['judge', ...paths, '--evals', evalsPath, '--harness', 'claude-code', '--dry-run'], { cwd: root, env: { PATH: bin } });
      verdicts.add(`compare ${compare.code} ${compare.stderr.split(':')[1] ?? ''}, judge ${judge.code}`);
    }
    assert.deepEqual([...verdicts], ['compare 0 , judge 0']);
  });
});

describe('two arms named one but for case, both folders there', () => {
  // iteration-1 holds Run-A and run-a, iteration-2 run-a and run-b: the names are two folders, so
  // the case rule (name two different folders) is no reason; iteration-2 lacking Run-A is, and
  // run-a, the other arm, is never the folder to rename (review39 p10).
  it('the lone arm is said, never "one name but for case", nor a rename of the other arm\'s folder', async () => {
    const { root, evalsPath } = pooled('case-both-there', [['Run-A', 'run-a'], ['run-a', 'run-b']]);
    const { compare, judge, library, plan } = await outcomes(root, evalsPath, ['--treatment', 'Run-A', '--control', 'run-a']);
    assert.deepEqual([compare.code, judge.code], [2, 2], `${compare.stderr}${judge.stderr}`);
    const said = lone('iteration-2', 'run-a', 'Run-A', 'it has no "Run-A" folder');
    for (const text of [compare.stderr, judge.stderr]) assert.ok(text.startsWith(`eval-magic: ${said}:`), text);
    for (const text of [compare.stderr, judge.stderr, library, plan]) assert.doesNotMatch(text, /but for case|rename its "run-a"/, text);
  });
});
