// Prints the bench's tables: per size, median times and ratios; at the end, each target PASS/FAIL.
import type { CorpusStats } from '../test/corpus/generate-corpus.js';
import type { Timings } from './measure.js';

/** A target from issue 5: a ratio (or MB) and its limit. */
export interface Target {
  what: string;
  ratio: number;
  limit: number;
  /** true: pass when ratio ≤ limit; false: pass when ratio ≥ limit. */
  atMost: boolean;
  unit?: string;
}

/** One corpus size: each tool's median time, its time over the floor T's (round by round, see `Timings.ratio`), and its peak RSS (median of 3 runs). */
export function printSizeTable(size: number, stats: CorpusStats, reps: number, timings: Timings, rss: Map<string, number>, note?: string): void {
  const mib = (stats.totalBytes / 2 ** 20).toFixed(1);
  console.log(`${size.toLocaleString('en')} file(s), ${mib} MiB (median ${(stats.medianBytes / 1000).toFixed(1)} KB, p99 ${(stats.p99Bytes / 1000).toFixed(1)} KB, ${stats.invalid} invalid${note ? ', ' + note : ''}); median of ${reps}`);
  const width = Math.max(20, ...timings.names().map((n) => n.length));
  console.log(`  ${'tool'.padEnd(width)} ${'ms'.padStart(8)} ${'× T'.padStart(7)} ${'peak RSS'.padStart(10)} (median of 3 runs)`);
  for (const name of timings.names()) {
    const mem = rss.get(name);
    console.log(`  ${name.padEnd(width)} ${timings.median(name).toFixed(0).padStart(8)} ${timings.ratio(name, 'floor T').toFixed(2).padStart(7)} ${(mem === undefined ? '' : mem.toFixed(0) + ' MB').padStart(10)}`);
  }
  console.log('');
}

/** The PASS/FAIL table; returns true when every target passed. */
export function printTargets(targets: readonly Target[]): boolean {
  console.log('targets');
  let allPass = true;
  for (const t of targets) {
    const pass = t.atMost ? t.ratio <= t.limit : t.ratio >= t.limit;
    allPass &&= pass;
    const value = t.unit ? `${t.ratio.toFixed(0)} ${t.unit}` : `${t.ratio.toFixed(2)}`;
    console.log(`  ${pass ? 'PASS' : 'FAIL'}  ${t.what.padEnd(58)} ${value.padStart(8)}`);
  }
  return allPass;
}
