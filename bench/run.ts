// npm run bench: builds seeded corpora, times `eval-magic check` side by side with the floor
// (find + read + JSON.parse in one process), in-process Ajv and ajv-cli, and prints ratios
// against the targets of issue 5, then the campaign's throughput (bench/campaign.ts, issue 23) and
// the judge's (bench/judge.ts, issue 37).
// Options: --huge (adds 100,000 files), --reps <n>, --sizes 1,1000 (file counts, `large` for the
// single 50 MB artifact, `compare` for compare on 10,000 files laid out as one iteration, which
// the 10,000 size runs too, `campaign` for the campaign's throughput and `judge` for the judge's).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import fg from 'fast-glob';
import { generateCorpus, generateLargeArtifact } from '../test/corpus/generate-corpus.js';
import { PARSEABLE_DEFECTS } from '../test/corpus/generate-artifact.js';
import { generateIterationCorpus } from '../test/corpus/generate-iteration.js';
import { spawnSync } from 'node:child_process';
import { measurePeakRss, median, timeCommand, timeInterleaved, type Command, type Timings } from './measure.js';
import { printSizeTable, printTargets, type Target } from './report.js';
import { measureCampaignThroughput } from './campaign.js';
import { measureJudgeThroughput } from './judge.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const corpusRoot = join(root, 'bench/.corpus');
const argv = process.argv.slice(2);
const flag = (name: string) => argv.includes(name);
const option = (name: string) => argv[argv.indexOf(name) + 1];
const chosen = flag('--sizes') ? option('--sizes')!.split(',') : undefined;
const sizes = chosen ? chosen.filter((s) => !['large', 'compare', 'campaign', 'judge'].includes(s)).map(Number) : [1, 100, 1000, 10_000, ...(flag('--huge') ? [100_000] : [])];
const bin = join(root, 'dist/bin.cjs');
const require = createRequire(import.meta.url);
const ajvCli = require.resolve('ajv-cli/dist/index.js');
const schema = join(root, 'schemas/conversation.schema.json');

const floorScript = await bundleFloor();
const compareFloorScript = await bundleFloor('compare-floor');
console.log(`eval-magic bench: Node ${process.version}, ${cpus()[0]?.model ?? 'cpu'} × ${availableParallelism()}, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}\n`);

const targets: Target[] = [];
for (const size of sizes) {
  const dir = join(corpusRoot, `n-${size}`);
  const stats = generateCorpus(dir, size);
  const target = size === 1 ? '.eval-magic/' + fg.sync('**/conversation.json', { cwd: join(dir, '.eval-magic'), dot: true })[0] : '.eval-magic';
  const commands = commandsFor(size, dir, target);
  const reps = repetitionsFor(size);
  const timings = timeInterleaved(commands, reps);
  const rss = new Map(commands.filter((c) => c.name !== 'node -e ""').map((c) => [c.name, measurePeakRss(c)]));
  printSizeTable(size, stats, reps, timings, rss);
  targets.push(...targetsFor(size, timings, rss));
  if (size === 10_000) targets.push(measureAjvCliOnFolder());
}
if (sizes.includes(10_000) || chosen?.includes('compare')) targets.push(measureCompareOnIteration());
if (!chosen || chosen.includes('large')) targets.push(measureLargeArtifact());
const latencyAgent = join(root, 'bench/latency-agent/harness.json');
const sessionReps = flag('--reps') ? Number(option('--reps')) : 3;
if (!chosen || chosen.includes('campaign')) targets.push(...measureCampaignThroughput({ bin, dir: join(corpusRoot, 'campaign'), harness: latencyAgent, reps: sessionReps }));
// --builds name=dir,name=dir: the judge bench times each build's dir/bin.cjs side by side (copies of dist/, as for bench/compare.ts).
const builds = flag('--builds') ? option('--builds')!.split(',').map((b) => ({ name: b.split('=')[0]!, bin: join(resolve(b.split('=')[1]!), 'bin.cjs') })) : undefined;
if (!chosen || chosen.includes('judge')) targets.push(...measureJudgeThroughput({ bin, ...(builds ? { builds } : {}), dir: join(corpusRoot, 'judge'), harness: latencyAgent, reps: sessionReps }));
console.log(`load after: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
process.exitCode = printTargets(targets) ? 0 : 1;

function commandsFor(size: number, cwd: string, target: string): Command[] {
  const commands: Command[] = [
    { name: 'check', args: [bin, 'check', target, '--format', 'json'], cwd },
    { name: 'check (in-process)', args: [bin, 'check', target, '--format', 'json', '--concurrency', 'off'], cwd },
    { name: 'floor T', args: [floorScript, target], cwd },
    { name: 'Ajv in-process', args: [floorScript, '--ajv', target], cwd },
  ];
  // ajv-cli exits at the first file that does not parse, so here it gets the files that do, by
  // name: this spares it its glob (for reference; the target uses measureAjvCliOnFolder).
  if (size <= 10_000) commands.push({ name: 'ajv-cli (by name)', args: [ajvCli, 'validate', '-s', schema, ...parseableFiles(cwd, target).flatMap((f) => ['-d', f]), '--all-errors', '--strict=false'], cwd });
  if (size === 1) commands.push({ name: 'node -e ""', args: ['-e', ''], cwd });
  return commands;
}

function parseableFiles(cwd: string, target: string): string[] {
  const files = target.endsWith('.json') ? [target] : fg.sync(`${target}/**/conversation.json`, { cwd, dot: true });
  return files.filter((f) => {
    try {
      JSON.parse(readFileSync(join(cwd, f), 'utf8'));
      return true;
    } catch {
      return false;
    }
  });
}

function targetsFor(size: number, timings: Timings, rss: Map<string, number>): Target[] {
  const out: Target[] = [];
  if (size === 1) out.push({ what: 'one file: check ≤ 1.3 × node -e ""', ratio: timings.ratio('check', 'node -e ""'), limit: 1.3, atMost: true });
  if (size <= 1000) out.push({ what: `${size} files: check ≤ 1.05 × in-process (parallelism never slows)`, ratio: timings.ratio('check', 'check (in-process)'), limit: 1.05, atMost: true });
  if (size === 10_000) {
    out.push({ what: '10,000 files: check ≤ 0.8 × T', ratio: timings.ratio('check', 'floor T'), limit: 0.8, atMost: true });
    out.push({ what: '10,000 files: check peak RSS ≤ 150 MB', ratio: rss.get('check')!, limit: 150, atMost: true, unit: 'MB' });
  }
  if (size === 100_000) out.push({ what: '100,000 files: check peak RSS ≤ 200 MB', ratio: rss.get('check')!, limit: 200, atMost: true, unit: 'MB' });
  return out;
}

function repetitionsFor(size: number): number {
  return flag('--reps') ? Number(option('--reps')) : size <= 100 ? 21 : size <= 1000 ? 11 : size <= 10_000 ? 7 : 3;
}

/**
 * ajv-cli as people run it on a folder: `-d` with a glob for conversation.json at any depth
 * (ajv-cli's glob walks the folder). It exits at the first file that JSON.parse rejects, so this runs on a twin of the
 * 10,000-file corpus (same seed, sizes and layout) whose broken files all still parse: their
 * defects are schema and rule findings only.
 */
function measureAjvCliOnFolder(): Target {
  const dir = join(corpusRoot, 'n-10000-parseable');
  const stats = generateCorpus(dir, 10_000, { defects: PARSEABLE_DEFECTS });
  const commands: Command[] = [
    { name: 'check', args: [bin, 'check', '.eval-magic', '--format', 'json'], cwd: dir },
    { name: 'floor T', args: [floorScript, '.eval-magic'], cwd: dir },
    { name: 'ajv-cli (glob)', args: [ajvCli, 'validate', '-s', schema, '-d', '.eval-magic/**/conversation.json', '--all-errors', '--strict=false'], cwd: dir },
  ];
  const reps = repetitionsFor(10_000);
  const timings = timeInterleaved(commands, reps);
  printSizeTable(10_000, stats, reps, timings, new Map(), 'every file parses (for ajv-cli)');
  return { what: '10,000 files: ajv-cli (glob) / check ≥ 2.4', ratio: timings.ratio('ajv-cli (glob)', 'check'), limit: 2.4, atMost: false };
}

/**
 * compare on the 10,000-file corpus laid out as one iteration (issue 24): it checks every artifact
 * as check does, then grades each clean one on its eval's three transcript checks, measures it and
 * writes its grading.json — against the floor T (find + read + JSON.parse) of the same files.
 */
function measureCompareOnIteration(): Target {
  const dir = join(corpusRoot, 'iteration-10000');
  const iteration = generateIterationCorpus(dir, 10_000);
  const evalsFile = 'bench-skill/evals/evals.json';
  const commands: Command[] = [
    { name: 'compare', args: [bin, 'compare', iteration, '--format', 'json'], cwd: dir },
    { name: 'compare --no-grading', args: [bin, 'compare', iteration, '--format', 'json', '--no-grading'], cwd: dir },
    // The conversations alone: a folder search would also check the grading.json files compare wrote.
    { name: 'check', args: [bin, 'check', iteration, '--format', 'json', '--kind', 'conversation'], cwd: dir },
    { name: 'floor T', args: [floorScript, iteration], cwd: dir },
    // The least any compare must do (bench/compare-floor.ts), in one thread and in two.
    { name: 'compare floor', args: [compareFloorScript, iteration, evalsFile], cwd: dir },
    { name: 'compare floor, 2 threads', args: [compareFloorScript, '--threads', '2', iteration, evalsFile], cwd: dir },
  ];
  const reps = repetitionsFor(10_000);
  const timings = timeInterleaved(commands, reps);
  const rss = new Map(commands.map((c) => [c.name, measurePeakRss(c)]));
  const sizesInBytes = fg.sync(`${iteration}/**/conversation.json`, { cwd: dir, dot: true, stats: true }).map((e) => e.stats!.size).sort((a, b) => a - b);
  const at = (q: number) => sizesInBytes[Math.min(sizesInBytes.length - 1, Math.floor(q * sizesInBytes.length))] ?? 0;
  const stats = { files: sizesInBytes.length, invalid: 0, totalBytes: sizesInBytes.reduce((a, b) => a + b, 0), medianBytes: at(0.5), p99Bytes: at(0.99) };
  printSizeTable(10_000, stats, reps, timings, rss, 'one iteration, for compare (2 % broken)');
  return { what: '10,000 files as an iteration: compare ≤ 1.5 × T', ratio: timings.ratio('compare', 'floor T'), limit: 1.5, atMost: true };
}

/**
 * One 50 MB artifact: check's whole run against one JSON.parse of the same text, timed inside a
 * fresh Node process (as any program reading the file would pay it; timed inside this long-lived
 * bench process it moved between 120 and 190 ms with the state of its heap). Paired round by round.
 */
function measureLargeArtifact(): Target {
  const file = join(corpusRoot, 'large/conversation.json');
  const bytes = generateLargeArtifact(file, 50_000_000);
  const parseScript = "const text = require('node:fs').readFileSync(process.argv[1], 'utf8'); const start = performance.now(); JSON.parse(text); process.stdout.write(String(performance.now() - start));";
  const check: Command = { name: 'check', args: [bin, 'check', file, '--format', 'json'], cwd: corpusRoot };
  timeCommand(check); // warm-up: page cache
  const checks: number[] = [];
  const parses: number[] = [];
  for (let round = 0; round < 7; round++) {
    checks.push(timeCommand(check).ms);
    parses.push(Number(spawnSync(process.execPath, ['-e', parseScript, file], { encoding: 'utf8' }).stdout));
  }
  const ratio = median(checks.map((ms, round) => ms / parses[round]!));
  console.log(`single artifact of ${(bytes / 1e6).toFixed(1)} MB: check ${median(checks).toFixed(0)} ms, JSON.parse ${median(parses).toFixed(0)} ms (in a fresh process); median of 7\n`);
  return { what: `one ${(bytes / 1e6).toFixed(0)} MB artifact: check ≤ 3.5 × its JSON.parse`, ratio, limit: 3.5, atMost: true };
}

/** Bundles bench/<name>.ts like the CLI is bundled, so both start the same way. */
async function bundleFloor(name = 'floor'): Promise<string> {
  const outfile = join(corpusRoot, `tools/${name}.mjs`);
  await build({
    entryPoints: [join(root, `bench/${name}.ts`)],
    outfile,
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    mainFields: ['module', 'main'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
  return outfile;
}

