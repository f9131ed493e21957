// A judgment.json check rejects (a verdict edited by hand, a field removed) is a record of the
// workspace that cannot be trusted, as a conversation.json check rejects is: compare says it as a
// validity error (exit 1), naming each judgment and why, and leaves the run ungraded on it. An old
// but valid judgment (made of an earlier rubric, transcript or packet) is no error: judge makes it again.
import assert from 'node:assert/strict';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { basename, join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { runMain } from '../helpers/cli.js';
import { explainJudged, judgedCampaign, passWithSkillFailWithout, verdict } from './judge-helpers.js';

const edit = (path: string, change: (record: any) => void) => {
  const record = JSON.parse(readFileSync(path, 'utf8'));
  change(record);
  writeFileSync(path, JSON.stringify(record, null, 2) + '\n');
};

describe('compare and the judgments check rejects', () => {
  it('a judgment.json check rejects is a validity error in compare (exit 1), naming it and why, as check does; the run stays ungraded on it', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond(passWithSkillFailWithout);
    await c.judge({ evalIds: ['explain'] });
    const file = (arm: string, run: number) => join(c.ws.iteration(), `eval-explain/${arm}/run-${run}/judge/short/1/judgment.json`);
    // Flipped by hand: the judge failed the run, the record now says pass.
    edit(file('without_skill', 1), (r) => (r.verdict.passed = true));
    // A field removed: against the schema.
    edit(file('with_skill', 2), (r) => delete r.packet_sha256);

    const checked = await runMain(['check', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
    // Where check places the flipped verdict: compare names the same line and column.
    const answer = JSON.parse(checked.stdout).flatMap((r: any) => r.messages).find((m: any) => m.ruleId === 'judgment-answer');
    assert.ok(answer?.line > 1, JSON.stringify(answer));
    const compared = await runMain(['compare', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(compared.code, 1, `compare exits 1 as check does\n${compared.stdout}\n${compared.stderr}`);
    assert.match(compared.stderr, /validity error \(judgments-refused\)/, compared.stderr);
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    const refused = JSON.parse(json.stdout).validity.filter((v: any) => v.code === 'judgments-refused');
    assert.equal(refused.length, 1, JSON.stringify(refused));
    assert.equal(refused[0].severity, 'error');
    const message: string = refused[0].message;
    // Each judgment by its run and file, with check's finding.
    assert.match(message, /^Eval explain: 2 judgments check rejects are not counted/, message);
    assert.match(message, /"with_skill" run 2, judge\/short\/1\/: judge\/short\/1\/judgment\.json:\d+:\d+: the record must have required property 'packet_sha256', against its schema/, message);
    assert.match(message, /"without_skill" run 1, judge\/short\/1\/: judge\/short\/1\/judgment\.json:\d+:\d+ records a pass \(confidence 0\.9\), but the judge's answer in judge\/short\/1\/turn-1\/claude-events\.jsonl gives a fail \(confidence 0\.9\)/, message);
    assert.ok(message.includes(`"without_skill" run 1, judge/short/1/: judge/short/1/judgment.json:${answer.line}:${answer.column} records a pass`), message);
    // Still ungraded on that assertion: the warning says so too, in plain words.
    // Still ungraded on that assertion, said plainly: the file, not check's finding again (no parentheses in parentheses).
    const ungraded = JSON.parse(json.stdout).validity.find((v: any) => v.code === 'ungraded' && v.eval === 'explain');
    assert.equal(ungraded?.message, "Eval explain: short (llm_judge) was not graded in 1 of 2 with_skill and 1 of 2 without_skill runs (check rejects the judgment in judge/short/1/, so no verdict of the judge counted: run eval-magic judge .eval-magic/csv-reports/iteration-1 --harness claude-code to make it again); ungraded runs count as neither pass nor fail.");
  });

  it('a refused judgment beside votes that still decide the run (--repeats 3) is an error all the same; a copy of another repeat is named with why', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond(passWithSkillFailWithout);
    await c.judge({ evalIds: ['explain'], repeats: 3 });
    const folder = (arm: string, repeat: number) => join(c.ws.iteration(), `eval-explain/${arm}/run-1/judge/short/${repeat}`);
    // Repeat 1's judgment copied over repeat 2's, its repeat edited to fit (its stream too: the whole folder).
    rmSync(folder('with_skill', 2), { recursive: true });
    cpSync(folder('with_skill', 1), folder('with_skill', 2), { recursive: true });
    edit(join(folder('with_skill', 2), 'judgment.json'), (r) => (r.repeat = 2));
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(json.code, 1, json.stderr);
    const document = JSON.parse(json.stdout);
    const short = document.evals.find((e: any) => e.id === 'explain').assertions.find((a: any) => a.id === 'short');
    assert.deepEqual([short.with_skill.passed, short.with_skill.ungraded], [1, 0], 'graded by its two other votes');
    const refused = document.validity.find((v: any) => v.code === 'judgments-refused');
    assert.match(refused?.message ?? '', /^Eval explain: 1 judgment check rejects is not counted, each no vote on its assertion: "with_skill" run 1, judge\/short\/2\/: judge\/short\/2\/judgment\.json is the judgment of judge\/short\/1\/, copied/, JSON.stringify(document.validity));
    const checked = await runMain(['check', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
  });

  it('an old but valid judgment (an earlier packet, a transcript edited since) is no error: check passes it, compare warns', async () => {
    const c = await explainJudged();
    // Made from another packet (another eval-magic's wording), and of another transcript: outdated, not forged.
    edit(join(c.ws.iteration(), 'eval-explain/with_skill/run-1/judge/short/1/judgment.json'), (r) => (r.packet_sha256 = '0'.repeat(64)));
    edit(join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json'), (r) => (r.conversation_sha256 = '0'.repeat(64)));
    const checked = await runMain(['check', '.eval-magic'], { cwd: c.ws.root });
    assert.equal(checked.code, 0, checked.stdout);
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    const validity = JSON.parse(json.stdout).validity;
    assert.deepEqual(validity.filter((v: any) => v.severity === 'error').map((v: any) => v.code), [], JSON.stringify(validity));
    // Said as what it is: judged on other inputs, judge makes it again.
    assert.match(validity.find((v: any) => v.code === 'ungraded' && v.eval === 'explain')?.message ?? '', /judged on an earlier conversation\.json: run eval-magic judge/, JSON.stringify(validity));
  });
  it('a judge/, judge/<id>/ or judge/<id>/<n> that is a file: check reports it as compare does (it passed it), compare names it once by its folder and says to remove it before judging', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond(passWithSkillFailWithout);
    await c.judge({});
    const run = (evalId: string, arm: string) => join(c.ws.iteration(), `eval-${evalId}/${arm}/run-1`);
    // judge/ itself a file in a run of add-column, which has two llm_judge assertions: said once.
    rmSync(join(run('add-column', 'with_skill'), 'judge'), { recursive: true });
    writeFileSync(join(run('add-column', 'with_skill'), 'judge'), 'x');
    rmSync(join(run('explain', 'without_skill'), 'judge/short/1'), { recursive: true });
    writeFileSync(join(run('explain', 'without_skill'), 'judge/short/1'), 'x');

    const checked = await runMain(['check', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
    const findings = JSON.parse(checked.stdout).flatMap((r: any) => r.messages.map((m: any) => [r.filePath.replace(/^.*iteration-1\//, ''), m.ruleId, m.messageId]));
    assert.deepEqual(findings, [['eval-add-column/with_skill/run-1/judge', 'judgment-folder', 'not-a-folder'], ['eval-explain/without_skill/run-1/judge/short/1', 'judgment-folder', 'not-a-folder']].sort(), JSON.stringify(findings));

    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(json.code, 1, json.stderr);
    const refused = JSON.parse(json.stdout).validity.filter((v: any) => v.code === 'judgments-refused').map((v: any) => v.message);
    assert.equal(refused.length, 2, JSON.stringify(refused));
    const [addColumn, explain] = [refused.find((m: string) => m.startsWith('Eval add-column')), refused.find((m: string) => m.startsWith('Eval explain'))];
    assert.match(addColumn, /^Eval add-column: 1 judgment folder check rejects is not counted, no vote on any assertion below it: "with_skill" run 1, judge\/: judge\/ is not a folder: /, addColumn);
    assert.doesNotMatch(addColumn, /judge\/: judge\/ is not a folder.*judge\/: judge\/ is not a folder/, 'said once, not once per llm_judge assertion');
    assert.match(explain, /"without_skill" run 1, judge\/short\/1\/: judge\/short\/1\/ is not a folder: /, explain);
    // The advice is true: judge refuses to write over a file ("remove it"), so the remedy removes it first.
    for (const message of refused) assert.match(message, /as check says of it; remove it \(judge does not write over it\), then run eval-magic judge \S+ --harness claude-code to make it again\.$/, message);
    // The ungraded warning and grading.json say the same remedy, and name a file as what it is.
    const validity = JSON.parse(json.stdout).validity;
    const ungraded = validity.filter((v: any) => v.code === 'ungraded').map((v: any) => v.message).join('\n');
    assert.ok(ungraded.includes('(check rejects judge/, which is no real folder, so no verdict of the judge counted: remove judge/, then run eval-magic judge .eval-magic/csv-reports/iteration-1 --harness claude-code to make it again)'), ungraded);
    assert.ok(ungraded.includes('(check rejects judge/short/1/, which is no real folder, so no verdict of the judge counted: remove judge/short/1/, then run eval-magic judge .eval-magic/csv-reports/iteration-1 --harness claude-code to make it again)'), ungraded);
    assert.doesNotMatch(ungraded, /the judgment in judge\//, ungraded);
    for (const [evalId, arm, at] of [['explain', 'without_skill', 'judge/short/1/'], ['add-column', 'with_skill', 'judge/']] as const) {
      const reasons = JSON.parse(readFileSync(join(run(evalId, arm), 'grading.json'), 'utf8')).ungraded.map((u: any) => u.reason);
      // grading.json names the iteration absolute (the warning, from where compare was started); the folder to remove, in the run's own.
      for (const reason of reasons) assert.ok(reason.endsWith(`: remove ${at}, then run eval-magic judge ${c.ws.iteration()} --harness claude-code to make it again`), reason);
    }
  });

  it('the config is applied to judgment rules as check applies it: off → no vote, no error (ungraded says why); warn → a warning (judgments-warned); a record against its schema stays an error', async () => {
    const c = await judgedCampaign({ runs: 2 });
    c.ws.respond(passWithSkillFailWithout);
    await c.judge({ evalIds: ['explain'] });
    const file = (arm: string, run: number) => join(c.ws.iteration(), `eval-explain/${arm}/run-${run}/judge/short/1/judgment.json`);
    edit(file('without_skill', 1), (r) => (r.verdict.passed = true));
    const config = (setting: string) => writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ rules: { 'judgment-answer': setting } }));
    const compare = async () => {
      const out = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
      return { code: out.code, validity: JSON.parse(out.stdout).validity as any[], document: JSON.parse(out.stdout) };
    };

    config('off');
    assert.equal((await runMain(['check', '.eval-magic'], { cwd: c.ws.root })).code, 0);
    const off = await compare();
    assert.equal(off.code, 0, JSON.stringify(off.validity));
    assert.deepEqual(off.validity.filter((v) => /^judgments-/.test(v.code)), []);
    const short = off.document.evals.find((e: any) => e.id === 'explain').assertions.find((a: any) => a.id === 'short');
    assert.equal(short.without_skill.ungraded, 1, 'still no vote');
    const ungraded = off.validity.find((v) => v.code === 'ungraded' && v.eval === 'explain')?.message ?? '';
    assert.match(ungraded, /records a pass \(confidence 0\.9\), but the judge's answer/, ungraded);
    assert.doesNotMatch(ungraded, /check rejects/, ungraded);
    // Said plainly: the finding, then what follows from it, not a parenthesis holding one of its own.
    const reason: string = JSON.parse(readFileSync(join(c.ws.iteration(), 'eval-explain/without_skill/run-1/grading.json'), 'utf8')).ungraded[0].reason;
    assert.match(reason, /^judge\/short\/1\/judgment\.json:\d+:\d+ records a pass \(confidence 0\.9\), but the judge's answer in \S+ gives a fail \(confidence 0\.9\): not the judge's answer, so not counted; no verdict of the judge counted: run eval-magic judge \S+ --harness claude-code to make it again$/, reason);

    config('warn');
    assert.equal((await runMain(['check', '.eval-magic'], { cwd: c.ws.root })).code, 0);
    const warn = await compare();
    assert.equal(warn.code, 0, JSON.stringify(warn.validity));
    assert.deepEqual(warn.validity.filter((v) => /^judgments-/.test(v.code)).map((v) => [v.code, v.severity]), [['judgments-warned', 'warning']]);
    assert.match(warn.validity.find((v) => v.code === 'judgments-warned').message, /^Eval explain: 1 judgment check warns of \(judgment-answer\) is not counted, each no vote on its assertion: "without_skill" run 1, judge\/short\/1\/: /);

    // A record against its schema: check's schema cannot be turned off, so it stays an error whatever the config.
    config('off');
    edit(file('with_skill', 2), (r) => delete r.packet_sha256);
    const schema = await compare();
    assert.equal(schema.code, 1);
    assert.deepEqual(schema.validity.filter((v) => /^judgments-/.test(v.code)).map((v) => [v.code, v.severity]), [['judgments-refused', 'error']]);
    assert.match(schema.validity.find((v) => v.code === 'judgments-refused').message, /^Eval explain: 1 judgment check rejects is not counted, each no vote on its assertion: "with_skill" run 2, judge\/short\/1\/: judge\/short\/1\/judgment\.json:\d+:\d+: the record must have required property 'packet_sha256'/);
  });
  it('a judgment with two problems is weighed by the stronger, as check weighs it: its first rule off or warn, a flipped verdict behind it still fails compare (the deciding finding quoted)', async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond(passWithSkillFailWithout);
    await c.judge({});
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    const original = readFileSync(file, 'utf8');
    const config = (rules: Record<string, string>) => writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ rules }));
    const both = async () => {
      const checked = await runMain(['check', '.eval-magic'], { cwd: c.ws.root });
      const out = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
      const validity = JSON.parse(out.stdout).validity as any[];
      return { check: checked.code, compare: out.code, judgments: validity.filter((v) => /^judgments-/.test(v.code)).map((v) => [v.code, v.message]) };
    };
    const flipped = (text: string) => text.replace('"passed": false', '"passed": true');

    // (a) A flipped verdict and an integer written 1.0, integer-literal off: judgment-answer still errs.
    writeFileSync(file, flipped(original).replace('"repeat": 1,', '"repeat": 1.0,'));
    config({ 'integer-literal': 'off' });
    let got = await both();
    assert.deepEqual([got.check, got.compare], [1, 1], JSON.stringify(got));
    assert.equal(got.judgments.length, 1, JSON.stringify(got));
    assert.equal(got.judgments[0]![0], 'judgments-refused');
    assert.match(got.judgments[0]![1], /judge\/short\/1\/judgment\.json:\d+:\d+ records a pass \(confidence 0\.9\), but the judge's answer/, got.judgments[0]![1]);
    // Under warn, an error all the same: the stronger finding decides.
    config({ 'integer-literal': 'warn' });
    got = await both();
    assert.deepEqual([got.check, got.compare, got.judgments.map((j) => j[0])], [1, 1, ['judgments-refused']], JSON.stringify(got));
    // Both rules off or warn: check passes it, compare warns of it (the integer, the first finding, quoted).
    config({ 'integer-literal': 'warn', 'judgment-answer': 'off' });
    got = await both();
    assert.deepEqual([got.check, got.compare, got.judgments.map((j) => j[0])], [0, 0, ['judgments-warned']], JSON.stringify(got));
    assert.match(got.judgments[0]![1], /repeat is written 1\.0, a fraction/, got.judgments[0]![1]);

    // (b) The verdict written twice, the later a pass, duplicate-key off.
    writeFileSync(file, original.replace('"passed": false', '"passed": false, "passed": true'));
    config({ 'duplicate-key': 'off' });
    got = await both();
    assert.deepEqual([got.check, got.compare, got.judgments.map((j) => j[0])], [1, 1, ['judgments-refused']], JSON.stringify(got));
    assert.match(got.judgments[0]![1], /records a pass/, got.judgments[0]![1]);

    // (c) Another assertion's judgment copied here with its verdict flipped, judgment-folder off.
    const other = join(c.ws.iteration(), 'eval-add-column/without_skill/run-1/judge');
    const [otherId] = readdirSync(other);
    const copy = JSON.parse(readFileSync(join(other, otherId!, '1/judgment.json'), 'utf8'));
    writeFileSync(file, JSON.stringify({ ...JSON.parse(original), verdict: { ...JSON.parse(original).verdict, passed: true }, assertion_id: 'elsewhere', eval_id: copy.eval_id }, null, 2) + '\n');
    config({ 'judgment-folder': 'off' });
    got = await both();
    assert.deepEqual([got.check, got.compare, got.judgments.map((j) => j[0])], [1, 1, ['judgments-refused']], JSON.stringify(got));
    assert.match(got.judgments[0]![1], /records a pass/, got.judgments[0]![1]);
  });
  it('a judgment.json that is a folder is said in one sentence (it read "must be a file..")', async () => {
    const c = await explainJudged();
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    rmSync(file);
    mkdirSync(file);
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    const refused = JSON.parse(json.stdout).validity.find((v: any) => v.code === 'judgments-refused')?.message ?? '';
    assert.match(refused, /judgment\.json must be a file\. It is a record/, refused);
  });

  it('a judgment.json that is a symbolic link out of the folders compared is check\'s io finding (link-outside, never off), not judgment-folder\'s: an error with judgment-folder off', async () => {
    const c = await explainJudged();
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    const outside = join(c.ws.root, 'elsewhere.json');
    renameSync(file, outside);
    symlinkSync(outside, file);
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ rules: { 'judgment-folder': 'off' } }));
    const checked = await runMain(['check', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
    assert.deepEqual(JSON.parse(checked.stdout).flatMap((r: any) => r.messages.map((m: any) => [m.ruleId, m.messageId])), [['io', 'link-outside']]);
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(json.code, 1, json.stdout);
    const refused = JSON.parse(json.stdout).validity.filter((v: any) => /^judgments-/.test(v.code));
    assert.deepEqual(refused.map((v: any) => v.code), ['judgments-refused'], JSON.stringify(refused));
    assert.match(refused[0].message, /judge\/short\/1\/judgment\.json is a symbolic link/, refused[0].message);
    // A link within the folders compared is judgment-folder's, which the config turns off.
    rmSync(file);
    renameSync(outside, join(c.ws.iteration(), 'kept.json'));
    symlinkSync(join(c.ws.iteration(), 'kept.json'), file);
    const inside = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.deepEqual([inside.code, JSON.parse(inside.stdout).validity.filter((v: any) => /^judgments-/.test(v.code))], [0, []], inside.stdout);
    // The bounds are the folders named, as check's: a link into .eval-magic but out of the iteration is within `compare .eval-magic`'s.
    const exits = async (...paths: string[]) => [(await runMain(['check', ...paths], { cwd: c.ws.root })).code, (await runMain(['compare', ...paths], { cwd: c.ws.root })).code];
    rmSync(file);
    renameSync(join(c.ws.iteration(), 'kept.json'), join(c.ws.root, '.eval-magic', 'kept.json'));
    symlinkSync(join(c.ws.root, '.eval-magic', 'kept.json'), file);
    assert.deepEqual(await exits('.eval-magic'), [0, 0], 'a link within the folder named');
    assert.deepEqual(await exits(relative(c.ws.root, c.ws.iteration())), [1, 1], 'the same link, out of the iteration named');
    // A link to nothing cannot be read: check's io, never off.
    rmSync(file);
    symlinkSync('nowhere.json', file);
    assert.deepEqual(await exits('.eval-magic'), [1, 1], 'a dangling link');
  });

  it("integer fields are held to check's integer-literal rule by compare too: -0 and a number past 2^53 refused as check refuses them, a non-integer field written 1.0 left alone as check leaves it", async () => {
    const c = await judgedCampaign({ runs: 1 });
    c.ws.respond({ judge: [{ when: 'Skills I can see: the-skill', texts: [verdict(true, undefined, 1)] }, { when: 'Skills I can see: none', texts: [verdict(false, undefined, 1)] }] });
    await c.judge({ evalIds: ['explain'] });
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    const original = readFileSync(file, 'utf8');
    const exits = async () => [(await runMain(['check', '.eval-magic'], { cwd: c.ws.root })).code, (await runMain(['compare', '.eval-magic'], { cwd: c.ws.root })).code];
    for (const [written, expected] of [['"duration_ms": -0', [1, 1]], ['"duration_ms": 9007199254740993', [1, 1]], ['"duration_ms": 12.0', [1, 1]]] as const) {
      writeFileSync(file, original.replace(/"duration_ms": \d+/, written));
      assert.deepEqual(await exits(), expected, written);
    }
    writeFileSync(file, original.replace(/"confidence": 1\b/, '"confidence": 1.0'));
    assert.match(readFileSync(file, 'utf8'), /"confidence": 1\.0/);
    assert.deepEqual(await exits(), [0, 0], 'confidence is no integer field: 1.0 is a number written as one');
  });
  it("check and compare agree on a judgment.json the config's ignore leaves out of check: nothing said by either (exit 0), never a vote unless sound, the finding in the run's ungraded reason alone", async () => {
    const c = await explainJudged();
    const file = (arm: string) => join(c.ws.iteration(), `eval-explain/${arm}/run-1/judge/short/1/judgment.json`);
    edit(file('without_skill'), (r) => (r.verdict.passed = true));
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: ['**/judge/**'] }));
    const both = async () => {
      const checked = await runMain(['check', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
      const out = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
      const document = JSON.parse(out.stdout);
      const short = document.evals.find((e: any) => e.id === 'explain').assertions.find((a: any) => a.id === 'short');
      const ungraded = document.validity.find((v: any) => v.code === 'ungraded' && v.eval === 'explain')?.message ?? '';
      return { check: checked.code, findings: JSON.parse(checked.stdout).flatMap((r: any) => r.messages), compare: out.code, judgments: document.validity.filter((v: any) => /^judgments-/.test(v.code)), short, ungraded };
    };
    let got = await both();
    assert.deepEqual([got.check, got.findings, got.compare, got.judgments], [0, [], 0, []], JSON.stringify(got));
    // Graded in threads too, each matching the globs as check does.
    const threaded = await runMain(['compare', '.eval-magic', '--format', 'json', '--concurrency', '2'], { cwd: c.ws.root });
    assert.deepEqual([threaded.code, JSON.parse(threaded.stdout).validity.filter((v: any) => /^judgments-/.test(v.code))], [0, []], threaded.stdout);
    // A config named with --config matches its globs against each path as reported, for compare as for check.
    writeFileSync(join(c.ws.root, 'named.json'), JSON.stringify({ ignore: ['.eval-magic/**/judge/**'] }));
    const named = await Promise.all(['check', 'compare'].map((command) => runMain([command, '.eval-magic', '--config', 'named.json'], { cwd: c.ws.root })));
    assert.deepEqual(named.map((r) => r.code), [0, 0], named.map((r) => r.stdout + r.stderr).join('\n'));
    // The flipped verdict is no vote all the same; the sound judgment beside it is one.
    assert.deepEqual([got.short.with_skill.passed, got.short.without_skill.ungraded], [1, 1], JSON.stringify(got.short));
    assert.match(got.ungraded, /judge\/short\/1\/judgment\.json:\d+:\d+ records a pass \(confidence 0\.9\), but the judge's answer/, got.ungraded);
    assert.doesNotMatch(got.ungraded, /check rejects|check warns/, got.ungraded);
    // A record against its schema, which no rule setting turns off: left out of check, it is said by neither, and is no vote.
    edit(file('without_skill'), (r) => delete r.packet_sha256);
    got = await both();
    assert.deepEqual([got.check, got.compare, got.judgments, got.short.without_skill.ungraded], [0, 0, [], 1], JSON.stringify(got));
    assert.match(got.ungraded, /the record must have required property 'packet_sha256'/, got.ungraded);
  });

  it("check and compare match the config's ignore globs against the same paths: the folder as typed (absolute, with ../, from above) and as it really is (named through a link) — they disagreed in exit code, compare matching the path as it shows it", async () => {
    const c = await explainJudged();
    edit(join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json'), (r) => (r.verdict.passed = true));
    // check's exit, then compare's on the main thread and in grading threads: the three must agree.
    const exits = async (args: readonly string[]) => Promise.all([['check'], ['compare'], ['compare', '--concurrency', '2']].map(async ([command, ...more]) => (await runMain([command!, ...args, ...more], { cwd: c.ws.root })).code));
    // A config named with --config: its globs are held to each path as the folder was typed.
    writeFileSync(join(c.ws.root, 'named.json'), JSON.stringify({ ignore: ['.eval-magic/**/judge/**'] }));
    writeFileSync(join(c.ws.root, 'absolute.json'), JSON.stringify({ ignore: [`${c.ws.root}/.eval-magic/**/judge/**`] }));
    const absolute = join(c.ws.root, '.eval-magic');
    const got: Array<[string, Array<number | null>]> = [];
    for (const args of [['.eval-magic', '--config', 'named.json'], [absolute, '--config', 'named.json'], ['.eval-magic/csv-reports/../csv-reports', '--config', 'named.json'], [`../${basename(c.ws.root)}/.eval-magic`, '--config', 'named.json'], [absolute, '--config', 'absolute.json'], ['.eval-magic', '--config', 'absolute.json']]) {
      got.push([args.join(' '), await exits(args)]);
    }
    // The workspace named through a link, the config found at the root: its globs hold the file by its real path, and by the path as named.
    symlinkSync('.eval-magic', join(c.ws.root, 'wsl'));
    for (const glob of ['.eval-magic/**/judge/**', 'wsl/**/judge/**']) {
      writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ ignore: [glob] }));
      got.push([`wsl, ${glob}`, await exits(['wsl'])]);
    }
    // As typed, a glob from the root leaves the judgment out of both; typed absolute or climbing, neither.
    assert.deepEqual(got, [
      ['.eval-magic --config named.json', [0, 0, 0]], [`${absolute} --config named.json`, [1, 1, 1]], ['.eval-magic/csv-reports/../csv-reports --config named.json', [1, 1, 1]], [`../${basename(c.ws.root)}/.eval-magic --config named.json`, [1, 1, 1]],
      [`${absolute} --config absolute.json`, [0, 0, 0]], ['.eval-magic --config absolute.json', [1, 1, 1]],
      ['wsl, .eval-magic/**/judge/**', [0, 0, 0]], ['wsl, wsl/**/judge/**', [0, 0, 0]],
    ]);
  });

  it('a judgment.json linked within the folders named, judgment-folder off, to a record check rejects: compare sees the target\'s findings check reports through the link (it weighed the link alone: check 1, compare 0)', async () => {
    const c = await explainJudged();
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    const kept = join(c.ws.iteration(), 'kept.json');
    renameSync(file, kept);
    edit(kept, (r) => delete r.packet_sha256);
    symlinkSync(kept, file);
    writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ rules: { 'judgment-folder': 'off' } }));
    const checked = await runMain(['check', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
    const schema = JSON.parse(checked.stdout).flatMap((r: any) => r.messages).find((m: any) => m.ruleId === 'schema');
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(json.code, 1, json.stdout);
    const refused = JSON.parse(json.stdout).validity.filter((v: any) => /^judgments-/.test(v.code));
    assert.deepEqual(refused.map((v: any) => v.code), ['judgments-refused'], JSON.stringify(refused));
    assert.ok(refused[0].message.includes(`judge/short/1/judgment.json:${schema.line}:${schema.column}: the record must have required property 'packet_sha256'`), refused[0].message);
  });

  it('a judgment.json that starts with a byte order mark is said as check says it (compare said "not valid JSON: a word or character that starts no JSON value")', async () => {
    const c = await explainJudged();
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    writeFileSync(file, '\uFEFF' + readFileSync(file, 'utf8'));
    const checked = await runMain(['check', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(checked.code, 1, checked.stdout);
    const bom = JSON.parse(checked.stdout).flatMap((r: any) => r.messages).find((m: any) => m.messageId === 'bom');
    assert.match(bom?.message ?? '', /^File starts with a UTF-8 byte order mark; /, JSON.stringify(bom));
    const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
    assert.equal(json.code, 1, json.stdout);
    const refused = JSON.parse(json.stdout).validity.find((v: any) => v.code === 'judgments-refused')?.message ?? '';
    // check's words, after the place both give.
    assert.ok(refused.includes(`judge/short/1/judgment.json:${bom.line}:${bom.column}: the file starts with a UTF-8 byte order mark; ${bom.message.replace(/^File starts with a UTF-8 byte order mark; /, '').replace(/\.$/, '')}`), refused);
    assert.doesNotMatch(refused, /not valid JSON/, refused);
  });

  it('a key repeated under an escaped spelling ("v\\u0065rdict" after "verdict") is placed where JSON.parse kept its value, by check and compare alike', async () => {
    const c = await explainJudged();
    const file = join(c.ws.iteration(), 'eval-explain/without_skill/run-1/judge/short/1/judgment.json');
    const original = readFileSync(file, 'utf8');
    // The judge's fail first, a pass after it under the escaped key: JSON.parse keeps the pass.
    writeFileSync(file, original.replace('"verdict": {', '"verdict": {"passed": false, "evidence": "no explanation", "confidence": 0.9}, "v\\u0065rdict": {').replace('"passed": false,\n', '"passed": true,\n'));
    const kept = readFileSync(file, 'utf8').indexOf('"v\\u0065rdict": {') + '"v\\u0065rdict": '.length;
    const line = readFileSync(file, 'utf8').slice(0, kept).split('\n').length;
    const column = kept - readFileSync(file, 'utf8').lastIndexOf('\n', kept - 1);
    for (const [rules, ruleId, quoted] of [[{ 'duplicate-key': 'off' }, 'judgment-answer', 'records a pass'], [{ 'judgment-answer': 'off' }, 'duplicate-key', ': the key "verdict" appears twice']] as const) {
      writeFileSync(join(c.ws.root, 'eval-magic.config.json'), JSON.stringify({ rules }));
      const checked = await runMain(['check', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
      const finding = JSON.parse(checked.stdout).flatMap((r: any) => r.messages).find((m: any) => m.ruleId === ruleId);
      const json = await runMain(['compare', '.eval-magic', '--format', 'json'], { cwd: c.ws.root });
      const refused = JSON.parse(json.stdout).validity.find((v: any) => v.code === 'judgments-refused')?.message ?? '';
      const at = ruleId === 'judgment-answer' ? [line, column] : [line, readFileSync(file, 'utf8').split('\n')[line - 1]!.indexOf('"v\\u0065rdict"') + 1];
      assert.deepEqual([checked.code, json.code, finding?.line, finding?.column], [1, 1, ...at], JSON.stringify(finding));
      assert.ok(refused.includes(`judge/short/1/judgment.json:${at[0]}:${at[1]}${quoted.startsWith(':') ? '' : ' '}${quoted}`), refused);
    }
  });
});
