// examples/github-actions/campaign.yml: valid for GitHub (action-validator, from npm), and its
// shards, artifacts and merge agree with each other and with eval-magic's command lines.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { parse } from 'yaml';
import { workflowProblems } from './workflow-rules.js';

const repo = new URL('../../', import.meta.url).pathname;
const WORKFLOW = join(repo, 'examples/github-actions/campaign.yml');
const source = readFileSync(WORKFLOW, 'utf8');
const validatorCli = join(dirname(createRequire(import.meta.url).resolve('@action-validator/cli/package.json')), 'cli.mjs');

/** Runs action-validator on `text` saved as a workflow file; its exit code and report. */
function actionValidator(text: string): { code: number | null; output: string } {
  const file = join(mkdtempSync(join(tmpdir(), 'em-workflow-')), 'campaign.yml');
  writeFileSync(file, text);
  const r = spawnSync(process.execPath, [validatorCli, file], { cwd: repo, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0' } });
  return { code: r.status, output: r.stdout + r.stderr };
}

/** `source` with one exact piece replaced (which must be there). */
function edited(from: string, to: string): string {
  assert.ok(source.includes(from), `the workflow has ${JSON.stringify(from)}`);
  return source.replace(from, to);
}

describe('examples/github-actions/campaign.yml', () => {
  it('action-validator accepts it', () => {
    const r = actionValidator(source);
    assert.equal(r.code, 0, r.output);
  });

  for (const [what, broken, expected] of [
    ['a misspelt job key', edited('    runs-on: ubuntu-latest\n    timeout-minutes: 180', '    runs_on: ubuntu-latest\n    timeout-minutes: 180'), /runs_on/],
    ['a need on a job that does not exist', edited('needs: campaign', 'needs: campaing'), /unresolved job campaing/],
    ['a step with both run and uses', edited('      - run: npm ci\n      - name: Install', '      - run: npm ci\n        uses: actions/cache@v4\n      - name: Install'), /\/jobs\/campaign\/steps\/2/],
  ] as const) {
    it(`action-validator refuses it with ${what}`, () => {
      const r = actionValidator(broken);
      assert.equal(r.code, 1, r.output);
      assert.match(r.output, expected);
    });
  }

  it('its shards cover 1..N once each, every shard uploads its workspace, and the merge job downloads them all into one', () => {
    assert.deepEqual(workflowProblems(parse(source)), []);
  });

  for (const [what, broken, expected] of [
    ['a shard missing from the matrix', edited('shard: [1, 2, 3, 4]', 'shard: [1, 2, 4]'), /matrix shards \[1,2,4\] are not 1\.\.4/],
    ['a shard count that disagrees with the matrix', edited("SHARDS: '4'", "SHARDS: '3'"), /matrix shards \[1,2,3,4\] are not 1\.\.3/],
    ['a campaign without --shard', edited(' --shard="$SHARD/$SHARDS"', ''), /campaign step does not pass --shard="\$SHARD\/\$SHARDS"/],
    ['one artifact name for every shard', edited('name: campaign-shard-${{ matrix.shard }}', 'name: campaign-shard'), /upload name .* does not differ per shard/],
    ['hidden files left out of the upload', edited('          include-hidden-files: true\n', ''), /include-hidden-files/],
    ['a merge without merge-multiple', edited('          merge-multiple: true\n', ''), /merge-multiple/],
    ['a download pattern that misses the uploads', edited('pattern: campaign-shard-*', 'pattern: shard-*'), /pattern shard-\* does not match/],
    ['a compare that runs before the shards finish', edited('    needs: campaign\n', ''), /compare job does not need the campaign job/],
    ['a path before --', edited('npx eval-magic check -- "$WORKSPACE"', 'npx eval-magic check "$WORKSPACE"'), /eval-magic check: "\$WORKSPACE" comes before --/],
    ['an expression spliced into a script', edited('--shard="$SHARD/$SHARDS"', '--shard="${{ matrix.shard }}/$SHARDS"'), /splices an expression into its script/],
    ['an option value apart from its flag', edited('--jobs=4', '--jobs 4'), /eval-magic campaign: "4" comes before --/],
  ] as const) {
    it(`the rules catch ${what}`, () => {
      const problems = workflowProblems(parse(broken));
      assert.ok(problems.some((p) => expected.test(p)), problems.join('\n') || 'no problem found');
    });
  }
});

/** The `run:` scripts of a job's steps, in order, with the step's env. */
function runSteps(job: { steps?: Array<{ run?: string; env?: Record<string, string> }> }) {
  return (job.steps ?? []).filter((s) => s.run).map((s) => ({ script: s.run!, env: s.env ?? {} }));
}

describe('examples/github-actions/campaign.yml, run as written (a fake agent, each shard a process of its own)', () => {
  it('every shard runs its share, the merged workspace holds the whole iteration, and check and compare pass it', () => {
    const workflow = parse(source);
    const root = mkdtempSync(join(tmpdir(), 'em-workflow-run-'));
    // `npx eval-magic` is the built CLI; `npm ci` and the agent's install are the runner's business.
    const bin = join(root, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'npx'), `#!/bin/sh\n[ "$1" = eval-magic ] || { echo "npx $1: not in this test" >&2; exit 97; }\nshift\nexec "${process.execPath}" "${join(repo, 'dist/bin.cjs')}" "$@"\n`, { mode: 0o755 });
    writeFileSync(join(bin, 'npm'), '#!/bin/sh\nexit 0\n', { mode: 0o755 });
    const skill = join(root, 'skills', 'rename-column');
    mkdirSync(join(skill, 'evals'), { recursive: true });
    writeFileSync(join(skill, 'SKILL.md'), '---\nname: rename-column\ndescription: Renames a column everywhere it is used.\n---\n\nUse sed.\n');
    const turns = [{ prompt: 'Go on.', deliver_when: 'always' }];
    const assertions = [{ id: 'asks-more', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'Anything else' }];
    writeFileSync(join(skill, 'evals', 'evals.json'), JSON.stringify({ skill_name: 'rename-column', evals: [{ id: 'rename', prompt: 'Rename cust_id.', expected_output: 'Renamed.', turns, assertions }, { id: 'seed', prompt: 'Add a seed row.', expected_output: 'Added.', turns, assertions }] }));
    const shards = workflow.jobs.campaign.strategy.matrix.shard as number[];
    const env = (workspace: string, extra: Record<string, string>) => ({
      ...process.env,
      PATH: `${bin}:${process.env.PATH}`,
      ...workflow.env,
      SKILL: 'skills/rename-column',
      WORKSPACE: workspace,
      // What the workflow's expressions give the step: the harness is the user's choice.
      HARNESS: join(repo, 'bench/latency-agent/harness.json'),
      BENCH_AGENT_LATENCY_S: '0',
      GITHUB_ACTIONS: undefined,
      ...extra,
    });
    const sh = (script: string, environment: NodeJS.ProcessEnv) => spawnSync('bash', ['-e', '-c', script], { cwd: root, env: environment, encoding: 'utf8' });

    for (const shard of shards) {
      for (const step of runSteps(workflow.jobs.campaign)) {
        const stepEnv = Object.fromEntries(Object.entries(step.env).map(([k, v]) => [k, v === '${{ matrix.shard }}' ? String(shard) : v === '${{ inputs.runs }}' ? '2' : v]));
        const r = sh(step.script, env(`shard-${shard}/.eval-magic`, stepEnv));
        assert.equal(r.status, 0, `shard ${shard}: ${step.script}\n${r.stdout}${r.stderr}`);
      }
      // upload-artifact of the workspace, then download-artifact with merge-multiple into one.
      cpSync(join(root, `shard-${shard}`, '.eval-magic'), join(root, 'merged', '.eval-magic'), { recursive: true });
    }
    const iteration = join(root, 'merged', '.eval-magic', 'rename-column', 'iteration-1');
    const plans = shards.map((k) => readFileSync(join(root, `shard-${k}`, '.eval-magic', 'rename-column', 'iteration-1', 'campaign.json'), 'utf8'));
    assert.equal(new Set(plans).size, 1, 'every shard wrote the same campaign.json');
    const runs = ['rename', 'seed'].flatMap((id) => ['with_skill', 'without_skill'].flatMap((c) => [1, 2].map((j) => join(iteration, `eval-${id}`, c, `run-${j}`, 'conversation.json'))));
    for (const file of runs) assert.ok(existsSync(file), `${file} is in the merged workspace`);
    // Disjoint shares: each run was made by exactly one shard.
    for (const file of runs) {
      const makers = shards.filter((k) => existsSync(file.replace(join(root, 'merged'), join(root, `shard-${k}`))));
      assert.equal(makers.length, 1, `${file} made by shards ${makers.join(', ')}`);
    }

    const results = runSteps(workflow.jobs.compare).map((step) => ({ step, r: sh(step.script, env('merged/.eval-magic', step.env)) }));
    for (const { step, r } of results) assert.equal(r.status, 0, `${step.script}\n${r.stdout}${r.stderr}`);
    assert.match(results.at(-1)!.r.stdout, /asks-more/);
    assert.ok(existsSync(join(root, 'reports', 'compare.html')), 'the report the last job uploads');
  });
});
