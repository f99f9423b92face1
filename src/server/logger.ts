import pino from 'pino';
import type { Logger } from 'pino';

export type { Logger };

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'ritual-community' },
    // Never write a session cookie or a request-forgery token into the logs.
    redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'password', 'password_confirmation'],
  });
}
