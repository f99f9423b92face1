import { describe, expect, it } from 'vitest';
import { createRoom, createRoomPost, roomWithMembers } from '../helpers/room-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

describe('GET /api/admin/room-posts', () => {
  it("lists one room's posts newest first, hides one through moderation and finds it among the hidden", async () => {
    const { room, host, first } = await roomWithMembers(db());
    const other = await createRoom(db());
    const older = await createRoomPost(db(), room, host.user, { category: 'notice', title: '첫 주 안내', createdAt: new Date(Date.now() - 60_000) });
    const newer = await createRoomPost(db(), room, first.user, { contentHtml: '<p>광고 링크 <a href="https://spam.example">클릭</a></p>', excerpt: '광고 링크 클릭' });
    await createRoomPost(db(), other, first.user);
    const { client } = await signedInStaff(db());

    const listed = await client.get(`/api/admin/room-posts?ritual_session_id=${room.id}`);
    expect(listed.status).toBe(200);
    expect(listed.body.meta.total).toBe(2);
    expect(listed.body.data.map((post: { id: number }) => post.id)).toEqual([newer.id, older.id]);
    expect(listed.body.data[1]).toMatchObject({
      model_type: 'ritual_session_post',
      model_id: older.id,
      ritual_session_id: room.id,
      session: room.title,
      category: 'notice',
      title: '첫 주 안내',
      author: { id: host.user.id, nickname: host.user.nickname },
      is_hidden: false,
    });

    const detail = await client.get(`/api/admin/room-posts/${newer.id}`);
    expect(detail.body.data.content_html).toContain('광고 링크');
    expect((await client.get('/api/admin/room-posts/999999')).status).toBe(404);

    expect((await client.post('/api/admin/moderation/hide', { json: { model_type: 'ritual_session_post', model_id: newer.id } })).status).toBe(200);
    const hidden = await client.get(`/api/admin/room-posts?ritual_session_id=${room.id}&visibility=hidden`);
    expect(hidden.body.data.map((post: { id: number; is_hidden: boolean }) => [post.id, post.is_hidden])).toEqual([[newer.id, true]]);
    const shown = await client.get(`/api/admin/room-posts?ritual_session_id=${room.id}&visibility=shown`);
    expect(shown.body.data.map((post: { id: number }) => post.id)).toEqual([older.id]);
    const searched = await client.get(`/api/admin/room-posts?q=${encodeURIComponent('광고')}`);
    expect(searched.body.data.map((post: { id: number }) => post.id)).toEqual([newer.id]);
  });

  it('answers 422 for a filter it cannot read', async () => {
    const { client } = await signedInStaff(db());
    const bad = await client.get('/api/admin/room-posts?ritual_session_id=abc&visibility=gone');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['ritual_session_id', 'visibility']);
  });
});
