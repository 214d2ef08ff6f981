import pino, { type Logger } from 'pino';

export type { Logger };

/** JSON logs with the service name on every line; secrets and credentials are redacted. */
export function createLogger(service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger {
  return pino({
    name: service,
    level,
    base: { service },
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'res.headers["set-cookie"]',
        '*.privateKey',
        '*.secret',
        '*.signature',
        '*.adminToken',
      ],
      censor: '[redacted]',
    },
  });
}
