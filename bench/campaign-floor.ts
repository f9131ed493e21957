// The campaign bench's floor: the same agent sessions as the campaign — `runs` runs of `rounds`
// rounds, `jobs` at once — started the way eval-magic starts them (own process group, prompt on
// stdin, stdout and stderr into files) and nothing else: no staging, parsing, checking or
// records. What any Node scheduler on this machine pays; bundled by bench/agent-sessions.ts and
// run with plain node. With `contained`, each session also starts under the containment
// eval-magic gives its agents (src/process/containment.ts: a PID namespace of its own where the
// system allows one), so the floor pays what that costs too.
// Usage: campaign-floor <agent> <scratch dir> <runs> <rounds> <jobs> [contained]
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { agentContainment, containedCommand } from '../src/process/containment.js';

const [agent, scratch, runs, rounds, jobs, contained] = process.argv.slice(2) as [string, string, string, string, string, string | undefined];
const containment = contained === 'contained' ? agentContainment() : { kind: 'session' as const, reason: 'a bare floor' };

function round(dir: string, r: number): Promise<void> {
  const out = openSync(join(dir, `round-${r}.jsonl`), 'w');
  const err = openSync(join(dir, `round-${r}.log`), 'w');
  const command = containedCommand(containment, agent, r === 1 ? ['-p'] : ['-p', '--resume', 'floor'], process.env);
  const child = spawn(command.file, command.args, { cwd: dir, detached: true, stdio: command.statusChannel ? ['pipe', out, err, 'pipe'] : ['pipe', out, err] });
  child.stdin!.end(`Round ${r}.`);
  // The init's status channel: read to its end, as eval-magic reads it.
  if (command.statusChannel) (child.stdio[3] as Readable).resume();
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => {
      closeSync(out);
      closeSync(err);
      resolve();
    });
  });
}

let next = 0;
async function worker(): Promise<void> {
  while (next < Number(runs)) {
    const dir = join(scratch, `run-${++next}`);
    mkdirSync(dir, { recursive: true });
    for (let r = 1; r <= Number(rounds); r++) await round(dir, r);
  }
}
await Promise.all(Array.from({ length: Number(jobs) }, worker));
