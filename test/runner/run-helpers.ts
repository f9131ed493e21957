// Test scaffolding for runs: a temp workspace, a scripted fake agent first on PATH, the argv log.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, readlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkSource } from '../../src/index.js';
import type { RunProgress } from '../../src/runner/progress.js';
import { fromAgentLog, writeAgentScript } from '../helpers/shell-rounds.js';

/** Folder of the fake `claude`, `codex` and `opencode` executables. */
export const FAKE_AGENTS = resolve(fileURLToPath(import.meta.url), '../../fake-agents');

/** One scripted round of a fake agent (see test/fake-agents/fake-agent-lib.js). */
export interface FakeRound {
  stdout?: unknown[];
  stdoutBase64?: string;
  stderr?: string;
  exit?: number;
  hang?: boolean;
  ignoreSigterm?: boolean;
  spawnChild?: boolean;
  jobControlChild?: boolean;
  daemon?: boolean;
  /** Log what /proc shows the agent (AgentCall.proc). */
  procView?: boolean;
  flood?: { bytes: number; line?: string; fd?: 1 | 2 };
  writeLastMessage?: string;
  plant?: PlantedEntry[];
  escapePlant?: { entries: PlantedEntry[]; ms: number };
}

/** Something a hostile agent puts at `path`: a link, a FIFO, a folder, or a file with `text`. */
export interface PlantedEntry {
  path: string;
  symlinkTo?: string;
  fifo?: boolean;
  folder?: boolean;
  text?: string;
  /** Copy this file to `path` (its folders made), leaving the original. */
  copyFrom?: string;
}

/** What a fake agent logged about one invocation. */
export interface AgentCall {
  agent: string;
  argv: string[];
  prompt: string;
  session: string | null;
  model: string | null;
  cwd: string;
  /** The agent itself (the leader of its process group). */
  mark: ProcessMark;
  childMark?: ProcessMark;
  escapedMark?: ProcessMark;
  jobMark?: ProcessMark;
  daemonMark?: ProcessMark;
  /** With `procView`: what /proc showed the agent — /proc/self's link, its own pid, PID 1's argv. */
  proc?: { self: number; pid: number; init: string[] };
}

/** A temp workspace: evals.json, a task folder, an out folder and the fake agent's script. */
export function makeWorkspace(evals: unknown, rounds: FakeRound[]) {
  const root = mkdtempSync(join(tmpdir(), 'eval-magic-run-'));
  const task = join(root, 'task');
  mkdirSync(task);
  const evalsPath = join(root, 'evals.json');
  writeFileSync(evalsPath, JSON.stringify(evals, null, 2));
  const scriptPath = join(root, 'agent-script.json');
  writeAgentScript(scriptPath, { rounds: rounds as Array<Record<string, unknown>> });
  const logPath = join(root, 'agent-log.jsonl');
  const progress: RunProgress[] = [];
  return {
    root,
    task,
    evalsPath,
    out: join(root, 'out'),
    env: { ...process.env, PATH: `${FAKE_AGENTS}${delimiter}${process.env.PATH ?? ''}`, FAKE_AGENT_SCRIPT: scriptPath, FAKE_AGENT_LOG: logPath },
    progress,
    reporter: (p: RunProgress) => void progress.push(p),
    /** The agent invocations so far. */
    calls(): AgentCall[] {
      if (!existsSync(logPath)) return [];
      // Whole lines only: an agent running meanwhile may be halfway through appending its own.
      return readFileSync(logPath, 'utf8').split('\n').slice(0, -1).map((l) => fromAgentLog(JSON.parse(l)) as unknown as AgentCall);
    },
  };
}

/** An evals.json with one eval. */
export function oneEval(id: string, prompt: string, turns: unknown[]) {
  return { skill_name: 'demo-skill', evals: [{ id, prompt, expected_output: 'x', turns }] };
}

/** Reads an artifact and asserts it passes the checker with every rule; returns it parsed. */
export function readCheckedArtifact(path: string): { text: string; value: any } {
  const text = readFileSync(path, 'utf8');
  const result = checkSource({ filePath: path, bytes: text });
  if (result.errorCount > 0 || result.warningCount > 0) {
    throw new Error(`artifact ${path} fails the checker: ${JSON.stringify(result.messages, null, 2)}`);
  }
  return { text, value: JSON.parse(text) };
}

/** Claude stream lines for a simple round. */
export const claude = {
  init: (session: string) => ({ type: 'system', subtype: 'init', session_id: session, cwd: '/tmp', tools: ['Bash'] }),
  text: (...texts: string[]) => ({ type: 'assistant', message: { role: 'assistant', content: texts.map((text) => ({ type: 'text', text })) } }),
  toolUse: (id: string, name: string, input: unknown) => ({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'tool_use', id, name, input }] } }),
  toolResult: (id: string, content: unknown) => ({ type: 'user', message: { role: 'user', content: [{ type: 'tool_result', tool_use_id: id, content }] } }),
  result: (result: string, extra: object = {}) => ({ type: 'result', subtype: 'success', is_error: false, result, duration_ms: 1200, usage: { input_tokens: 10, output_tokens: 5 }, ...extra }),
};

/** A whole Claude round saying `text` in session `session`. */
export function claudeRound(session: string, text: string): FakeRound {
  return { stdout: [claude.init(session), claude.text(text), claude.result(text)] };
}

/**
 * A process a fake agent logged: the path of a marker file that process alone holds open
 * (test/fake-agents/fake-agent-lib.js, newMark). Agents run in a PID namespace with a /proc of
 * their own, so no pid they see means anything here; an open file shows in the host's /proc.
 */
export type ProcessMark = string;

/** The pids (as this /proc shows them) of the processes holding `mark` open: none once they exit, zombies included (a zombie holds no files). */
export function holdersOf(mark: ProcessMark): number[] {
  const holders: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${entry}/fd`);
    } catch {
      continue; // Gone meanwhile, or not ours to look at.
    }
    for (const fd of fds) {
      try {
        if (readlinkSync(`/proc/${entry}/fd/${fd}`) === mark) {
          holders.push(Number(entry));
          break;
        }
      } catch {
        // Closed meanwhile.
      }
    }
  }
  return holders;
}

/** Whether the process a fake agent logged as `mark` still runs (and is not a zombie waiting for a reaper; containers often lack one). */
export function isRunning(mark: ProcessMark): boolean {
  return holdersOf(mark).length > 0;
}

/** Waits until the fake agent has logged `count` invocations (bounded; fails the test if it never does). */
export async function waitForCalls(ws: { calls(): AgentCall[] }, count: number): Promise<AgentCall[]> {
  for (let i = 0; i < 400 && ws.calls().length < count; i++) await new Promise((r) => setTimeout(r, 50));
  const calls = ws.calls();
  if (calls.length < count) throw new Error(`the fake agent was called ${calls.length} time(s), expected ${count}`);
  return calls;
}
