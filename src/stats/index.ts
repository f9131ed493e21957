// The statistics behind `compare`: pure functions, no I/O. Each is checked against scipy/statsmodels
// (test/stats/fixtures/, with how they were made) and explained in docs/statistics.md.
export type { TwoByTwo } from './validate.js';
export { wilsonInterval } from './wilson.js';
export { newcombeInterval, rateDifference } from './newcombe.js';
export { fisherExact } from './fisher.js';
export { fewestRunsPerArm, smallestFisherP } from './attainable.js';
export { holm } from './holm.js';
export { smallestHolmP } from './holm-attainable.js';
export { reachesLevel } from './level.js';
export { fisherPower, detectableDelta, type PowerInput } from './power.js';
export { mannWhitneyU, smallestMannWhitneyP, type MannWhitneyResult } from './mann-whitney.js';
export { exactConditionalTest, smallestConditionalP, type ConditionalTestResult } from './conditional.js';
export { describe, type Description } from './describe.js';
export { decimalDigits } from './decimal.js';
export { fleissKappa, unanimousShare } from './fleiss-kappa.js';
