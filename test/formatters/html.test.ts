// The html format as a pure function: groups and pins, the page's policy, and hostile text kept inert.
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { formatters } from '../../src/index.js';
import { buildReportData, compareNatural, pinPointer, PIN_HEADER, PIN_STOP, webLink } from '../../src/formatters/html/model.js';
import { contentSecurityPolicy, embedJson } from '../../src/formatters/html/index.js';
import { PAGE_SCRIPT } from '../../src/formatters/html/page-script.js';
import { PAGE_STYLE } from '../../src/formatters/html/page-style.js';
import { streamingFormatters } from '../../src/formatters/index.js';
import { context, hostileReport, repoRoot } from './reports.js';
import { checkKeeping, decodeText, HOSTILE_TEXT, pageData, FINDINGS_WORKSPACE, tempDir, writeHostileWorkspace } from './html-report.js';
import { runBin } from '../helpers/cli.js';

const formatHtml = formatters.html!;

describe('pinPointer', () => {
  const cases: Array<[string, number, string]> = [
    ['/events/3/text', 3, 'text'],
    ['/events/0', 0, ''],
    ['/events/12/args/command', 12, 'args'],
    ['/status', PIN_STOP, 'status'],
    ['/stop_reason', PIN_STOP, 'stop_reason'],
    ['/stopped_before_followup', PIN_STOP, 'stopped_before_followup'],
    ['/delivered_followups', PIN_STOP, 'delivered_followups'],
    ['', PIN_HEADER, ''],
    ['/events', PIN_HEADER, 'events'],
    ['/events/01', PIN_HEADER, 'events'],
    ['/extra~1field', PIN_HEADER, 'extra/field'],
  ];
  for (const [pointer, event, field] of cases) {
    it(`${JSON.stringify(pointer)} → ${event} ${field}`, () => assert.deepEqual(pinPointer(pointer), { event, field }));
  }
});

describe('report data', () => {
  it('orders evals and runs with numbers as numbers', () => {
    const names = ['eval-10', 'eval-2', 'eval-1', 'run-10', 'run-9', 'a', 'eval-02', 'eval-b', 'eval-'];
    assert.deepEqual(names.sort(compareNatural), ['a', 'eval-', 'eval-1', 'eval-02', 'eval-2', 'eval-10', 'eval-b', 'run-9', 'run-10']);
  });

  it("gives runs the marks and status of records held as values (compare's gradings), as a folded grading.json and run.json would", async () => {
    const report = await checkKeeping([FINDINGS_WORKSPACE]);
    const path = report.results.find((r) => r.artifact?.kind === 'conversation')!.filePath;
    const grading = { assertion_results: [{ id: 'asks', passed: false, evidence: 'no question' }, { id: 'tests', passed: true, evidence: 'npm test at 3' }], ungraded: [{ id: 'judge', reason: 'llm_judge is not graded here' }] };
    const data = buildReportData(report, context.rules, 't', new Map([[path, { grading, run: { status: 'stopped', stop_reason: 'agent_did_not_ask' } }]]));
    const run = data.files.find((f) => f.path === path)!;
    assert.deepEqual(run.marks, [['asks', 0, 'no question'], ['tests', 1, 'npm test at 3'], ['judge', null, 'llm_judge is not graded here']]);
    assert.equal(run.status, 'stopped (agent_did_not_ask)');
    assert.ok(data.files.filter((f) => f.path !== path).every((f) => f.marks === undefined && f.status === undefined), 'only that run');
  });

  it("folds a run's judgment.json files (judge/<assertion-id>/<repeat>/) into the run, named from its folder; one outside a run stays a record of its own", async () => {
    const dir = tempDir('html-judgments-');
    cpSync(join(repoRoot, FINDINGS_WORKSPACE), dir, { recursive: true });
    const run = join(dir, '.eval-magic/commit-message/iteration-2/eval-fix-typo/with_skill');
    const judgment = readFileSync(join(repoRoot, 'fixtures/rules/judgment-answer/valid/pass-the-judge-gave/judge/names-the-zone/1/judgment.json'));
    for (const below of ['judge/names-the-zone/1', 'judge/names-the-zone/2', 'notes']) {
      mkdirSync(join(run, below), { recursive: true });
      writeFileSync(join(run, below, 'judgment.json'), judgment);
    }
    // One outside a judge/ folder is found only when named.
    const data = buildReportData(await checkKeeping(['.', '.eval-magic/commit-message/iteration-2/eval-fix-typo/with_skill/notes/judgment.json'], dir), context.rules, 't');
    const host = data.files.findIndex((f) => f.path === '.eval-magic/commit-message/iteration-2/eval-fix-typo/with_skill/conversation.json');
    assert.deepEqual(data.files[host]!.records?.map((i) => data.files[i]!.label), ['judge/names-the-zone/1/judgment.json', 'judge/names-the-zone/2/judgment.json']);
    const notes = data.files.find((f) => f.path.endsWith('/notes/judgment.json'))!;
    assert.deepEqual([notes.record, notes.host, notes.group], [true, undefined, -1]);
    assert.equal(data.counts.records, 3);
  });

  it('groups a workspace by eval, conditions as columns, with the eval header and pinned findings', async () => {
    const report = await checkKeeping([FINDINGS_WORKSPACE]);
    const data = buildReportData(report, context.rules, 't');
    assert.deepEqual(
      data.groups.map((g) => [g.title, g.files.map((fi) => data.files[fi]!.label)]),
      [
        ['commit-message · iteration-2 · eval-fix-typo', ['with_skill', 'without_skill']],
        ['commit-message · iteration-2 · eval-summarize-diff', ['with_skill', 'without_skill']],
        [`${FINDINGS_WORKSPACE}/commit-message/evals/evals.json`, [`${FINDINGS_WORKSPACE}/commit-message/evals/evals.json`]],
      ],
    );
    const diff = data.groups[1]!;
    assert.equal(diff.eval?.prompt, 'Write a commit message for the staged changes.');
    assert.deepEqual(diff.eval?.turns.map((t) => [t.prompt, t.deliverWhen, t.matches]), [['Use the scope `parser`.', 'agent_asks', '(?i)scope']]);
    const without = data.files[diff.files[1]!]!;
    assert.deepEqual(
      without.findings.map((f) => [f[0], f[7], f[8]]),
      [['stop-evidence', PIN_STOP, 'stop_reason'], ['stop-gate', PIN_STOP, 'stop_reason']],
    );
    const cut = data.files[data.groups[0]!.files[1]!]!;
    assert.equal(cut.parsed, false);
    assert.deepEqual(cut.findings.map((f) => f[0]), ['parse']);
  });

  it('the summary says what every checked file is: an evals.json checked is never "0 evals, 0 runs"', async () => {
    const totals = (html: string) => /<p class="totals">(.*?):/.exec(html)?.[1];
    assert.equal(totals(formatHtml(await checkKeeping([FINDINGS_WORKSPACE]), context)), '5 files checked (2 evals, 4 runs, 1 evals.json file)');
    assert.equal(totals(formatHtml(await checkKeeping(['fixtures/rules/transcript-check-turns']), context)), '2 files checked (2 evals.json files)');
    assert.equal(totals(formatHtml(await checkKeeping(['fixtures/workspace/.eval-magic']), context)), '6 files checked (3 evals, 6 runs)');
  });

  it("groups a workspace of any name (campaign --workspace runs, its iteration's campaign.json) as it groups .eval-magic: by skill, iteration and eval, one column per condition and run", async () => {
    const root = tempDir('eval-magic-html-any-name-');
    cpSync(join(repoRoot, 'fixtures/workspace'), root, { recursive: true });
    const groups = async (workspace: string) => {
      const data = pageData(formatHtml(await checkKeeping([workspace], root), context));
      return data.groups.map((g) => [g.title, g.files.map((i) => data.files[i]!.label)]);
    };
    const named = await groups('.eval-magic');
    assert.ok(named.length > 0 && named.every(([title]) => String(title).startsWith('demo-skill · iteration-1 · eval-')), JSON.stringify(named));
    renameSync(join(root, '.eval-magic'), join(root, 'runs'));
    writeFileSync(join(root, 'runs/demo-skill/iteration-1/campaign.json'), JSON.stringify({
      schema_version: 1, eval_magic_version: '0.1.0', conditions: ['with_skill', 'without_skill'],
      skill: { name: 'demo-skill', source: 'demo-skill', sha256: '0'.repeat(64) }, baseline: null, harness: { name: 'claude-code', descriptor_sha256: null },
      evals: { path: join(root, 'demo-skill/evals/evals.json'), sha256: '0'.repeat(64) }, runs: {}, order: [], model: null,
    }));
    assert.deepEqual(await groups('runs'), named);
  });

  it('embeds each file\'s text exactly, compressed on its own', async () => {
    const report = await checkKeeping([FINDINGS_WORKSPACE]);
    const data = pageData(formatHtml(report, context));
    for (const file of data.files) assert.equal(decodeText(file.z!), readFileSync(join(repoRoot, file.path), 'utf8'), file.path);
  });

  it('keeps artifacts the same through helper threads as on one thread', async () => {
    const one = await checkKeeping(['fixtures/html', 'fixtures/workspace'], repoRoot, 'off');
    const two = await checkKeeping(['fixtures/html', 'fixtures/workspace'], repoRoot, 2);
    assert.ok(one.results.every((r) => r.artifact !== undefined));
    assert.deepEqual(two, one);
  });

  it('without kept artifacts (a library report), lists each file with its findings', () => {
    const data = buildReportData(hostileReport(), context.rules, 't');
    assert.equal(data.groups.length, 3);
    assert.ok(data.files.every((f) => f.z === undefined));
    assert.deepEqual(data.rules.map((r) => [r.id, r.errors, r.warnings]), [['blank-text', 0, 1], ['parse', 1, 0], ['schema', 1, 0]]);
    // No docs base URL in package.json: no web link rather than a dead one.
    assert.ok(data.rules.every((r) => r.help === ''));
  });

  it('keeps two workspaces with the same skill apart', async () => {
    const dir = writeHostileWorkspace();
    const other = writeHostileWorkspace();
    const report = await checkKeeping([dir, other], '/');
    assert.equal(buildReportData(report, context.rules, 't').groups.filter((g) => g.title.startsWith('skill ·')).length, 2);
  });
});

describe('the page', () => {
  it('links rule docs over http(s) only: never a path, a file or a guessed address', () => {
    assert.equal(webLink('https://example.test/docs/rules/x.md'), 'https://example.test/docs/rules/x.md');
    assert.equal(webLink('docs/rules/stop-gate.md'), '');
    assert.equal(webLink('file:///usr/lib/node_modules/eval-magic/docs/rules/stop-gate.md'), '');
    assert.equal(webLink(undefined), '');
    assert.equal(webLink('javascript:alert(1)'), '');
    assert.equal(webLink('data:text/html,x'), '');
  });

  it('allows only its own script and style, by hash, and nothing from the network', () => {
    const hash = (text: string) => createHash('sha256').update(text).digest('base64');
    assert.match(contentSecurityPolicy(), /^default-src 'none'; /);
    assert.ok(contentSecurityPolicy().includes(`script-src 'sha256-${hash(PAGE_SCRIPT)}'`));
    assert.ok(contentSecurityPolicy().includes(`style-src 'sha256-${hash(PAGE_STYLE)}'`));
    assert.match(contentSecurityPolicy(), /trusted-types 'none'/);
    const html = formatHtml(hostileReport(), context);
    assert.ok(html.indexOf('http-equiv="Content-Security-Policy"') < html.indexOf('<style>'));
    assert.ok(html.includes(`<script>${PAGE_SCRIPT}</script>`));
    assert.ok(html.includes(`<style>${PAGE_STYLE}</style>`));
    assert.doesNotMatch(html, /<script[^>]*\ssrc=|<link|@import|url\(/);
  });

  it('the page script has no HTML string sink and no eval', () => {
    assert.doesNotMatch(PAGE_SCRIPT, /innerHTML|outerHTML|insertAdjacentHTML|document\.write|\beval\(|new Function|setTimeout\(['"]/);
  });

  it('embedded data can close no element and holds no raw line separator', () => {
    const text = embedJson({ a: '</script><!-- \u2028\u2029 & >' });
    assert.equal(text, '{"a":"\\u003c/script\\u003e\\u003c!-- \\u2028\\u2029 \\u0026 \\u003e"}');
    assert.deepEqual(JSON.parse(text), { a: '</script><!-- \u2028\u2029 & >' });
  });

  it('hostile artifact text stays data: two script elements, no markup from it, text back exactly once decoded', async () => {
    const dir = writeHostileWorkspace();
    const report = await checkKeeping(['.'], dir);
    const html = formatHtml(report, { ...context, cwd: dir });
    assert.equal(html.match(/<script/g)?.length, 2);
    assert.equal(html.match(/<\/script/gi)?.length, 2);
    assert.doesNotMatch(html, /<img|<svg|<a href="javascript|<!--|[\u2028\u2029\u202e\u001b]/);
    const data = pageData(html);
    const conversation = data.files.find((f) => f.path.endsWith('conversation.json'))!;
    assert.ok(conversation.path.includes('<img src=x onerror=alert(1)>'));
    assert.equal(JSON.parse(decodeText(conversation.z!)).events[0].text, HOSTILE_TEXT);
    assert.equal(data.groups.find((g) => g.eval)!.eval!.prompt, HOSTILE_TEXT);
  });

  it('is written in pieces that join to the same page', async () => {
    const report = await checkKeeping([FINDINGS_WORKSPACE]);
    assert.equal([...streamingFormatters.html!(report, context)].join(''), formatHtml(report, context));
  });
});

describe('--format html', () => {
  it('writes one page to stdout or a file from the command line, keeping the verdict', () => {
    const r = runBin(['check', FINDINGS_WORKSPACE, '--format', 'html'], { cwd: repoRoot });
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^<!DOCTYPE html>/);
    const data = pageData(r.stdout);
    assert.equal(data.files.length, 5);
    assert.ok(data.files.every((f) => typeof f.z === 'string'));
    const out = join(tempDir('em-html-'), 'report.html');
    const toFile = runBin(['check', FINDINGS_WORKSPACE, '-f', `html=${out}`, '-f', 'stylish'], { cwd: repoRoot });
    assert.equal(toFile.code, 1, toFile.stderr);
    assert.match(toFile.stdout, /stop-gate/);
    assert.equal(readFileSync(out, 'utf8'), r.stdout);
  });
});
