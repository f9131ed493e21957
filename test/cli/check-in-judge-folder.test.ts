// check on a run's judge/ folder, or a folder below it, finds the judgment.json files there: the
// search pattern **/judge/*/*/judgment.json is matched against the file's whole path, the folders
// above the named one included (it matched only the path below the named folder, so `check
// <run>/judge` found nothing: exit 2 "No artifact found"). A judgment.json elsewhere (an app's
// data/judgment.json) is still not searched, nor is one below a judge/ folder that is not at a
// judgment's place judge/<assertion-id>/<repeat>/ (a repeat is a number): counting the named
// folder's path let `check .` inside judge/x/ take x/data/judgment.json for a judgment.
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { serializeJudgment, type JudgmentRecord } from '../../src/workspace/judgment-record.js';

const tmp = mkdtempSync(join(tmpdir(), 'em-judge-folder-'));
after(() => rmSync(tmp, { recursive: true, force: true }));
const RUN = '.eval-magic/skill/iteration-1/eval-explain/with_skill/run-1';
// Judged by a rule (no session): a record no other rule has anything to say of.
const record: JudgmentRecord = {
  schema_version: 1, eval_magic_version: '0.1.0', eval_id: 'explain', condition: 'with_skill', run: 1, assertion_id: 'short', repeat: 1,
  verdict: { passed: false, evidence: 'the task folder is a link', confidence: 1 }, reason: null, message: null, harness: { name: 'claude-code', version: null }, model: null,
  started_at: '2026-01-01T00:00:00.000Z', ended_at: '2026-01-01T00:00:01.000Z', duration_ms: 1000, tokens: null, packet_sha256: 'a'.repeat(64), attempts: 0, failures: [], rule: 'broken-task-folder',
};
mkdirSync(join(tmp, RUN, 'judge/short/1'), { recursive: true });
writeFileSync(join(tmp, RUN, 'judge/short/1/judgment.json'), serializeJudgment(record));
mkdirSync(join(tmp, 'app/data'), { recursive: true });
writeFileSync(join(tmp, 'app/data/judgment.json'), serializeJudgment(record));
// Beside the real judgment: an app's data under a judge/<x>/ folder, and a notes folder where a repeat would be.
const ELSEWHERE = '.eval-magic/skill/iteration-1/eval-explain/without_skill/run-1/judge/x';
mkdirSync(join(tmp, ELSEWHERE, 'data'), { recursive: true });
writeFileSync(join(tmp, ELSEWHERE, 'data/judgment.json'), serializeJudgment(record));
mkdirSync(join(tmp, RUN, 'judge/short/notes'), { recursive: true });
writeFileSync(join(tmp, RUN, 'judge/short/notes/judgment.json'), serializeJudgment(record));

describe('check on a judge/ folder or below it', () => {
  const cases: Array<[string, string[], string]> = [
    ['the judge/ folder', [`${RUN}/judge`], tmp],
    ["an assertion's folder", [`${RUN}/judge/short`], tmp],
    ["a repeat's folder", [`${RUN}/judge/short/1`], tmp],
    ['the judge/ folder, --kind judgment', ['--kind', 'judgment', `${RUN}/judge`], tmp],
    ['no path, run from inside judge/', [], join(tmp, RUN, 'judge')],
    ["no path, run from inside a repeat's folder", [], join(tmp, RUN, 'judge/short/1')],
  ];
  for (const [name, args, cwd] of cases) {
    it(`${name}: finds the judgment.json (it found nothing, exit 2)`, async () => {
      const r = await runMain(['check', '--format', 'json', ...args], { cwd });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      const files = (JSON.parse(r.stdout) as Array<{ filePath: string }>).map((f) => f.filePath);
      assert.equal(files.length, 1, JSON.stringify(files));
      assert.match(files[0]!, /(^|\/)judgment\.json$/);
    });
  }

  it('a judgment.json below judge/ but not at a judgment\'s place (judge/<assertion-id>/<repeat>/) is not searched, from inside judge/<x>/ or above it', async () => {
    for (const [args, cwd] of [[['.'], join(tmp, ELSEWHERE)], [[], join(tmp, ELSEWHERE)], [['x'], join(tmp, ELSEWHERE, '..')], [['--kind', 'judgment', '.'], join(tmp, ELSEWHERE)]] as const) {
      const r = await runMain(['check', ...args], { cwd });
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, /No artifact found/);
    }
    const r = await runMain(['check', '--format', 'json', `${RUN}/judge`], { cwd: tmp });
    assert.deepEqual((JSON.parse(r.stdout) as Array<{ filePath: string }>).map((f) => f.filePath), [`${RUN}/judge/short/1/judgment.json`]);
  });

  it("an app's data/judgment.json is still not searched", async () => {
    for (const [args, cwd] of [[['.'], join(tmp, 'app')], [['app'], tmp], [[], join(tmp, 'app/data')]] as const) {
      const r = await runMain(['check', ...args], { cwd });
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, /No artifact found/);
    }
  });

  it('a named judge/ folder, or judge/<id>/ or judge/<id>/<repeat>/, that is a symbolic link (or lies below one) is reported at the named path, as a search from the run folder reports it (it said "No artifact found", or with --allow-empty "0 files checked", exit 0)', async () => {
    const links = join(tmp, 'links');
    const run = (j: number) => RUN.replace('run-1', `run-${j}`);
    // The eval's one llm_judge assertion is short: compare reads judge/short/ of each run.
    mkdirSync(join(links, 'evals'), { recursive: true });
    writeFileSync(join(links, 'evals/evals.json'), JSON.stringify({ skill_name: 'skill', evals: [{ id: 'explain', prompt: 'Explain it.', expected_output: 'x', assertions: [{ id: 'short', type: 'llm_judge', rubric: 'It is short.' }] }] }));
    mkdirSync(join(links, 'elsewhere/short/1'), { recursive: true });
    writeFileSync(join(links, 'elsewhere/short/1/judgment.json'), serializeJudgment(record));
    mkdirSync(join(links, run(1)), { recursive: true });
    symlinkSync(join(links, 'elsewhere'), join(links, run(1), 'judge'));
    mkdirSync(join(links, run(2), 'judge'), { recursive: true });
    symlinkSync(join(links, 'elsewhere/short'), join(links, run(2), 'judge/short'));
    mkdirSync(join(links, run(3), 'judge'), { recursive: true });
    symlinkSync(join(links, 'elsewhere'), join(links, run(3), 'judge/notes'));
    const linked = (below: string) => `${below}/ is a symbolic link (not followed): judge makes its judgment folders as folders of their own, so what is there was not judged here: remove it, and judge makes the judgment. compare counts no vote of it.`;
    const cases: Array<[string, string]> = [
      [`${run(1)}/judge`, linked('judge')],
      [`${run(2)}/judge/short`, linked('judge/short')],
      // Below the link: named through it, the link is what compare stops at.
      [`${run(1)}/judge/short`, linked('judge')],
      [`${run(1)}/judge/short/1`, linked('judge')],
    ];
    for (const [named, message] of cases) {
      for (const extra of [[], ['--allow-empty']]) {
        const r = await runMain(['check', '--format', 'json', ...extra, named], { cwd: links });
        assert.equal(r.code, 1, `${named} ${extra.join(' ')}: ${r.stdout}${r.stderr}`);
        const said = (JSON.parse(r.stdout) as Array<{ filePath: string; messages: Array<{ ruleId: string; messageId: string; message: string }> }>).map((f) => [f.filePath, f.messages.map((m) => [m.ruleId, m.messageId, m.message])]);
        assert.deepEqual(said, [[named, [['judgment-folder', 'linked', message]]]]);
      }
    }
    // A link named for no assertion of the eval: compare reads nothing there, and check finds nothing to check.
    const notes = await runMain(['check', `${run(3)}/judge/notes`], { cwd: links });
    assert.equal(notes.code, 2, notes.stdout + notes.stderr);
    assert.match(notes.stderr, /No artifact found/);
  });
});
