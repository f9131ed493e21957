// Which evals.json grades a campaign's iteration when campaign.json's evals.path is absolute and
// another checkout of the same repository is on the machine: the workspace's own checkout's.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import type { CampaignRecord } from '../../src/workspace/campaign-record.js';
import { campaignEvalsPath } from '../../src/workspace/evals-path.js';

const root = mkdtempSync(join(tmpdir(), 'em-evals-path-'));
after(() => rmSync(root, { recursive: true, force: true }));

const evalsText = JSON.stringify({ skill_name: 'csv-reports', evals: [{ id: 'e1', prompt: 'p', expected_output: 'o' }] });
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A checkout of a repository holding the skill's evals.json and a workspace with one iteration. */
function checkout(name: string, evals: string | undefined) {
  const dir = join(root, name);
  mkdirSync(join(dir, '.git'), { recursive: true });
  const evalsPath = join(dir, 'csv-reports', 'evals', 'evals.json');
  if (evals !== undefined) {
    mkdirSync(join(dir, 'csv-reports', 'evals'), { recursive: true });
    writeFileSync(evalsPath, evals);
  }
  const iterationDir = join(dir, '.eval-magic', 'csv-reports', 'iteration-1');
  mkdirSync(iterationDir, { recursive: true });
  return { dir, evalsPath, iterationDir };
}

const original = checkout('work', evalsText);
// campaign ran in the original checkout: its campaign.json names that file, absolutely.
const campaign = { evals: { path: original.evalsPath, sha256: sha256(evalsText) } } as unknown as CampaignRecord;

describe('campaign.json names an evals.json of another checkout that is still there', () => {
  it('the original checkout: its own evals.json', () => {
    assert.equal(campaignEvalsPath({ dir: original.iterationDir, campaign }, root), original.evalsPath);
  });

  it('a second checkout (a clone holding the workspace) with the same evals.json: its own, not the other checkout\'s', () => {
    const second = checkout('work-2', evalsText);
    assert.equal(campaignEvalsPath({ dir: second.iterationDir, campaign }, root), second.evalsPath);
  });

  it('a second checkout whose evals.json was edited there: its own (compare then says how it differs), not the original\'s, which would grade the runs by what the user did not edit, without a word', () => {
    const second = checkout('work-3', evalsText.replace('"o"', '"edited"'));
    assert.equal(campaignEvalsPath({ dir: second.iterationDir, campaign }, root), second.evalsPath);
  });

  it('a second checkout with no evals.json at that place: the recorded file', () => {
    const second = checkout('work-4', undefined);
    assert.equal(campaignEvalsPath({ dir: second.iterationDir, campaign }, root), original.evalsPath);
  });

  it('a second checkout with only the repository\'s own evals/evals.json (another skill\'s, not below the skill\'s folder): the recorded file, not that one', () => {
    const second = checkout('work-5', undefined);
    mkdirSync(join(second.dir, 'evals'));
    writeFileSync(join(second.dir, 'evals', 'evals.json'), '{"evals": []}');
    assert.equal(campaignEvalsPath({ dir: second.iterationDir, campaign }, root), original.evalsPath);
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

  it('one of other bytes above the repository (a stray, /tmp say) grades nothing', () => {
    const r = repository('relative-stray');
    r.place(r.outer, '{"evals": []}');
    assert.equal(campaignEvalsPath({ dir: r.iterationDir, campaign: r.relative }, r.repo), undefined);
  });

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
});

