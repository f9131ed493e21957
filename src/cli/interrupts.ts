// The interrupts that stop a run or a campaign (Ctrl-C, kill, a closed terminal): one path for
// every command that drives agents, so each keeps the same guarantees.
import { constants as osConstants } from 'node:os';

/** The signals that end a run: Ctrl-C, `kill`, and a closed terminal or dropped ssh session. */
const INTERRUPTS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * One abort path for every interrupt: the first signal aborts `stop` (the agent gets SIGTERM,
 * then SIGKILL after the grace), any later one aborts `kill` (SIGKILL at once). Neither ends this
 * process: the run returns normally, so the agent's group is gone and the lock released before
 * the exit; signals after that end it with the first one's code. `received` is the first signal, for the exit code (128 + its number, as shells do).
 */
export function listenForInterrupts(onFirst: (signal: NodeJS.Signals) => void) {
  const stop = new AbortController();
  const kill = new AbortController();
  let first: NodeJS.Signals | undefined;
  const handler = (signal: NodeJS.Signals) => {
    if (signal === 'SIGHUP') {
      // The terminal is gone: a failed write to it must not end this process before the cleanup.
      for (const stream of [process.stdout, process.stderr]) if (stream.listenerCount('error') === 0) stream.on('error', () => {});
    }
    if (first === undefined) {
      first = signal;
      stop.abort();
      onFirst(signal);
    } else {
      kill.abort();
    }
  };
  for (const signal of INTERRUPTS) process.on(signal, handler);
  return {
    stop: stop.signal,
    kill: kill.signal,
    received: () => first,
    dispose: () => {
      for (const signal of INTERRUPTS) process.removeListener(signal, handler);
      // After an interrupt the run is over (agents gone, lock released) but more signals may still
      // come while this process winds down: they end it at once with the code the first earned,
      // never by the signal itself (which would leave no exit code at all).
      if (first !== undefined) {
        const code = 128 + osConstants.signals[first];
        for (const signal of INTERRUPTS) process.on(signal, () => process.exit(code));
        // And once nothing is left to do, exit rather than wind down: Node's own teardown puts the
        // signals' default action back before the process is gone, and a signal landing then
        // would still end it by the signal.
        process.once('beforeExit', () => process.exit(code));
      }
    },
  };
}
