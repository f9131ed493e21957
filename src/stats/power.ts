import binomialPmf from '@stdlib/stats-base-dists-binomial-pmf';
import { fisherRow } from './fisher.js';
import { reachesLevel } from './level.js';
import { assertCount } from './validate.js';

/** The power {@link detectableDelta} asks of a change, by convention. */
const TARGET_POWER = 0.8;
/** The step of the changes tried, as a rate (5 points). */
const STEPS = 20;

/** Which outcomes (passes x1 of n1, x2 of n2) Fisher's test rejects at a level, memoized: compare asks for the same few. */
const regions = new Map<string, Uint8Array>();

/**
 * The outcomes Fisher's test rejects, `[x1 * (n2 + 1) + x2]` set for x1 passes of n1 against x2
 * of n2, from {@link fisherRow}: tables with the same number of passes share one row of p-values,
 * so each row is worked out once (O(n1·n2·log) in all), and each p is the very number
 * {@link fisherExact} gives, so the two never disagree.
 */
function rejectionRegion(n1: number, n2: number, level: number): Uint8Array {
  const key = `${n1}/${n2}/${level}`;
  const known = regions.get(key);
  if (known) return known;
  const width = n2 + 1;
  const rejects = new Uint8Array((n1 + 1) * width);
  for (let passed = 0; passed <= n1 + n2; passed++) {
    const { first, p } = fisherRow(n1, n2, passed);
    for (let i = 0; i < p.length; i++) rejects[(first + i) * width + passed - first - i] = reachesLevel(p[i]!, level) ? 1 : 0;
  }
  regions.set(key, rejects);
  return rejects;
}

/** What {@link fisherPower} needs. */
export interface PowerInput {
  /** Runs of the treatment arm. */
  treatmentRuns: number;
  /** Runs of the control arm. */
  controlRuns: number;
  /** The treatment's true pass rate. */
  treatmentRate: number;
  /** The control's true pass rate. */
  controlRate: number;
  /** The level each test is held to (alpha, or alpha / family size under Holm's first step). */
  level: number;
}

function assertPowerInput(input: { treatmentRuns: number; controlRuns: number; controlRate: number; level: number; treatmentRate?: number }): void {
  assertCount(input.treatmentRuns, 'treatmentRuns');
  assertCount(input.controlRuns, 'controlRuns');
  for (const key of ['controlRate', 'treatmentRate'] as const) {
    const rate = input[key];
    if (rate !== undefined && !(rate >= 0 && rate <= 1)) throw new RangeError(`${key} must be a rate in [0, 1], got ${String(rate)}`);
  }
  // 0 is allowed: alpha / family size underflows to it for the tiniest alpha, and nothing is rejected there.
  if (!(input.level >= 0 && input.level <= 1)) throw new RangeError(`level must be in [0, 1], got ${String(input.level)}`);
}

/**
 * The probability that the two-sided Fisher exact test at `level` rejects, when the arms' true pass
 * rates are the ones given: exact, summing both binomial distributions over every outcome the test
 * rejects. 0 when an arm has no runs.
 *
 * @throws RangeError when a count is not a non-negative integer, a rate is outside [0, 1], or the level outside [0, 1]
 */
export function fisherPower(input: PowerInput): number {
  assertPowerInput(input);
  const { treatmentRuns: n1, controlRuns: n2, treatmentRate: p1, controlRate: p2, level } = input;
  if (n1 === 0 || n2 === 0) return 0;
  const rejects = rejectionRegion(n1, n2, level);
  const second = Array.from({ length: n2 + 1 }, (_, x2) => binomialPmf(x2, n2, p2));
  let power = 0;
  for (let x1 = 0; x1 <= n1; x1++) {
    const q1 = binomialPmf(x1, n1, p1);
    if (q1 === 0) continue;
    let rejected = 0;
    for (let x2 = 0, at = x1 * (n2 + 1); x2 <= n2; x2++) if (rejects[at + x2]) rejected += second[x2]!;
    power += q1 * rejected;
  }
  return Math.min(1, power);
}

/**
 * The smallest change in pass rate, in steps of 0.05, that these runs would detect with
 * probability ≥ 0.8: the control at `controlRate`, the treatment at controlRate + d (or
 * controlRate − d when that passes 1), Fisher's two-sided exact test at `level`; past the last
 * step that fits, the change to 100 % (or to 0 %, when that is farther), which is no multiple of
 * 0.05 when the control rate is none. What "not significant" can rule out: with 5 runs per arm at
 * alpha 0.05 nothing under 60 points.
 *
 * @returns d, or `null` when no change, up to the largest there is, is detected that often (or an arm has no runs)
 * @throws RangeError as {@link fisherPower}
 */
export function detectableDelta(input: Omit<PowerInput, 'treatmentRate'>): number | null {
  assertPowerInput(input);
  const key = `${input.treatmentRuns}/${input.controlRuns}/${input.controlRate}/${input.level}`;
  let d = detectable.get(key);
  if (d === undefined) detectable.set(key, (d = smallestDetected(input)));
  return d;
}

/** {@link detectableDelta}'s answers, memoized: a comparison asks the same question of every assertion with the same runs and control rate. */
const detectable = new Map<string, number | null>();

function smallestDetected(input: Omit<PowerInput, 'treatmentRate'>): number | null {
  const c = input.controlRate;
  for (let step = 1; step <= STEPS; step++) {
    const d = step / STEPS;
    // A whole number of hundredths: 0.8 + 0.2 must count as 1, not pass it by a rounding error.
    const up = Math.round((c + d) * 1e12) / 1e12;
    const down = Math.round((c - d) * 1e12) / 1e12;
    if (up <= 1 || down >= 0) {
      if (fisherPower({ ...input, treatmentRate: up <= 1 ? up : down }) >= TARGET_POWER) return d;
      continue;
    }
    // No step of 0.05 fits either way: the largest change there is, to 100 % or to 0 %, is the last
    // one to try (at a control of 5/11 the step to 100 % is 6/11, between the steps of 0.5 and 0.55).
    const farthest = 1 - c >= c ? 1 : 0;
    return fisherPower({ ...input, treatmentRate: farthest }) >= TARGET_POWER ? Math.abs(farthest - c) : null;
  }
  return null;
}
