// A file being written when a signal would end the process by its default action (no listener of
// the process's own: check, or a command past its own handling) is removed first, and the signal
// raised again: the process ends as it would have, with no temp file left beside the report.
import { rmSync } from 'node:fs';

/** The signals that end a command (interrupts.ts's). */
const ENDING = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * Runs `write`, which tells `announce` the temp file it is writing (undefined once renamed or
 * removed). For each ending signal nothing else listens to, a signal during it removes that file,
 * then ends the process by the signal — one that lands while the write holds the thread, once it
 * is done (the file then whole). A signal something else listens to is left to it.
 */
export async function removedIfSignalled<T>(write: (announce: (temp: string | undefined) => void) => Promise<T>): Promise<T> {
  let temp: string | undefined;
  const owned = ENDING.filter((signal) => process.listenerCount(signal) === 0);
  const stopListening = () => {
    for (const signal of owned) process.removeListener(signal, onSignal);
  };
  function onSignal(signal: NodeJS.Signals): void {
    if (temp !== undefined) {
      try {
        rmSync(temp, { force: true });
      } catch {
        // Left: nothing else can be done on the way out.
      }
    }
    stopListening();
    // No listener left: the default action, as if this one had never been.
    process.kill(process.pid, signal);
  }
  for (const signal of owned) process.on(signal, onSignal);
  try {
    return await write((announced) => (temp = announced));
  } finally {
    // A signal that landed while the write held the thread is taken on the loop's next turn: not lost.
    await new Promise((resolve) => setImmediate(resolve));
    stopListening();
  }
}
