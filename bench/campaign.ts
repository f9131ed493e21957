// The campaign's throughput: 64 runs × 3 rounds against an agent of fixed latency
// (bench/latency-agent/), at --jobs 1, 8 and 32. Wall time against the ideal (runs × rounds ×
// latency / jobs), eval-magic's own CPU per round (its process alone, every thread, no agent),
// and its peak RSS. Beside it, in the same rounds, the floor (bench/campaign-floor.ts): the same
// sessions started by a bare Node loop, which is what this machine allows any scheduler.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { prepareSessionBench, runFloor, runMeasured, writeBenchSkill, type Sample, type SessionBench } from './agent-sessions.js';
import { median } from './measure.js';
import type { Target } from './report.js';

const EVALS = 2;
const CONDITIONS = 2;
const RUNS_PER_ARM = 16;
const ROUNDS = 3;
const LATENCY_MS = 200;
const RUNS = EVALS * CONDITIONS * RUNS_PER_ARM;

/** Where the files go and what runs. */
export interface CampaignBenchOptions {
  bin: string;
  /** A scratch folder of the bench's own (emptied first). */
  dir: string;
  /** The latency agent's harness descriptor. */
  harness: string;
  /** Repetitions per job count above 1 (one at --jobs 1, which alone takes runs × rounds × latency). */
  reps: number;
}

/** Runs the measurement, prints its table, and returns the targets of issue 23. */
export function measureCampaignThroughput(options: CampaignBenchOptions): Target[] {
  const bench = prepareSessionBench(options.dir);
  const evalsFile = writeSkill(bench);

  const results = new Map<number, Sample[]>();
  const floors = new Map<number, number[]>();
  for (const jobs of [1, 8, 32]) {
    const samples: Sample[] = [];
    const floorMs: number[] = [];
    // Campaign and floor alternate, so load changes on a shared machine hit both alike.
    for (let rep = 0; rep < (jobs === 1 ? 1 : options.reps); rep++) {
      samples.push(runOnce(options, bench, evalsFile, jobs, rep));
      floorMs.push(runFloor(bench, options.harness, RUNS, ROUNDS, jobs, LATENCY_MS));
    }
    results.set(jobs, samples);
    floors.set(jobs, floorMs);
  }

  const rounds = RUNS * ROUNDS;
  const med = (jobs: number, key: keyof Sample) => median(results.get(jobs)!.map((s) => s[key]));
  console.log(`campaign: ${RUNS} runs (${EVALS} evals × ${CONDITIONS} conditions × ${RUNS_PER_ARM}) × ${ROUNDS} rounds, agent latency ${LATENCY_MS} ms; median of ${options.reps} (1 at --jobs 1)`);
  console.log(`  ${'jobs'.padEnd(6)} ${'wall ms'.padStart(9)} ${'ideal ms'.padStart(9)} ${'ideal/wall'.padStart(11)} ${'speed-up'.padStart(9)} ${'CPU ms/round'.padStart(13)} ${'peak RSS'.padStart(9)} ${'floor ms'.padStart(9)} ${'ideal/floor'.padStart(12)} ${'wall/floor'.padStart(11)}`);
  for (const jobs of results.keys()) {
    const ideal = (rounds * LATENCY_MS) / jobs;
    const wall = med(jobs, 'wallMs');
    const floorMs = median(floors.get(jobs)!);
    console.log(
      `  ${String(jobs).padEnd(6)} ${wall.toFixed(0).padStart(9)} ${ideal.toFixed(0).padStart(9)} ${(ideal / wall).toFixed(2).padStart(11)} ${(med(1, 'wallMs') / wall).toFixed(1).padStart(9)} ${(med(jobs, 'cpuMs') / rounds).toFixed(2).padStart(13)} ${(med(jobs, 'rssMb').toFixed(0) + ' MB').padStart(9)} ${floorMs.toFixed(0).padStart(9)} ${(ideal / floorMs).toFixed(2).padStart(12)} ${(wall / floorMs).toFixed(2).padStart(11)}`,
    );
  }
  console.log('');
  const efficiency = (jobs: number) => (rounds * LATENCY_MS) / jobs / med(jobs, 'wallMs');
  return [
    { what: 'campaign --jobs 8: ideal / wall time ≥ 0.9', ratio: efficiency(8), limit: 0.9, atMost: false },
    { what: 'campaign --jobs 32: ideal / wall time ≥ 0.9', ratio: efficiency(32), limit: 0.9, atMost: false },
    { what: 'campaign: eval-magic CPU per round ≤ 10 ms (worst of 1, 8, 32 jobs)', ratio: Math.max(...[1, 8, 32].map((j) => med(j, 'cpuMs') / rounds)), limit: 10, atMost: true, unit: 'ms' },
    { what: 'campaign --jobs 32: peak RSS ≤ 200 MB', ratio: med(32, 'rssMb'), limit: 200, atMost: true, unit: 'MB' },
  ];
}

/** The bench skill with EVALS evals of ROUNDS rounds (follow-ups always delivered). */
function writeSkill(bench: SessionBench): string {
  const turns = Array.from({ length: ROUNDS - 1 }, (_, i) => ({ prompt: `Follow-up ${i + 1}.`, deliver_when: 'always' }));
  return writeBenchSkill(bench.dir, Array.from({ length: EVALS }, (_, i) => ({ id: `task-${i + 1}`, prompt: `Bench task ${i + 1}.`, expected_output: 'Done.', turns })));
}

function runOnce(options: CampaignBenchOptions, bench: SessionBench, evalsFile: string, jobs: number, rep: number): Sample {
  const workspace = join(options.dir, `workspace-${jobs}-${rep}`);
  const args = [options.bin, 'campaign', '--evals', evalsFile, '--harness', options.harness, '--workspace', workspace, '--runs', String(RUNS_PER_ARM), '--jobs', String(jobs)];
  const sample = runMeasured(bench, args, { BENCH_AGENT_LATENCY_S: String(LATENCY_MS / 1000) });
  rmSync(workspace, { recursive: true, force: true });
  return sample;
}
