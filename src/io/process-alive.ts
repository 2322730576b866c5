/** Whether a process with this id runs on this machine (a file's writer or a lock's holder that died left it behind). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
