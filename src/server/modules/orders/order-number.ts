import { randomInt } from 'node:crypto';
import { formatDate } from '../../../lib/time.ts';

// Said over the phone and copied by hand: no 0 against O, no 1 against I or L.
const READABLE = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';
const CODE_LENGTH = 6;

/**
 * `20261128-7KQ4M9`: the Seoul day the order was placed and six of 31 characters, 887 million a
 * day. Within Toss's order id rule (6-64 of [A-Za-z0-9_-]). The unique index decides: a number
 * already taken is drawn again (createOrder). Numbers of the older `ORD-20261124-…` form stay as
 * they are and are looked up the same way.
 */
export function newOrderNumber(now: Date, draw: (max: number) => number = randomInt): string {
  let code = '';
  for (let index = 0; index < CODE_LENGTH; index += 1) code += READABLE[draw(READABLE.length)];
  return `${formatDate(now).replaceAll('.', '')}-${code}`;
}

/** The insert failed only because another order holds this number. */
export function numberTaken(error: unknown): boolean {
  const cause = ((error as { cause?: unknown } | null)?.cause ?? error) as { code?: string; constraint?: string } | null;
  return cause?.code === '23505' && cause.constraint === 'orders_order_number_idx';
}
