import type { Db } from '../db/client.ts';
import type { Logger } from '../logger.ts';
import { runPendingExports } from '../modules/exports/run.ts';
import type { ExportRunDeps } from '../modules/exports/run.ts';
import type { Job } from './scheduler.ts';

export function memberExportJob(db: Db, deps: Omit<ExportRunDeps, 'log'>, logger: Logger, everyMs: number): Job {
  return {
    name: 'member-exports',
    everyMs,
    async run(signal) {
      const run = await runPendingExports(db, { ...deps, log: logger }, signal);
      if (run.ready + run.failed > 0) logger.info({ job: 'member-exports', ...run }, 'built member exports');
      return run.ready + run.failed;
    },
  };
}
