// Runs a command as the regular user `nobody` (setpriv), for the tests that hold eval-magic to its
// promises without root. A checkout the regular user cannot reach (CI clones into `mktemp -d`, a
// 0700 folder, so the folder closed to it is often one above the checkout) is opened for it inside
// a mount namespace of the command's own: each folder on the way to the checkout that `nobody`
// cannot enter, and the checkout itself if it cannot read it, gets an open tmpfs at the same path
// with the folder's entries bind-mounted back onto it. Every path stays as it is, what the command
// writes lands in the real folders, and nothing outside the namespace changes (the real-agent tier
// mounts the checkout elsewhere instead, test/agents/run-tier.ts).
import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import { chownSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups', '--'];

const OPEN_CHECKOUT = [
  'set -e',
  // The caller's working directory, entered again by its path once the mounts are made (under the checkout, it then shows the open view).
  'start="$PWD"; repo="$1"; hold="$2"; setup="$3"; shift 3',
  'mount -t tmpfs -o mode=0700 eval-magic-hold "$hold"',
  'n=0',
  // Opens folder $1: its own view is kept under $hold, an open tmpfs takes its place, and each entry is mounted back.
  'open() {',
  '  n=$((n + 1)); mkdir "$hold/$n"; mount --bind "$1" "$hold/$n"',
  '  mount -t tmpfs -o mode=0755 eval-magic-open "$1"',
  '  for e in "$hold/$n"/* "$hold/$n"/.[!.]* "$hold/$n"/..?*; do',
  '    [ -e "$e" ] || [ -L "$e" ] || continue; t="$1/${e##*/}"',
  '    if [ -L "$e" ]; then ln -s "$(readlink "$e")" "$t"; elif [ -d "$e" ]; then mkdir "$t"; mount --bind "$e" "$t"; else : > "$t"; mount --bind "$e" "$t"; fi',
  '  done',
  '}',
  'nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups -- "$@"; }',
  // From the root down, so that each folder is judged as `nobody` finds it once the ones above are open.
  'at=""; rest="${repo#/}/"',
  'while [ -n "$rest" ]; do',
  '  at="$at/${rest%%/*}"; rest="${rest#*/}"',
  '  if [ -z "$rest" ]; then nobody test -x "$at" -a -r "$at" || open "$at"; else nobody test -x "$at" || open "$at"; fi',
  'done',
  'cd "$start"',
  // What the caller sets up as root first (a mount below HOME), in this namespace alone.
  'eval "$setup"',
  'exec setpriv "$@"',
].join('\n');

/** Whether `nobody` can read a file of the checkout as it is. */
function checkoutReachable(): boolean {
  return spawnSync('setpriv', [...NOBODY, 'test', '-r', `${REPO}/package.json`], { stdio: 'ignore' }).status === 0;
}

/**
 * `argv` run as `nobody` (needs root), with the checkout reachable for it; `setup`, a shell
 * command, run as root before, in a mount namespace of the command's own (a mount it makes goes with it).
 */
export function spawnAsRegularUser(argv: readonly string[], options: SpawnSyncOptionsWithStringEncoding, setup?: string): SpawnSyncReturns<string> {
  if (setup === undefined && checkoutReachable()) return spawnSync('setpriv', [...NOBODY, ...argv], options);
  // /mnt holds the folders' own views; a tmpfs mounted there in the namespace hides nothing outside it.
  return spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', OPEN_CHECKOUT, 'open-checkout', REPO, '/mnt', setup ?? ':', ...NOBODY, ...argv], options);
}

/** Makes `path` and everything below it the regular user's (`nobody`), for a command run as that user. */
export function giveToRegularUser(path: string): void {
  chownSync(path, 65534, 65534);
  for (const entry of readdirSync(path, { withFileTypes: true })) entry.isDirectory() ? giveToRegularUser(join(path, entry.name)) : chownSync(join(path, entry.name), 65534, 65534);
}
