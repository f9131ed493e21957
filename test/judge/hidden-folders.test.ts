// What a judge's session (and the code a command_check runs) finds empty when the work of several
// iterations and skills is given at once: all of it, for each.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldersOfAll, workspaceFolders } from '../../src/workspace/hidden-folders.js';

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
