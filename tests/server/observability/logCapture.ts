/** A JSON logger whose lines a test can read back, parsed. */
import { createLogger, type Logger, type LogLevel } from '../../../server/observability/logger';

export type LogLine = Record<string, unknown> & { level: string; msg: string };

export function captureLog(level: LogLevel = 'info'): { logger: Logger; lines: LogLine[]; raw: string[] } {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  const logger = createLogger(level, {
    write(line: string) {
      raw.push(line);
      lines.push(JSON.parse(line) as LogLine);
    },
  });
  return { logger, lines, raw };
}
