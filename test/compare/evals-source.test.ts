// compare's evals.json is read once: the checker's eval lookup and the grading share the read, so
// a run is checked and graded by the same bytes even if the file changes in between.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { ArtifactChecker, discoverInChunks } from '../../src/checker/index.js';
import { EvalsSource } from '../../src/compare/evals-source.js';
import { compareIterations } from '../../src/compare/index.js';
import { check } from '../../src/index.js';
import { planJudgments } from '../../src/judge/plan.js';
import { COMPARE_OPTION_NAMING } from '../../src/compare/options.js';
import { sha256 } from '../../src/fs/file-tree.js';
import type { Iteration, RunLocation } from '../../src/workspace/locate.js';
import { fullRun, scheduleEvals } from '../helpers/cross-cases.js';
import { layout } from '../helpers/rule-tester.js';
import { runMain } from '../helpers/cli.js';
import { copyWithoutCommandChecks } from './workspace.js';

const RUN = '.eval-magic/demo/iteration-1/eval-s/with_skill/run-1';
const edited = scheduleEvals({ prompt: 'Plan a sync.' });

function workspace(): { root: string; iteration: Iteration; location: RunLocation } {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-evals-source-'));
  for (const [path, value] of Object.entries({ 'demo/evals/evals.json': scheduleEvals(), [`${RUN}/conversation.json`]: fullRun })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), layout(value));
  }
  const iteration: Iteration = { dir: join(root, '.eval-magic/demo/iteration-1') };
  return { root, iteration, location: { iteration, evalId: 's', condition: 'with_skill', run: 1, dir: join(root, RUN), hasConversation: true } };
}

/** The rule ids check finds in the run's conversation, with the source's reads. */
async function findings(root: string, source: EvalsSource, evals?: string): Promise<Array<string | null>> {
  const ids: Array<string | null> = [];
  const checker = new ArtifactChecker({ cwd: root, evals, reads: source.reads, names: COMPARE_OPTION_NAMING.flags });
  for await (const chunk of discoverInChunks(['.eval-magic'], { cwd: root })) for (const file of chunk) ids.push(...checker.check(file).result.messages.map((m) => m.ruleId));
  return ids;
}

describe("compare's evals.json, read once", () => {
  it('read for grading first (--evals, campaign.json), the checker judges the same bytes', async () => {
    const { root, iteration, location } = workspace();
    const evals = join(root, 'demo/evals/evals.json');
    const source = new EvalsSource([iteration], evals, root, '--evals');
    writeFileSync(evals, layout(edited));
    assert.deepEqual(await findings(root, source, evals), []);
    const graded = source.forRun(location);
    assert.equal(graded.evals && graded.evalCase?.prompt, 'Plan a meeting.');
    // A source of its own reads the file as it is now.
    assert.deepEqual(await findings(root, new EvalsSource([iteration], evals, root, '--evals'), evals), ['eval-prompt']);
  });
  it('found by the checker first (no campaign.json), grading uses the bytes it read', async () => {
    const { root, iteration, location } = workspace();
    const source = new EvalsSource([iteration], undefined, root, '--evals');
    assert.deepEqual(await findings(root, source), []);
    writeFileSync(join(root, 'demo/evals/evals.json'), layout(edited));
    const graded = source.forRun(location, { path: 'demo/evals/evals.json' });
    assert.equal(graded.evals && graded.evalCase?.prompt, 'Plan a meeting.');
  });
});

describe("compare's threads and the main thread's validation of evals.json", () => {
  it('a thread only parses bytes whose digest the main thread validated; other bytes are validated again', () => {
    const { root, iteration } = workspace();
    const evals = join(root, 'demo/evals/evals.json');
    const validated = new EvalsSource([iteration], evals, root, '--evals').validatedDigests();
    assert.deepEqual(Object.keys(validated), [evals]);
    // Bytes changed since the main thread validated them (an id that is not a string): validated again, and refused.
    const doc = JSON.parse(readFileSync(evals, 'utf8')) as { evals: Array<{ id: unknown }> };
    doc.evals[0]!.id = 7;
    writeFileSync(evals, JSON.stringify(doc));
    assert.throws(() => new EvalsSource([iteration], evals, root, '--evals', validated), /is not a valid evals\.json/);
    // Trust is by digest alone: these very bytes, said to be validated, are only parsed.
    assert.doesNotThrow(() => new EvalsSource([iteration], evals, root, '--evals', { [evals]: sha256(readFileSync(evals)) }));
  });
});

describe("check and compare take the same evals.json for a campaign's runs", () => {
  const fixture = new URL('../../fixtures/compare/skill-shifts-one-assertion/', import.meta.url).pathname;
  const ITERATION = '.eval-magic/ask-before-editing/iteration-1';
  const NAMED = 'ask-before-editing/evals/evals.json';

  /**
   * The fixture's workspace in a repository of its own, its campaign.json's evals.path replaced by
   * `path`; without its command_check, which every compare that counts the runs ran for each of them.
   */
  function campaignWorkspace(path?: string): string {
    const root = copyWithoutCommandChecks(fixture, mkdtempSync(join(tmpdir(), 'eval-magic-agree-')), 'ask-before-editing');
    mkdirSync(join(root, '.git'));
    if (path !== undefined) {
      const record = join(root, ITERATION, 'campaign.json');
      const campaign = JSON.parse(readFileSync(record, 'utf8')) as { evals: { path: string } };
      writeFileSync(record, JSON.stringify({ ...campaign, evals: { ...campaign.evals, path } }, null, 2) + '\n');
    }
    return root;
  }

  /** Why judge judges none of the runs, or 'planned'. */
  async function judged(root: string): Promise<string> {
    return planJudgments({ paths: [ITERATION], cwd: root, repeats: 1 }).then(() => 'planned', (error: unknown) => `refused: ${(error as Error).message}`);
  }

  /** The evals.json check holds each run to (by its notes), and the one compare grades by — or why none (a `no-evals` match holds a run to none). */
  async function verdicts(root: string): Promise<{ check: string[]; notes: string[]; compare: string }> {
    const used = new Set<string>();
    const notes: string[] = [];
    await check(['.eval-magic'], { cwd: root, onEvalLookup: (_file, r) => void (r.match && r.match.status !== 'no-evals' ? used.add(r.evalsFile!) : notes.push(r.note)) });
    const compare = await compareIterations([ITERATION], { cwd: root, writeGrading: false }).then(
      ({ inputs }) => inputs.filter((p) => p.endsWith('evals.json')).join(', '),
      (error: unknown) => `refused: ${(error as Error).message}`,
    );
    return { check: [...used], notes: [...new Set(notes)], compare };
  }

  it('the evals.json campaign.json names is a folder or a FIFO: neither grades by another found near the runs', async () => {
    for (const make of [(path: string) => mkdirSync(path), (path: string) => execFileSync('mkfifo', [path])]) {
      const root = campaignWorkspace();
      // The skill's evals.json, its very bytes, kept where the layout would find it.
      mkdirSync(join(root, 'evals'));
      renameSync(join(root, NAMED), join(root, 'evals/evals.json'));
      make(join(root, NAMED));
      const { check: used, notes, compare } = await verdicts(root);
      assert.deepEqual(used, []);
      assert.equal(notes.length, 1, notes.join('\n'));
      assert.match(notes[0]!, /^ask-before-editing\/evals\/evals\.json, the evals\.json the iteration's campaign\.json names, cannot be used \(cannot read it: Not a regular file \((a directory|a named pipe)\).*\); checked alone$/);
      assert.match(compare, /^refused: Cannot read evals file "ask-before-editing\/evals\/evals\.json": Not a regular file/);
      assert.match(await judged(root), /^refused: Cannot read evals file "ask-before-editing\/evals\/evals\.json": Not a regular file/);
    }
  });

  it('the evals.json campaign.json names is not found: one the layout finds stands in for both only with the recorded bytes (or their LF reading)', async () => {
    const root = campaignWorkspace('gone/evals.json');
    const evals = join(root, NAMED);
    const recorded = readFileSync(evals, 'utf8');
    assert.deepEqual(await verdicts(root), { check: [NAMED], notes: [], compare: NAMED });
    writeFileSync(evals, recorded.replaceAll('\n', '\r\n'));
    assert.deepEqual(await verdicts(root), { check: [NAMED], notes: [], compare: NAMED });
    writeFileSync(evals, recorded.replace('"expected_output": "', '"expected_output": "Edited. '));
    const { check: used, notes, compare } = await verdicts(root);
    assert.deepEqual(used, []);
    const why = 'its campaign.json names "gone/evals.json", which is not found outside .eval-magic .* \\(the evals.json found near its runs, ask-before-editing/evals/evals.json, is not the one it ran\\)';
    assert.equal(notes.length, 1, notes.join('\n'));
    assert.match(notes[0]!, new RegExp(`^no evals\\.json: ${why}; checked alone$`));
    assert.match(compare, new RegExp(`^refused: .*no run can be counted \\(${why}\\)`));
    // judge looks none up near the runs (compare's judge commands name the one it took with --evals): none either.
    assert.match(await judged(root), /^refused: \.eval-magic\/ask-before-editing\/iteration-1: its campaign\.json names "gone\/evals\.json", which is not found outside \.eval-magic /);
  });

  /** The evals.json at `at` moved to a folder of its own outside `root`, a symbolic link to it left in its place. */
  function linkOut(root: string, at: string): void {
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'eval-magic-elsewhere-')), 'evals.json');
    renameSync(join(root, at), elsewhere);
    symlinkSync(elsewhere, join(root, at));
  }

  /** A run's prompt edited in its conversation.json: held to its eval, it fails check. */
  function editPrompt(root: string): void {
    const conversation = join(root, ITERATION, 'eval-rename-column/with_skill/run-1/conversation.json');
    const doc = JSON.parse(readFileSync(conversation, 'utf8')) as { events: Array<{ type: string; text?: string }> };
    doc.events.find((e) => e.type === 'user_message')!.text = 'Edited after the run.';
    writeFileSync(conversation, JSON.stringify(doc, null, 2) + '\n');
  }

  it('the evals.json campaign.json names is a link out of the checked folders: check reads it through the link, as compare and judge do', async () => {
    const root = campaignWorkspace();
    linkOut(root, NAMED);
    assert.deepEqual(await verdicts(root), { check: [NAMED], notes: [], compare: NAMED });
    assert.equal(await judged(root), 'planned');
    editPrompt(root);
    const checked = await runMain(['check', ITERATION], { cwd: root });
    assert.equal(checked.code, 1, checked.stdout + checked.stderr);
    assert.match(checked.stdout, /eval-prompt/);
  });

  it('the evals.json campaign.json names is not found and the one the layout finds is a link out of the checked folders: it stands in for neither', async () => {
    const root = campaignWorkspace('gone/evals.json');
    linkOut(root, NAMED);
    const { check: used, notes, compare } = await verdicts(root);
    assert.deepEqual(used, []);
    const why = 'ask-before-editing/evals/evals.json cannot be used (a symbolic link to a file outside the folders being checked, so it was not read; name it with the evals option to use it)';
    assert.deepEqual(notes, [`${why}; checked alone`]);
    assert.equal(compare, `refused: Nothing to compare under "${ITERATION}": no run can be counted (${why}).`);
    editPrompt(root);
    const compared = await runMain(['compare', ITERATION, '--no-grading'], { cwd: root });
    assert.deepEqual([compared.code, compared.stderr.trim()], [2, `eval-magic: Nothing to compare under "${ITERATION}": no run can be counted (${why.replace('the evals option', '--evals')}).`]);
  });

  it("with compare --evals, the artifacts-excluded advice names the --evals and --config check needs to find what compare's check found, quoted for a shell", async () => {
    const root = campaignWorkspace('gone/evals.json');
    renameSync(join(root, NAMED), join(root, "my evals.json"));
    writeFileSync(join(root, "ci's config.json"), '{}');
    editPrompt(root);
    const compared = await runMain(['compare', ITERATION, '--no-grading', '--format', 'json', '--evals', 'my evals.json', '--config', "ci's config.json"], { cwd: root });
    assert.equal(compared.code, 1, compared.stderr);
    const excluded = (JSON.parse(compared.stdout) as { validity: Array<{ code: string; message: string }> }).validity.find((p) => p.code === 'artifacts-excluded')!.message;
    const advice = / \(eval-magic check (.*) names them\)\.$/.exec(excluded);
    assert.equal(advice?.[1], `${join(ITERATION, 'eval-rename-column/with_skill/run-1/conversation.json')} --evals 'my evals.json' --config 'ci'\\''s config.json'`, excluded);
    const words = execFileSync('sh', ['-c', `printf '%s\\0' ${advice![1]}`], { encoding: 'utf8' }).split('\0').slice(0, -1);
    const checked = await runMain(['check', ...words], { cwd: root });
    assert.equal(checked.code, 1, checked.stdout + checked.stderr);
    assert.match(checked.stdout, /eval-prompt/);
  });

  /** The fixture's workspace without its campaign.json, its evals.json moved from the layout's place to `to` (none: removed; undefined: kept). */
  function looseWorkspace(to?: string | null): string {
    const root = campaignWorkspace();
    rmSync(join(root, ITERATION, 'campaign.json'));
    if (to === null) rmSync(join(root, NAMED));
    else if (to !== undefined) {
      mkdirSync(dirname(join(root, to)), { recursive: true });
      renameSync(join(root, NAMED), join(root, to));
    }
    return root;
  }

  it('no campaign.json: an evals.json inside the iteration folder (the workspace compare takes for it) grades neither, and check --verbose says why in compare\'s words', async () => {
    for (const inside of [`${ITERATION}/evals.json`, `${ITERATION}/eval-rename-column/evals.json`]) {
      const root = looseWorkspace(inside);
      const why = `the evals.json found for it, ${inside}, lies inside the workspace, where an agent could have written it; name the real one with --evals`;
      const { check: used, notes, compare } = await verdicts(root);
      assert.deepEqual({ used, notes }, { used: [], notes: [`no evals.json: ${why.replace('--evals', 'the evals option')}; checked alone`] }, inside);
      assert.equal(compare, `refused: Nothing to compare under "${ITERATION}": no run can be counted (${why.replace('--evals', 'the evals option')}).`);
      const checked = await runMain(['check', '--verbose', '.eval-magic'], { cwd: root });
      // Each run an eval-missing error (no-evals), as compare and judge stop there.
      assert.equal(checked.code, 1, checked.stdout + checked.stderr);
      assert.equal(checked.stdout.split('\n').filter((line) => line.includes(`No evals.json stands for this run: ${why}.`)).length, 16, checked.stdout);
      assert.equal(checked.stderr.split('\n').filter((line) => line.endsWith(`: no evals.json: ${why}; checked alone`)).length, 16, checked.stderr);
      const compared = await runMain(['compare', ITERATION, '--no-grading'], { cwd: root });
      assert.deepEqual([compared.code, compared.stderr.trim()], [2, `eval-magic: Nothing to compare under "${ITERATION}": no run can be counted (${why}).`]);
    }
  });

  it("no campaign.json: the layout's evals.json, or one above the iteration folder, grades both (one inside it is not looked at)", async () => {
    for (const to of [undefined, '.eval-magic/ask-before-editing/evals.json', '.eval-magic/evals.json']) {
      const root = looseWorkspace(to);
      if (to === undefined) cpSync(join(root, NAMED), join(root, ITERATION, 'evals.json'));
      assert.deepEqual(await verdicts(root), { check: [to ?? NAMED], notes: [], compare: to ?? NAMED }, to);
    }
  });

  it('no evals.json found, with no campaign.json or one that cannot be used: check says why in compare\'s words', async () => {
    for (const campaign of [undefined, '{"schema_version": 1}']) {
      const root = looseWorkspace(null);
      if (campaign !== undefined) writeFileSync(join(root, ITERATION, 'campaign.json'), campaign);
      const iteration = ITERATION.replaceAll('.', '\\.');
      const unusable = campaign === undefined ? '' : `its campaign\\.json cannot be used \\(${iteration}/campaign\\.json:1:1: the record must have required property 'eval_magic_version'.*\\), and `;
      const why = `${unusable}no evals\\.json was found for it; name one with the evals option`;
      const { check: used, notes, compare } = await verdicts(root);
      assert.deepEqual(used, []);
      assert.equal(notes.length, 1, notes.join('\n'));
      // Said once: a reason that already begins "no evals.json" is not prefixed with it again.
      assert.match(notes[0]!, new RegExp(campaign === undefined ? `^${why}; checked alone$` : `^no evals\\.json: ${why}; checked alone$`));
      assert.match(compare, new RegExp(`^refused: Nothing to compare under "${iteration}": no run can be counted \\(${why}\\)\\.$`));
      if (campaign === undefined) {
        // Runs no campaign recorded, with no evals.json anywhere (staged by hand, or by another tool): a note, no finding.
        const checked = await runMain(['check', '.eval-magic'], { cwd: root });
        assert.equal(checked.code, 0, checked.stdout + checked.stderr);
      }
    }
  });

  it('runs in a folder that is no workspace (not .eval-magic, no campaign.json) keep the nearest evals.json, inside the iteration or not', async () => {
    const root = looseWorkspace(`${ITERATION}/evals.json`);
    renameSync(join(root, '.eval-magic'), join(root, 'runs'));
    const used = new Set<string>();
    await check(['runs'], { cwd: root, onEvalLookup: (_file, r) => void used.add(r.match ? r.evalsFile! : r.note) });
    assert.deepEqual([...used], ['runs/ask-before-editing/iteration-1/evals.json']);
  });
});
