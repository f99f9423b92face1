import { setImmediate } from 'node:timers/promises';
import type { Logger } from '../logger.ts';

/** Work a request starts and does not wait for; shutdown waits for it before the database closes. */
export interface BackgroundWork {
  /**
   * Runs `work` in a later turn than the request's, so the answer never waits for it. A failure
   * is logged on `log` (the request's logger, with its id) and goes no further.
   */
  start(log: Logger, task: string, work: () => Promise<void>): void;
  /** Resolves once everything started so far has finished, and what that started in turn. */
  idle(): Promise<void>;
}

export function createBackgroundWork(): BackgroundWork {
  const pending = new Set<Promise<void>>();
  return {
    start(log, task, work) {
      const run = setImmediate()
        .then(work)
        .catch((error: unknown) => log.error({ err: error, task }, 'background work failed'))
        .finally(() => pending.delete(run));
      pending.add(run);
    },
    async idle() {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}
