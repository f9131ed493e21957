// Adversarial file systems: link loops, a FIFO and a socket named conversation.json, files that vanish or
// shrink between discovery and reading, unreadable files, hostile names. (100,000 files under a low
// descriptor limit: many-files.test.ts, in the slow tier.)
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { check, checkSource, formatters, rules } from '../../src/index.js';
import { discoverArtifacts } from '../../src/checker/engine/discover.js';
import { readArtifactFile } from '../../src/checker/engine/read.js';
import { FileChecker } from '../../src/checker/engine/check-file.js';
import { CHECK_OPTION_NAMING } from '../../src/checker/check-options.js';
import { EvalLookup } from '../../src/checker/cross/eval-lookup.js';
// Importing it fails this file when dist/ is missing or stale: measure-check.js checks with dist/.
import { runMain } from '../helpers/cli.js';
import { pageData } from '../formatters/html-report.js';
import { formatGithubSummary } from '../../src/formatters/index.js';

const MEASURE = resolve(fileURLToPath(import.meta.url), '../measure-check.js');
const VALID = JSON.stringify({ status: 'completed', delivered_followups: 0, events: [{ type: 'user_message', ordinal: 0, round: 1, text: 'go' }, { type: 'assistant_message', ordinal: 1, round: 1, text: 'ok' }] }, null, 2);

let root: string;
before(() => void (root = mkdtempSync(join(tmpdir(), 'eval-magic-fs-'))));
after(() => rmSync(root, { recursive: true, force: true }));

/** A fresh folder under the temp root. */
function folder(name: string): string {
  const dir = join(root, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** `[file relative to dir, ruleId, messageId]` for every finding of a check of `dir`. */
async function findingsUnder(dir: string): Promise<Array<[string, string, string]>> {
  const report = await check([dir], { cwd: dir });
  return report.results.flatMap((r) => r.messages.map((m): [string, string, string] => [r.filePath.slice(dir.length + 1), m.ruleId, m.messageId]));
}

describe('special files named conversation.json', () => {
  let server: Server;
  after(() => server?.close());

  it('a symlink loop in the tree is not followed, a self-referencing link is an io finding', async () => {
    const dir = folder('loops');
    mkdirSync(join(dir, 'a'));
    symlinkSync('..', join(dir, 'a', 'up'));
    symlinkSync('conversation.json', join(dir, 'a', 'conversation.json'));
    assert.deepEqual(await findingsUnder(dir), [['a/conversation.json', 'io', 'eloop']]);
  });

  it('a FIFO does not block: an io finding, in a child with a hard timeout', () => {
    const dir = folder('fifo');
    execFileSync('mkfifo', [join(dir, 'conversation.json')]);
    // A hang must fail the test, not block CI: the child is killed after 20 s.
    const child = spawnSync(process.execPath, [MEASURE, dir], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(child.signal, null, 'check hung on a FIFO');
    assert.deepEqual(JSON.parse(child.stdout).messages.map((p: { ruleId: string; messageId: string }) => [p.ruleId, p.messageId]), [['io', 'not-a-file']]);
  });

  it('a listening socket is an io finding', async () => {
    const dir = folder('socket');
    server = createServer();
    await new Promise<void>((done) => server.listen(join(dir, 'conversation.json'), done));
    assert.deepEqual(await findingsUnder(dir), [['conversation.json', 'io', 'enxio']]);
  });

  it('a folder named conversation.json is an io finding', async () => {
    const dir = folder('dir-named');
    mkdirSync(join(dir, 'conversation.json'));
    assert.deepEqual(await findingsUnder(dir), [['conversation.json', 'io', 'not-a-file']]);
  });
});

describe('checks in the lanes of a worker', () => {
  it('files read while earlier ones await their eval lookup keep their own results (as in the lanes of a worker)', async () => {
    const dir = folder('interleaved');
    const texts = ['{"a": 1}', VALID, '{"b": [true, false, null]}  '];
    const files = texts.map((text, i) => {
      mkdirSync(join(dir, `r${i}`));
      writeFileSync(join(dir, `r${i}`, 'conversation.json'), text);
      return { filePath: `r${i}/conversation.json`, absolutePath: join(dir, `r${i}`, 'conversation.json') };
    });
    const lookup = new EvalLookup({ cwd: dir, names: CHECK_OPTION_NAMING.library });
    // Every file is read before any check gets past its first await (the eval lookup), as in the lanes of a worker.
    const checker = new FileChecker(lookup, {});
    const outcomes = await Promise.all(files.map((file) => checker.checkDiscovered(file)));
    assert.deepEqual(outcomes.map((o) => o.result), files.map((file, i) => checkSource({ filePath: file.filePath, bytes: texts[i]! })));
  });
});

describe('files that change between discovery and reading', () => {
  it('a file removed after discovery is an io finding saying it disappeared', async () => {
    const dir = folder('vanish');
    writeFileSync(join(dir, 'conversation.json'), VALID);
    const [found] = await discoverArtifacts([dir], { cwd: dir });
    rmSync(found!.absolutePath);
    const read = readArtifactFile(found!.absolutePath);
    assert.equal(read.ok, false);
    if (!read.ok) assert.deepEqual([read.finding.ruleId, read.finding.messageId, read.finding.message], ['io', 'enoent', 'The file disappeared before it could be read.']);
  });

  it('a file truncated after discovery is checked as read: a positioned parse finding', async () => {
    const dir = folder('shrink');
    writeFileSync(join(dir, 'conversation.json'), VALID);
    const [found] = await discoverArtifacts([dir], { cwd: dir });
    truncateSync(found!.absolutePath, 40);
    const read = readArtifactFile(found!.absolutePath);
    assert.ok(read.ok);
    const result = checkSource({ filePath: found!.filePath, bytes: read.bytes });
    assert.deepEqual(result.messages.map((m) => [m.ruleId, m.messageId, m.line]), [['parse', 'truncated', 3]]);
  });
});

describe('links out of the searched folders', () => {
  const SECRET = 'ghp_0123456789abcdefSECRETSECRETSECRET';
  const secretFile = () => {
    const outside = folder('outside');
    writeFileSync(join(outside, 'token'), SECRET + '\n');
    return join(outside, 'token');
  };

  it('a link to a file outside every named folder is reported by name and never read, by every kind of search', async () => {
    const dir = folder('link-out');
    mkdirSync(join(dir, 'runs', 'a'), { recursive: true });
    symlinkSync(secretFile(), join(dir, 'runs', 'a', 'conversation.json'));
    symlinkSync(secretFile(), join(dir, 'runs', 'evals.json'));
    for (const [paths, options] of [[['runs'], {}], [['runs/**/*.json'], {}], [['runs'], { pattern: '**/*.json' }], [['runs'], { concurrency: 2 }]] as const) {
      const report = await check([...paths], { cwd: dir, config: false, ...options });
      const text = JSON.stringify(report);
      assert.ok(!text.includes('SECRET') && !text.includes('ghp_'), `${paths}: the target was read: ${text}`);
      assert.deepEqual(report.results.map((r) => [r.filePath, r.messages.map((m) => m.messageId)]), [['runs/a/conversation.json', ['link-outside']], ['runs/evals.json', ['link-outside']]], `${paths}`);
    }
    // A link to a folder is said as one that leads out, not as "a link to a file".
    mkdirSync(join(dir, 'other'), { recursive: true });
    symlinkSync(join(dir, 'other'), join(dir, 'runs', 'a', 'evals.json'));
    const folderLink = (await check(['runs'], { cwd: dir, config: false })).results.find((r) => r.filePath === 'runs/a/evals.json');
    assert.equal(folderLink?.messages[0]!.message, 'Symbolic link leading outside the folders being checked (to a file or a folder); it was not followed. Name its target to check it.');
  });

  it('a link to a file inside a named folder is read; a link named on its own is read', async () => {
    const dir = folder('link-in');
    mkdirSync(join(dir, 'runs', 'a'), { recursive: true });
    mkdirSync(join(dir, 'shared'), { recursive: true });
    writeFileSync(join(dir, 'shared', 'conversation.json'), VALID);
    symlinkSync(join(dir, 'shared', 'conversation.json'), join(dir, 'runs', 'a', 'conversation.json'));
    const within = await check(['runs', 'shared'], { cwd: dir, config: false });
    assert.equal(within.errorCount, 0);
    assert.equal((await check(['runs'], { cwd: dir, config: false })).results[0]!.messages[0]!.messageId, 'link-outside');
    symlinkSync(secretFile(), join(dir, 'named.json'));
    const named = await check(['named.json'], { cwd: dir, config: false });
    assert.equal(named.results[0]!.messages[0]!.ruleId, 'parse');
  });

  it('a parse message quotes at most a short escaped excerpt of the file', async () => {
    const report = await check(['-'], { stdin: { bytes: SECRET }, config: false });
    const message = report.results[0]!.messages[0]!.message;
    assert.ok(!message.includes('SECRET'), message);
    assert.match(message, /^Unexpected "ghp_01234567…": not valid JSON\.$/);
  });
});

describe('unreadable files', () => {
  it('a file the kernel refuses to read (EIO via /proc/self/mem, which stops root too) is an io finding', async () => {
    const dir = folder('eio');
    symlinkSync('/proc/self/mem', join(dir, 'conversation.json'));
    // Named on its own (a search would not follow a link out of the folder it searches).
    const report = await check([join(dir, 'conversation.json')], { cwd: dir });
    assert.deepEqual(report.results.flatMap((r) => r.messages.map((m) => [m.ruleId, m.messageId])), [['io', 'eio']]);
  });

  it('a file without read permission is an io finding (skipped as root: root reads mode 000 files)', { skip: process.getuid?.() === 0 && 'running as root, where chmod 000 does not stop reading' }, async () => {
    const dir = folder('eacces');
    writeFileSync(join(dir, 'conversation.json'), VALID);
    chmodSync(join(dir, 'conversation.json'), 0o000);
    assert.deepEqual(await findingsUnder(dir), [['conversation.json', 'io', 'eacces']]);
  });

  it('a dangling symlink is an io finding naming where it points, found by a search or named on the command line', async () => {
    const dir = folder('dangling');
    symlinkSync('nowhere.json', join(dir, 'conversation.json'));
    assert.deepEqual(await findingsUnder(dir), [['conversation.json', 'io', 'enoent']]);
    writeFileSync(join(dir, 'other.json'), '{');
    // Named, it is a finding of its own too, and the run goes on with the other files (it was a usage error).
    for (const paths of [['.'], ['conversation.json', 'other.json']]) {
      const report = await check(paths, { cwd: dir, kind: 'conversation' });
      const found = Object.fromEntries(report.results.map((r) => [r.filePath, r.messages.map((m) => [m.ruleId, m.messageId, m.message])]));
      const dangling = [['io', 'enoent', 'A dangling symbolic link (to "nowhere.json"): nothing is there to read.']];
      assert.deepEqual(found['conversation.json'], dangling, paths.join(' '));
      if (paths.length === 2) assert.deepEqual(found['other.json']?.map(([rule]) => rule), ['parse']);
    }
  });
});

describe('hostile file names', () => {
  const context = { color: false, cwd: '/', rules: Object.fromEntries(Object.entries(rules).map(([id, r]) => [id, r.meta])), toolVersion: '0' };

  it('folders named with ESC sequences and bidi overrides are found, and every format escapes the name', async () => {
    const dir = folder('names');
    for (const name of ['\u001b[31mred', 'a\u202eb', 'osc\u001b]8;;x\u0007']) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'conversation.json'), '{');
    }
    const report = await check([dir], { cwd: dir });
    assert.equal(report.results.length, 3);
    for (const [name, format] of Object.entries(formatters)) {
      assert.doesNotMatch(format(report, context), /[\u001b\u0007\u202e]/, name);
    }
  });

  it('a folder whose name is not UTF-8 is found by its bytes', async () => {
    const dir = folder('bytes');
    const name = Buffer.concat([Buffer.from(dir + '/b'), Buffer.from([0xff]), Buffer.from('x')]);
    mkdirSync(name);
    writeFileSync(Buffer.concat([name, Buffer.from('/conversation.json')]), '{');
    const report = await check([dir], { cwd: dir, allowEmpty: true });
    // Read through its byte path (a parse finding, not an io one), shown with the bad byte escaped.
    assert.deepEqual(report.results.map((r) => [r.filePath.slice(dir.length + 1), r.messages.map((m) => m.messageId)]), [['b\\xFFx/conversation.json', ['truncated']]]);
    // SARIF links the file by its name's real bytes (RFC 3986), not by the escape shown to people:
    // a folder really named `c\xFFx` (backslash, x, F, F) keeps its text. Threads carry the bytes too.
    mkdirSync(join(dir, 'c\\xFFx'));
    writeFileSync(join(dir, 'c\\xFFx', 'conversation.json'), '{');
    for (const concurrency of [1, 2]) {
      const both = await check(['.'], { cwd: dir, concurrency });
      const uris = JSON.parse(formatters.sarif!(both, { ...context, cwd: dir })).runs[0].results.map((r: { locations: Array<{ physicalLocation: { artifactLocation: { uri: string } } }> }) => r.locations[0]!.physicalLocation.artifactLocation.uri);
      assert.deepEqual(uris.sort(), ['b%FFx/conversation.json', 'c%5CxFFx/conversation.json'], `concurrency ${concurrency}`);
      assert.match(formatters.stylish!(both, { ...context, cwd: dir }), /^b\\xFFx\/conversation\.json$/m);
    }
  });

  it('a folder whose name is not UTF-8 that a glob, or a --pattern with folders in it, would enter is an error naming it, not passed over in silence (the glob found nothing, exit 2, or checked the rest and said nothing: review41 F5); an error, as a folder too deep to open is: its files were not checked, and a glob reaching only it passed (exit 0, review44)', async () => {
    const dir = folder('glob-bytes');
    const name = Buffer.concat([Buffer.from(dir + '/b'), Buffer.from([0xff]), Buffer.from('x')]);
    mkdirSync(Buffer.concat([name, Buffer.from('/deep')]), { recursive: true });
    writeFileSync(Buffer.concat([name, Buffer.from('/deep/conversation.json')]), VALID);
    mkdirSync(join(dir, 'plain'));
    writeFileSync(join(dir, 'plain', 'conversation.json'), VALID);
    const said = (report: Awaited<ReturnType<typeof check>>) => report.results.map((r) => [r.filePath, r.messages.map((m) => `${m.ruleId}/${m.messageId}:${m.severity}`)]).sort();
    for (const concurrency of [1, 2]) {
      assert.deepEqual(said(await check(['**/conversation.json'], { cwd: dir, concurrency })), [['b\\xFFx', ['io/glob-cannot-enter:2']], ['plain/conversation.json', []]], `glob, concurrency ${concurrency}`);
      assert.deepEqual(said(await check(['.'], { cwd: dir, concurrency, pattern: '*/**/conversation.json' })), [['b\\xFFx', ['io/glob-cannot-enter:2']], ['plain/conversation.json', []]], `--pattern, concurrency ${concurrency}`);
      const only = await check(['b*/**/conversation.json'], { cwd: dir, concurrency });
      assert.equal(only.errorCount, 1, `a glob reaching only it, concurrency ${concurrency}`);
    }
    // A glob that would not enter it says nothing of it; left out by --ignore, neither.
    assert.deepEqual(said(await check(['plain/*.json'], { cwd: dir })), [['plain/conversation.json', []]]);
    assert.deepEqual(said(await check(['**/conversation.json'], { cwd: dir, ignore: ['b*/**'] })), [['plain/conversation.json', []]]);
    // Searched by name, it is walked: its file is checked.
    assert.deepEqual(said(await check(['.'], { cwd: dir })).map(([file]) => file), ['b\\xFFx/deep/conversation.json', 'plain/conversation.json']);
  });

  it('a file whose name is not UTF-8 that a glob, or a --pattern, matches is said to be so, named with \\xNN, an error (it was "disappeared before it could be read", named with U+FFFD: review44 F4)', async () => {
    const dir = folder('glob-file-bytes');
    mkdirSync(join(dir, 'd'));
    writeFileSync(Buffer.concat([Buffer.from(dir + '/d/x'), Buffer.from([0xff]), Buffer.from('.json')]), VALID);
    writeFileSync(join(dir, 'd', 'conversation.json'), VALID);
    const said = (report: Awaited<ReturnType<typeof check>>) => report.results.map((r) => [r.filePath, r.messages.map((m) => `${m.ruleId}/${m.messageId}:${m.severity}`)]).sort();
    const cannotRead = [['d/conversation.json', []], ['d/x\\xFF.json', ['io/glob-cannot-read:2']]];
    for (const concurrency of [1, 2]) {
      assert.deepEqual(said(await check(['d/*.json'], { cwd: dir, concurrency })), cannotRead, `glob, concurrency ${concurrency}`);
      assert.deepEqual(said(await check(['d'], { cwd: dir, concurrency, pattern: '*.json' })), cannotRead, `--pattern, concurrency ${concurrency}`);
    }
    const message = (await check(['d/*.json'], { cwd: dir })).results.find((r) => r.filePath !== 'd/conversation.json')!.messages[0]!.message;
    assert.match(message, /^A file whose name is not UTF-8: .* so it was not checked\. Rename it to check it\.$/);
    assert.doesNotMatch(message, /disappeared/);
    // Left out by --ignore, as named with \xNN, it is not said.
    assert.deepEqual(said(await check(['d/*.json'], { cwd: dir, ignore: ['d/x*'] })), [['d/conversation.json', []]]);
    // The CLI shows it so too, exit 1.
    const run = await runMain(['check', 'd/*.json'], { cwd: dir });
    assert.equal(run.code, 1);
    assert.match(run.stdout, /^d\/x\\xFF\.json\n {2}\S+ +error +A file whose name is not UTF-8: /m);
  });

  it('a folder whose name is not UTF-8 and one named like its escape are two folders: both are checked', async () => {
    const dir = folder('look-alike');
    mkdirSync(Buffer.concat([Buffer.from(dir + '/b'), Buffer.from([0xff]), Buffer.from('x')]));
    writeFileSync(Buffer.concat([Buffer.from(dir + '/b'), Buffer.from([0xff]), Buffer.from('x/conversation.json')]), '{');
    mkdirSync(join(dir, 'b\\xFFx'));
    writeFileSync(join(dir, 'b\\xFFx', 'conversation.json'), VALID);
    const reports = [];
    for (const concurrency of [1, 2]) {
      const report = await check(['.'], { cwd: dir, concurrency });
      assert.deepEqual(report.results.map((r) => [r.filePath, r.rawFilePath !== undefined, r.messages.map((m) => m.messageId)]), [
        ['b\\xFFx/conversation.json', false, []],
        ['b\\xFFx/conversation.json', true, ['truncated']],
      ]);
      reports.push(report);
    }
    // The library gives the same results with threads as without: the bytes as a Uint8Array both times, not a Buffer in one.
    assert.deepStrictEqual(reports[1]!.results, reports[0]!.results);
  });

  it('html: a folder whose name is not UTF-8 and one named like its escape are two groups, each run with its own records', async () => {
    const dir = folder('look-alike-html');
    const raw = Buffer.concat([Buffer.from(dir + '/b'), Buffer.from([0xff]), Buffer.from('x')]);
    mkdirSync(raw);
    writeFileSync(Buffer.concat([raw, Buffer.from('/conversation.json')]), '{');
    writeFileSync(Buffer.concat([raw, Buffer.from('/grading.json')]), '{');
    mkdirSync(join(dir, 'b\\xFFx'));
    writeFileSync(join(dir, 'b\\xFFx', 'conversation.json'), VALID);
    for (const concurrency of [1, 2] as const) {
      const report = await check(['.'], { cwd: dir, concurrency, keepArtifacts: true });
      const data = pageData(formatters.html!(report, { ...context, cwd: dir }));
      const shown = (i: number) => [data.files[i]!.path, report.results[i]!.rawFilePath !== undefined];
      // Shown apart too: the folder named with a backslash shows it doubled.
      assert.deepEqual(data.groups.map((g) => g.files.map(shown)), [[['b\\\\xFFx/conversation.json', false]], [['b\\xFFx/conversation.json', true]]], `concurrency ${concurrency}`);
      const record = data.files.findIndex((f) => f.path.endsWith('/grading.json'));
      assert.deepEqual(shown((data.files[record] as { host?: number }).host!), ['b\\xFFx/conversation.json', true], `concurrency ${concurrency}`);
    }
  });

  it('every format but SARIF (which links the bytes) tells a byte shown as \\xNN from a name holding those characters: such a backslash is doubled', async () => {
    const dir = folder('told-apart');
    const bytes = (...parts: Array<string | number>) => Buffer.concat([Buffer.from(dir + '/'), ...parts.map((p) => (typeof p === 'string' ? Buffer.from(p) : Buffer.from([p])))]);
    // [the folder's name as bytes, how every report shows it]
    const table: Array<[Buffer, string]> = [
      [bytes('b', 0xff, 'x'), 'b\\xFFx'], // the byte 0xFF
      [bytes('b\\xFFx'), 'b\\\\xFFx'], // a backslash, then "xFFx"
      [bytes('b\\', 0xff, 'x'), 'b\\\\\\xFFx'], // a backslash, then the byte 0xFF
      [bytes('b\\\\xFFx'), 'b\\\\\\\\xFFx'], // two backslashes, then "xFFx"
      [bytes('b\\x4gx'), 'b\\x4gx'], // no escape can read like this one: kept as it is
      [bytes('a\\b'), 'a\\b'],
    ];
    for (const [name] of table) {
      mkdirSync(name);
      writeFileSync(Buffer.concat([name, Buffer.from('/conversation.json')]), '{');
    }
    const expected = table.map(([, shown]) => `${shown}/conversation.json`).sort();
    const report = await check(['.'], { cwd: dir });
    const ctx = { ...context, cwd: dir };
    const unescapeXml = (text: string) => text.replace(/&amp;/g, '&');
    const shownBy: Record<string, (output: string) => string[]> = {
      stylish: (out) => out.split('\n').filter((line) => line.endsWith('/conversation.json')),
      json: (out) => (JSON.parse(out) as Array<{ filePath: string }>).map((r) => r.filePath),
      junit: (out) => [...out.matchAll(/<testcase [^>]*name="([^"]*)"/g)].map((m) => unescapeXml(m[1]!)),
      github: (out) => [...out.matchAll(/^::error file=([^,]*),/gm)].map((m) => m[1]!),
      html: (out) => pageData(out).files.map((f) => f.path),
    };
    for (const [format, shown] of Object.entries(shownBy)) {
      assert.deepEqual(shown(formatters[format]!(report, ctx)).sort(), expected, format);
    }
    // The job summary's Markdown escapes each backslash once more, for the page to show it as above.
    const rows = [...formatGithubSummary(report, ctx).matchAll(/^\| (\S*) \| 1:2 \|/gm)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
    assert.deepEqual(rows.sort(), expected, 'github summary');
    // The library's results keep the path as found, and the bytes where a name is not UTF-8.
    assert.deepEqual(report.results.filter((r) => r.rawFilePath === undefined).map((r) => r.filePath).sort(), ['a\\b/conversation.json', 'b\\x4gx/conversation.json', 'b\\xFFx/conversation.json', 'b\\\\xFFx/conversation.json'].sort());
  });

  it('a folder whose name holds a line break is found', async () => {
    const dir = folder('newline');
    mkdirSync(join(dir, 'a\nb'));
    writeFileSync(join(dir, 'a\nb', 'conversation.json'), '{');
    const report = await check([dir], { cwd: dir, allowEmpty: true });
    assert.deepEqual(report.results.map((r) => [r.filePath.slice(dir.length + 1), r.messages.map((m) => m.messageId)]), [['a\nb/conversation.json', ['truncated']]]);
  });

  it('a file named on the command line with a line break and ESC in its name is checked, the name escaped', async () => {
    const dir = folder('named-arg');
    const name = 'x\ny\u001b[2J.json';
    writeFileSync(join(dir, name), '{');
    const report = await check([name], { cwd: dir });
    assert.deepEqual(report.results.map((r) => [r.filePath, r.messages[0]?.ruleId]), [[name, 'parse']]);
    for (const [format, formatter] of Object.entries(formatters)) assert.doesNotMatch(formatter(report, context), /\u001b|y\u001b/, format);
    assert.match(formatters.stylish!(report, context), /x\\ny\\u001b\[2J\.json/);
  });
});
