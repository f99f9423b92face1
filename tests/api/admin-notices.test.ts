import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, notices } from '../../src/server/db/schema/index.ts';
import { guestClient } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

beforeEach(async () => {
  await db().delete(notices);
  await db().delete(auditLogs);
});

const auditOf = (modelId: number) => db().select().from(auditLogs).where(eq(auditLogs.modelId, modelId)).orderBy(auditLogs.id);

describe('notices in the console', () => {
  it('publishes a notice that guests then read, sanitised, and audits each change', async () => {
    const { user, client } = await signedInStaff(db());
    const created = await client.post('/api/admin/notices', {
      json: {
        title: '12월 리추얼 일정 안내',
        body_html: '<p>새 시즌이 열려요.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
        is_pinned: true,
        published_at: new Date(Date.now() - 60_000).toISOString(),
      },
    });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;
    expect(created.body.data.body_html).not.toMatch(/script|onerror/);
    expect(created.body.data).toMatchObject({ title: '12월 리추얼 일정 안내', is_pinned: true });

    const guest = guestClient(db());
    const read = await guest.get(`/api/notices/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.title).toBe('12월 리추얼 일정 안내');

    const updated = await client.request('PATCH', `/api/admin/notices/${id}`, { json: { title: '12월 리추얼 일정 안내 (수정)' } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.title).toBe('12월 리추얼 일정 안내 (수정)');
    expect(updated.body.data.is_pinned).toBe(true);

    // Back to a draft: guests no longer find it.
    await client.request('PATCH', `/api/admin/notices/${id}`, { json: { published_at: null } });
    expect((await guest.get(`/api/notices/${id}`)).status).toBe(404);

    const removed = await client.request('DELETE', `/api/admin/notices/${id}`);
    expect(removed.status).toBe(204);
    expect((await client.get(`/api/admin/notices/${id}`)).status).toBe(404);

    const trail = await auditOf(id);
    expect(trail.map((row) => [row.action, row.modelType, row.actorId])).toEqual([
      ['create', 'notice', user.id],
      ['update', 'notice', user.id],
      ['update', 'notice', user.id],
      ['delete', 'notice', user.id],
    ]);
    expect(trail[1]!.before).toMatchObject({ title: '12월 리추얼 일정 안내' });
    expect(trail[1]!.after).toMatchObject({ title: '12월 리추얼 일정 안내 (수정)' });
    expect(trail[3]!.after).toBeNull();
    expect(trail.every((row) => row.requestId && row.requestId.length > 0)).toBe(true);

    const listed = await client.get('/api/admin/audit-logs?model_type=notice');
    expect(listed.body.data).toHaveLength(4);
    expect(listed.body.data[0]).toMatchObject({ action: 'delete', actor_nickname: user.nickname, model_id: id });
  });

  it('answers bad input with 422 in Korean and changes nothing', async () => {
    const { client } = await signedInStaff(db());
    const empty = await client.post('/api/admin/notices', { json: { title: ' ', body_html: '' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.title).toEqual(['제목을 입력해 주세요.']);
    expect(empty.body.errors.body_html).toEqual(['본문을 입력해 주세요.']);
    const badTime = await client.post('/api/admin/notices', { json: { title: '제목', body_html: '<p>본문</p>', published_at: 'tomorrow' } });
    expect(badTime.status).toBe(422);
    expect(badTime.body.errors.published_at[0]).toContain('날짜와 시각');
    const badSort = await client.get('/api/admin/notices?order=sideways');
    expect(badSort.status).toBe(422);
    expect(await db().select().from(notices)).toHaveLength(0);
    expect(await db().select().from(auditLogs)).toHaveLength(0);
    expect((await client.request('PATCH', '/api/admin/notices/999999', { json: { title: '없음' } })).status).toBe(404);
    expect((await client.request('DELETE', '/api/admin/notices/abc')).status).toBe(404);
  });

  it('searches, sorts and pages the list', async () => {
    const { client } = await signedInStaff(db());
    await db()
      .insert(notices)
      .values(Array.from({ length: 30 }, (_, index) => ({ title: index % 2 ? `배송 안내 ${index}` : `점검 안내 ${index}`, bodyHtml: '<p>본문</p>', publishedAt: new Date(Date.now() - index * 60_000) })));
    const page = await client.get('/api/admin/notices?q=배송&per_page=10&page=2&sort=title&order=asc');
    expect(page.status).toBe(200);
    expect(page.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 10, total: 15 });
    expect(page.body.data.every((row: { title: string }) => row.title.startsWith('배송'))).toBe(true);
    const wildcard = await client.get('/api/admin/notices?q=%25');
    expect(wildcard.body.meta.total).toBe(0);
    const some = await client.get(`/api/admin/notices?ids=${page.body.data[0].id},${page.body.data[1].id}`);
    expect(some.body.data).toHaveLength(2);
  });
});
