import { Writable } from 'node:stream';
import pino from 'pino';
import type { Logger } from '../logger';

export interface LogEntry {
  level: number;
  msg?: string;
  service?: string;
  [key: string]: unknown;
}

/** pino's numeric level for `error`: anything at or above it is a page for an operator. */
export const ERROR_LEVEL = 50;

/** A logger that keeps every line (warn and up) in memory, so a test can assert what was logged and at which level. */
export function recordingLogger(service = 'test'): { logger: Logger; entries: LogEntry[]; errors(): LogEntry[] } {
  const entries: LogEntry[] = [];
  const sink = new Writable({
    write(line, _encoding, done) {
      entries.push(JSON.parse(String(line)) as LogEntry);
      done();
    },
  });
  const logger = pino({ level: 'warn', base: { service } }, sink);
  return { logger, entries, errors: () => entries.filter((e) => e.level >= ERROR_LEVEL) };
}
