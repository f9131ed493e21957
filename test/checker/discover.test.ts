import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, it, before } from 'node:test';
import { UsageError } from '../../src/index.js';
import { discoverArtifacts } from '../../src/checker/engine/discover.js';

let ws: string;
const touch = (rel: string, text = '{}') => {
  mkdirSync(join(ws, rel, '..'), { recursive: true });
  writeFileSync(join(ws, rel), text);
};
const found = async (paths: string[], options = {}) => (await discoverArtifacts(paths, { cwd: ws, ...options })).map((a) => a.filePath).sort();

describe('discoverArtifacts', () => {
  before(() => {
    ws = mkdtempSync(join(tmpdir(), 'em-discover-'));
    touch('.eval-magic/skill/iteration-1/eval-a/with_skill/conversation.json');
    touch('.eval-magic/skill/iteration-1/eval-a/with_skill/run.json');
    touch('runs/b/conversation.json');
    touch('runs/node_modules/pkg/conversation.json');
    touch('.git/conversation.json');
    touch('notes/other.json');
    mkdirSync(join(ws, 'weird/conversation.json'), { recursive: true });
    symlinkSync(join(ws, 'runs'), join(ws, 'runs/loop'));
    execFileSync('mkfifo', [join(ws, 'runs/fifo-conversation.json')]);
  });

  it('searches folders, dot-folders included, skipping node_modules and .git', async () => {
    assert.deepEqual(await found(['.']), ['.eval-magic/skill/iteration-1/eval-a/with_skill/conversation.json', 'runs/b/conversation.json', 'weird/conversation.json']);
  });
  it('keeps the spelling of the folder argument', async () => {
    assert.deepEqual(await found(['runs/']), ['runs/b/conversation.json']);
  });
  it('does not follow symlinked folders while searching (no loops)', async () => {
    assert.ok(!(await found(['runs'])).some((p) => p.includes('loop')));
  });
  it('checks a named file whatever its name', async () => {
    assert.deepEqual(await found(['notes/other.json']), ['notes/other.json']);
  });
  it('checks a named file inside node_modules or .git (naming is not a search); --ignore still applies', async () => {
    const named = ['runs/node_modules/pkg/conversation.json', '.git/conversation.json'];
    assert.deepEqual(await found(named), [...named].sort());
    assert.deepEqual(await found(named, { ignore: ['**/node_modules/**'] }), ['.git/conversation.json']);
  });
  it('expands globs', async () => {
    assert.deepEqual(await found(['runs/*/conversation.json', 'runs/*-conversation.json']), ['runs/b/conversation.json', 'runs/fifo-conversation.json']);
  });
  it('honours --pattern and --ignore', async () => {
    assert.deepEqual(await found(['.'], { pattern: '**/run.json' }), ['.eval-magic/skill/iteration-1/eval-a/with_skill/run.json']);
    assert.deepEqual(await found(['.'], { ignore: ['.eval-magic/**', 'weird/**'] }), ['runs/b/conversation.json']);
  });
  it('matches --ignore globs against the path as reported, whatever the folder argument and the working directory', async () => {
    // One base: the reported path (as found from the argument), without leading ./ and ../.
    for (const [paths, cwd] of [[['runs'], ws], [['./runs/'], ws], [['../runs'], join(ws, 'notes')]] as const) {
      const options = { cwd, pattern: ['**/conversation.json'] };
      assert.deepEqual((await discoverArtifacts([...paths], { ...options, ignore: ['runs/b/**'] })).length, 0, `${paths}`);
      assert.deepEqual((await discoverArtifacts([...paths], { ...options, ignore: ['**/b/*.json'] })).length, 0, `${paths}`);
      // Not relative to the folder argument: "b/**" names nothing reported as runs/b/….
      assert.deepEqual((await discoverArtifacts([...paths], { ...options, ignore: ['b/**'] })).length, 1, `${paths}`);
    }
    // A glob argument and a file named on its own follow the same base.
    assert.deepEqual(await found(['runs/*/conversation.json', 'notes/other.json'], { ignore: ['runs/b/**', 'notes/*'] }), []);
    // --pattern walks (fast-glob) too.
    assert.deepEqual(await found(['runs'], { pattern: '**/*.json', ignore: ['runs/b/**', '**/fifo-*'] }), []);
  });
  it('an empty ignore or pattern glob is a usage error, not an internal one', async () => {
    await assert.rejects(found(['.'], { ignore: [''] }), (e: Error) => e instanceof UsageError && /ignore: a glob is empty/.test(e.message));
    await assert.rejects(found(['.'], { pattern: ' ' }), UsageError);
  });
  it('rejects a path that does not exist', async () => {
    await assert.rejects(found(['nope/conversation.json']), UsageError);
  });
  it('lists each file once', async () => {
    assert.deepEqual(await found(['runs', 'runs/b/conversation.json']), ['runs/b/conversation.json']);
  });
});
