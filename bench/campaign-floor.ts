// The campaign bench's floor: the same agent sessions as the campaign — `runs` runs of `rounds`
// rounds, `jobs` at once — started the way eval-magic starts them (own process group, prompt on
// stdin, stdout and stderr into files) and nothing else: no staging, parsing, checking or
// records. What any Node scheduler on this machine pays; bundled by bench/campaign.ts and run
// with plain node. Usage: campaign-floor <agent> <scratch dir> <runs> <rounds> <jobs>
import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';

const [agent, scratch, runs, rounds, jobs] = process.argv.slice(2) as [string, string, string, string, string];

function round(dir: string, r: number): Promise<void> {
  const out = openSync(join(dir, `round-${r}.jsonl`), 'w');
  const err = openSync(join(dir, `round-${r}.log`), 'w');
  const child = spawn(agent, r === 1 ? ['-p'] : ['-p', '--resume', 'floor'], { cwd: dir, detached: true, stdio: ['pipe', out, err] });
  child.stdin!.end(`Round ${r}.`);
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
