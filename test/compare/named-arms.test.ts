// compare --treatment / --control (and the library's treatment / control): the arms of an
// iteration no campaign.json names, named by the user instead of guessed from the folder names —
// every format saying so alike, and every name it cannot take a usage error (exit 2) that says why.
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import type { ComparisonDocument } from '../../src/compare/index.js';
import { runMain } from '../helpers/cli.js';
import { askingEvals as evals, askingRun as asks, silentRun as silent } from './fixture-specs.js';
import { writeWorkspace } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-named-arms-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** An iteration without campaign.json whose arm folders say nothing: run-b's agent asks (6 of 6), run-a's never. */
function namelessArms(name: string, extra: Record<string, typeof asks[]> = {}): { root: string; iteration: string } {
  const root = join(tmp, name);
  const iteration = writeWorkspace(root, { skill: 's', evals, conditions: ['run-b', 'run-a'], runs: { e1: { 'run-b': Array(6).fill({ ...asks, record: false }), 'run-a': Array(6).fill({ ...silent, record: false }), ...extra } } });
  rmSync(join(iteration, 'campaign.json'));
  return { root, iteration };
}

const compare = (root: string, ...args: string[]) => runMain(['compare', '.eval-magic/s/iteration-1', '--no-grading', ...args], { cwd: root });

describe('compare --treatment and --control name the arms no campaign.json names', () => {
  const { root, iteration } = namelessArms('two');

  it('unnamed, "run-a" and "run-b" are a guess (code-unit order): run-a the treatment, and --fail-on worse fails on the flipped delta', async () => {
    const run = await compare(root, '-f', 'json', '--fail-on', 'worse');
    const doc = JSON.parse(run.stdout) as ComparisonDocument;
    assert.deepEqual(doc.conditions, ['run-a', 'run-b']);
    assert.equal(doc.conditions_by, 'guessed');
    assert.match(doc.validity.find((v) => v.code === 'conditions-guessed')?.message ?? '', /name them with --treatment and --control/);
    assert.equal(run.code, 1, run.stderr);
  });

  it('named, the treatment is the one named: no guess said, the delta and --fail-on worse by the names', async () => {
    const run = await compare(root, '--treatment', 'run-a', '--control', 'run-b', '-f', 'json', '--fail-on', 'worse');
    const doc = JSON.parse(run.stdout) as ComparisonDocument;
    assert.deepEqual(doc.conditions, ['run-a', 'run-b']);
    assert.equal(doc.conditions_by, 'named');
    assert.deepEqual(doc.validity.filter((v) => v.code === 'conditions-guessed'), []);
    assert.equal(run.code, 1);
    assert.match(run.stderr, /--fail-on worse: in eval e1, asks is significantly worse with run-a/);
    const other = await compare(root, '--treatment', 'run-b', '--control', 'run-a', '-f', 'json', '--fail-on', 'worse');
    const flipped = JSON.parse(other.stdout) as ComparisonDocument;
    assert.deepEqual(flipped.conditions, ['run-b', 'run-a']);
    assert.equal(flipped.evals[0]!.assertions[0]!.delta, 1);
    assert.equal(other.code, 0, other.stderr);
  });

  it('one named, the other is the only other folder; every format says the arm named and by what, never an option not given (review39)', async () => {
    const run = await compare(root, '--control', 'run-a', '-f', 'stylish', '-f', `json=${join(root, 'c.json')}`, '-f', `markdown=${join(root, 'c.md')}`, '-f', `html=${join(root, 'c.html')}`);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^eval-magic compare: run-b \(treatment\) vs run-a \(control\) \(control named by --control\),\s+alpha 0\.05/);
    assert.doesNotMatch(run.stdout, /conditions-guessed/);
    const doc = JSON.parse(readFileSync(join(root, 'c.json'), 'utf8')) as ComparisonDocument;
    assert.deepEqual([doc.conditions, doc.conditions_by, doc.conditions_named], [['run-b', 'run-a'], 'named', ['control']]);
    assert.match(readFileSync(join(root, 'c.md'), 'utf8'), /\*\*run-b\*\* \(treatment\) vs \*\*run-a\*\* \(control\) \(control named by --control\) · alpha/);
    assert.match(readFileSync(join(root, 'c.html'), 'utf8'), /run-b \(treatment\) vs <svg[^>]*>.*?<\/svg> run-a \(control\) \(control named by --control\) · alpha/);
    const both = await compare(root, '--treatment', 'run-b', '--control', 'run-a');
    assert.match(both.stdout, /^eval-magic compare: run-b \(treatment\) vs run-a \(control\) \(arms named by --treatment and --control\),/);
    const treatment = await compare(root, '--treatment', 'run-b', '-f', 'json');
    assert.deepEqual(JSON.parse(treatment.stdout).conditions_named, ['treatment']);
  });

  it('a name that is no condition folder: exit 2, naming the folders there and the nearest', async () => {
    const run = await compare(root, '--treatment', 'run-B', '--control', 'run-a');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--treatment "run-B" is no condition folder of \.eval-magic\/s\/iteration-1 \(its condition folders: "run-a", "run-b"\); did you mean "run-b"\?/);
    assert.equal(run.stdout, '');
  });

  it('both naming one folder: exit 2', async () => {
    const run = await compare(root, '--treatment', 'run-a', '--control', 'run-a');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--treatment and --control both name "run-a"/);
  });

  it('against the campaign.json that names the arms: exit 2, never silently overridden', async () => {
    const recorded = join(tmp, 'recorded');
    writeWorkspace(recorded, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const run = await compare(recorded, '--treatment', 'without_skill');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--treatment "without_skill" contradicts the campaign\.json of \.eval-magic\/s\/iteration-1, which names "with_skill" the treatment and "without_skill" the control: leave --treatment and --control out/);
    const agreeing = await compare(recorded, '--treatment', 'with_skill', '-f', 'json');
    assert.equal(JSON.parse(agreeing.stdout).conditions_by, 'campaign', agreeing.stderr);
  });

  it('the library takes treatment and control, names them as options, and refuses a value of the wrong type or a misspelt key', async () => {
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false, treatment: 'run-b', control: 'run-a' });
    assert.deepEqual([document.conditions, document.conditions_by], [['run-b', 'run-a'], 'named']);
    await assert.rejects(compareIterations([iteration], { cwd: root, writeGrading: false, treatment: 'run-c' }), { name: 'UsageError', message: /^the treatment option "run-c" is no condition folder of \.eval-magic\/s\/iteration-1 .*did you mean "run-a"\?/ });
    await assert.rejects(compareIterations([iteration], { cwd: root, writeGrading: false, control: 3 as unknown as string }), { name: 'UsageError', message: /^control must be a string that is not empty \(got 3\)/ });
    await assert.rejects(compareIterations([iteration], { cwd: root, writeGrading: false, treatmnt: 'run-b' } as never), { name: 'UsageError', message: /has no option "treatmnt"; did you mean "treatment"\?/ });
  });
});

describe('three condition folders: the two named are compared, the third said as today', () => {
  const { root } = namelessArms('three', { 'run-c': Array(2).fill({ ...silent, record: false }) });

  it('unnamed: exit 2, saying to name the arms', async () => {
    const run = await compare(root);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /compare needs two conditions; found "run-a", "run-b", "run-c" \(which are the arms\? name them with --treatment and --control\)/);
  });

  it('one named: exit 2, saying which to name', async () => {
    const run = await compare(root, '--treatment', 'run-b');
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--treatment "run-b" leaves 2 condition folders of \.eval-magic\/s\/iteration-1 \("run-a", "run-c"\) for the control: name it with --control\./);
  });

  it('both named, from the skill folder too (its newest iteration with both arms): the third folder is a runs-missing warning', async () => {
    const run = await runMain(['compare', '.eval-magic/s', '--no-grading', '--treatment', 'run-b', '--control', 'run-a', '-f', 'json'], { cwd: root });
    assert.equal(run.code, 0, run.stderr);
    const doc = JSON.parse(run.stdout) as ComparisonDocument;
    assert.deepEqual(doc.conditions, ['run-b', 'run-a']);
    assert.deepEqual(doc.evals[0]!.runs, { 'run-b': 6, 'run-a': 6 });
    assert.match(doc.validity.find((v) => v.code === 'runs-missing')?.message ?? '', /^The condition folder "run-c" \(.*\) holds 2 runs, under neither condition compared \("run-b" and "run-a"\): not counted/);
  });
});

describe('an arm named by the user and replaced by a link is said, as an arm campaign names is', () => {
  it('run-b of eval e2 a link to e1\'s: not followed, and said in runs-missing', async () => {
    const root = join(tmp, 'linked-arm');
    const twoEvals = [evals[0]!, { ...evals[0]!, id: 'e2' }];
    const arms = { 'run-b': [{ ...asks, record: false as const }], 'run-a': [{ ...silent, record: false as const }] };
    const iteration = writeWorkspace(root, { skill: 's', evals: twoEvals, conditions: ['run-b', 'run-a'], runs: { e1: arms, e2: { 'run-a': arms['run-a'] } } });
    rmSync(join(iteration, 'campaign.json'));
    symlinkSync(join(iteration, 'eval-e1', 'run-b'), join(iteration, 'eval-e2', 'run-b'));
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false, treatment: 'run-b', control: 'run-a' });
    const missing = document.validity.filter((v) => v.code === 'runs-missing' && v.eval === 'e2').map((v) => v.message).join('\n');
    assert.match(missing, /run-b is a symbolic link \(not followed\)/);
  });
});

describe('iterations compared together take one pair of arms', () => {
  it('one name leaving another folder in each iteration: exit 2, naming both pairs', async () => {
    const root = join(tmp, 'two-skills');
    const arm = (spec: typeof asks) => [{ ...spec, record: false as const }];
    for (const [skill, other] of [['s', 'run-b'], ['t', 'run-c']] as const) {
      const iteration = writeWorkspace(root, { skill, evals, conditions: ['run-a', other], runs: { e1: { 'run-a': arm(asks), [other]: arm(silent) } } });
      rmSync(join(iteration, 'campaign.json'));
    }
    const run = await runMain(['compare', '.eval-magic', '--no-grading', '--treatment', 'run-a'], { cwd: root });
    assert.equal(run.code, 2, run.stderr);
    assert.match(run.stderr, /The iterations compared have other arms by these names: "run-a" vs "run-b" in \.eval-magic\/s\/iteration-1, "run-a" vs "run-c" in \.eval-magic\/t\/iteration-1; name both --treatment and --control\./);
  });
});
