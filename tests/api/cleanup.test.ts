import { randomBytes } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { frontErrorLogs, rateLimits, sessions, tempCartItems, users } from '../../src/server/db/schema/index.ts';
import { cleanUp } from '../../src/server/jobs/cleanup.ts';
import type { CleanupSettings } from '../../src/server/jobs/cleanup.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const DAY_MS = 86_400_000;
const settings: CleanupSettings = { everyMs: 60_000, frontErrorRetentionDays: 30, frontErrorMaxRows: 10_000 };
const fromNow = (ms: number) => new Date(Date.now() + ms);
const unique = () => randomBytes(8).toString('hex');

async function addSessions(db: Db, count: number, expiresAt: Date): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({ id: unique(), userId: null, expiresAt }));
  await db.insert(sessions).values(rows);
  return rows.map((row) => row.id);
}

async function addWindows(db: Db, count: number, resetAt: Date): Promise<string[]> {
  const rows = Array.from({ length: count }, () => ({ key: `test:${unique()}`, hits: 1, resetAt }));
  await db.insert(rateLimits).values(rows);
  return rows.map((row) => row.key);
}

async function addReports(db: Db, count: number, createdAt: Date): Promise<number[]> {
  const rows = Array.from({ length: count }, (_, i) => ({ message: `report ${i}`, ipAddress: '10.50.0.1', createdAt }));
  const inserted = await db.insert(frontErrorLogs).values(rows).returning({ id: frontErrorLogs.id });
  return inserted.map((row) => row.id);
}

const sessionIds = async (db: Db, ids: string[]) =>
  (await db.select({ id: sessions.id }).from(sessions).where(inArray(sessions.id, ids))).map((row) => row.id).sort();
const windowKeys = async (db: Db, keys: string[]) =>
  (await db.select({ key: rateLimits.key }).from(rateLimits).where(inArray(rateLimits.key, keys))).map((row) => row.key).sort();
const reportIds = async (db: Db) =>
  (await db.select({ id: frontErrorLogs.id }).from(frontErrorLogs).orderBy(frontErrorLogs.id)).map((row) => row.id);

describe('the clean-up job', () => {
  it('deletes expired sessions, ended rate-limit windows and error reports past their retention, and keeps the rest', async () => {
    const db = testDb().database.db;
    await db.delete(frontErrorLogs);
    const expired = await addSessions(db, 3, fromNow(-60_000));
    const live = await addSessions(db, 2, fromNow(3_600_000));
    const ended = await addWindows(db, 3, fromNow(-1000));
    const running = await addWindows(db, 2, fromNow(3_600_000));
    await addReports(db, 3, fromNow(-31 * DAY_MS));
    const recent = await addReports(db, 2, fromNow(-29 * DAY_MS));

    expect(await cleanUp(db, settings)).toEqual({ sessions: 3, rateLimits: 3, frontErrorLogs: 3, tempCartItems: 0, pendingOrders: 0, idempotencyKeys: 0, reminderDeliveries: 0, memberExports: 0 });
    expect(await sessionIds(db, [...expired, ...live])).toEqual([...live].sort());
    expect(await windowKeys(db, [...ended, ...running])).toEqual([...running].sort());
    expect(await reportIds(db)).toEqual(recent);
    expect(await cleanUp(db, settings)).toEqual({ sessions: 0, rateLimits: 0, frontErrorLogs: 0, tempCartItems: 0, pendingOrders: 0, idempotencyKeys: 0, reminderDeliveries: 0, memberExports: 0 });
  });

  it('deletes temp carts left for a day, and keeps the ones on their way to the checkout', async () => {
    const db = testDb().database.db;
    const [member] = await db.insert(users).values({ email: `${unique()}@example.com`, username: `u${unique()}`, nickname: `n${unique().slice(0, 8)}` }).returning();
    const { product } = await createProduct(db);
    const line = (createdAt: Date) => ({ userId: member!.id, productId: product.id, quantity: 1, createdAt, updatedAt: createdAt });
    const [stale] = await db.insert(tempCartItems).values(line(fromNow(-DAY_MS - 60_000))).returning();
    const [fresh] = await db.insert(tempCartItems).values(line(fromNow(-DAY_MS + 60_000))).returning();
    expect((await cleanUp(db, settings)).tempCartItems).toBe(1);
    const left = await db.select({ id: tempCartItems.id }).from(tempCartItems).where(inArray(tempCartItems.id, [stale!.id, fresh!.id]));
    expect(left).toEqual([{ id: fresh!.id }]);
  });

  it('deletes in statements of at most the batch size, each claiming its rows', async () => {
    const { database, kind } = testDb();
    const expired = await addSessions(database.db, 25, fromNow(-60_000));
    const counter = countQueries(database.db, kind);
    const statements = await counter.during(() => cleanUp(counter.db, settings, { batchSize: 10 }));
    const deletes = statements.filter((statement) => /^delete from "sessions"/.test(statement.sql));
    expect(deletes).toHaveLength(3);
    for (const statement of deletes) {
      expect(statement.sql).toMatch(/limit \$\d+ for update skip locked\)/);
      expect(statement.params).toContain(10);
    }
    expect(await sessionIds(database.db, expired)).toEqual([]);
  });

  it('keeps no more than the newest error reports up to the cap, however recent the others', async () => {
    const db = testDb().database.db;
    await db.delete(frontErrorLogs);
    const ids = await addReports(db, 25, fromNow(-DAY_MS));
    const deleted = await cleanUp(db, { ...settings, frontErrorMaxRows: 10 }, { batchSize: 4 });
    expect(deleted.frontErrorLogs).toBe(15);
    expect(await reportIds(db)).toEqual(ids.slice(-10));
  });

  it('lets two instances clean up at once: each row is deleted by one of them, and neither fails', async () => {
    const { database, url } = testDb();
    const db = database.db;
    await db.delete(frontErrorLogs);
    // PostgreSQL: a second pool, as a second instance has; PGlite is one process's database.
    const other = url ? await openDatabase(url) : database;
    try {
      const expired = await addSessions(db, 300, fromNow(-60_000));
      const live = await addSessions(db, 5, fromNow(3_600_000));
      const ended = await addWindows(db, 300, fromNow(-1000));
      await addReports(db, 300, fromNow(-40 * DAY_MS));
      const recent = await addReports(db, 5, fromNow(-DAY_MS));

      const both = await Promise.all([
        cleanUp(db, settings, { batchSize: 20 }),
        cleanUp(other.db, settings, { batchSize: 20 }),
      ]);
      expect(both[0].sessions + both[1].sessions).toBe(300);
      expect(both[0].rateLimits + both[1].rateLimits).toBe(300);
      expect(both[0].frontErrorLogs + both[1].frontErrorLogs).toBe(300);
      expect(await sessionIds(db, [...expired, ...live])).toEqual([...live].sort());
      expect(await windowKeys(db, ended)).toEqual([]);
      expect(await reportIds(db)).toEqual(recent);
    } finally {
      if (other !== database) await other.close();
    }
  });

  it('stops between statements once shutdown has begun', async () => {
    const db = testDb().database.db;
    const expired = await addSessions(db, 5, fromNow(-60_000));
    const stopping = new AbortController();
    stopping.abort();
    expect(await cleanUp(db, settings, { batchSize: 2, signal: stopping.signal })).toEqual({
      sessions: 0,
      rateLimits: 0,
      frontErrorLogs: 0,
      tempCartItems: 0,
      pendingOrders: 0,
      idempotencyKeys: 0,
      reminderDeliveries: 0,
      memberExports: 0,
    });
    expect(await sessionIds(db, expired)).toHaveLength(5);
    await db.delete(sessions).where(inArray(sessions.id, expired));
  });
});
