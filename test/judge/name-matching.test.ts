// Where the skill's name stands as a name (docs/judge.md, "Where a name is replaced"): one rule,
// read by blinding and by the plan's warning that the evals' texts name the skill.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Blinder } from '../../src/judge/blinding.js';

const blinderOf = (skillName: string, stagedSkillNames?: string[]) => new Blinder({ skillName, ...(stagedSkillNames ? { stagedSkillNames } : {}), taskDirs: [], runDirs: [], skillTexts: [] });

/** How many of blinding's placeholders for the skill's name `text` holds, in any spelling. */
const placeholders = (text: string) => (text.match(/the[-_ ./]?skill/gi) ?? []).length;

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
  // A version's digit after a name of two words or more: still the name (a one word's `pdf2` is not),
  // where the digits end a word; not where a word goes on after them.
  ['ai-review', 'ai-review2 aiReview2 ai-review-2 aiReview2V AI_REVIEW2.md', 'the-skill2 theSkill2 the-skill-2 theSkill2V THE_SKILL2.md'],
  ['ai-review', 'aireview2client ai_review2x', 'aireview2client ai_review2x'],
  // A name in camel case alone is one word before a digit: a brand's version (OAuth2, iOS17) is a word of the task.
  ['OAuth', 'OAuth2 OAUTH2 oauth2client OAuth2Session import oauth2', 'OAuth2 OAUTH2 oauth2client OAuth2Session import oauth2'],
  ['iOS', 'iOS17, the iOS app', 'iOS17, the theSkill app'],
  // Words a camel-case name's humps made join as an identifier joins them (nothing, `_`, `-`), never
  // as a phrase does (a space, `.`, `/`): "linked in" is not LinkedIn.
  ['LinkedIn', 'The file is linked in the README. LinkedIn post. linkedin_post.py, linked-in', 'The file is linked in the README. TheSkill post. theskill_post.py, the-skill'],
  ['SetUp', 'Set up the env, set.up, set/up', 'Set up the env, set.up, set/up'],
  ['FastAPI', 'We need a fast API here; FastAPI app; fast_api', 'We need a fast API here; TheSkill app; the_skill'],
  ['AStar', 'gave it a star. a-star, a_star.py', 'gave it a star. the-skill, the_skill.py'],
  ['OAuth', 'w/o auth, o auth, o.auth', 'w/o auth, o auth, o.auth'],
  ['iOS-helper', 'iOS helper, ios_helper, i os helper', 'the skill, the_skill, i os helper'],
  // After a JSON escape (a JSON file, a tool's arguments as JSON text, a shell's printf), as after a newline.
  ['ai-review', '"# Notes\\nai-review found 2 issues.\\n"', '"# Notes\\nthe-skill found 2 issues.\\n"'],
  ['ai-review', '\\tai_review() \\rai review \\bai-review \\fai-review \\u00a0aiReview x\\\\nai-review', '\\tthe_skill() \\rthe skill \\bthe-skill \\fthe-skill \\u00a0theSkill x\\\\nthe-skill'],
  ['pdf', 'import json\\npdf = 1', 'import json\\nthe_skill = 1'],
  ['ai-review', 'nai-review \\xai-review \\u00aai-review', 'nai-review \\xai-review \\u00aai-review'],
  // After a terminal's colour (as written, or JSON-escaped) or a URL's percent-escape.
  ['ai-review', '\x1b[1mai-review\x1b[0m passed, \\u001b[32mai_review', '\x1b[1mthe-skill\x1b[0m passed, \\u001b[32mthe_skill'],
  ['ai-review', '/skills%2Fai-review %2fai_review', '/skills%2Fthe-skill %2fthe_skill'],
  ['ai-review', '[1mai-review 2Fai-review', '[1mai-review 2Fai-review'],
  // Beside a letter of a script written without spaces (Han, kana, Thai…): a name in another script
  // stands as a word there, and a name in such a script stands anywhere.
  ['ai-review', '我将使用ai-review技能。ai-reviewスキルを使う ใช้ai-reviewตรวจ', '我将使用the-skill技能。the-skillスキルを使う ใช้the-skillตรวจ'],
  ['pdf', '使用pdf技能', '使用the_skill技能'],
  ['ai-review', 'ai-review를 사용했다', 'the-skill를 사용했다'],
  ['代码审查', '使用代码审查技能。', '使用the_skill技能。'],
  ['ai-review', 'éai-review ai-reviewé', 'éai-review ai-reviewé'],
  // Blinding's own marks are not the skill's name: a skill `run` leaves `the-run` as it is.
  ['run', 'with_skill and without_skill: run it', 'the-run and the-run: the_skill it'],
  ['skill', 'Compare with_skill runs', 'Compare the-run runs'],
  ['skill', 'with_skill: a skill', 'the-run: a the_skill'],
  ['iteration', 'see iteration-2, each iteration', 'see iteration, each the_skill'],
  // A name given in camel case has the words its humps make: every spelling of them is the name.
  ['AIReview', 'ai_review AI-Review aiReview AIReview', 'the_skill The-Skill theSkill TheSkill'],
  ['AIReview', 'Thai Reviews, brainreview', 'Thai Reviews, brainreview'],
  ['codeReviewer', 'code-reviewer code_reviewer CodeReviewer codereviewer CODE_REVIEWER', 'the-skill the_skill TheSkill theskill THE_SKILL'],
  ['codeReviewer', 'barcode reviewers', 'barcode reviewers'],
  ['URLParser', 'url_parser UrlParser URL-PARSER myURLParser url parser', 'the_skill TheSkill THE-SKILL myTheSkill url parser'],
  // A name of one word stays one word: no hump inside it.
  ['csv2json', 'csv2json_utils mycsv2json', 'the_skill_utils mycsv2json'],
  // Of two names at one place, the longer where it stands as a name, else the shorter.
  ['code', 'code reviewer, code review', 'the_skill reviewer, the skill'],
];

describe("the skill's name as a name", () => {
  for (const [name, text, blinded] of cases) {
    const staged = name === 'code' ? ['code-review'] : undefined;
    it(`${name}: ${JSON.stringify(text)} blinds to ${JSON.stringify(blinded)}, and the plan's warning finds the name there exactly when blinding replaces it`, () => {
      assert.equal(blinderOf(name, staged).blind(text), blinded);
      assert.equal(blinderOf(name, staged).namesIn(text).length > 0, placeholders(blinded) > placeholders(text));
    });
  }

  it("never takes blinding's own marks for a skill named like them: a run's folder (`<run>`), a withheld line (`[withheld]`)", () => {
    const line = 'Always review the diff before the commit.';
    const run = new Blinder({ skillName: 'run', taskDirs: [], runDirs: ['/ws/it/eval-a/with_skill/run-1'], skillTexts: [] });
    assert.equal(run.blind('cat /ws/it/eval-a/with_skill/run-1/log; run it'), 'cat <run>/log; the_skill it');
    const withheld = new Blinder({ skillName: 'withheld', taskDirs: [], runDirs: [], skillTexts: [`# Review\n\n${line}\n`] });
    assert.equal(withheld.blind(`It says: ${line} (withheld)`), 'It says: [withheld] (the_skill)');
  });

  it("the plan's warning names the skill as it was given, found by the same rule", () => {
    assert.deepEqual(blinderOf('AIReview').namesIn('The agent runs the ai_review step.'), ['AIReview']);
    assert.deepEqual(blinderOf('ai-review').namesIn('The agent lists the Thai Reviews.'), []);
  });
});
