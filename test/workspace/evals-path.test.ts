// Which evals.json grades a campaign's iteration (docs/compare.md): the file at campaign.json's
// absolute evals.path whenever it is there — also for a second checkout on the same machine (pass
// --evals to grade by its own), and never a file beside a workspace kept in a shared folder.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { CampaignRecord } from '../../src/workspace/campaign-record.js';
import { campaignEvalsPath } from '../../src/workspace/evals-path.js';

const root = mkdtempSync(join(tmpdir(), 'em-evals-path-'));
after(() => rmSync(root, { recursive: true, force: true }));

const evalsText = JSON.stringify({ skill_name: 'csv-reports', evals: [{ id: 'e1', prompt: 'p', expected_output: 'o' }] });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
// The iteration's campaign.json as committed: every copy of the repository holds the same bytes.
const campaignText = '{"schema_version": 1, "note": "the iteration as campaign wrote it"}\n';

/** A checkout of a repository (or a copied tree, `git: false`) holding the skill's evals.json at `evalsAt` and a workspace with one iteration. */
function checkout(name: string, evals: string | undefined, { evalsAt = 'csv-reports/evals/evals.json', git = true, campaign = campaignText } = {}) {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  if (git) mkdirSync(join(dir, '.git'));
  const evalsPath = join(dir, evalsAt);
  if (evals !== undefined) {
    mkdirSync(dirname(evalsPath), { recursive: true });
    writeFileSync(evalsPath, evals);
  }
  const iterationDir = join(dir, '.eval-magic', 'csv-reports', 'iteration-1');
  mkdirSync(iterationDir, { recursive: true });
  writeFileSync(join(iterationDir, 'campaign.json'), campaign);
  return { dir, evalsPath, iterationDir };
}

const original = checkout('work', evalsText);
// campaign ran in the original checkout: its campaign.json names that file, absolutely.
const campaign = { evals: { path: original.evalsPath, sha256: sha256(evalsText) } } as unknown as CampaignRecord;

describe('campaign.json names an evals.json of another checkout that is still there', () => {
  it('the original checkout: its own evals.json', () => {
    assert.equal(campaignEvalsPath({ dir: original.iterationDir, campaign }, root), original.evalsPath);
  });

  it('a second checkout (a clone holding the workspace) with the same evals.json: the recorded file, still there', () => {
    const second = checkout('work-2', evalsText);
    assert.equal(campaignEvalsPath({ dir: second.iterationDir, campaign }, root), original.evalsPath);
  });

  it('a second checkout whose evals.json was edited there: the recorded file still (as documented; --evals grades by the clone\'s) — telling a copy from another project by its files proved unreliable', () => {
    const second = checkout('work-3', evalsText.replace('"o"', '"edited"'));
    assert.equal(campaignEvalsPath({ dir: second.iterationDir, campaign }, root), original.evalsPath);
  });

  it('a second checkout with no evals.json at that place: the recorded file', () => {
    const second = checkout('work-4', undefined);
    mkdirSync(join(second.dir, 'evals'));
    writeFileSync(join(second.dir, 'evals', 'evals.json'), '{"evals": []}');
    assert.equal(campaignEvalsPath({ dir: second.iterationDir, campaign }, root), original.evalsPath);
  });

  it('not a copy (another iteration, or another project whose evals.json lies at the same place): the recorded file', () => {
    const other = checkout('other-project', evalsText.replace('"o"', '"theirs"'), { campaign: '{"another": "campaign"}\n' });
    assert.equal(campaignEvalsPath({ dir: other.iterationDir, campaign }, root), original.evalsPath);
  });

  it('a workspace kept outside any repository (campaign --workspace /tmp/…) with a <skill>/evals/evals.json beside it that anyone could write: the recorded file', () => {
    const shared = join(root, 'shared-tmp');
    const iterationDir = join(shared, 'em-campaign', 'csv-reports', 'iteration-1');
    mkdirSync(iterationDir, { recursive: true });
    writeFileSync(join(iterationDir, 'campaign.json'), campaignText);
    mkdirSync(join(shared, 'csv-reports', 'evals'), { recursive: true });
    writeFileSync(join(shared, 'csv-reports', 'evals', 'evals.json'), '{"evals": []}');
    assert.equal(campaignEvalsPath({ dir: iterationDir, campaign }, root), original.evalsPath);
  });
});

describe('a relative evals.path (older eval-magic), found from the folders above the workspace', () => {
  /** A repository (with .git) inside `outer`, holding a workspace whose campaign.json names `csv-reports/evals/evals.json`. */
  function repository(name: string) {
    const outer = join(root, name);
    const repo = join(outer, 'repo');
    mkdirSync(join(repo, '.git'), { recursive: true });
    const iterationDir = join(repo, '.eval-magic', 'csv-reports', 'iteration-1');
    mkdirSync(iterationDir, { recursive: true });
    const relative = { evals: { path: 'csv-reports/evals/evals.json', sha256: sha256(evalsText) } } as unknown as CampaignRecord;
    const place = (dir: string, text: string) => {
      mkdirSync(join(dir, 'csv-reports', 'evals'), { recursive: true });
      writeFileSync(join(dir, 'csv-reports', 'evals', 'evals.json'), text);
      return join(dir, 'csv-reports', 'evals', 'evals.json');
    };
    return { outer, repo, iterationDir, relative, place };
  }

  it('one of the recorded bytes above the repository is the file campaign ran with', () => {
    const r = repository('relative-recorded');
    const above = r.place(r.outer, evalsText);
    assert.equal(campaignEvalsPath({ dir: r.iterationDir, campaign: r.relative }, r.repo), above);
  });

  it('one edited in the repository grades the runs (compare says how it differs)', () => {
    const r = repository('relative-edited');
    r.place(r.outer, '{"evals": []}');
    const own = r.place(r.repo, evalsText.replace('"o"', '"edited"'));
    assert.equal(campaignEvalsPath({ dir: r.iterationDir, campaign: r.relative }, r.repo), own);
  });

  it('a workspace kept outside the repository (campaign --workspace /tmp/…), compared from the repository with its evals.json edited: the one named from the working folder', () => {
    const r = repository('relative-cwd');
    const outsideWorkspace = join(root, 'relative-cwd-workspace', 'em-campaign', 'csv-reports', 'iteration-1');
    mkdirSync(outsideWorkspace, { recursive: true });
    const own = r.place(r.repo, evalsText.replace('"o"', '"edited"'));
    assert.equal(campaignEvalsPath({ dir: outsideWorkspace, campaign: r.relative }, r.repo), own);
  });
});

