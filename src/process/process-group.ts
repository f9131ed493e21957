// The agent's process group: signalling it, and waiting until none of its processes is left.
import { readdirSync, readFileSync } from 'node:fs';

/** How long to wait for a SIGKILLed group to disappear before giving up on it. */
const GROUP_GONE_WAIT_MS = 5000;

/** Sends `signal` to every process of group `pgid`; a group already gone is fine. */
export function killGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

/**
 * Waits until no process of group `pgid` (and, with `session`, of the session it leads) is
 * left, or gives up after {@link GROUP_GONE_WAIT_MS}. A zombie does not count: where nothing
 * reaps orphans (some containers), it never goes away.
 */
export async function waitUntilGroupGone(pgid: number, session = false): Promise<void> {
  for (const deadline = Date.now() + GROUP_GONE_WAIT_MS; Date.now() < deadline; await new Promise((done) => setTimeout(done, 10))) {
    let groupAlive = true;
    try {
      process.kill(-pgid, 0);
    } catch {
      groupAlive = false;
    }
    if (!groupAlive && !session) return;
    const members = liveMembers(pgid, session);
    // Without /proc only the group's own answer counts.
    if (members === undefined ? !groupAlive : members.length === 0) return;
  }
}

/**
 * SIGKILLs every process of the session `sid` leads (a job-control child in a group of its own
 * stays in it), found in /proc; a no-op where /proc cannot tell.
 */
export function killSession(sid: number): void {
  for (const pid of liveMembers(sid, true) ?? []) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // Gone already.
    }
  }
}

/** Live (not zombie) processes of group `id`, or with `session` of group or session `id`; undefined without /proc. */
function liveMembers(id: number, session: boolean): number[] | undefined {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const members: number[] = [];
  const wanted = String(id);
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3), fields[2] the process group (field 5), fields[3] the session (field 6).
    if (fields[0] === 'Z') continue;
    if (fields[2] === wanted || (session && fields[3] === wanted)) members.push(Number(entry));
  }
  return members;
}
