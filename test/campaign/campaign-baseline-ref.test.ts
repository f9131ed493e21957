// --baseline-ref: the skill as committed at a ref is the old_skill arm, read from Git without
// touching the working tree; the staged tree is git archive's tree of that commit's skill folder.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { listTree, treeDigest } from '../../src/fs/file-tree.js';
import { makeCampaignWorkspace, readJson, SKILL_NAME } from './campaign-helpers.js';

type Ws = ReturnType<typeof makeCampaignWorkspace>;
const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd, encoding: 'utf8' });
const options = (ws: Ws, extra: Record<string, unknown> = {}) => ({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], baseDir: ws.root, env: ws.env, ...extra });

/** A repository at the workspace's root: a first commit without the skill, then the skill (tag v1), then an edit left uncommitted. */
function repository() {
  const ws = makeCampaignWorkspace();
  git(ws.root, 'init', '-q', '-b', 'main');
  writeFileSync(join(ws.root, 'README.md'), 'Skills.\n');
  git(ws.root, 'add', 'README.md');
  git(ws.root, 'commit', '-q', '-m', 'readme');
  symlinkSync('scripts/fmt.sh', join(ws.skillDir, 'fmt'));
  git(ws.root, 'add', SKILL_NAME);
  git(ws.root, 'commit', '-q', '-m', 'skill');
  git(ws.root, 'tag', 'v1');
  writeFileSync(join(ws.skillDir, 'SKILL.md'), readFileSync(join(ws.skillDir, 'SKILL.md'), 'utf8') + 'Name every column.\n');
  return ws;
}

/** The digest of `git archive <ref> <skill>` unpacked, without evals/ (the grader's, never staged in either arm). */
function archiveDigest(ws: Ws, ref: string): string {
  const out = mkdtempSync(join(tmpdir(), 'baseline-ref-archive-'));
  try {
    execFileSync('sh', ['-c', 'git archive "$1" "$2" | tar -x -C "$3"', 'sh', ref, SKILL_NAME, out], { cwd: ws.root });
    const dir = join(out, SKILL_NAME);
    return treeDigest(dir, listTree(dir, 'the archive', (path) => path === 'evals'));
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe('campaign --baseline-ref', () => {
  it('stages the skill folder as committed at the ref as old_skill: its digest is git archive\'s, the ref and commit are recorded, the working tree is untouched', async () => {
    const ws = repository();
    const status = git(ws.root, 'status', '--porcelain', '--untracked-files=no');
    const commit = git(ws.root, 'rev-parse', 'v1').trim();
    const result = await runCampaign(options(ws, { baselineRef: 'v1' }));
    assert.deepEqual(result.plan.conditions, ['new_skill', 'old_skill']);
    const old = result.records.find((r) => r.condition === 'old_skill')!;
    assert.equal(old.status, 'completed', old.message ?? '');
    assert.deepEqual(old.skill?.git, { ref: 'v1', commit });
    assert.equal(old.skill?.source, `${SKILL_NAME}@v1`);

    const staged = join(ws.iteration(), 'eval-explain/old_skill/run-1/task/.claude/skills', SKILL_NAME);
    const expected = archiveDigest(ws, 'v1');
    assert.equal(treeDigest(staged, listTree(staged, 'the staged baseline')), expected);
    assert.equal(old.skill?.sha256, expected);
    assert.doesNotMatch(readFileSync(join(staged, 'SKILL.md'), 'utf8'), /Name every column/);
    const fresh = result.records.find((r) => r.condition === 'new_skill')!;
    assert.notEqual(fresh.skill?.sha256, expected, 'the treatment is the working tree, edit included');

    const campaign = readJson(join(ws.iteration(), 'campaign.json'));
    assert.deepEqual(campaign.baseline.git, { ref: 'v1', commit });
    assert.equal(campaign.baseline.sha256, expected);
    assert.equal(git(ws.root, 'status', '--porcelain', '--untracked-files=no'), status, 'neither the working tree nor the index changed');

    // The same command continues the iteration; a ref moved to another commit is another plan.
    assert.equal((await runCampaign(options(ws, { baselineRef: 'v1' }))).plan.continuing, true);
    git(ws.root, 'commit', '-q', '-am', 'edit');
    const moved = await runCampaign(options(ws, { baselineRef: 'main' }));
    assert.deepEqual(moved.plan.changes, ["the baseline's SKILL.md changed"]);
  });

  it('refuses, naming the cause, a folder in no repository, a ref that names no commit, a commit without the skill folder, and baseline beside it, naming the options as runCampaign spells them', async () => {
    const plain = makeCampaignWorkspace();
    await assert.rejects(runCampaign(options(plain, { baselineRef: 'main' })), /^UsageError: baselineRef "main": the skill folder "csv-reports" is not in a Git repository/);
    const ws = repository();
    await assert.rejects(runCampaign(options(ws, { baselineRef: 'no-such-tag' })), /^UsageError: baselineRef "no-such-tag" names no commit of the Git repository /);
    await assert.rejects(runCampaign(options(ws, { baselineRef: '--output=x' })), /^UsageError: baselineRef "--output=x": not a Git ref/);
    await assert.rejects(runCampaign(options(ws, { baselineRef: 'main~1' })), /^UsageError: baselineRef "main~1": the skill folder csv-reports does not exist at commit [0-9a-f]{12} of /);
    await assert.rejects(runCampaign(options(ws, { baselineRef: 'v1', baseline: 'old' })), /^UsageError: baseline and baselineRef both name the baseline/);
    assert.equal(ws.calls().length, 0, 'nothing was run');
  });
});
