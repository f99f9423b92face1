import { isIPv6 } from 'node:net';
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

const dottedQuad = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * What a counter counts for an address. An IPv6 host is given a /64 at least and may send from any
 * address in it, so the whole /64 is one client; an IPv4 address in IPv6 form is its IPv4 one.
 */
export function addressGroup(ip: string): string {
  const address = ip.split('%')[0]!.toLowerCase();
  if (!isIPv6(address)) return ip;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(address);
  if (mapped) return mapped[1]!;
  const hex = address.replace(dottedQuad, (_quad, a: string, b: string, c: string, d: string) =>
    [(Number(a) << 8) | Number(b), (Number(c) << 8) | Number(d)].map((part) => part.toString(16)).join(':'),
  );
  const [head = '', tail] = hex.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const hextets = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  return `${hextets
    .slice(0, 4)
    .map((hextet) => Number.parseInt(hextet, 16).toString(16))
    .join(':')}::/64`;
}

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
