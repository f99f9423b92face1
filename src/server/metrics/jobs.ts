import { Counter } from 'prom-client';
import type { Registry } from 'prom-client';

export interface JobMetrics {
  /** `rows`: what the run claimed or changed, when the job counts it. */
  ran(job: string, failed: boolean, rows: number | undefined): void;
}

export function jobMetrics(registry: Registry): JobMetrics {
  const runs = new Counter({
    name: 'job_runs_total',
    help: 'Runs of the scheduled jobs, by job and outcome (ok or failed).',
    labelNames: ['job', 'outcome'] as const,
    registers: [registry],
  });
  const rows = new Counter({
    name: 'job_rows_total',
    help: 'Rows the scheduled jobs claimed or changed, for the jobs that count them.',
    labelNames: ['job'] as const,
    registers: [registry],
  });
  return {
    ran(job, failed, count) {
      runs.inc({ job, outcome: failed ? 'failed' : 'ok' });
      if (count !== undefined) rows.inc({ job }, count);
    },
  };
}
