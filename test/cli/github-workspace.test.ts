// Under GitHub Actions, a check run from a folder of the checkout (`working-directory: evals`, a
// monorepo package) places its annotations, job summary and SARIF from the repository root: the
// runner and code scanning read a relative path as relative to GITHUB_WORKSPACE, never to the step's folder.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runMain } from '../helpers/cli.js';

const fixtures = resolve(fileURLToPath(import.meta.url), '../../../fixtures');
const bad = join(fixtures, 'rules/ordinal-sequence/invalid/ordinals-start-at-one.json');

/** A checkout (GITHUB_WORKSPACE) with a failing artifact under `pkg/evals/.eval-magic/e1/`. */
function makeCheckout(): { workspace: string; pkg: string } {
  const workspace = mkdtempSync(join(tmpdir(), 'em-gh-workspace-'));
  const pkg = join(workspace, 'pkg', 'evals');
  mkdirSync(join(pkg, '.eval-magic', 'e1'), { recursive: true });
  copyFileSync(bad, join(pkg, '.eval-magic', 'e1', 'conversation.json'));
  return { workspace, pkg };
}

test('run from a subfolder of GITHUB_WORKSPACE: annotations, summary and SARIF name files from the repository root', async () => {
  const { workspace, pkg } = makeCheckout();
  const summary = join(workspace, 'summary.md');
  const env = { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: workspace, GITHUB_STEP_SUMMARY: summary };
  const r = await runMain(['check', '-f', 'stylish', '-f', 'sarif=report.sarif', '--', '.eval-magic'], { cwd: pkg, env });
  assert.equal(r.code, 1, r.stderr);
  // The log is for people in the step's folder; the annotations are for the runner.
  assert.match(r.stdout, /^\.eval-magic\/e1\/conversation\.json$/m);
  assert.match(r.stdout, /^::error file=pkg\/evals\/\.eval-magic\/e1\/conversation\.json,line=/m);
  assert.match(readFileSync(summary, 'utf8'), /^\| pkg\/evals\/\.eval-magic\/e1\/conversation\.json \| /m);
  const sarif = JSON.parse(readFileSync(join(pkg, 'report.sarif'), 'utf8'));
  assert.equal(sarif.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, 'pkg/evals/.eval-magic/e1/conversation.json');
  assert.equal(sarif.runs[0].originalUriBaseIds['%SRCROOT%'].uri, `file://${workspace}/`);

  // An explicit github format places its paths the same way.
  const explicit = await runMain(['check', '-f', 'github', '--', '.eval-magic'], { cwd: pkg, env: { ...env, GITHUB_STEP_SUMMARY: undefined } });
  assert.match(explicit.stdout, /^::error file=pkg\/evals\/\.eval-magic\/e1\/conversation\.json,/m);
});

test('outside GitHub Actions, or with a working directory outside GITHUB_WORKSPACE, paths stay relative to the working directory', async () => {
  const { workspace, pkg } = makeCheckout();
  const local = await runMain(['check', '-f', 'github', '-f', 'sarif=report.sarif', '--', '.eval-magic'], { cwd: pkg, env: { GITHUB_WORKSPACE: workspace } });
  assert.match(local.stdout, /^::error file=\.eval-magic\/e1\/conversation\.json,/m);
  assert.equal(JSON.parse(readFileSync(join(pkg, 'report.sarif'), 'utf8')).runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, '.eval-magic/e1/conversation.json');
  const elsewhere = await runMain(['check', '-f', 'github', '--', '.eval-magic'], { cwd: pkg, env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: join(workspace, 'other') } });
  assert.match(elsewhere.stdout, /^::error file=\.eval-magic\/e1\/conversation\.json,/m);
  const relativeWorkspace = await runMain(['check', '-f', 'github', '--', '.eval-magic'], { cwd: pkg, env: { GITHUB_ACTIONS: 'true', GITHUB_WORKSPACE: 'pkg' } });
  assert.match(relativeWorkspace.stdout, /^::error file=\.eval-magic\/e1\/conversation\.json,/m);
});
