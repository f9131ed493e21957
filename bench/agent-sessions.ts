// What the campaign and judge benches share: eval-magic run under a hook that records, at exit,
// its own CPU time and peak RSS (never its children's: the agents are not eval-magic's cost); the
// bench skill's folder; and the floor — the same agent sessions started by a bare Node loop
// (bench/campaign-floor.ts), which is what this machine allows any scheduler.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

/** One eval-magic process: wall time, its own CPU time (user + system, every thread) and peak RSS. */
export interface Sample {
  wallMs: number;
  cpuMs: number;
  rssMb: number;
}

/** The files a bench of agent sessions needs in its scratch folder: the usage hook and the bundled floor. */
export interface SessionBench {
  dir: string;
  hook: string;
  floor: string;
}

/** Empties `dir` and writes the usage hook and the floor's bundle into it. */
export function prepareSessionBench(dir: string): SessionBench {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const hook = join(dir, 'usage-hook.cjs');
  writeFileSync(hook, "process.on('exit', () => require('node:fs').writeFileSync(process.env.EM_BENCH_USAGE_FILE, JSON.stringify({ cpu: process.cpuUsage(), rss: process.resourceUsage().maxRSS })));\n");
  const floor = join(dir, 'campaign-floor.mjs');
  buildSync({ entryPoints: [fileURLToPath(new URL('campaign-floor.ts', import.meta.url))], outfile: floor, bundle: true, format: 'esm', platform: 'node', target: 'node20', logLevel: 'warning' });
  return { dir, hook, floor };
}

/** Runs `node <args>` (eval-magic and its command) under the usage hook; a non-zero exit is an error. */
export function runMeasured(bench: SessionBench, args: string[], env: NodeJS.ProcessEnv): Sample {
  const usageFile = join(bench.dir, 'usage.json');
  rmSync(usageFile, { force: true });
  const start = performance.now();
  const child = spawnSync(process.execPath, ['--require', bench.hook, ...args], { cwd: bench.dir, env: { ...process.env, ...env, EM_BENCH_USAGE_FILE: usageFile, NO_COLOR: '1' }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const wallMs = performance.now() - start;
  if (child.status !== 0) throw new Error(`eval-magic ${args[1]} exited ${child.status}: ${child.stderr.slice(-2000)}`);
  const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as { cpu: { user: number; system: number }; rss: number };
  return { wallMs, cpuMs: (usage.cpu.user + usage.cpu.system) / 1000, rssMb: usage.rss / 1024 };
}

/**
 * The floor's wall time: `sessions` runs of `rounds` rounds of the latency agent, `jobs` at once;
 * `contained`: each session under eval-magic's containment (a PID namespace), as its agents run.
 */
export function runFloor(bench: SessionBench, harness: string, sessions: number, rounds: number, jobs: number, latencyMs: number, contained = false): number {
  const scratch = join(bench.dir, `floor-${jobs}`);
  rmSync(scratch, { recursive: true, force: true });
  const agent = join(harness, '..', 'claude.sh');
  const start = performance.now();
  const child = spawnSync(process.execPath, [bench.floor, agent, scratch, String(sessions), String(rounds), String(jobs), ...(contained ? ['contained'] : [])], { env: { ...process.env, BENCH_AGENT_LATENCY_S: String(latencyMs / 1000) }, stdio: ['ignore', 'ignore', 'pipe'], encoding: 'utf8' });
  const ms = performance.now() - start;
  if (child.status !== 0) throw new Error(`the session floor exited ${child.status}: ${child.stderr.slice(-2000)}`);
  rmSync(scratch, { recursive: true, force: true });
  return ms;
}

/** A skill folder `bench-skill` with SKILL.md and evals/evals.json holding `evals`; returns the evals.json's path. */
export function writeBenchSkill(dir: string, evals: object[]): string {
  const skillDir = join(dir, 'bench-skill');
  mkdirSync(join(skillDir, 'evals'), { recursive: true });
  writeFileSync(join(skillDir, 'SKILL.md'), '---\nname: bench-skill\ndescription: A skill for the campaign and judge benches.\n---\n\nNothing to do.\n');
  const file = join(skillDir, 'evals', 'evals.json');
  writeFileSync(file, JSON.stringify({ skill_name: 'bench-skill', evals }, null, 2));
  return file;
}
