// Which condition folders are the arms, and which is the treatment, when no campaign.json names
// them; what is said of a condition folder beside the two compared; and which iteration of a skill
// folder is the newest with finished runs in both arms, by the rule compare counts runs by.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations } from '../../src/compare/index.js';
import { chooseArms } from '../../src/workspace/arms.js';
import { askingEvals as evals, askingRun as asks, silentRun as silent } from './fixture-specs.js';
import { writeWorkspace } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'compare-conditions-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const pick = (a: string, b: string) => {
  const chosen = chooseArms(new Set([a, b]), undefined);
  return chosen === undefined || 'refused' in chosen ? undefined : chosen;
};

describe('without campaign.json, the treatment is the arm whose name says so', () => {
  it('the known pairs, spelt as campaign spells them, are no guess', () => {
    assert.deepEqual(pick('without_skill', 'with_skill'), { conditions: ['with_skill', 'without_skill'], by: 'known-pair' });
    assert.deepEqual(pick('old_skill', 'new_skill'), { conditions: ['new_skill', 'old_skill'], by: 'known-pair' });
  });

  it('a known pair in another case or with other separators is that pair (said as a guess, and by which rule)', () => {
    for (const [treatment, control] of [['With-Skill', 'Without-Skill'], ['WITH_SKILL', 'WITHOUT_SKILL'], ['with_skill', 'Without_Skill'], ['with_skill ', 'without_skill'], ['NewSkill', 'old-skill']] as const) {
      // Either order in: code-unit order made "Without_Skill" the treatment against "with_skill".
      for (const picked of [pick(treatment, control), pick(control, treatment)]) {
        assert.deepEqual(picked?.conditions, [treatment, control], `${treatment} vs ${control}`);
        assert.match(picked?.guess ?? '', /known pair/, `${treatment} vs ${control}`);
      }
    }
  });

  it('a name that plainly says control makes the other the treatment', () => {
    const cases = [
      ['treatment', 'control'], ['skill', 'no_skill'], ['skill', 'no-skill'], ['skill', 'noskill'], ['candidate', 'baseline'], ['with', 'without'],
      ['new', 'old'], ['after', 'before'], ['gpt5-treatment', 'gpt5-control'], ['skill_v2', 'baseline_v2'], ['SkillOn', 'NoSkill'], ['v2', 'old_v1'],
    ] as const;
    for (const [treatment, control] of cases) {
      for (const picked of [pick(treatment, control), pick(control, treatment)]) {
        assert.deepEqual(picked?.conditions, [treatment, control], `${treatment} vs ${control}`);
        assert.match(picked?.guess ?? '', new RegExp(`"${control}" names a control`), `${treatment} vs ${control}`);
      }
    }
  });

  it('with neither named a control, a name that says treatment is the treatment', () => {
    for (const [treatment, control] of [['treatment', 'plain'], ['with_docs', 'agent'], ['skill', 'ablation']] as const) {
      for (const picked of [pick(treatment, control), pick(control, treatment)]) {
        assert.deepEqual(picked?.conditions, [treatment, control], `${treatment} vs ${control}`);
        assert.match(picked?.guess ?? '', new RegExp(`"${treatment}" names a treatment`), `${treatment} vs ${control}`);
      }
    }
  });

  it('when the names tell nothing, or both say control (or both treatment), code-unit order decides, said as such', () => {
    for (const [a, b] of [['alpha', 'beta'], ['old_a', 'old_b'], ['baseline', 'control'], ['Skill', 'skill_v2'], ['B', 'a']] as const) {
      for (const picked of [pick(a, b), pick(b, a)]) {
        assert.deepEqual(picked?.conditions, [a, b], `${a} vs ${b}`);
        assert.match(picked?.guess ?? '', /code-unit order/, `${a} vs ${b}`);
      }
    }
  });

  it('compare takes "treatment" as the treatment against "control", and its warning says why and how to name the arms for sure', async () => {
    const root = join(tmp, 'control-treatment');
    const iteration = writeWorkspace(root, { skill: 's', evals, layout: 'reference', runs: { e1: { treatment: [asks], control: [silent] } } });
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    assert.deepEqual(document.conditions, ['treatment', 'control']);
    assert.equal(document.evals[0]!.assertions[0]!.delta, 1, 'the treatment asked: +100 pp, not −100');
    const guessed = document.validity.filter((v) => v.code === 'conditions-guessed');
    assert.equal(guessed.length, 1);
    assert.match(guessed[0]!.message, /"treatment" is taken as the treatment and "control" as the control, since "control" names a control/);
    assert.match(guessed[0]!.message, /name them with --treatment and --control .*, or rename the folders with_skill and without_skill \(or new_skill and old_skill\)/);
  });
});

describe('a condition folder beside the two compared is said, never left out without a word', () => {
  it('"With_Skill" and "with_skill " beside with_skill and without_skill: each named, with its runs', async () => {
    const root = join(tmp, 'third-by-case');
    const iteration = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const from = join(iteration, 'eval-e1', 'with_skill');
    cpSync(from, join(iteration, 'eval-e1', 'With_Skill'), { recursive: true });
    cpSync(join(from, 'run-1'), join(iteration, 'eval-e1', 'with_skill ', 'run-1'), { recursive: true });
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    assert.deepEqual(document.conditions, ['with_skill', 'without_skill']);
    assert.deepEqual(document.evals[0]!.runs, { with_skill: 2, without_skill: 2 });
    const said = document.validity.filter((v) => v.code === 'runs-missing').map((v) => v.message);
    assert.equal(said.length, 2, said.join('\n'));
    assert.match(said[0]!, /^The condition folder "With_Skill" \(\.eval-magic\/s\/iteration-1\/eval-e1\/With_Skill\) holds 2 runs, under neither condition compared \("with_skill" and "without_skill"\): not counted, since compare compares two conditions\. Its name is "with_skill" but for case or separators/);
    assert.match(said[1]!, /^The condition folder "with_skill " \(.*\) holds 1 run, under neither condition compared/);
  });

  it('a third arm beside a known pair, in the reference tool\'s layout too', async () => {
    const root = join(tmp, 'third-reference');
    const iteration = writeWorkspace(root, { skill: 's', evals, layout: 'reference', runs: { e1: { with_skill: [asks], without_skill: [silent], other_model: [silent] } } });
    const { document } = await compareIterations([iteration], { cwd: root, writeGrading: false });
    const said = document.validity.filter((v) => v.code === 'runs-missing').map((v) => v.message);
    assert.deepEqual(said.map((m) => m.replace(/ \(.*?\) holds/, ' holds').replace(/: not counted.*$/, '')), ['The condition folder "other_model" holds 1 run, under neither condition compared ("with_skill" and "without_skill")']);
  });
});

describe('a skill folder compares its newest iteration with finished runs in both arms, counted as compare counts them', () => {
  it('an iteration whose skill runs all aborted (their run.json says so) is passed over, even where a conversation.json was left', async () => {
    const root = join(tmp, 'newest-aborted');
    const first = writeWorkspace(root, { skill: 's', evals, runs: { e1: { with_skill: [asks, asks], without_skill: [silent, silent] } } });
    const second = join(root, '.eval-magic', 's', 'iteration-2');
    cpSync(first, second, { recursive: true });
    for (const path of readdirSync(join(second, 'eval-e1', 'with_skill'), { recursive: true, encoding: 'utf8' }).filter((p) => p.endsWith('run.json'))) {
      const file = join(second, 'eval-e1', 'with_skill', path);
      writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, 'utf8')), status: 'aborted', abort_reason: 'agent-failed', message: 'the agent exited with status 1', exit_code: 1 }, null, 2));
    }
    const { document } = await compareIterations([join(root, '.eval-magic', 's')], { cwd: root, writeGrading: false });
    assert.deepEqual(document.iterations, ['.eval-magic/s/iteration-1']);
    assert.match(document.validity.find((v) => v.code === 'iteration-picked')?.message ?? '', /iteration-2 has no finished runs in both arms; compared \.eval-magic\/s\/iteration-1/);
  });
});
