// Installing from a git URL, as the README says: npm clones the repository, installs its dev
// dependencies and builds it (`prepare`), and the project gets a working `eval-magic`.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { hermeticGitEnv, snapshotRepository } from '../helpers/git-snapshot.js';

const repo = new URL('../../', import.meta.url).pathname;
const bad = join(repo, 'fixtures/rules/ordinal-sequence/invalid/ordinals-start-at-one.json');

test('npm install git+<url> builds eval-magic and npx runs it', { timeout: 900_000 }, (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'em-git-install-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  // npm's cache first: the registry only for what a fresh cache lacks (package documents).
  const env = { ...hermeticGitEnv(dir), NO_COLOR: '1', GITHUB_ACTIONS: undefined, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
  const source = join(dir, 'eval-magic');
  const rev = snapshotRepository(source, env);

  const project = join(dir, 'project');
  mkdirSync(join(project, 'runs/e1'), { recursive: true });
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', version: '1.0.0', private: true }));
  const install = spawnSync('npm', ['install', '--save-dev', `git+file://${source}#${rev}`], { cwd: project, env, encoding: 'utf8', timeout: 600_000 });
  assert.equal(install.status, 0, install.stdout + install.stderr);
  assert.ok(existsSync(join(project, 'node_modules/eval-magic/dist/bin.cjs')), 'npm built it');

  copyFileSync(bad, join(project, 'runs/e1/conversation.json'));
  const r = spawnSync('npx', ['--no-install', 'eval-magic', 'check', '.'], { cwd: join(project, 'runs'), env, encoding: 'utf8' });
  assert.equal(r.status, 1, r.stdout + r.stderr);
  assert.match(r.stdout, /ordinal-sequence/);
});
