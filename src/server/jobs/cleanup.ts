import { resolve } from 'node:path';
import type { Db } from '../db/client.ts';
import type { Env } from '../env.ts';
import { pruneIdempotencyKeys } from '../http/idempotency.ts';
import type { Logger } from '../logger.ts';
import {
  newestFrontErrorLogOverCap,
  pruneFrontErrorLogsBefore,
  pruneFrontErrorLogsUpTo,
} from '../modules/front-error-logs/service.ts';
import { expireStalePendingOrders } from '../modules/orders/expiry.ts';
import { pruneExpiredExports, removeAbandonedParts } from '../modules/exports/expiry.ts';
import { pruneRateLimits } from '../modules/rate-limits/service.ts';
import { pruneReminderDeliveries } from '../modules/reminders/delivery.ts';
import { pruneExpiredSessions } from '../modules/sessions/service.ts';
import { pruneStaleTempCarts } from '../modules/store/cart-service.ts';
import type { Job } from './scheduler.ts';

export interface CleanupSettings {
  everyMs: number;
  frontErrorRetentionDays: number;
  /** The newest this many browser error reports are kept, whatever their age. */
  frontErrorMaxRows: number;
  /** Where members' export ZIPs are kept; expired exports are removed with their files only when given. */
  exportsDir?: string;
}

export interface CleanupOptions {
  batchSize?: number;
  signal?: AbortSignal;
  now?: Date;
}

export interface Cleaned {
  sessions: number;
  rateLimits: number;
  frontErrorLogs: number;
  tempCartItems: number;
  /** Orders left unpaid for a day, cancelled (not deleted: they are records). */
  pendingOrders: number;
  idempotencyKeys: number;
  reminderDeliveries: number;
  memberExports: number;
}

// Rows per statement: a table of millions goes in many short statements, each far inside the
// embedded database's statement timeout, with the requests' queries running in between.
const BATCH_SIZE = 1000;

export function cleanupSettingsFromEnv(env: Env): CleanupSettings {
  return {
    everyMs: env.CLEANUP_INTERVAL_MINUTES * 60_000,
    frontErrorRetentionDays: env.FRONT_ERROR_LOG_RETENTION_DAYS,
    frontErrorMaxRows: env.FRONT_ERROR_LOG_MAX_ROWS,
    exportsDir: resolve(env.EXPORTS_DIR),
  };
}

async function inBatches(prune: (limit: number) => Promise<number>, batchSize: number, signal: AbortSignal): Promise<number> {
  let total = 0;
  while (!signal.aborted) {
    const deleted = await prune(batchSize);
    total += deleted;
    // A short batch: nothing is left, or another instance has claimed the rest and deletes it.
    if (deleted < batchSize) break;
  }
  return total;
}

/**
 * Deletes expired sessions, ended rate-limit windows, browser error reports past their retention
 * or beyond the newest `frontErrorMaxRows`, temp carts and idempotency keys left for a day, reminder deliveries after a week, members' exports past their keeping (with their files); cancels orders left unpaid
 * for a day. Several instances may run it at once: each row is claimed by one of them.
 */
export async function cleanUp(db: Db, settings: CleanupSettings, options: CleanupOptions = {}): Promise<Cleaned> {
  const signal = options.signal ?? new AbortController().signal;
  const now = options.now ?? new Date();
  const prune = (step: (limit: number) => Promise<number>) => inBatches(step, options.batchSize ?? BATCH_SIZE, signal);

  const sessions = await prune((limit) => pruneExpiredSessions(db, limit, now));
  const rateLimits = await prune((limit) => pruneRateLimits(db, limit));
  const cutoff = new Date(now.getTime() - settings.frontErrorRetentionDays * 86_400_000);
  let frontErrorLogs = await prune((limit) => pruneFrontErrorLogsBefore(db, cutoff, limit));
  const overCap = signal.aborted ? null : await newestFrontErrorLogOverCap(db, settings.frontErrorMaxRows);
  if (overCap !== null) frontErrorLogs += await prune((limit) => pruneFrontErrorLogsUpTo(db, overCap, limit));
  const tempCartItems = await prune((limit) => pruneStaleTempCarts(db, limit, now));
  const pendingOrders = await prune((limit) => expireStalePendingOrders(db, limit, now));
  const idempotencyKeys = await prune((limit) => pruneIdempotencyKeys(db, limit, now));
  const reminderDeliveries = await prune((limit) => pruneReminderDeliveries(db, limit, now));
  const { exportsDir } = settings;
  const memberExports = exportsDir ? await prune((limit) => pruneExpiredExports(db, exportsDir, limit, now)) : 0;
  if (exportsDir && !signal.aborted) await removeAbandonedParts(exportsDir, now);
  return { sessions, rateLimits, frontErrorLogs, tempCartItems, pendingOrders, idempotencyKeys, reminderDeliveries, memberExports };
}

export function cleanupJob(db: Db, settings: CleanupSettings, logger: Logger): Job {
  return {
    name: 'cleanup',
    everyMs: settings.everyMs,
    async run(signal) {
      const started = performance.now();
      const deleted = await cleanUp(db, settings, { signal });
      logger.info({ job: 'cleanup', deleted, ms: Math.round(performance.now() - started) }, 'deleted expired rows');
      return Object.values(deleted).reduce((sum, count) => sum + count, 0);
    },
  };
}
