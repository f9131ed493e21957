// `eval-magic init`: the seed evals.json passes check, nothing is ever overwritten, bad input is one line and exit 2.
import assert from 'node:assert/strict';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { checkSource, UsageError } from '../../src/index.js';
import { initEvals } from '../../src/campaign/index.js';
import { compileGateRegex } from '../../src/evals/gate-regex.js';
import { binPath, runBin, runMain } from '../helpers/cli.js';
import { giveToRegularUser, spawnAsRegularUser } from '../helpers/regular-user.js';

const skillMd = (name: string) => `---\nname: ${name}\ndescription: Renames a column everywhere it is used (schema, seeds, queries).\n---\n\nUse sed, then run the schema.\n`;
const SKILL_MD = skillMd('rename-column');

/** A temporary folder holding `<folder>/SKILL.md` (front matter name `name`); returns [parent, skill folder]. */
function skillFolder(folder = 'rename-column', name = folder): [string, string] {
  const parent = mkdtempSync(join(tmpdir(), 'em-init-'));
  const skill = join(parent, folder);
  mkdirSync(skill);
  writeFileSync(join(skill, 'SKILL.md'), skillMd(name));
  return [parent, skill];
}

describe('initEvals (library)', () => {
  it('writes evals/evals.json with one seed eval — a prompt, an agent_asks turn, a transcript_check — that passes every rule', () => {
    const [parent, skill] = skillFolder();
    const result = initEvals({ cwd: parent, skillDir: 'rename-column' });
    assert.equal(result.evalsPath, join(skill, 'evals', 'evals.json'));
    assert.equal(result.shownPath, 'rename-column/evals/evals.json');
    const text = readFileSync(result.evalsPath, 'utf8');
    const checked = checkSource({ filePath: result.evalsPath, bytes: text });
    assert.deepEqual(checked.messages, []);
    const doc = JSON.parse(text);
    assert.equal(doc.skill_name, 'rename-column');
    assert.equal(doc.evals.length, 1);
    const [seed] = doc.evals;
    assert.equal(seed.id, 'first-task');
    assert.ok(seed.prompt.length > 0 && seed.expected_output.length > 0);
    assert.deepEqual(seed.turns.map((t: { deliver_when: string }) => t.deliver_when), ['agent_asks']);
    assert.deepEqual(seed.assertions.map((a: { type: string }) => a.type), ['transcript_check']);
    assert.deepEqual(readdirSync(join(skill, 'evals')), ['evals.json'], 'no temporary file left behind');
  });

  it("the seed's assertion recognises each CLI's use of the skill, and not other tool calls", () => {
    const [parent] = skillFolder('tz-fix');
    const { evalsPath } = initEvals({ cwd: parent, skillDir: 'tz-fix' });
    const pattern = JSON.parse(readFileSync(evalsPath, 'utf8')).evals[0].assertions[0].pattern;
    const compiled = compileGateRegex(pattern);
    assert.ok(compiled.ok);
    // Tool invocations as graded: "<name> <compact JSON of args>".
    assert.ok(compiled.regex.test('Skill {"skill":"tz-fix"}'), 'Claude Code');
    assert.ok(compiled.regex.test('skill {"name":"tz-fix"}'), 'OpenCode');
    assert.ok(compiled.regex.test(`command_execution {"command":"/bin/bash -lc 'cat .agents/skills/tz-fix/SKILL.md'"}`), 'Codex');
    assert.equal(compiled.regex.test('Bash {"command":"date -u","description":"Print the time"}'), false);
  });

  it('takes the id, prompt and expected output, and refuses ones that would not pass check, writing nothing', () => {
    const [parent, skill] = skillFolder();
    const { evalsPath } = initEvals({ cwd: skill, id: 'rename-cust-id', prompt: 'Rename cust_id to customer_id in schema.sql.', expectedOutput: 'schema.sql uses customer_id.' });
    const seed = JSON.parse(readFileSync(evalsPath, 'utf8')).evals[0];
    assert.deepEqual([seed.id, seed.prompt, seed.expected_output], ['rename-cust-id', 'Rename cust_id to customer_id in schema.sql.', 'schema.sql uses customer_id.']);

    const [, other] = skillFolder();
    assert.throws(() => initEvals({ cwd: parent, skillDir: other, id: 'Rename Column' }), (e: Error) => e instanceof UsageError && /would not pass check: .*pattern/.test(e.message));
    assert.throws(() => initEvals({ cwd: parent, skillDir: other, prompt: '' }), UsageError);
    assert.equal(existsSync(join(other, 'evals')), false);
  });

  it('never overwrites an existing evals.json, nor writes through a link', () => {
    const [, skill] = skillFolder();
    mkdirSync(join(skill, 'evals'));
    writeFileSync(join(skill, 'evals', 'evals.json'), '{"mine": true}\n');
    assert.throws(() => initEvals({ cwd: skill }), /evals\/evals\.json already exists; init never overwrites it/);
    assert.equal(readFileSync(join(skill, 'evals', 'evals.json'), 'utf8'), '{"mine": true}\n');

    const [, linked] = skillFolder();
    const elsewhere = mkdtempSync(join(tmpdir(), 'em-init-elsewhere-'));
    symlinkSync(elsewhere, join(linked, 'evals'));
    // Said as what it is, and where it points: a link, even to a folder, is not followed.
    assert.throws(() => initEvals({ cwd: linked }), (e: Error) => e instanceof UsageError && e.message === `init: evals is a symbolic link (to ${JSON.stringify(elsewhere)}); init does not follow links, it writes inside the skill folder only: make evals a folder (nothing was written)`);
    assert.deepEqual(readdirSync(elsewhere), []);

    const [, dangling] = skillFolder();
    mkdirSync(join(dangling, 'evals'));
    symlinkSync(join(dangling, 'nowhere.json'), join(dangling, 'evals', 'evals.json'));
    assert.throws(() => initEvals({ cwd: dangling }), /already exists/);
    assert.equal(existsSync(join(dangling, 'nowhere.json')), false);
  });
});

describe('eval-magic init (the built CLI: the binary first, then in this process)', () => {
  it('in a skill folder: writes the file, which `check` passes, and prints the campaign and compare commands', async () => {
    const [, skill] = skillFolder();
    const r = runBin(['init'], { cwd: skill });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stderr, '');
    const lines = r.stdout.trimEnd().split('\n');
    assert.match(lines[0]!, /^Wrote evals\/evals\.json with one seed eval, "first-task" \(skill rename-column\)\.$/);
    assert.deepEqual(lines.slice(-2), [
      '  eval-magic campaign --evals evals/evals.json --harness claude-code --runs 4',
      '  eval-magic compare -- .eval-magic/rename-column/iteration-1',
    ]);
    // 4 runs per arm: the fewest with which Fisher's two-sided p can fall below 0.05 (0.0286).
    // Run from a clone (node dist/bin.cjs, no eval-magic on PATH), it says how to start the commands.
    assert.match(r.stdout, /^\(eval-magic is not on PATH here: run them with `node \S+bin\.cjs` in place of `eval-magic`\)$/m);
    const checked = await runMain(['check', '--max-warnings', '0', '--', 'evals/evals.json'], { cwd: skill });
    assert.equal(checked.code, 0, checked.stdout + checked.stderr);
  });

  it('names the skill as its SKILL.md does; quotes paths a shell would split, and keeps a path that starts with "-" from reading as a flag', async () => {
    const [parent] = skillFolder('-odd skill', 'odd-skill');
    const r = await runMain(['init', '--', '-odd skill'], { cwd: parent });
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /^ {2}eval-magic campaign --evals '\.\/-odd skill\/evals\/evals\.json' --harness claude-code --runs 4$/m);
    assert.match(r.stdout, /^ {2}eval-magic compare -- \.eval-magic\/odd-skill\/iteration-1$/m);
    assert.equal(JSON.parse(readFileSync(join(parent, '-odd skill', 'evals', 'evals.json'), 'utf8')).skill_name, 'odd-skill');
  });

  it('a path with a line break or a bidi override is printed in a quoting the shell reads back as that path, with no raw control on the terminal (escaped inside \'…\' it named another path)', async () => {
    const name = 'odd\nskill\u202e';
    const [parent] = skillFolder(name, 'odd-skill');
    const r = await runMain(['init', '--', name], { cwd: parent });
    assert.equal(r.code, 0, r.stderr);
    const line = r.stdout.split('\n').find((l) => l.includes('campaign --evals'))!;
    assert.equal(line, `  eval-magic campaign --evals 'odd'"$(printf '\\012\\163')"'kill'"$(printf '\\342\\200\\256')"'/evals/evals.json' --harness claude-code --runs 4`);
    const word = /--evals (.*) --harness/.exec(line)![1]!;
    for (const shell of ['bash', 'sh']) assert.equal(execFileSync(shell, ['-c', `printf %s ${word}`], { encoding: 'utf8' }), `${name}/evals/evals.json`, shell);
  });

  // As root (CI, containers) mode 000 stops nobody but a regular user: the command runs as one.
  it('a SKILL.md that cannot be read: says why, never that the folder has none (exit 2, nothing written)', () => {
    const [parent, skill] = skillFolder();
    const asRoot = process.getuid?.() === 0;
    if (asRoot) giveToRegularUser(parent);
    chmodSync(join(skill, 'SKILL.md'), 0o000);
    const r = asRoot ? spawnAsRegularUser([process.execPath, binPath, 'init'], { cwd: skill, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 }) : undefined;
    const run = r ? { code: r.status, stdout: r.stdout, stderr: r.stderr } : runBin(['init'], { cwd: skill });
    assert.equal(run.code, 2, run.stdout + run.stderr);
    assert.equal(run.stderr, 'eval-magic: init ".": cannot read its SKILL.md: permission denied (EACCES) (nothing was written)\n');
    assert.equal(existsSync(join(skill, 'evals')), false);
  });

  it('a skill folder, or an evals folder, it cannot write in: says why in words, with no temporary file name or Node error text (exit 2, nothing written)', () => {
    const asRoot = process.getuid?.() === 0;
    for (const [where, expected] of [
      ['the skill folder', 'eval-magic: init: cannot create evals: permission denied (EACCES) (nothing was written)\n'],
      ['its evals folder', 'eval-magic: init: cannot write in evals/: permission denied (EACCES) (nothing was written)\n'],
    ] as const) {
      const [parent, skill] = skillFolder();
      if (where === 'its evals folder') mkdirSync(join(skill, 'evals'));
      if (asRoot) giveToRegularUser(parent);
      chmodSync(where === 'its evals folder' ? join(skill, 'evals') : skill, 0o555);
      const r = asRoot ? spawnAsRegularUser([process.execPath, binPath, 'init'], { cwd: skill, env: { ...process.env, NO_COLOR: '1' }, encoding: 'utf8', timeout: 60_000 }) : undefined;
      const run = r ? { code: r.status, stdout: r.stdout, stderr: r.stderr } : runBin(['init'], { cwd: skill });
      assert.equal(run.code, 2, run.stdout + run.stderr);
      assert.equal(run.stderr, expected, where);
      assert.equal(existsSync(join(skill, 'evals', 'evals.json')), false);
    }
  });

  for (const [what, setup, args, message] of [
    ['a folder that does not exist', () => mkdtempSync(join(tmpdir(), 'em-init-')), ['init', 'missing-skill'], /^eval-magic: init "missing-skill" is not a folder \(nothing was written\)\n$/],
    ['a folder without SKILL.md', () => mkdtempSync(join(tmpdir(), 'em-init-')), ['init'], /^eval-magic: init "\." has no SKILL\.md, so it is not a skill folder \(nothing was written\)\n$/],
    ['a file instead of a folder', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), SKILL_MD); return d; }, ['init', 'SKILL.md'], /^eval-magic: init "SKILL\.md" is not a folder/],
    ['a SKILL.md without front matter', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), '# Rename a column\n'); return d; }, ['init'], /^eval-magic: SKILL\.md has no front matter/],
    // It has one, opened: "no front matter" would send the user looking for the wrong thing.
    ['a front matter that is never closed', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), '---\nname: ok-skill\ndescription: x\n\n# Rename a column\n'); return d; }, ['init'], /^eval-magic: SKILL\.md:1:1: its front matter, opened by the "---" of line 1, has no closing "---" line \(nothing was written\)\n$/],
    ['front matter that is not YAML, placed in the file', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), '---\nname: ok-skill\ndescription: x\nlicense: y\nname: dup\n---\n'); return d; }, ['init'], /^eval-magic: SKILL\.md:5:1: the front matter is not valid YAML: Map keys must be unique \(nothing was written\)\n$/],
    // A name that is there but not text is not "no name": what it is, and where.
    ['a name that is a list', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), '---\ndescription: x\nname: [a, b]\n---\n'); return d; }, ['init'], /^eval-magic: SKILL\.md:3:7: the front matter's "name" is a list, not text \(nothing was written\)\n$/],
    ['a blank name', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), '---\nname: "  "\ndescription: x\n---\n'); return d; }, ['init'], /^eval-magic: SKILL\.md:2:7: the front matter's "name" is blank \(nothing was written\)\n$/],
    ['front matter that is a list', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), '---\n- name: x\n---\n'); return d; }, ['init'], /^eval-magic: SKILL\.md:2:1: the front matter is a list, not a mapping with name and description \(nothing was written\)\n$/],
    ['front matter without a name', () => { const d = mkdtempSync(join(tmpdir(), 'em-init-')); writeFileSync(join(d, 'SKILL.md'), '---\ndescription: x\n---\n'); return d; }, ['init'], /^eval-magic: SKILL\.md: the front matter has no "name" \(nothing was written\)\n$/],
    // init takes no harness: the name is refused by the rule, not by a harness the user never named.
    ['a skill name no agent CLI loads', () => skillFolder('renamer', 'Rename Column')[1], ['init'], /^eval-magic: init "\.": the skill name "Rename Column" \(SKILL\.md\) is not one the agents' CLIs load: a skill name is 1–64 lowercase letters and digits, in groups joined by single hyphens \(nothing was written\)\n$/],
    ['an evals path that is a file', () => { const [, s] = skillFolder(); writeFileSync(join(s, 'evals'), 'x'); return s; }, ['init'], /^eval-magic: init: evals is a file, not a folder \(nothing was written\)\n$/],
    ['two folders', () => skillFolder()[0], ['init', 'rename-column', 'other'], /^eval-magic: Unexpected argument "other"\.\n$/],
    ['two folders after --', () => skillFolder()[0], ['init', '--', 'rename-column', 'other'], /^eval-magic: init takes one skill folder, got 2: "rename-column" "other"\n$/],
    ['an existing evals.json', () => { const [, s] = skillFolder(); mkdirSync(join(s, 'evals')); writeFileSync(join(s, 'evals', 'evals.json'), '{}'); return s; }, ['init'], /^eval-magic: init: evals\/evals\.json already exists; init never overwrites it/],
  ] as const) {
    // In this process (runMain): the binary ran init above.
    it(`${what}: exit 2, one line, nothing written`, async () => {
      const cwd = setup();
      const before = readdirSync(cwd, { recursive: true }).sort();
      const r = await runMain([...args], { cwd });
      assert.equal(r.code, 2, r.stdout + r.stderr);
      assert.match(r.stderr, message);
      assert.equal(r.stderr.trimEnd().split('\n').length, 1, r.stderr);
      assert.equal(r.stdout, '');
      assert.deepEqual(readdirSync(cwd, { recursive: true }).sort(), before);
    });
  }
});
