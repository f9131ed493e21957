// Report files lose nothing: never over a file the check reads, never two reports in one file, never through a link.
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { binPath, runBin, runMain } from '../helpers/cli.js';
import { spawnAsRegularUser } from '../helpers/regular-user.js';
import { writeReportFile } from '../../src/reports/report-files.js';
import { bundledModule } from '../helpers/bundled-module.js';
import { fileURLToPath } from 'node:url';

const root = mkdtempSync(join(tmpdir(), 'em-report-files-'));
after(() => rmSync(root, { recursive: true, force: true }));
const artifact = new URL('../../fixtures/valid/claude-completed-two-followups/conversation.json', import.meta.url).pathname;
const original = readFileSync(artifact, 'utf8');

let n = 0;
/** A fresh folder holding f.json (a valid artifact). */
function workspace(): string {
  const dir = join(root, `w${n++}`);
  mkdirSync(dir);
  copyFileSync(artifact, join(dir, 'f.json'));
  return dir;
}

/** A refused report, from the built CLI in this process (runMain): the file system is the same one the binary would see. */
async function refused(args: string[], cwd: string, message: RegExp, input?: string) {
  const r = await runMain(args, { cwd, ...(input !== undefined ? { input } : {}) });
  assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
  assert.match(r.stderr, message);
  return r;
}

describe('a report never replaces a file the check reads', () => {
  it('check f.json -f json -o f.json is refused, f.json untouched (also spelt ./f.json, or through a link)', async () => {
    const dir = workspace();
    await refused(['check', 'f.json', '-f', 'json', '-o', 'f.json'], dir, /The report "f\.json" would replace "f\.json", which this command reads/);
    await refused(['check', 'f.json', '-f', 'json=./f.json'], dir, /would replace "f\.json"/);
    symlinkSync('f.json', join(dir, 'to-f.json'));
    await refused(['check', 'f.json', '-f', 'sarif=to-f.json'], dir, /"to-f\.json" would replace "f\.json"/);
    assert.equal(readFileSync(join(dir, 'f.json'), 'utf8'), original);
  });

  it('a file found by a folder search, the file stdin is named as, --evals and the config are protected too', async () => {
    const dir = workspace();
    mkdirSync(join(dir, 'runs', 'a'), { recursive: true });
    copyFileSync(artifact, join(dir, 'runs', 'a', 'conversation.json'));
    writeFileSync(join(dir, 'evals.json'), JSON.stringify({ skill_name: 's', evals: [{ id: 'a', prompt: 'p', expected_output: 'o' }] }));
    writeFileSync(join(dir, 'eval-magic.config.json'), '{"rules": {}}');
    const before = readdirSync(dir).map((f) => [f, lstatSync(join(dir, f)).size]);
    await refused(['check', 'runs', '-f', 'json=runs/a/conversation.json'], dir, /would replace "runs\/a\/conversation\.json"/);
    await refused(['check', '-', '--stdin-filename', 'f.json', '-o', 'f.json'], dir, /would replace "f\.json"/, original);
    await refused(['check', 'runs', '--evals', 'evals.json', '-f', 'junit=evals.json'], dir, /would replace "evals\.json"/);
    await refused(['check', 'runs', '-f', 'html=eval-magic.config.json'], dir, /would replace ".*eval-magic\.config\.json"/);
    // The evals.json the lookup finds for runs/a/conversation.json (no list of inputs names it),
    // and a new conversation.json that the next check would read as an artifact.
    await refused(['check', 'runs/a/conversation.json', '-f', 'json=evals.json'], dir, /"evals\.json" would be a file named evals\.json, which a search of eval-magic check reads/);
    await refused(['check', 'f.json', '-f', 'json=runs/b/conversation.json'], dir, /would be a file named conversation\.json/);
    // Every name a search of check reads as a document: a report so named fails the next `check .`.
    await refused(['check', 'f.json', '-f', 'json=reports/grading.json'], dir, /would be a file named grading\.json, which a search of eval-magic check reads as that document/);
    await refused(['check', 'f.json', '-f', 'sarif=reports/comparison.json'], dir, /would be a file named comparison\.json/);
    assert.deepEqual(readdirSync(dir).map((f) => [f, lstatSync(join(dir, f)).size]), before);
    assert.equal(readFileSync(join(dir, 'runs', 'a', 'conversation.json'), 'utf8'), original);
  });
});

describe('compare: a report never replaces a file compare reads', () => {
  it('the config compare found by looking up is refused as a report (it was replaced: exit 0, and the next compare failed on it) — as check refuses it, and compare did given --config (review25)', async () => {
    const dir = join(root, `w${n++}`);
    cpSync(new URL('../../fixtures/compare/skill-shifts-one-assertion', import.meta.url).pathname, dir, { recursive: true });
    const config = '{"ignore": ["**/notes/**"]}\n';
    writeFileSync(join(dir, 'eval-magic.config.json'), config);
    for (const format of ['json', 'html']) await refused(['compare', '.eval-magic', '--no-grading', '-f', `${format}=eval-magic.config.json`], dir, /would replace "eval-magic\.config\.json", which this command reads/);
    assert.equal(readFileSync(join(dir, 'eval-magic.config.json'), 'utf8'), config);
  });
});

describe('two reports into one file are refused, however it is spelt', () => {
  for (const [what, second] of [['r.json and ./r.json', './r.json'], ['r.json and a link to it', 'link.json'], ['r.json and a hard-to-see spelling', 'sub/../r.json']] as const) {
    it(what, async () => {
      const dir = workspace();
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'r.json'), 'old report');
      symlinkSync('r.json', join(dir, 'link.json'));
      await refused(['check', 'f.json', '-f', 'json=r.json', '-f', `sarif=${second}`], dir, /Two reports would be written to the same file: "r\.json" and /);
      assert.equal(readFileSync(join(dir, 'r.json'), 'utf8'), 'old report');
    });
  }
});

describe('two reports into one stream are refused, however it is named', () => {
  for (const formats of [
    ['json', 'sarif=/dev/stdout'],
    ['json=/dev/fd/1', 'sarif'],
    ['junit', 'sarif=/proc/self/fd/1'],
    ['json', 'sarif=out.sarif'],
  ]) {
    it(formats.join(' and '), async () => {
      const dir = workspace();
      // A link the user made to their stdout is the same stream.
      symlinkSync('/dev/stdout', join(dir, 'out.sarif'));
      const args = ['check', 'f.json', ...formats.flatMap((f) => ['-f', f])];
      const r = await refused(args, dir, /^eval-magic: Two reports would be written to stdout: \w+ \((the format without a file|"[^"]+")\) and \w+ \((the format without a file|"[^"]+")\); give one of them a file\.$/m);
      assert.equal(r.stdout, '');
    });
  }
  it('named in the order given; with -o, and from compare too', async () => {
    const dir = workspace();
    await refused(['check', 'f.json', '-f', 'json=/dev/fd/1', '-f', 'sarif'], dir, /stdout: json \("\/dev\/fd\/1"\) and sarif \(the format without a file\)/);
    await refused(['check', 'f.json', '-f', 'json', '-o', '/dev/stdout', '-f', 'sarif=/dev/fd/1'], dir, /Two reports would be written to the same file: "\/dev\/stdout" and "\/dev\/fd\/1"/);
    await refused(['compare', '.', '-f', 'stylish', '-f', 'json=/dev/stdout'], dir, /Two reports would be written to stdout: stylish \(the format without a file\) and json \("\/dev\/stdout"\)/);
  });
  it('under GitHub Actions, json=/dev/stdout keeps the annotations out of stdout, as --format json does', () => {
    const dir = workspace();
    writeFileSync(join(dir, 'bad.json'), '{');
    const r = runBin(['check', 'f.json', 'bad.json', '-f', 'json=/dev/stdout'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    assert.equal(r.code, 1, r.stderr);
    assert.equal(JSON.parse(r.stdout).length, 2);
    assert.match(r.stderr, /^::error file=bad\.json/m);
  });
  it('under GitHub Actions, the annotations join a stylish report named as stdout or stderr (the log), as they join stylish on stdout', () => {
    const dir = workspace();
    writeFileSync(join(dir, 'bad.json'), '{');
    for (const args of [['-o', '/dev/stdout'], ['-f', 'stylish=/dev/stdout'], ['-f', 'json', '-f', 'stylish=/dev/stderr']]) {
      const r = runBin(['check', 'f.json', 'bad.json', ...args], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
      assert.equal(r.code, 1, `${args.join(' ')}: ${r.stderr}`);
      assert.match(r.stdout + r.stderr, /^::error file=bad\.json/m, args.join(' '));
      assert.match(r.stdout + r.stderr, /^bad\.json$/m, args.join(' '));
    }
  });
  it('under GitHub Actions, machine-read reports on both streams leave the annotations nowhere: refused, naming them and --no-ci-annotations', () => {
    const dir = workspace();
    const r = runBin(['check', 'f.json', '-f', 'json', '-f', 'sarif=/dev/stderr'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^eval-magic: Under GitHub Actions the annotations go to stdout or stderr, but json \(the format without a file\) and sarif \("\/dev\/stderr"\) take both; give one of them a file, or pass --no-ci-annotations\.$/m);
    assert.equal(r.stdout, '');
    assert.equal(runBin(['check', 'f.json', '-f', 'json', '-f', 'sarif=/dev/stderr', '--no-ci-annotations'], { cwd: dir, env: { GITHUB_ACTIONS: 'true' } }).code, 0);
  });
  it('a report into standard input is refused before anything is written, not "(EBADF)" after the others', async () => {
    const dir = workspace();
    for (const path of ['/dev/stdin', '/proc/self/fd/0']) {
      await refused(['check', 'f.json', '-f', 'sarif=r.sarif', '-f', `json=${path}`], dir, new RegExp(`^eval-magic: json \\(${JSON.stringify(path).replace(/\//g, '\\/')}\\) is standard input, which no report is written to; name a file, /dev/stdout or /dev/stderr\\.$`, 'm'));
      assert.deepEqual(readdirSync(dir), ['f.json']);
    }
  });
  it('a report into a descriptor the process was not given says so, not "(ENOENT)"', async () => {
    const dir = workspace();
    await refused(['check', 'f.json', '-f', 'json=/dev/fd/987'], dir, /^eval-magic: Cannot write the report to "\/dev\/fd\/987" \(descriptor 987, which this process was not given: open it for the command, as in 987>report\.json\)\.$/m);
    assert.deepEqual(readdirSync(dir), ['f.json']);
  });
  it('/dev/tty without a terminal is a device that cannot be opened, not "a FIFO that no process is reading"', () => {
    const dir = workspace();
    // setsid: a new session, with no controlling terminal, whatever runs the tests.
    const r = spawnSync('setsid', ['-w', process.execPath, binPath, 'check', 'f.json', '-f', 'json=/dev/tty'], { cwd: dir, encoding: 'utf8', input: '' });
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^eval-magic: Cannot write the report to "\/dev\/tty" \(a device that cannot be opened here \(ENXIO; \/dev\/tty with no terminal\)\)\.$/m);
  });
  it('one report on stdout and one on stderr are both written', () => {
    const dir = workspace();
    const r = runBin(['check', 'f.json', '-f', 'json', '-f', 'sarif=/dev/fd/2'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout)[0].filePath, 'f.json');
    assert.equal(JSON.parse(r.stderr).version, '2.1.0');
  });
});

describe('a report is never written through a link, nor replaces one', () => {
  it('a report path that is a link to a file is refused before anything is written: the link stays, its target untouched', async () => {
    const dir = workspace();
    const victim = join(root, `victim-${n}`);
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(dir, 'report.json'));
    // The other report is refused too: nothing is written when one target is refused.
    await refused(['check', 'f.json', '-f', 'sarif=r.sarif', '-f', 'json=report.json'], dir, new RegExp(`^eval-magic: The report "report\\.json" is a symbolic link to the file ${JSON.stringify(victim).replace(/[.\\/]/g, '\\$&')}; a report is never written through a link, nor replaces one: name that file instead to replace it, or remove the link\\.$`, 'm'));
    assert.equal(readFileSync(victim, 'utf8'), 'precious');
    assert.ok(lstatSync(join(dir, 'report.json')).isSymbolicLink(), 'still the link');
    assert.deepEqual(readdirSync(dir).sort(), ['f.json', 'report.json']);
    // -o too, and from compare: the same rule, before any run is graded.
    await refused(['check', 'f.json', '-f', 'json', '-o', 'report.json'], dir, /"report\.json" is a symbolic link to the file/);
    await refused(['compare', '.', '-f', 'json=report.json'], dir, /^eval-magic: The report "report\.json" is a symbolic link to the file/m);
    assert.equal(readFileSync(victim, 'utf8'), 'precious');
    assert.ok(lstatSync(join(dir, 'report.json')).isSymbolicLink(), 'still the link');
    // Naming the file itself replaces it.
    assert.equal((await runMain(['check', 'f.json', '-f', `json=${victim}`], { cwd: dir })).code, 0);
    assert.equal(JSON.parse(readFileSync(victim, 'utf8'))[0].filePath, 'f.json');
  });

  it('a dangling link and a link to a folder: refused, saying where each points; nothing made there', async () => {
    const dir = workspace();
    const elsewhere = join(root, `elsewhere-${n}`);
    mkdirSync(elsewhere);
    symlinkSync(join(elsewhere, 'missing.json'), join(dir, 'dangling.json'));
    symlinkSync(elsewhere, join(dir, 'folder.json'));
    await refused(['check', 'f.json', '-f', 'json=dangling.json'], dir, new RegExp(`^eval-magic: The report "dangling\\.json" is a dangling symbolic link \\(to "${elsewhere}/missing\\.json", which does not exist\\); a report is never written through a link, nor replaces one: remove the link, or name the file to write\\.$`, 'm'));
    await refused(['check', 'f.json', '-o', 'folder.json'], dir, /^eval-magic: The report "folder\.json" is a symbolic link to the folder "[^"]+"; a report is never written through a link, nor replaces one: name a file in that folder instead\.$/m);
    await refused(['compare', '.', '-f', 'html=dangling.json'], dir, /"dangling\.json" is a dangling symbolic link/);
    assert.deepEqual(readdirSync(elsewhere), []);
    assert.ok(lstatSync(join(dir, 'dangling.json')).isSymbolicLink() && lstatSync(join(dir, 'folder.json')).isSymbolicLink());
  });

  it('a link to a character device or to stdout is written into: the link and the device stay', () => {
    const dir = workspace();
    symlinkSync('/dev/null', join(dir, 'null.json'));
    symlinkSync('/dev/stdout', join(dir, 'out.json'));
    const r = runBin(['check', 'f.json', '-f', 'json=null.json', '-f', 'sarif=out.json'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout).version, '2.1.0');
    assert.ok(lstatSync(join(dir, 'null.json')).isSymbolicLink() && lstatSync('/dev/null').isCharacterDevice());
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  });

  it('a link made after the paths were checked is still refused at the write, not replaced', async () => {
    const dir = workspace();
    const victim = join(root, `victim-${n}`);
    writeFileSync(victim, 'precious');
    symlinkSync(victim, join(dir, 'late.json'));
    await assert.rejects(writeReportFile(join(dir, 'late.json'), ['{}']), /^Error: a symbolic link to the file ".+"; a report is never written through a link, nor replaces one/);
    assert.equal(readFileSync(victim, 'utf8'), 'precious');
    assert.ok(lstatSync(join(dir, 'late.json')).isSymbolicLink());
  });

  it('a link made while the report is being written is refused at the rename: the link stays, its target untouched, no temp file left', async () => {
    const dir = workspace();
    const victim = join(root, `victim-${n}`);
    writeFileSync(victim, 'precious');
    function* planting() {
      yield '{';
      symlinkSync(victim, join(dir, 'mid.json'));
      yield '}';
    }
    await assert.rejects(writeReportFile(join(dir, 'mid.json'), planting()), /^Error: a symbolic link to the file ".+"; a report is never written through a link, nor replaces one/);
    assert.equal(readFileSync(victim, 'utf8'), 'precious');
    assert.ok(lstatSync(join(dir, 'mid.json')).isSymbolicLink());
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  });

  it('a report path under a folder that is a link is refused, and nothing lands where it points', async () => {
    const dir = workspace();
    const elsewhere = join(root, `elsewhere-${n}`);
    mkdirSync(elsewhere);
    symlinkSync(elsewhere, join(dir, 'reports'));
    await refused(['check', 'f.json', '-f', 'json=reports/r.json'], dir, /"reports\/r\.json" would be written through "reports", a symbolic link to a folder/);
    await refused(['check', 'f.json', '-f', 'json=reports/deeper/r.json'], dir, /through "reports"/);
    assert.deepEqual(readdirSync(elsewhere), []);
  });

  it('an ordinary report path still works, folders created, and replaces the previous report', async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'old.json'), 'x');
    const r = await runMain(['check', 'f.json', '-f', 'json=out/deep/r.json', '-f', 'sarif=old.json'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(readFileSync(join(dir, 'out/deep/r.json'), 'utf8')).length, 1);
    assert.equal(JSON.parse(readFileSync(join(dir, 'old.json'), 'utf8')).version, '2.1.0');
  });

  it("a report replaced gets a new file's mode (0666 less the umask), not the old file's: the report is a new file renamed into place", async () => {
    const dir = workspace();
    writeFileSync(join(dir, 'r.json'), 'old');
    chmodSync(join(dir, 'r.json'), 0o600);
    await writeReportFile(join(dir, 'r.json'), ['{', '}']);
    await writeReportFile(join(dir, 'new.json'), ['{}']);
    assert.equal(readFileSync(join(dir, 'r.json'), 'utf8'), '{}');
    assert.equal(statSync(join(dir, 'r.json')).mode & 0o777, 0o666 & ~process.umask());
    assert.equal(statSync(join(dir, 'new.json')).mode & 0o777, 0o666 & ~process.umask());
  });
});

describe('a report to a device, a FIFO or a descriptor is written into, never replaced', () => {
  it('a character device (a null device made in the test folder) stays the device', { skip: process.getuid?.() !== 0 && 'mknod needs root' }, async () => {
    const dir = workspace();
    spawnSync('mknod', [join(dir, 'null'), 'c', '1', '3']);
    const r = await runMain(['check', 'f.json', '-f', 'json=null', '-f', 'sarif=out.sarif'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.ok(lstatSync(join(dir, 'null')).isCharacterDevice(), 'still a device');
    assert.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), []);
  });

  it('a FIFO gets the report when a process reads it, and is refused at once when none does', async () => {
    const dir = workspace();
    const fifo = join(dir, 'report.pipe');
    spawnSync('mkfifo', [fifo]);
    const none = await runMain(['check', 'f.json', '-f', 'json=report.pipe'], { cwd: dir });
    assert.equal(none.code, 2, none.stderr);
    assert.match(none.stderr, /Cannot write the report to "report\.pipe" \(a FIFO that no process is reading\)/);
    const reader = spawn('cat', [fifo], { stdio: ['ignore', 'pipe', 'inherit'] });
    let read = '';
    reader.stdout.on('data', (chunk: Buffer) => void (read += chunk.toString()));
    const closed = new Promise((done) => reader.on('close', done));
    await new Promise((done) => setTimeout(done, 200));
    const r = await runMain(['check', 'f.json', '-f', 'html=report.pipe'], { cwd: dir });
    await closed;
    assert.equal(r.code, 0, r.stderr);
    assert.match(read, /^<!doctype html>[\s\S]*<\/html>\n?$/i);
    assert.ok(lstatSync(fifo).isFIFO(), 'still a FIFO');
  });

  it("a report folder the file system will not make (/proc) is refused at once: Node's recursive mkdir would spin for ever there", async () => {
    const dir = workspace();
    const r = runBin(['check', 'f.json', '-f', 'json=/proc/no-such-folder/r.json'], { cwd: dir });
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /Cannot write the report to "\/proc\/no-such-folder\/r\.json" \(the report folder "\/proc\/no-such-folder" cannot be made: cannot create \/proc\/no-such-folder: the file system does not allow creating it/);
    // Folders that can be made still are, level by level.
    assert.equal((await runMain(['check', 'f.json', '-f', 'json=a/b/r.json'], { cwd: dir })).code, 0);
    assert.equal(JSON.parse(readFileSync(join(dir, 'a/b/r.json'), 'utf8'))[0].filePath, 'f.json');
  });

  it('a descriptor the shell opened (3>r.json) is written through its path; one that is Node\'s own is never written', () => {
    const dir = workspace();
    const r = spawnSync('sh', ['-c', `"${process.execPath}" "${binPath}" check f.json -f json=/dev/fd/7 7>r.json`], { cwd: dir, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'))[0].filePath, 'f.json');
    // Not opened by the shell: whatever Node holds there (an event fd) is not a report's.
    const own = runBin(['check', 'f.json', '-f', 'json=/dev/fd/9'], { cwd: dir });
    assert.equal(own.code, 2, own.stderr);
    assert.match(own.stderr, /Cannot write the report to "\/dev\/fd\/9"/);
  });

  it("/dev/fd/1 is the process's stdout, not a folder to rename a file into", () => {
    const dir = workspace();
    const r = runBin(['check', 'f.json', '-f', 'json=/dev/fd/1'], { cwd: dir });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(JSON.parse(r.stdout)[0].filePath, 'f.json');
  });
});

describe('a report path that cannot be written (under /proc, a folder) says why in words, never a bare "(ENOENT)"', () => {
  const virtual = 'the file system does not allow creating it (a virtual file system such as /proc?) (ENOENT)';
  for (const path of ['/proc/self/status', '/proc/self/no-such-report.json']) {
    it(`${path}: no file can be made in /proc/self to rename over it`, async () => {
      const dir = workspace();
      const r = await refused(['check', 'f.json', '-f', 'json', '-o', path], dir, /./);
      assert.equal(r.stderr, `eval-magic: Cannot write the report to ${JSON.stringify(path)} (cannot create a file in /proc/self: ${virtual}).\n`);
      assert.deepEqual(readdirSync(dir), ['f.json']);
    });
  }

  it('a report path that is a folder: the rename over it is refused, in words', async () => {
    const dir = workspace();
    mkdirSync(join(dir, 'reports'));
    const r = await refused(['check', 'f.json', '-f', 'json', '-o', 'reports'], dir, /./);
    assert.equal(r.stderr, 'eval-magic: Cannot write the report to "reports" (illegal operation on a directory (EISDIR)).\n');
    assert.deepEqual(readdirSync(join(dir, 'reports')), [], 'no temporary file left');
  });

  it('a step summary (GITHUB_STEP_SUMMARY) under /proc: named as the step summary, with the reason in words', async () => {
    const dir = workspace();
    const summary = (path: string) => runMain(['check', 'f.json', '-f', 'github'], { cwd: dir, env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: path } });
    const missing = await summary('/proc/no-such-folder/summary.md');
    assert.equal(missing.code, 2, missing.stderr);
    assert.equal(missing.stderr, 'eval-magic: The step summary "/proc/no-such-folder/summary.md" (GITHUB_STEP_SUMMARY) cannot be opened: its folder does not exist (ENOENT); nothing was appended to it.\n');
    // A file of /proc opens, but refuses the Markdown (EINVAL or EIO, as the kernel has it): its words, not the bare code.
    const kernel = await summary('/proc/self/status');
    assert.equal(kernel.code, 2, kernel.stderr);
    assert.match(kernel.stderr, /^eval-magic: The step summary "\/proc\/self\/status" \(GITHUB_STEP_SUMMARY\) could not be appended to: [a-z][a-z/ ]+ \(E[A-Z]+\)\.\n$/);
    assert.deepEqual(readdirSync(dir), ['f.json']);
  });

  // Only as root, which can become a user that is surely not PID 1's: as that user, a run could write into PID 1's stdout.
  it("/proc/1/fd/1 as a regular user: descriptor 1 of process 1, which cannot be opened (PID 1's are not the user's)", { skip: process.getuid?.() !== 0 && 'needs root to become a regular user with setpriv' }, () => {
    const dir = workspace();
    chmodSync(root, 0o755);
    chmodSync(dir, 0o755);
    const r = spawnAsRegularUser([process.execPath, binPath, 'check', 'f.json', '-f', 'json', '-o', '/proc/1/fd/1'], { cwd: dir, encoding: 'utf8', input: '', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(r.status, 2, r.stderr);
    assert.equal(r.stderr, 'eval-magic: Cannot write the report to "/proc/1/fd/1" (descriptor 1 of process 1, which cannot be opened here: permission denied (EACCES)).\n');
    assert.equal(r.stdout, '');
  });
});

describe('a signal that ends the process while a report is written (no listener of its own: check)', () => {
  it('ends it as before (by the signal), with no temp file left beside the report (it was left: .<name>.<random>.tmp), the report whole or none', async () => {
    const dir = join(root, 'signalled');
    mkdirSync(dir);
    const module = bundledModule(fileURLToPath(new URL('../../src/reports/report-files.ts', import.meta.url)));
    // Half the report written, the process sends itself SIGINT, as a Ctrl-C would land mid-write.
    const script = `import { writeReportFile } from ${JSON.stringify(module)};
function* pieces() { yield 'x'.repeat(1 << 20); process.kill(process.pid, 'SIGINT'); for (let i = 0; i < 50; i++) yield 'y'.repeat(1 << 20); }
await writeReportFile(${JSON.stringify(join(dir, 'report.json'))}, pieces());
await new Promise((resolve) => setTimeout(resolve, 2000));`;
    for (const signal of ['SIGINT', 'SIGTERM'] as const) {
      const child = spawnSync(process.execPath, ['--input-type=module', '-e', script.replaceAll('SIGINT', signal)], { encoding: 'utf8' });
      assert.equal(child.signal, signal, `${signal}: ${child.status} ${child.stderr}`);
      // The write holds the thread, so the signal is taken once it is done: the report whole, or none.
      const left = readdirSync(dir);
      assert.ok(left.every((name) => name === 'report.json'), `${signal}: no temp file left: ${left.join(', ')}`);
      if (left.length > 0) assert.equal(statSync(join(dir, 'report.json')).size, 51 << 20, `${signal}: the report whole`);
      rmSync(join(dir, 'report.json'), { force: true });
    }
  });
});
