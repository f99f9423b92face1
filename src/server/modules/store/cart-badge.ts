import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { literalLimit, preparedQuery } from '../../db/prepared.ts';
import { cartItems, products, sessions, users } from '../../db/schema/index.ts';
import { memberRead, memberReadColumns } from '../sessions/member-read.ts';
import type { MemberRead } from '../sessions/member-read.ts';
import { liveSessionCondition, liveSessionValues } from '../sessions/service.ts';
import type { SessionPolicy } from '../sessions/service.ts';
import { isListedStatus } from './product-service.ts';

/**
 * The header badge asks on every page a member opens, so the session, its member and the number
 * of cart lines (of listed products, down cart_items_user_idx) come in one statement. Each line's
 * product status is a subquery by primary key, not a join: the planner joined the products by
 * hashing, and building the hash cost more than the rest of the count (measured on PGlite: 0.17
 * against 0.19-0.24 ms a statement, the session's part 0.14).
 */
const badgeQuery = preparedQuery((db) => {
  const status = db.select({ status: products.status }).from(products).where(eq(products.id, cartItems.productId));
  const lines = db
    .select({ count: sql<number>`count(*)::int`.as('count') })
    .from(cartItems)
    .where(and(eq(cartItems.userId, sessions.userId), isListedStatus(sql`(${status})`)))
    .as('lines');
  return db
    .select({ ...memberReadColumns, count: lines.count })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoinLateral(lines, sql`true`)
    .where(liveSessionCondition())
    .limit(literalLimit(1))
    .prepare('cart_badge');
});

/** GET /api/cart-items/count for a session cookie's token; null when no live session has it. */
export async function cartBadge(db: Db, token: string, policy: SessionPolicy, now = new Date()): Promise<MemberRead<number> | null> {
  const [row] = await badgeQuery(db).execute(liveSessionValues(token, now));
  if (!row) return null;
  return memberRead(db, row, row.count ?? 0, policy, now);
}
