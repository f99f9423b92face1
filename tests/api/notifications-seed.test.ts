import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { DEMO_PASSWORD } from '../../src/server/db/seed/members.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);

beforeAll(async () => {
  await seedDemoData(db(), { production: false });
});

describe('the demo notifications', () => {
  it('give member1 a few dozen, the newest unread, from the square’s own comments and reactions, and a coupon', async () => {
    const [member1] = await rows<{ total: number; unread: number; types: number; anonymous: number }>(sql`
      select count(*)::int as total, count(*) filter (where n.read_at is null)::int as unread,
             count(distinct n.type)::int as types, count(*) filter (where n.is_anonymous)::int as anonymous
      from notifications n join users u on u.id = n.user_id where u.email = 'member1@example.com'`);
    expect(member1!.total).toBeGreaterThanOrEqual(24);
    expect(member1!.total).toBeLessThanOrEqual(120);
    expect(member1!.unread).toBeGreaterThan(0);
    expect(member1!.unread).toBeLessThan(member1!.total);
    // The square's comments, replies and reactions, and the coupon the demo gives member1.
    expect(member1!.types).toBe(4);

    const [orphans] = await rows<{ self: number; missing: number; unreadBehindRead: number }>(sql`
      select count(*) filter (where n.user_id = n.actor_id)::int as self,
             count(*) filter (where case n.source_type
               when 'comment' then not exists (select 1 from comments c where c.id = n.source_id and c.deleted_at is null)
               when 'coupon' then not exists (select 1 from coupon_users cu where cu.id = n.source_id)
               else not exists (select 1 from reactions r where r.id = n.source_id) end)::int as missing,
             count(*) filter (where n.read_at is null and exists (
               select 1 from notifications newer where newer.user_id = n.user_id and newer.id > n.id and newer.read_at is not null))::int
               as "unreadBehindRead"
      from notifications n`);
    expect(orphans).toEqual({ self: 0, missing: 0, unreadBehindRead: 0 });
  });

  it('reads through the API after signing in as member1: the bell has its dot and the list its texts', async () => {
    const client = createTestApp(db()).client();
    const login = await client.post('/login', { json: { email: 'member1@example.com', password: DEMO_PASSWORD } });
    expect(login.status).toBe(200);
    const poll = await client.get('/api/notifications/new');
    expect(poll.body.data).toEqual({ id: expect.any(Number), created_at: expect.any(String) });
    const list = await client.get('/api/notifications');
    expect(list.body.data).toHaveLength(20);
    expect(list.body.data[0].id).toBe(poll.body.data.id);
    expect(list.body.meta.next_cursor).toEqual(expect.any(String));
    // The newest is the coupon given last in the seed; the rest come from the square.
    expect(list.body.data[0].data).toMatchObject({ target: 'coupon', title: '가을 감사 쿠폰', link: '/mypage/coupon' });
    for (const item of list.body.data.slice(1)) {
      expect(item.data.title).not.toBe('');
      expect(item.data.square_post_category_slug).toEqual(expect.any(String));
      expect(item.data.id).toEqual(expect.any(Number));
    }
    expect((await client.get('/api/notifications/new')).body).toEqual({ data: null });
  });
});
