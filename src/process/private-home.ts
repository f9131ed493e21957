// Each session's own view of HOME. Files an agent writes under HOME outside its CLI's session
// stores (~/.cache/<file>, ~/.gitconfig, ~/.bashrc) stayed in the real HOME, and every later
// session of either arm found them: a control agent could read what a skill session left. In the
// session's mount namespace an overlay now covers HOME: the real HOME beneath, never written, and
// above it a folder of the session's own (`<sessions>/<A>/<B>/home`, ./work-folders.ts), so the
// agent reads the user's files (its CLI's login and settings) while what it writes lands in its
// own folder — found by its own later rounds, as a user's resumed agent finds it, by no other
// session, and gone with the session's folder. What eval-magic mounts under HOME (the private
// stores, the read-only instruction files) goes on top (./mount-table.ts). A mount below the real
// HOME, which an overlay does not show, is bound back at its own path, shared as before. And so is
// each of the CLI's own config folders (the descriptor's `config_folders`): the CLIs rewrite their
// login there when they renew it (Codex rotates its refresh token on every refresh, and an old one
// is refused), so a renewal kept in one session's HOME would log out every later session and the
// user's own CLI. Whole folders: a CLI that saves by renaming a new file over the old fails on a
// file bound alone (EBUSY).
import { lstatSync, mkdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { isInside, pathInside } from '../fs/inside.js';
import { temporaryFolders } from './private-temp.js';

/** The overlay a session gets at HOME. */
export interface PrivateHome {
  /** HOME's real path: where the overlay is mounted, and its lower layer (the init holds it open). */
  path: string;
  /** The session's own folder: `upper` (what it wrote) and `work` (overlayfs's own) inside. */
  from: string;
  /** Mounts below the real HOME, relative to it, outermost only: bound back recursively on top. */
  below: readonly string[];
  /** The CLI's config folders below the real HOME, relative to it, outermost only: bound back recursively after `below`, the real ones, shared. */
  shared: readonly string[];
}

/**
 * Why HOME cannot be given a session of its own in an environment `env` whose sessions live in
 * `sessions` (the sessions' folder, or a command's holder: a HOME inside would be hidden with the
 * other sessions) and whose CLI keeps its config in `configFolders` (one that is HOME itself is
 * shared, and so all of HOME); undefined where it can. Then HOME stays shared, as before (the plans say so).
 */
export function homeRefusal(env: NodeJS.ProcessEnv, sessions: string | undefined, configFolders: readonly string[] = []): string | undefined {
  const home = env.HOME;
  if (home === undefined || !isAbsolute(home)) return 'HOME is not set to an absolute path';
  let real: string;
  try {
    real = realpathSync.native(home);
    if (!lstatSync(real).isDirectory()) return `HOME (${home}) is not a folder`;
  } catch {
    return `HOME (${home}) is not a folder`;
  }
  if (real === '/') return 'HOME is the filesystem root';
  // A temporary folder is the session's own already (or, being its HOME, kept whole: ./private-temp.ts).
  for (const temp of temporaryFolders(env)) {
    if (isAbsolute(temp) && realOr(temp) === real) return `HOME is the temporary folder ${temp}`;
  }
  if (sessions !== undefined && isInside(realOr(sessions), real)) return `HOME (${home}) is inside the sessions' folder ${sessions}`;
  // The CLI's config folder is shared (its login, renewed there): one that is HOME shares all of it.
  const config = configFolders.find((folder) => realOr(folder) === real);
  if (config !== undefined) return `HOME is the CLI's config folder ${config}`;
  return undefined;
}

/**
 * Why HOME stays shared by every session of a command (said in its plan): the mounts that hide
 * things refused (`hiding.reason`), the overlay refused (`hiding.homeRefused`), or this HOME
 * ({@link homeRefusal}; `sessions`: the sessions' folder in use). Undefined where each has its own.
 */
export function sharedHomeReason(hiding: { reason: string } | { homeRefused?: string }, env: NodeJS.ProcessEnv, sessions: string | undefined, configFolders: readonly string[] = []): string | undefined {
  if ('reason' in hiding) return hiding.reason;
  return hiding.homeRefused ?? homeRefusal(env, sessions, configFolders);
}

/**
 * The overlay for a session whose own folder for it is `own` (made by {@link makeOwnHome}), its
 * CLI's config folders `configFolders` (absolute paths) shared; undefined where {@link homeRefusal} says no.
 */
export function privateHome(env: NodeJS.ProcessEnv, sessions: string | undefined, own: string, configFolders: readonly string[] = []): PrivateHome | undefined {
  if (homeRefusal(env, sessions, configFolders) !== undefined) return undefined;
  const path = realpathSync.native(env.HOME!);
  const below = mountsBelow(path);
  // One inside a mount below is the real one already, bound back with it.
  const shared = foldersBelow(path, configFolders).filter((rel) => !below.some((mount) => isInside(join(path, mount), join(path, rel))));
  return { path, from: own, below, shared };
}

/**
 * The folders of `folders` that exist and lie below `home` (by their real paths: a link to one
 * elsewhere is shown by the overlay as it is, leading out of HOME), relative to it, outermost only.
 * A missing one is not made: the CLI makes it in the session's own HOME (no login there to renew).
 */
function foldersBelow(home: string, folders: readonly string[]): string[] {
  const found = folders.flatMap((folder) => {
    try {
      const real = realpathSync.native(folder);
      if (!lstatSync(real).isDirectory()) return [];
      const rel = pathInside(home, real);
      return rel === undefined || rel === '' ? [] : [rel];
    } catch {
      return [];
    }
  });
  return outermost(home, found);
}

/**
 * Whether an overlay on the real HOME `home` (its real path) may be refused where one on a folder
 * of the temporary folder was not (./containment.ts tries it then): HOME on another filesystem
 * (one the overlay will not stack on), or a mount below it (locked in a user namespace, and
 * the kernel refuses a lower layer that has locked mounts below it).
 */
export function homeMayRefuseOverlay(home: string, temporary: string): boolean {
  try {
    if (statSync(home).dev !== statSync(temporary).dev) return true;
  } catch {
    return true;
  }
  return mountsBelow(home).length > 0;
}

/** The session's own folder for HOME, made once (0700) and kept for its later rounds; an entry that is no folder (a link an agent put there) is refused. */
export function makeOwnHome(own: string): void {
  for (const folder of [own, join(own, 'upper'), join(own, 'work')]) {
    const found = lstatSync(folder, { throwIfNoEntry: false });
    if (found === undefined) mkdirSync(folder, { mode: 0o700 });
    else if (!found.isDirectory()) throw new Error(`${folder} is no longer a folder`);
  }
}

/** The mount points strictly below `folder` in this process's namespace, relative to it, none below another. */
function mountsBelow(folder: string): string[] {
  let table: string;
  try {
    table = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return [];
  }
  // The fifth field, with spaces, tabs, newlines and backslashes as octal escapes.
  const points = table.split('\n').flatMap((line) => {
    const point = line.split(' ')[4];
    const rel = point === undefined ? undefined : pathInside(folder, point.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8))));
    return rel === undefined || rel === '' ? [] : [rel];
  });
  return outermost(folder, points);
}

/** Each path of `rels` (relative to `folder`) once, none below another, sorted. */
function outermost(folder: string, rels: readonly string[]): string[] {
  const unique = [...new Set(rels)];
  return unique.filter((rel) => !unique.some((other) => other !== rel && isInside(join(folder, other), join(folder, rel)))).sort();
}

function realOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}
