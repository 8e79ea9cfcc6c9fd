import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';

/**
 * Ties a helper process (Xvfb, WebKitWebDriver) to this one: if the test process exits without
 * stopping it (a worker torn down mid-test), it is killed then rather than left running.
 */
export function stopWithThisProcess(child: ChildProcess): void {
  const kill = () => child.kill('SIGKILL');
  process.once('exit', kill);
  child.once('exit', () => process.off('exit', kill));
}

/** Stops a helper process and waits until it has gone. */
export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill('SIGTERM');
  await exited;
}
