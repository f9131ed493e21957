// The statistics behind `compare`: pure functions, no I/O. Each is checked against scipy/statsmodels
// (test/stats/fixtures/, with how they were made) and explained in docs/statistics.md.
export type { TwoByTwo } from './validate.js';
export { wilsonInterval } from './wilson.js';
export { fisherExact } from './fisher.js';
export { fewestRunsPerArm, smallestFisherP } from './attainable.js';
export { holm } from './holm.js';
export { mannWhitneyU, smallestMannWhitneyP, type MannWhitneyResult } from './mann-whitney.js';
export { cochranMantelHaenszel, type CmhResult } from './cmh.js';
export { describe, type Description } from './describe.js';
export { fleissKappa, unanimousShare } from './fleiss-kappa.js';
