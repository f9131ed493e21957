// Where the skill's name stands as a name (docs/judge.md, "Where a name is replaced"): one rule,
// read by blinding and by the plan's warning that the evals' texts name the skill.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Blinder } from '../../src/judge/blinding.js';

const blinderOf = (skillName: string, stagedSkillNames?: string[]) => new Blinder({ skillName, ...(stagedSkillNames ? { stagedSkillNames } : {}), taskDirs: [], runDirs: [], skillTexts: [] });

/** skill name, text, the text blinded. */
const cases: ReadonlyArray<readonly [string, string, string]> = [
  // A name of two words: only where its first word starts a word (or a hump) and its last ends one.
  ['ai-review', 'Thai Reviews', 'Thai Reviews'],
  ['ai-review', 'sai reviewer', 'sai reviewer'],
  ['ai-review', 'brainreview', 'brainreview'],
  ['ai-review', 'the ai reviews, ai_reviewer, myaireview', 'the ai reviews, ai_reviewer, myaireview'],
  // Every spelling of the name, as a word, a part of a snake_case name or at a camel-case hump.
  ['ai-review', 'ai-review ai_review aiReview AiReview AI_REVIEW', 'the-skill the_skill theSkill TheSkill THE_SKILL'],
  ['ai-review', 'an ai review by AIReview', 'an the skill by TheSkill'],
  ['ai-review', 'runAIReview() test_ai_review.py aiReviewV2 AI_REVIEW_DIR', 'runTheSkill() test_the_skill.py theSkillV2 THE_SKILL_DIR'],
  // A version's digit after a name of two words or more: still the name (a one word's `pdf2` is not).
  ['ai-review', 'ai-review2 aiReview2', 'the-skill2 theSkill2'],
  // A name given in camel case has the words its humps make: every spelling of them is the name.
  ['AIReview', 'ai_review AI-Review aiReview AIReview ai review', 'the_skill The-Skill theSkill TheSkill the skill'],
  ['AIReview', 'Thai Reviews, brainreview', 'Thai Reviews, brainreview'],
  ['codeReviewer', 'code-reviewer code_reviewer CodeReviewer codereviewer CODE_REVIEWER', 'the-skill the_skill TheSkill theskill THE_SKILL'],
  ['codeReviewer', 'barcode reviewers', 'barcode reviewers'],
  ['URLParser', 'url_parser UrlParser URL-PARSER myURLParser url parser', 'the_skill TheSkill THE-SKILL myTheSkill the skill'],
  // A name of one word stays one word: no hump inside it.
  ['csv2json', 'csv2json_utils mycsv2json', 'the_skill_utils mycsv2json'],
  // Of two names at one place, the longer where it stands as a name, else the shorter.
  ['code', 'code reviewer, code review', 'the_skill reviewer, the skill'],
];

describe("the skill's name as a name", () => {
  for (const [name, text, blinded] of cases) {
    const staged = name === 'code' ? ['code-review'] : undefined;
    it(`${name}: "${text}" blinds to "${blinded}", and the plan's warning finds the name there exactly when blinding replaces it`, () => {
      assert.equal(blinderOf(name, staged).blind(text), blinded);
      assert.equal(blinderOf(name, staged).namesIn(text).length > 0, blinded !== text);
    });
  }

  it("the plan's warning names the skill as it was given, found by the same rule", () => {
    assert.deepEqual(blinderOf('AIReview').namesIn('The agent runs the ai_review step.'), ['AIReview']);
    assert.deepEqual(blinderOf('ai-review').namesIn('The agent lists the Thai Reviews.'), []);
  });
});
