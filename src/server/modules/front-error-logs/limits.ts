import type { RateLimitRule } from '../../http/rate-limit.ts';

/**
 * How many browser error reports are taken in: a page stuck in a loop, or someone filling the
 * table on purpose, is stopped per address within a minute and within a day, and all addresses
 * together within an hour. The clean-up job bounds what is kept (FRONT_ERROR_LOG_MAX_ROWS).
 */
export const FRONT_ERROR_LIMITS = {
  perMinute: { name: 'front-error-logs', limit: 20, windowSeconds: 60 },
  perDay: { name: 'front-error-logs-daily', limit: 200, windowSeconds: 86_400 },
  sitePerHour: { name: 'front-error-logs-site', limit: 1000, windowSeconds: 3600, key: () => 'all' },
} satisfies Record<string, RateLimitRule>;
