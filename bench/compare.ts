// A/B of builds: runs `check` from two or more copies of dist/ side by side, interleaved (one run
// of each per round, the order rotated), on the bench's corpora (`npm run bench` generates them),
// and prints each build's wall time and CPU time (user + system, all threads) over the first
// build's, round by round. CPU time moves much less than wall time on a loaded machine; wall time
// is what counts for threads. Use:
//   tsx bench/compare.ts [--sizes 1,100,1000,10000,compare] [--reps n] [--one-thread] [--instructions [--seeded]] name=dist-copy name=dist-copy ...
// (`compare` is `compare --format json` on the 10,000-run iteration, grading.json written.)
// where each dist-copy is a copy of dist/ after `npm run build` of one variant of the code, kept
// inside this repository so that it finds node_modules.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fg from 'fast-glob';
import { median } from './measure.js';

const root = resolve(fileURLToPath(import.meta.url), '../..');
const argv = process.argv.slice(2);
const option = (name: string) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : undefined);
const sizes = (option('--sizes') ?? '1,100,1000,10000').split(',').map((s) => (s === 'compare' ? s : Number(s)));
const oneThread = argv.includes('--one-thread');
const instructions = argv.includes('--instructions');
const builds = argv.filter((a) => /^[\w.-]+=/.test(a)).map((a) => {
  const [name, dir] = a.split('=') as [string, string];
  return { name, bin: join(resolve(dir), 'bin.cjs') };
});
if (builds.length < 2) throw new Error('Give at least two builds: name=dist-copy name=dist-copy ...');

const scratch = mkdtempSync(join(tmpdir(), 'eval-magic-compare-'));
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
const cpuHook = join(scratch, 'cpu.cjs');
const cpuFile = join(scratch, 'cpu.txt');
writeFileSync(cpuHook, "process.on('exit', () => { const u = process.resourceUsage(); require('node:fs').writeFileSync(process.env.EM_BENCH_CPU_FILE, String((u.userCPUTime + u.systemCPUTime) / 1000)); });\n");

/** The command line after the executable: check of `target`, or compare of the iteration `target`. */
const commandArgs = (target: string, size: number | 'compare') => (size === 'compare' ? ['compare', target, '--format', 'json'] : ['check', target, '--format', 'json', ...(oneThread ? ['--concurrency', 'off'] : [])]);

const label = (size: number | 'compare') => (size === 'compare' ? 'compare, 10,000 runs' : `${size.toLocaleString('en')} file(s)${oneThread ? ', one thread' : ''}`);

/** One run: wall ms and CPU ms. */
function run(bin: string, target: string, cwd: string, size: number | 'compare'): { wall: number; cpu: number } {
  const args = ['--require', cpuHook, bin, ...commandArgs(target, size)];
  const start = performance.now();
  const child = spawnSync(process.execPath, args, { cwd, stdio: 'ignore', env: { ...process.env, EM_BENCH_CPU_FILE: cpuFile } });
  const wall = performance.now() - start;
  if (child.status !== 0 && child.status !== 1) throw new Error(`${bin} exited ${child.status}`);
  return { wall, cpu: Number(readFileSync(cpuFile, 'utf8')) };
}

/**
 * Instructions of one run (all threads), under callgrind; with `seed`, V8's hash seed fixed to it.
 * A fixed seed is a V8 flag, and V8 rejects a code cache made under other flags: seeded counts
 * measure the executable without its cache (docs/performance.md).
 */
function countInstructions(bin: string, target: string, cwd: string, seed: number | undefined, size: number | 'compare'): number {
  const args = ['--tool=callgrind', '--callgrind-out-file=/dev/null', process.execPath, ...(seed === undefined ? [] : [`--hash-seed=${seed}`]), bin, ...commandArgs(target, size)];
  const child = spawnSync('valgrind', args, { cwd, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const count = /Collected : (\d+)/.exec(child.stderr ?? '');
  if (child.error || !count) throw new Error(`valgrind gave no count (Debian package valgrind): ${child.error?.message ?? child.stderr.slice(-400)}`);
  return Number(count[1]);
}

for (const size of sizes) {
  const cwd = join(root, 'bench/.corpus', size === 'compare' ? 'iteration-10000' : `n-${size}`);
  const target = size === 'compare' ? '.eval-magic/bench-skill/iteration-1' : size === 1 ? '.eval-magic/' + fg.sync('**/conversation.json', { cwd: join(cwd, '.eval-magic'), dot: true })[0] : '.eval-magic';
  if (instructions) {
    // --seeded: one run per hash seed (a seed changes the count by 1–2 %, the same seed never does);
    // otherwise --reps runs with V8's own random seed.
    const seeded = argv.includes('--seeded');
    const seeds = Array.from({ length: Number(option('--reps') ?? 3) }, (_, i) => (seeded ? i + 1 : undefined));
    const counts = builds.map((b) => seeds.map((seed) => countInstructions(b.bin, target, cwd, seed, size)));
    console.log(`${label(size)}, instructions, ${seeded ? `hash seeds ${seeds.join(', ')}` : `${seeds.length} runs, seeds unfixed`}     mean  ×first (per run)`);
    builds.forEach((b, k) => {
      const mean = counts[k]!.reduce((a, c) => a + c, 0) / seeds.length;
      const ratios = counts[k]!.map((c, i) => (c / counts[0]![i]!).toFixed(4));
      console.log(`  ${b.name.padEnd(24)} ${(mean / 1e6).toFixed(1).padStart(9)} M  ${ratios.join(' ')}`);
    });
    continue;
  }
  const reps = Number(option('--reps') ?? (size === 'compare' ? 5 : size <= 100 ? 31 : size <= 1000 ? 15 : 9));
  const samples = builds.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (const b of builds) run(b.bin, target, cwd, size); // warm-up: page cache
  for (let r = 0; r < reps; r++) {
    for (let i = 0; i < builds.length; i++) {
      const k = (i + r) % builds.length;
      const { wall, cpu } = run(builds[k]!.bin, target, cwd, size);
      samples[k]!.wall.push(wall);
      samples[k]!.cpu.push(cpu);
    }
  }
  const ratio = (a: number[], b: number[]) => median(a.map((x, i) => x / b[i]!));
  console.log(`${label(size)}, median of ${reps}       wall  ×first      cpu  ×first`);
  builds.forEach((b, k) => {
    const s = samples[k]!;
    console.log(`  ${b.name.padEnd(24)} ${median(s.wall).toFixed(0).padStart(7)} ms ${ratio(s.wall, samples[0]!.wall).toFixed(3)} ${median(s.cpu).toFixed(0).padStart(7)} ms ${ratio(s.cpu, samples[0]!.cpu).toFixed(3)}`);
  });
}
