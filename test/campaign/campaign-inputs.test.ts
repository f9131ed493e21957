// Bad input and isolation refusals through the built CLI (in this process, runMain; the spawned
// binary where a refusal depends on the process): exit 2, one line naming the problem, and
// nothing run — no agent started, no workspace made.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { UsageError } from '../../src/errors.js';
import { runBin, runMain } from '../helpers/cli.js';
import { makeCampaignWorkspace, SKILL_NAME } from './campaign-helpers.js';

const skillMd = (name: string) => `---\nname: ${name}\ndescription: d\n---\nbody\n`;

/** Runs `campaign` with the workspace's defaults plus `args`; asserts the refusal and that nothing ran. */
async function refused(ws: ReturnType<typeof makeCampaignWorkspace>, args: string[], message: RegExp, harness = 'claude-code') {
  const result = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', harness, ...args], { cwd: ws.root, env: ws.env });
  assert.equal(result.code, 2, `${args.join(' ')}: ${result.stderr}`);
  assert.match(result.stderr, message);
  assert.equal(result.stderr.trimEnd().split('\n').length, 1, `one line: ${result.stderr}`);
  assert.equal(result.stdout, '');
  assert.equal(ws.calls().length, 0, 'no agent started');
  assert.equal(existsSync(join(ws.root, '.eval-magic', SKILL_NAME)), false, 'no iteration made');
}

describe('campaign refuses bad input: exit 2, one line, nothing run', () => {
  const ws = makeCampaignWorkspace();
  mkdirSync(join(ws.root, 'not-a-skill'));
  ws.write('bad-name/SKILL.md', skillMd('CSV Reports'));
  ws.write('other-skill/SKILL.md', skillMd('pdf-forms'));
  ws.write('a-file', 'x');
  mkdirSync(join(ws.root, 'linked-skill'));
  symlinkSync(join(ws.skillDir, 'SKILL.md'), join(ws.root, 'linked-skill', 'SKILL.md'));
  // Codex's descriptor, plus the round folder itself given to the CLI as a folder it may show the model.
  const { $schema: _, ...codex } = JSON.parse(readFileSync(new URL('../../harnesses/codex.json', import.meta.url), 'utf8'));
  ws.write('leaky.json', JSON.stringify({ ...codex, name: 'leaky', argv: [...codex.argv.slice(0, -2), '--add-dir', '{outputs_dir}', ...codex.argv.slice(-2)] }));
  // Its reply file moved up out of the round folder, into the arm's folder every run of the arm shares.
  ws.write('climbing.json', JSON.stringify({ ...codex, name: 'climbing', argv: codex.argv.map((a: string) => a.replace('{outputs_dir}/', '{outputs_dir}/../../')) }));

  const cases: Array<[string, string[], RegExp]> = [
    ['an eval filter that matches nothing', ['--eval', 'nope'], /--eval "nope" matches no eval of .*evals\.json \(ids: "add-column", "explain"\)/],
    ['one unknown id among known ones, with the nearest id', ['--eval', 'explain', '--eval', 'explian'], /--eval "explian" matches no eval of .*evals\.json; did you mean "explain"\? \(ids: "add-column", "explain"\)/],
    ['a skill folder without SKILL.md', ['--skill', 'not-a-skill'], /--skill "not-a-skill" has no SKILL\.md/],
    ['a SKILL.md that is a link (said so, not "has no SKILL.md")', ['--skill', 'linked-skill'], /--skill "linked-skill": its SKILL\.md is a link, which campaign would stage as a link; make it a regular file/],
    ['a skill name the harness refuses', ['--skill', 'bad-name'], /harness claude-code refuses the skill name "CSV Reports"/],
    ['a skill folder that is another skill', ['--skill', 'other-skill'], /names the skill "pdf-forms", but .* evaluates "csv-reports"/],
    ['a baseline with another name', ['--baseline', 'other-skill'], /--baseline "other-skill" is the skill "pdf-forms"/],
    ['a baseline both as a folder and as a Git ref', ['--baseline', 'other-skill', '--baseline-ref', 'main'], /--baseline and --baseline-ref both name the baseline; give one/],
    ['--baseline-ref for a skill in no Git repository', ['--baseline-ref', 'main'], /--baseline-ref "main": the skill folder "csv-reports" is not in a Git repository, so there is no commit to read the baseline from; use --baseline <folder> instead \(nothing was run\)$/m],
    ['--shard 3/2', ['--shard', '3/2'], /--shard must be k\/n with 1 ≤ k ≤ n/],
    ['--shard 0/2', ['--shard', '0/2'], /--shard must be k\/n/],
    ['--shard two', ['--shard', 'two'], /--shard must be k\/n/],
    ['--jobs 0', ['--jobs', '0'], /--jobs must be a whole number of at least 1, got 0/],
    ['--runs 1.5', ['--runs', '1.5'], /--runs must be a whole number of at least 1, got 1\.5/],
    ['--retries -1', ['--retries', '-1'], /--retries must be a whole number \(0 or more\)/],
    ['--iteration 0', ['--iteration', '0'], /--iteration must be a whole number of at least 1/],
    ['a workspace that is a file', ['--workspace', 'a-file'], /--workspace "a-file" is a file, not a folder/],
    ['a task that is not a folder', ['--task', 'a-file'], /--task "a-file" is not a folder/],
    ['a task that is the skill folder', ['--task', SKILL_NAME], /--task "csv-reports" is the skill folder: every run, the control arm's too, would get the skill through it/],
    ['a task that is the folder holding evals.json (the grader\'s)', ['--task', `${SKILL_NAME}/evals`], /--task "csv-reports\/evals" is the folder holding evals\.json/],
    // Numbers are read as `run` reads them: an empty, hexadecimal or non-numeric value is refused, never taken as 0, 16 or NaN.
    ['an empty --round-timeout (not "no limit")', ['--round-timeout='], /--round-timeout needs a value that is not empty/],
    ['an empty --retries', ['--retries='], /--retries needs a value that is not empty/],
    ['--runs abc', ['--runs', 'abc'], /--runs must be a number, got "abc"/],
    ['--jobs 0x10', ['--jobs', '0x10'], /--jobs must be a number, got "0x10"/],
    ['--iteration Infinity', ['--iteration', 'Infinity'], /--iteration must be a number, got "Infinity"/],
    ['--max-events-mb -1, said in MiB as given', ['--max-events-mb', '-1'], /--max-events-mb must be a positive size, got -1 MiB \(-1048576 bytes\)$/m],
    ['--max-events-mb under half a byte, said as given (not "0 MiB")', ['--max-events-mb', '0.0000001'], /--max-events-mb must be at least one byte \(about 0\.000001 MiB\), got 0\.0000001 MiB \(0\.1048576 bytes\)$/m],
    ['--max-events-mb abc', ['--max-events-mb', 'abc'], /--max-events-mb must be a number, got "abc"/],
    // A plan of 400 million sessions ran out of memory (a V8 crash) while it was being made.
    ['a --jobs past the largest number, named as typed (not "null" or "Infinity")', ['--jobs', '1e400'], /^eval-magic: --jobs "1e400" is too large: no flag takes a number past 9007199254740991 \(2\^53 − 1\)$/m],
    ['a --runs of 20 digits, a whole number as typed, named as typed (not "must be a whole number")', ['--runs', '99999999999999999999'], /^eval-magic: --runs "99999999999999999999" is too large: no flag takes a number past/m],
    ['a plan too large to hold', ['--runs', '100000000'], /the plan would take 400000000 agent sessions \(2 evals × 2 conditions × runs\); a campaign plans at most 100000/],
    // A typo's extra digits: a run whose agent always fails was started again without end.
    ['--retries past its cap', ['--retries', '1e15'], /^eval-magic: --retries 1000000000000000 would make up to 1000000000000001 agent sessions of one run; a campaign retries a run at most 10 times: lower --retries \(nothing was run\)$/m],
    ['--retries one past its cap', ['--retries', '11'], /^eval-magic: --retries 11 would make up to 12 agent sessions of one run; a campaign retries a run at most 10 times/m],
  ];
  for (const [name, args, message] of cases) it(name, () => refused(ws, args, message));

  it('a harness whose command line gives the CLI the run folder (which names the arm), naming the element', () =>
    refused(ws, [], /--harness "leaky.json": argv\[13\] "\{outputs_dir\}" \(after --add-dir\) gives the CLI a folder's path, which it may show the model: campaign refuses this harness\. .*name a file strictly below it \(\{outputs_dir\}\/<file>, no \. or \.\. segment\) or leave the element out \(nothing was run\)$/m, 'leaky.json'));

  it("a harness whose file path climbs out of the round folder ('..'), as a path shared by every run of the arm", () =>
    refused(ws, [], /--harness "climbing.json": argv\[11\] "\{outputs_dir\}\/\.\.\/\.\.\/final-message\.md" \(after --output-last-message\) gives the CLI a folder's path, .*campaign refuses this harness\./, 'climbing.json'));

  it('an executable missing from PATH', () => {
    const other = makeCampaignWorkspace();
    other.env.PATH = '/nonexistent';
    const result = runBin(['campaign', '--evals', other.evalsPath, '--harness', 'claude-code'], { cwd: other.root, env: other.env });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, /harness claude-code: the executable "claude" is not on PATH \(\/nonexistent\); install it .* \(nothing was run\)/);
  });

  it('an eval file that is missing', () => {
    const result = runBin(['campaign', '--evals', 'nope/evals.json', '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(result.code, 2);
    assert.match(result.stderr, /Cannot read evals file "nope\/evals\.json"/);
  });

  it('an unknown --eval against many evals: ten ids listed and a count, however many there are or however long the value', async () => {
    const many = makeCampaignWorkspace({ evals: { skill_name: SKILL_NAME, evals: Array.from({ length: 5000 }, (_, i) => ({ id: `report-${i}`, prompt: 'Build the report.', expected_output: 'A report.' })) } });
    await refused(many, ['--eval', 'x'.repeat(100_000)], /--eval "x{80}…" matches no eval of .*evals\.json \(ids: "report-0", .*"report-9", … and 4990 more\) \(nothing was run\)\n/);
  });
});

describe("an eval's files that campaign cannot stage: check finds them too, and campaign refuses at the same line and column", () => {
  // The task itself (the fixture would replace the whole template), outside it, or no name at all.
  for (const path of ['.', './', 'data/..', '../shared/orders.csv', 'data/../../x', '/etc/passwd', 'C:\\data\\orders.csv', '']) {
    it(JSON.stringify(path), async () => {
      const ws = makeCampaignWorkspace({ evals: { skill_name: SKILL_NAME, evals: [{ id: 'fix', prompt: 'Fix it.', expected_output: 'Fixed.', files: ['data/orders.csv', path] }] } });
      ws.write(`${SKILL_NAME}/evals/data/orders.csv`, 'id\n1\n');
      const checked = await runMain(['check', '-f', 'json', ws.evalsPath], { cwd: ws.root, env: ws.env });
      assert.equal(checked.code, 1, checked.stdout + checked.stderr);
      const findings = JSON.parse(checked.stdout)[0].messages;
      assert.deepEqual(findings.map((m: { ruleId: string; pointer: string }) => [m.ruleId, m.pointer]), [['files-path', '/evals/0/files/1']]);
      assert.match(findings[0].message, /^eval "fix": files\[1\] /);
      const result = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
      assert.equal(result.code, 2, result.stderr);
      assert.ok(result.stderr.includes(`${findings[0].line}:${findings[0].column}  error  ${findings[0].message}  files-path`), result.stderr);
      assert.equal(ws.calls().length, 0, 'no agent started');
      assert.equal(existsSync(join(ws.root, '.eval-magic', SKILL_NAME)), false, 'no iteration made');
    });
  }
});

describe('an eval id too long for its folder name (eval-<id> over 255 bytes): check finds it at the id, and campaign refuses with that finding before any run aborts on ENAMETOOLONG', () => {
  it('at the id, in both', async () => {
    const id = 'add-a-created-at-column-'.repeat(11);
    const ws = makeCampaignWorkspace({ evals: { skill_name: SKILL_NAME, evals: [{ id: 'explain', prompt: 'p', expected_output: 'o' }, { id, prompt: 'Add a created_at column.', expected_output: 'A UTC column.' }] } });
    const at = placeOf(readFileSync(ws.evalsPath, 'utf8'), JSON.stringify(id));
    const checked = await runMain(['check', '-f', 'json', ws.evalsPath], { cwd: ws.root, env: ws.env });
    assert.equal(checked.code, 1, checked.stdout + checked.stderr);
    const findings = JSON.parse(checked.stdout)[0].messages;
    assert.deepEqual(findings.map((m: { ruleId: string; line: number; column: number }) => [m.ruleId, `${m.line}:${m.column}`]), [['eval-id-unique', at]]);
    assert.match(findings[0].message, /^The eval id "add-a-created-at-column-add-a-.*…" is too long for its folder: eval-<id> would be a name of 269 bytes; the system allows 255/);
    const result = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(result.code, 2, result.stderr);
    assert.ok(result.stderr.includes(`${at}  error  ${findings[0].message}  eval-id-unique`), result.stderr);
    assert.equal(ws.calls().length, 0, 'no agent started');
    assert.equal(existsSync(join(ws.root, '.eval-magic', SKILL_NAME)), false, 'no iteration made');
  });
});

describe('a bad option value: runCampaign names the option as the library spells it, the CLI its flag', () => {
  // [library option, its value, the flag, the flag's text, the message after the name]
  const cases: Array<[string, unknown, string, string, RegExp]> = [
    ['runs', 1.5, '--runs', '1.5', /^ must be a whole number of at least 1, got 1\.5$/],
    ['jobs', 0, '--jobs', '0', /^ must be a whole number of at least 1, got 0$/],
    ['retries', -1, '--retries', '-1', /^ must be a whole number \(0 or more\), got -1$/],
    ['iteration', 0, '--iteration', '0', /^ must be a whole number of at least 1, got 0$/],
    ['shard', '3/2', '--shard', '3/2', /^ must be k\/n with 1 ≤ k ≤ n \(e\.g\. 1\/4\), got "3\/2"$/],
    ['roundTimeoutSeconds', -1, '--round-timeout', '-1', /^ must be a number of seconds \(0 for no limit\), got -1$/],
    ['maxCostUsd', 0, '--max-cost', '0', /^ must be a positive number of US dollars, got 0$/],
    ['evalIds', ['nope'], '--eval', 'nope', /^ "nope" matches no eval of .*evals\.json \(ids: "add-column", "explain"\) \(nothing was run\)$/],
  ];
  for (const [option, value, flag, text, rest] of cases) {
    it(`${option} ${JSON.stringify(value)} / ${flag} ${text}`, async () => {
      const ws = makeCampaignWorkspace();
      let message = '';
      await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'claude-code', baseDir: ws.root, env: ws.env, [option]: value }), (e: Error) => {
        assert.ok(e instanceof UsageError, `${e.name}: ${e.message}`);
        message = e.message;
        return true;
      });
      assert.ok(message.startsWith(`${option} `), message);
      assert.match(message.slice(option.length), rest);
      const cli = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code', flag, text], { cwd: ws.root, env: ws.env });
      assert.equal(cli.code, 2, cli.stderr);
      assert.equal(cli.stderr.trimEnd(), `eval-magic: ${flag}${message.slice(option.length)}`);
      assert.equal(ws.calls().length, 0, 'no agent started');
    });
  }
});

// "no flag takes" is the CLI's word: runCampaign's caller gave no flag, and reads of its option.
describe('a shard past 2^53 − 1 from runCampaign: named as the library names it, in its words', () => {
  const said = 'is too large: no option takes a number past 9007199254740991 (2^53 − 1)';
  for (const [shard, shown] of [['1/99999999999999999999', '1/99999999999999999999'], [{ index: 1, count: 2 ** 60 }, `1/${2 ** 60}`]] as const) {
    it(JSON.stringify(shard), async () => {
      const ws = makeCampaignWorkspace();
      await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'claude-code', baseDir: ws.root, env: ws.env, shard }), { name: 'UsageError', message: `shard "${shown}" ${said}` });
      assert.equal(ws.calls().length, 0, 'no agent started');
    });
  }
});

describe('a bad path or harness: runCampaign names the option as the library spells it, the CLI its flag', () => {
  const FLAGS: Record<string, string> = { task: '--task', workspace: '--workspace', skill: '--skill', baseline: '--baseline', baselineRef: '--baseline-ref', harness: '--harness', model: '--model' };
  type Name = (option: string) => string;
  // [the options given (beside evals, and harness claude-code unless given), the whole message, with each option as `name` gives it]
  const cases: Array<[Record<string, string>, (name: Name) => string]> = [
    [{ task: 'a-file' }, (n) => `${n('task')} "a-file" is not a folder (nothing was run)`],
    [{ task: SKILL_NAME }, (n) => `${n('task')} "csv-reports" is the skill folder: every run, the control arm's too, would get the skill through it; point ${n('task')} at the task's own folder (nothing was run)`],
    [{ workspace: 'a-file' }, (n) => `${n('workspace')} "a-file" is a file, not a folder (nothing was run)`],
    [{ skill: 'not-a-skill' }, (n) => `${n('skill')} "not-a-skill" has no SKILL.md, so it is not a skill folder (nothing was run)`],
    [{ baseline: 'other-skill' }, (n) => `${n('baseline')} "other-skill" is the skill "pdf-forms", not "csv-reports"; both arms stage the same name (nothing was run)`],
    [{ baselineRef: 'main' }, (n) => `${n('baselineRef')} "main": the skill folder "csv-reports" is not in a Git repository, so there is no commit to read the baseline from; use ${n('baseline')} <folder> instead (nothing was run)`],
    [{ baseline: 'other-skill', baselineRef: 'main' }, (n) => `${n('baseline')} and ${n('baselineRef')} both name the baseline; give one: a folder, or a Git ref of the skill's repository (nothing was run)`],
    [{ harness: 'claude-cod' }, (n) => `${n('harness')} "claude-cod" is neither a built-in (claude-code, codex, opencode) nor a readable descriptor file: No such file or directory; did you mean claude-code?`],
    [{ harness: 'no-model.json', model: 'opus' }, (n) => `${n('model')} was given but harness no-model has no model_args`],
  ];
  for (const [given, sentence] of cases) {
    it(Object.entries(given).map(([option, value]) => `${option} ${JSON.stringify(value)} / ${FLAGS[option]} ${value}`).join(', '), async () => {
      const ws = makeCampaignWorkspace();
      ws.write('a-file', 'x');
      mkdirSync(join(ws.root, 'not-a-skill'));
      ws.write('other-skill/SKILL.md', skillMd('pdf-forms'));
      const { $schema: _, ...claude } = JSON.parse(readFileSync(new URL('../../harnesses/claude-code.json', import.meta.url), 'utf8'));
      ws.write('no-model.json', JSON.stringify({ ...claude, name: 'no-model', model_args: [] }));
      let message = '';
      await assert.rejects(runCampaign({ evals: ws.evalsPath, harness: 'claude-code', baseDir: ws.root, env: ws.env, ...given }), (e: Error) => {
        assert.ok(e instanceof UsageError, `${e.name}: ${e.message}`);
        message = e.message;
        return true;
      });
      assert.equal(message, sentence((o) => o));
      const args = Object.entries({ harness: 'claude-code', ...given }).flatMap(([option, value]) => [FLAGS[option]!, value]);
      const cli = await runMain(['campaign', '--evals', ws.evalsPath, ...args], { cwd: ws.root, env: ws.env });
      assert.equal(cli.code, 2, cli.stderr);
      assert.equal(cli.stderr, `eval-magic: ${sentence((o) => FLAGS[o]!)}\n`);
      assert.equal(ws.calls().length, 0, 'no agent started');
    });
  }
});

/** "line:column" where `needle` first occurs in `text`, as check counts them (1-based). */
function placeOf(text: string, needle: string): string {
  const before = text.slice(0, text.indexOf(needle));
  const lines = before.split('\n');
  return `${lines.length}:${lines.at(-1)!.length + 1}`;
}

describe('what campaign refuses in evals.json beyond what check finds is placed at its line and column', () => {
  const fix = (extra: Record<string, unknown>) => ({ skill_name: SKILL_NAME, evals: [{ id: 'explain', prompt: 'Explain the export.', expected_output: 'An explanation.' }, { id: 'fix', prompt: 'Fix it.', expected_output: 'Fixed.', ...extra }] });
  const shown = `${SKILL_NAME}/evals/evals.json`;

  it("an eval's files entry whose source does not exist", async () => {
    const ws = makeCampaignWorkspace({ evals: fix({ files: ['data/orders.csv', 'data/missing.csv'] }) });
    ws.write(`${SKILL_NAME}/evals/data/orders.csv`, 'id\n1\n');
    const at = placeOf(readFileSync(ws.evalsPath, 'utf8'), '"data/missing.csv"');
    await refused(ws, [], new RegExp(`^eval-magic: ${shown}:${at}: eval "fix" files\\[1\\]: .*/data/missing\\.csv does not exist \\(files are read from .*\\) \\(nothing was run\\)$`, 'm'));
  });

  it("an eval's files entry that would be copied through a link of the task template", async () => {
    const ws = makeCampaignWorkspace({ evals: fix({ files: ['data/orders.csv'] }) });
    ws.write(`${SKILL_NAME}/evals/data/orders.csv`, 'id\n1\n');
    mkdirSync(join(ws.root, 'template'));
    symlinkSync(join(ws.root, 'home'), join(ws.root, 'template', 'data'));
    const at = placeOf(readFileSync(ws.evalsPath, 'utf8'), '"data/orders.csv"');
    await refused(ws, ['--task', 'template'], new RegExp(`^eval-magic: ${shown}:${at}: eval "fix" files\\[0\\] "data/orders\\.csv" would be copied through the link data`, 'm'));
  });

  it('a text no agent can receive (a NUL in a follow-up): the prompt-characters finding, at that text, as check reports it', async () => {
    const ws = makeCampaignWorkspace({ evals: fix({ turns: [{ prompt: 'Use UTC.', deliver_when: 'always' }, { prompt: 'Then\u0000stop.', deliver_when: 'always' }] }) });
    const at = placeOf(readFileSync(ws.evalsPath, 'utf8'), '"Then\\u0000stop."');
    const result = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'claude-code'], { cwd: ws.root, env: ws.env });
    assert.equal(result.code, 2, result.stderr);
    assert.match(result.stderr, new RegExp(`^ {2}${at} {2}error {2}eval "fix": turns\\[1\\]\\.prompt contains a NUL character \\(\\\\u0000\\) at character 5; .* {2}prompt-characters$`, 'm'));
    assert.equal(ws.calls().length, 0, 'no agent started');
  });

  it("a skill_name that is not the skill's, at skill_name", async () => {
    const ws = makeCampaignWorkspace({ evals: { skill_name: 'pdf-forms', evals: [{ id: 'explain', prompt: 'p', expected_output: 'o' }] } });
    const at = placeOf(readFileSync(ws.evalsPath, 'utf8'), '"pdf-forms"');
    await refused(ws, [], new RegExp(`names the skill "csv-reports", but ${shown}:${at} evaluates "pdf-forms"`));
  });
});

describe('campaign refuses a skill or task tree it cannot copy: exit 2, one line, nothing run', () => {
  it('a tree deeper than a path can be long (ENAMETOOLONG), with the reason instead of an internal error', async () => {
    const ws = makeCampaignWorkspace();
    const cwd = process.cwd();
    try {
      // 17 levels of 255-character names: past PATH_MAX (4096), so made one level at a time from inside.
      process.chdir(ws.skillDir);
      for (let i = 0; i < 17; i++) {
        mkdirSync('d'.repeat(255));
        process.chdir('d'.repeat(255));
      }
    } finally {
      process.chdir(cwd);
    }
    await refused(ws, [], /--skill "csv-reports" holds a path longer than the system allows \(ENAMETOOLONG\): ".*\/csv-reports\/d+…d+"; campaign cannot copy it \(nothing was run\)/);
  });

  it('a FIFO whose name has a line break and a terminal escape is named on one line, escaped', async () => {
    const ws = makeCampaignWorkspace();
    mkdirSync(join(ws.root, 'template'));
    execFileSync('mkfifo', [join(ws.root, 'template', 'evil\nname\u001b[31m')]);
    await refused(ws, ['--task', 'template'], /--task "template" holds ".*\/template\/evil\\nname\\u001b\[31m", which is neither a file, a folder nor a link/);
  });
});

describe('campaign refuses to start when the control arm could see the skill', () => {
  it('in the task template', async () => {
    const ws = makeCampaignWorkspace();
    ws.write(`template/.claude/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    await refused(ws, ['--task', 'template'], new RegExp(`the control arm would see the skill "${SKILL_NAME}" at .*template/\\.claude/skills/${SKILL_NAME}: claude-code finds skills there`));
  });

  it("in an eval's files, which every run of both arms gets (a file or a folder holding it)", async () => {
    const asFile = makeCampaignWorkspace({ evals: { skill_name: SKILL_NAME, evals: [{ id: 'fix', prompt: 'Fix it.', expected_output: 'Fixed.', files: [`.claude/skills/${SKILL_NAME}/SKILL.md`] }] } });
    asFile.write(`${SKILL_NAME}/evals/.claude/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    await refused(asFile, [], /the control arm would see the skill "csv-reports" at eval "fix" files\[0\] \(\.claude\/skills\/csv-reports\): claude-code finds skills there/);
    // Under another folder name, found by its SKILL.md's name, inside a fixture folder.
    const inFolder = makeCampaignWorkspace({ evals: { skill_name: SKILL_NAME, evals: [{ id: 'fix', prompt: 'Fix it.', expected_output: 'Fixed.', files: ['.claude'], files_root: '../../fixtures' }] } });
    inFolder.write('fixtures/.claude/skills/reports-v2/SKILL.md', skillMd(SKILL_NAME));
    await refused(inFolder, [], /eval "fix" files\[0\] \(\.claude\/skills\/reports-v2\)/, 'opencode');
  });

  it("in the harness's user-level folder under HOME (by folder name or by SKILL.md name)", async () => {
    const claude = makeCampaignWorkspace();
    claude.write(`home/.claude/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    await refused(claude, [], /home\/\.claude\/skills\/csv-reports/);
    // Codex does not read ~/.claude/skills: no refusal there …
    const codexOk = await runMain(['campaign', '--evals', claude.evalsPath, '--harness', 'codex', '--eval', 'explain'], { cwd: claude.root, env: claude.env });
    assert.equal(codexOk.code, 0, codexOk.stderr);
    // … but does read ~/.agents/skills, whatever the folder's name.
    const codex = makeCampaignWorkspace();
    codex.write('home/.agents/skills/reports-v2/SKILL.md', skillMd(SKILL_NAME));
    await refused(codex, [], /home\/\.agents\/skills\/reports-v2/, 'codex');
  });

  it("in a folder an environment variable names (OpenCode's XDG_CONFIG_HOME)", async () => {
    const ws = makeCampaignWorkspace();
    ws.write(`xdg/opencode/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    ws.env.XDG_CONFIG_HOME = join(ws.root, 'xdg');
    await refused(ws, [], /xdg\/opencode\/skills\/csv-reports/, 'opencode');
  });

  it("in Claude Code's CLAUDE_CONFIG_DIR/skills, where it reads user skills when that variable moves its config folder", async () => {
    // Unset, the folder is nobody's: the campaign starts.
    const unset = makeCampaignWorkspace();
    unset.write(`claude-config/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    const started = await runMain(['campaign', '--evals', unset.evalsPath, '--harness', 'claude-code', '--eval', 'explain'], { cwd: unset.root, env: unset.env });
    assert.equal(started.code, 0, started.stderr);
    const ws = makeCampaignWorkspace();
    ws.write(`claude-config/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    ws.env.CLAUDE_CONFIG_DIR = join(ws.root, 'claude-config');
    await refused(ws, [], /the control arm would see the skill "csv-reports" at .*claude-config\/skills\/csv-reports: claude-code finds skills there/);
  });

  it("in a user folder the descriptor's own env moves (CLAUDE_CONFIG_DIR set there, not in the caller's environment)", async () => {
    const ws = makeCampaignWorkspace();
    ws.write(`claude-config/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    const { $schema: _, ...claude } = JSON.parse(readFileSync(new URL('../../harnesses/claude-code.json', import.meta.url), 'utf8'));
    ws.write('moved.json', JSON.stringify({ ...claude, name: 'moved', env: { ...claude.env, CLAUDE_CONFIG_DIR: join(ws.root, 'claude-config') } }));
    await refused(ws, [], /the control arm would see the skill "csv-reports" at .*claude-config\/skills\/csv-reports: moved finds skills there/, 'moved.json');
  });

  it('in an absolute folder a descriptor names (as Claude Code reads managed skills in /etc/claude-code/.claude/skills)', async () => {
    const ws = makeCampaignWorkspace();
    ws.write(`managed/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    const { $schema: _, ...claude } = JSON.parse(readFileSync(new URL('../../harnesses/claude-code.json', import.meta.url), 'utf8'));
    assert.ok(claude.user_skills_dirs.includes('/etc/claude-code/.claude/skills'), 'the built-in descriptor names the managed folder');
    ws.write('managed.json', JSON.stringify({ ...claude, name: 'managed', user_skills_dirs: [join(ws.root, 'managed/skills')] }));
    await refused(ws, [], /the control arm would see the skill "csv-reports" at .*managed\/skills\/csv-reports: managed finds skills there/, 'managed.json');
  });

  it('in a folder above the workspace, where the CLIs search up to the repository root', async () => {
    const ws = makeCampaignWorkspace();
    ws.write(`.opencode/skills/${SKILL_NAME}/SKILL.md`, skillMd(SKILL_NAME));
    await refused(ws, [], /\.opencode\/skills\/csv-reports/, 'opencode');
    // A workspace elsewhere is out of its reach.
    const elsewhere = join(mkdtempSync(join(tmpdir(), 'eval-magic-elsewhere-')), 'runs');
    const result = await runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'opencode', '--eval', 'explain', '--workspace', elsewhere], { cwd: ws.root, env: ws.env });
    assert.equal(result.code, 0, result.stderr);
    // Beside the working directory the plan names the iteration by ../, as the user types it from there, as every message names files.
    assert.ok(result.stdout.split('\n')[0]!.endsWith(`: iteration 1 (new) in ${relative(ws.root, join(elsewhere, SKILL_NAME, 'iteration-1'))}`), result.stdout);
    assert.match(result.stdout.split('\n')[0]!, /: iteration 1 \(new\) in \.\.\//);
  });
});

