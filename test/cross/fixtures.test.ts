// The evals, grading, judgment and cross-file fixtures: the workspace is clean, each rule folder reports exactly its table rows.
import assert from 'node:assert/strict';
import { readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import { check, rules } from '../../src/index.js';
import { ruleKind } from '../../src/checker/rule-module.js';

const root = new URL('../../fixtures/', import.meta.url).pathname;

/** [file, ruleId, line, column] of every finding under fixtures/rules/<id>/invalid/, in report order. */
const expected: Record<string, Array<[string, string, number, number]>> = {
  'assertion-id-unique': [['copied-assertion-kept-its-id/evals.json', 'assertion-id-unique', 27, 17]],
  'llm-judge-id': [['id-that-climbs-out-of-the-run/evals.json', 'llm-judge-id', 27, 17]],
  'eval-id-unique': [['copied-eval-kept-its-id/evals.json', 'eval-id-unique', 70, 13]],
  'command-env': [['env-name-with-equals-sign/evals.json', 'command-env', 15, 20], ['env-name-with-equals-sign/evals.json', 'command-env', 15, 52]],
  'setup-files-path': [['grader-reads-outside-task/evals.json', 'setup-files-path', 14, 27], ['grader-reads-outside-task/evals.json', 'setup-files-path', 14, 61]],
  'files-path': [['fixtures-from-outside-the-task/evals.json', 'files-path', 8, 30], ['fixtures-from-outside-the-task/evals.json', 'files-path', 8, 54]],
  'prompt-characters': [['nul-pasted-into-a-follow-up/evals.json', 'prompt-characters', 9, 21]],
  'setup-files-disjoint': [['held-out-test-in-visible-folder/evals.json', 'setup-files-disjoint', 14, 27]],
  'turn-prompt-blank': [['newline-and-nbsp-only/evals.json', 'turn-prompt-blank', 15, 21]],
  'gate-always-pattern': [['pattern-on-always/evals.json', 'gate-always-pattern', 17, 11]],
  'gate-regex': [['lookahead-and-backreference/evals.json', 'gate-regex', 12, 37], ['lookahead-and-backreference/evals.json', 'gate-regex', 20, 22]],
  'transcript-check-turns': [['assistant-check-on-single-round-eval/evals.json', 'transcript-check-turns', 15, 20]],
  'grading-summary': [
    ['pass-rate-rounded-by-hand/grading.json', 'grading-summary', 26, 18],
    ['summary-counts-a-pass-the-results-lack/grading.json', 'grading-summary', 29, 15],
    ['summary-counts-a-pass-the-results-lack/grading.json', 'grading-summary', 30, 15],
    ['summary-counts-a-pass-the-results-lack/grading.json', 'grading-summary', 32, 18],
  ],
  'judgment-answer': [
    ['answer-removed/judge/names-the-zone/1/judgment.json', 'judgment-answer', 9, 14],
    ['fail-flipped-to-pass-by-hand/judge/names-the-zone/1/judgment.json', 'judgment-answer', 9, 14],
  ],
  'run-folder': [
    ['control-run-moved-into-the-skill-arm/.eval-magic/changelog-keeper/iteration-1/eval-add-flag/with_skill/run-2/run.json', 'run-folder', 5, 16],
    ['run-folder-copied-over-another/.eval-magic/changelog-keeper/iteration-1/eval-add-flag/with_skill/run-3/run.json', 'run-folder', 6, 10],
  ],
  'judgment-folder': [
    ['copied-from-another-run/.eval-magic/timezones/iteration-1/eval-explain-timezones/with_skill/run-2/judge/names-the-zone/1/judgment.json', 'judgment-folder', 6, 10],
    ['copied-into-another-repeat/.eval-magic/timezones/iteration-1/eval-explain-timezones/with_skill/run-1/judge/names-the-zone/2/judgment.json', 'judgment-folder', 8, 13],
  ],
  'eval-missing': [['eval-renamed-after-run/eval-greet-user/conversation.json', 'eval-missing', 1, 1]],
  'eval-prompt': [
    ['moved-into-another-eval/eval-rename-column/conversation.json', 'stop-gate', 4, 18],
    ['moved-into-another-eval/eval-rename-column/conversation.json', 'eval-prompt', 11, 15],
    ['prompt-edited-after-run/eval-schedule-meeting/conversation.json', 'eval-prompt', 9, 15],
  ],
  'turn-text': [
    ['edited-turn-prompt/eval-schedule-meeting/conversation.json', 'turn-text', 37, 15],
    ['unscripted-follow-up/eval-rename-column/conversation.json', 'turns-delivered', 3, 26],
    ['unscripted-follow-up/eval-rename-column/conversation.json', 'turn-text', 29, 5],
  ],
  'turns-delivered': [['completed-before-last-turn/eval-schedule-meeting/conversation.json', 'turns-delivered', 3, 26]],
  'stop-gate': [
    ['forged-stop-after-question/eval-schedule-meeting/conversation.json', 'stop-evidence', 4, 18],
    ['forged-stop-after-question/eval-schedule-meeting/conversation.json', 'stop-gate', 4, 18],
    ['stop-at-always-turn/eval-schedule-meeting/conversation.json', 'stop-gate', 5, 30],
    ['stop-beyond-last-turn/eval-rename-column/conversation.json', 'stop-gate', 5, 30],
    ['wrong-stop-reason/eval-schedule-meeting/conversation.json', 'stop-evidence', 4, 18],
    ['wrong-stop-reason/eval-schedule-meeting/conversation.json', 'stop-gate', 4, 18],
  ],
  'gate-replay': [
    ['delivered-on-pattern-mismatch/eval-schedule-meeting/conversation.json', 'gate-replay', 17, 5],
    ['delivered-without-question/eval-rename-column/conversation.json', 'gate-replay', 17, 5],
  ],
};

const ownRules = Object.keys(rules).filter((id) => ruleKind(rules[id]!) !== 'conversation' && ruleKind(rules[id]!) !== 'any');

/** The findings a search of `folder` gets; run.json, which a search does not look for, by the pattern its rule's docs give. */
async function findingsUnder(folder: string, rule?: string) {
  const report = await check([folder], { cwd: root, ...(rule !== undefined && ruleKind(rules[rule]!) === 'run' ? { pattern: '**/run.json' } : {}) });
  return report.results.flatMap((r) => r.messages.map((m) => [r.filePath.slice(folder.length + 1), m.ruleId, m.line, m.column] as [string, string, number, number]));
}

describe('evals and cross-file fixtures', () => {
  it('the workspace (six artifacts matched through the layout, and its evals.json) is clean', async () => {
    const report = await check(['workspace'], { cwd: root });
    assert.equal(report.results.length, 7);
    assert.deepEqual(report.results.filter((r) => r.messages.length > 0), []);
  });
  it('every evals and cross-file rule has a fixture folder and a table row', () => {
    assert.deepEqual(Object.keys(expected).sort(), [...ownRules].sort());
  });
  for (const rule of ownRules) {
    it(`rules/${rule}/valid is clean`, async () => assert.deepEqual(await findingsUnder(`rules/${rule}/valid`, rule), []));
    it(`rules/${rule}/invalid reports exactly its rows, and shows ${rule}`, async () => {
      assert.ok(readdirSync(`${root}rules/${rule}/invalid`).length > 0);
      const actual = await findingsUnder(`rules/${rule}/invalid`, rule);
      assert.deepEqual(actual, expected[rule]);
      assert.ok(actual.some(([, id]) => id === rule));
    });
  }
});
