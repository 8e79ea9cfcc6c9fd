/**
 * The server log: one JSON object per line (pino), so a log shipper can index it without
 * parsing. Level by LOG_LEVEL; tests run `silent`.
 */
import pino, { type Logger } from 'pino';

export type { Logger } from 'pino';

/** The levels LOG_LEVEL accepts, most verbose first. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/**
 * A logger writing to `destination` (default stdout). Request headers never reach it whole:
 * callers log chosen fields only, so tokens, cookies and message contents stay out of the log.
 */
export function createLogger(level: LogLevel = 'info', destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'wren' },
    timestamp: pino.stdTimeFunctions.isoTime,
    // "level":"info" rather than pino's numeric 30: readable in a terminal and in any log viewer.
    formatters: { level: (label) => ({ level: label }) },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that drops everything: the default of `createApp` when none is given. */
export const SILENT_LOGGER: Logger = pino({ level: 'silent' });
