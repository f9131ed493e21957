// Runs one command and reports its wall time, exit status and (optionally) peak resident memory.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A Node program to measure: its argv after `node`, and where it runs. */
export interface Command {
  name: string;
  args: string[];
  cwd: string;
}

/** One run's wall time in milliseconds and exit status. */
export interface Timing {
  ms: number;
  status: number | null;
}

const scratch = mkdtempSync(join(tmpdir(), 'eval-magic-bench-'));
const rssHook = join(scratch, 'peak-rss.cjs');
// Peak RSS of the whole process (main thread and workers), written at exit. getrusage's maxrss
// needs no extra tool, unlike /usr/bin/time, and does not miss a short peak as polling would.
writeFileSync(rssHook, "process.on('exit', () => require('node:fs').writeFileSync(process.env.EM_BENCH_RSS_FILE, String(process.resourceUsage().maxRSS)));\n");
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));

/** Times one run; output goes to /dev/null so terminal speed does not count. */
export function timeCommand(command: Command): Timing {
  const start = performance.now();
  const child = spawnSync(process.execPath, command.args, { cwd: command.cwd, stdio: 'ignore' });
  return { ms: performance.now() - start, status: child.status };
}

/**
 * Peak resident set size in MB: the median of `runs` untimed runs. One run's peak moves by
 * ±10 MB with where garbage collections happen to fall (100,000 files: 197–222 MB for the same
 * build), so a single run can pass or fail a target by chance.
 */
export function measurePeakRss(command: Command, runs = 3): number {
  const file = join(scratch, 'rss.txt');
  const peaks: number[] = [];
  for (let run = 0; run < runs; run++) {
    rmSync(file, { force: true });
    spawnSync(process.execPath, ['--require', rssHook, ...command.args], { cwd: command.cwd, stdio: 'ignore', env: { ...process.env, EM_BENCH_RSS_FILE: file } });
    peaks.push(Number(readFileSync(file, 'utf8')) / 1024);
  }
  return median(peaks);
}

/** Median of a non-empty list. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Each command's run times, round by round: round r of every command ran back to back. */
export class Timings {
  constructor(private readonly samples: ReadonlyMap<string, readonly number[]>) {}

  /** The commands, in the order they were given. */
  names(): string[] {
    return [...this.samples.keys()];
  }

  /** Median ms of one command. */
  median(name: string): number {
    return median(this.of(name));
  }

  /**
   * `a`'s time over `b`'s, taken round by round and then the median: a ratio of runs made side
   * by side, which a machine's load drifting during the bench moves less than a ratio of medians.
   */
  ratio(a: string, b: string): number {
    const bs = this.of(b);
    return median(this.of(a).map((ms, round) => ms / bs[round]!));
  }

  private of(name: string): readonly number[] {
    const ms = this.samples.get(name);
    if (!ms) throw new Error(`no timings for ${name}`);
    return ms;
  }
}

/**
 * Runs every command `repetitions` times, interleaved (one of each per round, the order rotated
 * each round) so that load changes on a shared machine hit all of them alike.
 */
export function timeInterleaved(commands: readonly Command[], repetitions: number): Timings {
  const samples = new Map<string, number[]>(commands.map((c) => [c.name, []]));
  for (const c of commands) assertRuns(c, timeCommand(c)); // warm-up: page cache, lazy compilation caches
  for (let r = 0; r < repetitions; r++) {
    for (let i = 0; i < commands.length; i++) {
      const c = commands[(i + r) % commands.length]!;
      samples.get(c.name)!.push(timeCommand(c).ms);
    }
  }
  return new Timings(samples);
}

/** A crashed or misused tool would make any ratio meaningless; exit 0 and 1 are both fine. */
function assertRuns(command: Command, timing: Timing): void {
  if (timing.status !== 0 && timing.status !== 1) {
    const again = spawnSync(process.execPath, command.args, { cwd: command.cwd, encoding: 'utf8' });
    throw new Error(`${command.name} exited ${timing.status}: ${again.stderr.slice(0, 2000)}`);
  }
}
