// The test runner behind `npm test`, `npm run test:quick` and `npm run test:slow`. The test
// files are bundled once with esbuild (source maps kept, so failures point at .ts lines) and Node's
// test runner runs the JavaScript, several processes at a time: no file pays tsx's start-up, files
// that wait on child processes overlap, and the quick tier's files share one process per core.
// `node --import tsx --test <file>` still runs any one file as it is. test/tiers.ts says which is which.
//
//   tsx scripts/run-tests.ts              every test file but the slow tier, with `tsc --noEmit` and knip beside them
//   tsx scripts/run-tests.ts --quick      the quick tier: unit tests and rule tables (no dist/ needed)
//   tsx scripts/run-tests.ts --slow       the slow tier: the package installed and packed, inputs at scale
//   tsx scripts/run-tests.ts <path>…      the test files at or under these paths, whatever their tier
//   --durations[=N]                       afterwards, the N slowest test processes (default 15) by CPU time, with when they started and their peak memory
//   --test-concurrency=N, --test-name-pattern=…, --test-reporter=… and other --test-* go to `node --test`
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { availableParallelism, constants, tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';
import fg from 'fast-glob';
import { isRunning } from '../test/helpers/process-alive.js';
import { isQuick, quickTier, sharedProcesses, slowTier, startOrder, type TestProcess } from '../test/tiers.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const cores = availableParallelism();

/**
 * Processes run at once. Most files spend their time waiting on child processes (the CLI, fake
 * agents, npm, git), so one more than the cores keeps them busy (docs/performance.md, "Test suite").
 */
const DEFAULT_CONCURRENCY = cores + 1;
/**
 * How long one test process may run (Node's --test-timeout bounds each file's process, not only
 * each test): a test that fails while a child it started still holds the process open would
 * otherwise keep the whole run waiting for ever. Far above the slowest file on a loaded machine
 * (the slow tier's pre-commit test, ~80 s quiet).
 */
const FILE_TIMEOUT_MS = 15 * 60_000;

/**
 * The modules that start worker threads, and the entries they start (scripts/build.ts names them
 * the same in dist/). Bundled with the tests, a thread boots in a few milliseconds; from sources
 * it would register tsx and compile the checker again in every thread (~0.3 CPU-s each).
 */
const threadEntries = [
  { starter: 'src/checker/engine/worker-pool.ts', source: 'src/checker/engine/check-worker.ts', bundledName: 'check-worker.js' },
  { starter: 'src/compare/grading-threads.ts', source: 'src/compare/grading-thread.ts', bundledName: 'compare-worker.js' },
];

/** Which files each timed entry module runs, by its path (for the --durations list). */
const filesOfEntry = new Map<string, string[]>();

function usage(message: string): never {
  process.stderr.write(`run-tests: ${message}\nUsage: tsx scripts/run-tests.ts [--quick | --slow] [--durations[=N]] [--test-…=value] [path…]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
const tier = args.includes('--quick') ? 'quick' : args.includes('--slow') ? 'slow' : 'default';
const passThrough = args.filter((arg) => arg.startsWith('--test-'));
const durationsArg = args.find((arg) => arg === '--durations' || arg.startsWith('--durations='));
const durations = durationsArg === undefined ? 0 : durationsArg === '--durations' ? 15 : Number(durationsArg.slice('--durations='.length));
if (!Number.isInteger(durations) || durations < 0) usage(`${durationsArg} needs a whole number of processes to list`);
const unknown = args.find((arg) => arg.startsWith('-') && arg !== '--quick' && arg !== '--slow' && arg !== durationsArg && !arg.startsWith('--test-'));
if (unknown !== undefined) usage(`unknown option ${unknown}`);
if (args.includes('--quick') && args.includes('--slow')) usage('--quick and --slow are two tiers: pick one');
const paths = args.filter((arg) => !arg.startsWith('-')).map((arg) => relative(root, resolve(arg)).replaceAll('\\', '/').replace(/\/$/, ''));

const all = (await fg('test/**/*.test.ts', { cwd: root, ignore: ['**/node_modules/**'] })).sort();
const quick = new Set(all.filter((file) => isQuick(file, readFileSync(join(root, file), 'utf8'))));
const inTier = (file: string): boolean => (tier === 'quick' ? quick.has(file) : tier === 'slow' ? slowTier.includes(file) : !slowTier.includes(file));
const chosen = paths.length > 0 ? all.filter((file) => paths.some((p) => p === '' || file === p || file.startsWith(`${p}/`)) && (tier === 'default' || inTier(file))) : all.filter(inTier);
if (chosen.length === 0) usage(`no test files ${paths.length > 0 ? `at ${paths.join(', ')}` : `in the ${tier} tier`}`);

const cache = join(root, 'node_modules/.cache/eval-magic-tests');
mkdirSync(cache, { recursive: true });

// The whole suite also type-checks and runs knip, beside the tests rather than before them.
const checks =
  tier === 'default' && paths.length === 0
    ? [
        startCheck('tsc --noEmit', typeCheckCommand()),
        // knip keeps what it read of each unchanged file (~3.5 → ~1.8 CPU-s a run once warm).
        startCheck('knip', ['node_modules/knip/bin/knip.js', '--cache', '--cache-location', 'node_modules/.cache/eval-magic-tests/knip']),
      ]
    : [];

// Bundles of runs, and modules test/helpers/bundled-module.ts made, whose processes were killed
// before they could clean up (an hour is longer than any run).
for (const entry of readdirSync(cache)) {
  const path = join(cache, entry);
  if ((entry.startsWith('run-') || entry.startsWith('modules-')) && statSync(path).mtimeMs < Date.now() - 3_600_000) rmSync(path, { recursive: true, force: true });
}
const outdir = mkdtempSync(join(cache, 'run-'));
/** The start of each run's scratch folder's name, then the runner's pid (what says the run is still going). */
const SCRATCH_PREFIX = 'eval-magic-tests-';
/** How many scratch folders of earlier red or interrupted runs are kept to look into (pytest keeps 3 base temps too). */
const KEPT_SCRATCH = 3;
pruneKeptScratch();
// The tests' temporary folders (and their children's: the CLI, agents, git) go into one folder
// of this run, TMPDIR for all of them: removed after a green run, kept after a red one to look
// into. Without it each run left a thousand folders in /tmp. Open to all like /tmp itself: some
// tests drop to an unprivileged user.
const scratch = mkdtempSync(join(tmpdir(), `${SCRATCH_PREFIX}${process.pid}-`));
chmodSync(scratch, 0o1777);
const scratchMounted = mountScratch();
// Ctrl-C reaches the test processes too (same process group); SIGTERM and SIGHUP (a CI job
// cancelled, a terminal closed) reach this process alone. Either way the test processes are let
// wind down and the finally below runs: without it a tmpfs scratch stayed mounted, its files in RAM.
let interrupted = false;
let testRunner: ChildProcess | undefined;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    interrupted = true;
    if (signal !== 'SIGINT') testRunner?.kill(signal);
  });
}
let code = 1;
try {
  // On failure esbuild has printed where (a syntax error, an import that does not resolve).
  const bundled = await bundle(chosen, outdir).catch((error: unknown) => {
    // esbuild has printed its own errors; anything else is this script's, and says so here.
    if (!(typeof error === 'object' && error !== null && 'errors' in error)) console.error(error);
    return undefined;
  });
  if (bundled === undefined) process.stderr.write('run-tests: the test files could not be bundled (see above); no test ran\n');
  else if (interrupted) code = 130;
  else code = await runBundles(bundled);
  if (durations > 0) printDurations(join(outdir, 'durations.jsonl'), durations);
} finally {
  rmSync(outdir, { recursive: true, force: true });
  // An interrupted run's tmpfs goes too: kept, it would hold its files in RAM until unmounted by hand.
  if (code === 0 || (interrupted && scratchMounted)) removeScratch();
  else process.stderr.write(`run-tests: the tests' temporary folders are kept in ${scratch}${scratchMounted ? ` (a tmpfs: \`umount ${scratch} && rmdir ${scratch}\` when done)` : ''}; later runs keep the ${KEPT_SCRATCH} newest kept and remove older ones\n`);
}
for (const check of checks) {
  const { name, status, output } = await check;
  process.stdout.write(status === 0 ? `✔ ${name}\n` : `✖ ${name} (exit ${status})\n${output}`);
  if (status !== 0) code ||= 1;
}
process.exit(code);

/** Runs the bundles with Node's test runner, one process per group, per quick-tier shard and per file left, the longest first. */
function runBundles(bundled: Map<string, string>): Promise<number> {
  const timer = durations > 0 ? writeTimer(outdir) : undefined;
  const grouped = new Set(Object.values(sharedProcesses).flat());
  const shards = shardFiles(chosen.filter((file) => quick.has(file)));
  // Each named as test/tiers.ts's slowFirst names it: a group by its name, a file by its path.
  const processes: TestProcess[] = [
    ...Object.entries(sharedProcesses).map(([name, files]) => ({ name, label: name, files: files.filter((file) => chosen.includes(file) && !quick.has(file)) })),
    ...shards.map((files, shard) => ({ name: quickTier, label: `quick tier ${shard + 1} of ${shards.length}`, files })),
    ...chosen.filter((file) => !quick.has(file) && !grouped.has(file)).map((file) => ({ name: file, label: file.replace(/\.ts$/, ''), files: [file] })),
  ].filter(({ files }) => files.length > 0);
  const order = startOrder(processes).map(({ entry, files }) => writeEntry(join('processes', entry), files, bundled, outdir, timer));
  const concurrency = passThrough.some((arg) => arg.startsWith('--test-concurrency')) ? [] : [`--test-concurrency=${DEFAULT_CONCURRENCY}`];
  const reporter = passThrough.some((arg) => arg.startsWith('--test-reporter')) ? [] : ['--test-reporter=spec'];
  const timeout = passThrough.some((arg) => arg.startsWith('--test-timeout')) ? [] : [`--test-timeout=${FILE_TIMEOUT_MS}`];
  return runNode(['--enable-source-maps', '--test', ...concurrency, ...reporter, ...timeout, ...passThrough, ...order]);
}


/**
 * Each test file as one ES module beside the others (shared code split into chunks), in a folder
 * under node_modules/ so that packages resolve as they do from the sources. `import.meta.url`
 * (and `.filename`, `.dirname`) keep naming the source file, so tests find their fixtures, and the code they load finds what sits
 * beside it, as under tsx. Returns each file's bundle.
 */
async function bundle(files: string[], out: string): Promise<Map<string, string>> {
  const starters = new Map(threadEntries.map((entry) => [join(root, entry.starter), entry]));
  const sourceUrls: Plugin = {
    name: 'source-import-meta-url',
    setup(builder) {
      builder.onLoad({ filter: /\.[cm]?ts$/ }, (file) => {
        const text = readFileSync(file.path, 'utf8');
        if (!text.includes('import.meta.')) return { contents: text, loader: 'ts' };
        // A module that starts threads finds their bundled entry beside its own URL (as in dist/).
        const starter = starters.get(file.path);
        const url = starter === undefined ? pathToFileURL(file.path).href : pathToFileURL(join(out, 'threads', starter.starter.replace(/\.ts$/, '.js'))).href;
        const source = { url, filename: file.path, dirname: dirname(file.path) };
        // On the first line, so that every other line keeps its number for the source map.
        const declarations = `const __sourceImportMetaUrl = ${JSON.stringify(source.url)}, __sourceImportMetaFilename = ${JSON.stringify(source.filename)}, __sourceImportMetaDirname = ${JSON.stringify(source.dirname)};`;
        return { contents: declarations + text, loader: 'ts' };
      });
    },
  };
  await build({
    absWorkingDir: root,
    entryPoints: [...files, ...threadEntries.map((entry) => entry.source)],
    outdir: out,
    outbase: '.',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    define: { 'import.meta.url': '__sourceImportMetaUrl', 'import.meta.filename': '__sourceImportMetaFilename', 'import.meta.dirname': '__sourceImportMetaDirname' },
    // Bundled CommonJS (the generated validators) calls require(); give it one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    sourcemap: 'linked',
    plugins: [sourceUrls],
    logLevel: 'warning',
  });
  for (const entry of threadEntries) {
    const path = join(out, 'threads', dirname(entry.starter), entry.bundledName);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, `import ${JSON.stringify(pathToFileURL(join(out, entry.source.replace(/\.ts$/, '.mjs'))).href)};\n`);
  }
  writeFileSync(join(out, 'threads', 'package.json'), '{ "type": "module" }\n');
  return new Map(files.map((file) => [file, join(out, file.replace(/\.ts$/, '.mjs'))]));
}

/** The quick tier's files spread over one process per core. */
function shardFiles(files: string[]): string[][] {
  const count = Math.min(cores, files.length);
  return Array.from({ length: count }, (_, shard) => files.filter((_, i) => i % count === shard));
}

/** A module that imports the timer (when timing) and then these files' bundles, in order. */
function writeEntry(name: string, files: string[], bundled: Map<string, string>, out: string, timer: string | undefined): string {
  const path = join(out, name);
  const imports = [...(timer === undefined ? [] : [timer]), ...files.map((file) => bundled.get(file)!)];
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, imports.map((module) => `import ${JSON.stringify(pathToFileURL(module).href)};\n`).join(''));
  filesOfEntry.set(path, files);
  return path;
}

/**
 * The module each timed test process loads first: at exit it appends the process's wall time,
 * CPU time, its own plus that of the child processes it waited for (the CLI, fake agents, git,
 * npm: Linux's /proc/self/stat; elsewhere its own only), and peak resident memory to durations.jsonl.
 */
function writeTimer(out: string): string {
  const path = join(out, 'test-timer.mjs');
  const log = join(out, 'durations.jsonl');
  writeFileSync(
    path,
    `import { appendFileSync, readFileSync } from 'node:fs';
process.on('exit', () => {
  const own = process.cpuUsage();
  let children = 0;
  try {
    // Fields 16 and 17 (cutime, cstime), in clock ticks (100 a second), counted after the command name's ')'.
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    children = (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {}
  // Peak resident memory: each fork of a spawn copies the page tables of what the process touched.
  const record = { entry: process.argv[1], start: performance.timeOrigin, wall: process.uptime(), own: (own.user + own.system) / 1e6, cpu: (own.user + own.system) / 1e6 + children, peakMB: process.resourceUsage().maxRSS / 1024 };
  appendFileSync(${JSON.stringify(log)}, JSON.stringify(record) + '\\n');
});
`,
  );
  return path;
}

/** Prints the `count` test processes that took the most CPU time, and when each started (a long one started late ends the run alone), and the totals. */
function printDurations(log: string, count: number): void {
  let records: { entry: string; start: number; wall: number; own: number; cpu: number; peakMB: number }[] = [];
  try {
    records = readFileSync(log, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
  } catch {
    process.stdout.write('run-tests: no test process recorded its time\n');
    return;
  }
  records.sort((a, b) => b.cpu - a.cpu);
  const name = (entry: string): string => {
    const files = filesOfEntry.get(entry) ?? [entry];
    return files.length === 1 ? files[0]! : `${files.length} files in one process (${files[0]}, …)`;
  };
  const total = records.reduce((sum, record) => sum + record.cpu, 0);
  const started = (record: { start: number }): number => (record.start - performance.timeOrigin) / 1000;
  const lines = records.slice(0, count).map((record) => `${record.cpu.toFixed(1).padStart(7)} ${record.own.toFixed(1).padStart(7)} ${started(record).toFixed(1).padStart(7)} ${record.wall.toFixed(1).padStart(7)} ${record.peakMB.toFixed(0).padStart(5)}  ${name(record.entry)}`);
  process.stdout.write(`\nslowest test processes (CPU-s with children, CPU-s of the process alone, started at s, wall s, peak resident MB):\n${lines.join('\n')}\n${total.toFixed(1).padStart(7)}                                all ${records.length} processes\n`);
}

/**
 * The environment of the test processes and everything they start: TMPDIR is this run's scratch
 * folder (above), and no NODE_EXTRA_CA_CERTS:
 * Node 20 reads and parses that file at every start, before any code runs (~40 ms of CPU with a
 * system bundle of 220 KB, three times a bare start), and the suite starts a few thousand Node
 * processes (the CLI, fake agents) that make no TLS connection.
 * SHLVL is at least 1: a `bash -c` whose stdin is a socket (Node's pipes are) at shell level 1
 * takes itself for one sshd started and reads ~/.bashrc, so where the run starts without SHLVL
 * (a CI runner, a service) each of the tests' ~50 such shells ran the user's .bashrc (here
 * `pyenv init`: 130 ms of CPU a shell, against 1 ms).
 */
function testEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, TMPDIR: scratch };
  delete env.NODE_EXTRA_CA_CERTS;
  if (!(Number(env.SHLVL) >= 1)) env.SHLVL = '1';
  return env;
}

/**
 * As root on Linux (unless a file of the slow tier runs: its inputs run to gigabytes), the scratch folder is a
 * tmpfs of its own, so that the ~20,000 files and folders the tests make and remove never reach
 * the disk: on an ext4 disk (mounted with discard, as here) the kernel's work for them was ~10 %
 * of the test processes' CPU, and removing them seconds of waiting on the disk (the judge and
 * small-campaign groups: 33.2 → 29.4 CPU-s and 62.6 → 44.8 s). Unmounted after a green run.
 * Elsewhere, or where the mount fails, it stays a folder of the disk; the tests pass on either.
 */
function mountScratch(): boolean {
  // By the files, not the tier: a slow file named by its path runs in the default tier.
  if (process.platform !== 'linux' || process.getuid?.() !== 0 || chosen.some((file) => slowTier.includes(file))) return false;
  return spawnSync('mount', ['-t', 'tmpfs', '-o', 'mode=1777', 'eval-magic-tests', scratch], { stdio: 'ignore' }).status === 0;
}

/**
 * Removes the scratch folders earlier runs kept (red runs keep theirs), but the newest
 * KEPT_SCRATCH and those of runs still going: kept for ever they piled up (hundreds in /tmp, and
 * as tmpfs mounts, their files held in RAM). Only this user's own folders, never through a link;
 * a tmpfs is unmounted first. A folder named before the pid was in the name counts as going for
 * an hour after its last change, longer than any run.
 */
function pruneKeptScratch(): void {
  const dir = tmpdir();
  const uid = process.getuid?.();
  const mounted = mountPoints();
  const kept: Array<{ path: string; mtime: number }> = [];
  for (const name of readdirSync(dir)) {
    if (!name.startsWith(SCRATCH_PREFIX)) continue;
    const path = join(dir, name);
    const stats = lstatSync(path, { throwIfNoEntry: false });
    if (stats === undefined || !stats.isDirectory() || (uid !== undefined && stats.uid !== uid)) continue;
    const pid = /^(\d+)-/.exec(name.slice(SCRATCH_PREFIX.length))?.[1];
    const going = pid === undefined ? stats.mtimeMs > Date.now() - 3_600_000 : isRunning(Number(pid));
    if (!going) kept.push({ path, mtime: stats.mtimeMs });
  }
  for (const { path } of kept.sort((a, b) => b.mtime - a.mtime).slice(KEPT_SCRATCH)) removeFolder(path, mounted.has(path));
}

/** The mount points of this process's mount namespace (Linux; elsewhere none), as paths. */
function mountPoints(): Set<string> {
  let table: string;
  try {
    table = readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return new Set();
  }
  // Field 5 is the mount point, with space, tab, newline and backslash written as octal escapes.
  return new Set(table.split('\n').filter(Boolean).map((line) => line.split(' ')[4]!.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(Number.parseInt(octal, 8)))));
}

/**
 * Removes the scratch folder. Some tests make paths longer than the system's limit (PATH_MAX),
 * which rmSync cannot unlink by full path; rm walks the tree folder by folder and can. What
 * cannot be removed is said, not fatal: the tests passed. A tmpfs is unmounted, all at once
 * (lazily if a process some test left behind still holds a file in it).
 */
function removeScratch(): void {
  removeFolder(scratch, scratchMounted);
  if (statSync(scratch, { throwIfNoEntry: false }) !== undefined) process.stderr.write(`run-tests: could not remove the tests' temporary folders in ${scratch}\n`);
}

/** Removes a scratch folder, unmounting it first when it is a tmpfs (lazily if a process still holds a file in it). */
function removeFolder(path: string, mounted: boolean): void {
  if (mounted && spawnSync('umount', [path], { stdio: 'ignore' }).status !== 0) spawnSync('umount', ['-l', path], { stdio: 'ignore' });
  try {
    rmSync(path, { recursive: true, force: true });
  } catch {
    spawnSync('rm', ['-rf', '--', path], { stdio: 'ignore' });
  }
}

function runNode(nodeArgs: string[]): Promise<number> {
  return new Promise((done) => {
    const child = spawn(process.execPath, nodeArgs, { cwd: root, stdio: 'inherit', env: testEnv() });
    testRunner = child;
    child.on('exit', (status, signal) => done(status ?? 128 + (signal ? constants.signals[signal] : 0)));
  });
}

function startCheck(name: string, command: string[]): Promise<{ name: string; status: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, command, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => void (output += chunk));
    child.stderr.on('data', (chunk: Buffer) => void (output += chunk));
    child.on('exit', (status) => done({ name, status: status ?? 1, output }));
  });
}

/**
 * tsc in build mode over a config of the tests' own (tsconfig.json with no output): when no file
 * of the project changed since the last check it says so from the file times and hashes alone
 * (~0.2 CPU-s), where `tsc --noEmit --incremental` parsed and bound all ~1,000 files anew every
 * run (~4.5 CPU-s). Build mode looks only at the project's own files, so a change of what npm
 * installed (or of package.json, which decides how modules resolve) checks everything again.
 */
function typeCheckCommand(): string[] {
  const config = join(cache, 'tsconfig.json');
  const buildInfo = join(cache, 'tsc.tsbuildinfo');
  const text = `${JSON.stringify({ extends: '../../../tsconfig.json', compilerOptions: { noEmit: true, incremental: true, tsBuildInfoFile: './tsc.tsbuildinfo' } }, null, 2)}\n`;
  // Rewritten only when it differs: a newer config is a change to tsc, and would check everything.
  if (statSync(config, { throwIfNoEntry: false }) === undefined || readFileSync(config, 'utf8') !== text) writeFileSync(config, text);
  const checkedAt = statSync(buildInfo, { throwIfNoEntry: false })?.mtimeMs ?? 0;
  const installed = ['package.json', 'package-lock.json', 'node_modules/.package-lock.json'].some((file) => (statSync(join(root, file), { throwIfNoEntry: false })?.mtimeMs ?? Infinity) > checkedAt);
  return ['node_modules/typescript/bin/tsc', '--build', config, ...(installed ? ['--force'] : [])];
}
