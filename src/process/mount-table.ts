// The table of mounts an init makes to hide what an agent must not see (containment.ts), and how
// it reaches the init: one `mount --all` reads it from a file, so one exec makes them all.
import { randomBytes } from 'node:crypto';
import { closeSync, openSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isInside, pathInside } from '../fs/inside.js';
import type { PrivateHome } from './private-home.js';
import type { PrivateTemp } from './private-temp.js';

/** The descriptor on which the init holds the real temporary folder `temps[i]` while the table is mounted: {@link TEMP_FD} + i, 6 to 9 (./containment.ts). */
const TEMP_FD = 6;

/** The descriptor on which the init holds the real HOME while the table is mounted: the overlay's lower layer (./containment.ts). */
const HOME_FD = 4;

/** What is hidden: the real temporary folders (`temps`: each an empty tmpfs, but for the entries it keeps), what the session writes under HOME (`home`: an overlay), every entry of `holder` but `entry`, each folder of `cover` shown empty, the session's own `stores` put at its CLI's store paths, and `readOnly` files and folders bound read-only onto themselves (containment.ts's HideAround). */
interface Hidden {
  temps?: readonly PrivateTemp[];
  home?: PrivateHome;
  holder?: string;
  entry?: string;
  cover?: readonly string[];
  stores?: readonly { from: string; at: string }[];
  readOnly?: readonly string[];
  /** The init's working folder while it mounts, without a holder (with one, it enters the holder's entry first). */
  cwd?: string;
}

/**
 * The mounts that hide what `hide` says, as an fstab for `mount --all` (util-linux): first each
 * private temporary folder, outermost first — the session's own folder bound there (made 1777, as
 * /tmp is), or else a tmpfs open to all — then each entry
 * it keeps bound back from the real folder, which the init holds open on descriptor
 * {@link TEMP_FD} + i (`/proc/self/fd/<n>` leads to the real folder, under the tmpfs); the
 * session's own HOME ({@link homeLines}) after the temporary folders that hold it and before
 * those inside it, so that everything below comes on top of it; then the holder's
 * tmpfs and its entry bound back, then the covers, then the private stores (their folders
 * lie in the entry, bound back by then; a missing store path is made in the real folder, empty),
 * then the read-only files and folders (each must exist: a bind needs its mount point; a folder's
 * bind is read-only with everything below it on the same mount).
 * Each tmpfs has a source name of its own and a target `mount --all` never takes for one already
 * mounted ({@link mountAnew}).
 */
export function hidingTable(hide: Hidden): string {
  const lines: string[] = [];
  let homeMounted = false;
  const mountHome = () => {
    if (hide.home === undefined || homeMounted) return;
    homeMounted = true;
    lines.push(...homeLines(hide, hide.home));
  };
  for (const [i, temp] of (hide.temps ?? []).entries()) {
    // HOME before a temporary folder inside it ($TMPDIR=~/tmp), after one holding it (its entry kept by then).
    if (hide.home !== undefined && isInside(hide.home.path, temp.path)) mountHome();
    lines.push(temp.from !== undefined ? `${fstabField(ownPath(hide, temp.from))} ${fstabField(temp.path)} none bind,X-mount.mkdir 0 0` : `eval-magic-tmp ${mountAnew(temp.path)} tmpfs mode=1777,nosuid,nodev,X-mount.mkdir 0 0`);
    // Recursive: a kept folder with mounts below it (a checkout opened by bind mounts) is locked in
    // a user namespace, and a bind of it alone, which would show what they cover, is refused.
    for (const name of temp.keep) lines.push(`${fstabField(`/proc/self/fd/${TEMP_FD + i}/${name}`)} ${fstabField(`${temp.path}/${name}`)} none rbind,X-mount.mkdir 0 0`);
    // A file onto the empty one made in the session's own folder (../runner/agent-process.ts ownTempFolder).
    if (temp.from !== undefined) for (const name of temp.files ?? []) lines.push(`${fstabField(`/proc/self/fd/${TEMP_FD + i}/${name}`)} ${fstabField(`${temp.path}/${name}`)} none bind 0 0`);
  }
  mountHome();
  if (hide.holder) {
    lines.push(`eval-magic-holder ${mountAnew(hide.holder)} tmpfs mode=0700,nosuid,nodev,noexec,X-mount.mkdir 0 0`);
    lines.push(`/proc/self/cwd ${fstabField(`${hide.holder}/${hide.entry ?? ''}`)} none bind,X-mount.mkdir 0 0`);
  }
  for (const cover of new Set(hide.cover ?? [])) lines.push(`eval-magic-cover ${mountAnew(cover)} tmpfs ro,mode=0755,nosuid,nodev,noexec 0 0`);
  for (const store of hide.stores ?? []) lines.push(`${fstabField(store.from)} ${fstabField(store.at)} none bind,X-mount.mkdir 0 0`);
  for (const file of new Set(hide.readOnly ?? [])) lines.push(`${fstabField(file)} ${fstabField(file)} none bind,ro 0 0`);
  return lines.map((line) => `${line}\n`).join('');
}

/**
 * The session's own HOME (./private-home.ts): an overlay whose lower layer is the real HOME, which
 * the init holds open on {@link HOME_FD} (so no character of its path needs escaping in the
 * options), and whose upper layer is the session's own folder, reached by the init's working
 * folder; then the mounts below the real HOME, which an overlay does not show, and the CLI's
 * config folders, bound back from it.
 * `userxattr`: overlayfs keeps its marks in user.* attributes, the only ones a user namespace may set.
 */
function homeLines(hide: Hidden, home: PrivateHome): string[] {
  const [upper, work] = ['upper', 'work'].map((name) => ownPath(hide, join(home.from, name)));
  const options = `lowerdir=/proc/self/fd/${HOME_FD},upperdir=${upper},workdir=${work},userxattr`;
  // Each mount below at `HOME/./<rel>`: `mount --all` skips a line whose target is listed with the
  // same source mounted there, which the mount below, under the overlay now, still is.
  // Then the CLI's config folders, the real ones (its login, renewed in place): after the mounts
  // below, before the stores and read-only instruction files inside them, which come on top.
  const back = (rel: string) => `${fstabField(`/proc/self/fd/${HOME_FD}/${rel}`)} ${fstabField(`${home.path}/./${rel}`)} none rbind 0 0`;
  return [`eval-magic-home ${mountAnew(home.path)} overlay ${fstabField(options)} 0 0`, ...home.below.map(back), ...home.shared.map(back)];
}

/**
 * A folder of the session's own by the init's working folder (`/proc/self/cwd`: the holder's
 * entry, which it entered before any mount, or without a holder the folder it was started in — a
 * command_check cell's scratch folder), where it lies there: by its path it could lead, once a
 * temporary folder above it is covered, into the new one, where it is not.
 */
function ownPath(hide: Hidden, path: string): string {
  const base = hide.holder ? join(hide.holder, hide.entry ?? '') : hide.cwd;
  const rel = base !== undefined ? pathInside(base, path) : undefined;
  return rel === undefined ? path : rel === '' ? '/proc/self/cwd' : `/proc/self/cwd/${rel}`;
}

/**
 * The target `path` of a mount made by name (a tmpfs, the overlay), as an fstab field that
 * `mount --all` never takes for a mount already there: it skips a line whose source and target
 * are listed in the mount table, and eval-magic run inside a session finds its own names mounted
 * at the same paths (its HOME, its sessions' holder). With `/.` the target is not the one listed
 * (--no-canonicalize), and the kernel mounts at the folder itself.
 */
function mountAnew(path: string): string {
  return fstabField(path === '/' ? '/.' : `${path}/.`);
}

/** A path as an fstab field: white space, the backslash and other control characters as octal escapes (libmount reads `\ooo`). */
function fstabField(path: string): string {
  return path.replace(/[\x00-\x20\\\x7f]/g, (c) => `\\${c.charCodeAt(0).toString(8).padStart(3, '0')}`);
}

/** A descriptor of a new file in the temporary folder holding `text`, the file already unlinked. */
export function unlinkedFileHolding(text: string): number {
  const path = join(tmpdir(), `.eval-magic-mounts-${randomBytes(8).toString('hex')}`);
  const fd = openSync(path, 'wx+', 0o600);
  try {
    unlinkSync(path);
    writeFileSync(fd, text);
    return fd;
  } catch (error) {
    closeSync(fd);
    throw error;
  }
}
