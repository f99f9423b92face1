import { resolve } from 'node:path';
import type { Env } from './env.ts';
import type { ProxyTrust } from './http/client-ip.ts';

/** What the HTTP app needs to know, separate from `env` so a test can build an app with its own. */
export interface AppConfig {
  appUrl: string;
  publicApiUrl: string | undefined;
  isProduction: boolean;
  appKey: string;
  sessionCookie: string;
  sessionLifetimeMinutes: number;
  sessionRememberDays: number;
  /** Which proxies may say who the client is (X-Forwarded-For); 0 for none. */
  trustProxy: ProxyTrust;
  bodyLimitBytes: number;
  /** When the legacy /v1 paths stop answering (their Sunset header). */
  legacySunset: Date;
  /** The bearer token a Prometheus scraper sends for /metrics; without one there is no /metrics. */
  metricsToken: string | undefined;
  /** Where members' export ZIPs are kept (absolute); every instance must see the same folder. */
  exportsDir: string;
}

export function configFromEnv(env: Env): AppConfig {
  return {
    appUrl: env.APP_URL,
    publicApiUrl: env.PUBLIC_API_URL,
    isProduction: env.isProduction,
    appKey: env.APP_KEY,
    sessionCookie: env.SESSION_COOKIE,
    sessionLifetimeMinutes: env.SESSION_LIFETIME_MINUTES,
    sessionRememberDays: env.SESSION_REMEMBER_DAYS,
    trustProxy: env.TRUST_PROXY,
    bodyLimitBytes: env.API_BODY_LIMIT_BYTES,
    legacySunset: env.LEGACY_SUNSET,
    metricsToken: env.METRICS_TOKEN,
    exportsDir: resolve(env.EXPORTS_DIR),
  };
}
