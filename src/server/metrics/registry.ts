import { Counter, Registry, collectDefaultMetrics } from 'prom-client';
import { jobMetrics } from './jobs.ts';
import type { JobMetrics } from './jobs.ts';
import { requestMetrics } from './requests.ts';
import type { RequestMetrics } from './requests.ts';

export interface Metrics {
  registry: Registry;
  requests: RequestMetrics;
  jobs: JobMetrics;
  /** Mail handed to the mail adapter, by outcome (sent or failed). */
  mails: Counter<'outcome'>;
  /** A new counter in this registry: `metrics.counter('push_sent_total', 'Pushes sent, by outcome.', ['outcome'])`. */
  counter<Label extends string = never>(name: string, help: string, labelNames?: readonly Label[]): Counter<Label>;
}

/**
 * One registry per server (and per test app). `processMetrics` adds prom-client's defaults (CPU,
 * memory, event-loop lag, GC), which only the running server wants: they watch the whole process.
 */
export function createMetrics({ processMetrics }: { processMetrics: boolean }): Metrics {
  const registry = new Registry();
  if (processMetrics) collectDefaultMetrics({ register: registry });
  const counter = <Label extends string = never>(name: string, help: string, labelNames: readonly Label[] = []) =>
    new Counter<Label>({ name, help, labelNames, registers: [registry] });
  return {
    registry,
    requests: requestMetrics(registry),
    jobs: jobMetrics(registry),
    mails: counter('mail_messages_total', 'Mail handed to the mail adapter, by outcome (sent or failed).', ['outcome']),
    counter,
  };
}
