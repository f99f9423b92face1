import { desc, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { jsonArray, jsonRowShape } from '../../src/server/db/json-rows.ts';
import { users } from '../../src/server/db/schema/index.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

interface Row {
  id: number;
  nickname: string;
  profileImage: string | null;
  createdAt: Date;
  verifiedAt: Date | null;
}

const shape = jsonRowShape<Row>(
  { id: users.id, nickname: users.nickname, profileImage: users.profileImage, createdAt: users.createdAt, verifiedAt: users.emailVerifiedAt },
  ['createdAt', 'verifiedAt'],
);

async function page(limit: number): Promise<Row[]> {
  const rows = db().select({ row: shape.row.as('row') }).from(users).orderBy(desc(users.id)).limit(limit).as('page');
  const [answer] = await db().select({ rows: jsonArray(rows.row) }).from(rows);
  return shape.parse(answer!.rows);
}

describe('rows written out by the database as one JSON array', () => {
  it('keeps the order and the values of the query, timestamps as Dates and nulls as null', async () => {
    const made: User[] = [];
    for (let i = 0; i < 25; i += 1) made.push(await createMember(db(), { nickname: `줄${i} "따옴표" \\ 와 </script>` }));
    await db().execute(sql`update users set created_at = '2026-03-01 12:34:56.789123+00' where id = ${made[0]!.id}`);

    const rows = await page(30);
    const ids = made.map((member) => member.id).sort((a, b) => b - a);
    expect(rows.map((row) => row.id).slice(0, 25)).toEqual(ids);
    const first = rows.find((row) => row.id === made[0]!.id)!;
    expect(first).toEqual({
      id: made[0]!.id,
      nickname: made[0]!.nickname,
      profileImage: null,
      createdAt: new Date('2026-03-01T12:34:56.789Z'),
      verifiedAt: made[0]!.emailVerifiedAt,
    });
    expect(first.createdAt).toBeInstanceOf(Date);
  });

  it('answers an empty array for no rows', async () => {
    expect(await page(0)).toEqual([]);
  });
});
