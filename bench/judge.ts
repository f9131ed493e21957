// The judge's throughput: a campaign's 32 runs (2 evals × 2 conditions × 8, one round each, made
// once, not measured) judged on 2 llm_judge assertions × 2 repeats = 128 judgments at --jobs 8, by
// a stand-in judge (bench/latency-agent/ with BENCH_AGENT_VERDICT set) that answers every packet
// with a verdict after a fixed latency. Wall time against the ideal (judgments × latency / jobs),
// beside the floor (the same sessions started by a bare Node loop), and eval-magic's own CPU per
// judgment (its process alone, every thread: the packet, the task copy, the records — no agent).
// The floor is measured twice: bare sessions, and sessions each in a PID namespace as the judge's
// run (the contained floor), so wall / contained floor compares like with like.
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
  /**
   * Builds to time side by side (an A/B), each by a name and its bin.cjs: each repetition runs
   * every one in turn, the order rotated. Default: `bin` alone. The campaign is made with `bin`.
   */
  builds?: ReadonlyArray<{ name: string; bin: string }>;
  /** A scratch folder of the bench's own (emptied first). */
  dir: string;
  /** The latency agent's harness descriptor. */
  harness: string;
  reps: number;
}

/** Runs the measurement, prints its table, and returns the targets of issue 37 (of each build, when there are several). */
export function measureJudgeThroughput(options: JudgeBenchOptions): Target[] {
  const bench = prepareSessionBench(options.dir);
  const iteration = makeCampaign(options, bench);
  const builds = options.builds ?? [{ name: 'judge', bin: options.bin }];
  const samples = builds.map((): Sample[] => []);
  const floors = { bare: [] as number[], contained: [] as number[] };
  // Judges and floors alternate, so load changes on a shared machine hit all alike.
  for (let rep = 0; rep < options.reps; rep++) {
    for (let i = 0; i < builds.length; i++) {
      const k = (i + rep) % builds.length;
      for (const dir of fg.sync('eval-*/*/run-*/judge', { cwd: iteration, onlyDirectories: true })) rmSync(join(iteration, dir), { recursive: true });
      const args = [builds[k]!.bin, 'judge', iteration, '--harness', options.harness, '--repeats', String(REPEATS), '--jobs', String(JOBS)];
      samples[k]!.push(runMeasured(bench, args, { BENCH_AGENT_LATENCY_S: String(LATENCY_MS / 1000), BENCH_AGENT_VERDICT: '1' }));
      const made = fg.sync('eval-*/*/run-*/judge/*/*/judgment.json', { cwd: iteration }).length;
      if (made !== JUDGMENTS) throw new Error(`${builds[k]!.name} made ${made} judgments of ${JUDGMENTS}`);
    }
    floors.bare.push(runFloor(bench, options.harness, JUDGMENTS, 1, JOBS, LATENCY_MS));
    floors.contained.push(runFloor(bench, options.harness, JUDGMENTS, 1, JOBS, LATENCY_MS, true));
  }

  const ideal = (JUDGMENTS * LATENCY_MS) / JOBS;
  const floor = median(floors.bare);
  const contained = median(floors.contained);
  console.log(`judge: ${JUDGMENTS} judgments (${EVALS * CONDITIONS * RUNS_PER_ARM} runs × ${RUBRICS} rubrics × ${REPEATS} repeats), judge latency ${LATENCY_MS} ms, --jobs ${JOBS}; median of ${options.reps}`);
  console.log(`  floor (bare sessions) ${floor.toFixed(0)} ms, ideal/floor ${(ideal / floor).toFixed(2)}; contained floor (each session in a PID namespace, as the judge's) ${contained.toFixed(0)} ms, ideal/floor ${(ideal / contained).toFixed(2)}`);
  const width = Math.max(8, ...builds.map((b) => b.name.length));
  console.log(`  ${'build'.padEnd(width)} ${'wall ms'.padStart(9)} ${'ideal ms'.padStart(9)} ${'ideal/wall'.padStart(11)} ${'CPU ms/judgment'.padStart(16)} ${'peak RSS'.padStart(9)} ${'wall/floor'.padStart(11)} ${'wall/contained'.padStart(15)}`);
  const targets: Target[] = [];
  builds.forEach((build, k) => {
    const wall = median(samples[k]!.map((s) => s.wallMs));
    const cpuPerJudgment = median(samples[k]!.map((s) => s.cpuMs)) / JUDGMENTS;
    // Round by round: the same repetition's floors, so load drifting between repetitions moves the ratio less.
    const overFloor = (floorMs: number[]) => median(samples[k]!.map((s, rep) => s.wallMs / floorMs[rep]!));
    console.log(
      `  ${build.name.padEnd(width)} ${wall.toFixed(0).padStart(9)} ${ideal.toFixed(0).padStart(9)} ${(ideal / wall).toFixed(2).padStart(11)} ${cpuPerJudgment.toFixed(2).padStart(16)} ${(median(samples[k]!.map((s) => s.rssMb)).toFixed(0) + ' MB').padStart(9)} ${overFloor(floors.bare).toFixed(2).padStart(11)} ${overFloor(floors.contained).toFixed(2).padStart(15)}`,
    );
    const of = builds.length > 1 ? ` (${build.name})` : '';
    targets.push(
      { what: `judge --jobs ${JOBS}: ideal / wall time ≥ 0.9${of}`, ratio: ideal / wall, limit: 0.9, atMost: false },
      { what: `judge: eval-magic CPU per judgment ≤ 10 ms${of}`, ratio: cpuPerJudgment, limit: 10, atMost: true, unit: 'ms' },
    );
  });
  console.log('');
  return targets;
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
