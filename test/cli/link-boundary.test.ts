// --link-boundary: a file named on the command line is held to the folder's link boundary, as a
// search of that folder holds the files it finds (the pre-commit hook names the staged files).
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runBin } from '../helpers/cli.js';
import { check } from '../../src/index.js';

const fixtures = new URL('../../fixtures/', import.meta.url).pathname;
const good = join(fixtures, 'valid/claude-completed-two-followups/conversation.json');
const bad = join(fixtures, 'rules/ordinal-sequence/invalid/ordinals-start-at-one.json');
const root = mkdtempSync(join(tmpdir(), 'em-link-boundary-'));
after(() => rmSync(root, { recursive: true, force: true }));

/** A repository whose out/conversation.json links to a valid artifact outside it, in/conversation.json to a broken one inside it. */
function repository() {
  const dir = mkdtempSync(join(root, 'w-'));
  const outside = join(`${dir}-elsewhere`, 'conversation.json');
  mkdirSync(join(outside, '..'), { recursive: true });
  copyFileSync(good, outside);
  for (const folder of ['out', 'in', 'kept']) mkdirSync(join(dir, folder));
  copyFileSync(bad, join(dir, 'kept/broken.json'));
  symlinkSync(outside, join(dir, 'out/conversation.json'));
  symlinkSync('../kept/broken.json', join(dir, 'in/conversation.json'));
  mkdirSync(`${dir}-elsewhere/folder`);
  copyFileSync(good, `${dir}-elsewhere/folder/conversation.json`);
  symlinkSync(`${dir}-elsewhere/folder`, join(dir, 'linked'));
  return dir;
}

describe('check --link-boundary', () => {
  it('a named link leading out of the folder is io link-outside, never read — the verdict of a search of the folder', () => {
    const dir = repository();
    const searched = runBin(['check', '--', 'out'], { cwd: dir });
    const named = runBin(['check', '--link-boundary', '.', '--', 'out/conversation.json'], { cwd: dir });
    for (const r of [searched, named]) {
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /^out\/conversation\.json\n\s+\d+:\d+\s+error\s+Symbolic link leading outside the folders being checked.*io$/m);
    }
  });

  it('without it a named link is still checked where it points (documented), and a link inside the folder is with it', () => {
    const dir = repository();
    assert.equal(runBin(['check', '--', 'out/conversation.json'], { cwd: dir }).code, 0);
    const inside = runBin(['check', '--link-boundary', '.', '--', 'in/conversation.json'], { cwd: dir });
    assert.equal(inside.code, 1, inside.stdout + inside.stderr);
    assert.match(inside.stdout, /^in\/conversation\.json\n(?:\s+\d+:\d+\s+error\s.*\n)*\s+\d+:\d+\s+error\s.*ordinal-sequence$/m);
    assert.doesNotMatch(inside.stdout, /link-outside|Symbolic link/);
  });

  // review42: a staged link named conversation.json leading to a folder passed the hook (check
  // searched the folder it names), where `check .` reports the entry as no regular file.
  it('a path named as an artifact that is a folder, or a link to one, is that artifact — no regular file, as a search of the folder says — not a folder to search', () => {
    const dir = repository();
    mkdirSync(join(dir, 'real'));
    copyFileSync(good, join(dir, 'real/conversation.json'));
    mkdirSync(join(dir, 'x'));
    symlinkSync('../real', join(dir, 'x/conversation.json'));
    mkdirSync(join(dir, 'y/conversation.json'), { recursive: true });
    copyFileSync(good, join(dir, 'y/conversation.json/conversation.json'));
    const searched = runBin(['check', '.'], { cwd: dir });
    for (const r of [searched, runBin(['check', '--link-boundary', '.', '--', 'x/conversation.json', 'y/conversation.json'], { cwd: dir }), runBin(['check', 'x/conversation.json', 'y/conversation.json/'], { cwd: dir })]) {
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /^x\/conversation\.json\n\s+\d+:\d+\s+error\s+Not a regular file \(a directory\).*io$/m);
      assert.match(r.stdout, /^y\/conversation\.json\/?\n\s+\d+:\d+\s+error\s+Not a regular file \(a directory\).*io$/m);
    }
    // A folder of another name is searched, through a link too.
    assert.equal(runBin(['check', '--', 'real'], { cwd: dir }).code, 0);
  });

  // review45 F5: the boundary was a root for every search, so a folder or glob searched read a link out of it that `check <folder>` refuses.
  it('a folder or glob searched keeps its own roots: the boundary holds only the files named one by one', () => {
    const dir = repository();
    mkdirSync(join(dir, 'sub'));
    mkdirSync(join(dir, 'other'));
    copyFileSync(good, join(dir, 'other/conversation.json'));
    symlinkSync('../other/conversation.json', join(dir, 'sub/conversation.json'));
    const runs = [
      ['out', ['--link-boundary', '/', '--', 'out']],
      ['out', ['--link-boundary', '..', '--', 'out']],
      ['out', ['--link-boundary', '/', '--', 'out/*.json']],
      ['sub', ['--link-boundary', '.', '--', 'sub']],
      ['sub', ['--', 'sub']],
    ] as const;
    for (const [folder, args] of runs) {
      const r = runBin(['check', ...args], { cwd: dir });
      assert.equal(r.code, 1, `${args.join(' ')}\n${r.stdout}${r.stderr}`);
      assert.match(r.stdout, new RegExp(`^${folder}/conversation\\.json\n\\s+\\d+:\\d+\\s+error\\s+Symbolic link leading outside the folders being checked.*io$`, 'm'), args.join(' '));
    }
  });

  // review45 F3: named paths were deduplicated by where they lead, so a link not followed and its target named were one entry (which, by order).
  it('a link out named beside its target named: both are reported, in either order', async () => {
    const dir = repository();
    const target = `${dir}-elsewhere/conversation.json`;
    for (const paths of [[target, 'out/conversation.json'], ['out/conversation.json', target]]) {
      const r = runBin(['check', '--link-boundary', '.', '--', ...paths], { cwd: dir });
      assert.equal(r.code, 1, r.stdout + r.stderr);
      assert.match(r.stdout, /^out\/conversation\.json\n\s+\d+:\d+\s+error\s+Symbolic link leading outside/m);
      const report = await check(paths, { cwd: dir, linkBoundary: '.' });
      assert.deepEqual(report.results.map((res) => [res.filePath, res.messages.map((m) => `${m.ruleId} ${m.messageId}`)]).sort(), [['out/conversation.json', ['io link-outside']], [target, []]].sort(), paths.join(' '));
    }
  });

  // review45 F1: a link was told by its path changing, and a real path that is not UTF-8 is kept as named: the link out went unseen.
  it('a named link out to a file whose real path is not UTF-8 is link-outside too', () => {
    const dir = repository();
    const badFolder = Buffer.concat([Buffer.from(`${dir}-elsewhere/bad`), Buffer.from([0xff])]);
    mkdirSync(badFolder);
    const target = Buffer.concat([badFolder, Buffer.from('/conversation.json')]);
    copyFileSync(good, target);
    mkdirSync(join(dir, 'nu'));
    symlinkSync(target, join(dir, 'nu/conversation.json'));
    for (const args of [['--', '.'], ['--link-boundary', '.', '--', 'nu/conversation.json']]) {
      const r = runBin(['check', ...args], { cwd: dir });
      assert.equal(r.code, 1, args.join(' ') + r.stdout + r.stderr);
      assert.match(r.stdout, /^nu\/conversation\.json\n\s+\d+:\d+\s+error\s+Symbolic link leading outside the folders being checked.*io$/m, args.join(' '));
    }
    // A file named below a linked folder leading there, too.
    symlinkSync(badFolder, join(dir, 'linked-bad'));
    const below = runBin(['check', '--link-boundary', '.', '--', 'linked-bad/conversation.json'], { cwd: dir });
    assert.equal(below.code, 1, below.stdout + below.stderr);
    assert.match(below.stdout, /^linked-bad\/conversation\.json\n\s+\d+:\d+\s+error\s+Symbolic link leading outside the folders being checked.*io$/m);
  });

  it('a boundary that is no folder is a usage error', () => {
    const dir = repository();
    const r = runBin(['check', '--link-boundary', 'nowhere', '--', 'in/conversation.json'], { cwd: dir });
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /--link-boundary "nowhere" is not a folder/);
  });

  it('the library: check(paths, { linkBoundary }) says the same', async () => {
    const dir = repository();
    const report = await check(['out/conversation.json', 'in/conversation.json', 'linked/conversation.json'], { cwd: dir, linkBoundary: dir });
    // A file named below a linked folder that leads out is held as a link to it is.
    for (const outside of ['out/conversation.json', 'linked/conversation.json']) {
      const out = report.results.find((r) => r.filePath === outside)!;
      assert.deepEqual(out.messages.map((m) => `${m.ruleId} ${m.messageId}`), ['io link-outside'], outside);
    }
    const inside = report.results.find((r) => r.filePath === 'in/conversation.json')!;
    assert.ok(inside.messages.some((m) => m.ruleId === 'ordinal-sequence'), JSON.stringify(inside.messages));
    await assert.rejects(check(['in/conversation.json'], { cwd: dir, linkBoundary: join(dir, 'nowhere') }), /linkBoundary ".*nowhere" is not a folder/);
  });
});
