// Condition names other than campaign's four (a hand-made iteration's arm folders, which compare
// and judge accept): hidden from the judge as campaign's are, and the plan warns where they cannot be.
import assert from 'node:assert/strict';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeCampaignWorkspace, SKILL_NAME } from '../campaign/campaign-helpers.js';
import { writeWorkspace, type RunSpec } from '../compare/workspace.js';
import { describePlan } from '../../src/cli/judge.js';
import { runJudge } from '../../src/judge/index.js';
import { runMain } from '../helpers/cli.js';
import { verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';
const rubric = 'The agent says where it saved the report.';
const evals = [{ id: 'add-column', prompt: 'Add a created_at column to the orders report.', expected_output: 'A UTC column.', assertions: [{ id: 'says-where', type: 'llm_judge', rubric }] }];

/** A run whose agent names its arm's folder, as a path and in its words (`arm` as the folder is spelt). */
const runOf = (arm: string): RunSpec => ({
  record: false,
  events: [
    { user: evals[0]!.prompt },
    { tool: 'Bash', args: { command: `ls .eval-magic/${SKILL_NAME}/iteration-1/eval-add-column/${arm}/run-1 ../${arm}/run-1` }, result: `eval-add-column/${arm}/run-1/report.csv` },
    { assistant: `Saved under eval-add-column/${arm}/run-1 (the ${arm.toUpperCase()} arm). Run the test suite next.` },
  ],
});

/** A hand-made iteration (no campaign.json, no run.json: arms named as the user likes), judged by the stand-in judge. */
async function judgeArms(treatment: string, control: string) {
  const ws = makeCampaignWorkspace();
  const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, conditions: [treatment, control], runs: { 'add-column': { [treatment]: [runOf(treatment)], [control]: [runOf(control)] } } });
  rmSync(join(iteration, 'campaign.json'));
  ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Saved under"')] }] });
  const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
  assert.equal(run.code, 0, run.stderr + run.stdout);
  const sent = ws.calls().filter((call) => call.prompt.includes(JUDGE)).map((call) => call.prompt);
  assert.equal(sent.length, 2, 'one judgment per arm');
  const packets = [treatment, control].map((arm) => readFileSync(join(iteration, 'eval-add-column', arm, 'run-1', 'judge', 'says-where', '1', 'packet.md'), 'utf8'));
  return { stdout: run.stdout, sent, packets };
}

describe('judge: the arms of an iteration whose conditions are not campaign\'s', () => {
  it('baseline / skill-v2: neither name reaches the judge (paths, the agent\'s words, any case), and both arms\' packets read alike', async () => {
    const { stdout, sent, packets } = await judgeArms('skill-v2', 'baseline');
    for (const prompt of [...sent, ...packets]) assert.doesNotMatch(prompt, /baseline|skill-v2/i);
    assert.equal(packets[0], packets[1], 'the packets differ only where the arm was named');
    assert.match(packets[0]!, /eval-add-column\/the-run\/run-1 \(the the-run arm\)/);
    assert.doesNotMatch(stdout, /warning: the condition/);
  });

  it('a / test: hidden as the arm\'s folder in a path, the words left as written ("the test suite"), and the plan warns', async () => {
    const { stdout, sent, packets } = await judgeArms('test', 'a');
    for (const prompt of sent) assert.doesNotMatch(prompt, /eval-add-column\/(?:a|test)\/|\/(?:a|test)\/run-1/);
    assert.match(packets[0]!, /ls \.eval-magic\/the-skill\/iteration\/eval-add-column\/the-run\/run-1 \.\.\/the-run\/run-1/);
    assert.match(packets[0]!, /Run the test suite next\./);
    assert.match(stdout, /\n {2}warning: the conditions "a" \(shorter than 5 characters\), "test" \(shorter than 5 characters\) are hidden from the judges only as their arms' folders in a path \(eval-<id>\/<condition>\/, <condition>\/run-<j>\): anywhere else in the transcript they stay as written/);
  });

  it('the plan\'s warning names one condition as one, and escapes a name the user gave its folder', () => {
    const plan = { harness: 'codex', runs: 2, repeats: 1, judgments: 2, done: 0, pending: 2, sessionsPerRun: { e: 1 }, shard: undefined, jobs: 1, conditionsInPathsOnly: [{ name: 'b\u001b[2J', reason: 'shorter than 5 characters' }] };
    assert.match(describePlan(plan), /\n {2}warning: the condition "b\\u001b\[2J" \(shorter than 5 characters\) is hidden from the judges only as its arm's folder in a path .*: anywhere else in the transcript it stays as written, and a judge reading it there can tell the arms apart; name the condition folders distinctively/);
  });
});

describe('judge: a condition folder beside the two judged is said, never passed over without a word', () => {
  it('old_skill beside with_skill and without_skill: the plan names it and its runs, in compare\'s words, and judges the two arms compare counts', async () => {
    const ws = makeCampaignWorkspace();
    const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, runs: { 'add-column': { with_skill: [runOf('with_skill')], without_skill: [runOf('without_skill')], old_skill: [runOf('old_skill'), runOf('old_skill')] } } });
    rmSync(join(iteration, 'campaign.json'));
    ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Saved under"')] }] });
    const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.equal(ws.calls().filter((call) => call.prompt.includes(JUDGE)).length, 2, 'one judgment per arm compared, none of old_skill');
    const said = `The condition folder "old_skill" (.eval-magic/${SKILL_NAME}/iteration-1/eval-add-column/old_skill) holds 2 runs, under neither condition compared ("with_skill" and "without_skill"): not`;
    assert.ok(run.stdout.includes(`\n  warning: ${said} judged, since compare compares two conditions.`), run.stdout);
    // compare says it of the same folder in the same words.
    const compared = await runMain(['compare', '.eval-magic', '--evals', ws.evalsPath, '-f', 'json'], { cwd: ws.root, env: ws.env });
    const messages = JSON.parse(compared.stdout).validity.filter((v: any) => v.code === 'runs-missing').map((v: any) => v.message);
    assert.deepEqual(messages, [`${said} counted, since compare compares two conditions.`]);
  });

  it('the plan says it also when nothing is left to make, and escapes the folder\'s path (a name the user or an agent gave it)', () => {
    const plan = { harness: 'codex', runs: 2, repeats: 1, judgments: 2, done: 2, pending: 0, sessionsPerRun: { e: 1 }, shard: undefined, jobs: 1, conditionsBeside: ['The condition folder "x\\u001b[2J" (it/eval-e/x\u001b[2J) holds 1 run, under neither condition compared ("with_skill" and "without_skill"): not judged, since compare compares two conditions.'] };
    const said = describePlan(plan);
    assert.match(said, /all 2 made already: nothing to judge\n {2}warning: The condition folder "x\\u001b\[2J" \(it\/eval-e\/x\\u001b\[2J\) holds 1 run/);
    assert.doesNotMatch(said, /\u001b/);
  });
});

describe('judge --treatment and --control: the arms compare takes by the same names, and only those are judged', () => {
  it('three folders that say nothing, two named: those two are judged, the third said; compare takes the same two', async () => {
    const ws = makeCampaignWorkspace();
    const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, conditions: ['run-b', 'run-a'], runs: { 'add-column': { 'run-a': [runOf('run-a')], 'run-b': [runOf('run-b')], 'run-c': [runOf('run-c')] } } });
    rmSync(join(iteration, 'campaign.json'));
    ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Saved under"')] }] });
    const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', ws.evalsPath, '--treatment', 'run-b', '--control', 'run-a'], { cwd: ws.root, env: ws.env });
    assert.equal(run.code, 0, run.stderr + run.stdout);
    assert.equal(ws.calls().filter((call) => call.prompt.includes(JUDGE)).length, 2, 'one judgment per named arm, none of run-c');
    const said = `The condition folder "run-c" (.eval-magic/${SKILL_NAME}/iteration-1/eval-add-column/run-c) holds 1 run, under neither condition compared ("run-b" and "run-a"): not`;
    assert.ok(run.stdout.includes(`\n  warning: ${said} judged, since compare compares two conditions.`), run.stdout);
    const compared = await runMain(['compare', '.eval-magic', '--evals', ws.evalsPath, '-f', 'json', '--treatment', 'run-b', '--control', 'run-a'], { cwd: ws.root, env: ws.env });
    const doc = JSON.parse(compared.stdout);
    assert.deepEqual([doc.conditions, doc.conditions_by], [['run-b', 'run-a'], 'named']);
    assert.deepEqual(doc.validity.filter((v: any) => v.code === 'runs-missing').map((v: any) => v.message), [`${said} counted, since compare compares two conditions.`]);
  });

  it('three folders that say nothing, none named: judge refuses before any session, in compare\'s words and with its exit 2 (compare counts none of them until the arms are named)', async () => {
    const ws = makeCampaignWorkspace();
    const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, conditions: ['run-b', 'run-a'], runs: { 'add-column': { 'run-a': [runOf('run-a')], 'run-b': [runOf('run-b')], 'run-c': [runOf('run-c')] } } });
    rmSync(join(iteration, 'campaign.json'));
    const compared = await runMain(['compare', iteration, '--evals', ws.evalsPath, '--no-grading'], { cwd: ws.root, env: ws.env });
    assert.equal(compared.code, 2, compared.stderr);
    const message = compared.stderr.trim().split('\n').find((line) => line.includes('compare needs two conditions'));
    assert.ok(message?.includes('(which are the arms? name them with --treatment and --control)'), compared.stderr);
    for (const path of [iteration, '.eval-magic']) {
      const run = await runMain(['judge', path, '--harness', 'claude-code', '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
      assert.equal(run.code, 2, run.stderr + run.stdout);
      assert.ok(run.stderr.includes(message!), run.stderr);
    }
    await assert.rejects(runJudge({ paths: [iteration], harness: 'claude-code', baseDir: ws.root, env: ws.env, evals: ws.evalsPath }), { name: 'UsageError', message: /^compare needs two conditions; found "run-a", "run-b", "run-c" \(which are the arms\? name them with (--)?treatment and (--)?control\)\.$/ });
    assert.equal(ws.calls().length, 0, 'no session started');
  });

  it('a name it cannot take: exit 2 before any session, in compare\'s words', async () => {
    const ws = makeCampaignWorkspace();
    const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, conditions: ['run-b', 'run-a'], runs: { 'add-column': { 'run-a': [runOf('run-a')], 'run-b': [runOf('run-b')], 'run-c': [runOf('run-c')] } } });
    rmSync(join(iteration, 'campaign.json'));
    for (const [args, message] of [
      [['--treatment', 'Run-B', '--control', 'run-a'], `--treatment "Run-B" is no condition folder of .eval-magic/${SKILL_NAME}/iteration-1 (its condition folders: "run-a", "run-b", "run-c"); did you mean "run-b"?`],
      [['--control', 'run-a'], `--control "run-a" leaves 2 condition folders of .eval-magic/${SKILL_NAME}/iteration-1 ("run-b", "run-c") for the treatment: name it with --treatment.`],
    ] as const) {
      const run = await runMain(['judge', iteration, '--harness', 'claude-code', '--evals', ws.evalsPath, ...args], { cwd: ws.root, env: ws.env });
      assert.equal(run.code, 2, run.stderr + run.stdout);
      assert.ok(run.stderr.includes(message), run.stderr);
      const compared = await runMain(['compare', iteration, '--evals', ws.evalsPath, '--no-grading', ...args], { cwd: ws.root, env: ws.env });
      assert.equal(compared.code, 2);
      assert.ok(compared.stderr.includes(message), compared.stderr);
    }
    assert.equal(ws.calls().length, 0, 'no session started');
  });

  it('the library takes treatment and control as the command does, and refuses one that is not a name', async () => {
    const ws = makeCampaignWorkspace();
    const iteration = writeWorkspace(ws.root, { skill: SKILL_NAME, evals, conditions: ['run-b', 'run-a'], runs: { 'add-column': { 'run-a': [runOf('run-a')], 'run-b': [runOf('run-b')], 'run-c': [runOf('run-c')] } } });
    rmSync(join(iteration, 'campaign.json'));
    await assert.rejects(runJudge({ paths: [iteration], harness: 'claude-code', baseDir: ws.root, env: ws.env, evals: ws.evalsPath, treatment: 3 as unknown as string }), { name: 'UsageError', message: /^treatment must be a condition folder name \(got 3\)/ });
    await assert.rejects(runJudge({ paths: [iteration], harness: 'claude-code', baseDir: ws.root, env: ws.env, evals: ws.evalsPath, treatment: 'run-d', control: 'run-a' }), { name: 'UsageError', message: /^--treatment "run-d" is no condition folder of / });
    assert.equal(ws.calls().length, 0);
  });
});

describe("judge: a skill's name that the evals' own texts use", () => {
  it('the plan warns that blinding replaces it in the rubric the judge reads — one word ("tests": "the_skill pass") or two ("code-review": "asks for a the skill", and `AIReview` written `ai_review`); a name the texts do not use, or whose words stand inside others ("Thai Reviews"), is no warning', async () => {
    for (const [skill, rubric, read] of [
      ['tests', 'The project tests pass.', 'The project the_skill pass.'],
      ['code-review', 'The agent asks for a code review.', 'The agent asks for a the skill.'],
      ['zebra-notes', 'The agent says where it saved the report.', undefined],
      // The same rule as blinding's (test/judge/name-matching.test.ts): the name's words inside other words are not the name; a name given in camel case is its words however joined.
      ['ai-review', 'The agent lists the Thai Reviews.', undefined],
      ['AIReview', 'The agent runs the ai_review step.', 'The agent runs the the_skill step.'],
    ] as const) {
      const ws = makeCampaignWorkspace({ evals: { skill_name: skill, evals: [{ ...evals[0]!, assertions: [{ id: 'says-where', type: 'llm_judge', rubric }] }] } });
      const iteration = writeWorkspace(ws.root, { skill, evals, runs: { 'add-column': { with_skill: [runOf('with_skill')], without_skill: [runOf('without_skill')] } } });
      rmSync(join(iteration, 'campaign.json'));
      ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true, '"Saved under"')] }] });
      const run = await runMain(['judge', '.eval-magic', '--harness', 'claude-code', '--evals', ws.evalsPath], { cwd: ws.root, env: ws.env });
      assert.equal(run.code, 0, run.stderr + run.stdout);
      if (read === undefined) {
        assert.doesNotMatch(run.stdout, /warning: the skill's name/);
        continue;
      }
      assert.match(run.stdout, new RegExp(`\\n {2}warning: the skill's name "${skill}" is written in the evals' own task, follow-ups, expected output or rubric: blinding replaces it there too, and wherever either arm's agent writes it, so the judges read the placeholder \\(the_skill, the-skill, …\\) in its place`), skill);
      assert.ok(ws.calls().some((call) => call.prompt.includes(read)), `${skill}: the judge read the rubric changed, as the plan said`);
    }
  });
});
