// compare's GitHub job summary (the markdown format with `stepSummary`): GitHub drops a step's
// whole summary over 1 MiB, so a comparison of hundreds of evals must keep under it — the answer,
// the overall result, then as many validity problems and evals as fit, and how many were left out.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { compareIterations, type ComparisonDocument } from '../../src/compare/index.js';
import { formatComparisonMarkdown } from '../../src/compare/formats/markdown.js';
import { formatComparisonStylish } from '../../src/compare/formats/stylish.js';
import { STEP_SUMMARY_BYTES } from '../../src/formatters/github-summary.js';
import { comparisonSectionHtml } from '../../src/compare/formats/html.js';
import type { ReportData } from '../../src/formatters/html/model.js';
import { skillShiftsOneAssertion } from './fixture-specs.js';
import { withoutCommandChecks, writeWorkspace } from './workspace.js';

const tmp = mkdtempSync(join(tmpdir(), 'em-summary-'));
after(() => rmSync(tmp, { recursive: true, force: true }));

/** A real comparison (made once; no command_check, a contained shell per run), its evals copied `count` times over (ids e-0…), with `problems` validity problems. */
let compared: Promise<ComparisonDocument> | undefined;
async function largeDocument(count: number, problems: number): Promise<ComparisonDocument> {
  compared ??= (async () => {
    writeWorkspace(tmp, withoutCommandChecks(skillShiftsOneAssertion()));
    return (await compareIterations(['.eval-magic'], { cwd: tmp, writeGrading: false })).document;
  })();
  const document = await compared;
  const evals = Array.from({ length: count }, (_, i) => ({ ...document.evals[i % document.evals.length]!, id: `e-${i}` }));
  const validity = Array.from({ length: problems }, (_, i) => ({ severity: 'warning' as const, code: 'runs-missing' as const, message: `Eval e-${i}: with_skill counts 7 of the 8 runs campaign planned.` }));
  return { ...document, evals, validity };
}

describe("compare's job summary", () => {
  // 500 evals (~1.3 MB of markdown) pass 1 MiB as 3,000 did: the same fitting at a sixth of the cost.
  it('keeps under 1 MiB with hundreds of evals, headline and overall result first, the legend last, and says how many evals it left out', async () => {
    const doc = await largeDocument(500, 0);
    const full = formatComparisonMarkdown(doc);
    assert.ok(Buffer.byteLength(full) > STEP_SUMMARY_BYTES, 'the full markdown is the larger');
    for (const id of ['e-0', 'e-499']) assert.match(full, new RegExp(`### eval ${id}\\n`));
    const summary = formatComparisonMarkdown(doc, { stepSummary: true });
    assert.ok(Buffer.byteLength(summary) <= STEP_SUMMARY_BYTES, `${Buffer.byteLength(summary)} bytes`);
    assert.ok(summary.startsWith(full.slice(0, full.indexOf('### eval'))), 'title, headline and validity as in the full text');
    const shown = summary.match(/^### eval /gm)!.length;
    assert.ok(shown > 100 && shown < 500, `${shown} evals shown`);
    assert.match(summary, new RegExp(`### eval e-${shown - 1}\\n[\\s\\S]*_… and ${500 - shown} more evals, left out: a GitHub job summary holds at most 1 MiB\\.`));
    assert.ok(summary.endsWith(full.slice(full.lastIndexOf('\n', full.lastIndexOf('Bold rows') - 3))), 'the legend ends it');
  });

  // A tenth of the evals under a tenth of the budget: the same fitting, at a tenth of the cost.
  it('keeps under its budget when the evals\' headlines alone pass it (3,500 evals under 1 MiB: GitHub dropped the whole summary), the overall result and the legend still in it', async () => {
    const doc = await largeDocument(350, 10);
    const maxBytes = STEP_SUMMARY_BYTES / 10;
    const full = formatComparisonMarkdown(doc);
    const summary = formatComparisonMarkdown(doc, { stepSummary: true, maxBytes });
    assert.ok(Buffer.byteLength(summary) <= maxBytes, `${Buffer.byteLength(summary)} bytes`);
    const headlines = summary.match(/^\*\*Eval e-\d+: /gm)!.length;
    assert.ok(headlines > 100 && headlines < 350, `${headlines} headlines shown`);
    assert.ok(summary.startsWith(full.slice(0, full.indexOf('**Eval e-0: '))), 'the title first, as in the full text');
    assert.match(summary, new RegExp(`^\\*\\*Eval e-${headlines - 1}: .*\\n\\n_… and ${350 - headlines} more eval headlines, left out: a GitHub job summary holds at most 1 MiB\\.`, 'm'));
    const overall = full.split('\n').find((line) => line.startsWith('Across '))!;
    assert.ok(summary.includes(`\n\n${overall}\n`), 'the overall result after the headlines');
    assert.match(summary, /_10 validity problems, left out: /, 'no room for them either: none shown, so none is "more"');
    assert.match(summary, /_350 evals, left out: /, "no room for the tables");
    assert.ok(summary.endsWith(full.slice(full.lastIndexOf('\n', full.lastIndexOf('Bold rows') - 3))), 'the legend ends it');
  });

  // A step whose summary is nearly full already (earlier commands wrote to it): nothing of a part fits.
  it('shows no empty Validity table and says "N …, left out", not "and N more", when none of a part fits', async () => {
    const doc = await largeDocument(2, 3);
    const summary = formatComparisonMarkdown(doc, { stepSummary: true, maxBytes: 0 });
    assert.doesNotMatch(summary, /\| \| Problem \| Code \|/, 'a table of no rows reads as no problem found');
    assert.doesNotMatch(summary, /and \d+ more/, 'none was shown, so none is "more"');
    assert.match(summary, /^### Validity\n\n_3 validity problems, left out: a GitHub job summary holds at most 1 MiB\./m);
    assert.match(summary, /^_2 eval headlines, left out: /m);
    assert.match(summary, /^_2 evals, left out: /m);
  });

  it('is the full markdown when it fits, and caps a flood of validity problems at half of what is left', async () => {
    const small = await largeDocument(4, 3);
    assert.equal(formatComparisonMarkdown(small, { stepSummary: true }), formatComparisonMarkdown(small));
    const flooded = await largeDocument(50, 20000);
    const summary = formatComparisonMarkdown(flooded, { stepSummary: true });
    assert.ok(Buffer.byteLength(summary) <= STEP_SUMMARY_BYTES);
    assert.match(summary, /_… and \d+ more validity problems, left out: /);
    assert.equal(summary.match(/^### eval /gm)!.length, 50, 'every eval still shown');
  });
});

describe("compare's job summary, validity problems said alike over several evals (one row naming them)", () => {
  /** `groups` problems, each said alike of `per` evals (one row each in every format but json), as doc.validity holds them: one per eval. */
  const alike = (groups: number, per: number): ComparisonDocument['validity'] => Array.from({ length: groups * per }, (_, i) => {
    const group = Math.floor(i / per);
    return { severity: 'warning' as const, code: 'runs-missing' as const, eval: `e-${i}`, message: `Eval e-${i}: with_skill counts ${group} of the ${group + 1} runs campaign planned.` };
  });

  it('counts what it leaves out in validity problems, as the headlines and the json do, not in rows (3 rows of 12 problems were "3 validity problems")', async () => {
    const doc = { ...(await largeDocument(2, 0)), validity: alike(3, 4) };
    const rows = formatComparisonMarkdown(doc).match(/^\| ⚠️ \| Each of evals /gm)!.length;
    assert.equal(rows, 3, 'each group one row');
    const none = formatComparisonMarkdown(doc, { stepSummary: true, maxBytes: 0 });
    assert.match(none, /^### Validity\n\n_12 validity problems, left out: /m);
  });

  it('after the rows it shows: "and N more" counts the problems of the rows left out', async () => {
    const doc = { ...(await largeDocument(2, 0)), validity: alike(20000, 2) };
    const summary = formatComparisonMarkdown(doc, { stepSummary: true });
    const shown = summary.match(/^\| ⚠️ \| Each of evals /gm)!.length;
    assert.ok(shown > 0 && shown < 20000, `${shown} rows shown`);
    assert.match(summary, new RegExp(`_… and ${40000 - 2 * shown} more validity problems, left out: `));
  });
});

describe("the methods note every format ends with", () => {
  it('html says what markdown says of the intervals and tests — that metrics are not Holm-adjusted too — in the same words', async () => {
    const doc = await largeDocument(1, 0);
    const note = 'Rate intervals: Wilson 95 %; delta intervals: Newcombe 95 %. Detectable: the smallest change these runs find with 80 % power. p: two-sided, Fisher exact for rates, Mann–Whitney U for numbers (metrics are not Holm-adjusted).';
    assert.ok(formatComparisonMarkdown(doc).includes(note));
    const html = comparisonSectionHtml(doc, { files: [], groups: [] } as unknown as ReportData);
    assert.ok(html.includes(note), 'the html section holds the note');
    assert.ok(html.indexOf(note) > html.lastIndexOf('cmp-eval'), 'after the tables, as in markdown');
  });
});

describe('the answer first', () => {
  it('markdown and html give the overall result and the skill-invoked rate right after the headline, before validity and the tables', async () => {
    const doc = await largeDocument(30, 2);
    const markdown = formatComparisonMarkdown(doc);
    const overall = markdown.indexOf('Across 1 eval, runs passing every tested assertion'); // the copied evals keep the original's overall result
    assert.ok(overall > markdown.lastIndexOf('**Eval e-29: '), 'after the last headline');
    for (const later of ['### Validity', '### eval e-0', 'Skill invoked']) assert.ok(markdown.indexOf(later) > overall, later);
    assert.ok(markdown.indexOf('Skill invoked') < markdown.indexOf('### Validity'));
    assert.ok(markdown.endsWith('(metrics are not Holm-adjusted)._\n'), 'the note ends it');
    const html = comparisonSectionHtml(doc, { files: [], groups: [] } as unknown as ReportData);
    const htmlOverall = html.indexOf('Across 1 eval');
    assert.ok(htmlOverall > html.lastIndexOf('class="headline"') && htmlOverall < html.indexOf('class="validity"') && html.indexOf('Skill invoked') < html.indexOf('class="validity"'));
  });

  // The user trial: stylish opened with Validity and put the headline at line 82 of 112, under the tables.
  it('stylish opens with the answer too: each eval\'s headline and the overall result, then validity, the tables, tokens and cost, the legend', async () => {
    const copied = await largeDocument(3, 3);
    // Each warning of its eval, as compare makes them: the headline counts those that bear on it.
    const doc = { ...copied, validity: copied.validity.map((v, i) => ({ ...v, eval: `e-${i}` })) };
    const text = formatComparisonStylish(doc, { color: false });
    const at = (piece: string) => {
      const index = text.indexOf(piece);
      assert.ok(index >= 0, `${piece} in:\n${text}`);
      return index;
    };
    const headlines = ['e-0', 'e-1', 'e-2'].map((id) => at(`\nEval ${id}: the skill moved`));
    const order = [at('\neval-magic compare'.slice(1)), ...headlines, at('\nAcross 1 eval'), at('\nSkill invoked'), at('\nValidity\n'), at('\neval e-0 '), at('\neval e-2 '), at('\ntokens and cost'), at('\n* significant after Holm')];
    assert.deepEqual(order, [...order].sort((a, b) => a - b), 'in this order');
    // Each headline's caveat points down to the Validity that now follows it.
    assert.equal(text.slice(0, at('\nValidity\n')).replace(/\s+/g, ' ').match(/1 validity warning bears on it \(runs-missing\): see Validity\./g)?.length, 3);
  });
});

describe('an eval without assertions', () => {
  it('markdown says so, as the terminal and html do, rather than showing its metrics alone', async () => {
    const doc = await largeDocument(1, 0);
    const bare = { ...doc, evals: [{ ...doc.evals[0]!, assertions: [] }] };
    assert.match(formatComparisonMarkdown(bare), /### eval e-0\n\nwith\\_skill: 8 runs · without\\_skill: 8 runs\n\n_No assertions in evals\.json\._\n\n\| Metric \|/);
    assert.match(comparisonSectionHtml(bare, { files: [], groups: [] } as unknown as ReportData), /No assertions in evals\.json\./);
  });
});

describe("compare's markdown on GitHub", () => {
  it('eval and assertion ids and validity messages from evals.json and artifacts notify nobody, link no issue and make no link', async () => {
    const document = await largeDocument(1, 0);
    const hostile = '@octocat fixes #7 via www.evil.example';
    const evals = document.evals.map((e) => ({ ...e, id: hostile, assertions: e.assertions.map((a) => ({ ...a, id: `${a.id} @hubot` })) }));
    const validity = [{ severity: 'warning' as const, code: 'runs-missing' as const, message: `Eval ${hostile}: see https://evil.example` }];
    const md = formatComparisonMarkdown({ ...document, evals, validity });
    assert.match(md, /### eval @<!-- -->octocat fixes \\#<!-- -->7 via www<!-- -->\.evil\.example/);
    assert.match(md, /@<!-- -->hubot/);
    assert.match(md, /https:<!-- -->\/\/evil\.example/);
    for (const text of md.split('<!-- -->')) assert.doesNotMatch(text, /@[a-z0-9]|#[0-9]|:\/\/|www\./i, text);
  });
});

describe("compare's markdown escapes dollars alike in every table", () => {
  it('the metrics table writes \\$ as the tokens table does: two bare $ in one row are a math span on GitHub, which swallowed the costs between them', async () => {
    const plain = await largeDocument(1, 0);
    // Costs the fixture's runs do not report: the metric row and the usage table's.
    const spent = { n: 8, mean: 0.0745, sd: 0.0073, median: 0.0745 };
    const evals = plain.evals.map((e) => ({
      ...e,
      metrics: [...e.metrics.filter((m) => m.id !== 'cost_usd'), { id: 'cost_usd', kind: 'numeric' as const, delta: 0.013, p_value: 0.005, method: 'exact', with_skill: spent, without_skill: spent }],
      usage: Object.fromEntries(Object.entries(e.usage).map(([c, u]) => [c, { ...u, cost_runs: 8, cost_usd: 0.596 }])),
    }));
    const markdown = formatComparisonMarkdown({ ...plain, evals } as ComparisonDocument);
    const costRows = markdown.split('\n').filter((line) => /^\| (cost_usd|cost) \|/.test(line));
    assert.equal(costRows.length, 2, markdown);
    for (const row of costRows) {
      assert.match(row, /\\\$\d/, row);
      assert.doesNotMatch(row, /(?<!\\)\$/, `a bare $ in ${row}`);
    }
  });
});
