import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { queryRows } from '../../src/server/db/client.ts';
import { ritualSessionCheckIns, ritualSessionPosts, ritualSessions } from '../../src/server/db/schema/index.ts';
import type { RitualSession } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { createRoom, insertCheckIn, insertRoomPost, joinRoom, seoulDateFromToday, seoulTime } from '../helpers/room-progress-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
const day = seoulDateFromToday;

interface DoneDay {
  ritual_session_id: number;
  user_id: number;
  day: string;
  records: number;
}

const byKey = (a: DoneDay, b: DoneDay) => a.ritual_session_id - b.ritual_session_id || a.user_id - b.user_id || a.day.localeCompare(b.day);

/** What the triggers keep, as stored. */
async function kept(): Promise<DoneDay[]> {
  const rows = await queryRows<DoneDay>(db(), sql`select ritual_session_id, user_id, day::text as day, records from ritual_session_done_days`);
  return rows.sort(byKey);
}

/** The same days counted from the records themselves, as the room pages counted them before the table. */
async function counted(): Promise<DoneDay[]> {
  const rows = await queryRows<DoneDay>(
    db(),
    sql`select ritual_session_id, user_id, day::text as day, count(*)::int as records from (
        select ritual_session_id, user_id, day from ritual_session_check_ins
        union all
        select ritual_session_id, user_id, (created_at at time zone 'Asia/Seoul')::date from ritual_session_posts where category <> 'notice'
      ) records group by 1, 2, 3`,
  );
  return rows.sort(byKey);
}

async function daysOf(sessionId: number, userId: number): Promise<Record<string, number>> {
  const rows = (await kept()).filter((row) => row.ritual_session_id === sessionId && row.user_id === userId);
  return Object.fromEntries(rows.map((row) => [row.day, row.records]));
}

let room: RitualSession;
let memberId: number;

beforeAll(async () => {
  room = await createRoom(db(), seoulTime(day(-6)), seoulTime(day(10)));
  memberId = (await createMember(db())).id;
  await joinRoom(db(), room.id, memberId);
});

describe('ritual_session_done_days, kept by triggers', () => {
  it('counts check-ins and record posts by Seoul day, never notices', async () => {
    await insertCheckIn(db(), room.id, memberId, day(-5));
    await insertRoomPost(db(), room.id, memberId, seoulTime(day(-5), 7), 'wakeup');
    // 23:59 and 00:01 in Seoul are two days, whatever the server's clock says.
    await insertRoomPost(db(), room.id, memberId, seoulTime(day(-4), 23, 59), 'retrospect');
    await insertRoomPost(db(), room.id, memberId, seoulTime(day(-3), 0, 1), 'inspiration');
    await insertRoomPost(db(), room.id, memberId, seoulTime(day(-2), 9), 'notice');

    expect(await daysOf(room.id, memberId)).toEqual({ [day(-5)]: 2, [day(-4)]: 1, [day(-3)]: 1 });
    expect(await kept()).toEqual(await counted());
  });

  it('follows a post that is deleted, moved to another day, or made a notice and back', async () => {
    const first = await insertRoomPost(db(), room.id, memberId, seoulTime(day(-1), 8), 'wakeup');
    const second = await insertRoomPost(db(), room.id, memberId, seoulTime(day(-1), 21), 'retrospect');
    expect((await daysOf(room.id, memberId))[day(-1)]).toBe(2);

    await db().delete(ritualSessionPosts).where(eq(ritualSessionPosts.id, first.id));
    expect((await daysOf(room.id, memberId))[day(-1)]).toBe(1);

    await db().update(ritualSessionPosts).set({ category: 'notice' }).where(eq(ritualSessionPosts.id, second.id));
    expect(await daysOf(room.id, memberId)).not.toHaveProperty(day(-1));

    await db().update(ritualSessionPosts).set({ category: 'weekly_goal' }).where(eq(ritualSessionPosts.id, second.id));
    expect((await daysOf(room.id, memberId))[day(-1)]).toBe(1);

    await db().update(ritualSessionPosts).set({ createdAt: seoulTime(day(-6), 10) }).where(eq(ritualSessionPosts.id, second.id));
    const days = await daysOf(room.id, memberId);
    expect(days).not.toHaveProperty(day(-1));
    expect(days[day(-6)]).toBe(1);

    // An edit that changes none of what is counted leaves the day as it was.
    await db().update(ritualSessionPosts).set({ title: '고쳐 쓴 제목', category: 'weekly_goal' }).where(eq(ritualSessionPosts.id, second.id));
    expect((await daysOf(room.id, memberId))[day(-6)]).toBe(1);
    expect(await kept()).toEqual(await counted());
  });

  it('follows check-ins that are removed or moved', async () => {
    await insertCheckIn(db(), room.id, memberId, day(0));
    expect((await daysOf(room.id, memberId))[day(0)]).toBe(1);
    await db()
      .update(ritualSessionCheckIns)
      .set({ day: day(1) })
      .where(eq(ritualSessionCheckIns.day, day(0)));
    expect(await daysOf(room.id, memberId)).not.toHaveProperty(day(0));
    await db().delete(ritualSessionCheckIns).where(eq(ritualSessionCheckIns.day, day(1)));
    expect(await daysOf(room.id, memberId)).not.toHaveProperty(day(1));
    expect(await kept()).toEqual(await counted());
  });

  it('counts records written many at a time, and forgets a deleted session', async () => {
    const other = await createRoom(db(), seoulTime(day(-30)), seoulTime(day(-2)));
    const members = await Promise.all([createMember(db()), createMember(db()), createMember(db())]);
    for (const member of members) await joinRoom(db(), other.id, member.id);
    await db().execute(sql`
      insert into ritual_session_posts (ritual_session_id, user_id, category, content_html, excerpt, created_at, updated_at)
      select ${other.id}, (array[${members[0]!.id}, ${members[1]!.id}, ${members[2]!.id}]::int[])[1 + g % 3],
             case when g % 7 = 0 then 'notice' else 'wakeup' end, '<p>기록</p>', '기록',
             now() - g * interval '5 hours', now() - g * interval '5 hours'
      from generate_series(1, 90) g`);
    expect(await kept()).toEqual(await counted());
    expect((await kept()).some((row) => row.ritual_session_id === other.id)).toBe(true);

    await db().delete(ritualSessions).where(eq(ritualSessions.id, other.id));
    expect((await kept()).some((row) => row.ritual_session_id === other.id)).toBe(false);
    expect(await kept()).toEqual(await counted());
  });

  it('stays right when two members of one day are written and removed at once', async () => {
    const a = await insertRoomPost(db(), room.id, memberId, seoulTime(day(2), 7), 'wakeup');
    const b = await insertRoomPost(db(), room.id, memberId, seoulTime(day(2), 8), 'wakeup');
    // Both transactions remove a record of the same day, each holding its change open for a while:
    // neither may keep the day alive on the strength of the other's record.
    const removeIn = (postId: number, holdMs: number) =>
      db().transaction(async (tx) => {
        await tx.delete(ritualSessionPosts).where(eq(ritualSessionPosts.id, postId));
        await new Promise((resolve) => setTimeout(resolve, holdMs));
      });
    await Promise.all([removeIn(a.id, 150), removeIn(b.id, 50)]);
    expect(await daysOf(room.id, memberId)).not.toHaveProperty(day(2));

    const addIn = (hour: number, holdMs: number) =>
      db().transaction(async (tx) => {
        await tx.insert(ritualSessionPosts).values({
          ritualSessionId: room.id,
          userId: memberId,
          category: 'inspiration',
          contentHtml: '<p>같은 날</p>',
          excerpt: '같은 날',
          createdAt: seoulTime(day(3), hour),
          updatedAt: seoulTime(day(3), hour),
        });
        await new Promise((resolve) => setTimeout(resolve, holdMs));
      });
    await Promise.all([addIn(6, 150), addIn(7, 50), addIn(8, 0)]);
    expect((await daysOf(room.id, memberId))[day(3)]).toBe(3);
    expect(await kept()).toEqual(await counted());
  });
});
