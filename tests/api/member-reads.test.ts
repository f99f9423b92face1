import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { cartItems, sessions } from '../../src/server/db/schema/index.ts';
import { pollNotifications } from '../../src/server/modules/notifications/poll.ts';
import { createSession, hashToken } from '../../src/server/modules/sessions/service.ts';
import { cartBadge } from '../../src/server/modules/store/cart-badge.ts';
import { createMember } from '../helpers/factories.ts';
import { insertNotifications } from '../helpers/notification-factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { guestClient } from '../helpers/square-factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

// The bell's poll and the cart badge run before the session middleware and read the session
// themselves, with their data, in one statement: they must sign in exactly whom the middleware would.

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

const policy = { lifetimeMinutes: 120, rememberDays: 30 };
const READS = ['/api/notifications/new', '/api/cart-items/count'] as const;

/** A member with a notification and a cart line, so that each read has something to answer. */
async function memberWithData(overrides: Parameters<typeof createMember>[1] = {}) {
  const member = await createMember(db(), overrides);
  const [notificationId] = await insertNotifications(db(), member.id, 1);
  const { product } = await createProduct(db());
  await db().insert(cartItems).values({ userId: member.id, productId: product.id, quantity: 1 });
  return { member, notificationId: notificationId! };
}

function clientWith(token: string) {
  const client = guestClient(db());
  client.cookies.set('session', token);
  return client;
}

describe('the reads that take their own session', () => {
  it('answer a live member with their own data in one statement, the session included', async () => {
    const { member, notificationId } = await memberWithData();
    await memberWithData();
    const { token } = await createSession(db(), { userId: member.id }, policy);
    const counter = countQueries(db(), testDb().kind);
    const client = createTestApp(counter.db).client();
    client.cookies.set('session', token);
    const answers: unknown[] = [];
    for (const path of READS) {
      const statements = await counter.during(async () => {
        const res = await client.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control')).toBe('private, no-store');
        answers.push(res.body);
      });
      expect(statements.map((s) => s.sql), path).toEqual([expect.stringMatching(/^select .* from "sessions" left join "users" .* left join lateral/)]);
    }
    expect(answers).toEqual([{ data: { id: notificationId, created_at: expect.any(String) } }, { data: { count: 1 } }]);
  });

  for (const path of READS) {
    it(`${path}: 401 to a guest; 401 and the cookie cleared for an unknown or expired session`, async () => {
      const guest = await guestClient(db()).get(path);
      expect(guest.status).toBe(401);
      expect(guest.body).toEqual({ message: 'Unauthenticated.' });
      const { member } = await memberWithData();
      const expired = await createSession(db(), { userId: member.id }, policy, new Date(Date.now() - 3 * 3600_000));
      for (const token of ['not-a-real-token', expired.token]) {
        const client = clientWith(token);
        const res = await client.get(path);
        expect(res.status).toBe(401);
        expect(res.body).toEqual({ message: 'Unauthenticated.' });
        expect(client.cookies.has('session'), token).toBe(false);
      }
    });

    it(`${path}: 401 to a live session without a member, or of a deleted or suspended one, keeping its cookie`, async () => {
      const { member: gone } = await memberWithData({ deletedAt: new Date() });
      const { member: suspended } = await memberWithData({ suspendedUntil: new Date(Date.now() + 86_400_000) });
      for (const userId of [null, gone.id, suspended.id]) {
        const { token } = await createSession(db(), { userId }, policy);
        const client = clientWith(token);
        const res = await client.get(path);
        expect(res.status, String(userId)).toBe(401);
        expect(client.cookies.get('session')).toBe(token);
      }
    });
  }

  it('slide the session forward as any request does, at most once a minute', async () => {
    const { member, notificationId } = await memberWithData();
    const start = new Date(Date.now() - 90 * 60_000);
    const { token } = await createSession(db(), { userId: member.id }, policy, start);
    const expiry = async () => (await db().select().from(sessions).where(eq(sessions.id, hashToken(token))))[0]!.expiresAt.getTime();

    const soon = await pollNotifications(db(), token, policy, new Date(start.getTime() + 30_000));
    expect(soon).toEqual({ userId: member.id, value: { id: notificationId, createdAt: expect.any(Date) } });
    expect(await cartBadge(db(), token, policy, new Date(start.getTime() + 45_000))).toEqual({ userId: member.id, value: 1 });
    expect(await expiry()).toBe(start.getTime() + 120 * 60_000);

    const later = new Date(start.getTime() + 90 * 60_000);
    await cartBadge(db(), token, policy, later);
    expect(await expiry()).toBe(later.getTime() + 120 * 60_000);
    const latest = new Date(start.getTime() + 100 * 60_000);
    await pollNotifications(db(), token, policy, latest);
    expect(await expiry()).toBe(latest.getTime() + 120 * 60_000);
  });
});
