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
 * Waits until no process of group `pgid` is left, or gives up after {@link GROUP_GONE_WAIT_MS}.
 * A zombie does not count: where nothing reaps orphans (some containers), it never goes away.
 */
export async function waitUntilGroupGone(pgid: number): Promise<void> {
  for (const deadline = Date.now() + GROUP_GONE_WAIT_MS; Date.now() < deadline; await new Promise((done) => setTimeout(done, 10))) {
    try {
      process.kill(-pgid, 0);
    } catch {
      return;
    }
    if (onlyZombiesLeft(pgid)) return;
  }
}

/** True when /proc shows no live member of group `pgid` (false where /proc cannot tell). */
function onlyZombiesLeft(pgid: number): boolean {
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return false;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is the state (field 3), fields[2] the process group (field 5).
    if (fields[2] === String(pgid) && fields[0] !== 'Z') return false;
  }
  return true;
}
