// Keeping every process an agent starts inside the round, and every process an eval's
// command_check starts inside its grading: a PID namespace of its own (Linux), so nothing it
// forks — a job-control child, a double-forking setsid daemon — outlives it or eval-magic itself;
// elsewhere, its session is swept when it ends.
import { spawn, spawnSync, type ChildProcess, type StdioOptions } from 'node:child_process';
import { accessSync, closeSync, constants as fsConstants, mkdirSync, mkdtempSync, realpathSync, statSync } from 'node:fs';
import { constants, tmpdir } from 'node:os';
import { delimiter, isAbsolute, join } from 'node:path';
import type { Readable } from 'node:stream';
import { isFolder } from '../fs/folders.js';
import { isInside } from '../fs/inside.js';
import { removeOwnTree } from '../fs/remove-tree.js';
import { withoutInheritedDescriptors } from './inherited-descriptors.js';
import { hidingTable, unlinkedFileHolding } from './mount-table.js';
import { homeMayRefuseOverlay, makeOwnHome, type PrivateHome } from './private-home.js';
import { MAX_PRIVATE_TEMPS, privateTemps, shownWith, type PrivateTemp } from './private-temp.js';
import { killGroup } from './process-group.js';

/**
 * How a round's processes are held together.
 * - `pid-namespace`: the agent runs as the child of a small init (a few lines of `sh`) that is
 *   PID 1 of a new PID namespace (`unshare --pid --fork --kill-child --mount-proc`, inside a
 *   user namespace when not root), which sees a /proc of its own. When the init exits — the
 *   agent exited, or eval-magic died and closed the init's channel, even by SIGKILL — the
 *   kernel kills every process left in the namespace.
 * - `session`: no namespace is available (not Linux, no `unshare`, or namespaces refused): the
 *   agent leads a session of its own, and its process group and then its session are killed
 *   when the round ends. A process that calls setsid() escapes this, as does anything running
 *   when eval-magic is killed with SIGKILL.
 */
export type Containment =
  | { kind: 'pid-namespace'; unshare: string; shell: string; userNamespace: boolean }
  | { kind: 'session'; reason: string };

/**
 * What an agent must not see: every entry of `holder` but `entry`, the one holding `cwd` (e.g.
 * `<sessions>`, `<A>/<B>`, `<sessions>/<A>/<B>/work`: ./work-folders.ts) — the work folders of
 * sessions running at the same time, of its command and of others — and each folder of `cover`, shown empty (the workspace, whose paths name the arms, and
 * the skill's own folder). Without `holder` only the covers are made. A cover that holds `cwd`
 * or `holder` is never made (it would hide the session's own folder): callers leave it out.
 */
export interface HideAround {
  holder?: string;
  entry?: string;
  cover?: readonly string[];
  /** Folders of the session's own (inside its `entry`) bound at its CLI's store paths, after the covers (../runner/session-stores.ts). */
  stores?: readonly StoreMount[];
  /**
   * The session's own /tmp, /var/tmp, /dev/shm and $TMPDIR, outermost first (at most {@link MAX_PRIVATE_TEMPS}),
   * with the entries it needs of the real ones bound back (./private-temp.ts); made before the rest.
   */
  temps?: readonly PrivateTemp[];
  /** The session's folder (inside its `entry`) whose `<n>` folders are its temporary folders in every round (./work-folders.ts tempBeside); none: each round an empty tmpfs. */
  ownTemps?: string;
  /** HOME as the session's own overlay on the real one (./private-home.ts); none: HOME shared. */
  home?: PrivateHome;
  /** The CLI's config folders (absolute paths), the real ones in the session's HOME too: its login, which it renews in place (../runner/session-stores.ts configFolderPaths). */
  configFolders?: readonly string[];
  /** The session's folder (inside its `entry`) that holds what it writes under HOME in every round (./work-folders.ts homeBeside); none: HOME shared. */
  ownHome?: string;
  /** Files and folders bound read-only onto themselves, last (the CLI's instruction files: ../runner/session-stores.ts); each must exist. */
  readOnly?: readonly string[];
  cwd: string;
}

/** A private folder `from` mounted at the path `at` (made if missing) where the CLI keeps its sessions. */
export interface StoreMount {
  from: string;
  at: string;
}

/** The tool an init needs to hide a holder's other entries, as {@link hidingSupport} found it. */
export interface HidingTools {
  mount: string;
  /** Why no session can have HOME of its own here (the overlay was refused); absent where it can (./private-home.ts). */
  homeRefused?: string;
}

/** The command that starts the agent under a containment, and its environment. */
export interface ContainedCommand {
  file: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  /** True when the init reports the agent's exit on fd 3 (and ends the namespace when fd 3 closes). */
  statusChannel: boolean;
  /** The mounts its init makes before the program starts ({@link hidingTable}), given to it by {@link spawnContained}. */
  mounts?: string;
}

/**
 * PID 1 of the namespace, run as `sh -c INIT_SCRIPT sh program args…`. A watcher reads fd 3
 * until its end (eval-magic is gone) and then kills everything in the namespace. The agent runs
 * in the foreground, so its signal dispositions are the ones it was given, with the stderr it
 * was given and without fd 3; the redirections are made in the subshell that becomes the agent,
 * so the shell's own stderr, where it notes "Killed", stays /dev/null. Its
 * exit status goes on fd 3, then the init exits, which ends the namespace. As PID 1 without
 * handlers the shell receives no signal but SIGKILL from outside; the agent, in eval-magic's
 * process group, gets SIGTERM and SIGKILL as before. The shell, not Node: a Node init cost
 * 30–45 ms of CPU a round (docs/performance.md), this one ~2. Given no program, the init only
 * holds the namespace for commands that join it (see {@link holdNamespace}): it says `ready` on
 * fd 3 and reads it itself until its end, then exits — as PID 1, out of reach of what joined
 * (given `--hide`, once its mounts are made: what joins then enters them through its own
 * `unshare --user --map-current-user --mount`, as the agent does, which locks them).
 *
 * Given `--hide mount unshare holder entry cwd home tmp1 tmp2 tmp3 tmp4` before the program (see {@link HideAround}), the
 * init first opens a descriptor on the real HOME (fd 4: the lower layer of the session's own) and
 * on each private temporary folder given (fds 6 to 9: the table binds the entries a session keeps
 * from them, once a tmpfs covers the folder; a POSIX shell names no descriptor above 9, so fd 4,
 * the agent's stderr kept aside, is taken only once they are closed again), then makes, in its own mount namespace, the mounts of the table it is given on fd 5
 * ({@link hidingTable}) with one `mount --all`: every entry of `holder` but `entry` hidden (unless
 * `holder` is empty) — an empty tmpfs (0700, as mkdtemp makes the holder) covers the holder, and
 * the real `entry`, named by the init's working folder (`/proc/self/cwd`, which still leads to it
 * once covered), is bind-mounted back at the same path (X-mount.mkdir makes the mount point) —
 * and each cover shown as an empty read-only tmpfs. One exec for them all: each `mount` exec cost
 * a round ~4 ms with eight starting at once on two cores. Then it closes fds 4 to 9 (the agent
 * must get no way into the real temporary folders, nor the real HOME), enters `cwd` again
 * by its path (and unsets the OLDPWD its `cd` set, which the agent is not given). The mounts are
 * the namespace's alone (unshare makes its propagation private) and go with it. (In a user
 * namespace, the init keeps the namespace's capabilities for the mounts: unshare --keep-caps.)
 * The agent is then started through `unshare --user --map-current-user --mount`: a user namespace
 * of its own, with the same uid, and a mount namespace of its own that it owns. Mounts copied into
 * a mount namespace owned by a newer user namespace are locked by the kernel (MNT_LOCKED): none
 * can be unmounted, moved, or bound elsewhere without the ones on top of it, whatever the
 * capabilities the agent has in its own user namespace (all of them, when eval-magic runs as root,
 * and it stays uid 0). It has none in the init's user namespace, so it can neither join the init's
 * mount namespace (nsenter) nor look through the init's /proc entries. A mount that fails (its
 * message goes to the agent's stderr) starts no agent: the init says `hide-failed` on fd 3.
 */
const INIT_SCRIPT = `if [ "$1" = --hide ]; then
m=$2 u=$3 h=$4 e=$5 c=$6 o=$7; shift 7
{ { [ -z "$h" ] || cd "$h/$e"; } && { [ -z "$o" ] || command exec 4<"$o"; } && { [ -z "$1" ] || command exec 6<"$1"; } && { [ -z "$2" ] || command exec 7<"$2"; } && { [ -z "$3" ] || command exec 8<"$3"; } && { [ -z "$4" ] || command exec 9<"$4"; } && "$m" --no-canonicalize --all --fstab /proc/self/fd/5 && cd "$c"; } || { printf 'hide-failed\\n' >&3; exit 125; }
shift 4
exec 4<&- 5<&- 6<&- 7<&- 8<&- 9<&-
unset OLDPWD
[ "$#" -eq 0 ] || set -- "$u" --user --map-current-user --mount -- "$@"
fi
exec 4>&2 2>/dev/null
[ "$#" -gt 0 ] || { exec 4>&-; printf 'ready\\n' >&3; while read -r _ <&3; do :; done; exit 0; }
(while read -r _ <&3; do :; done; kill -KILL -1) </dev/null >/dev/null 4>&- &
(exec "$@" 2>&4 3>&- 4>&-)
status=$?
printf '%s\\n' "$status" >&3
exit "$status"`;

let detected: Containment | undefined;

/** This system's containment, probed once per process (a few milliseconds). */
export function agentContainment(): Containment {
  detected ??= detectContainment();
  return detected;
}

function detectContainment(): Containment {
  if (process.platform !== 'linux') return { kind: 'session', reason: `PID namespaces are Linux-only (this is ${process.platform})` };
  const unshare = findSystemTool('unshare');
  if (!unshare) return { kind: 'session', reason: 'unshare (util-linux) is not on PATH' };
  const shell = findSystemTool('sh');
  if (!shell) return { kind: 'session', reason: 'sh is not on PATH' };
  const tries = process.getuid?.() === 0 ? [false, true] : [true];
  for (const userNamespace of tries) {
    const probe = spawnSync(unshare, [...unshareFlags(userNamespace), '--', shell, '-c', 'exit 0'], { stdio: 'ignore', timeout: 10_000 });
    if (probe.status === 0) return { kind: 'pid-namespace', unshare, shell, userNamespace };
  }
  return { kind: 'session', reason: 'this system refused a new PID namespace with its own /proc (no root, and unprivileged user namespaces or their proc mounts are off)' };
}

function unshareFlags(userNamespace: boolean, keepCaps = false): string[] {
  // --map-current-user keeps the agent's uid and gid as they are (supplementary groups show as
  // nobody inside); --kill-child also ends the namespace if unshare itself is killed.
  // --mount-proc (in a mount namespace of its own) gives the namespace its own /proc: with the
  // host's, Codex CLI's sandboxed commands never finish. --keep-caps leaves the init the user
  // namespace's capabilities, for the mounts that hide a holder (the agent gets none of them: see INIT_SCRIPT).
  return [...(userNamespace ? ['--user', '--map-current-user', ...(keepCaps ? ['--keep-caps'] : [])] : []), '--pid', '--fork', '--kill-child=SIGKILL', '--mount-proc'];
}

/**
 * The argv and environment that start `program args` under `containment`; with `hide`, in a
 * namespace where `hide.holder` shows nothing but `hide.entry` (a `pid-namespace` containment
 * and the tools {@link hidingSupport} found are needed: the caller checks).
 */
export function containedCommand(containment: Containment, program: string, args: readonly string[], env: NodeJS.ProcessEnv, hide?: HideAround & HidingTools): ContainedCommand {
  if (containment.kind === 'session') return { file: program, args: [...args], env, statusChannel: false };
  const temps = (hide?.temps ?? []).slice(0, MAX_PRIVATE_TEMPS);
  return initCommand(containment, [program, ...args], env, hide && { ...hide, temps });
}

/** The init (unshare, then INIT_SCRIPT) that starts `argv`, or holds the namespace when it is empty; with `hide`, after its mounts. */
function initCommand(containment: Extract<Containment, { kind: 'pid-namespace' }>, argv: readonly string[], env: NodeJS.ProcessEnv, hide: (HideAround & HidingTools) | undefined): ContainedCommand {
  const temps = hide?.temps ?? [];
  // The real HOME on fd 4, the lower layer of the session's own (./private-home.ts). The table
  // binds from descriptor TEMP_FD + i (6 to 9): the init opens them in this order, one per slot.
  const slots = Array.from({ length: MAX_PRIVATE_TEMPS }, (_, i) => temps[i]?.path ?? '');
  const hiding = hide ? ['--hide', hide.mount, containment.unshare, hide.holder ?? '', hide.entry ?? '', hide.cwd, hide.home?.path ?? '', ...slots] : [];
  return {
    file: containment.unshare,
    args: [...unshareFlags(containment.userNamespace, hide !== undefined), '--', containment.shell, '-c', INIT_SCRIPT, 'sh', ...hiding, ...argv],
    env,
    statusChannel: true,
    ...(hide ? { mounts: hidingTable(hide) } : {}),
  };
}

/**
 * The folders of `cover` that can be shown empty to a process that needs `needed` (its working
 * folder, its program): those that are folders, none holding what it needs (it would hide it),
 * none inside another, nor gone with the real temporary folders its `temps` cover (hidden
 * already, and not there to mount on).
 */
export function coversAround(cover: readonly string[], needed: readonly string[], temps: readonly PrivateTemp[] = []): string[] {
  const kept = cover.filter((folder) => isFolder(folder) && neededInside(folder, needed) === undefined && shownWith(temps, folder));
  return kept.filter((folder, i) => !kept.some((other, j) => (other === folder ? j < i : isInside(other, folder))));
}

/** The first path of `needed` that `folder` holds (or is): a cover over it would hide it, so `folder` stays shown. */
export function neededInside<T extends string | { path: string }>(folder: string, needed: readonly T[]): T | undefined {
  return needed.find((entry) => isInside(folder, typeof entry === 'string' ? entry : entry.path));
}

/** The descriptor the init reads its mounts from. */
const MOUNTS_FD = 5;

/**
 * Starts a contained command: the table of its mounts, if any, goes to its init on fd 5 as a
 * file already unlinked (no agent can find it; `mount` will not read a pipe), and no descriptor
 * of the caller's reaches it (see inherited-descriptors.ts).
 */
export function spawnContained(command: ContainedCommand, options: { cwd: string; stdio: Extract<StdioOptions, unknown[]>; detached?: boolean }): ChildProcess {
  const stdio: Extract<StdioOptions, unknown[]> = [...options.stdio];
  const table = command.mounts === undefined ? undefined : unlinkedFileHolding(command.mounts);
  if (table !== undefined) {
    while (stdio.length < MOUNTS_FD) stdio.push('ignore');
    stdio[MOUNTS_FD] = table;
  }
  try {
    return spawn(command.file, command.args, { cwd: options.cwd, env: command.env, stdio: withoutInheritedDescriptors(stdio), detached: options.detached ?? false, shell: false });
  } finally {
    if (table !== undefined) closeSync(table);
  }
}


let hiding: Promise<HidingTools | { reason: string }> | undefined;
const homeTried = new Map<string, Promise<string | undefined>>();

/**
 * Whether this system lets a session's init hide the other entries of its holder (see
 * {@link HideAround}), probed once per process by hiding one: the tools, or why not. The probe
 * runs beside whatever else is under way (~30–50 ms), never blocking it. Given the sessions'
 * `home`, the overlay is tried on it too, once per HOME: it may lie on a filesystem the overlay
 * refuses as its lower layer (one stacked too deep, one that folds case) where the probe's own
 * folder, in the temporary folder, is accepted — and then every session's mounts failed.
 */
export function hidingSupport(home?: string): Promise<HidingTools | { reason: string }> {
  hiding ??= probeHiding();
  const real = home === undefined ? undefined : realFolderOf(home);
  if (real === undefined) return hiding;
  return hiding.then(async (tools) => {
    if ('reason' in tools || tools.homeRefused !== undefined || !homeMayRefuseOverlay(real, realpathSync.native(tmpdir()))) return tools;
    let tried = homeTried.get(real);
    if (tried === undefined) homeTried.set(real, (tried = tryMounts(tools.mount, real).then(({ status, stderr }) => (status === 0 ? undefined : refusedOverlay(stderr)))));
    const refused = await tried;
    return refused === undefined ? tools : { ...tools, homeRefused: refused };
  });
}

async function probeHiding(): Promise<HidingTools | { reason: string }> {
  const containment = agentContainment();
  if (containment.kind === 'session') return { reason: `there is no PID namespace with a mount namespace of its own here (${containment.reason})` };
  const mount = findSystemTool('mount');
  if (!mount) return { reason: 'mount (util-linux) is not on PATH' };
  const tools = { mount };
  // With a HOME of its own (./private-home.ts), on a folder of the probe's: tried again without it where the overlay is refused.
  const withHome = await tryMounts(mount, 'scratch');
  if (withHome.status === 0) return tools;
  const { status, stderr } = await tryMounts(mount, undefined);
  const said = (text: string) => text.trim().split('\n')[0] ?? '';
  if (status === 0) return { ...tools, homeRefused: refusedOverlay(withHome.stderr) };
  // The mounts, or the agent's own user namespace that locks them (refused where user namespaces are off, even to root).
  return { reason: `this system refused the mounts that hide other sessions' work folders, or the user namespace that keeps the agent from undoing them${said(stderr) ? ` (${said(stderr)})` : ''}` };
}

/** Why no session has a HOME of its own, from what the refused overlay's mount said. */
function refusedOverlay(stderr: string): string {
  const said = stderr.trim().split('\n')[0] ?? '';
  return `this system refused the overlay that gives each session a HOME of its own${said ? ` (${said})` : ''}`;
}

/** The real path of the folder `path`, or undefined where it is none (./private-home.ts refuses such a HOME). */
function realFolderOf(path: string): string | undefined {
  if (!isAbsolute(path)) return undefined;
  try {
    const real = realpathSync.native(path);
    return real !== '/' && statSync(real).isDirectory() ? real : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Hides one folder of a holder made for the purpose, as a session's init does, with the session's
 * own temporary folders (./private-temp.ts) and, with `home`, a HOME of its own: an overlay on a
 * folder of the holder's (`scratch`), or on the real folder given (only read: what is written
 * lands in the holder). Its exit status (0: hidden, and not to be undone) and stderr.
 */
async function tryMounts(mount: string, home: string | undefined): Promise<{ status: number | null; stderr: string }> {
  const containment = agentContainment();
  if (containment.kind === 'session') return { status: null, stderr: containment.reason };
  let holder: string;
  try {
    holder = mkdtempSync(join(realpathSync.native(tmpdir()), 'eval-magic-probe-'));
  } catch (error) {
    return { status: null, stderr: `no folder to try the mounts in could be made in the temporary folder (${(error as Error).message})` };
  }
  try {
    for (const name of ['shown', 'hidden', 'home']) mkdirSync(join(holder, name));
    const cwd = join(holder, 'shown');
    // Hidden, shown, and not to be undone: the holder's cover cannot be moved off it (the mounts
    // are locked, or the agent has no capability to move them), so what it hides stays hidden.
    const check = `[ -d "$1" ] && [ ! -e "$2" ] && [ "$(pwd)" = "$1" ] && ! "$4" --move "$3" "$1" 2>/dev/null && [ ! -e "$2" ]`;
    const own = home === undefined ? undefined : { path: home === 'scratch' ? join(holder, 'home') : home, from: join(cwd, 'home'), below: [], shared: [] };
    if (own !== undefined) makeOwnHome(own.from);
    const needed = own === undefined ? [holder] : [holder, own.path];
    return await runProbe(containedCommand(containment, containment.shell, ['-c', check, 'sh', cwd, join(holder, 'hidden'), holder, mount], process.env, { holder, entry: 'shown', cwd, temps: privateTemps(needed, process.env), ...(own !== undefined ? { home: own } : {}), mount }), cwd);
  } catch (error) {
    return { status: null, stderr: (error as Error).message };
  } finally {
    removeOwnTree(holder);
  }
}

/** Runs a contained command to its end (at most 10 s): its exit status (null when killed or not started) and stderr. */
function runProbe(command: ContainedCommand, cwd: string): Promise<{ status: number | null; stderr: string }> {
  return new Promise((resolve) => {
    let stderr = '';
    // fd 3 stays open until the init exits: closed, it would end the namespace at once.
    let child: ChildProcess;
    try {
      child = spawnContained(command, { cwd, stdio: ['ignore', 'ignore', 'pipe', 'pipe'] });
    } catch (error) {
      // Its table of mounts could not be written (the temporary folder full), or no process could be made: no hiding here.
      return resolve({ status: null, stderr: (error as Error).message });
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    (child.stdio[3] as Readable).resume();
    child.once('error', (error) => {
      clearTimeout(timer);
      resolve({ status: null, stderr: error.message });
    });
    child.once('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stderr });
    });
  });
}

/**
 * How a command eval-magic waits on itself (an eval's command_check) is held together. In a PID
 * namespace the command is not the init's child but joins the namespace with `nsenter` as
 * eval-magic's own: nsenter hands on the command's exit exactly (a code, or a death by that
 * signal), where the init, a shell, could only tell `exit 130` from SIGINT as one status.
 * `setsid` is there for a command to lead a session of its own inside, as a detached spawn would.
 */
export type CommandContainment = (Extract<Containment, { kind: 'pid-namespace' }> & { nsenter: string; setsid: string }) | Extract<Containment, { kind: 'session' }>;

let commandDetected: Promise<CommandContainment> | undefined;

/** This system's containment for commands: the agents', once a command has joined a namespace here (probed once per process). */
export function commandContainment(): Promise<CommandContainment> {
  commandDetected ??= detectCommandContainment();
  return commandDetected;
}

async function detectCommandContainment(): Promise<CommandContainment> {
  const base = agentContainment();
  if (base.kind === 'session') return base;
  const [nsenter, setsid] = [findSystemTool('nsenter'), findSystemTool('setsid')];
  if (!nsenter || !setsid) return { kind: 'session', reason: `${nsenter ? 'setsid' : 'nsenter'} (util-linux) is not on PATH` };
  const containment = { ...base, nsenter, setsid };
  const refused: CommandContainment = { kind: 'session', reason: 'this system let eval-magic make a PID namespace but not join one (nsenter)' };
  let held: HeldNamespace | undefined;
  try {
    held = await holdNamespace(containment);
    const join = held.join(setsid, [base.shell, '-c', 'exit 0'], '/');
    const status = spawnSync(join.file, join.args, { stdio: 'ignore', timeout: 10_000 });
    return status.status === 0 ? containment : refused;
  } catch {
    return refused;
  } finally {
    await held?.end();
  }
}

/** A PID namespace whose init runs nothing of its own, held until {@link HeldNamespace.end}. */
export interface HeldNamespace {
  /** The argv that runs `program args` inside the namespace, in `cwd`; its exit is the program's. */
  join(program: string, args: readonly string[], cwd: string): { file: string; args: string[] };
  /** Ends the namespace: every process left in it is killed; resolves once none is left. */
  end(): Promise<void>;
}

/** How long the init gets to end its namespace before unshare's group is SIGKILLed. */
const END_WAIT_MS = 5000;

/** Where a held namespace's init stays, and what it shows empty to the commands that join it. */
export interface HoldOptions {
  /** The init's working folder, which `/proc/1/cwd` names inside (default `/`): never the caller's. */
  cwd?: string;
  /**
   * Folders shown empty (read-only tmpfs covers, {@link hidingTable}) in the namespace, after its
   * own /tmp and $TMPDIR (`temps`, ./private-temp.ts); needs the tools {@link hidingSupport} found.
   */
  hide?: Pick<HideAround, 'cover' | 'temps'> & HidingTools;
}

/**
 * Starts the init with no program and resolves once its namespace can be joined (with `hide`,
 * once its covers are mounted); rejects when it cannot start or a mount fails (saying what
 * `mount` said). Ending it — or eval-magic's death, which closes the channel — ends the namespace.
 */
export function holdNamespace(containment: Extract<CommandContainment, { kind: 'pid-namespace' }>, options: HoldOptions = {}): Promise<HeldNamespace> {
  const cwd = options.cwd ?? '/';
  const hide = options.hide && { ...options.hide, cwd };
  // unshare, its init as PID 1. Detached: a Ctrl-C at the terminal reaches eval-magic, which ends the namespace itself.
  const holder = spawnContained(initCommand(containment, [], process.env, hide), { cwd, stdio: ['ignore', 'ignore', hide ? 'pipe' : 'ignore', 'pipe'], detached: true });
  const channel = holder.stdio[3] as Readable;
  let said = '';
  holder.stderr?.on('data', (chunk: Buffer) => (said += chunk.toString('utf8')));
  const exited = new Promise<void>((done) => {
    holder.once('exit', () => done());
    holder.once('error', () => done());
  });
  channel.once('error', () => {});
  const end = async () => {
    channel.destroy();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((done) => (timer = setTimeout(() => done('late'), END_WAIT_MS)));
    // unshare exits only once its init has, and the init's exit waits for every process of the namespace.
    if ((await Promise.race([exited, late])) === 'late' && holder.pid !== undefined) {
      killGroup(holder.pid, 'SIGKILL');
      await exited;
    }
    clearTimeout(timer);
  };
  return new Promise((resolve, reject) => {
    let text = '';
    const failed = (why: string) => void end().then(() => reject(new Error(why)));
    const closedEarly = () => failed(text === 'hide-failed\n' ? `the mounts that show the workspace empty and give the command its own /tmp failed${said.trim() ? ` (${said.trim().split('\n')[0]})` : ''}` : 'the PID namespace ended before it could be joined');
    channel.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
      if (text !== 'ready\n') return;
      channel.off('close', closedEarly);
      const ns = (name: string) => `/proc/${holder.pid}/ns/${name}`;
      // unshare itself is in the new user and mount namespaces; its children are born in the new PID namespace.
      const namespaces = [...(containment.userNamespace ? [`--user=${ns('user')}`, '--preserve-credentials'] : []), `--pid=${ns('pid_for_children')}`, `--mount=${ns('mnt')}`];
      // Over covers, in a user and mount namespace of its own, as the agent is started: the covers are locked (MNT_LOCKED), so not even root inside can unmount them.
      const locked = hide ? [containment.unshare, '--user', '--map-current-user', '--mount', '--'] : [];
      resolve({ join: (program, args, at) => ({ file: containment.nsenter, args: [...namespaces, `--wd=${at}`, '--', ...locked, program, ...args] }), end });
    });
    channel.once('close', closedEarly);
    holder.once('error', (error) => failed(`unshare could not start: ${error.message}`));
  });
}

/** The agent's exit as the init reported it, or that it hid nothing and started no agent. */
export type InitReport = { code: number; signal: null } | { code: null; signal: NodeJS.Signals } | { hideFailed: true };

/**
 * The report in the channel's text, if the init got to write one. The shell reports a death by
 * signal N as status 128 + N, as every shell does, so an agent that itself exits with such a
 * status (130 after its own SIGINT handler, say) reads as killed by that signal.
 */
export function readInitReport(text: string): InitReport | undefined {
  if (text === 'hide-failed\n') return { hideFailed: true };
  const match = /^(\d{1,3})\n$/.exec(text);
  if (!match) return undefined;
  const status = Number(match[1]);
  const signal = status > 128 ? signalNamed(status - 128) : undefined;
  return signal ? { code: null, signal } : { code: status, signal: null };
}

function signalNamed(number: number): NodeJS.Signals | undefined {
  return (Object.keys(constants.signals) as NodeJS.Signals[]).find((name) => constants.signals[name] === number);
}

/** A system tool from the absolute entries of this process's PATH (never a relative one). */
function findSystemTool(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (!isAbsolute(dir)) continue;
    const path = join(dir, name);
    try {
      accessSync(path, fsConstants.X_OK);
      return path;
    } catch {
      // Not here.
    }
  }
  return undefined;
}
