// Links in the CLI's user-level instruction folders (~/.claude/rules/shared.md -> ~/notes/shared.md,
// as Claude Code's docs suggest for sharing rules): the CLI follows them, so what they lead to is
// an instruction too. The folder's read-only bind does not reach a target outside it, and the
// folder's tree digest recorded the link's text only: an agent wrote through the link, the CLI
// read it in every later session of both arms, and every run stayed valid.
// And the plan: a missing instruction file is no hazard of its own (one a session creates is
// caught after the run), so the plan no longer lists the missing ones; it warns when one already
// differs from the iteration's record, which marks every run of the command invalid.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, it } from 'node:test';
import { runCampaign } from '../../src/campaign/index.js';
import { agentContainment } from '../../src/process/containment.js';
import { linkBounds } from '../../src/runner/instruction-links.js';
import { changedInstructionFiles, instructionFilesState, readOnlyInstructionFiles } from '../../src/runner/session-stores.js';
import { runMain } from '../helpers/cli.js';
import { armsByWorkDir, makeCampaignWorkspace, SKILL_NAME } from './campaign-helpers.js';

const containment = agentContainment();
const noNamespace = containment.kind === 'session' ? `no PID namespace here: ${containment.reason}` : false;
const MARKER = 'Always mention MEMORY-MARKER-4242.';
const OWN_RULE = "The user's own shared rule.\n";
const RULES = { instruction_files: ['~/.claude/rules'] };

/** A HOME whose ~/.claude/rules holds `name`, a link to `target` (made by `make` when given). */
function homeWithLink(name: string, target: (home: string) => string, make?: (path: string) => void) {
  const ws = makeCampaignWorkspace();
  const rules = join(ws.home, '.claude', 'rules');
  mkdirSync(rules, { recursive: true });
  writeFileSync(join(rules, 'own.md'), 'A rule of its own.\n');
  const to = target(ws.home);
  make?.(to);
  symlinkSync(to, join(rules, name));
  return { ws, rules, to, env: ws.env };
}

/** The bounds a campaign's state is taken within, here: HOME and the temporary folder as holders, `hidden` shown empty. */
const bounds = (env: NodeJS.ProcessEnv, hidden: string[] = []) => linkBounds(env, hidden);

/** A regular file at `path`, its folder made. */
function fileAt(path: string, text = OWN_RULE): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, text);
}

describe('instruction folders: links to what lies outside them', () => {
  it("a folder's state covers what its links lead to: a file written through a link, one added in a linked folder, and one created where a link dangled, are changes", () => {
    const file = homeWithLink('shared.md', (home) => join(home, 'notes', 'shared.md'), (to) => fileAt(to));
    const before = instructionFilesState(RULES, file.env, bounds(file.env));
    assert.deepEqual(changedInstructionFiles(before, bounds(file.env)), []);
    writeFileSync(file.to, OWN_RULE + MARKER);
    const changes = changedInstructionFiles(before, bounds(file.env));
    assert.deepEqual(changes.map((c) => c.path), [file.rules]);
    assert.match(changes[0]!.now, /^a folder of 1 file, sha256 [0-9a-f]{12}, what its 1 link leads to sha256 [0-9a-f]{12}$/);
    assert.notEqual(changes[0]!.was, changes[0]!.now);

    const folder = homeWithLink('team', (home) => join(home, 'team-rules'), (to) => fileAt(join(to, 'style.md')));
    const beforeFolder = instructionFilesState(RULES, folder.env, bounds(folder.env));
    writeFileSync(join(folder.to, 'new.md'), MARKER);
    assert.deepEqual(changedInstructionFiles(beforeFolder, bounds(folder.env)).map((c) => c.path), [folder.rules]);

    const dangling = homeWithLink('later.md', (home) => join(home, 'notes', 'later.md'));
    const beforeDangling = instructionFilesState(RULES, dangling.env, bounds(dangling.env));
    mkdirSync(dirname(dangling.to), { recursive: true });
    assert.deepEqual(changedInstructionFiles(beforeDangling, bounds(dangling.env)), [], 'the folder it leads into made: nothing the CLI reads changed');
    writeFileSync(dangling.to, MARKER);
    assert.deepEqual(changedInstructionFiles(beforeDangling, bounds(dangling.env)).map((c) => c.path), [dangling.rules]);
  });

  it('a link to a FIFO, a device, back up the tree or round in a loop is described, never opened or walked for ever; a folder holding HOME, and what the sessions are shown empty, are not read', () => {
    const { ws, rules, env } = homeWithLink('pipe.md', (home) => join(home, 'pipe'), (to) => assert.equal(spawnSync('mkfifo', [to]).status, 0));
    symlinkSync('/dev/zero', join(rules, 'zero.md'));
    symlinkSync('..', join(rules, 'up'));
    symlinkSync('loop-b', join(rules, 'loop-a'));
    symlinkSync('loop-a', join(rules, 'loop-b'));
    symlinkSync(ws.root, join(rules, 'above-home'));
    fileAt(join(ws.workspace, 'run', 'final-message.md'));
    symlinkSync(ws.workspace, join(rules, 'workspace'));
    // Returns (a read of the FIFO would block this process for ever, /dev/zero never ends).
    const before = instructionFilesState(RULES, env, bounds(env, [ws.workspace, join(ws.home, '.claude', 'projects')]));
    assert.match(before.get(rules)!, /^a folder of 1 file, sha256 [0-9a-f]{12}, what its 7 links lead to sha256 [0-9a-f]{12}$/);
    // What the CLI and the runs write meanwhile, in HOME, in the workspace and in a session store
    // (each session's own), is no instruction's change.
    const store = join(ws.home, '.claude', 'projects');
    fileAt(join(ws.home, '.claude.json'), '{}');
    fileAt(join(ws.workspace, 'run', 'final-message.md'), MARKER);
    fileAt(join(store, 'session.jsonl'), MARKER);
    assert.deepEqual(changedInstructionFiles(before, bounds(env, [ws.workspace, store])), []);
    // ~/.claude, which `up` leads to, is read: a rule added there through it is a change.
    fileAt(join(ws.home, '.claude', 'agents', 'helper.md'), MARKER);
    assert.deepEqual(changedInstructionFiles(before, bounds(env, [ws.workspace, store])).map((c) => c.path), [rules]);
  });

  it("what a folder's links lead to is bound read-only with it, by its real path: never a device, a missing file, a folder holding HOME, nor what the sessions are shown empty", () => {
    const { ws, rules, to, env } = homeWithLink('shared.md', (home) => join(home, 'notes', 'shared.md'), (path) => fileAt(path));
    symlinkSync('/dev/null', join(rules, 'null.md'));
    symlinkSync(ws.root, join(rules, 'above-home'));
    symlinkSync(join(ws.home, 'nowhere.md'), join(rules, 'dangling.md'));
    fileAt(join(ws.workspace, 'notes.md'));
    symlinkSync(join(ws.workspace, 'notes.md'), join(rules, 'workspace.md'));
    assert.deepEqual(readOnlyInstructionFiles(RULES, env, bounds(env, [ws.workspace])), [realpathSync(rules), realpathSync(to)]);
    // An instruction file that is itself a link to /dev/null (instructions turned off) is not
    // bound: read-only, /dev/null would fail every program's write in the session.
    symlinkSync('/dev/null', join(ws.home, '.claude', 'CLAUDE.md'));
    assert.deepEqual(readOnlyInstructionFiles({ instruction_files: ['~/.claude/CLAUDE.md'] }, env, bounds(env)), []);
  });

  it("a skill session cannot write through a link in Claude Code's rules folder to the file it leads to: the write fails, no later session reads it; a link to a folder holding the workspace uncovers nothing, one to the folder of the session stores changes nothing", { skip: noNamespace }, async () => {
    const { ws, rules, to } = homeWithLink('shared.md', (home) => join(home, 'notes', 'shared.md'), (path) => fileAt(path));
    // A folder of rules that holds the campaign's workspace (not HOME): bound read-only, it would
    // show the session what the workspace's cover hides (the bind is made last, not recursive).
    const project = join(ws.root, 'project');
    const workspace = join(project, '.eval-magic');
    fileAt(join(project, 'conventions.md'));
    symlinkSync(project, join(rules, 'project'));
    // And one to ~/.claude, which holds the session stores' mount points (made empty by the first
    // session): each session has its own store there, so they are no instruction's change.
    symlinkSync('..', join(rules, 'up'));
    ws.respond({ ask: true, writeInstructions: MARKER, instructionsAt: 'rules/shared.md', lookAt: [workspace] });
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env, workspace });
    assert.deepEqual(result.records.map((r) => [r.status, r.isolation.valid]), Array(2).fill(['completed', true]), JSON.stringify(result.records.map((r) => [r.message, r.isolation])));
    const arms = armsByWorkDir(join(workspace, SKILL_NAME, 'iteration-1'));
    assert.equal(ws.calls().length, 2);
    for (const call of ws.calls()) {
      const arm = arms.get(call.dir ?? call.cwd);
      assert.deepEqual(call.instructions, { held: OWN_RULE, ...(arm === 'with_skill' ? { wrote: 'EROFS' } : {}) }, `${arm}: ${JSON.stringify(call.instructions)}`);
      assert.deepEqual(call.looked?.[workspace], { entries: [], writable: false }, `${arm}: the workspace`);
    }
    assert.equal(readFileSync(to, 'utf8'), OWN_RULE);
    assert.equal(result.instructionFilesChanged, undefined);
    rmSync(ws.root, { recursive: true, force: true });
  });

  it("an instruction file that is itself a link (~/.claude/CLAUDE.md -> ~/dotfiles/CLAUDE.md) is bound read-only where it leads", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER } });
    const to = join(ws.home, 'dotfiles', 'CLAUDE.md');
    mkdirSync(join(ws.home, 'dotfiles'));
    mkdirSync(join(ws.home, '.claude'));
    writeFileSync(to, OWN_RULE);
    symlinkSync(to, join(ws.home, '.claude', 'CLAUDE.md'));
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
    assert.deepEqual(result.records.map((r) => [r.status, r.isolation.valid]), Array(2).fill(['completed', true]), JSON.stringify(result.records.map((r) => [r.message, r.isolation])));
    const arms = armsByWorkDir(ws.iteration());
    for (const call of ws.calls()) {
      const arm = arms.get(call.dir ?? call.cwd);
      assert.deepEqual(call.instructions, { held: OWN_RULE, ...(arm === 'with_skill' ? { wrote: 'EROFS' } : {}) }, `${arm}: ${JSON.stringify(call.instructions)}`);
    }
    assert.equal(readFileSync(to, 'utf8'), OWN_RULE);
    rmSync(ws.root, { recursive: true, force: true });
  });

  it('a skill session that creates the file a dangling link in the rules folder leads to: every run that ends after is invalid, naming the folder', { skip: noNamespace }, async () => {
    // The folder it leads into exists; the file does not (yet). Outside HOME: what a session
    // writes under HOME is its own (its HOME an overlay), and no later session reads it.
    const { ws, rules, to } = homeWithLink('later.md', (home) => join(dirname(home), 'notes', 'later.md'), (path) => mkdirSync(join(path, '..'), { recursive: true }));
    ws.respond({ ask: true, writeInstructions: MARKER, instructionsAt: 'rules/later.md' });
    const result = await runCampaign({ evals: ws.evalsPath, harness: 'claude-code', evalIds: ['explain'], runs: 1, jobs: 1, baseDir: ws.root, env: ws.env });
    assert.equal(readFileSync(to, 'utf8'), `${MARKER}\n`);
    const invalid = result.records.filter((r) => !r.isolation.valid);
    assert.ok(invalid.length >= 1, JSON.stringify(result.records.map((r) => r.isolation)));
    for (const r of invalid) assert.ok(r.isolation.problems.some((p) => p.code === 'instruction-file-changed' && p.message.startsWith(`claude-code's instruction file ${rules} changed`)), JSON.stringify(r.isolation));
    assert.deepEqual(result.instructionFilesChanged?.map((c) => c.path), [rules]);
    rmSync(ws.root, { recursive: true, force: true });
  });
});

describe('the plan and the instruction files', () => {
  // What the user must act on before the runs start: a file that already differs from the state
  // the iteration's first command recorded marks every run of this command invalid.
  it("warns when an instruction file already differs from the iteration's first state: every run of the command will be invalid", { skip: noNamespace }, async () => {
    const ws = makeCampaignWorkspace({ respond: { ask: true, writeInstructions: MARKER } });
    // The user's ~/.codex: the real one in every session (a config folder), where a session's write stays.
    mkdirSync(join(ws.home, '.codex'));
    const file = join(ws.home, '.codex', 'AGENTS.md');
    const shard = (k: number) => runMain(['campaign', '--evals', ws.evalsPath, '--harness', 'codex', '--runs', '1', '--jobs', '1', '--shard', `${k}/2`], { cwd: ws.root, env: ws.env });
    const first = await shard(1);
    assert.equal(first.code, 1, first.stdout + first.stderr);
    assert.ok(!first.stdout.includes('instruction file'), first.stdout);
    ws.respond({ ask: true });
    const second = await shard(2);
    assert.equal(second.code, 1, second.stdout + second.stderr);
    const warning = second.stdout.split('\n').filter((line) => line.includes('instruction file'));
    assert.equal(warning.length, 1, second.stdout);
    assert.match(warning[0]!, new RegExp(`^  warning: codex's instruction file ${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is not as this iteration's first command found it \\(was missing, now \\d+ bytes, sha256 [0-9a-f]{12}\\): every run of this command will be marked isolation invalid \\(instruction-file-changed\\); put it back as it was \\(remove what an agent wrote\\), or start a new iteration \\(--iteration 2\\)$`));
    rmSync(ws.root, { recursive: true, force: true });
  });
});
