import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startScheduler } from '../../src/server/jobs/scheduler.ts';
import type { Job } from '../../src/server/jobs/scheduler.ts';
import { capturedLogger } from '../helpers/captured-logger.ts';

/** A job whose runs the test finishes one by one. */
function heldJob(everyMs: number) {
  const runs: { signal: AbortSignal; finish: (error?: Error) => void }[] = [];
  const job: Job = {
    name: 'held',
    everyMs,
    run: (signal) =>
      new Promise<void>((resolve, reject) => {
        runs.push({ signal, finish: (error) => (error ? reject(error) : resolve()) });
      }),
  };
  return { job, runs };
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the scheduler', () => {
  it('runs a job soon after start, then each interval after the last run ended, never twice at once', async () => {
    const { job, runs } = heldJob(60_000);
    const scheduler = startScheduler([job], capturedLogger().logger);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(runs).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(1);
    // A run that takes longer than the interval is not joined by another.
    await vi.advanceTimersByTimeAsync(120_000);
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(runs).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await scheduler.stop();
  });

  it('runs a job with a short interval first after that interval', async () => {
    const { job, runs } = heldJob(5000);
    const scheduler = startScheduler([job], capturedLogger().logger);
    await vi.advanceTimersByTimeAsync(5000);
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await scheduler.stop();
  });

  it('logs a failed run and runs the job again at its next time', async () => {
    const { logger, lines } = capturedLogger();
    const { job, runs } = heldJob(1000);
    const scheduler = startScheduler([job], logger);
    await vi.advanceTimersByTimeAsync(1000);
    runs[0]!.finish(new Error('database went away'));
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toHaveLength(2);
    runs[1]!.finish();
    await scheduler.stop();
    logger.flush();
    await vi.waitFor(() => expect(lines.find((line) => line.msg === 'a scheduled job failed')).toMatchObject({ job: 'held', level: 50 }));
  });

  it('at stop, tells the run under way, waits for it, and runs nothing more', async () => {
    const { job, runs } = heldJob(1000);
    const scheduler = startScheduler([job], capturedLogger().logger);
    await vi.advanceTimersByTimeAsync(1000);
    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(runs[0]!.signal.aborted).toBe(true);
    expect(stopped).toBe(false);
    runs[0]!.finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(runs).toHaveLength(1);
  });

  it('keeps no timer that holds the process open', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const scheduler = startScheduler([heldJob(1000).job], capturedLogger().logger);
    const timer = setTimer.mock.results[0]?.value as NodeJS.Timeout;
    setTimer.mockRestore();
    expect(timer.hasRef()).toBe(false);
    await scheduler.stop();
    expect(vi.getTimerCount()).toBe(0);
  });
});
