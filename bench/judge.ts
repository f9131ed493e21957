// The judge's throughput: a campaign's 32 runs (2 evals × 2 conditions × 8, one round each, made
// once, not measured) judged on 2 llm_judge assertions × 2 repeats = 128 judgments at --jobs 8, by
// a stand-in judge (bench/latency-agent/ with BENCH_AGENT_VERDICT set) that answers every packet
// with a verdict after a fixed latency. Wall time against the ideal (judgments × latency / jobs),
// beside the floor (the same sessions started by a bare Node loop), and eval-magic's own CPU per
// judgment (its process alone, every thread: the packet, the task copy, the records — no agent).
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import fg from 'fast-glob';
import { prepareSessionBench, runFloor, runMeasured, writeBenchSkill, type Sample, type SessionBench } from './agent-sessions.js';
import { median } from './measure.js';
import type { Target } from './report.js';

const EVALS = 2;
const CONDITIONS = 2;
const RUNS_PER_ARM = 8;
const RUBRICS = 2;
const REPEATS = 2;
const JOBS = 8;
const LATENCY_MS = 200;
const JUDGMENTS = EVALS * CONDITIONS * RUNS_PER_ARM * RUBRICS * REPEATS;

/** Where the files go and what runs. */
export interface JudgeBenchOptions {
  bin: string;
  /** A scratch folder of the bench's own (emptied first). */
  dir: string;
  /** The latency agent's harness descriptor. */
  harness: string;
  reps: number;
}

/** Runs the measurement, prints its table, and returns the targets of issue 37. */
export function measureJudgeThroughput(options: JudgeBenchOptions): Target[] {
  const bench = prepareSessionBench(options.dir);
  const iteration = makeCampaign(options, bench);
  const samples: Sample[] = [];
  const floors: number[] = [];
  // Judge and floor alternate, so load changes on a shared machine hit both alike.
  for (let rep = 0; rep < options.reps; rep++) {
    for (const dir of fg.sync('eval-*/*/run-*/judge', { cwd: iteration, onlyDirectories: true })) rmSync(join(iteration, dir), { recursive: true });
    const args = [options.bin, 'judge', iteration, '--harness', options.harness, '--repeats', String(REPEATS), '--jobs', String(JOBS)];
    samples.push(runMeasured(bench, args, { BENCH_AGENT_LATENCY_S: String(LATENCY_MS / 1000), BENCH_AGENT_VERDICT: '1' }));
    const made = fg.sync('eval-*/*/run-*/judge/*/*/judgment.json', { cwd: iteration }).length;
    if (made !== JUDGMENTS) throw new Error(`judge made ${made} judgments of ${JUDGMENTS}`);
    floors.push(runFloor(bench, options.harness, JUDGMENTS, 1, JOBS, LATENCY_MS));
  }

  const ideal = (JUDGMENTS * LATENCY_MS) / JOBS;
  const wall = median(samples.map((s) => s.wallMs));
  const floor = median(floors);
  const cpuPerJudgment = median(samples.map((s) => s.cpuMs)) / JUDGMENTS;
  console.log(`judge: ${JUDGMENTS} judgments (${EVALS * CONDITIONS * RUNS_PER_ARM} runs × ${RUBRICS} rubrics × ${REPEATS} repeats), judge latency ${LATENCY_MS} ms, --jobs ${JOBS}; median of ${options.reps}`);
  console.log(`  ${'wall ms'.padStart(9)} ${'ideal ms'.padStart(9)} ${'ideal/wall'.padStart(11)} ${'CPU ms/judgment'.padStart(16)} ${'peak RSS'.padStart(9)} ${'floor ms'.padStart(9)} ${'ideal/floor'.padStart(12)} ${'wall/floor'.padStart(11)}`);
  console.log(
    `  ${wall.toFixed(0).padStart(9)} ${ideal.toFixed(0).padStart(9)} ${(ideal / wall).toFixed(2).padStart(11)} ${cpuPerJudgment.toFixed(2).padStart(16)} ${(median(samples.map((s) => s.rssMb)).toFixed(0) + ' MB').padStart(9)} ${floor.toFixed(0).padStart(9)} ${(ideal / floor).toFixed(2).padStart(12)} ${(wall / floor).toFixed(2).padStart(11)}`,
  );
  console.log('');
  return [
    { what: `judge --jobs ${JOBS}: ideal / wall time ≥ 0.9`, ratio: ideal / wall, limit: 0.9, atMost: false },
    { what: 'judge: eval-magic CPU per judgment ≤ 10 ms', ratio: cpuPerJudgment, limit: 10, atMost: true, unit: 'ms' },
  ];
}

/** The iteration to judge: a campaign of one-round runs against the latency agent at no latency (set-up, not measured). */
function makeCampaign(options: JudgeBenchOptions, bench: SessionBench): string {
  const assertions = Array.from({ length: RUBRICS }, (_, i) => ({ id: `rubric-${i + 1}`, type: 'llm_judge', rubric: `The agent finished bench task ${i + 1} and said so.` }));
  const evals = Array.from({ length: EVALS }, (_, i) => ({ id: `task-${i + 1}`, prompt: `Bench task ${i + 1}.`, expected_output: 'Done.', assertions }));
  const evalsFile = writeBenchSkill(bench.dir, evals);
  const workspace = join(bench.dir, 'workspace');
  runMeasured(bench, [options.bin, 'campaign', '--evals', evalsFile, '--harness', options.harness, '--workspace', workspace, '--runs', String(RUNS_PER_ARM), '--jobs', '32'], { BENCH_AGENT_LATENCY_S: '0' });
  return join(workspace, 'bench-skill', 'iteration-1');
}
