// `npm run test:agents`: runs the tier's files (TIER_FILES) inside a new network namespace that has only
// loopback (`unshare -n`, with a mount namespace of its own), so nothing the CLIs try can leave
// the machine. Whatever it cannot set
// up is a failure that says why — never a silent pass.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { staleBuildReason } from '../../scripts/build-inputs.js';

const HERE = dirname(fileURLToPath(import.meta.url));
/** The tier's test files, one after another (each runs several agents at once already). */
const TIER_FILES = ['real-agents.e2e.ts', 'skill-staging.e2e.ts', 'campaign.e2e.ts', 'judge.e2e.ts'];
// `npm run test:agents -- campaign.e2e.ts` runs only the files named.
const chosen = process.argv.slice(2);
for (const file of chosen) if (!TIER_FILES.includes(file)) fail(`${file} is not one of the tier's files (${TIER_FILES.join(', ')})`);
const files = chosen.length > 0 ? chosen : TIER_FILES;
const REPO = resolve(HERE, '../..');

function fail(message: string): never {
  process.stderr.write(`\n*** test:agents CANNOT RUN: ${message}\n*** The real-agent tier did not run; this is a failure, not a pass.\n\n`);
  process.exit(1);
}

const onPath = (program: string) => spawnSync('sh', ['-c', `command -v ${program}`], { stdio: 'ignore' }).status === 0;

const INSTALL = '`npm install --prefix test/agents --no-save` (about 1 GB; see .ci/run)';
for (const cli of ['claude', 'codex', 'opencode']) {
  const bin = join(HERE, 'node_modules', '.bin', cli);
  if (!existsSync(bin)) fail(`${cli} is not installed: run ${INSTALL} first`);
  // Claude Code's install script puts its native binary in place; skipped scripts leave a stub.
  const version = spawnSync(bin, ['--version'], { encoding: 'utf8', timeout: 30_000 });
  if (version.status !== 0) fail(`\`${cli} --version\` failed (${(version.stderr || version.error?.message || '').trim().split('\n')[0]}): reinstall with ${INSTALL}, install scripts enabled`);
}
if (!existsSync(join(REPO, 'dist', 'bin.cjs'))) fail('dist/bin.cjs is missing: run `npm run build` first');
const stale = staleBuildReason(REPO);
if (stale !== null) fail(`${stale}: run \`npm run build\` first`);
if (!onPath('unshare')) fail('`unshare` (util-linux) is not on PATH: the CLIs must run in a loopback-only network namespace');
if (!onPath('ip')) fail('`ip` (iproute2) is not on PATH: it brings up loopback inside the namespace');

// Not root: map the user to root in a user namespace (needs unprivileged user namespaces).
const asRoot = process.getuid?.() === 0 ? [] : ['--map-root-user'];
// A mount namespace too: each entry of the checkout is bind-mounted into MOUNTED, a folder open
// to all on a tmpfs of the namespace's own, so the runs as a regular user can reach it even when
// the checkout's own folder or one above it is closed to others (a `mktemp -d` clone is 0700).
// Nothing outside the namespace changes.
const MOUNT_BASE = '/mnt';
const MOUNTED = `${MOUNT_BASE}/eval-magic`;
if (!existsSync(MOUNT_BASE)) fail(`${MOUNT_BASE} does not exist: the tier mounts the checkout below it inside its namespace`);
const mountEntries = `for e in "$1"/* "$1"/.[!.]*; do [ -e "$e" ] || continue; t=${MOUNTED}/\${e##*/}; if [ -d "$e" ]; then mkdir "$t"; else : > "$t"; fi; mount --bind "$e" "$t" || exit 1; done`;
// /tmp too gets a tmpfs of its own (after the checkout, which may live in /tmp, is mounted):
// the runs' task folders are made there, and nothing another program left in the machine's /tmp
// (a stray /tmp/.git would put every task "inside a git repository") reaches them.
const setup = `ip link set lo up && mount -t tmpfs -o mode=0755 eval-magic-tier ${MOUNT_BASE} && mkdir -m 0755 ${MOUNTED} && ${mountEntries} && mount -t tmpfs -o mode=1777 eval-magic-tier-tmp /tmp && cd ${MOUNTED} && shift && exec "$@"`;
// Each file's process at most this long (Node bounds a whole file with it): a test failing while
// a CLI it started holds the process open fails the tier rather than stalling CI. The longest
// file, the judge's, takes ~2 minutes quiet and took 11 on a machine at load 18.
const FILE_TIMEOUT_MS = 30 * 60_000;
const started = Date.now();
const child = spawnSync(
  'unshare',
  [...asRoot, '--net', '--mount', '--propagation', 'private', '--', 'sh', '-c', setup, 'tier', REPO, process.execPath, '--import', 'tsx', '--test', '--test-reporter=spec', '--test-concurrency=1', `--test-timeout=${FILE_TIMEOUT_MS}`, ...files.map((f) => `${MOUNTED}/test/agents/${f}`)],
  { cwd: REPO, stdio: 'inherit' },
);
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (child.error) fail(`cannot start unshare: ${child.error.message}`);
if (child.status !== 0) {
  process.stderr.write(`test:agents failed (exit ${child.status ?? child.signal}) after ${seconds} s; if unshare itself failed, the tier needs root or unprivileged user namespaces\n`);
  process.exit(1);
}
process.stdout.write(`test:agents passed in ${seconds} s\n`);
