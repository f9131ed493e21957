// artifacts-excluded's advice is a check command that, run as printed from compare's folder, checks
// the files compare left out and names what check found in them — under a named config's ignore
// globs too, which match the paths as typed (named as shown, check said they were left out).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { makeCampaignWorkspace, SKILL_NAME } from '../campaign/campaign-helpers.js';
import { writeWorkspace, type RunSpec } from './workspace.js';
import { binPath, runMain } from '../helpers/cli.js';

const evals = [{ id: 'add-column', prompt: 'Add a column.', expected_output: 'A UTC column.', assertions: [{ id: 'says', type: 'transcript_check', check: 'assistant_message_matches', pattern: 'Done' }] }];
const ok: RunSpec = { events: [{ user: evals[0]!.prompt }, { assistant: 'Done.' }] };
const broken: RunSpec = { ...ok, rawConversation: '{}\n' };

/** The advice's command, run by a shell from `cwd`, `eval-magic` the built binary. */
function runAdvised(command: string, cwd: string, env: NodeJS.ProcessEnv) {
  const bin = mkdtempSync(join(tmpdir(), 'em-bin-'));
  writeFileSync(join(bin, 'eval-magic'), `#!/bin/sh\nexec ${JSON.stringify(process.execPath)} ${JSON.stringify(binPath)} "$@"\n`, { mode: 0o755 });
  try {
    return spawnSync('sh', ['-c', command], { cwd, env: { ...env, PATH: `${bin}:${env.PATH}`, NO_COLOR: '1' }, encoding: 'utf8' });
  } finally {
    rmSync(bin, { recursive: true });
  }
}

/** compare's artifacts-excluded message and the check command it advises. */
async function advice(args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const compared = await runMain(['compare', ...args, '-f', 'json'], { cwd, env });
  const messages = JSON.parse(compared.stdout).validity.filter((v: { code: string }) => v.code === 'artifacts-excluded').map((v: { message: string }) => v.message);
  assert.equal(messages.length, 1, compared.stderr + compared.stdout);
  const command = / \((eval-magic check .*) names them(?:, and the other (?:one|\d+) alike)?\)\.$/.exec(messages[0])?.[1];
  assert.ok(command !== undefined, messages[0]);
  return { message: messages[0] as string, command };
}

describe("artifacts-excluded's advice: a check command that checks the files left out", () => {
  it('compare typed absolute, a named config whose glob is relative (it matches the file as shown, not as compare typed it): the command names it as typed, and check finds its errors (it said the file was left out by the ignore globs)', async () => {
    const ws = makeCampaignWorkspace();
    writeWorkspace(ws.root, { skill: SKILL_NAME, evals, runs: { 'add-column': { with_skill: [ok, broken], without_skill: [ok, ok] } } });
    writeFileSync(join(ws.root, 'cfg.json'), JSON.stringify({ ignore: ['.eval-magic/csv-reports/iteration-1/eval-add-column/with_skill/run-2/**'] }));
    const { message, command } = await advice([join(ws.root, '.eval-magic'), '--config', 'cfg.json'], ws.root, ws.env);
    assert.equal(command, `eval-magic check ${ws.root}/.eval-magic/csv-reports/iteration-1/eval-add-column/with_skill/run-2/conversation.json --config cfg.json`, message);
    const checked = runAdvised(command, ws.root, ws.env);
    assert.equal(checked.status, 1, checked.stderr);
    assert.match(checked.stdout, /with_skill\/run-2\/conversation\.json\n/);
    assert.match(checked.stdout, /✖ 3 problems \(3 errors, 0 warnings\)/);
    rmSync(ws.root, { recursive: true, force: true });
  });

  it('no ignore glob: the files as shown, the first three named, and check on them finds every error compare counted', async () => {
    const ws = makeCampaignWorkspace();
    writeWorkspace(ws.root, { skill: SKILL_NAME, evals, runs: { 'add-column': { with_skill: [broken, broken, broken, broken], without_skill: [ok, ok, ok, ok] } } });
    const { message, command } = await advice(['.eval-magic'], ws.root, ws.env);
    const file = (n: number) => `.eval-magic/csv-reports/iteration-1/eval-add-column/with_skill/run-${n}/conversation.json`;
    assert.equal(command, `eval-magic check ${file(1)} ${file(2)} ${file(3)}`, message);
    assert.ok(message.endsWith(' names them, and the other one alike).'), message);
    const checked = runAdvised(command, ws.root, ws.env);
    assert.equal(checked.status, 1, checked.stderr);
    assert.match(checked.stdout, /✖ 9 problems \(9 errors, 0 warnings\)/);
    rmSync(ws.root, { recursive: true, force: true });
  });
  it('compare typed through a linked workspace, the real folder under another config (review20): the command names the files through the link, as compare checked them, and check finds their errors (named by the real path, check applied the other config: left out by its ignore globs, exit 2)', async () => {
    const ws = makeCampaignWorkspace();
    writeWorkspace(ws.root, { skill: SKILL_NAME, evals, runs: { 'add-column': { with_skill: [ok, broken], without_skill: [ok, ok] } } });
    // The store's own config leaves the broken run out; the project holding the link has none (its .git stops the lookup).
    writeFileSync(join(ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['.eval-magic/**/with_skill/run-2/**'] }));
    const project = mkdtempSync(join(tmpdir(), 'em-project-'));
    mkdirSync(join(project, '.git'));
    symlinkSync(join(ws.root, '.eval-magic'), join(project, '.eval-magic'));
    const { message, command } = await advice(['.eval-magic'], project, ws.env);
    assert.equal(command, 'eval-magic check .eval-magic/csv-reports/iteration-1/eval-add-column/with_skill/run-2/conversation.json', message);
    const checked = runAdvised(command, project, ws.env);
    assert.equal(checked.status, 1, checked.stderr);
    assert.match(checked.stdout, /✖ 3 problems \(3 errors, 0 warnings\)/);
    rmSync(project, { recursive: true, force: true });
    rmSync(ws.root, { recursive: true, force: true });
  });
});
