// The judge's working copy of the task is blinded as its packet is, by the same Blinder: a file or
// folder the skill's agent named after the skill, or a file quoting the skill's name or SKILL.md,
// must not tell the judge which arm it grades; what the judge reads in the packet's diff is what
// it finds in the files.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { inflateSync } from 'node:zlib';
import { after, describe, it, type TestContext } from 'node:test';
import { copyTreeAsync, listTree } from '../../src/fs/file-tree.js';
import { Blinder } from '../../src/judge/blinding.js';
import { planBlindCopyAsync } from '../../src/judge/task-copy.js';
import { linesTheTaskHeld } from '../../src/judge/task-lines.js';
import { hermeticGitEnv } from '../helpers/git-snapshot.js';
import { judgedCampaign, verdict } from './judge-helpers.js';

const JUDGE = '# Grade one assertion';
/** A file's bytes inflated, as git reads a loose object (empty when they are no zlib stream). */
const inflated = (bytes: Buffer) => {
  try {
    return inflateSync(bytes).toString('latin1');
  } catch {
    return '';
  }
};
const RULE = 'Always write timestamps in UTC.';

describe("judge: the task copy in the judge's working folder", () => {
  it("holds no name or text of the skill the agent left in its task: paths and texts blinded as the packet's diff shows them, links kept as links", async () => {
    const c = await judgedCampaign({ runs: 1 });
    const run = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    const task = join(run, 'task');
    mkdirSync(join(task, 'notes'), { recursive: true });
    writeFileSync(join(task, 'notes', `${c.skill}-checklist.md`), `Following the ${c.skill} skill: ${RULE}\n`);
    mkdirSync(join(task, 'CSV_Reports'));
    writeFileSync(join(task, 'CSV_Reports', 'plan.txt'), 'a plan\n');
    symlinkSync(`notes/${c.skill}-checklist.md`, join(task, 'checklist'));
    // The diff computed from the task (no diff.patch), so the packet shows these files.
    rmSync(join(run, 'diff.patch'), { force: true });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], listWork: true });
    const { result } = await c.judge({ evalIds: ['explain'] });
    assert.equal(result.records.length, 2);
    const call = c.ws.calls().find((call) => call.prompt.includes(JUDGE) && call.prompt.includes('checklist'));
    assert.ok(call, 'the skill run was judged, its diff showing the notes');
    const work = call.work!;
    for (const [path, entry] of Object.entries(work)) {
      for (const secret of [/csv.?reports/i, new RegExp(RULE.replace('.', '\\.'))]) {
        assert.doesNotMatch(path, secret);
        assert.doesNotMatch(JSON.stringify(entry), secret, path);
      }
    }
    assert.equal(work['notes/the-skill-checklist.md'], 'Following the the-skill skill: [withheld]\n');
    // CSV_Reports: the placeholder in the folder name's style.
    assert.equal(work['The_Skill/plan.txt'], 'a plan\n');
    assert.deepEqual(work.checklist, { link: 'notes/the-skill-checklist.md' });
    // The packet's diff names the same files with the same text.
    assert.ok(call.prompt.includes('+++ b/notes/the-skill-checklist.md\n@@ -0,0 +1 @@\n+Following the the-skill skill: [withheld]'), call.prompt);
    assert.ok(call.prompt.includes('+++ b/The_Skill/plan.txt'));
  });

  it("holds no Git data of the run (no .git at any depth, folder or file): the skill arm's commits, branch, index and reflog name the skill, and git's compressed objects cannot be blinded", async (t) => {
    const { c, task, gitHome, env, git } = await skillRunWithGit(t);
    const hasGit = git(task, '--version').status === 0;
    if (hasGit) {
      // The skill arm's agent commits its work (the staged skill with it) on a branch named after the skill.
      for (const args of [['init', '-q'], ['checkout', '-q', '-b', `${c.skill}-work`], ['add', '-A'], ['commit', '-q', '-m', `use ${c.skill} skill`]]) assert.equal(git(task, ...args).status, 0, args.join(' '));
    } else {
      mkdirSync(join(task, '.git', 'logs'), { recursive: true });
      writeFileSync(join(task, '.git', 'logs', 'HEAD'), `0000 1111 t <t@t> 0 +0000\tcommit (initial): use ${c.skill} skill\n`);
      writeFileSync(join(task, '.git', 'index'), Buffer.from(`DIRC\0\0\0\x02.claude/skills/${c.skill}/SKILL.md\0`, 'latin1'));
    }
    // A nested repository's data (its index is binary: copied as it is, it would name the skill as
    // written), a submodule's `.git` file and a `.git` link.
    mkdirSync(join(task, 'sub', '.git'), { recursive: true });
    writeFileSync(join(task, 'sub', 'kept.txt'), 'kept\n');
    writeFileSync(join(task, 'sub', '.git', 'index'), Buffer.from(`DIRC\0\0\0\x02${c.skill}.md\0`, 'latin1'));
    mkdirSync(join(task, 'vendor', 'lib'), { recursive: true });
    writeFileSync(join(task, 'vendor', 'lib', '.git'), `gitdir: ../../.git/modules/${c.skill}\n`);
    symlinkSync('lib/.git', join(task, 'vendor', '.git'));
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], listWork: true });
    await c.judge({ evalIds: ['explain'] });
    const call = c.ws.calls().find((call) => call.prompt.includes(JUDGE) && call.work?.['NOTES.md'] !== undefined);
    assert.ok(call, 'the skill run was judged in a copy of its task');
    const work = call.work!;
    const skillName = /csv.?reports/i;
    for (const [path, entry] of Object.entries(work)) {
      assert.doesNotMatch(path, skillName);
      assert.doesNotMatch(JSON.stringify(entry), skillName, path);
    }
    for (const path of Object.keys(work)) assert.doesNotMatch(path, /(^|\/)\.git(\/|$)/, 'no .git, at any depth, folder or file');
    // The rest of the task is all there.
    assert.equal(work['NOTES.md'], 'the notes\n');
    assert.equal(work['sub/kept.txt'], 'kept\n');
    assert.equal(work['vendor/lib'], 'folder');
    // The packet tells the judge why git shows no commits, and its diff never shows `.git`.
    assert.match(call.prompt, /Git's own data \(every `\.git`, and any repository, bundle or other file of git's under another name\) is left out of that copy and of the changes shown/);
    assert.doesNotMatch(call.prompt, /\.git\//);
    if (hasGit) {
      // What `git log --all` prints in a copy of the judge's folder: nothing of the agent's commits.
      const copy = mkdtempSync(join(gitHome, 'copy-'));
      for (const [path, entry] of Object.entries(work)) {
        if (entry === 'folder') mkdirSync(join(copy, path), { recursive: true });
        else if (typeof entry === 'string') writeFileSync(join(copy, path), Buffer.from(entry, 'latin1'));
        else symlinkSync(entry.link, join(copy, path));
      }
      const log = spawnSync('git', ['log', '--all', '--format=%s %D'], { cwd: copy, env: { ...env, GIT_CEILING_DIRECTORIES: dirname(copy) }, encoding: 'utf8' });
      assert.doesNotMatch(`${log.stdout}`, /skill/i);
      assert.notEqual(log.status, 0, 'no repository in the copy');
    }
  });

  it("holds no Git data under another name either: a bare clone (backup.git), a bare repository pushed to (store), a bundle, a packfile, loose objects and an index copied out, a .GIT folder — in the copy or the packet's diff", async (t) => {
    const c = await judgedCampaign({ runs: 1 });
    const run = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
    const task = join(run, 'task');
    writeFileSync(join(task, 'NOTES.md'), 'the notes\n');
    mkdirSync(join(task, 'notes'));
    const gitHome = mkdtempSync(join(tmpdir(), 'eval-magic-git-'));
    t.after(() => rmSync(gitHome, { recursive: true, force: true }));
    const env = hermeticGitEnv(gitHome);
    const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, env, encoding: 'utf8' });
    if (git(task, '--version').status !== 0) return t.skip('git is not installed');
    // The skill arm's agent commits on a branch named after the skill, then keeps its history
    // elsewhere in the task by every way git has: each holds the commit "use <skill> skill".
    const branch = `${c.skill}-work`;
    for (const args of [
      ['init', '-q'], ['checkout', '-q', '-b', branch], ['add', '-A'], ['commit', '-q', '-m', `use ${c.skill} skill`],
      ['clone', '-q', '--bare', '.', 'backup.git'], ['init', '-q', '--bare', 'store'], ['push', '-q', 'store', branch],
      ['bundle', 'create', '-q', 'notes/history.dat', '--all'],
    ]) assert.equal(git(task, ...args).status, 0, args.join(' '));
    // Its loose objects copied out of .git (no repository: no HEAD beside them), then packed, the pack copied too.
    cpSync(join(task, '.git', 'objects'), join(task, 'saved'), { recursive: true });
    assert.equal(git(task, 'repack', '-q', '-a', '-d').status, 0);
    mkdirSync(join(task, 'kept'));
    const pack = readdirSync(join(task, '.git', 'objects', 'pack')).find((name) => name.endsWith('.pack'))!;
    copyFileSync(join(task, '.git', 'objects', 'pack', pack), join(task, 'kept', 'objects.bin'));
    // Its index too (binary: every staged path as written, the skill's SKILL.md among them).
    copyFileSync(join(task, '.git', 'index'), join(task, 'kept', 'work.idx'));
    // `.GIT` is git's own folder where the file system ignores case: its index names the skill as written.
    mkdirSync(join(task, 'sub', '.GIT'), { recursive: true });
    writeFileSync(join(task, 'sub', '.GIT', 'index'), Buffer.from(`DIRC\0\0\0\x02${c.skill}.md\0`, 'latin1'));
    writeFileSync(join(task, 'sub', 'kept.txt'), 'kept\n');
    // The diff computed from the task, so the packet's diff would show what the agent added.
    rmSync(join(run, 'diff.patch'), { force: true });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], listWork: true });
    await c.judge({ evalIds: ['explain'] });
    const call = c.ws.calls().find((call) => call.prompt.includes(JUDGE) && call.work?.['NOTES.md'] !== undefined);
    assert.ok(call, 'the skill run was judged in a copy of its task');
    const work = call.work!;
    for (const path of Object.keys(work)) assert.doesNotMatch(path, /^(backup\.git|store|notes\/history\.dat|kept\/(objects\.bin|work\.idx)|sub\/\.GIT)(\/|$)|^saved\/.*\/./, 'no Git data, whatever its name');
    for (const [path, entry] of Object.entries(work)) assert.doesNotMatch(JSON.stringify(entry), /csv.?reports/i, path);
    assert.equal(work['NOTES.md'], 'the notes\n');
    assert.equal(work['sub/kept.txt'], 'kept\n');
    // What git shows in the judge's folder: no repository and no bundle holds the agent's commits.
    const copy = mkdtempSync(join(gitHome, 'copy-'));
    for (const [path, entry] of Object.entries(work)) {
      if (entry === 'folder') mkdirSync(join(copy, path), { recursive: true });
      else if (typeof entry === 'string') writeFileSync(join(copy, path), Buffer.from(entry, 'latin1'));
      else symlinkSync(entry.link, join(copy, path));
    }
    const inCopy = { ...env, GIT_CEILING_DIRECTORIES: dirname(copy) };
    for (const [path, entry] of [['', 'folder'] as const, ...Object.entries(work)]) {
      const at = join(copy, path);
      const shown = entry === 'folder' ? spawnSync('git', ['--git-dir', at, 'log', '--all', '--format=%s %D'], { cwd: copy, env: inCopy, encoding: 'utf8' }) : spawnSync('git', ['bundle', 'list-heads', at], { cwd: copy, env: inCopy, encoding: 'utf8' });
      assert.doesNotMatch(`${shown.stdout}`, /skill/i, path);
      if (typeof entry === 'string') assert.ok(!entry.startsWith('PACK\0\0\0'), `${path} is no packfile`);
      if (typeof entry === 'string') assert.doesNotMatch(inflated(Buffer.from(entry, 'latin1')), /csv.?reports/i, `${path} inflated`);
    }
    // Nor does the packet's diff show any of it; the packet says Git's data is left out, whatever its name.
    assert.doesNotMatch(call.prompt, /backup\.git|store\/|saved\/|history\.dat|objects\.bin|work\.idx|\.GIT/);
    assert.match(call.prompt, /Git's own data \(every `\.git`, and any repository, bundle or other file of git's under another name\) is left out of that copy and of the changes shown/);
  });
});

describe("judge: the task copy when the task folder itself is a repository, and git's files kept beside a pack", () => {
  it("holds none of git's: a pack index, reverse index, multi-pack-index, bitmap, commit-graph and packed-refs copied out under other names, nor the HEAD, refs, objects, logs and config of a task the agent made a bare repository (git init --bare .) — in the copy or the packet's diff; the agent's files beside them are kept", async (t) => {
    const { c, run, task, gitHome, env, git } = await skillRunWithGit(t);
    if (git(task, '--version').status !== 0) return t.skip('git is not installed');
    // The skill arm's agent commits elsewhere on a branch named after the skill, keeps what git
    // writes beside the pack, then makes its task folder a repository and pushes the branch to it.
    const work = join(gitHome, 'work');
    mkdirSync(work);
    writeFileSync(join(work, 'w.txt'), 'w\n');
    const branch = `${c.skill}-work`;
    for (const args of [
      ['init', '-q', '-b', branch], ['add', '-A'], ['commit', '-q', '-m', `use ${c.skill} skill`],
      ['-c', 'pack.writeReverseIndex=true', 'repack', '-q', '-a', '-d', '-b', '--write-midx'], ['commit-graph', 'write', '--reachable'], ['pack-refs', '--all'],
    ]) assert.equal(git(work, ...args).status, 0, args.join(' '));
    const pack = join(work, '.git/objects/pack');
    const kept = [...readdirSync(pack).filter((name) => !name.endsWith('.pack')).map((name) => join(pack, name)), join(work, '.git/objects/info/commit-graph'), join(work, '.git/packed-refs')];
    assert.equal(kept.length, 6, 'an idx, a rev, a multi-pack-index, its bitmap, a commit-graph and packed-refs');
    mkdirSync(join(task, 'kept'));
    for (const [i, path] of kept.entries()) copyFileSync(path, join(task, 'kept', `saved-${i}.dat`));
    for (const args of [['init', '-q', '--bare', '.'], ['--git-dir', join(work, '.git'), 'push', '-q', task, branch], ['pack-refs', '--all']]) assert.equal(git(task, ...args).status, 0, args.join(' '));
    assert.match(git(task, 'log', '--all', '--format=%s %D').stdout, /skill/, 'the task folder is a repository holding the commit');
    rmSync(join(run, 'diff.patch'), { force: true });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], listWork: true });
    await c.judge({ evalIds: ['explain'] });
    const call = c.ws.calls().find((call) => call.prompt.includes(JUDGE) && call.work?.['NOTES.md'] !== undefined);
    assert.ok(call, 'the skill run was judged in a copy of its task');
    const paths = Object.keys(call.work!);
    assert.deepEqual(paths.filter((path) => /^(HEAD|config|description|hooks|info|objects|refs|logs|packed-refs|kept\/.)/.test(path)), [], 'no part of git\'s');
    assert.equal(call.work!['NOTES.md'], 'the notes\n');
    const inCopy = { ...env, GIT_CEILING_DIRECTORIES: gitHome };
    const copy = mkdtempSync(join(gitHome, 'copy-'));
    for (const [path, entry] of Object.entries(call.work!)) {
      if (entry === 'folder') mkdirSync(join(copy, path), { recursive: true });
      else if (typeof entry === 'string') writeFileSync(join(copy, path), Buffer.from(entry, 'latin1'));
    }
    assert.doesNotMatch(spawnSync('git', ['--git-dir', copy, 'log', '--all', '--format=%s %D'], { cwd: copy, env: inCopy, encoding: 'utf8' }).stdout, /skill/i);
    assert.doesNotMatch(call.prompt, /kept\/|refs\/heads|packed-refs|\bHEAD\b|description|hooks\//);
  });
});

describe('judge: a SKILL.md line the task held before any agent ran', () => {
  const DESCRIPTION = "Build the team's CSV reports (UTC timestamps, ISO 8601).";
  /** Each run of eval-explain, by arm: its staged/ and task/ given `files` (task/ also `taskOnly`), its diff computed from them. */
  function stage(c: Awaited<ReturnType<typeof judgedCampaign>>, files: (arm: string) => Record<string, string>, taskOnly: Record<string, string>) {
    for (const arm of ['with_skill', 'without_skill']) {
      const run = join(c.ws.iteration(), 'eval-explain', arm, 'run-1');
      for (const [path, text] of Object.entries(files(arm))) for (const folder of ['staged', 'task']) writeFileSync(join(run, folder, path), text);
      for (const [path, text] of Object.entries(taskOnly)) writeFileSync(join(run, 'task', path), text);
      rmSync(join(run, 'diff.patch'), { force: true });
    }
  }

  it('is shown as written in both arms (packet, diff and task copy), where it blanked the task\'s own code in both; a line the task did not hold stays withheld', async () => {
    const c = await judgedCampaign({ runs: 1 });
    // The team's convention is in the task itself, and the agent (either arm) writes the skill's description into a note.
    stage(c, () => ({ 'CONVENTIONS.md': `# Conventions\n\n${RULE}\n` }), { 'CONVENTIONS.md': `# Conventions\n\n${RULE}\nAlso ISO 8601.\n`, 'notes.md': `${DESCRIPTION}\n` });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], listWork: true });
    await c.judge({ evalIds: ['explain'] });
    const calls = c.ws.calls().filter((call) => call.prompt.includes(JUDGE));
    assert.equal(calls.length, 2, 'both arms judged');
    for (const call of calls) {
      assert.equal(call.work!['CONVENTIONS.md'], `# Conventions\n\n${RULE}\nAlso ISO 8601.\n`);
      assert.equal(call.work!['notes.md'], '[withheld]\n');
      assert.ok(call.prompt.includes(` ${RULE}\n+Also ISO 8601.`), call.prompt);
      assert.ok(!call.prompt.includes(DESCRIPTION));
    }
  });

  it('counts only when every run of the eval staged it: one arm\'s staged/ holding it (an agent could have written its own) shows it in neither', async () => {
    const c = await judgedCampaign({ runs: 1 });
    stage(c, (arm): Record<string, string> => (arm === 'with_skill' ? { 'CONVENTIONS.md': `${RULE}\n` } : {}), { 'notes.md': `${RULE}\n` });
    c.ws.respond({ judge: [{ when: JUDGE, texts: [verdict(true)] }], listWork: true });
    await c.judge({ evalIds: ['explain'] });
    const calls = c.ws.calls().filter((call) => call.prompt.includes(JUDGE));
    assert.equal(calls.length, 2);
    for (const call of calls) {
      assert.equal(call.work!['notes.md'], '[withheld]\n');
      assert.ok(!call.prompt.includes(RULE));
    }
  });
});

describe("the judge's task copy, planned and made (task-copy.ts)", () => {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-blind-copy-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const skillMd = `---\nname: zebra-notes\ndescription: Keep the team's zebra notes tidy.\n---\n\n${RULE}\n`;
  const blinder = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [skillMd] });
  /** The folder of the last copy made. */
  let to = '';
  /** The copy of `task` for `by`: every entry by its path, a file's bytes as latin1, a link's target. */
  async function copied(task: string, by = blinder): Promise<Record<string, string | { link: string }>> {
    to = mkdtempSync(join(root, 'copy-'));
    rmSync(to, { recursive: true });
    await copyTreeAsync(task, await planBlindCopyAsync(task, listTree(task, 'the task'), by, []), to);
    return Object.fromEntries(listTree(to, 'the copy').filter((e) => e.kind !== 'folder').map((e) => [e.path, e.kind === 'link' ? { link: e.target! } : readFileSync(join(to, e.path), 'latin1')]));
  }
  const task = (files: Record<string, string | Buffer>) => {
    const dir = mkdtempSync(join(root, 'task-'));
    for (const [path, bytes] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), bytes);
    }
    return dir;
  };

  it('two names that blind to one are both kept: a name left as it is keeps it, a changed one that is taken gets -2 (-3, …) before its extension, compared without case', async () => {
    // Spellings of one style blind to one name (`the-skill`, `The-Skill`, `THE-SKILL`: one, without case); of another style, to another (`the_skill`).
    const dir = task({ 'notes/the-skill.md': 'already here\n', 'notes/zebra-notes.md': 'one\n', 'notes/Zebra-Notes.md': 'two\n', 'notes/the_skill.md': 'also here\n', 'notes/zebra_notes.md': 'three\n', 'Zebra-Notes/a.txt': 'in a folder\n', 'zebra-notes/a.txt': 'in another\n', 'THE-SKILL': 'plain\n', 'ZEBRA-NOTES': 'changed\n' });
    assert.deepEqual(await copied(dir), {
      'THE-SKILL': 'plain\n',
      'notes/the-skill.md': 'already here\n',
      'notes/The-Skill-2.md': 'two\n',
      'notes/the-skill-3.md': 'one\n',
      'notes/the_skill.md': 'also here\n',
      'notes/the_skill-2.md': 'three\n',
      // THE-SKILL keeps its name: the changed ones of the task's top folder take the next free ones.
      'THE-SKILL-2': 'changed\n',
      'The-Skill-3/a.txt': 'in a folder\n',
      'the-skill-4/a.txt': 'in another\n',
    });
  });

  it("keeps working code working: a module the skill's agent named after the skill (src/csv_reports.js exporting csvReports) and its test pass in the copy as in the task", async () => {
    const csv = new Blinder({ skillName: 'csv-reports', taskDirs: [], runDirs: [], skillTexts: [] });
    const dir = task({
      'src/csv_reports.js': "exports.csvReports = (rows) => rows.map((row) => row.join(',')).join('\\n');\n",
      'test/csvReports.test.js': "const test = require('node:test');\nconst assert = require('node:assert');\nconst { csvReports } = require('../src/csv_reports.js');\ntest('CSV_REPORTS joins', () => assert.equal(csvReports([[1, 2]]), '1,2'));\n",
    });
    const copy = await copied(dir, csv);
    assert.deepEqual(Object.keys(copy).sort(), ['src/the_skill.js', 'test/theSkill.test.js']);
    assert.match(copy['test/theSkill.test.js'] as string, /const \{ theSkill \} = require\('\.\.\/src\/the_skill\.js'\);/);
    // Run as the judge would run it (node's own runner, not this one's child: NODE_TEST_CONTEXT unset).
    const { NODE_TEST_CONTEXT: _, ...env } = process.env;
    for (const [folder, file] of [[dir, 'test/csvReports.test.js'], [to, 'test/theSkill.test.js']] as const) {
      const run = spawnSync(process.execPath, ['--test', file], { cwd: folder, env, encoding: 'utf8' });
      assert.equal(run.status, 0, `${folder}: ${run.stdout}${run.stderr}`);
    }
  });

  it('copies a binary file (a NUL byte), a file that is not UTF-8 and one over 16 MiB byte for byte; blinds a link\'s target and keeps a blinded file\'s mode', async () => {
    const binary = Buffer.concat([Buffer.from('zebra-notes\0'), Buffer.from([0xff, 0x00, 0x10])]);
    const latin1 = Buffer.from('caf\xe9 zebra-notes\n', 'latin1');
    const huge = Buffer.alloc(16 * 2 ** 20 + 1, 'zebra-notes ');
    const dir = task({ 'data.bin': binary, 'latin1.txt': latin1, 'huge.log': huge, 'run.sh': '#!/bin/sh\necho zebra-notes\n' });
    chmodSync(join(dir, 'run.sh'), 0o750);
    symlinkSync('notes/zebra-notes.md', join(dir, 'link'));
    const copy = await copied(dir);
    assert.equal(copy['data.bin'], binary.toString('latin1'));
    assert.equal(copy['latin1.txt'], latin1.toString('latin1'));
    assert.equal((copy['huge.log'] as string).length, huge.length);
    assert.equal(copy['run.sh'], '#!/bin/sh\necho the-skill\n');
    assert.equal(statSync(join(to, 'run.sh')).mode & 0o777, 0o750);
    assert.deepEqual(copy.link, { link: 'notes/the-skill.md' });
  });

  it('a link leads to the file it led to where that file was numbered: a link to notes/zebra-notes.md beside a notes/the-skill.md of the task leads to notes/the-skill-2.md, not to the other file', async () => {
    const dir = task({ 'notes/the-skill.md': 'already here\n', 'notes/zebra-notes.md': 'the agent\'s\n', 'the-skill/a.txt': 'theirs\n', 'zebra-notes/a.txt': 'mine\n' });
    symlinkSync('zebra-notes.md', join(dir, 'notes', 'latest'));
    symlinkSync('../zebra-notes/a.txt', join(dir, 'notes', 'deep'));
    symlinkSync('notes/gone-zebra-notes.md', join(dir, 'dangling'));
    symlinkSync('../zebra-notes', join(dir, 'zebra-notes', 'self'));
    const copy = await copied(dir);
    assert.deepEqual(copy['notes/latest'], { link: 'the-skill-2.md' });
    assert.equal(readFileSync(join(to, 'notes/latest'), 'utf8'), 'the agent\'s\n');
    assert.deepEqual(copy['notes/deep'], { link: '../the-skill-2/a.txt' });
    assert.equal(readFileSync(join(to, 'notes/deep'), 'utf8'), 'mine\n');
    // A target not in the task is blinded as written, as the diff shows it.
    assert.deepEqual(copy.dangling, { link: 'notes/gone-the-skill.md' });
    assert.deepEqual(copy['the-skill-2/self'], { link: '.' });
  });

  it('a skill named like a file type (xlsx) keeps the task\'s sales.xlsx as it is named, in names and texts: only the skill\'s name elsewhere is replaced', async () => {
    const xlsx = new Blinder({ skillName: 'xlsx', taskDirs: [], runDirs: [], skillTexts: [] });
    const dir = task({ 'data/sales.xlsx': Buffer.from([0x50, 0x4b, 0x03, 0x04, 0]), 'report.py': 'import pandas as pd\ndf = pd.read_excel("data/sales.xlsx")  # or SALES.XLSX, or a.xlsx.bak\n', 'notes.md': 'Used the xlsx skill (.claude/skills/xlsx/SKILL.md); XLSX files.\n', 'xlsx/x.txt': 'in a folder\n', 'xlsx.md': 'a stem\n' });
    assert.deepEqual(await copied(dir, xlsx), {
      'data/sales.xlsx': 'PK\u0003\u0004\u0000',
      // A name of one word is `the_skill` in its case, which an identifier takes as a file name does.
      'notes.md': 'Used the the_skill skill (.claude/skills/the_skill/SKILL.md); THE_SKILL files.\n',
      'report.py': 'import pandas as pd\ndf = pd.read_excel("data/sales.xlsx")  # or SALES.XLSX, or a.xlsx.bak\n',
      'the_skill.md': 'a stem\n',
      'the_skill/x.txt': 'in a folder\n',
    });
    // A name of two words is never an extension: csv-reports stays hidden however it is spelt.
    assert.equal(blinder.blind('out.zebranotes, a.zebra-notes'), 'out.theskill, a.the-skill');
  });

  it("withholds SKILL.md's lines in the files — but for a line the packet's rubric states, which its copy shows as its packet does", async () => {
    const dir = task({ 'NOTES.md': `The rule: ${RULE}\nAs described: Keep the team's zebra notes tidy.\n` });
    assert.deepEqual(await copied(dir), { 'NOTES.md': 'The rule: [withheld]\nAs described: [withheld]\n' });
    const byRule = blinder.allowing([`The notes quote "${RULE}"`]);
    assert.equal(byRule, blinder.allowing([`The notes say ${RULE}`]), 'one Blinder for the packets stating the same lines: one copy plan for them');
    assert.deepEqual(await copied(dir, byRule), { 'NOTES.md': `The rule: ${RULE}\nAs described: [withheld]\n` });
  });
});

describe('linesTheTaskHeld (task-lines.ts)', () => {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-task-lines-'));
  after(() => rmSync(root, { recursive: true, force: true }));
  const CODE = "const express = require('express');";
  const QUOTED = 'Run "npm test" before every commit.';
  const skillMd = `---\nname: zebra-notes\ndescription: Keep the team's zebra notes tidy.\n---\n\n${RULE}\n\n\`\`\`js\n${CODE}\n\`\`\`\n\n- ${QUOTED}\n`;
  const blinder = new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [skillMd] });
  let n = 0;
  const staged = (files: Record<string, string | Buffer>) => {
    const dir = join(root, `staged-${++n}`);
    for (const [path, bytes] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), bytes);
    }
    return dir;
  };

  it('gives the lines every staged task holds in a text file, in any form (a JSON string escapes quotes); not those of a binary file or Git\'s data (.git in any case, a bare repository), nor those one run lacks', () => {
    const one = staged({ 'server.js': `${CODE}\napp.listen(3000);\n`, 'package.json': JSON.stringify({ scripts: { note: QUOTED } }), 'logo.bin': Buffer.from(`\0${RULE}`), '.git/COMMIT_EDITMSG': `${RULE}\n`, '.GIT/COMMIT_EDITMSG': `${RULE}\n`, 'store/HEAD': 'ref: refs/heads/main\n', 'store/objects/info/packs': '\n', 'store/refs/heads/main': '0\n', 'store/description': `${RULE}\n` });
    // The same task, the code found in another file than in the first.
    const two = staged({ 'src/server.js': `${CODE}\n`, 'package.json': JSON.stringify({ scripts: { note: QUOTED } }) });
    assert.deepEqual(linesTheTaskHeld([one], blinder).sort(), [CODE, QUOTED].sort());
    assert.deepEqual(linesTheTaskHeld([one, two], blinder).sort(), [CODE, QUOTED].sort());
    assert.deepEqual(linesTheTaskHeld([one, staged({ 'server.js': `${CODE}\n` })], blinder), [CODE]);
    // Allowed, a line is shown in every form; the others stay withheld.
    const allowed = blinder.allowing(linesTheTaskHeld([one, two], blinder));
    assert.equal(allowed.blind(`${CODE}\n- ${QUOTED}\n${RULE}`), `${CODE}\n- ${QUOTED}\n[withheld]`);
    assert.equal(blinder.blind(CODE), '[withheld]');
  });

  it('finds a line the task states as a reader would, by the rule a rubric is read by: in another case, its spaces run together, without its period (review51)', () => {
    const one = staged({ 'README.md': '# Team\n\n* always write  timestamps\n  in utc\n' });
    const two = staged({ 'docs/rules.md': '> "Always write timestamps in UTC"\n' });
    assert.deepEqual(linesTheTaskHeld([one, two], blinder), [RULE]);
    assert.equal(blinder.allowing(linesTheTaskHeld([one, two], blinder)).blind(`Team rule: ${RULE}`), `Team rule: ${RULE}`);
    // A part of it, or its words run on into a longer word, is no statement of it.
    assert.deepEqual(linesTheTaskHeld([staged({ 'README.md': 'Always write timestamps in UTCs.\nWrite timestamps in UTC.\n' })], blinder), []);
  });

  it('holds nothing for a staged folder that is a link, gone or not a folder, and reads nothing without a SKILL.md', () => {
    const one = staged({ 'server.js': `${CODE}\n` });
    const link = join(root, 'staged-link');
    symlinkSync(one, link);
    assert.deepEqual(linesTheTaskHeld([one, link], blinder), []);
    assert.deepEqual(linesTheTaskHeld([one, join(root, 'gone')], blinder), []);
    assert.deepEqual(linesTheTaskHeld([one, join(one, 'server.js')], blinder), []);
    assert.deepEqual(linesTheTaskHeld([], blinder), []);
    assert.deepEqual(linesTheTaskHeld([one], new Blinder({ skillName: 'zebra-notes', taskDirs: [], runDirs: [], skillTexts: [] })), []);
  });
});

/** A judged campaign's skill run with a note of its own in its task, and git run hermetically (its own HOME, removed after the test). */
async function skillRunWithGit(t: TestContext) {
  const c = await judgedCampaign({ runs: 1 });
  const run = join(c.ws.iteration(), 'eval-explain/with_skill/run-1');
  const task = join(run, 'task');
  writeFileSync(join(task, 'NOTES.md'), 'the notes\n');
  const gitHome = mkdtempSync(join(tmpdir(), 'eval-magic-git-'));
  t.after(() => rmSync(gitHome, { recursive: true, force: true }));
  const env = hermeticGitEnv(gitHome);
  const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, env, encoding: 'utf8' });
  return { c, run, task, gitHome, env, git };
}
