// A GitHub runner reads workflow commands from every line a step prints: `::command …::data` after
// any leading whitespace, and the legacy `##[command]data` anywhere in a line. Folder names and
// assertion ids are untrusted (a pull request chooses them): printed raw, `::error …` forged an
// annotation and `::stop-commands::tok` switched off eval-magic's own. No line eval-magic prints may
// hold one but the annotations it means to write.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, describe, it } from 'node:test';
import { cliEnv, runBin } from '../helpers/cli.js';
import { copyWithoutCommandChecks } from '../compare/workspace.js';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
const bad = join(repoRoot, 'fixtures/rules/ordinal-sequence/invalid/ordinals-start-at-one.json');
const tmp = mkdtempSync(join(tmpdir(), 'workflow-commands-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** Names a pull request could give folders, each a workflow command if printed at a line's start (or anywhere, for `##[`). */
const HOSTILE_NAMES = [
  '::error file=README.md,line=1,title=Forged::forged by a folder name',
  '::stop-commands::t75tok',
  ' \u3000::warning::indented',
  'legacy ##[error]forged anywhere in a line',
];

/** Every line of `text` the runner reads as a workflow command (as actions/runner's ActionCommand parses them). */
function workflowCommands(text: string): string[] {
  return text.split(/\r\n|\r|\n/).filter((line) => line.trimStart().startsWith('::') || line.includes('##['));
}

/** eval-magic's own annotations (the github format): a file, a range and its title. */
const OWN_ANNOTATION = /^::(error|warning) file=[^,]*,line=\d+,(col=\d+,)?endLine=\d+,(endColumn=\d+,)?title=eval-magic \([\w-]+\)::/;

function forged(text: string): string[] {
  return workflowCommands(text).filter((line) => !OWN_ANNOTATION.test(line));
}

function hostileWorkspace(name: string): string {
  const dir = join(tmp, name);
  for (const folder of HOSTILE_NAMES) {
    mkdirSync(join(dir, folder), { recursive: true });
    copyFileSync(bad, join(dir, folder, 'conversation.json'));
  }
  return dir;
}

describe('check prints no workflow command from a folder name', () => {
  const dir = hostileWorkspace('check');

  for (const format of ['stylish', 'json', 'junit', 'sarif', 'github']) {
    it(`-f ${format} under GITHUB_ACTIONS: only eval-magic's own annotations, one per finding`, () => {
      const run = runBin(['check', '-f', format, '.'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
      assert.equal(run.code, 1, run.stderr);
      assert.deepEqual(forged(run.stdout + run.stderr), []);
      // Annotations come with the log (stylish) or as the format itself; a machine format on stdout has none beside it.
      if (format === 'stylish' || format === 'github') assert.equal(workflowCommands(run.stdout).length, HOSTILE_NAMES.length);
    });
  }

  it('the job summary and --verbose lines hold none either', () => {
    const summary = join(tmp, 'summary.md');
    const run = runBin(['check', '--verbose', '.'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } });
    assert.equal(run.code, 1, run.stderr);
    assert.deepEqual(forged(run.stderr), []);
    assert.deepEqual(workflowCommands(readFileSync(summary, 'utf8')), []);
  });

  it('an error message naming the path holds none', () => {
    const run = runBin(['check', '--', '::error::no such file/conversation.json', 'x ##[error]y/conversation.json'], { cwd: dir });
    assert.equal(run.code, 2);
    assert.deepEqual(workflowCommands(run.stderr), []);
  });

  it("through the action's script: the real annotations stay, none forged", () => {
    const env = { ...cliEnv(), GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: dir, GITHUB_STEP_SUMMARY: join(tmp, 'action-summary.md'), EVAL_MAGIC_ROOT: repoRoot, INPUT_PATHS: '.' };
    const run = spawnSync('bash', [join(repoRoot, 'action/check.sh')], { cwd: dir, env, encoding: 'utf8' });
    assert.equal(run.status, 1, run.stderr);
    assert.deepEqual(forged(run.stdout + run.stderr), []);
    assert.equal(workflowCommands(run.stdout).length, HOSTILE_NAMES.length);
  });
});

describe('compare prints no workflow command from an assertion id or a run folder name', () => {
  const skill = 'ask-before-editing';
  const root = copyWithoutCommandChecks(new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url), join(tmp, 'compare'), skill);
  const iteration = join(root, '.eval-magic', skill, 'iteration-1');
  // Assertion ids that would each print on a line of their own in the table.
  const evalsPath = join(root, skill, 'evals', 'evals.json');
  const evals = readFileSync(evalsPath, 'utf8')
    .replace('"asks-before-editing"', JSON.stringify('::warning file=README.md,line=2::forged by an assertion id'))
    .replace('"runs-the-tests"', JSON.stringify('::stop-commands::t75'));
  writeFileSync(evalsPath, evals);
  const campaign = JSON.parse(readFileSync(join(iteration, 'campaign.json'), 'utf8'));
  campaign.evals.sha256 = createHash('sha256').update(evals).digest('hex');
  writeFileSync(join(iteration, 'campaign.json'), JSON.stringify(campaign, null, 2) + '\n');
  // A copied run folder whose long name the note wraps: the wrap must not start a line with `::`.
  const arm = join(iteration, 'eval-rename-column', 'with_skill');
  renameSync(join(arm, 'run-8'), join(arm, 'run-8-copy-kept-for-the-record-of-the-flaky-session ::error::Forged_annotation_from_a_run_folder_name'));

  for (const format of ['stylish', 'markdown', 'json']) {
    it(`-f ${format} under GITHUB_ACTIONS`, () => {
      const run = runBin(['compare', '--no-grading', '-f', format, '.eval-magic'], { cwd: root, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: join(tmp, `compare-${format}.md`) } });
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      assert.match(run.stdout, /forged by an assertion id/);
      assert.deepEqual(workflowCommands(run.stdout + run.stderr), []);
      assert.deepEqual(workflowCommands(readFileSync(join(tmp, `compare-${format}.md`), 'utf8')), []);
    });
  }
});
