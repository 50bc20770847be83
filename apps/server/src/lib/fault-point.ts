/**
 * Fault injection for the crash tests: with TEST_KILL_AT=<name> (never in production) the process
 * dies at once, as with kill -9, when it reaches the named point. It lets a test kill the server at
 * an exact moment, e.g. after a payment callback committed and before the provider got its answer.
 */
const target = process.env.APP_ENV === 'production' ? undefined : process.env.TEST_KILL_AT;

export function faultPoint(name: string): void {
  if (target === name) process.kill(process.pid, 'SIGKILL');
}
