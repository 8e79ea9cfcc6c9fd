import { spawn } from 'node:child_process';
import { stopProcess, stopWithThisProcess } from './childProcess';

export interface VirtualDisplay {
  /** The value for DISPLAY, e.g. `:3`. */
  display: string;
  stop(): Promise<void>;
}

/**
 * Starts Xvfb (`apt-get install xvfb`) on a display no other X server holds: `-displayfd` makes
 * Xvfb pick a free one and say which, so runs sharing a machine never collide.
 */
export async function startXvfb(screen = '1920x1080x24'): Promise<VirtualDisplay> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', screen, '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  stopWithThisProcess(xvfb);
  let output = '';
  xvfb.stderr.on('data', (chunk) => (output += chunk));
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'ENOENT' ? new Error('Xvfb is not installed: apt-get install xvfb') : error),
    );
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited with ${code} before it had a display:\n${output}`)));
    xvfb.stdout.once('data', (chunk) => resolve(`:${String(chunk).trim()}`));
  });
  return { display, stop: () => stopProcess(xvfb) };
}
