import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { countedMailer } from '../../src/server/adapters/mail/counted-mailer.ts';
import { startScheduler } from '../../src/server/jobs/scheduler.ts';
import { watchDatabaseQueue } from '../../src/server/metrics/database-queue.ts';
import { createMetrics } from '../../src/server/metrics/registry.ts';
import { capturedLogger } from '../helpers/captured-logger.ts';

const valueOf = async (metrics: ReturnType<typeof createMetrics>, name: string, labels: Record<string, string>) =>
  (await metrics.registry.getSingleMetric(name)!.get()).values.find((value) =>
    Object.entries(labels).every(([label, wanted]) => value.labels[label] === wanted),
  )?.value;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the operations metrics', () => {
  it('counts scheduled runs, failures and the rows a job reports', async () => {
    const metrics = createMetrics({ processMetrics: false });
    let fail = false;
    const scheduler = startScheduler(
      [
        { name: 'counting', everyMs: 1000, run: () => (fail ? Promise.reject(new Error('down')) : Promise.resolve(7)) },
        { name: 'silent', everyMs: 1000, run: () => Promise.resolve() },
      ],
      capturedLogger().logger,
      metrics.jobs,
    );
    await vi.advanceTimersByTimeAsync(2000);
    fail = true;
    await vi.advanceTimersByTimeAsync(1000);
    await scheduler.stop();
    expect(await valueOf(metrics, 'job_runs_total', { job: 'counting', outcome: 'ok' })).toBe(2);
    expect(await valueOf(metrics, 'job_runs_total', { job: 'counting', outcome: 'failed' })).toBe(1);
    expect(await valueOf(metrics, 'job_rows_total', { job: 'counting' })).toBe(14);
    expect(await valueOf(metrics, 'job_runs_total', { job: 'silent', outcome: 'ok' })).toBe(3);
    expect(await valueOf(metrics, 'job_rows_total', { job: 'silent' })).toBeUndefined();
  });

  it('counts mail sent and mail that failed, and still lets the failure reach the sender', async () => {
    const metrics = createMetrics({ processMetrics: false });
    const message = { to: 'a@example.kr', subject: 's', text: 't', html: '<p>t</p>' };
    await countedMailer({ send: () => Promise.resolve() }, metrics.mails).send(message);
    await expect(countedMailer({ send: () => Promise.reject(new Error('smtp down')) }, metrics.mails).send(message)).rejects.toThrow('smtp down');
    expect(await valueOf(metrics, 'mail_messages_total', { outcome: 'sent' })).toBe(1);
    expect(await valueOf(metrics, 'mail_messages_total', { outcome: 'failed' })).toBe(1);
  });

  it("reads the database's queues when scraped", async () => {
    const metrics = createMetrics({ processMetrics: false });
    let queued = { thread: 3, gate: 1 };
    watchDatabaseQueue(metrics.registry, { queued: () => queued });
    expect(await metrics.registry.metrics()).toContain('db_queued_statements{queue="thread"} 3');
    queued = { thread: 0, gate: 5 };
    const text = await metrics.registry.metrics();
    expect(text).toContain('db_queued_statements{queue="thread"} 0');
    expect(text).toContain('db_queued_statements{queue="gate"} 5');
  });

  it('makes a new counter in one line, served with the rest', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.counter('push_sent_total', 'Pushes sent, by outcome.', ['outcome']).inc({ outcome: 'sent' });
    expect(await metrics.registry.metrics()).toContain('push_sent_total{outcome="sent"} 1');
  });
});
