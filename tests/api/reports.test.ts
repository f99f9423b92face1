import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, reports } from '../../src/server/db/schema/index.ts';
import { REPORT_MESSAGES } from '../../src/server/modules/reports/schema.ts';
import { createRoomPost, roomWithMembers } from '../helpers/room-factories.ts';
import { createCategory, createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

async function squarePost(overrides: { categoryPassword?: string } = {}) {
  const author = await signedInMember(db());
  const category = await createCategory(db(), overrides.categoryPassword ? { password: overrides.categoryPassword } : {});
  const post = await createPost(db(), author.user, category);
  return { author, post };
}

describe('POST /api/reports', () => {
  it('takes a member\'s report once per item, and answers a second with 409 in Korean', async () => {
    const { post } = await squarePost();
    const { user, client } = await signedInMember(db());
    const first = await client.post('/api/reports', { json: { model_type: 'square_post', model_id: post.id, reason: 'spam', detail: '  광고 링크가 있어요 ' } });
    expect(first.status).toBe(201);
    expect(first.body.data).toMatchObject({ model_type: 'square_post', model_id: post.id, reason: 'spam', detail: '광고 링크가 있어요' });

    const again = await client.post('/api/reports', { json: { model_type: 'square_post', model_id: post.id, reason: 'abuse' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(REPORT_MESSAGES.already);
    const stored = await db().select().from(reports).where(eq(reports.reporterId, user.id));
    expect(stored.map((row) => row.reason)).toEqual(['spam']);
  });

  it('answers a guest 401', async () => {
    const { post } = await squarePost();
    const answer = await guestClient(db()).post('/api/reports', { json: { model_type: 'square_post', model_id: post.id, reason: 'spam' } });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ message: 'Unauthenticated.' });
  });

  it('refuses a bad reason, type or id with 422 and Korean messages', async () => {
    const { post } = await squarePost();
    const { user, client } = await signedInMember(db());
    const badReason = await client.post('/api/reports', { json: { model_type: 'square_post', model_id: post.id, reason: 'boring' } });
    expect(badReason.status).toBe(422);
    expect(badReason.body.errors.reason).toEqual([REPORT_MESSAGES.reason]);
    const badType = await client.post('/api/reports', { json: { model_type: 'review', model_id: post.id, reason: 'spam' } });
    expect(badType.status).toBe(422);
    expect(badType.body.errors.model_type).toEqual([REPORT_MESSAGES.modelType]);
    const longDetail = await client.post('/api/reports', { json: { model_type: 'square_post', model_id: post.id, reason: 'other', detail: '가'.repeat(501) } });
    expect(longDetail.status).toBe(422);
    expect(longDetail.body.errors.detail).toEqual([REPORT_MESSAGES.detailTooLong]);
    expect(await db().select().from(reports).where(eq(reports.reporterId, user.id))).toHaveLength(0);
  });

  it('answers 404 for what does not exist and 403 for one\'s own item', async () => {
    const { author, post } = await squarePost();
    const { client } = await signedInMember(db());
    expect((await client.post('/api/reports', { json: { model_type: 'square_post', model_id: post.id + 1000, reason: 'spam' } })).status).toBe(404);
    const own = await author.client.post('/api/reports', { json: { model_type: 'square_post', model_id: post.id, reason: 'spam' } });
    expect(own.status).toBe(403);
    expect(own.body.message).toBe(REPORT_MESSAGES.own);
  });

  it('lets only those who can read an item report it: a locked category, a room post, a comment in a room', async () => {
    const { post: locked } = await squarePost({ categoryPassword: '1234' });
    const stranger = await signedInMember(db());
    expect((await stranger.client.post('/api/reports', { json: { model_type: 'square_post', model_id: locked.id, reason: 'spam' } })).status).toBe(403);

    const { room, host, first, outsider } = await roomWithMembers(db());
    const roomPost = await createRoomPost(db(), room, host.user);
    const [comment] = await db().insert(comments).values({ modelType: 'ritual_session_post', modelId: roomPost.id, userId: host.user.id, content: '다들 힘내요' }).returning();
    expect((await outsider.client.post('/api/reports', { json: { model_type: 'ritual_session_post', model_id: roomPost.id, reason: 'abuse' } })).status).toBe(403);
    expect((await outsider.client.post('/api/reports', { json: { model_type: 'comment', model_id: comment!.id, reason: 'abuse' } })).status).toBe(403);
    expect((await first.client.post('/api/reports', { json: { model_type: 'ritual_session_post', model_id: roomPost.id, reason: 'abuse' } })).status).toBe(201);
    expect((await first.client.post('/api/reports', { json: { model_type: 'comment', model_id: comment!.id, reason: 'privacy' } })).status).toBe(201);
  });
});
