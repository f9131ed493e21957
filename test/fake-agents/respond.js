// The fake agents' made-up rounds, for campaigns: any number of invocations, in parallel, each
// answering from what it finds — above all, the skills staged where its CLI would discover them.
// Respond (all optional):
//   latencyMs: the process lives this long after writing its stream (a round of that length)
//   ask: true to end every reply with a question (so agent_asks gates deliver)
//   failFirstAttempt: true to exit 1 on a run's first invocation (a marker beside the task folder)
//   failAlways: true to exit 1 every time
//   sandboxFailFirstAttempt: true for a Codex whose sandbox cannot start the command it runs on a
//   run's first invocation (as two Codex 0.171 sessions racing on /tmp left it): exit 0 all the same
//   failWithError: a text: exit 1 after the CLI's own error event carrying it (as with no key or no endpoint)
//   hang: true to never exit; hangWhen: a text that makes a round hang when the prompt contains it
//   exitWith: {pattern, code}: exit `code` when the prompt contains `pattern`
//   spawnChild: true to leave a grandchild running in the agent's group (logged as childMark)
//   ignoreSigterm: true to survive SIGTERM (only SIGKILL ends the agent: a stop's grace runs out, or a second interrupt)
//   replaceWorkWithLink: a path: the agent moves its working folder aside and leaves a link to that path in its place
//   rosterAdd: names Claude's init roster lists besides what was found; rosterHide: names it leaves out
//   freshHomeRace: {ms}: like OpenCode 1.18.33 on a fresh HOME, the first start migrates a database
//   under $HOME, and a start that finds the migration under way fails with its error. The
//   migration lasts until such a start has failed, or `ms` ms at most (logged: `started`, when the
//   invocation began, and `migrated` on the one that migrated)
//   peek: {sessions, marker, files?}: like an agent that looks around the temporary folder, waits (at most
//   10 s) until `sessions` invocations have started, then reads every SKILL.md of a project skill
//   folder it can reach in `<tmp>/*/work` and `<tmp>/*/*/work` (the shapes of work folders) and logs
//   as `peeked` the SKILL.md paths whose text holds `marker`, its own included; with `files` (paths
//   relative to a work folder), it reads those files of every work folder instead of SKILL.md files
//   installSkills: true: like an agent that installs what it was given, copies each project skill it
//   finds staged in its working folder to the user-level folder under HOME where its CLI finds skills
//   for every session; {sessions}: the same, but only once `sessions` invocations have started
//   (each waits at most 20 s), and every invocation then lives on until one has installed (at most
//   20 s): a control session certainly runs while the skill session installs, however loaded the machine;
//   {above: n}: into its CLI's project skill folder n levels above its working folder instead
//   (a folder enclosing every session's, where the CLIs also look), not under HOME
//   lookAt: [paths]: like an agent that goes looking on disk: logs as `looked` what it finds at each
//   path (its entries, sorted, or the error code), and whether it can write there (`writable`)
//   undoMounts: true: like an agent that has root and tries to get past what hides things from it:
//   before it peeks or looks, unmounts (`umount -l`) every mount it sees in /proc/self/mountinfo,
//   the deepest first, the namespace's /proc last, and logs as `unmounted` the mount points it got off
//   descriptors: true: logs as `descriptors` every file descriptor above 2 it holds, with what it
//   leads to (readlink of /proc/self/fd/<n>): what it was given besides its stdio
//   readOnlyFolder: true: like an agent that leaves a folder it made read-only (chmod a-w), in its
//   working folder (as Go's module cache is made): read-only/file, holding the working folder's path
//   sessionStore: true: like the real CLIs, keeps each session's transcript (its skills and prompt,
//   one JSON line a round) in its CLI's store under HOME — Claude Code's
//   $CLAUDE_CONFIG_DIR|~/.claude/projects/<cwd slug>/<session>.jsonl, Codex's
//   $CODEX_HOME|~/.codex/sessions/<session>.jsonl and $CODEX_SQLITE_HOME|$CODEX_HOME/state_5.sqlite,
//   OpenCode's $OPENCODE_DB|<data>/opencode/opencode.db and <data>/opencode/log/opencode.log — and
//   first reads every line its store paths hold (logged as `stored`, whatever session wrote it); a
//   resumed round whose session is not among them fails as the real ones do (exit 1)
//   writeInstructions: 'text': like an agent that leaves instructions for later sessions: when it
//   sees a skill, appends the text to its CLI's user-level instruction file — Claude Code's
//   $CLAUDE_CONFIG_DIR|~/.claude/CLAUDE.md, Codex's $CODEX_HOME|~/.codex/AGENTS.md, OpenCode's
//   $XDG_CONFIG_HOME|~/.config/opencode/AGENTS.md — and logs as `instructions` what the file held
//   when the round began and whether the write worked (`wrote`: true or the error code);
//   with writeInstructionsAlways: true, every session writes it, skill or not (a judge);
//   instructionsAt: 'agents/helper.md' writes that path of the CLI's config folder instead (its
//   folders made as needed): a subagent, a rule, Codex's AGENTS.override.md
//   listWork: true: logs as `work` every entry of its working folder by its '/'-separated path:
//   a file's text (latin1, so every byte shows), `{ link: target }` or `'folder'` — what a judge finds in its task copy
//   observe: true: logs as `observed` all it can see of its surroundings without starting a
//   process — its argv, /proc/self/cmdline, variables, working folder (by its path and real path), every entry
//   below it and below HOME (type, mode, owner, size of a file, links of a folder), the entries of
//   each folder from its working folder up to / (the temporary folders included: each session's
//   are its own), the mount table, what /proc/self/status says of its ids, capabilities
//   and signals, its limits, umask, host name, descriptors and the command lines of every process
//   it can see: what a blind run must show both arms alike (test/campaign/campaign-observed.test.ts)
//   tmpNotes: 'marker': like an agent that keeps notes in the temporary folders: first logs as
//   `tmpSeen` the entries of /tmp, /var/tmp, /dev/shm (those there, by real path) and of the
//   system's temporary folder ($TMPDIR) whose names hold
//   the marker (a note an earlier session left), then, when it sees a skill, writes
//   notes-<skill>-<marker>.md naming the skill into both, and logs as `tmpWrote` where it could
//   (true or the error code, by folder)
//   homeNotes: 'marker': the same under HOME, in ~/.cache (made as needed): logs as `homeSeen`
//   the marked entries it finds there (or the error listing it), then, when it sees a skill, writes
//   notes-<skill>-<marker>.md there and logs as `homeWrote` whether it could (true or the error code);
//   with homeNotesAlways: true, a session that sees no skill writes notes-any-<marker>.md (a judge)
//   renewLogin: true: like a CLI renewing its login, in its config folder (Claude Code's
//   $CLAUDE_CONFIG_DIR|~/.claude/.credentials.json, Codex's $CODEX_HOME|~/.codex/auth.json,
//   OpenCode's $XDG_DATA_HOME|~/.local/share/opencode/auth.json): reads the refresh count it holds
//   (logged as `login`: the count, or the error code), and saves it one higher as Codex does, by
//   writing a temporary file beside it and renaming it over the old (logged as `renewed`: true or the error code)
//   judge: [{when, texts}]: a prompt holding `when` (the first entry that matches) is answered with
//   texts[n] as the final message, n the invocations logged before with a prompt holding `when`
//   (the last text once n passes the end) — a judge's verdicts, changing from attempt to attempt
'use strict';
const fs = require('node:fs');
const path = require('node:path');
// node:crypto is loaded only for a marker a few options need: loading it cost every session ~4 ms of CPU.
const sha256 = (text) => require('node:crypto').createHash('sha256').update(text).digest('hex');

/** Where each fake looks for project skills, relative to its working folder (as the real CLIs do). */
const PROJECT_SKILL_DIRS = { claude: ['.claude/skills'], codex: ['.agents/skills', '.codex/skills'], opencode: ['.opencode/skills', '.opencode/skill', '.claude/skills'] };
/** And user-level, under HOME. */
const USER_SKILL_DIRS = { claude: ['.claude/skills'], codex: ['.agents/skills', '.codex/skills'], opencode: ['.config/opencode/skills', '.claude/skills', '.agents/skills'] };

/** The names (front matter `name`) of the skills in the folders the agent searches. */
function discoverSkills(agent, cwd) {
  const names = new Set();
  const places = [...PROJECT_SKILL_DIRS[agent].map((d) => path.join(cwd, d)), ...(process.env.HOME ? USER_SKILL_DIRS[agent].map((d) => path.join(process.env.HOME, d)) : [])];
  for (const place of places) {
    let entries = [];
    try {
      entries = fs.readdirSync(place);
    } catch {
      continue;
    }
    for (const entry of entries) {
      try {
        const text = fs.readFileSync(path.join(place, entry, 'SKILL.md'), 'utf8');
        const name = /^name:\s*(.+)$/m.exec(text)?.[1]?.trim();
        if (name) names.add(name);
      } catch {
        // not a skill folder
      }
    }
  }
  return [...names].sort();
}

/** The round for this invocation, and the skills it saw. */
function respond(options, record) {
  const started = Date.now();
  const migrated = options.freshHomeRace ? migrateOnFirstStart(options.freshHomeRace.ms) : false;
  const cwd = record.dir ?? process.cwd();
  const seen = discoverSkills(record.agent, cwd);
  const unmounted = options.undoMounts ? undoMounts() : undefined;
  const peeked = options.peek ? peek(record.agent, options.peek) : undefined;
  const looked = options.lookAt ? Object.fromEntries(options.lookAt.map((p) => [p, lookAt(p)])) : undefined;
  const descriptors = options.descriptors ? heldDescriptors() : undefined;
  const work = options.listWork ? listWork(cwd) : undefined;
  const observed = options.observe ? observe(record, cwd) : undefined;
  const tmp = options.tmpNotes !== undefined ? keepTmpNotes(options.tmpNotes, seen) : undefined;
  const home = options.homeNotes !== undefined ? keepHomeNotes(options.homeNotes, options.homeNotesAlways && seen.length === 0 ? ['any'] : seen) : undefined;
  const login = options.renewLogin ? renewLogin(record.agent) : undefined;
  if (options.installSkills && process.env.HOME) installSkills(record.agent, cwd, options.installSkills.sessions, options.installSkills.above);
  // 12 random hex digits, as before (Math.random: no need of node:crypto for a fake's session id).
  const session = record.session ?? `sess-${Array.from({ length: 12 }, () => Math.floor(Math.random() * 16).toString(16)).join('')}`;
  const stored = options.sessionStore ? readStore(record.agent) : undefined;
  const instructions = options.writeInstructions !== undefined ? leaveInstructions(record.agent, options.instructionsAt, seen.length > 0 || options.writeInstructionsAlways ? options.writeInstructions : undefined) : undefined;
  if (stored && record.session !== null && !stored.some((line) => line.session === record.session)) {
    process.stderr.write(`Error: No conversation found with session ID: ${record.session}\n`);
    process.exit(1);
  }
  if (stored) writeStore(record.agent, cwd, session, { session, skills: seen, prompt: record.prompt });
  // Keyed by what the run shows the agent (the prompt and the skills it finds): the working folder is
  // a fresh neutral one on every attempt.
  const marker = () => path.join(path.dirname(process.env.FAKE_AGENT_LOG), `.fake-agent-attempted-${sha256(JSON.stringify([record.agent, record.prompt, seen])).slice(0, 16)}`);
  let exit = 0;
  if (options.failAlways) exit = 1;
  if (options.failFirstAttempt && !fs.existsSync(marker())) {
    fs.writeFileSync(marker(), '');
    exit = 1;
  }
  if (options.exitWith && record.prompt.includes(options.exitWith.pattern)) exit = options.exitWith.code;
  // An agent that puts a link to somewhere else where its working folder was.
  if (options.replaceWorkWithLink !== undefined && fs.lstatSync(cwd).isDirectory()) {
    fs.renameSync(cwd, `${cwd}-moved`);
    fs.symlinkSync(options.replaceWorkWithLink, cwd);
  }
  if (options.readOnlyFolder) {
    fs.mkdirSync(path.join(cwd, 'read-only'), { recursive: true });
    fs.writeFileSync(path.join(cwd, 'read-only', 'file'), cwd);
    fs.chmodSync(path.join(cwd, 'read-only'), 0o555);
  }
  let sandboxFailed = false;
  if (options.sandboxFailFirstAttempt && record.agent === 'codex' && !fs.existsSync(marker())) {
    fs.writeFileSync(marker(), '');
    sandboxFailed = true;
  }
  const judged = (options.judge ?? []).find((j) => record.prompt.includes(j.when));
  const text = judged ? judgeText(judged) : `Skills I can see: ${seen.length ? seen.join(', ') : 'none'}.${options.ask ? ' Shall I go on?' : ' Done.'}`;
  const roster = [...seen.filter((name) => !(options.rosterHide ?? []).includes(name)), ...(options.rosterAdd ?? [])];
  if (options.failWithError !== undefined) exit = 1;
  const stdout = options.failWithError !== undefined ? errorStreamOf(record.agent, session, options.failWithError) : exit !== 0 ? [] : streamOf(record.agent, session, text, roster, sandboxFailed);
  const round = { stdout, exit, ...(exit !== 0 ? { stderr: 'fake agent: scripted failure\n' } : {}) };
  if (options.spawnChild) round.spawnChild = true;
  if (options.ignoreSigterm) round.ignoreSigterm = true;
  if (options.hang || (options.hangWhen !== undefined && record.prompt.includes(options.hangWhen))) round.hang = true;
  else if (options.latencyMs) round.sleepMs = options.latencyMs;
  return { round, seen, logged: { ...(options.freshHomeRace ? { started, migrated } : {}), ...(unmounted ? { unmounted } : {}), ...(peeked ? { peeked } : {}), ...(looked ? { looked } : {}), ...(stored ? { stored } : {}), ...(instructions ? { instructions } : {}), ...(descriptors ? { descriptors } : {}), ...(work ? { work } : {}), ...(observed ? { observed } : {}), ...(tmp ?? {}), ...(home ?? {}), ...(login ?? {}) } };
}

/** The `tmpNotes` option: the marked notes found in /tmp, /var/tmp, /dev/shm and $TMPDIR, then the skills' own left there. */
function keepTmpNotes(marker, seen) {
  const folders = [...new Set(['/tmp', '/var/tmp', '/dev/shm', require('node:os').tmpdir()].filter((f) => fs.existsSync(f)).map((f) => fs.realpathSync(f)))];
  const tmpSeen = {};
  for (const folder of folders) {
    try {
      tmpSeen[folder] = fs.readdirSync(folder).filter((name) => name.includes(marker)).sort();
    } catch (error) {
      tmpSeen[folder] = error.code;
    }
  }
  const tmpWrote = {};
  for (const folder of seen.length > 0 ? folders : []) {
    try {
      for (const skill of seen) fs.writeFileSync(path.join(folder, `notes-${skill}-${marker}.md`), `Notes for the ${skill} skill.\n`);
      tmpWrote[folder] = true;
    } catch (error) {
      tmpWrote[folder] = error.code;
    }
  }
  return { tmpSeen, ...(seen.length > 0 ? { tmpWrote } : {}) };
}

/** The `renewLogin` option: the login file's refresh count, then saved one higher by a rename over it. */
function renewLogin(agent) {
  const home = process.env.HOME ?? '/nonexistent';
  const folder = agent === 'claude' ? process.env.CLAUDE_CONFIG_DIR || path.join(home, '.claude') : agent === 'codex' ? process.env.CODEX_HOME || path.join(home, '.codex') : path.join(process.env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'opencode');
  const file = path.join(folder, agent === 'claude' ? '.credentials.json' : 'auth.json');
  let login;
  try {
    login = JSON.parse(fs.readFileSync(file, 'utf8')).refreshed;
  } catch (error) {
    return { login: error.code ?? 'unparsable' };
  }
  const temp = `${file}.tmp-${process.pid}`;
  try {
    fs.writeFileSync(temp, `${JSON.stringify({ refreshed: login + 1 })}\n`, { mode: 0o600 });
    fs.renameSync(temp, file);
    return { login, renewed: true };
  } catch (error) {
    return { login, renewed: error.code };
  }
}

/** The `homeNotes` option: the marked notes found in ~/.cache, then the skills' own left there. */
function keepHomeNotes(marker, seen) {
  const folder = path.join(process.env.HOME ?? '/nonexistent', '.cache');
  let homeSeen;
  try {
    homeSeen = fs.readdirSync(folder).filter((name) => name.includes(marker)).sort();
  } catch (error) {
    homeSeen = error.code;
  }
  if (seen.length === 0) return { homeSeen };
  let homeWrote = true;
  try {
    fs.mkdirSync(folder, { recursive: true });
    for (const skill of seen) fs.writeFileSync(path.join(folder, `notes-${skill}-${marker}.md`), `Notes for the ${skill} skill.\n`);
  } catch (error) {
    homeWrote = error.code;
  }
  return { homeSeen, homeWrote };
}

/** What this process can see of its surroundings (the `observe` option). */
function observe(record, cwd) {
  const read = (file) => {
    try {
      return fs.readFileSync(file, 'utf8');
    } catch (error) {
      return `unreadable: ${error.code}`;
    }
  };
  const entry = (full) => {
    const s = fs.lstatSync(full);
    const kind = s.isSymbolicLink() ? `link to ${fs.readlinkSync(full)}` : s.isDirectory() ? 'folder' : s.isFile() ? 'file' : 'other';
    return `${kind} mode ${(s.mode & 0o7777).toString(8)} owner ${s.uid}:${s.gid} links ${s.nlink}${s.isFile() ? ` size ${s.size}` : ''}`;
  };
  const tree = (root) => {
    const found = {};
    const walk = (below) => {
      let names;
      try {
        names = fs.readdirSync(path.join(root, below));
      } catch (error) {
        found[below || '.'] = `unlistable: ${error.code}`;
        return;
      }
      for (const name of names) {
        const rel = below === '' ? name : `${below}/${name}`;
        found[rel] = entry(path.join(root, rel));
        if (found[rel].startsWith('folder')) walk(rel);
      }
    };
    walk('');
    return found;
  };
  const listing = (folder) => {
    try {
      return Object.fromEntries(fs.readdirSync(folder).map((name) => [name, entry(path.join(folder, name))]));
    } catch (error) {
      return `unlistable: ${error.code}`;
    }
  };
  const above = {};
  for (let dir = path.dirname(cwd); ; dir = path.dirname(dir)) {
    // The temporary folders too: each session's are its own (only what it needs of the real ones is there).
    above[dir] = listing(dir);
    if (dir === path.dirname(dir)) break;
  }
  const status = read('/proc/self/status').split('\n').filter((line) => /^(Uid|Gid|Groups|Umask|Cap\w+|NoNewPrivs|Seccomp|Sig(Ign|Blk|Cgt)|Cpus_allowed_list|Mems_allowed_list):/.test(line));
  const procs = [];
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) procs.push(read(`/proc/${pid}/cmdline`).split('\0').join(' '));
  let descriptors = {};
  try {
    descriptors = Object.fromEntries(fs.readdirSync('/proc/self/fd').map((fd) => [fd, (() => { try { return fs.readlinkSync(`/proc/self/fd/${fd}`); } catch (error) { return error.code; } })()]));
  } catch {
    // no /proc
  }
  return {
    argv: process.argv.slice(2), cmdline: read('/proc/self/cmdline').split('\0'), env: { ...process.env }, prompt: record.prompt,
    cwd, realCwd: fs.realpathSync(cwd), pwd: process.env.PWD, work: tree(cwd), home: process.env.HOME ? tree(process.env.HOME) : null, above,
    mounts: read('/proc/self/mountinfo'), status, limits: read('/proc/self/limits'), umask: process.umask().toString(8), host: require('node:os').hostname(),
    uid: process.getuid?.(), gid: process.getgid?.(), groups: process.getgroups?.(), descriptors, procs: procs.sort(),
  };
}

/** Every entry below `cwd`, by '/'-separated path: a file's bytes as latin1 text, a link's target, or 'folder'. */
function listWork(cwd) {
  const found = {};
  const walk = (below) => {
    for (const name of fs.readdirSync(path.join(cwd, below)).sort()) {
      const rel = below === '' ? name : `${below}/${name}`;
      const full = path.join(cwd, rel);
      const stat = fs.lstatSync(full);
      if (stat.isSymbolicLink()) found[rel] = { link: fs.readlinkSync(full) };
      else if (stat.isDirectory()) {
        found[rel] = 'folder';
        walk(rel);
      } else found[rel] = fs.readFileSync(full, 'latin1');
    }
  };
  walk('');
  return found;
}

/** Where each fake CLI keeps its sessions: folders it writes transcripts into, and single files beside its login files (a database). */
function storePlaces(agent, cwd, session) {
  const home = process.env.HOME ?? '/nonexistent';
  if (agent === 'claude') {
    const projects = path.join(process.env.CLAUDE_CONFIG_DIR || path.join(home, '.claude'), 'projects');
    return { folders: [projects], files: [], write: [path.join(projects, cwd.replace(/[^A-Za-z0-9]/g, '-'), `${session}.jsonl`)] };
  }
  if (agent === 'codex') {
    const codexHome = process.env.CODEX_HOME || path.join(home, '.codex');
    const sqlite = path.join(process.env.CODEX_SQLITE_HOME || codexHome, 'state_5.sqlite');
    return { folders: [path.join(codexHome, 'sessions')], files: [sqlite], write: [path.join(codexHome, 'sessions', `rollout-${session}.jsonl`), sqlite] };
  }
  const data = path.join(process.env.XDG_DATA_HOME || path.join(home, '.local', 'share'), 'opencode');
  const db = process.env.OPENCODE_DB || path.join(data, 'opencode.db');
  return { folders: [path.join(data, 'log')], files: [db], write: [db, path.join(data, 'log', 'opencode.log')] };
}

/** Every transcript line the CLI's store holds, whichever session wrote it. */
/** The CLI's user-level instruction file, as the real ones find it. */
function instructionFile(agent, at) {
  const home = process.env.HOME;
  if (agent === 'claude') return path.join(process.env.CLAUDE_CONFIG_DIR || path.join(home, '.claude'), at ?? 'CLAUDE.md');
  if (agent === 'codex') return path.join(process.env.CODEX_HOME || path.join(home, '.codex'), at ?? 'AGENTS.md');
  return path.join(process.env.XDG_CONFIG_HOME || path.join(home, '.config'), 'opencode', at ?? 'AGENTS.md');
}

/** What the instruction file held, and (given `text`) whether appending it worked. */
function leaveInstructions(agent, at, text) {
  const file = instructionFile(agent, at);
  let held = null;
  try {
    held = fs.readFileSync(file, 'utf8');
  } catch {
    // none yet
  }
  if (text === undefined) return { held };
  try {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, `${text}\n`);
    return { held, wrote: true };
  } catch (error) {
    return { held, wrote: error.code ?? String(error) };
  }
}

function readStore(agent) {
  const { folders, files } = storePlaces(agent, '', '');
  const all = [...files];
  const walk = (dir) => {
    let entries = [];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) (entry.isDirectory() ? walk : (p) => all.push(p))(path.join(dir, entry.name));
  };
  folders.forEach(walk);
  const lines = [];
  for (const file of all) {
    let text = '';
    try {
      text = fs.readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').filter(Boolean)) {
      try {
        lines.push(JSON.parse(line));
      } catch {
        // not a transcript line (another test's file)
      }
    }
  }
  return lines;
}

function writeStore(agent, cwd, session, line) {
  for (const file of storePlaces(agent, cwd, session).write) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.appendFileSync(file, `${JSON.stringify(line)}\n`);
  }
}

/** Every descriptor above 2 this process holds, and what each leads to. */
function heldDescriptors() {
  const held = {};
  for (const fd of fs.readdirSync('/proc/self/fd')) {
    if (Number(fd) <= 2) continue;
    try {
      held[fd] = fs.readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      // the listing's own descriptor, closed by now
    }
  }
  return held;
}

/** What an agent finds at `target`: its entries and whether a file can be made there, or why it cannot look. */
/** Every mount point of /proc/self/mountinfo but the root, the deepest first and /proc last, unmounted where it will go: the ones that went. */
function undoMounts() {
  const { spawnSync } = require('node:child_process');
  const points = fs.readFileSync('/proc/self/mountinfo', 'utf8').split('\n').filter(Boolean).map((line) => line.split(' ')[4].replace(/\\([0-7]{3})/g, (_, o) => String.fromCharCode(parseInt(o, 8))));
  const order = [...new Set(points)].filter((p) => p !== '/').sort((a, b) => b.split('/').length - a.split('/').length || (a === '/proc') - (b === '/proc'));
  return order.filter((point) => spawnSync('umount', ['-l', point], { stdio: 'ignore' }).status === 0);
}

function lookAt(target) {
  try {
    const entries = fs.readdirSync(target).sort();
    let writable = true;
    try {
      fs.writeFileSync(path.join(target, '.fake-agent-was-here'), '');
    } catch {
      writable = false;
    }
    return { entries, writable };
  } catch (error) {
    return { error: error.code ?? String(error) };
  }
}

/**
 * Copies each project skill staged in `cwd` to the user-level folder under HOME (with `above`, to
 * the project skill folder that many levels above `cwd`). With `sessions`, first waits until that
 * many invocations have started, and afterwards until one has installed.
 */
function installSkills(agent, cwd, sessions, above) {
  const dir = path.dirname(process.env.FAKE_AGENT_LOG);
  const started = path.join(dir, '.fake-agent-install-barrier');
  const installed = path.join(dir, '.fake-agent-installed');
  const nap = new Int32Array(new SharedArrayBuffer(4));
  const waitUntil = (done) => {
    for (const until = Date.now() + 20_000; Date.now() < until && !done(); ) Atomics.wait(nap, 0, 0, 10);
  };
  if (sessions !== undefined) {
    fs.appendFileSync(started, 'x');
    waitUntil(() => fs.readFileSync(started, 'utf8').length >= sessions);
  }
  for (const from of PROJECT_SKILL_DIRS[agent].map((d) => path.join(cwd, d))) {
    if (!fs.existsSync(from) || fs.readdirSync(from).length === 0) continue;
    const to = above === undefined ? path.join(process.env.HOME, USER_SKILL_DIRS[agent][0]) : path.join(cwd, ...Array(above).fill('..'), PROJECT_SKILL_DIRS[agent][0]);
    fs.cpSync(from, to, { recursive: true });
    fs.writeFileSync(installed, '');
  }
  if (sessions !== undefined) waitUntil(() => fs.existsSync(installed));
}

/**
 * What an agent finds of other sessions' skills by looking around the temporary folder, once
 * `sessions` invocations have started (so that theirs are staged): the SKILL.md files holding
 * `marker` in the project skill folders (or `files`) of every `<tmp>/*\/work` and `<tmp>/*\/*\/work` it can list.
 */
function peek(agent, { sessions, marker, files }) {
  const barrier = path.join(path.dirname(process.env.FAKE_AGENT_LOG), '.fake-agent-peek-barrier');
  fs.appendFileSync(barrier, 'x');
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + 10_000; Date.now() < until && fs.readFileSync(barrier, 'utf8').length < sessions; ) Atomics.wait(nap, 0, 0, 10);
  const list = (dir) => {
    try {
      return fs.readdirSync(dir);
    } catch {
      return [];
    }
  };
  const tmp = require('node:os').tmpdir();
  const works = [];
  // Work folders are <tmp>/<A>/<B>/work below the sessions folder, <tmp>/<X>/work and <tmp>/<A>/<B>/work as older ones were: three levels down.
  for (const first of list(tmp)) {
    works.push(path.join(tmp, first, 'work'));
    for (const second of list(path.join(tmp, first))) {
      works.push(path.join(tmp, first, second, 'work'));
      for (const third of list(path.join(tmp, first, second))) works.push(path.join(tmp, first, second, third, 'work'));
    }
  }
  const candidates = works.flatMap((work) => (files ? files.map((file) => path.join(work, file)) : PROJECT_SKILL_DIRS[agent].flatMap((dir) => list(path.join(work, dir)).map((skill) => path.join(work, dir, skill, 'SKILL.md')))));
  const found = [];
  for (const file of candidates) {
    try {
      if (fs.readFileSync(file, 'utf8').includes(marker)) found.push(file);
    } catch {
      // not readable, or not a skill
    }
  }
  return found.sort();
}

/** A logged invocation's prompt: claude-respond.sh logs it in base64. */
const promptOf = (call) => call.prompt ?? Buffer.from(call.promptBase64, 'base64').toString('utf8');

/** The judge's answer: the n-th text for the n-th invocation whose prompt holds `when`. */
function judgeText(judged) {
  const log = process.env.FAKE_AGENT_LOG;
  // Whole lines only: another agent running in parallel may be halfway through appending its own.
  const before = fs.existsSync(log) ? fs.readFileSync(log, 'utf8').split('\n').slice(0, -1).filter((l) => promptOf(JSON.parse(l)).includes(judged.when)).length : 0;
  return judged.texts[Math.min(before, judged.texts.length - 1)];
}

/**
 * The first start's database migration, and the race a parallel start loses (exit 1, as measured).
 * The migration waits (asleep) until a parallel start has lost, or `ms` ms: a race that is run
 * always shows, however slowly a loaded machine starts the other processes. Returns whether this
 * start migrated.
 */
function migrateOnFirstStart(ms) {
  const dir = path.join(process.env.HOME, '.local', 'share', 'opencode');
  const lost = path.join(dir, 'lost-the-race');
  fs.mkdirSync(dir, { recursive: true });
  if (fs.existsSync(path.join(dir, 'opencode.db'))) return false;
  try {
    fs.writeFileSync(path.join(dir, 'migrating'), String(process.pid), { flag: 'wx' });
  } catch {
    fs.writeFileSync(lost, '');
    process.stderr.write('Error: Failed query: CREATE TABLE workspace (table workspace already exists)\n');
    process.exit(1);
  }
  const nap = new Int32Array(new SharedArrayBuffer(4));
  for (const until = Date.now() + ms; Date.now() < until && !fs.existsSync(lost); ) Atomics.wait(nap, 0, 0, 10);
  fs.writeFileSync(path.join(dir, 'opencode.db'), 'migrated');
  fs.rmSync(path.join(dir, 'migrating'));
  return true;
}

/** How each CLI reports a failed request in its stream, as measured (nothing on stderr). */
function errorStreamOf(agent, session, error) {
  if (agent === 'claude') {
    return [
      { type: 'system', subtype: 'init', session_id: session, cwd: process.cwd(), tools: ['Bash'], skills: [] },
      { type: 'result', subtype: 'success', is_error: true, result: error, session_id: session, duration_ms: 5 },
    ];
  }
  if (agent === 'codex') {
    return [
      { type: 'thread.started', thread_id: session },
      { type: 'error', message: `Reconnecting... ${error}` },
      { type: 'turn.failed', error: { message: error } },
    ];
  }
  return [{ type: 'error', timestamp: 1767000000000, sessionID: session, error: { name: 'APIError', data: { message: error } } }];
}

function streamOf(agent, session, text, skills, sandboxFailed = false) {
  if (agent === 'claude') {
    return [
      { type: 'system', subtype: 'init', session_id: session, cwd: process.cwd(), tools: ['Bash'], skills: [...skills, 'update-config'] },
      { type: 'assistant', message: { role: 'assistant', content: [{ type: 'text', text }] } },
      { type: 'result', subtype: 'success', is_error: false, result: text, session_id: session, duration_ms: 5, total_cost_usd: 0.0125, usage: { input_tokens: 100, output_tokens: 20, cache_read_input_tokens: 50 } },
    ];
  }
  if (agent === 'codex') {
    return [
      { type: 'thread.started', thread_id: session },
      ...(sandboxFailed ? [{ type: 'item.completed', item: { id: 'item_c', type: 'command_execution', command: "/bin/bash -lc 'touch notes.txt'", aggregated_output: "bwrap: Can't remount readonly on /newroot/tmp/.codex: Unable to find \"/newroot/tmp/.codex\" in mount table\n", exit_code: 1, status: 'failed' } }] : []),
      { type: 'item.completed', item: { id: 'item_0', type: 'agent_message', text } },
      { type: 'turn.completed', usage: { input_tokens: 100, cached_input_tokens: 50, output_tokens: 20 } },
    ];
  }
  return [
    { type: 'text', timestamp: 1767000000000, sessionID: session, part: { type: 'text', text } },
    { type: 'step_finish', timestamp: 1767000000100, sessionID: session, part: { type: 'step-finish', cost: 0.0025, tokens: { input: 100, output: 20, reasoning: 0, cache: { read: 50, write: 0 } } } },
  ];
}

module.exports = { respond };
