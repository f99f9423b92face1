import { resolve } from 'node:path';
import { createMailer, mailSettingsFromEnv } from './adapters/mail/index.ts';
import { countedMailer } from './adapters/mail/counted-mailer.ts';
import type { Mailer } from './adapters/mail/index.ts';
import { createStorage, storageSettingsFromEnv } from './adapters/storage/index.ts';
import { createPaymentGateway, paymentSettingsFromEnv } from './adapters/payments/index.ts';
import type { PaymentGateway } from './adapters/payments/index.ts';
import { createSmsSender, smsSettingsFromEnv } from './adapters/sms/index.ts';
import { createPushSender, pushSettingsFromEnv } from './adapters/push/index.ts';
import { createKakaoSender, kakaoSettingsFromEnv } from './adapters/kakao/index.ts';
import { createApi } from './app.ts';
import { socialSettingsFromEnv } from './modules/social/providers.ts';
import type { ApiHandler } from './app.ts';
import { configFromEnv } from './config.ts';
import type { AppConfig } from './config.ts';
import { describeDatabaseUrl, openDatabase } from './db/client.ts';
import type { Database } from './db/client.ts';
import { DataDirLockedError } from './db/data-dir-lock.ts';
import { migrateDatabase } from './db/migrate.ts';
import { isDatabaseEmpty, seedDemoData } from './db/seed/index.ts';
import { createBannerReader } from './modules/content/banner-service.ts';
import type { BannerReader } from './modules/content/banner-service.ts';
import { env } from './env.ts';
import { createBackgroundWork } from './jobs/background-work.ts';
import type { BackgroundWork } from './jobs/background-work.ts';
import { cleanupJob, cleanupSettingsFromEnv } from './jobs/cleanup.ts';
import { letterDeliveryJob } from './jobs/letters.ts';
import { reminderJob } from './jobs/reminders.ts';
import { memberExportJob } from './jobs/member-exports.ts';
import { weeklyLetterJob } from './jobs/weekly-letter.ts';
import { purchaseConfirmationJob } from './jobs/purchase-confirmation.ts';
import { upkeepJob } from './jobs/upkeep.ts';
import { backUpOnSignal, backupJob, backupSettingsFromEnv } from './jobs/backup.ts';
import { startScheduler } from './jobs/scheduler.ts';
import { createLogger, flushLogSync } from './logger.ts';
import { createReadiness } from './http/readiness.ts';
import { watchDatabaseQueue } from './metrics/database-queue.ts';
import { createMetrics } from './metrics/registry.ts';
import type { Metrics } from './metrics/registry.ts';
import { siteSettings } from './site.ts';
import type { SiteSettings } from './site.ts';
import type { Logger } from './logger.ts';

export interface Runtime {
  database: Database;
  api: ApiHandler;
  currentBanner: BannerReader;
  site: SiteSettings;
  config: AppConfig;
  logger: Logger;
  /** The one gateway the API and the checkout's success page confirm payments with. */
  payments: PaymentGateway;
  /** The API's mailer and its work after the answer, for a page that mails as the API does (a paid order's receipt). */
  mailer: Mailer;
  background: BackgroundWork;
  /** The series /metrics serves; the edge and the pages record their requests in it. */
  metrics: Metrics;
  /** Wraps one request, so that shutdown waits for the requests already running. */
  track<T>(work: () => Promise<T>): Promise<T>;
  readonly draining: boolean;
}

const DRAIN_TIMEOUT_MS = 10_000;

async function boot(): Promise<Runtime> {
  const logger = createLogger(env.LOG_LEVEL);
  const config = configFromEnv(env);
  const readiness = createReadiness();
  const metrics = createMetrics({ processMetrics: true });
  let database: Database;
  try {
    database = await openDatabase(env.DATABASE_URL, {
      statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      poolMax: env.DB_POOL_MAX,
      pgliteSharedBuffers: env.PGLITE_SHARED_BUFFERS,
      onEmbeddedRestart: (error) =>
        logger.error({ err: error }, 'a statement overran on the embedded database: its thread was restarted'),
    });
  } catch (error) {
    if (error instanceof DataDirLockedError) {
      logger.fatal(error.message);
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  await migrateDatabase(database, resolve(env.MIGRATIONS_DIR));
  if (env.SEED_ON_START && !env.isProduction && (await isDatabaseEmpty(database.db))) {
    logger.info('the database is empty: seeding the demo data (members, rituals, rooms, the shop)');
    flushLogSync(logger);
    await seedDemoData(database.db, {
      production: env.isProduction,
      appKey: env.APP_KEY,
      onProgress: ({ step, done, total, ms }) => {
        logger.info({ step, ms }, `seeding the demo data: ${done}/${total} ${step}`);
        // Each line as it happens: a newcomer watching a silent terminal for a minute thinks it hung.
        flushLogSync(logger);
      },
    });
    logger.info('seeded the demo data into the empty database');
  }
  logger.info({ database: describeDatabaseUrl(env.DATABASE_URL) }, 'database ready');

  const currentBanner = createBannerReader(database.db);
  const { storage, local: localStorage } = createStorage(storageSettingsFromEnv(env));
  const background = createBackgroundWork();
  const mailer = countedMailer(createMailer(mailSettingsFromEnv(env)), metrics.mails);
  watchDatabaseQueue(metrics.registry, database);
  const push = createPushSender(pushSettingsFromEnv(env));
  const kakao = createKakaoSender(kakaoSettingsFromEnv(env));
  const upkeep = upkeepJob(database, logger);
  const backups = backupJob(database, backupSettingsFromEnv(env), logger);
  backUpOnSignal(backups, logger);
  const scheduler = startScheduler(
    [
      cleanupJob(database.db, cleanupSettingsFromEnv(env), logger),
      letterDeliveryJob(database.db, mailer, config.appUrl, logger),
      purchaseConfirmationJob(database.db, logger),
      reminderJob(database.db, { push, mailer, kakao }, config.appUrl, logger, env.REMINDER_INTERVAL_SECONDS * 1000),
      memberExportJob(database.db, { storage, mailer, exportsDir: config.exportsDir, appUrl: config.appUrl }, logger, env.EXPORT_INTERVAL_SECONDS * 1000),
      weeklyLetterJob(database.db, mailer, config, logger, env.WEEKLY_LETTER_INTERVAL_SECONDS * 1000),
      ...(upkeep ? [upkeep] : []),
      ...(backups ? [backups] : []),
    ],
    logger,
    metrics.jobs,
  );
  const payments = createPaymentGateway(paymentSettingsFromEnv(env));
  let inFlight = 0;
  let drained: (() => void) | undefined;
  const runtime: Runtime = {
    database,
    config,
    logger,
    payments,
    mailer,
    background,
    metrics,
    currentBanner,
    site: siteSettings(env),
    api: createApi({
      db: database.db,
      config,
      logger,
      currentBanner,
      mailer,
      background,
      storage,
      localStorage,
      sms: createSmsSender(smsSettingsFromEnv(env)),
      payments,
      push,
      social: socialSettingsFromEnv(env),
      metrics,
      readiness,
    }),
    get draining() {
      return readiness.state === 'draining';
    },
    async track(work) {
      inFlight += 1;
      try {
        return await work();
      } finally {
        inFlight -= 1;
        if (readiness.state === 'draining' && inFlight === 0) drained?.();
      }
    },
  };

  const shutdown = async (signal: string) => {
    if (readiness.state === 'draining') return;
    readiness.drain();
    logger.info({ signal, inFlight }, 'shutting down: finishing the requests under way');
    const requestsDone = new Promise<void>((done) => {
      if (inFlight === 0) done();
      else drained = done;
    });
    // The requests may still start background work, so that is waited for after them.
    const settled = Promise.all([scheduler.stop(), requestsDone.then(() => background.idle())]);
    await Promise.race([settled, new Promise((done) => setTimeout(done, DRAIN_TIMEOUT_MS).unref())]);
    try {
      await database.close();
      logger.info('database closed cleanly');
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'database did not close cleanly');
      process.exit(1);
    }
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
  readiness.ready();
  return runtime;
}

// Kept on globalThis so that the dev server's module reloads reuse the one open database.
const KEY = Symbol.for('ritual-community.runtime');
const holder = globalThis as typeof globalThis & { [KEY]?: Promise<Runtime> };

export function getRuntime(): Promise<Runtime> {
  holder[KEY] ??= boot();
  return holder[KEY];
}
