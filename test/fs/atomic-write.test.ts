// The one atomic write (src/fs/safe-write.ts): reports, grading.json, run and judge records all go
// through it, so what each caller relied on is pinned here — pieces, modes, refusals, cleanup.
import assert from 'node:assert/strict';
import fs, { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { syncBuiltinESMExports } from 'node:module';
import { after, describe, it, mock } from 'node:test';
import { createFileWhole, createFileWholeSync, isAtomicWriteTemp, UnsafeOutputError, writeFileAtomically, writeFileAtomicallySync } from '../../src/fs/safe-write.js';

const root = mkdtempSync(join(tmpdir(), 'em-atomic-write-'));
after(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const folder = () => {
  const dir = join(root, `d${n++}`);
  mkdirSync(dir);
  return dir;
};
const newFileMode = 0o666 & ~process.umask();

describe('the content', () => {
  it('pieces are written in order, as one file, and no temp file is left', async () => {
    const dir = folder();
    function* pieces() {
      for (let i = 0; i < 1000; i++) yield `${i},`;
    }
    await writeFileAtomically(join(dir, 'a.txt'), pieces());
    writeFileAtomicallySync(join(dir, 'b.txt'), ['x', '', 'yé', 'z']);
    assert.equal(readFileSync(join(dir, 'a.txt'), 'utf8'), [...pieces()].join(''));
    assert.equal(readFileSync(join(dir, 'b.txt'), 'utf8'), 'xyéz');
    assert.deepEqual(readdirSync(dir).sort(), ['a.txt', 'b.txt']);
  });

  it('a piece that fails half-way leaves the old file whole and removes the temp file', async () => {
    const dir = folder();
    const target = join(dir, 'r.json');
    writeFileSync(target, 'old');
    function* failing() {
      yield 'new';
      throw new Error('the formatter broke');
    }
    await assert.rejects(writeFileAtomically(target, failing()), /the formatter broke/);
    assert.throws(() => writeFileAtomicallySync(target, failing()), /the formatter broke/);
    assert.equal(readFileSync(target, 'utf8'), 'old');
    assert.deepEqual(readdirSync(dir), ['r.json']);
  });
});

describe('the mode', () => {
  for (const [how, write] of [
    ['async', (path: string) => writeFileAtomically(path, 'new')],
    ['sync', async (path: string) => writeFileAtomicallySync(path, 'new', { replacing: 'any-but-folder' })],
  ] as const) {
    it(`${how}: a new file, and one replacing a file of another mode, get a new file's mode (0666 less the umask)`, async () => {
      const dir = folder();
      await write(join(dir, 'fresh'));
      writeFileSync(join(dir, 'old'), 'old');
      chmodSync(join(dir, 'old'), 0o600);
      await write(join(dir, 'old'));
      assert.equal(statSync(join(dir, 'fresh')).mode & 0o777, newFileMode);
      assert.equal(statSync(join(dir, 'old')).mode & 0o777, newFileMode);
      assert.equal(readFileSync(join(dir, 'old'), 'utf8'), 'new');
    });
  }
});

describe('what stands at the target', () => {
  it("the caller's rule is asked before the temp file is made and again right before the rename: a link made during the write is refused", async () => {
    const dir = folder();
    const target = join(dir, 'r.json');
    const victim = join(dir, 'victim');
    writeFileSync(victim, 'precious');
    const asked: boolean[] = [];
    const noLink = (path: string) => {
      const link = lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ?? false;
      asked.push(link);
      if (link) throw new Error('a link');
    };
    function* planting() {
      yield 'a';
      symlinkSync(victim, target);
      yield 'b';
    }
    await assert.rejects(writeFileAtomically(target, planting(), { replacing: noLink }), /^Error: a link$/);
    assert.deepEqual(asked, [false, true]);
    assert.ok(lstatSync(target).isSymbolicLink());
    assert.equal(readFileSync(victim, 'utf8'), 'precious');
    assert.deepEqual(readdirSync(dir).filter(isAtomicWriteTemp), []);
  });

  it('a rule that lets a folder through fails at the rename (EISDIR), the temp file removed', async () => {
    const dir = folder();
    mkdirSync(join(dir, 'r.json'));
    await assert.rejects(writeFileAtomically(join(dir, 'r.json'), 'x', { replacing: () => undefined }), { code: 'EISDIR' });
    assert.deepEqual(readdirSync(dir), ['r.json']);
  });

  it('the default refuses a link, and `any-but-folder` replaces the link itself, never what it points at', async () => {
    const dir = folder();
    writeFileSync(join(dir, 'victim'), 'precious');
    symlinkSync(join(dir, 'victim'), join(dir, 'link'));
    await assert.rejects(writeFileAtomically(join(dir, 'link'), 'x'), UnsafeOutputError);
    writeFileAtomicallySync(join(dir, 'link'), 'x', { replacing: 'any-but-folder' });
    assert.ok(lstatSync(join(dir, 'link')).isFile());
    assert.equal(readFileSync(join(dir, 'victim'), 'utf8'), 'precious');
  });

  it('a temp file that cannot be created is said by `cannotCreate`, given the folder', async () => {
    const missing = join(folder(), 'no-such-folder');
    const said = (at: string, error: unknown) => new Error(`in ${at}: ${(error as NodeJS.ErrnoException).code}`);
    await assert.rejects(writeFileAtomically(join(missing, 'r.json'), 'x', { cannotCreate: said }), { message: `in ${missing}: ENOENT` });
    assert.throws(() => writeFileAtomicallySync(join(missing, 'r.json'), 'x'), { code: 'ENOENT' });
  });
});

describe('a file created whole, never replacing anything (campaign.json, init\'s evals.json)', () => {
  it('created once; a second create of the same name is told it exists and changes nothing; no temp file is left', async () => {
    const dir = folder();
    const target = join(dir, 'campaign.json');
    assert.equal(await createFileWhole(target, 'first', { durable: true }), 'created');
    assert.equal(await createFileWhole(target, 'second'), 'exists');
    assert.equal(createFileWholeSync(target, 'third'), 'exists');
    assert.equal(readFileSync(target, 'utf8'), 'first');
    assert.equal(statSync(target).mode & 0o777, newFileMode);
    assert.equal(statSync(target).nlink, 1, 'the temp file it was linked from is gone');
    assert.deepEqual(readdirSync(dir), ['campaign.json']);
  });

  it('a link at the name, even a dangling one, is a name taken: nothing is written where it points', () => {
    const dir = folder();
    symlinkSync(join(dir, 'nowhere'), join(dir, 'evals.json'));
    assert.equal(createFileWholeSync(join(dir, 'evals.json'), '{}'), 'exists');
    assert.deepEqual(readdirSync(dir), ['evals.json']);
  });

  it('the temp file that cannot be created is said by `cannotCreate`', async () => {
    const missing = join(folder(), 'gone');
    await assert.rejects(createFileWhole(join(missing, 'f'), 'x', { cannotCreate: (at) => new Error(`no room in ${at}`) }), { message: `no room in ${missing}` });
  });
});

/**
 * `fs`'s link and write made to fail as a file system without hard links would (vfat, some
 * network mounts), for the length of `body`: the module's named exports are synced both ways, so
 * the code under test, which imports them by name, meets the failure too.
 */
async function withoutHardLinks(code: string, body: () => Promise<void>, failWrite?: { after: number; code: string }): Promise<number> {
  // How many links were refused: the path under test was the one without hard links.
  const refused = () => Object.assign(new Error(`${code}: operation not permitted, link`), { code });
  const mocks: Array<{ mock: { restore(): void; callCount(): number } }> = [mock.method(fs, 'linkSync', () => {
    throw refused();
  }), mock.method(fs, 'link', (_from: string, _to: string, done: (error: Error) => void) => process.nextTick(done, refused()))];
  if (failWrite) {
    const writeSync = fs.writeSync;
    let calls = 0;
    mocks.push(mock.method(fs, 'writeSync', (...args: Parameters<typeof fs.writeSync>) => {
      if (++calls > failWrite.after) throw Object.assign(new Error(`${failWrite.code}: no space left on device, write`), { code: failWrite.code });
      return (writeSync as (...a: unknown[]) => number)(...args);
    }));
  }
  syncBuiltinESMExports();
  try {
    await body();
    return mocks[0]!.mock.callCount() + mocks[1]!.mock.callCount();
  } finally {
    for (const m of mocks) m.mock.restore();
    syncBuiltinESMExports();
  }
}

describe('a file created whole where the file system has no hard links', () => {
  for (const code of ['EPERM', 'ENOTSUP']) {
    it(`link() refused with ${code}: an exclusive create stands in, once; a second create is told it exists; no temp file is left`, async () => {
      const dir = folder();
      const target = join(dir, 'campaign.json');
      const refused = await withoutHardLinks(code, async () => {
        assert.equal(createFileWholeSync(target, 'first'), 'created');
        assert.equal(createFileWholeSync(target, 'second'), 'exists');
        assert.equal(await createFileWhole(target, 'third'), 'exists');
        assert.equal(await createFileWhole(join(dir, 'other.json'), 'async', { durable: true }), 'created');
      });
      assert.equal(refused, 4, 'each create tried link() first');
      assert.equal(readFileSync(target, 'utf8'), 'first');
      assert.equal(readFileSync(join(dir, 'other.json'), 'utf8'), 'async');
      assert.equal(statSync(target).mode & 0o777, newFileMode);
      assert.deepEqual(readdirSync(dir).sort(), ['campaign.json', 'other.json']);
    });
  }

  it('a link at the name, even a dangling one, is a name taken: the exclusive create never writes where it points', async () => {
    const dir = folder();
    symlinkSync(join(dir, 'nowhere'), join(dir, 'evals.json'));
    await withoutHardLinks('EPERM', async () => {
      assert.equal(createFileWholeSync(join(dir, 'evals.json'), '{}'), 'exists');
      assert.equal(await createFileWhole(join(dir, 'evals.json'), '{}'), 'exists');
    });
    assert.deepEqual(readdirSync(dir), ['evals.json']);
  });

  it('a write that fails half-way removes the half-written file (a later reader would take it for whole) and says why', async () => {
    const dir = folder();
    const target = join(dir, 'campaign.json');
    // The first write fills the temp file; the second, the stand-in's, fails.
    await withoutHardLinks('EPERM', async () => {
      assert.throws(() => createFileWholeSync(target, 'first'), { code: 'ENOSPC' });
    }, { after: 1, code: 'ENOSPC' });
    assert.deepEqual(readdirSync(dir), []);
  });

  it('any other link() error is said as it is, and leaves nothing', async () => {
    const dir = folder();
    await withoutHardLinks('EIO', async () => {
      assert.throws(() => createFileWholeSync(join(dir, 'campaign.json'), 'first'), { code: 'EIO' });
    });
    assert.deepEqual(readdirSync(dir), []);
  });
});

describe('the temp name', () => {
  it('a name already taken (a file or a link planted there) is drawn again: the write goes on, and what was planted is left as it was', () => {
    const dir = folder();
    const target = join(dir, 'grading.json');
    const random = Math.random;
    // The first name drawn is known (every character 'A'); the next ones random again.
    let calls = 0;
    Math.random = () => (calls++ < 12 ? 0 : random());
    const taken = join(dir, '.grading.json.AAAAAAAAAAAA.tmp');
    symlinkSync(join(dir, 'elsewhere'), taken);
    try {
      writeFileAtomicallySync(target, 'graded');
    } finally {
      Math.random = random;
    }
    assert.ok(calls > 12, 'a second name was drawn');
    assert.equal(readFileSync(target, 'utf8'), 'graded');
    assert.ok(lstatSync(taken).isSymbolicLink());
    assert.deepEqual(readdirSync(dir).sort(), ['.grading.json.AAAAAAAAAAAA.tmp', 'grading.json']);
  });
});

describe('the temp name announced', () => {
  it('each name drawn is told before its file is created, and undefined once it is renamed (compare\'s threads tell their pool, which removes it if it ends one between)', () => {
    const dir = folder();
    const target = join(dir, 'grading.json');
    const told: Array<{ temp: string | undefined; existed: boolean; target: boolean }> = [];
    const announce = (temp: string | undefined) => told.push({ temp, existed: temp !== undefined && existsSync(temp), target: existsSync(target) });
    writeFileAtomicallySync(target, 'graded', { announce });
    assert.equal(told.length, 2);
    assert.ok(told[0]!.temp !== undefined && isAtomicWriteTemp(basename(told[0]!.temp)) && dirname(told[0]!.temp) === dir, String(told[0]!.temp));
    assert.equal(told[0]!.existed, false, 'told before the file is created');
    assert.deepEqual(told[1], { temp: undefined, existed: false, target: true });
  });

  it('a write that fails after creating the temp file tells undefined too, once it is removed', async () => {
    const dir = folder();
    const told: Array<string | undefined> = [];
    function* failing() {
      yield 'half';
      throw new Error('the disk is full');
    }
    await assert.rejects(writeFileAtomically(join(dir, 'grading.json'), failing(), { announce: (temp) => void told.push(temp) }), /the disk is full/);
    assert.equal(told.length, 2);
    assert.equal(told[1], undefined);
    assert.deepEqual(readdirSync(dir), []);
  });
});
