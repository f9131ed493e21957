// The Action's step as GitHub runs it from a fresh checkout of the action (no dist/): it builds
// eval-magic with npm first. A workflow's own npm settings (job-level env) must not break that build.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { hermeticGitEnv, snapshotRepository } from '../helpers/git-snapshot.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const bad = join(repoRoot, 'fixtures/rules/ordinal-sequence/invalid/ordinals-start-at-one.json');

test('the action builds from its checkout under a workflow with NODE_ENV=production and npm set to omit dev dependencies and skip scripts', { timeout: 600_000 }, (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'em-action-build-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const env = hermeticGitEnv(dir);
  const action = join(dir, 'action-checkout');
  snapshotRepository(action, env);
  assert.ok(!existsSync(join(action, 'dist', 'bin.cjs')), 'a git checkout of the action has no dist/');

  const workspace = join(dir, 'workspace');
  mkdirSync(join(workspace, '.eval-magic', 'e1'), { recursive: true });
  copyFileSync(bad, join(workspace, '.eval-magic', 'e1', 'conversation.json'));
  const summary = join(workspace, 'summary.md');
  const r = spawnSync('bash', [join(action, 'action/check.sh')], {
    cwd: workspace,
    encoding: 'utf8',
    timeout: 540_000,
    env: {
      ...env, NO_COLOR: '1', npm_config_prefer_offline: 'true',
      // A deploy workflow's job-level settings, which npm ci would otherwise obey.
      NODE_ENV: 'production', NPM_CONFIG_OMIT: 'dev', NPM_CONFIG_IGNORE_SCRIPTS: 'true',
      GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: workspace, GITHUB_STEP_SUMMARY: summary, EVAL_MAGIC_ROOT: action,
      INPUT_PATHS: '.eval-magic', INPUT_FORMAT: 'stylish', INPUT_MAX_WARNINGS: '-1', INPUT_SARIF: '',
    },
  });
  assert.equal(r.status, 1, `${r.stdout}\n${r.stderr}`.slice(-3000));
  assert.match(r.stdout, /^::error file=\.eval-magic\/e1\/conversation\.json,line=\d+/m);
  assert.match(readFileSync(summary, 'utf8'), /## eval-magic check/);
});
