// The one rule compare and judge take an iteration's arms by (workspace/arms.ts), as a table: each
// case the condition folders found, campaign.json's conditions (if any) and the arms named, and
// either the arms taken and how, or the refusal (exit 2) it must say. A strict table, as a rule
// tester's: every case named once, every refusal checked by its words, and each valid case also
// held to take no arm that is not a folder found.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chooseArms, type ArmNames, type ArmsChosenBy } from '../../src/workspace/arms.js';
import type { CampaignRecord } from '../../src/workspace/campaign-record.js';

interface Case {
  name: string;
  found: string[];
  campaign?: [string, string];
  named?: ArmNames;
}
interface ValidCase extends Case {
  arms: [string, string];
  by: ArmsChosenBy;
}
interface InvalidCase extends Case {
  /** Each must be in the refusal. */
  refused: Array<string | RegExp>;
}

const campaignOf = (conditions: [string, string] | undefined) => (conditions === undefined ? undefined : ({ conditions } as unknown as CampaignRecord));
const choose = (c: Case) => chooseArms(new Set(c.found), campaignOf(c.campaign), c.named ?? {}, 'runs/iteration-1');

function runTable(valid: ValidCase[], invalid: InvalidCase[], none: Case[]): void {
  const names = [...valid, ...invalid, ...none].map((c) => c.name);
  it('the table names each case once', () => assert.deepEqual(names, [...new Set(names)]));
  for (const c of valid) {
    it(`takes: ${c.name}`, () => {
      const chosen = choose(c);
      assert.ok(chosen !== undefined && !('refused' in chosen), `refused: ${JSON.stringify(chosen)}`);
      assert.deepEqual(chosen.conditions, c.arms);
      assert.equal(chosen.by, c.by);
      assert.equal(chosen.guess !== undefined, c.by === 'guessed', 'a guess, and only a guess, says by which rule');
      for (const arm of chosen.conditions) assert.ok(c.found.includes(arm), `${arm} is no folder found`);
    });
  }
  for (const c of invalid) {
    it(`refuses: ${c.name}`, () => {
      assert.ok(c.refused.length > 0, 'a refusal case checks its words');
      const chosen = choose(c);
      assert.ok(chosen !== undefined && 'refused' in chosen, `took ${JSON.stringify(chosen)}`);
      for (const part of c.refused) {
        if (typeof part === 'string') assert.ok(chosen.refused.includes(part), `${JSON.stringify(part)} not in: ${chosen.refused}`);
        else assert.match(chosen.refused, part);
      }
    });
  }
  for (const c of none) it(`no two arms: ${c.name}`, () => assert.equal(choose(c), undefined));
}

describe('the arms of an iteration: one rule for compare and judge', () => {
  runTable(
    [
      { name: 'campaign.json names them', found: ['b', 'a'], campaign: ['b', 'a'], arms: ['b', 'a'], by: 'campaign' },
      { name: 'names that agree with campaign.json change nothing', found: ['b', 'a', 'c'], campaign: ['b', 'a'], named: { treatment: 'b', control: 'a' }, arms: ['b', 'a'], by: 'campaign' },
      { name: 'one name that agrees with campaign.json', found: ['b', 'a', 'c'], campaign: ['b', 'a'], named: { control: 'a' }, arms: ['b', 'a'], by: 'campaign' },
      { name: 'a known pair, unnamed', found: ['without_skill', 'with_skill'], arms: ['with_skill', 'without_skill'], by: 'known-pair' },
      { name: 'a known pair, named the right way round', found: ['without_skill', 'with_skill'], named: { treatment: 'with_skill', control: 'without_skill' }, arms: ['with_skill', 'without_skill'], by: 'named' },
      { name: 'two names that say nothing: a guess', found: ['run-b', 'run-a'], arms: ['run-a', 'run-b'], by: 'guessed' },
      { name: 'two names that say nothing, both named', found: ['run-a', 'run-b'], named: { treatment: 'run-b', control: 'run-a' }, arms: ['run-b', 'run-a'], by: 'named' },
      { name: 'names against what the guess would say', found: ['control', 'treatment'], named: { treatment: 'control', control: 'treatment' }, arms: ['control', 'treatment'], by: 'named' },
      { name: 'the treatment named, the control the only other folder', found: ['run-a', 'run-b'], named: { treatment: 'run-b' }, arms: ['run-b', 'run-a'], by: 'named' },
      { name: 'the control named, the treatment the only other folder', found: ['run-a', 'run-b'], named: { control: 'run-b' }, arms: ['run-a', 'run-b'], by: 'named' },
      { name: 'three folders, two named (the third is left beside)', found: ['a', 'b', 'c'], named: { treatment: 'c', control: 'a' }, arms: ['c', 'a'], by: 'named' },
      { name: 'a third arm beside a known pair, named against one of the pair', found: ['with_skill', 'without_skill', 'old_skill'], named: { treatment: 'with_skill', control: 'old_skill' }, arms: ['with_skill', 'old_skill'], by: 'named' },
      { name: 'a known pair beside a third folder, unnamed', found: ['with_skill', 'without_skill', 'x'], arms: ['with_skill', 'without_skill'], by: 'known-pair' },
      // One arm of the pair named alone takes the pair unnamed takes, the third left beside (earlier refused, where unnamed it was compared).
      { name: 'a known pair beside a third folder, the treatment named alone', found: ['with_skill', 'without_skill', 'With_Skill'], named: { treatment: 'with_skill' }, arms: ['with_skill', 'without_skill'], by: 'named' },
      { name: 'a known pair beside a third folder, the control named alone', found: ['new_skill', 'old_skill', 'x'], named: { control: 'old_skill' }, arms: ['new_skill', 'old_skill'], by: 'named' },
      { name: 'names that differ only in case are two folders', found: ['Run', 'run'], named: { treatment: 'run', control: 'Run' }, arms: ['run', 'Run'], by: 'named' },
    ],
    [
      { name: 'a name that is no folder, with the nearest', found: ['run-a', 'run-b'], named: { treatment: 'run-A', control: 'run-b' }, refused: ['--treatment "run-A" is no condition folder of runs/iteration-1 (its condition folders: "run-a", "run-b"); did you mean "run-a"?'] },
      { name: 'names are case-sensitive: With_Skill is not with_skill', found: ['with_skill', 'without_skill'], named: { treatment: 'With_Skill' }, refused: ['--treatment "With_Skill" is no condition folder', 'did you mean "with_skill"?'] },
      { name: 'a control that is no folder, nothing near', found: ['run-a', 'run-b'], named: { treatment: 'run-a', control: 'baseline-2024' }, refused: ['--control "baseline-2024" is no condition folder of runs/iteration-1 (its condition folders: "run-a", "run-b").'] },
      { name: 'both options naming one folder', found: ['a', 'b'], named: { treatment: 'a', control: 'a' }, refused: ['--treatment and --control both name "a": name two different condition folders of runs/iteration-1.'] },
      { name: 'one name, two other folders', found: ['a', 'b', 'c'], named: { treatment: 'a' }, refused: ['--treatment "a" leaves 2 condition folders of runs/iteration-1 ("b", "c") for the control: name it with --control.'] },
      { name: 'one name, two other folders (the control named)', found: ['a', 'b', 'c'], named: { control: 'c' }, refused: ['for the treatment: name it with --treatment.'] },
      { name: 'one name, no other folder', found: ['a'], named: { treatment: 'a' }, refused: ['--treatment "a" is the only condition folder of runs/iteration-1: there is no other arm'] },
      { name: 'names against campaign.json', found: ['with_skill', 'without_skill'], campaign: ['with_skill', 'without_skill'], named: { treatment: 'without_skill', control: 'with_skill' }, refused: ['--treatment "without_skill" contradicts the campaign.json of runs/iteration-1, which names "with_skill" the treatment and "without_skill" the control'] },
      { name: 'the control named against campaign.json', found: ['b', 'a', 'c'], campaign: ['b', 'a'], named: { control: 'c' }, refused: ['--control "c" contradicts the campaign.json'] },
      { name: 'a known pair the wrong way round', found: ['with_skill', 'without_skill'], named: { treatment: 'without_skill', control: 'with_skill' }, refused: [/are a pair campaign names, "with_skill" the treatment: .*would flip every delta/] },
      { name: 'a known pair the wrong way round, one named', found: ['new_skill', 'old_skill'], named: { treatment: 'old_skill' }, refused: ['"new_skill" and "old_skill" of runs/iteration-1 are a pair campaign names'] },
      { name: 'a known pair the wrong way round, one named, a third folder beside', found: ['new_skill', 'old_skill', 'x'], named: { treatment: 'old_skill' }, refused: ['"new_skill" and "old_skill" of runs/iteration-1 are a pair campaign names'] },
      // Only --treatment given: said as given, never a --control the user did not type; with a third folder, the advice to name the control stays (review39 p12).
      { name: 'the control of a known pair named the treatment alone, a third folder beside', found: ['with_skill', 'without_skill', 'x'], named: { treatment: 'without_skill' }, refused: [/^"with_skill" and "without_skill" of runs\/iteration-1 are a pair campaign names, "with_skill" the treatment: --treatment "without_skill" alone takes "with_skill" as the control, which would flip every delta; name the control with --control \(its other condition folders: "x"\)\.$/] },
      { name: 'the treatment of a known pair named the control alone', found: ['new_skill', 'old_skill'], named: { control: 'new_skill' }, refused: [/^"new_skill" and "old_skill" of runs\/iteration-1 are a pair campaign names, "new_skill" the treatment: --control "new_skill" alone takes "old_skill" as the treatment, which would flip every delta\.$/] },
      // The other arm's name of a known pair is never offered for an arm: taken, it would flip every delta (review39 p8).
      { name: 'a name that is no folder, the nearest the known pair\'s other arm', found: ['without_skill', 'run-b'], named: { treatment: 'with_skill' }, refused: [/^--treatment "with_skill" is no condition folder of runs\/iteration-1 \(its condition folders: "run-b", "without_skill"\)\.$/] },
      { name: 'a control that is no folder, the nearest the known pair\'s treatment', found: ['new_skill', 'run-b'], named: { control: 'new_skil' }, refused: [/^--control "new_skil" is no condition folder of runs\/iteration-1 \(its condition folders: "new_skill", "run-b"\)\.$/] },
    ],
    [
      { name: 'three folders that say nothing, unnamed', found: ['a', 'b', 'c'] },
      { name: 'one folder, unnamed', found: ['a'] },
    ],
  );

  it("a library caller's names are said as its options", () => {
    const chosen = chooseArms(new Set(['a', 'b']), undefined, { treatment: 'x' }, 'it', { treatment: 'the treatment option', control: 'the control option' });
    assert.ok(chosen !== undefined && 'refused' in chosen);
    assert.match(chosen.refused, /^the treatment option "x" is no condition folder of it/);
  });
});
