import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { hitRateLimit } from '../modules/rate-limits/service.ts';
import { HttpError, tooManyRequests } from './errors.ts';
import type { RateLimitRule } from './rate-limit.ts';

/** One counter an attempt is charged to: a rule and what it counts (an address, an account, a post). */
export interface AttemptCounter {
  rule: Pick<RateLimitRule, 'name' | 'limit' | 'windowSeconds'>;
  key: string;
  /** What a refused attempt is told, when the generic "too many requests" would mislead. */
  message?: (retryAfterSeconds: number) => string;
}

export interface Attempt {
  /** The attempt was right: it is given back to every counter, so only failures add up. */
  succeeded(): Promise<void>;
}

const keyOf = (counter: AttemptCounter) => `${counter.rule.name}:${counter.key}`;

async function refund(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.execute(sql`update rate_limits set hits = greatest(hits - 1, 0) where key in (${sql.join(keys.map((key) => sql`${key}`), sql`, `)})`);
}

/**
 * Charges one guess (a password, a code) to each counter before it is checked, so that guesses
 * sent at once cannot all slip under a limit; a right guess is refunded. When one counter is
 * spent the guess is refused with 429 and the counters already charged are refunded.
 */
export async function beginAttempt(db: Db, counters: AttemptCounter[]): Promise<Attempt> {
  const charged: string[] = [];
  for (const counter of counters) {
    const result = await hitRateLimit(db, keyOf(counter), counter.rule.limit, counter.rule.windowSeconds);
    if (!result.allowed) {
      await refund(db, charged);
      const refusal = tooManyRequests(result.retryAfterSeconds);
      throw counter.message
        ? new HttpError(429, counter.message(result.retryAfterSeconds), undefined, refusal.headers)
        : refusal;
    }
    charged.push(keyOf(counter));
  }
  return { succeeded: () => refund(db, charged) };
}
