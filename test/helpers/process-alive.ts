// Whether a process is still there: the test runner and the test helpers both tidy up after
// processes that are gone, by the pid in a folder's name.

/** Whether a process of that pid is there (one of another user's answers EPERM: there). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
