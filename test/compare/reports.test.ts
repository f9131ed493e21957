// compare's reports read as a user reads them: every format says the same numbers as the document
// (comparison.json), whatever the workspace holds — wide text, runs without tokens or cost, arms
// without runs — and however the format is reached (the CLI, or the library's comparisonFormatters).
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations, comparisonFormatters } from '../../src/compare/index.js';
import { comparisonSectionHtml } from '../../src/compare/formats/html.js';
import { comparisonHeadlines } from '../../src/compare/headline.js';
import type { ReportData } from '../../src/formatters/html/model.js';
import { terminalWidth } from '../../src/formatters/terminal-width.js';
import { runMain } from '../helpers/cli.js';
import { writeWorkspace, type RunSpec } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'em-reports-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

const reads = { id: 'reads', type: 'transcript_check', check: 'tool_invocation_matches', pattern: '^Read' };
const asks = { id: 'asks', type: 'transcript_check', check: 'assistant_message_matches', pattern: '\\?' };
const yes = (record: Record<string, unknown> = {}): RunSpec => ({ events: [{ user: 'go' }, { tool: 'Read', args: { file_path: 'a' } }, { assistant: 'Should I?' }], record });
const no = (record: Record<string, unknown> = {}): RunSpec => ({ events: [{ user: 'go' }, { assistant: 'done' }], record });

/** Two evals: e1 5/5 vs 1/5 on both assertions, some runs without a cost; e2 3 runs each. */
function workspace(name: string): string {
  const root = join(tmp, name);
  writeWorkspace(root, {
    skill: 's',
    evals: [
      { id: 'e1', prompt: 'go', expected_output: 'done', assertions: [reads, asks] },
      { id: 'e2', prompt: 'go', expected_output: 'done', assertions: [reads] },
    ],
    runs: {
      e1: { with_skill: [yes({ cost_usd: 0.5 }), yes({ cost_usd: 0.25 }), yes(), yes({ cost_usd: 0.25 }), yes({ cost_usd: 1 })], without_skill: [no({ cost_usd: 0.1 }), no({ cost_usd: 0.1 }), no({ cost_usd: 0.1 }), yes({ cost_usd: 0.1 }), no()] },
      e2: { with_skill: [yes(), no(), yes({ tokens: null })], without_skill: [no(), no(), yes()] },
    },
  });
  return root;
}

const context = (cwd: string) => ({ cwd, rules: {}, toolVersion: '0.0.0', color: false });

describe('the html report of a comparison', () => {
  it("counts the runs that failed an assertion from the row, also when the library's caller gives the page no run records (it said 'no run failed' beside 1/5)", async () => {
    const root = workspace('html-no-records');
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
    const page = [...comparisonFormatters.html!({ document, report, context: context(root) })].join('');
    const failing = page.match(/<ul class="failing">.*?<\/ul>/g)!;
    // e1's reads: 5/5 vs 1/5, so 4 control runs failed it.
    assert.equal(failing[0], '<ul class="failing"><li><b>with_skill</b>: no run failed</li><li><b>without_skill</b>: failed in 4 (4 not linked: the page was given no grading of them)</li></ul>');
  });
});

describe('the html report of a comparison: escaping', () => {
  it('escapes a p below 0.001, of an assertion and of a metric ("<0.001" was written raw into the page, an HTML parse error)', async () => {
    const root = workspace('html-metric-p');
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
    const e = document.evals[0]!;
    const doc = { ...document, evals: [{ ...e, assertions: e.assertions.map((a) => ({ ...a, p_value: 0.0002, p_holm: 0.0004 })), metrics: e.metrics.map((m) => ({ ...m, p_value: 0.0002 })) }, ...document.evals.slice(1)] };
    const page = [...comparisonFormatters.html!({ document: doc, report, context: context(root) })].join('');
    assert.match(page, /<td>&lt;0\.001<\/td><\/tr>/);
    assert.match(page, /<span class="p" data-label="p \(Holm\)">&lt;0\.001<\/span>/);
    assert.doesNotMatch(page, /><0\.001/);
  });

  it("shows an assertion id's `::` as the text has it (a page is no CI log: it read 'std\\u003a:fs', where the CI escape had reached it), its controls still as visible escapes", async () => {
    const root = workspace('html-colons');
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
    const e = document.evals[0]!;
    const doc = { ...document, evals: [{ ...e, assertions: e.assertions.map((a, i) => (i === 0 ? { ...a, id: 'std::fs\u001b[31m' } : a)) }, ...document.evals.slice(1)] };
    const page = [...comparisonFormatters.html!({ document: doc, report, context: context(root) })].join('');
    assert.match(page, /std::fs\\u001b\[31m/);
    assert.doesNotMatch(page, /u003a/);
  });
});

describe('the html comparison section at scale', () => {
  it("links each eval to its transcripts by its runs' files, not by searching every group for every eval (quadratic: 3,000 evals took 19 s)", async () => {
    const root = workspace('html-scale');
    const { document } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false });
    // 300 evals, each run file in a group of its eval's, counted as the section reads the groups.
    const count = 300;
    const evals = Array.from({ length: count }, (_, i) => {
      const e = document.evals[i % 2]!;
      return { ...e, id: `x-${i}`, run_list: e.run_list.map((r) => ({ ...r, path: r.path.replace(`eval-${e.id}/`, `eval-x-${i}/`) })) };
    });
    let reads = 0;
    const files: Array<{ path: string; group: number; marks: [] }> = [];
    const groups = evals.map((e, g) => {
      const group = { title: e.id, files: e.run_list.map((r) => files.push({ path: r.path, group: g, marks: [] }) - 1), errors: 0, warnings: 0 };
      return new Proxy(group, { get: (target, key) => (key === 'files' && reads++, Reflect.get(target, key)) });
    });
    const section = comparisonSectionHtml({ ...document, evals }, { files, groups } as unknown as ReportData);
    assert.deepEqual([...section.matchAll(/<h2>eval (x-\d+) <a href="#g-(\d+)">transcripts<\/a><\/h2>/g)].map((m) => [m[1], m[2]]), evals.map((e, g) => [e.id, String(g)]));
    assert.ok(reads <= count, `${reads} reads of the groups' files for ${count} evals`);
  });
});

describe('the terminal report of a comparison', () => {
  it('measures text in terminal columns: wide characters and emoji two, accents and ZWJ sequences as one character', () => {
    const cases: Array<[string, number]> = [['asks', 4], ['日本語', 6], ['ｶﾀｶﾅ', 4], ['ＡＢ', 4], ['e\u0301', 1], ['👍', 2], ['👨\u200d👩\u200d👧', 2], ['☺\ufe0f', 2], ['한국어', 6], ['\u{20000}', 2], ['✅ ok', 5], ['a\u00adb', 3], ['🇯🇵', 2], ['a\u2060b', 2]];
    for (const [text, width] of cases) assert.equal(terminalWidth(text), width, JSON.stringify(text));
  });

  it("lines its tables up and keeps to 100 columns when ids are CJK or emoji (a CJK id's row was shifted by a column per character, its line past 100)", async () => {
    const root = join(tmp, 'wide');
    const ids = ['読み込みを確認する', 'asks', '✅ 👍 e\u0301', '長い'.repeat(30)];
    const assertions = ids.map((id, i) => ({ id, type: 'transcript_check', check: i === 1 ? 'assistant_message_matches' : 'tool_invocation_matches', pattern: i === 1 ? '\\?' : '^Read' }));
    writeWorkspace(root, { skill: 's', evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions }], runs: { e1: { with_skill: Array.from({ length: 6 }, () => yes()), without_skill: Array.from({ length: 6 }, () => no()) } } });
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false });
    const text = [...comparisonFormatters.stylish!({ document, report, context: context(root) })].join('');
    const lines = text.split('\n');
    for (const line of lines) assert.ok(terminalWidth(line) <= 100, `${terminalWidth(line)} columns: ${line}`);
    // Where each row's first count starts, in columns: the same for every row, and under its header.
    const header = lines.find((l) => l.startsWith('  assertion '))!;
    const column = terminalWidth(header.slice(0, header.indexOf('with_skill')));
    const rows = lines.filter((l) => /(BETTER|no change|moved, too few runs)$/.test(l));
    assert.equal(rows.length, 4);
    for (const row of rows) assert.equal(terminalWidth(row.slice(0, row.search(/\d\/6 /))), column, row);
    // The long id, on lines of its own above its row, cut between characters.
    assert.equal(lines.filter((l) => l.includes('長い')).map((l) => l.replace(/^[* ] /, '')).join('').replace(/ .*/, '').startsWith('長い'.repeat(30)), true);
  });
});

describe('the terminal report with long condition names', () => {
  it('keeps to 100 columns when the arms are named long (campaign.json or folder names of 38 characters made the tables 120–133 columns): the tables head them treatment and control', async () => {
    const root = join(tmp, 'long-arms');
    const conditions: [string, string] = ['with-skill-candidate-2025-12-01-build-7', 'baseline-previous-release-2025-11-01-b6'];
    writeWorkspace(root, { skill: 's', conditions, evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [reads, asks] }], runs: { e1: { [conditions[0]]: [yes(), yes(), yes()], [conditions[1]]: [no(), no(), yes()] } } });
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false });
    const lines = [...comparisonFormatters.stylish!({ document, report, context: context(root) })].join('').split('\n');
    for (const line of lines) assert.ok(terminalWidth(line) <= 100, `${terminalWidth(line)} columns: ${line}`);
    assert.ok(lines.some((l) => /^ {2}assertion +treatment +control +delta/.test(l)), lines.join('\n'));
    // The names themselves are said where they fit: the first line, and the eval's run counts.
    assert.match(lines.slice(0, 2).join(' '), /with-skill-candidate-2025-12-01-build-7 \(treatment\) vs +baseline-previous-release-2025-11-01-b6 \(control\)/);
  });
});

describe('the terminal report of what each arm spent', () => {
  it('ends with the tokens and cost per arm over every eval, and how many runs reported them (it showed only per-run medians, a run without a cost unseen)', async () => {
    const root = workspace('stylish-usage');
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false });
    const lines = [...comparisonFormatters.stylish!({ document, report, context: context(root) })].join('').split('\n');
    const from = lines.findIndex((l) => l.startsWith('tokens and cost'));
    assert.ok(from > lines.findIndex((l) => l.startsWith('Skill invoked')), 'after the answer and the overall lines');
    // By hand: e2's third treatment run reported no tokens; 4 runs of each arm a cost ($0.5 + $0.25 + $0.25 + $1 over the 8 assertions those runs passed).
    assert.deepEqual(lines.slice(from, from + 9).map((l) => l.split(/ {2,}/)), [
      ['tokens and cost, every eval (2)', 'with_skill', 'without_skill'],
      ['runs (with tokens, with cost)', '8 (7, 4)', '8 (8, 4)'],
      ['input tokens', '7,011', '8,013'],
      ['output tokens', '1,411', '1,613'],
      ['cache read tokens', '–', '–'],
      ['cache write tokens', '–', '–'],
      ['reasoning tokens', '–', '–'],
      ['cost', '$2.00', '$0.40'],
      ['cost per passed assertion', '$0.25', '$0.20'],
    ]);
    // An eval whose runs were all left out (taken out of evals.json) spent nothing counted here: it has
    // no counted runs of both arms, and is not counted among the evals.
    const first = document.evals[0]!;
    const gone = { ...document, evals: document.evals.map((e, i) => (i === 0 ? { ...e, runs: { with_skill: 0, without_skill: 0 } } : e)), overall: { ...document.overall, evals_left_out: [{ id: first.id, skill: first.skill, reason: 'no counted run in either arm' }] } };
    const title = (doc: typeof document) => [...comparisonFormatters.stylish!({ document: doc, report, context: context(root) })].join('').split('\n').find((l) => l.startsWith('tokens and cost'));
    assert.match(title(gone) ?? '', /^tokens and cost, the eval with counted runs of both arms \(of 2\) {2,}with_skill/);
    // A document older eval-magic wrote, without evals_left_out, summed every counted run: said so.
    const { evals_left_out: _, ...older } = gone.overall;
    assert.match(title({ ...gone, overall: older }) ?? '', /^tokens and cost, the eval with counted runs \(of 2\) {2,}with_skill/);
  });
});

describe('the markdown report of a comparison', () => {
  it('says what each arm spent, per eval and over every eval, as html does (it had no tokens or cost but the per-run medians)', async () => {
    const root = workspace('markdown-usage');
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false });
    const text = [...comparisonFormatters.markdown!({ document, report, context: context(root) })].join('');
    const table = (after: string) => {
      const from = text.indexOf('| Tokens and cost |', text.indexOf(after));
      return text.slice(from, text.indexOf('\n\n', from)).split('\n');
    };
    // Worked by hand from the workspace: e1's runs j = 0…4 have 1000 + j input and 200 + j output tokens; the priced runs' dollars over the assertions they passed.
    assert.deepEqual(table('### eval e1'), [
      '| Tokens and cost | with\\_skill | without\\_skill |',
      '|---|---|---|',
      '| runs (with tokens, with cost) | 5 (5, 4) | 5 (5, 4) |',
      '| input tokens | 5,010 | 5,010 |',
      '| output tokens | 1,010 | 1,010 |',
      '| cache read tokens | – | – |',
      '| cache write tokens | – | – |',
      '| reasoning tokens | – | – |',
      '| cost | \\$2.00 | \\$0.40 |',
      '| cost per passed assertion | \\$0.25 | \\$0.20 |',
    ]);
    // e2's third treatment run reported no tokens: 7 of 8 with tokens, and their sum only.
    assert.deepEqual(table('### Tokens and cost, every eval').slice(2, 5), ['| runs (with tokens, with cost) | 8 (7, 4) | 8 (8, 4) |', '| input tokens | 7,011 | 8,013 |', '| output tokens | 1,411 | 1,613 |']);
    assert.ok(text.indexOf('### Tokens and cost, every eval') > text.lastIndexOf('### eval e2'), 'after the evals, as in html');
  });
});

describe('the reports of evals that cannot reach alpha', () => {
  it('say what to do (runs per condition, a new iteration) once, the other evals pointing to it, where the json gives it to every eval', async () => {
    const root = join(tmp, 'underpowered-advice');
    // Runs of each eval of its own count: each warning says other runs and p, so none is said for another.
    const runs = { e1: 2, e2: 3, e3: 1 };
    writeWorkspace(root, {
      skill: 's',
      evals: ['e1', 'e2', 'e3'].map((id) => ({ id, prompt: 'go', expected_output: 'done', assertions: [reads] })),
      runs: Object.fromEntries(Object.entries(runs).map(([id, n]) => [id, { with_skill: Array.from({ length: n }, () => yes()), without_skill: Array.from({ length: n }, () => no()) }])),
    });
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
    const shown = (format: string) => [...comparisonFormatters[format]!({ document, report, context: context(root) })].join('');
    const advice = /campaign\s+--runs\s+\d+/g;
    const json = JSON.parse(shown('json')) as { validity: Array<{ code: string; eval?: string; message: string }> };
    const underpowered = json.validity.filter((v) => v.code === 'underpowered');
    assert.deepEqual(underpowered.map((v) => [v.eval, (v.message.match(advice) ?? []).length]), [['e1', 1], ['e2', 1], ['e3', 1]]);
    for (const format of ['stylish', 'markdown', 'html']) {
      const text = shown(format);
      assert.equal((text.match(advice) ?? []).length, 1, format);
      assert.equal((text.match(/What\s+to\s+do:\s+as\s+said\s+for\s+eval\s+e1\./g) ?? []).length, 2, format);
    }
  });
});

describe('the reports of evals that say one validity problem alike', () => {
  // The user trial: three evals of 3 runs each, three underpowered paragraphs that differed only in the eval's name.
  it('say it once naming the evals, in every report (the json keeps one per eval)', async () => {
    const root = join(tmp, 'underpowered-alike');
    writeWorkspace(root, {
      skill: 's',
      evals: ['e1', 'e2', 'e3'].map((id) => ({ id, prompt: 'go', expected_output: 'done', assertions: [reads] })),
      runs: Object.fromEntries(['e1', 'e2', 'e3'].map((id) => [id, { with_skill: [yes(), yes()], without_skill: [no(), no()] }])),
    });
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
    const shown = (format: string) => [...comparisonFormatters[format]!({ document, report, context: context(root) })].join('');
    const json = JSON.parse(shown('json')) as { validity: Array<{ code: string; eval?: string; message: string }> };
    assert.deepEqual(json.validity.filter((v) => v.code === 'underpowered').map((v) => v.eval), ['e1', 'e2', 'e3']);
    for (const format of ['stylish', 'markdown', 'html']) {
      const text = shown(format).replace(/\s+/g, ' ');
      assert.equal((text.match(/campaign --runs \d+/g) ?? []).length, 1, format);
      assert.equal((text.match(/come out significant at alpha/g) ?? []).length, 1, format);
      assert.match(text, /Each of evals e1, e2 and e3: with 2 and 2 runs, no assertion can come out significant at alpha 0\.05/, format);
      assert.doesNotMatch(text, /What to do: as said/, format);
    }
    // Each eval's headline still counts the warning that bears on it.
    for (const line of comparisonHeadlines(document)) assert.match(line, /Caveat: 1 validity warning bears on it \(underpowered\)/);
  });
});

describe('the advice of an eval with its own "runs" in evals.json', () => {
  // The user trial: campaign --runs 6 planned explain-format 3 (its own "runs" overrides --runs), and compare said "campaign --runs 6" again.
  it('names raising that eval\'s "runs" in evals.json, not campaign --runs, which sets only the evals without their own', async () => {
    const root = join(tmp, 'own-runs-advice');
    writeWorkspace(root, {
      skill: 's',
      evals: [{ id: 'own', prompt: 'go', expected_output: 'done', runs: 2, assertions: [reads] }, { id: 'plain', prompt: 'go', expected_output: 'done', assertions: [reads] }],
      runs: Object.fromEntries(['own', 'plain'].map((id) => [id, { with_skill: [yes(), yes()], without_skill: [no(), no()] }])),
    });
    const { document } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
    const advice = (id: string) => document.validity.find((v) => v.code === 'underpowered' && v.eval === id);
    assert.match(advice('plain')!.message, /: a new iteration \(campaign --runs 5\), not runs added to these/);
    const own = advice('own')!;
    assert.doesNotMatch(own.message, /campaign --runs 5\)/, own.message);
    assert.match(own.message, /: a new iteration with "runs": 5 in this eval's entry of evals\.json \(campaign --runs sets only the evals without their own "runs"\), not runs added to these/);
    assert.ok(own.message.endsWith(` ${own.advice}`), 'its advice apart, as the others\'');
  });

  // review47: campaign planned 8 runs per arm, 5 of each were interrupted, and the advice was a new iteration of 4 ("runs": 4 lowered the eval's 8).
  const interrupted = { status: 'aborted', abort_reason: 'interrupted', message: 'eval-magic was interrupted (Ctrl-C)' };
  const cutShort = (id: string, runs?: number) => ({
    evals: [{ id, prompt: 'go', expected_output: 'done', ...(runs !== undefined ? { runs } : {}), assertions: [reads] }],
    runs: { [id]: { with_skill: [yes(), yes(), yes(), ...Array.from({ length: 5 }, () => yes(interrupted))], without_skill: [no(), no(), no(), ...Array.from({ length: 5 }, () => no(interrupted))] } },
  });
  for (const [label, id, runs] of [['its own "runs": 8', 'own', 8], ['campaign --runs 8', 'plain', undefined]] as const) {
    it(`says to make the planned runs not counted when campaign already planned enough (${label}), not a new iteration of fewer`, async () => {
      const root = join(tmp, `planned-enough-${id}`);
      writeWorkspace(root, { skill: 's', ...cutShort(id, runs) });
      const { document } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
      const warning = document.validity.find((v) => v.code === 'underpowered' && v.eval === id)!;
      assert.doesNotMatch(warning.message, /a new iteration|campaign --runs 4|"runs": 4/, warning.message);
      assert.match(warning.message, /At least 4 runs per condition are needed, in every eval, for any assertion to reach it, and campaign planned 8 per condition: make the planned runs not counted \(the same campaign command again — every shard of it, if it was sharded — makes every run not done: aborted, interrupted or not yet made\) — no new iteration\.$/);
      assert.ok(warning.message.endsWith(` ${warning.advice}`), 'its advice apart');
    });
  }
});

describe('the planned-runs advice holds only where one plan\'s runs are what is missing (review49)', () => {
  const interrupted = { status: 'aborted', abort_reason: 'interrupted', message: 'eval-magic was interrupted (Ctrl-C)' };
  it('iterations pooled: their plans summed are no campaign\'s plan, so the advice is a new iteration, not "campaign planned 6"', async () => {
    const root = join(tmp, 'planned-pooled');
    writeWorkspace(root, { skill: 's', evals: [{ id: 'plain', prompt: 'go', expected_output: 'done', assertions: [reads] }], runs: { plain: { with_skill: [yes(), yes(), yes()], without_skill: [no(), no(), no()] } } });
    const other = join(tmp, 'planned-pooled-2');
    writeWorkspace(other, { skill: 's', evals: [{ id: 'plain', prompt: 'go', expected_output: 'done', assertions: [reads] }], runs: { plain: { with_skill: Array.from({ length: 3 }, () => yes(interrupted)), without_skill: Array.from({ length: 3 }, () => no(interrupted)) } } });
    cpSync(join(other, '.eval-magic/s/iteration-1'), join(root, '.eval-magic/s/iteration-2'), { recursive: true });
    const { document } = await compareIterations(['.eval-magic/s/iteration-1', '.eval-magic/s/iteration-2'], { cwd: root, writeGrading: false });
    const warning = document.validity.find((v) => v.code === 'underpowered')!;
    assert.doesNotMatch(warning.message, /campaign planned 6/, warning.message);
    assert.match(warning.message, /a new iteration \(campaign --runs 4\)/, warning.message);
  });

  it('runs the config leaves out: campaign would make them again and the config leave them out again, so not "make the planned runs"', async () => {
    const root = join(tmp, 'planned-ignored');
    writeWorkspace(root, { skill: 's', evals: [{ id: 'plain', prompt: 'go', expected_output: 'done', assertions: [reads] }], runs: { plain: { with_skill: [yes(), yes(), yes(), yes()], without_skill: [no(), no(), no(), no()] } } });
    writeFileSync(join(root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/run-4/**'] }));
    const { document } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false });
    const warning = document.validity.find((v) => v.code === 'underpowered')!;
    assert.doesNotMatch(warning.message, /make the planned runs/, warning.message);
  });
});

describe('the own-runs advice said of several evals (review47)', () => {
  const shownIn = async (root: string) => {
    const { document, report } = await compareIterations(['.eval-magic'], { cwd: root, writeGrading: false, keepArtifacts: true });
    // Quotes as the markdown and html reports escape them, read back.
    return (format: string) => [...comparisonFormatters[format]!({ document, report, context: context(root) })].join('').replace(/\s+/g, ' ').replace(/&quot;/g, '"').replace(/&apos;|&#39;/g, "'");
  };

  it('says "runs" set in each one\'s entry where evals said alike are one warning, not "this eval\'s entry"', async () => {
    const root = join(tmp, 'own-runs-alike');
    writeWorkspace(root, {
      skill: 's',
      evals: ['e1', 'e2', 'e3'].map((id) => ({ id, prompt: 'go', expected_output: 'done', runs: 2, assertions: [reads] })),
      runs: Object.fromEntries(['e1', 'e2', 'e3'].map((id) => [id, { with_skill: [yes(), yes()], without_skill: [no(), no()] }])),
    });
    const shown = await shownIn(root);
    for (const format of ['stylish', 'markdown', 'html']) {
      const text = shown(format);
      assert.match(text, /Each of evals e1, e2 and e3: with 2 and 2 runs, .* a new iteration with "runs": 5 in each one's entry of evals\.json \(campaign --runs sets only/, format);
      assert.doesNotMatch(text, /this eval's entry/, format);
    }
  });

  it('points back to the first in words that name the eval\'s own entry, not eval first\'s', async () => {
    const root = join(tmp, 'own-runs-pointer');
    writeWorkspace(root, {
      skill: 's',
      evals: [{ id: 'first', prompt: 'go', expected_output: 'done', runs: 3, assertions: [reads] }, { id: 'second', prompt: 'go', expected_output: 'done', runs: 2, assertions: [reads] }],
      runs: { first: { with_skill: [yes(), yes(), yes()], without_skill: [no(), no(), no()] }, second: { with_skill: [yes(), yes()], without_skill: [no(), no()] } },
    });
    const shown = await shownIn(root);
    for (const format of ['stylish', 'markdown', 'html']) {
      assert.match(shown(format), /Eval second: with 2 and 2 runs, .* What to do: as said for eval first, "runs" set in this eval's entry of evals\.json\./, format);
    }
  });
});

describe('the html page names files as the rest of the report does', () => {
  it("shows the eval's place in evals.json relative, as check's page does (compare's page embedded the absolute path of the evals.json it graded by)", async () => {
    const root = workspace('html-relative-evals');
    for (const args of [['compare', '.eval-magic', '--no-grading'], ['compare', '.eval-magic', '--no-grading', '--evals', 's/evals/evals.json'], ['check', '.eval-magic']]) {
      const run = await runMain([...args, '-f', 'html=page.html'], { cwd: root });
      assert.ok(run.code === 0 || run.code === 1, run.stderr);
      const page = readFileSync(join(root, 'page.html'), 'utf8');
      assert.ok(page.includes('"at":"s/evals/evals.json:'), `${args.join(' ')}: ${/"at":"[^"]*"/.exec(page)?.[0]}`);
      assert.ok(!page.includes(root), `${args.join(' ')}: the page names ${root}`);
    }
  });
});

describe("compare's exit and what it says of it", () => {
  it('says each reason it exits 1 for: a validity error no longer hides --fail-on no-change (stderr named the error alone)', async () => {
    const root = join(tmp, 'exit-reasons');
    const broken: RunSpec = { events: [], rawConversation: '{"status":' };
    writeWorkspace(root, {
      skill: 's',
      evals: [{ id: 'e1', prompt: 'go', expected_output: 'done', assertions: [reads] }],
      runs: { e1: { with_skill: [yes(), yes(), yes(), no()], without_skill: [no(), no(), yes(), broken] } },
    });
    const run = await runMain(['compare', '.eval-magic', '--no-grading', '--fail-on', 'no-change', '-f', 'json=comparison.json'], { cwd: root });
    assert.equal(run.code, 1);
    assert.equal(run.stderr, [
      'eval-magic: 1 validity error (artifacts-excluded): see Validity in the report before trusting the comparison.',
      'eval-magic: --fail-on no-change: no assertion is significantly better with with_skill.',
      '',
    ].join('\n'));
  });
});
