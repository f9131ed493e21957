// The real agent CLIs, at the versions pinned in test/agents/package.json, driven by the built
// `eval-magic run` against the scripted model server, offline. Started by run-tier.ts inside a
// network namespace that has only loopback; refuses to run anywhere else.
import { after, before, describe, it } from 'node:test';
import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import { chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { networkInterfaces, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSource } from '../../src/index.js';
import { startModelServer, type LoggedRequest, type ModelServer, type Step } from './model-server.js';
import { AGENTS, agentEnvironment, execute, type Agent, type Exec } from './agents.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const REPO = resolve(HERE, '../..');
const BIN = join(REPO, 'dist', 'bin.cjs');

// Texts a shell or an argument-mangling CLI would change; each must reach the model byte for byte.
const OPENING = `Set the "zone" to 'UTC' in zone.txt: not $(hostname), not \`whoami\`, not $HOME.`;
const CLARIFY = `-- UTC, please\nand keep "both" lines`;
const ALWAYS = `- {session_id} 'last' "turn" \\n $(exit 1)`;
const GATED_OPENING = 'Pick the file you would edit first.';
const FAILING_OPENING = 'The model is down for this one.';
const REFUSED_OPENING = 'Write refused.txt, if you are allowed to.';

const QUESTION = 'I wrote zone.txt. Which zone do you want for the second line?';
const SECOND = 'Using UTC for both lines. Anything else?';
const LAST = 'Done: zone.txt says UTC.';
const SHELL = "printf 'zone=UTC\\n' > zone.txt && cat zone.txt";

/** The scripted model: one conversation per opening text. */
function script({ userTexts, toolResults }: { userTexts: string[]; toolResults: number }): Step {
  const round = userTexts.length;
  switch (userTexts[0]) {
    case OPENING:
      if (round === 1) return toolResults === 0 ? { shell: SHELL } : { say: QUESTION };
      return { say: round === 2 ? SECOND : LAST };
    case GATED_OPENING:
      return { say: 'Should I start with a.txt?' };
    case FAILING_OPENING:
      return { httpStatus: 500, retryAfterMs: 1 };
    case REFUSED_OPENING:
      if (round === 1) return toolResults === 0 ? { shell: "printf 'x' > refused.txt" } : { say: 'I was not allowed to write refused.txt. Retry?' };
      return { say: 'Leaving it.' };
    default:
      return { say: `unscripted opening ${JSON.stringify(userTexts[0])}` };
  }
}

const evals = {
  skill_name: 'zone-setter',
  evals: [
    {
      id: 'three-rounds',
      prompt: OPENING,
      expected_output: 'zone.txt holds zone=UTC',
      turns: [
        { prompt: CLARIFY, deliver_when: 'agent_asks', agent_response_matches: '(?i)which\\s+zone' },
        { prompt: ALWAYS, deliver_when: 'always' },
      ],
    },
    {
      id: 'stops-at-gate',
      prompt: GATED_OPENING,
      expected_output: 'a question about the zone',
      turns: [{ prompt: 'never sent', deliver_when: 'agent_asks', agent_response_matches: '(?i)which\\s+zone' }],
    },
    { id: 'model-fails', prompt: FAILING_OPENING, expected_output: 'nothing', turns: [{ prompt: 'never sent', deliver_when: 'always' }] },
  ],
};

/** A fresh HOME, task folder (not in a git repository) and out folder, and the CLI's environment. */
function makeWorkspace(agent: Agent, server: ModelServer) {
  const root = mkdtempSync(join(tmpdir(), `em-real-${agent.harness}-`));
  const home = join(root, 'home');
  const task = join(root, 'task');
  for (const dir of [home, task]) mkdirSync(dir);
  writeFileSync(join(root, 'evals.json'), JSON.stringify(evals, null, 2));
  return { root, task, env: agentEnvironment(agent, home, server), out: join(root, 'out') };
}

/** nobody:nogroup, for the runs that must also work without root. */
const REGULAR_USER = 65534;

/** Hands the workspace to {@link REGULAR_USER} (recursively). */
function giveAway(dir: string): void {
  chownSync(dir, REGULAR_USER, REGULAR_USER);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) giveAway(join(dir, entry.name));
    else chownSync(join(dir, entry.name), REGULAR_USER, REGULAR_USER);
  }
}

function run(ws: ReturnType<typeof makeWorkspace>, agent: Agent, ...evalArgs: string[]): Promise<Exec> {
  const model = agent.model ? ['--model', agent.model] : [];
  if (evalArgs[0] === '--as-regular-user') {
    giveAway(ws.root);
    const setpriv = ['--reuid', String(REGULAR_USER), '--regid', String(REGULAR_USER), '--clear-groups', '--'];
    return execute('setpriv', [...setpriv, process.execPath, BIN, 'run', '--evals', 'evals.json', '--harness', agent.harness, '--cwd', 'task', '--out', 'out', ...model, ...evalArgs.slice(1)], { cwd: ws.root, env: ws.env });
  }
  return execute(process.execPath, [BIN, 'run', '--evals', 'evals.json', '--harness', agent.harness, '--cwd', 'task', '--out', 'out', '--round-timeout', '120', ...model, ...evalArgs], { cwd: ws.root, env: ws.env });
}

/** The artifact, asserted to pass `check` with every rule; parsed. */
function checkedArtifact(path: string): any {
  const text = readFileSync(path, 'utf8');
  const result = checkSource({ filePath: path, bytes: text });
  assert.equal(result.errorCount + result.warningCount, 0, JSON.stringify(result.messages, null, 2));
  return JSON.parse(text);
}

/** The conversation requests for one opening text (title generation and the like left out). */
function conversationRequests(server: ModelServer, opening: string): LoggedRequest[] {
  return server.requests.filter((r) => !r.auxiliary && r.userTexts[0] === opening);
}

function hasGitAbove(dir: string): boolean {
  // As git (and so Codex) sees it: a stray empty .git folder above is no repository.
  return spawnSync('git', ['-C', dir, 'rev-parse', '--git-dir'], { stdio: 'ignore' }).status === 0;
}

/** With RECORD_STREAMS=1, the round's real stdout becomes a parser fixture. */
// (fixtures/streams/<harness>/<version>/<eval-id>.turn<r>.jsonl)
function recordStreams(agent: Agent, version: string, outDir: string, evalId: string): void {
  if (process.env.RECORD_STREAMS !== '1' || !existsSync(outDir)) return;
  const target = join(REPO, 'fixtures', 'streams', agent.harness, version);
  mkdirSync(target, { recursive: true });
  for (const turn of readdirSync(outDir).filter((n) => /^turn-\d+$/.test(n))) {
    const events = readdirSync(join(outDir, turn)).find((n) => n.endsWith('-events.jsonl'));
    if (events) copyFileSync(join(outDir, turn, events), join(target, `${evalId}.${turn.replace('-', '')}.jsonl`));
  }
}

it('runs inside a network namespace with only loopback, as root', () => {
  const names = Object.keys(networkInterfaces());
  assert.deepEqual(names, ['lo'], `network interfaces ${names.join(', ')}: run this file through \`npm run test:agents\``);
  assert.equal(process.getuid?.(), 0, 'the tier runs the CLIs as root (CI containers do)');
});

for (const agent of AGENTS) {
  describe(`${agent.harness} (real ${agent.executable})`, () => {
    let server: ModelServer;
    let ws: ReturnType<typeof makeWorkspace>;
    let version = '';
    before(async () => {
      server = await startModelServer(script);
      ws = makeWorkspace(agent, server);
      const v = await execute(agent.executable, ['--version'], { cwd: ws.root, env: ws.env });
      version = v.stdout.trim().match(/\d+\.\d+\.\d+/)?.[0] ?? 'unknown';
    });
    after(() => server.close());

    it('harness check passes in the task folder', async () => {
      const r = await execute(process.execPath, [BIN, 'harness', 'check', agent.harness, '--cwd', 'task'], { cwd: ws.root, env: ws.env });
      assert.equal(r.code, 0, r.stdout + r.stderr);
      assert.match(r.stdout, new RegExp(`${version.replace(/\./g, '\\.')}`));
    });

    it('completes three rounds (tool call, regex-gated and always follow-ups) and stops at a gate; the model got every text byte for byte', async () => {
      assert.equal(hasGitAbove(ws.task), false, 'the task folder must not be inside a git repository');
      const r = await run(ws, agent);
      assert.equal(r.code, 1, `exit 1 expected (model-fails aborts)\n${r.stdout}\n${r.stderr}`);
      for (const id of ['three-rounds', 'stops-at-gate', 'model-fails']) recordStreams(agent, version, join(ws.out, id), id);

      // three-rounds: completed, passes check, and the conversation says what happened.
      assert.match(r.stdout, /^three-rounds: completed with 2 follow-up\(s\) delivered; wrote /m);
      const done = checkedArtifact(join(ws.out, 'three-rounds', 'conversation.json'));
      assert.equal(done.status, 'completed');
      assert.deepEqual(done.events.filter((e: any) => e.type === 'user_message').map((e: any) => [e.round, e.text]), [[1, OPENING], [2, CLARIFY], [3, ALWAYS]]);
      const tools = done.events.filter((e: any) => e.type === 'tool_invocation');
      assert.equal(tools.length, 1, JSON.stringify(tools));
      assert.equal(tools[0].name, agent.shellTool);
      assert.equal(tools[0].round, 1);
      assert.match(String(tools[0].result), /zone=UTC/);
      assert.match(JSON.stringify(tools[0].args), /zone\.txt/);
      const said = done.events.filter((e: any) => e.type === 'assistant_message').map((e: any) => [e.round, e.text]);
      assert.deepEqual(said, [[1, QUESTION], [2, SECOND], [3, LAST]]);
      assert.equal(readFileSync(join(ws.task, 'zone.txt'), 'utf8'), 'zone=UTC\n');
      assert.equal(readFileSync(join(ws.out, 'three-rounds', 'final-message.md'), 'utf8'), `${LAST}\n`);

      // The model received exactly the eval's texts, round after round, nothing added or changed.
      const requests = conversationRequests(server, OPENING);
      const prompts = [OPENING, CLARIFY, ALWAYS];
      for (let round = 1; round <= 3; round++) {
        const inRound = requests.filter((q) => q.userTexts.length === round);
        assert.ok(inRound.length > 0, `no model request for round ${round}`);
        for (const q of inRound) assert.deepEqual(q.userTexts, prompts.slice(0, round));
      }
      assert.equal(requests.length, 4, 'round 1: the tool call and the answer; one request for each later round');

      // stops-at-gate: the agent asked, but not what the regex wants.
      assert.match(r.stdout, /^stops-at-gate: stopped before follow-up 1 \(agent_response_mismatch\); wrote /m);
      const stopped = checkedArtifact(join(ws.out, 'stops-at-gate', 'conversation.json'));
      assert.deepEqual([stopped.status, stopped.stop_reason, stopped.stopped_before_followup], ['stopped', 'agent_response_mismatch', 1]);
      assert.ok(conversationRequests(server, GATED_OPENING).every((q) => q.userTexts.length === 1));

      // model-fails: HTTP 500 makes the CLI fail; the run aborts in round 1 and writes nothing.
      assert.match(r.stderr, new RegExp(`model-fails: aborted: Round 1: ${agent.executable} exited with status [1-9]`));
      assert.equal(existsSync(join(ws.out, 'model-fails', 'conversation.json')), false);
      assert.ok(conversationRequests(server, FAILING_OPENING).length >= 1);

      // Codex's `error` items (unknown model metadata) are notices, not failures nor tool calls.
      if (agent.harness === 'codex') assert.match(r.stderr, /\[three-rounds\] round 1: notice: codex: Model metadata for `scripted-model` not found/);
    });

    // Root is where Claude Code (permissions) and Codex (its sandbox) behave differently; OpenCode
    // has no such switch and takes ~25 s a run, so it runs as root only.
    if (agent.harness !== 'opencode') {
      it('completes the three rounds as a regular user too, in a task folder that is a git repository', async () => {
        const own = await startModelServer(script);
        try {
          const mine = makeWorkspace(agent, own);
          assert.equal((await execute('git', ['init', '-q', mine.task], { cwd: mine.root, env: mine.env })).code, 0);
          const r = await run(mine, agent, '--as-regular-user', '--eval', 'three-rounds');
          assert.equal(r.code, 0, r.stdout + r.stderr);
          const done = checkedArtifact(join(mine.out, 'conversation.json'));
          assert.equal(done.delivered_followups, 2);
          assert.equal(readFileSync(join(mine.task, 'zone.txt'), 'utf8'), 'zone=UTC\n');
          assert.equal(statSync(join(mine.task, 'zone.txt')).uid, REGULAR_USER, 'the agent ran as the regular user');
          for (const q of conversationRequests(own, OPENING)) assert.deepEqual(q.userTexts, [OPENING, CLARIFY, ALWAYS].slice(0, q.userTexts.length));
        } finally {
          await own.close();
        }
      });
    }
  });
}

describe('claude-code with a stricter permission mode (a user descriptor)', () => {
  const claude = AGENTS.find((a) => a.harness === 'claude-code')!;
  let server: ModelServer;
  before(async () => {
    server = await startModelServer(script);
  });
  after(() => server.close());

  it('a refused tool call stays a tool invocation with the refusal as its result, and is reported as a notice', async () => {
    const ws = makeWorkspace(claude, server);
    const builtIn = JSON.parse(readFileSync(join(REPO, 'harnesses', 'claude-code.json'), 'utf8'));
    const strict = (argv: string[]) => argv.map((e) => (e === 'bypassPermissions' ? 'default' : e));
    const descriptor = { ...builtIn, $schema: undefined, name: 'claude-default-permissions', env: {}, argv: strict(builtIn.argv), resume_argv: strict(builtIn.resume_argv) };
    writeFileSync(join(ws.root, 'claude-default.json'), JSON.stringify(descriptor, null, 2));
    writeFileSync(join(ws.root, 'evals.json'), JSON.stringify({
      skill_name: 'zone-setter',
      evals: [{ id: 'refused-write', prompt: REFUSED_OPENING, expected_output: 'a refusal', turns: [{ prompt: 'Leave it.', deliver_when: 'always' }] }],
    }));
    const r = await execute(process.execPath, [BIN, 'run', '--evals', 'evals.json', '--eval', 'refused-write', '--harness', 'claude-default.json', '--cwd', 'task', '--out', 'out'], { cwd: ws.root, env: ws.env });
    assert.equal(r.code, 0, r.stdout + r.stderr);
    const version = (await execute('claude', ['--version'], { cwd: ws.root, env: ws.env })).stdout.match(/\d+\.\d+\.\d+/)![0];
    recordStreams(claude, version, ws.out, 'refused-write');
    assert.match(r.stderr, /\[refused-write\] round 1: notice: claude: 1 tool call\(s\) refused by the permission mode \(permission_denials\): Bash/);
    const conversation = checkedArtifact(join(ws.out, 'conversation.json'));
    const tools = conversation.events.filter((e: any) => e.type === 'tool_invocation');
    assert.equal(tools.length, 1);
    assert.equal(tools[0].name, 'Bash');
    assert.match(tools[0].result, /blocked|permission|denied/i);
    assert.equal(existsSync(join(ws.task, 'refused.txt')), false);
  });
});
