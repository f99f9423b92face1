import { resolve } from 'node:path';
import { and, count, eq, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { banners, users } from '../../src/server/db/schema/index.ts';
import { DemoSeedRefused, isDatabaseEmpty, seedDemoData } from '../../src/server/db/seed/index.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/members.ts';
import { DEMO_ADMIN_EMAIL, DEMO_ADMIN_TOTP_SECRET } from '../../src/server/db/seed/staff.ts';
import { DEVELOPMENT_APP_KEY } from '../../src/server/development-key.ts';
import { openSecret } from '../../src/server/modules/admin/secret-box.ts';
import { verifyPassword } from '../../src/server/modules/auth/password.ts';
import { createTestDatabase, useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

describe('the database', () => {
  it('applies the migrations once: running them again changes nothing', async () => {
    const { database } = testDb();
    await migrateDatabase(database, resolve('drizzle'));
    const [row] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(row?.n).toBeGreaterThanOrEqual(1);
    await migrateDatabase(database, resolve('drizzle'));
    const [again] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect(again?.n).toBe(row?.n);
  });

  it('seeds the demo members and the banner on an empty database, all or nothing', async () => {
    const fresh = await createTestDatabase();
    try {
      const { db } = fresh.database;
      expect(await isDatabaseEmpty(db)).toBe(true);
      await seedDemoData(db, { production: false });
      expect(await isDatabaseEmpty(db)).toBe(false);
      // Members who can sign in; the rituals' applicants (no password) only hold seats.
      const members = await db
        .select()
        .from(users)
        .where(and(eq(users.role, 'member'), isNotNull(users.passwordHash)))
        .orderBy(users.id);
      expect(members.map((m) => m.email)).toEqual([1, 2, 3, 4, 5].map((n) => `member${n}@example.com`));
      const staff = await db.select().from(users).where(eq(users.role, 'staff'));
      expect(staff.map((m) => [m.email, m.nickname, m.totpEnabledAt])).toEqual([['staff@example.com', '리추얼 운영팀', null]]);
      // The demo administrator comes enrolled in the second factor, with the documented secret.
      const [admin] = await db.select().from(users).where(eq(users.role, 'admin'));
      expect(admin?.email).toBe(DEMO_ADMIN_EMAIL);
      expect(openSecret(DEVELOPMENT_APP_KEY, admin!.totpSecret!)).toBe(DEMO_ADMIN_TOTP_SECRET);
      expect(members.every((m) => m.emailVerifiedAt && m.agreedTermsAt)).toBe(true);
      expect(await verifyPassword(members[0]!.passwordHash!, DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(members[0]!.passwordHash!, 'wrong')).toBe(false);
      const [shown] = await db.select({ n: count() }).from(banners).where(eq(banners.isActive, true));
      expect(shown?.n).toBe(1);
      // A second seed breaks the unique e-mail and leaves the first seed as it was.
      await expect(seedDemoData(db, { production: false })).rejects.toThrow();
      expect((await db.select({ n: count() }).from(users))[0]?.n).toBe(7 + 8);
    } finally {
      await fresh.drop();
    }
  });

  it('refuses to seed demo members in production', async () => {
    await expect(seedDemoData(testDb().database.db, { production: true })).rejects.toThrow(DemoSeedRefused);
  });

  it('keeps e-mail and username unique whatever their case', async () => {
    const { db } = testDb().database;
    await db.insert(users).values({ email: 'Case@Example.com', nickname: '대소문자', username: 'CaseUser' });
    await expect(
      db.insert(users).values({ email: 'case@example.com', nickname: '다른사람', username: 'other' }),
    ).rejects.toThrow();
    await expect(
      db.insert(users).values({ email: 'other@example.com', nickname: '다른사람', username: 'caseuser' }),
    ).rejects.toThrow();
  });

  it.runIf(inject('dbKind') === 'postgres')('cancels a statement that runs past the timeout (PostgreSQL)', async () => {
    const limited = await openDatabase(testDb().url!, { statementTimeoutMs: 200 });
    try {
      const started = Date.now();
      const failure = await limited.db.execute(sql`select pg_sleep(5)`).catch((error: Error) => error);
      expect(String((failure as Error).cause)).toMatch(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(await queryRows(limited.db, sql`select 1 as ok`)).toEqual([{ ok: 1 }]);
    } finally {
      await limited.close();
    }
  });

  it.runIf(inject('dbKind') === 'postgres')('lets several instances migrate one PostgreSQL at once', async () => {
    const others = await Promise.all([1, 2, 3].map(() => openDatabase(testDb().url!)));
    try {
      await Promise.all(others.map((database) => migrateDatabase(database, resolve('drizzle'))));
    } finally {
      await Promise.all(others.map((database) => database.close()));
    }
  });
});
