// What a judge's session (and the code a command_check runs) finds empty when the work of several
// iterations and skills is given at once: all of it, for each.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { planJudgments } from '../../src/judge/plan.js';
import { startedInHere } from '../../src/workspace/evals-path.js';
import { foldersOfAll, skillFoldersOf, workspaceFolders } from '../../src/workspace/hidden-folders.js';
import type { Iteration } from '../../src/workspace/locate.js';
import { outsideTemporaryFolders } from '../helpers/outside-temp.js';
import { judgedCampaign } from './judge-helpers.js';

/** campaign.json's `files` of a tree holding only its SKILL.md, as campaign records it. */
const recordedFiles = (dir: string) => ({ 'SKILL.md': `file ${createHash('sha256').update(readFileSync(join(dir, 'SKILL.md'))).digest('hex')}` });

describe('foldersOfAll', () => {
  it('gives every job every job\'s workspace and skill folders: a session of one skill\'s run reached the other judged skill\'s evals folder and SKILL.md', () => {
    const alpha = { root: '/repo/.eval-magic/alpha/iteration-1', skillFolders: ['/repo/alpha/evals', '/repo/alpha'] };
    const beta = { root: '/elsewhere/runs/beta/iteration-2', skillFolders: ['/repo/beta/evals', '/repo/beta'] };
    const again = { root: alpha.root, skillFolders: alpha.skillFolders };
    const all = foldersOfAll([alpha, beta, again]);
    for (const folder of [...workspaceFolders(alpha.root), ...workspaceFolders(beta.root), ...alpha.skillFolders, ...beta.skillFolders]) assert.ok(all.includes(folder), folder);
    assert.equal(new Set(all).size, all.length, 'each folder once');
    assert.deepEqual(foldersOfAll([{ root: beta.root }]), workspaceFolders(beta.root), 'a job without skill folders (none found) hides its workspace still');
  });
});

describe('the skill folders judge and compare hide, of a campaign started elsewhere (judge75)', () => {
  it("campaign records the folder it was started in (started_in); judge's plan started in another folder hides a baseline named relative to it — an older record without it resolves from judge's folder, as before", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const campaignJson = join(c.ws.iteration(), 'campaign.json');
    const plan = JSON.parse(readFileSync(campaignJson, 'utf8'));
    assert.equal(plan.started_in, c.ws.root);
    // As `campaign --baseline old-skill` started in the root records it: the source as typed.
    const baseline = join(c.ws.root, 'old-skill');
    mkdirSync(baseline);
    writeFileSync(join(baseline, 'SKILL.md'), '---\nname: old\ndescription: the baseline\n---\n');
    writeFileSync(campaignJson, JSON.stringify({ ...plan, baseline: { source: 'old-skill', sha256: '0'.repeat(64) } }, null, 2));
    const elsewhere = mkdtempSync(join(tmpdir(), 'judge-started-elsewhere-'));
    try {
      const hidden = async () => new Set((await planJudgments({ paths: [c.ws.iteration()], cwd: elsewhere, repeats: 1 })).judgments.flatMap((j) => j.skillFolders ?? []));
      assert.ok((await hidden()).has(baseline), 'the baseline is hidden from the judge sessions, judge started elsewhere');
      const { started_in: _, ...older } = plan;
      writeFileSync(campaignJson, JSON.stringify({ ...older, baseline: { source: 'old-skill', sha256: '0'.repeat(64), files: recordedFiles(baseline) } }, null, 2));
      assert.ok((await hidden()).has(baseline), 'an older record: read from each folder above the workspace too, as its evals.path is (docs/campaign.md says so)');
      writeFileSync(campaignJson, JSON.stringify({ ...older, baseline: { source: 'old-skill', sha256: '0'.repeat(64), files: { 'SKILL.md': `file ${'0'.repeat(64)}` } } }, null, 2));
      assert.equal((await hidden()).has(baseline), false, 'found only by guessing, a folder whose SKILL.md is not the recorded one is not the baseline (review43)');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('the skill folders judge hides, of a workspace moved from the machine campaign ran on (review40)', () => {
  it("started_in names the other machine's folder, where no SKILL.md is here: the baseline beside the workspace is hidden still, as found from the folders above it and from judge's folder", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const campaignJson = join(c.ws.iteration(), 'campaign.json');
    const plan = JSON.parse(readFileSync(campaignJson, 'utf8'));
    const baseline = join(c.ws.root, 'old-skill');
    mkdirSync(baseline);
    writeFileSync(join(baseline, 'SKILL.md'), '---\nname: old\ndescription: the baseline\n---\n');
    const hidden = async (cwd: string) => new Set((await planJudgments({ paths: [c.ws.iteration()], cwd, repeats: 1 })).judgments.flatMap((j) => j.skillFolders ?? []));
    // Merged from a CI runner: its checkout's folder, which this machine does not have.
    writeFileSync(campaignJson, JSON.stringify({ ...plan, baseline: { source: 'old-skill', sha256: '0'.repeat(64), files: recordedFiles(baseline) }, started_in: '/home/runner/work/proj/proj' }, null, 2));
    assert.ok((await hidden(c.ws.root)).has(baseline), 'judge started in the checkout: the baseline there is hidden');
    const elsewhere = mkdtempSync(join(tmpdir(), 'judge-moved-'));
    try {
      assert.ok((await hidden(elsewhere)).has(baseline), 'judge started elsewhere: found from the folder holding the workspace');
    } finally {
      rmSync(elsewhere, { recursive: true, force: true });
    }
  });
});

describe('a folder found only by guessing is the skill only when it is the recorded tree (review43 F1, F2)', () => {
  it("source '.' started in the skill's folder: an unrelated SKILL.md in a folder above the workspace, or in judge's own folder, is neither hidden nor warned of", async () => {
    const outer = mkdtempSync(join(tmpdir(), 'judge-unrelated-above-'));
    const other = mkdtempSync(join(tmpdir(), 'judge-other-skill-'));
    try {
      writeFileSync(join(outer, 'SKILL.md'), '---\nname: plugin\ndescription: unrelated\n---\n');
      writeFileSync(join(other, 'SKILL.md'), '---\nname: other\ndescription: unrelated\n---\n');
      const root = join(outer, 'proj');
      mkdirSync(root);
      const c = await judgedCampaign({ runs: 1, root });
      const campaignJson = join(c.ws.iteration(), 'campaign.json');
      const plan = JSON.parse(readFileSync(campaignJson, 'utf8'));
      writeFileSync(campaignJson, JSON.stringify({ ...plan, skill: { ...plan.skill, source: '.' }, started_in: c.ws.skillDir }, null, 2));
      const hidden = async (cwd: string) => new Set((await planJudgments({ paths: [c.ws.iteration()], cwd, repeats: 1 })).judgments.flatMap((j) => j.skillFolders ?? []));
      for (const cwd of [root, other]) {
        const folders = await hidden(cwd);
        assert.ok(folders.has(c.ws.skillDir), 'the skill, where campaign was started, is hidden');
        assert.equal(folders.has(outer), false, `the folder above the workspace holding another SKILL.md (judge in ${cwd})`);
        assert.equal(folders.has(other), false, `judge's own folder holding another SKILL.md (judge in ${cwd})`);
      }
      const { plan: judgePlan } = await c.plan();
      assert.deepEqual(judgePlan.uncovered ?? [], [], 'the dry run names no unrelated folder as "not hidden from the judges"');
    } finally {
      rmSync(outer, { recursive: true, force: true });
      rmSync(other, { recursive: true, force: true });
    }
  });
});

describe("the skill folders judge hides, of a moved workspace not under started_in's equivalent here (review43 F3)", () => {
  it("campaign started in the skill's folder with --workspace ../.eval-magic --baseline ../old-skill on a CI runner: the baseline is found from where evals.json is found here, judge started anywhere", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const baseline = join(c.ws.root, 'old-skill');
    mkdirSync(baseline);
    writeFileSync(join(baseline, 'SKILL.md'), '---\nname: old\ndescription: the baseline\n---\n');
    const campaignJson = join(c.ws.iteration(), 'campaign.json');
    const plan = JSON.parse(readFileSync(campaignJson, 'utf8'));
    const ci = '/home/runner/work/proj/proj';
    writeFileSync(campaignJson, JSON.stringify({ ...plan, skill: { ...plan.skill, source: '.' }, baseline: { source: '../old-skill', sha256: '0'.repeat(64), files: recordedFiles(baseline) }, started_in: `${ci}/${c.skill}`, evals: { ...plan.evals, path: `${ci}/${c.skill}/evals/evals.json` } }, null, 2));
    for (const cwd of [c.ws.root, c.ws.skillDir]) {
      const folders = new Set((await planJudgments({ paths: [c.ws.iteration()], cwd, repeats: 1 })).judgments.flatMap((j) => j.skillFolders ?? []));
      assert.ok(folders.has(baseline), `judge started in ${cwd}: the baseline is hidden`);
    }
  });

  it('a workspace downloaded outside the checkout, judged with --evals: the baseline is found from the evals.json named', async () => {
    const c = await judgedCampaign({ runs: 1 });
    const baseline = join(c.ws.root, 'old-skill');
    mkdirSync(baseline);
    writeFileSync(join(baseline, 'SKILL.md'), '---\nname: old\ndescription: the baseline\n---\n');
    const downloads = mkdtempSync(join(tmpdir(), 'judge-downloads-'));
    try {
      cpSync(c.ws.workspace, join(downloads, 'ws'), { recursive: true });
      const iteration = join(downloads, 'ws', c.skill, 'iteration-1');
      const campaignJson = join(iteration, 'campaign.json');
      const plan = JSON.parse(readFileSync(campaignJson, 'utf8'));
      const ci = '/home/runner/work/proj/proj';
      writeFileSync(campaignJson, JSON.stringify({ ...plan, baseline: { source: 'old-skill', sha256: '0'.repeat(64), files: recordedFiles(baseline) }, started_in: ci, evals: { ...plan.evals, path: `${ci}/${c.skill}/evals/evals.json` } }, null, 2));
      for (const cwd of [c.ws.root, c.ws.skillDir, downloads]) {
        const folders = new Set((await planJudgments({ paths: [iteration], cwd, evals: c.ws.evalsPath, repeats: 1 })).judgments.flatMap((j) => j.skillFolders ?? []));
        assert.ok(folders.has(baseline), `judge started in ${cwd}: the baseline is hidden`);
      }
    } finally {
      rmSync(downloads, { recursive: true, force: true });
    }
  });
});

describe('startedInHere', () => {
  it("finds this machine's folder for started_in as the evals.json found here lies from it, climbing out of started_in's own folders too", () => {
    const record = (started_in: string | undefined, path: string) => ({ ...(started_in !== undefined ? { started_in } : {}), evals: { path } });
    assert.equal(startedInHere(record('/ci/x/skill', '/ci/x/skill/evals/evals.json'), '/home/me/x/skill/evals/evals.json'), '/home/me/x/skill');
    assert.equal(startedInHere(record('/ci/x', '/ci/x/skill/evals/evals.json'), '/home/me/x/skill/evals/evals.json'), '/home/me/x');
    assert.equal(startedInHere(record('/ci/x/tools/run', '/ci/x/skill/evals/evals.json'), '/home/me/x/skill/evals/evals.json'), '/home/me/x/tools/run');
    assert.equal(startedInHere(record('/ci/x', '/ci/x/skill/evals/evals.json'), '/home/me/other/evals.json'), undefined, 'named elsewhere: not the recorded path');
    assert.equal(startedInHere(record(undefined, '/ci/x/skill/evals/evals.json'), '/home/me/x/skill/evals/evals.json'), undefined, 'an older record');
    assert.equal(startedInHere(record('/ci/x', 'skill/evals/evals.json'), '/home/me/x/skill/evals/evals.json'), undefined, 'a relative evals.path');
  });
});

describe('a guessed folder whose SKILL.md was edited since the campaign, of a moved workspace (review46 F6)', () => {
  it("is hidden when its SKILL.md's front matter names the recorded skill — an edit, or a record without files — and a SKILL.md of another name is not", (t) => {
    const outer = outsideTemporaryFolders('judge-edited-skill-');
    if (outer === undefined) return void t.skip('no folder outside the temporary folders to take');
    try {
      const repo = join(outer, 'repo');
      const skill = join(repo, 'skills', 'fmt');
      const suite = join(repo, 'suites', 'fmt');
      const iteration = join(repo, '.eval-magic', 'fmt', 'iteration-1');
      for (const dir of [skill, suite, iteration, join(repo, '.git')]) mkdirSync(dir, { recursive: true });
      writeFileSync(join(suite, 'evals.json'), '{}');
      const original = '---\nname: fmt\ndescription: d\n---\nv1\n';
      const files = { 'SKILL.md': `file ${createHash('sha256').update(original).digest('hex')}` };
      const ci = '/home/runner/work/repo/repo';
      const hidden = (now: string, startedIn: string, recorded: object | undefined) => {
        writeFileSync(join(skill, 'SKILL.md'), now);
        const campaign = { started_in: startedIn, evals: { path: join(startedIn, 'suites/fmt/evals.json'), sha256: 'x' }, skill: { name: 'fmt', source: 'skills/fmt', sha256: 'x', ...(recorded ? { files: recorded } : {}) }, baseline: null };
        return skillFoldersOf(join(suite, 'evals.json'), { dir: iteration, campaign } as unknown as Pick<Iteration, 'dir' | 'campaign'>, outer).includes(skill);
      };
      assert.equal(hidden(original, ci, files), true, 'unedited, started on CI');
      assert.equal(hidden(original + 'edited\n', ci, files), true, 'edited since, started on CI');
      assert.equal(hidden(original, ci, undefined), true, 'a record without files');
      assert.equal(hidden('---\nname: lint\ndescription: another skill\n---\n', ci, files), false, 'another skill where the source was');
      assert.equal(hidden('---\nname: lint\ndescription: another skill\n---\n', ci, undefined), false, 'another skill, a record without files');
    } finally {
      rmSync(outer, { recursive: true, force: true });
    }
  });
});
