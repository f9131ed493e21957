// Shared machinery of the fake agent CLIs: strict argv parsing, a per-test script, an argv log.
// The script (JSON file named by FAKE_AGENT_SCRIPT) is {"rounds": [Round, ...]}; invocation n
// (counted by the lines already in FAKE_AGENT_LOG) plays rounds[n]. A Round may have:
//   stdout: array of lines (strings as-is, other values as JSON), each followed by "\n"
//   stdoutBase64: raw bytes written instead of stdout
//   flood: {bytes, line?}: after stdout, `line` (default a claude "assistant" line) repeated
//   until `bytes` bytes were written — a huge stream without a huge script
//   stderr: text written to stderr
//   exit: exit code (default 0)
//   hang: true to never exit; ignoreSigterm: true to survive SIGTERM; spawnChild: true to start
//   a grandchild that sleeps forever (logged as childMark); jobControlChild: true for one in a
//   process group of its own (set -m), daemon: true for one that double-forks and setsids (logged
//   as jobMark and daemonMark). A mark is a marker file only that process holds open (newMark):
//   the tests find it from the host whatever PID namespace and /proc the agent runs with
//   procView: true to log what /proc shows it as `proc`: {self (the /proc/self link), pid, init (PID 1's argv)}
//   writeLastMessage: for codex, text written to the --output-last-message file
//   flood.fd: 2 to flood stderr instead of stdout; flood.bytes may be Infinity-like (1e15)
//   plant: [{path, symlinkTo?, fifo?, folder?, text?, copyFrom?}] entries made before anything else, as an
//   agent with write access to --out could: links, FIFOs, folders or files at chosen paths
//   escapePlant: {entries, ms}: a helper in a new session (out of reach of the group kill) that
//   plants `entries` again and again for `ms` ms, racing eval-magic's writes; logged as escapedMark
// Instead of `rounds`, a script may hold {"respond": Respond}: every invocation, in parallel too,
// then plays a round made up on the spot (see respond.js) — what campaign tests need.
'use strict';
const fs = require('node:fs');
// node:child_process is loaded where a round starts a process (few do): a session is a Node start,
// and loading it up front cost every session ~3 ms of CPU.
const spawn = (...args) => require('node:child_process').spawn(...args);

/** Ends like a CLI would on a bad command line. */
function usageError(message, code) {
  process.stderr.write(`error: ${message}\n`);
  process.exit(code);
}

/**
 * Parses argv against a table: name -> 'flag' | 'value'. Stops option parsing at "--".
 * Returns {options, positionals}. Unknown options are an error, like the real CLIs.
 */
function parseArgs(argv, table, exitCode, stopAt) {
  const options = {};
  const positionals = [];
  let i = 0;
  for (; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      return { options, positionals, rest: [] };
    }
    if (arg.startsWith('-') && arg !== '-') {
      const kind = table[arg];
      if (!kind) usageError(`unknown option '${arg}'`, exitCode);
      if (kind === 'flag') options[arg] = true;
      else {
        if (i + 1 >= argv.length) usageError(`option '${arg}' needs a value`, exitCode);
        options[arg] = argv[++i];
      }
      continue;
    }
    if (stopAt && positionals.length === 0 && stopAt.includes(arg)) {
      return { options, positionals, rest: argv.slice(i), subcommand: arg };
    }
    positionals.push(arg);
  }
  return { options, positionals, rest: [] };
}

/** Records this invocation and returns the round it plays. */
function takeRound(record) {
  const logPath = process.env.FAKE_AGENT_LOG;
  const scriptPath = process.env.FAKE_AGENT_SCRIPT;
  if (!logPath || !scriptPath) usageError('FAKE_AGENT_LOG and FAKE_AGENT_SCRIPT must be set', 70);
  const script = JSON.parse(fs.readFileSync(scriptPath, 'utf8'));
  if (script.respond) {
    const { respond } = require('./respond.js');
    const { round, seen, logged } = respond(script.respond, record);
    return { round, log: (extra) => fs.appendFileSync(logPath, JSON.stringify({ ...record, ...logged, ...extra, skills: seen, cwd: process.cwd(), env: process.env, mark: markSelf(), at: Date.now() }) + '\n') };
  }
  const previous = fs.existsSync(logPath) ? fs.readFileSync(logPath, 'utf8').split('\n').filter(Boolean).length : 0;
  const round = script.rounds[previous];
  if (!round) usageError(`the script has no round ${previous + 1}`, 70);
  return { round, log: (extra) => fs.appendFileSync(logPath, JSON.stringify({ ...record, ...extra, cwd: process.cwd(), mark: markSelf() }) + '\n') };
}

/**
 * A fresh marker file for one process, which that process holds open: the tests find the process
 * by it among the host's /proc/<pid>/fd (test/runner/run-helpers.ts, holdersOf). Pids would not
 * do: eval-magic runs agents in a PID namespace with a /proc of its own, so no pid an agent can
 * see is one the tests can look up. Returns [path, fd] (the fd opened here, close-on-exec).
 */
function newMark(label) {
  const path = require('node:path');
  const dir = fs.realpathSync(path.dirname(process.env.FAKE_AGENT_LOG));
  const file = path.join(dir, `.fake-agent-mark-${label}-${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}`);
  fs.writeFileSync(file, '');
  return [file, fs.openSync(file, 'r')];
}

let ownMark;
/** This process's marker, opened on first use and held until it exits. */
function markSelf() {
  ownMark ??= newMark('agent')[0];
  return ownMark;
}

/**
 * Starts `sh -c script` with $1 a fresh file and $2 a marker file, and waits until the helper it
 * starts holds the marker open (it writes $1 once it does). Returns the marker's path.
 */
function startHelper(script, label) {
  const [mark, fd] = newMark(label);
  fs.closeSync(fd);
  const file = require('node:path').join(require('node:os').tmpdir(), `fake-agent-helper-${process.pid}-${Date.now()}-${Math.random()}`);
  require('node:child_process').execFileSync('sh', ['-c', script, 'sh', file, mark], { stdio: 'ignore' });
  for (let i = 0; i < 500; i++) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    if (text.endsWith('\n')) {
      fs.rmSync(file, { force: true });
      return mark;
    }
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 10);
  }
  throw new Error('the helper never took its marker');
}

/** The helper's body: hold the marker ($2) open on fd 9, say so in $1, then sleep "forever" holding no stdio of the agent. */
const SLEEPER = `exec 9<"$2"; echo ready > "$1"; exec sleep 1000`;

/** A job-control child: a process group of its own (`set -m`), still in the agent's session. */
function startJobControlChild() {
  return startHelper(`exec bash -c 'set -m; sh -c "$0" sh "$1" "$2" </dev/null >/dev/null 2>&1 &' '${SLEEPER}' "$1" "$2"`, 'job');
}

/** A daemon: forks twice and calls setsid, so it is in neither the agent's group nor its session. */
function startDaemon() {
  return startHelper(`( setsid sh -c '${SLEEPER}' sh "$1" "$2" </dev/null >/dev/null 2>&1 & ) </dev/null >/dev/null 2>&1`, 'daemon');
}

/** Makes each planted entry, replacing whatever is at its path (never following a link there). */
function plant(entries) {
  for (const entry of entries) {
    if (entry.copyFrom !== undefined) {
      // A copy of a file eval-magic made (its lock, say), taken before its place is replaced.
      fs.mkdirSync(require('node:path').dirname(entry.path), { recursive: true });
      fs.copyFileSync(entry.copyFrom, entry.path);
      continue;
    }
    fs.rmSync(entry.path, { recursive: true, force: true });
    if (entry.symlinkTo !== undefined) fs.symlinkSync(entry.symlinkTo, entry.path);
    else if (entry.fifo) require('node:child_process').execFileSync('mkfifo', [entry.path]);
    else if (entry.folder) fs.mkdirSync(entry.path, { recursive: true });
    else fs.writeFileSync(entry.path, entry.text ?? '');
  }
}

/** Plays one scripted round: outputs, then exit, hang or sleep. */
function playRound(round, log) {
  // Before the invocation is logged: a test that signals the agent once it sees the log must
  // find the handler in place.
  if (round.ignoreSigterm) process.on('SIGTERM', () => {});
  if (round.plant) plant(round.plant);
  let childMark;
  if (round.spawnChild) {
    // The marker reaches the child as its fd 3, open before spawn() returns.
    const [mark, fd] = newMark('child');
    spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'ignore', 'ignore', fd] });
    fs.closeSync(fd);
    childMark = mark;
  }
  const jobMark = round.jobControlChild ? startJobControlChild() : undefined;
  const daemonMark = round.daemon ? startDaemon() : undefined;
  let escapedMark;
  if (round.escapePlant) {
    const code = `const { plant } = require(${JSON.stringify(__filename)}); const end = Date.now() + ${Number(round.escapePlant.ms)};
      const entries = ${JSON.stringify(round.escapePlant.entries)};
      while (Date.now() < end) { try { plant(entries); } catch {} }`;
    const [mark, fd] = newMark('escaped');
    const helper = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'ignore', fd], detached: true });
    helper.unref();
    fs.closeSync(fd);
    escapedMark = mark;
  }
  const proc = round.procView ? procView() : undefined;
  log({ ...(proc ? { proc } : {}), ...(childMark ? { childMark } : {}), ...(escapedMark ? { escapedMark } : {}), ...(jobMark ? { jobMark } : {}), ...(daemonMark ? { daemonMark } : {}) });
  if (round.stdoutBase64 !== undefined) fs.writeSync(1, Buffer.from(round.stdoutBase64, 'base64'));
  for (const line of round.stdout ?? []) fs.writeSync(1, (typeof line === 'string' ? line : JSON.stringify(line)) + '\n');
  if (round.flood) flood(round.flood);
  if (round.stderr) fs.writeSync(2, round.stderr);
  if (round.sleepMs) {
    setTimeout(() => process.exit(round.exit ?? 0), round.sleepMs);
    return;
  }
  if (round.hang) {
    setInterval(() => {}, 1000);
    return;
  }
  process.exit(round.exit ?? 0);
}

/** What this process's /proc shows: whose /proc/self it is, and who PID 1 is. */
function procView() {
  return { self: Number(fs.readlinkSync('/proc/self')), pid: process.pid, init: fs.readFileSync('/proc/1/cmdline', 'utf8').split('\0').filter(Boolean) };
}

/** Writes `bytes` bytes of repeated lines to `fd` (stdout by default) in 1 MiB chunks (the last one cut to size). */
function flood({ bytes, line, fd }) {
  const text = (line ?? JSON.stringify({ type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text: 'x'.repeat(200) }] } })) + '\n';
  const chunk = Buffer.from(text.repeat(Math.max(1, Math.floor((1 << 20) / text.length))));
  for (let left = bytes; left > 0; left -= chunk.length) fs.writeSync(fd ?? 1, left >= chunk.length ? chunk : chunk.subarray(0, left));
}

/** All of stdin as UTF-8 ('' when it is /dev/null or closed at once). */
function readStdin() {
  try {
    return fs.readFileSync(0, 'utf8');
  } catch {
    return '';
  }
}

module.exports = { parseArgs, usageError, takeRound, playRound, plant, readStdin };
