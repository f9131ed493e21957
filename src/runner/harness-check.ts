// `harness check`: will this harness work here? Executable, version, options, known traps — no model call.
import { existsSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describeExecutableNotFound, findExecutable } from '../process/find-executable.js';
import { agentContainment, containedCommand, spawnContained } from '../process/containment.js';
import { killGroup } from '../process/process-group.js';
import { findUnknownOptions, parseHelp, type HelpPage } from './cli-help.js';
import type { HarnessDescriptor } from './harness-descriptor.js';

/** One finding; `message` is rendered from `id` and `data` by {@link describeFinding}. */
export interface HarnessFinding {
  id: keyof typeof findingMessages;
  /** `note`: something the check did not look at, so an "ok" is not read as more than it is. */
  severity: 'ok' | 'note' | 'warning' | 'error';
  data: Record<string, string | number>;
}

/** Finding messages by id, `{name}` filled from the finding's data. */
export const findingMessages = {
  'executable-found': 'executable {executable} found: {path}',
  'executable-missing': '{reason}',
  'version': '{executable} --version: {version} (tested with this descriptor)',
  'version-untested': '{executable} --version: {version}; this descriptor was tested with {tested}',
  'version-unlisted': '{executable} --version: {version} (the descriptor lists no tested versions)',
  'version-unreadable': '{executable} --version failed: {reason}',
  'help-unreadable': '`{command} --help` could not be read, options not checked: {reason}',
  'options-accepted': '{template}: every option is accepted by `{commands}`',
  'unknown-option': '{template}: {element} is not an option of `{command}` (per its --help)',
  'root-without-sandbox': 'running as root: {executable} refuses {flag} unless IS_SANDBOX=1 is in its environment (set "env": {"IS_SANDBOX": "1"} in the descriptor)',
  'not-a-git-repo': '{cwd} is not inside a git repository: codex refuses it unless {template} passes --skip-git-repo-check',
  'resume-read-only': 'resume_argv has no sandbox option before `exec`: resumed rounds run read-only (`exec resume` has no --sandbox of its own)',
  'not-checked': 'not checked: whether {executable} can reach its model (endpoint, API key or login, model name, quota): harness check calls no model, so the first round of a run is the first to find out',
  'argv-prompt-quoted': 'prompt_via is "argv": opencode wraps an argument holding a space in double quotes, so the model gets text the artifact does not record; use "prompt_via": "stdin"',
} as const;

/** The finding as one line of text. */
export function describeFinding(finding: HarnessFinding): string {
  return findingMessages[finding.id].replace(/\{(\w+)\}/g, (whole, key: string) => (key in finding.data ? String(finding.data[key]) : whole));
}

/** What the check runs with. */
export interface HarnessCheckOptions {
  /** The task folder the runs would use (for the git-repository trap). */
  cwd: string;
  env: NodeJS.ProcessEnv;
  /**
   * Where a relative PATH entry is taken from, as `run` takes it (default: this process's
   * working folder; never the task folder).
   */
  lookupDir?: string;
  /** The user id to judge root traps by (default: this process's). */
  uid?: number;
  /** Per invocation of `--version`/`--help` (default 20 s). */
  timeoutMs?: number;
  /** Stops a `--version` or `--help` still running (Ctrl-C): its process group is killed, and it reads as no answer. */
  signal?: AbortSignal | undefined;
}

/** Every finding about `harness` on this machine, in a stable order. */
export async function checkHarness(harness: HarnessDescriptor, options: HarnessCheckOptions): Promise<HarnessFinding[]> {
  const env = { ...options.env, ...harness.env };
  const executable = harness.executable;
  const findings: HarnessFinding[] = [];
  const path = findExecutable(executable, env.PATH ?? '', options.lookupDir ?? process.cwd());
  if (!path) {
    findings.push({ id: 'executable-missing', severity: 'error', data: { executable, reason: describeExecutableNotFound(executable, env.PATH ?? '') } });
  } else {
    findings.push({ id: 'executable-found', severity: 'ok', data: { executable, path } });
    findings.push(...(await checkVersion(harness, path, env, options)));
    findings.push(...(await checkOptions(harness, path, env, options)));
  }
  findings.push(...findTraps(harness, env, options));
  findings.push({ id: 'not-checked', severity: 'note', data: { executable } });
  return findings;
}

/**
 * The version line `<executable> --version` prints (with the descriptor's env, stdin
 * closed, in its own process group, 20 s at most), or null when it cannot be read.
 */
export async function readHarnessVersion(harness: HarnessDescriptor, options: HarnessCheckOptions): Promise<string | null> {
  const env = { ...options.env, ...harness.env };
  const path = findExecutable(harness.executable, env.PATH ?? '', options.cwd);
  if (!path) return null;
  const result = await capture(path, ['--version'], env, options);
  return result.code === 0 ? versionLine(result) ?? null : null;
}

/**
 * The line of `--version` output that holds the version: the first line with a dotted number on
 * stdout, then on stderr, that is no warning; else stdout's first line. Codex prints `WARNING:
 * proceeding, even though we could not create PATH aliases…` on stderr before its version.
 */
export function versionLine(captured: { output: string; stdout: string }): string | undefined {
  const lines = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
  const looksLikeVersion = (line: string) => /\d+\.\d+/.test(line) && !/^(warning|warn|error|note)\b/i.test(line);
  return lines(captured.stdout).find(looksLikeVersion) ?? lines(captured.output).find(looksLikeVersion) ?? lines(captured.stdout)[0] ?? lines(captured.output)[0];
}

async function checkVersion(harness: HarnessDescriptor, path: string, env: NodeJS.ProcessEnv, options: HarnessCheckOptions): Promise<HarnessFinding[]> {
  const executable = harness.executable;
  const result = await capture(path, ['--version'], env, options);
  const version = versionLine(result);
  if (result.code !== 0 || version === undefined) {
    return [{ id: 'version-unreadable', severity: 'warning', data: { executable, reason: result.reason ?? `exit ${result.code}` } }];
  }
  const tested = harness.tested_versions ?? [];
  if (tested.length === 0) return [{ id: 'version-unlisted', severity: 'ok', data: { executable, version } }];
  if (tested.includes(version)) return [{ id: 'version', severity: 'ok', data: { executable, version } }];
  return [{ id: 'version-untested', severity: 'warning', data: { executable, version, tested: tested.join(', ') } }];
}

/** A help page that lists no option and no command is in no format this check reads (a bare `usage: foo`): no evidence against any option. */
function readablePage(page: HelpPage): HelpPage | string {
  return page.options.size === 0 && page.subcommands.size === 0 ? 'its --help lists no options in a form this check reads' : page;
}

async function checkOptions(harness: HarnessDescriptor, path: string, env: NodeJS.ProcessEnv, options: HarnessCheckOptions): Promise<HarnessFinding[]> {
  const pages = new Map<string, Promise<HelpPage | string>>();
  const program = basename(harness.executable);
  const read = (command: string[]) => {
    const key = command.join(' ');
    if (!pages.has(key)) {
      pages.set(key, capture(path, [...command, '--help'], env, options).then((r) => (r.code === 0 ? readablePage(parseHelp(r.output, program)) : (r.reason ?? `exit ${r.code}`))));
    }
    return pages.get(key)!;
  };
  const findings: HarnessFinding[] = [];
  // A page both templates read (`claude --help`) is said once.
  const unreadablePages = new Set<string>();
  for (const key of ['argv', 'resume_argv'] as const) {
    const template = harness[key].flatMap((e) => (e === '{model_args}' ? harness.model_args : [e]));
    let unreadable: { command: string; reason: string } | undefined;
    const { unknown, commands } = await findUnknownOptions(template, async (command) => {
      const page = await read(command);
      if (typeof page !== 'string') return page;
      unreadable ??= { command: [program, ...command].join(' '), reason: page };
      return { options: new Map(), subcommands: new Set() };
    });
    if (unreadable) {
      if (!unreadablePages.has(unreadable.command)) findings.push({ id: 'help-unreadable', severity: 'warning', data: { ...unreadable } });
      unreadablePages.add(unreadable.command);
      continue;
    }
    for (const u of unknown) {
      findings.push({ id: 'unknown-option', severity: 'error', data: { template: key, element: u.element, command: [program, ...u.command].join(' ') } });
    }
    if (unknown.length === 0) {
      findings.push({ id: 'options-accepted', severity: 'ok', data: { template: key, commands: [program, ...commands.at(-1)!].join(' ') + ' --help' } });
    }
  }
  return findings;
}

/** Known ways a descriptor that parses still fails with a real CLI, as data: what the user can fix. */
function findTraps(harness: HarnessDescriptor, env: NodeJS.ProcessEnv, options: HarnessCheckOptions): HarnessFinding[] {
  const program = basename(harness.executable);
  const all = [...harness.argv, ...harness.resume_argv];
  const findings: HarnessFinding[] = [];
  const uid = options.uid ?? process.getuid?.();
  if (program === 'claude' && uid === 0 && env.IS_SANDBOX !== '1') {
    const flag = all.find((e) => e === 'bypassPermissions' || e === '--dangerously-skip-permissions');
    if (flag) findings.push({ id: 'root-without-sandbox', severity: 'error', data: { executable: program, flag: flag === 'bypassPermissions' ? '--permission-mode bypassPermissions' : flag } });
  }
  if (program === 'codex') {
    if (!insideGitRepository(options.cwd)) {
      for (const key of ['argv', 'resume_argv'] as const) {
        if (!harness[key].includes('--skip-git-repo-check')) findings.push({ id: 'not-a-git-repo', severity: 'error', data: { cwd: options.cwd, template: key } });
      }
    }
    const beforeExec = harness.resume_argv.slice(0, Math.max(0, harness.resume_argv.indexOf('exec')));
    if (!beforeExec.some((e) => e === '--sandbox' || e === '-s' || e.startsWith('--sandbox=') || e.includes('sandbox_mode'))) {
      findings.push({ id: 'resume-read-only', severity: 'warning', data: {} });
    }
  }
  if (program === 'opencode' && harness.prompt_via === 'argv') {
    findings.push({ id: 'argv-prompt-quoted', severity: 'error', data: {} });
  }
  return findings;
}

function insideGitRepository(dir: string): boolean {
  for (let d = dir; ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return true;
    if (dirname(d) === d) return false;
  }
}

interface Captured {
  code: number | null;
  /** stdout and stderr as they came. */
  output: string;
  /** stdout alone. */
  stdout: string;
  /** Why it did not run or finish, if so. */
  reason?: string;
}

/** How long output may still come once the CLI has exited, from a helper it left holding its pipes. */
const DRAIN_MS = 500;

/**
 * Runs the CLI (no shell, stdin closed) and returns stdout+stderr. It runs contained as an
 * agent's round is (a PID namespace where the system allows), so nothing it forks — an updater's
 * daemon — outlives it; its group is killed after the timeout and when it exits, and what is left
 * holding its output (where no namespace took it) is not waited for past DRAIN_MS.
 */
function capture(path: string, args: string[], env: NodeJS.ProcessEnv, options: HarnessCheckOptions): Promise<Captured> {
  return new Promise((resolve) => {
    const command = containedCommand(agentContainment(), path, args, env);
    // Its own process group, so a CLI whose wrapper started the real binary is stopped whole.
    const child = spawnContained(command, { cwd: options.cwd, stdio: command.statusChannel ? ['ignore', 'pipe', 'pipe', 'pipe'] : ['ignore', 'pipe', 'pipe'], detached: true });
    const streams = child.stdio.slice(1).filter((s): s is NonNullable<typeof s> => s !== null);
    let output = '';
    let stdout = '';
    let reason: string | undefined;
    let drain: NodeJS.Timeout | undefined;
    const add = (d: Buffer) => {
      if (output.length < 1 << 20) output += d.toString('utf8');
    };
    child.stdout!.on('data', (d: Buffer) => {
      if (stdout.length < 1 << 20) stdout += d.toString('utf8');
      add(d);
    });
    child.stderr!.on('data', add);
    // The init's report of the exit (the namespace's status channel): its exit status says the same.
    child.stdio[3]?.on('data', () => {});
    const stop = (why: string) => {
      reason = why;
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
    };
    const timer = setTimeout(() => stop(`no answer within ${(options.timeoutMs ?? 20_000) / 1000} s`), options.timeoutMs ?? 20_000);
    const onAbort = () => stop('stopped');
    if (options.signal?.aborted) onAbort();
    else options.signal?.addEventListener('abort', onAbort, { once: true });
    let settled = false;
    const finish = (result: Captured) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      clearTimeout(drain);
      for (const stream of streams) stream.destroy();
      resolve(result);
    };
    child.on('error', (error) => finish({ code: null, output, stdout, reason: error.message }));
    child.on('exit', (code) => {
      if (child.pid !== undefined) killGroup(child.pid, 'SIGKILL');
      drain = setTimeout(() => finish({ code, output, stdout, ...(reason ? { reason } : {}) }), DRAIN_MS);
    });
    child.on('close', (code) => finish({ code, output, stdout, ...(reason ? { reason } : {}) }));
  });
}
