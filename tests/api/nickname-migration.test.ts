import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const MIGRATION = readFileSync('drizzle/0005_unique_live_nicknames.sql', 'utf8');

describe('migration 0005: unique live nicknames', () => {
  it('renames later namesakes among live members, then makes nicknames unique', async () => {
    const { db } = testDb().database;
    // The schema as it was before: nicknames could repeat.
    await db.execute(sql`drop index users_nickname_lower_live_unique`);
    await db.execute(sql`create index users_nickname_idx on users (nickname)`);
    const first = await createMember(db, { nickname: '같은이름' });
    const second = await createMember(db, { nickname: '같은이름' });
    const third = await createMember(db, { nickname: '같은이름' });
    const gone = await createMember(db, { nickname: '탈퇴한 회원', deletedAt: new Date() });
    const goneToo = await createMember(db, { nickname: '탈퇴한 회원', deletedAt: new Date() });

    for (const statement of MIGRATION.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));

    const rows = await db.select({ id: users.id, nickname: users.nickname }).from(users).orderBy(users.id);
    const nameOf = (id: number) => rows.find((row) => row.id === id)?.nickname;
    expect(nameOf(first.id)).toBe('같은이름');
    expect(nameOf(second.id)).toBe(`같은이름${second.id}`);
    expect(nameOf(third.id)).toBe(`같은이름${third.id}`);
    expect([nameOf(gone.id), nameOf(goneToo.id)]).toEqual(['탈퇴한 회원', '탈퇴한 회원']);
    await expect(createMember(db, { nickname: '같은이름' })).rejects.toThrow();
  });
});
