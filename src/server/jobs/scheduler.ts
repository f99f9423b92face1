import type { Logger } from '../logger.ts';
import type { JobMetrics } from '../metrics/jobs.ts';

/** Work that runs on a clock inside the server; it claims its rows, so every instance may run it. */
export interface Job {
  name: string;
  everyMs: number;
  /**
   * `signal` is aborted at shutdown: a long run stops between two of its statements. Resolves with
   * the rows it claimed or changed when the job counts them (the job_rows_total metric).
   */
  run(signal: AbortSignal): Promise<number | void>;
}

export interface Scheduler {
  /** Stops the clock and waits for the runs under way; shutdown calls it before the database closes. */
  stop(): Promise<void>;
}

// A first run soon after start, so that instances restarted more often than a job's interval still
// run it; not at once, so that it stays out of the way of start-up and the first requests.
const FIRST_RUN_AFTER_MS = 30_000;

/**
 * Runs each job now and then, one run of a job at a time: the next is timed from the end of the
 * last. A failed run is logged and the job runs again at its next time. The timers never keep the
 * process alive.
 */
export function startScheduler(jobs: Job[], logger: Logger, metrics?: JobMetrics): Scheduler {
  const stopping = new AbortController();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();

  const runOnce = async (job: Job) => {
    try {
      const rows = await job.run(stopping.signal);
      metrics?.ran(job.name, false, rows ?? undefined);
    } catch (error) {
      metrics?.ran(job.name, true, undefined);
      logger.error({ err: error, job: job.name }, 'a scheduled job failed');
    }
  };

  const schedule = (job: Job, delayMs: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      const run = runOnce(job).finally(() => {
        running.delete(run);
        if (!stopping.signal.aborted) schedule(job, job.everyMs);
      });
      running.add(run);
    }, delayMs);
    timer.unref();
    timers.add(timer);
  };

  for (const job of jobs) schedule(job, Math.min(job.everyMs, FIRST_RUN_AFTER_MS));
  return {
    async stop() {
      stopping.abort();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
