// A fault point for the crash tests and the chaos run: with LEADPIPE_CRASH_AT=<name> in its
// environment, a process SIGKILLs itself the first time it reaches that point (as a power cut
// would). Unset in production; nothing else reads it.
export function crashPoint(name: string): void {
  if (process.env.LEADPIPE_CRASH_AT === name) process.kill(process.pid, "SIGKILL");
}
