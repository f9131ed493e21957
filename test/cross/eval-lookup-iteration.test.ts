// The runs of an iteration found by one search are answered once (once per eval folder): every
// answer must equal the one the lookup makes for each run alone.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { it } from 'node:test';
import { check, type CheckOptions } from '../../src/index.js';
import type { EvalLookupResult } from '../../src/checker/cross/eval-lookup.js';
import { fullRun, scheduleEvals } from '../helpers/cross-cases.js';
import { layout } from '../helpers/rule-tester.js';

function tree(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-iteration-answers-'));
  for (const [path, value] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), layout(value));
  }
  return root;
}

/** Each conversation's lookup and findings, for `paths` checked together. */
async function answers(root: string, paths: string[], options: CheckOptions = {}) {
  const lookups: Record<string, EvalLookupResult> = {};
  const report = await check(paths, { cwd: root, onEvalLookup: (file, r) => void (lookups[file] = r), ...options });
  return { lookups, findings: report.results.flatMap((r) => r.messages.map((m) => `${r.filePath} ${m.ruleId}`)).sort() };
}

/** The same conversations, each looked up alone: named one by one (no search, nothing kept between runs of an iteration). */
async function oneByOne(root: string, files: string[], options: CheckOptions = {}) {
  const all = { lookups: {} as Record<string, EvalLookupResult>, findings: [] as string[] };
  for (const file of files) {
    const { lookups, findings } = await answers(root, [file], options);
    Object.assign(all.lookups, lookups);
    all.findings.push(...findings);
  }
  return { lookups: all.lookups, findings: all.findings.sort() };
}

const RUNS = [
  // Two skills, two iterations of one: each iteration's answers are its own.
  '.eval-magic/a/iteration-1/eval-s/with_skill/run-1/conversation.json',
  '.eval-magic/a/iteration-1/eval-s/with_skill/run-2/conversation.json',
  '.eval-magic/a/iteration-1/eval-gone/without_skill/run-1/conversation.json',
  '.eval-magic/a/iteration-2/eval-s/with_skill-1/conversation.json',
  '.eval-magic/b/iteration-1/eval-s/with_skill/run-1/conversation.json',
  '.eval-magic/b/iteration-1/eval-s/without_skill/run-1/conversation.json',
  // An evals.json inside an eval folder (an agent's): that iteration's runs differ by eval folder.
  '.eval-magic/c/iteration-1/eval-s/with_skill/run-1/conversation.json',
  '.eval-magic/c/iteration-1/eval-t/with_skill/run-1/conversation.json',
];

it("an iteration's runs found by one search get the answers each gets alone: two skills, two iterations, an evals.json below an iteration", async () => {
  const files: Record<string, unknown> = { 'a/evals/evals.json': scheduleEvals(), '.eval-magic/c/iteration-1/eval-s/evals.json': scheduleEvals() };
  for (const run of RUNS) files[run] = fullRun;
  const root = tree(files);
  const alone = await oneByOne(root, RUNS);
  // The eval folders holding runs are matched by the path: "s" found, "gone" missing; b's runs have no evals.json.
  assert.match(alone.lookups[RUNS[0]!]!.note, /^eval "s" at a\/evals\/evals\.json/);
  assert.match(alone.lookups[RUNS[2]!]!.note, /folder eval-gone names an eval that a\/evals\/evals\.json does not have/);
  assert.match(alone.lookups[RUNS[4]!]!.note, /no evals\.json/);
  assert.notEqual(alone.lookups[RUNS[6]!]!.note, alone.lookups[RUNS[7]!]!.note);
  for (const options of [{}, { concurrency: 2 as const }]) {
    assert.deepEqual(await answers(root, ['.'], options), alone);
    assert.deepEqual(await answers(root, ['.eval-magic/a', '.eval-magic'], options), alone);
  }
});

it('with --evals, runs found by two searches are each held to their own search root; an eval folder named through a link is answered where it really is', async () => {
  const root = tree({ 'defs/evals.json': scheduleEvals(), 'elsewhere/eval-s/with_skill/run-1/conversation.json': fullRun, ...Object.fromEntries(RUNS.map((run) => [run, fullRun])) });
  symlinkSync(join(root, 'elsewhere/eval-s'), join(root, '.eval-magic/a/iteration-1/eval-linked'));
  const evals = { evals: 'defs/evals.json' };
  const searched = await answers(root, ['.eval-magic/a/iteration-1', '.eval-magic/b', '.eval-magic/a/iteration-1/eval-linked'], evals);
  const linked = '.eval-magic/a/iteration-1/eval-linked/with_skill/run-1/conversation.json';
  // The link is not entered by the search of its iteration; named, it is looked up where it leads (no workspace there).
  assert.equal(searched.lookups[linked]?.workspace, undefined);
  assert.deepEqual(Object.keys(searched.lookups).sort(), [...RUNS.filter((r) => /\/(a\/iteration-1|b)\//.test(r)), linked].sort());
  // Each searched run alone, searched from the folder that found it.
  const alone = { lookups: {} as Record<string, EvalLookupResult>, findings: [] as string[] };
  for (const file of Object.keys(searched.lookups)) {
    const from = ['.eval-magic/a/iteration-1/eval-linked', '.eval-magic/a/iteration-1', '.eval-magic/b'].find((f) => file.startsWith(`${f}/`))!;
    const one = await answers(root, [from], { ...evals, ignore: RUNS.concat(linked).filter((r) => r !== file && r.startsWith(`${from}/`)) });
    alone.lookups[file] = one.lookups[file]!;
    alone.findings.push(...one.findings);
  }
  assert.deepEqual(searched, { lookups: alone.lookups, findings: alone.findings.sort() });
});
