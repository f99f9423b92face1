import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client.ts';
import { hitRateLimit } from '../modules/rate-limits/service.ts';
import type { AppContext, AppEnv } from './context.ts';
import { tooManyRequests } from './errors.ts';

export interface RateLimitRule {
  /** Names the counter, so two routes never share one by accident. */
  name: string;
  limit: number;
  windowSeconds: number;
  /** What is counted; by default the visitor's address. */
  key?: (c: AppContext) => string;
}

export async function enforceRateLimit(db: Db, c: AppContext, rule: RateLimitRule, key?: string): Promise<void> {
  const subject = key ?? rule.key?.(c) ?? c.get('clientIp');
  const result = await hitRateLimit(db, `${rule.name}:${subject}`, rule.limit, rule.windowSeconds);
  if (!result.allowed) throw tooManyRequests(result.retryAfterSeconds);
}

export const rateLimit = (db: Db, rule: RateLimitRule) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await enforceRateLimit(db, c, rule);
    await next();
  });
