// npm run bench:containment: what holding a round's processes in a PID namespace costs per round.
// The same trivial agent (`node -e ""`, the floor of any real agent CLI) is run through
// runAgentRound with each containment, interleaved: the median wall time per round, and the mean
// CPU per round (this process's and its reaped children's, from /proc/self/stat, counted in 10 ms
// ticks, so only a total over many rounds says anything).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAgentRound } from '../src/runner/agent-process.js';
import { agentContainment, type Containment } from '../src/runner/containment.js';
import { median } from './measure.js';

const reps = Number(process.argv[process.argv.indexOf('--reps') + 1]) || 40;
const namespace = agentContainment();
if (namespace.kind !== 'pid-namespace') {
  console.log(`no PID namespace on this system (${namespace.reason}): nothing to compare`);
  process.exit(0);
}
const variants: Array<[string, Containment]> = [
  ['session (no namespace)', { kind: 'session', reason: 'baseline' }],
  [`pid-namespace${namespace.userNamespace ? ' + user namespace' : ''}`, namespace],
];
const dir = mkdtempSync(join(tmpdir(), 'eval-magic-bench-containment-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

/** CPU ms of this process and its reaped children: utime + stime + cutime + cstime. */
function cpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 14-17 of stat are the 12th-15th after the ") ".
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
}

const wall = new Map<string, number[]>(variants.map(([name]) => [name, []]));
const cpu = new Map<string, number[]>(variants.map(([name]) => [name, []]));
console.log(`eval-magic bench:containment: Node ${process.version}, ${reps} rounds each, interleaved, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (let i = 0; i < reps; i++) {
  for (const [name, containment] of variants) {
    const cpuBefore = cpuMs();
    const start = performance.now();
    const outcome = await runAgentRound({ executable: process.execPath, args: ['-e', ''], cwd: dir, stdoutPath: join(dir, 'out'), stderrPath: join(dir, 'err'), containment });
    wall.get(name)!.push(performance.now() - start);
    cpu.get(name)!.push(cpuMs() - cpuBefore);
    if (outcome.kind !== 'exited' || outcome.exitCode !== 0) throw new Error(`${name}: ${JSON.stringify(outcome)}`);
  }
}
const [base, contained] = variants.map(([name]) => name) as [string, string];
for (const name of [base, contained]) {
  console.log(`${name.padEnd(36)} wall ${median(wall.get(name)!).toFixed(1).padStart(6)} ms   cpu ${mean(cpu.get(name)!).toFixed(1).padStart(6)} ms`);
}
const extraWall = median(wall.get(contained)!) - median(wall.get(base)!);
const extraCpu = mean(cpu.get(contained)!) - mean(cpu.get(base)!);
console.log(`per round: +${extraWall.toFixed(1)} ms wall (median), +${extraCpu.toFixed(1)} ms CPU (mean); load after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}
