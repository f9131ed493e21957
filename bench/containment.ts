// npm run bench:containment: what holding a round's processes in a PID namespace costs per round.
// The same trivial agent (`node -e ""`, the floor of any real agent CLI) is run through
// runAgentRound with each containment, interleaved: the median wall time per round, and the mean
// CPU per round (this process's and its reaped children's, from /proc/self/stat, counted in 10 ms
// ticks, so only a total over many rounds says anything). With --command-check, the same for one
// command_check cell (`exit 0` in a scratch copy of an empty task folder), its command joined to
// a held namespace with nsenter, and the same with the workspace and the evals folder shown empty
// in the cell's namespace, as compare asks (docs/compare.md "What the command can reach").
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gradeCommandCheck } from '../src/compare/graders/command-check.js';
import { runAgentRound } from '../src/runner/agent-process.js';
import { agentContainment, commandContainment, type CommandContainment, type Containment } from '../src/process/containment.js';
import { median } from './measure.js';

const reps = Number(process.argv[process.argv.indexOf('--reps') + 1]) || 40;
const commandCheck = process.argv.includes('--command-check');
const namespace: Containment | CommandContainment = commandCheck ? await commandContainment() : agentContainment();
if (namespace.kind !== 'pid-namespace') {
  console.log(`no PID namespace on this system (${namespace.reason}): nothing to compare`);
  process.exit(0);
}
const dir = mkdtempSync(join(tmpdir(), 'eval-magic-bench-containment-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
mkdirSync(join(dir, 'task'));
mkdirSync(join(dir, 'ws', '.eval-magic', 's', 'iteration-1'), { recursive: true });
/** Each variant: its name, containment, and for a cell what it shows empty. */
const variants: Array<[string, Containment | CommandContainment, string[]?]> = [
  ['session (no namespace)', { kind: 'session', reason: 'baseline' }],
  [`pid-namespace${namespace.userNamespace ? ' + user namespace' : ''}`, namespace],
  ...(commandCheck ? [['pid-namespace, workspace hidden', namespace, [join(dir, 'ws', '.eval-magic'), join(dir, 'evals')]] as [string, CommandContainment, string[]]] : []),
];
mkdirSync(join(dir, 'evals'));

/** One round of the trivial agent, or one command_check cell; throws unless it passed. */
async function once(name: string, containment: Containment | CommandContainment, hidden?: string[]): Promise<void> {
  if (commandCheck) {
    const verdict = await gradeCommandCheck({ id: 'c', type: 'command_check', command: 'exit 0' }, { taskDir: join(dir, 'task'), evalsDir: dir, shown: (path) => path, timeoutMs: 60_000, maxOutputBytes: 1000, containment: containment as CommandContainment, ...(hidden ? { hidden } : {}) });
    if (!('graded' in verdict) || !verdict.graded.passed) throw new Error(`${name}: ${JSON.stringify(verdict)}`);
    return;
  }
  const outcome = await runAgentRound({ executable: process.execPath, args: ['-e', ''], cwd: dir, stdoutPath: join(dir, 'out'), stderrPath: join(dir, 'err'), containment: containment as Containment });
  if (outcome.kind !== 'exited' || outcome.exitCode !== 0) throw new Error(`${name}: ${JSON.stringify(outcome)}`);
}

/** CPU ms of this process and its reaped children: utime + stime + cutime + cstime. */
function cpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  // Fields 14-17 of stat are the 12th-15th after the ") ".
  return [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0) * 10;
}

const wall = new Map<string, number[]>(variants.map(([name]) => [name, []]));
const cpu = new Map<string, number[]>(variants.map(([name]) => [name, []]));
console.log(`eval-magic bench:containment${commandCheck ? ' --command-check' : ''}: Node ${process.version}, ${reps} ${commandCheck ? 'cells' : 'rounds'} each, interleaved, load ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
for (let i = 0; i < reps; i++) {
  for (const [name, containment, hidden] of variants) {
    const cpuBefore = cpuMs();
    const start = performance.now();
    await once(name, containment, hidden);
    wall.get(name)!.push(performance.now() - start);
    cpu.get(name)!.push(cpuMs() - cpuBefore);
  }
}
const [base, contained, hiddenToo] = variants.map(([name]) => name) as [string, string, string | undefined];
for (const name of [base, contained, ...(hiddenToo ? [hiddenToo] : [])]) {
  console.log(`${name.padEnd(36)} wall ${median(wall.get(name)!).toFixed(1).padStart(6)} ms   cpu ${mean(cpu.get(name)!).toFixed(1).padStart(6)} ms`);
}
const extraWall = median(wall.get(contained)!) - median(wall.get(base)!);
const extraCpu = mean(cpu.get(contained)!) - mean(cpu.get(base)!);
console.log(`per ${commandCheck ? 'cell' : 'round'}: +${extraWall.toFixed(1)} ms wall (median), +${extraCpu.toFixed(1)} ms CPU (mean); load after ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
if (hiddenToo) console.log(`hiding, per cell: +${(median(wall.get(hiddenToo)!) - median(wall.get(contained)!)).toFixed(1)} ms wall (median), +${(mean(cpu.get(hiddenToo)!) - mean(cpu.get(contained)!)).toFixed(1)} ms CPU (mean)`);

function mean(values: readonly number[]): number {
  return values.reduce((sum, v) => sum + v, 0) / values.length;
}
