// Runs a command as the regular user `nobody` (setpriv), for the tests that hold eval-magic to its
// promises without root. A checkout the regular user cannot enter (CI clones into `mktemp -d`, a
// 0700 folder) is opened for it inside a mount namespace of the command's own: the checkout's
// entries are bind-mounted onto an open tmpfs at the same path, so every path stays as it is and
// nothing outside the namespace changes (the real-agent tier does the same, test/agents/run-tier.ts).
import { spawnSync, type SpawnSyncOptionsWithStringEncoding, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const REPO = fileURLToPath(new URL('../..', import.meta.url)).replace(/\/$/, '');
const NOBODY = ['--reuid=65534', '--regid=65534', '--clear-groups', '--'];

const OPEN_CHECKOUT = [
  'set -e',
  // The caller's working directory, entered again by its path once the mounts are made (under the checkout, it then shows the open view).
  'start="$PWD"; repo="$1"; hold="$2"; shift 2',
  'mount -t tmpfs -o mode=0700 eval-magic-hold "$hold"',
  'mkdir "$hold/checkout"',
  'mount --bind "$repo" "$hold/checkout"',
  'mount -t tmpfs -o mode=0755 eval-magic-open "$repo"',
  'for e in "$hold/checkout"/* "$hold/checkout"/.[!.]*; do [ -e "$e" ] || continue; t="$repo/${e##*/}"; if [ -d "$e" ]; then mkdir "$t"; else : > "$t"; fi; mount --bind "$e" "$t"; done',
  'cd "$start"',
  'exec setpriv "$@"',
].join('\n');

/** Whether `nobody` can read a file of the checkout as it is. */
function checkoutReachable(): boolean {
  return spawnSync('setpriv', [...NOBODY, 'test', '-r', `${REPO}/package.json`], { stdio: 'ignore' }).status === 0;
}

/** `argv` run as `nobody` (needs root), with the checkout reachable for it. */
export function spawnAsRegularUser(argv: readonly string[], options: SpawnSyncOptionsWithStringEncoding): SpawnSyncReturns<string> {
  if (checkoutReachable()) return spawnSync('setpriv', [...NOBODY, ...argv], options);
  // /mnt holds the checkout's own view; a tmpfs mounted there in the namespace hides nothing outside it.
  return spawnSync('unshare', ['--mount', '--propagation', 'private', '--', 'sh', '-c', OPEN_CHECKOUT, 'open-checkout', REPO, '/mnt', ...NOBODY, ...argv], options);
}
