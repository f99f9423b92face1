import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, squarePostCategories, squarePosts, squareUnlocks, users } from '../../src/server/db/schema/index.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { listComments } from '../../src/server/modules/comments/service.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

async function signedIn(overrides: Partial<User> = {}) {
  const user = await createMember(db(), overrides);
  const { token, session } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db()).client();
  client.cookies.set('session', token);
  return { user, client, sessionId: session.id };
}

let slugCounter = 0;
async function post(authorId: number, options: { isAnonymous?: boolean; categoryPassword?: boolean; postPassword?: boolean } = {}) {
  slugCounter += 1;
  const [category] = await db()
    .insert(squarePostCategories)
    .values({ name: `게시판${slugCounter}`, slug: `c-${slugCounter}-${Date.now()}`, allowsAnonymous: true, passwordHash: options.categoryPassword ? 'hash' : null })
    .returning();
  const [row] = await db()
    .insert(squarePosts)
    .values({
      squarePostCategoryId: category!.id,
      userId: authorId,
      title: '아침 산책 기록',
      contentHtml: '<p>오늘도 걸었어요.</p>',
      excerpt: '오늘도 걸었어요.',
      isAnonymous: options.isAnonymous ?? false,
      passwordHash: options.postPassword ? 'hash' : null,
      updatedAt: new Date('2026-01-01T00:00:00Z'),
    })
    .returning();
  return { post: row!, category: category! };
}

const counts = async (postId: number) =>
  (await db().select({ comments: squarePosts.commentsCount, updatedAt: squarePosts.updatedAt }).from(squarePosts).where(eq(squarePosts.id, postId)))[0]!;

const write = (client: Awaited<ReturnType<typeof signedIn>>['client'], modelId: number, fields: Record<string, unknown> = {}) =>
  client.post('/api/comments', { json: { model_type: 'square_post', model_id: modelId, content: '좋은 글 고마워요', ...fields } });

describe('POST /api/comments', () => {
  it('adds a comment with its author, counts it on the post, and keeps the post unedited', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const reader = await signedIn();
    const res = await write(reader.client, p.id, { content: '  저도 내일부터\r\n걸어 볼게요  ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      parent_id: null,
      content: '저도 내일부터\n걸어 볼게요',
      is_anonymous: false,
      author: { id: reader.user.id, nickname: reader.user.nickname, username: reader.user.username, profile_image: null },
      author_name: reader.user.nickname,
      likes_count: 0,
      is_liked: false,
      is_mine: true,
      is_deleted: false,
      replies: [],
    });
    expect(res.body.data.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/);
    const after = await counts(p.id);
    expect(after.comments).toBe(1);
    expect(after.updatedAt.toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('answers 401 to a guest, 403 to an unverified member, 422 on bad input and unknown model types, 404 on a missing post', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const guest = createTestApp(db()).client();
    expect((await write(guest, p.id)).status).toBe(401);
    const unverified = await signedIn({ emailVerifiedAt: null });
    const refused = await write(unverified.client, p.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('이메일 인증 후 댓글을 쓸 수 있어요.');
    const empty = await write(owner.client, p.id, { content: ' \r\n ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.content).toEqual(['댓글 내용을 입력해 주세요.']);
    const long = await write(owner.client, p.id, { content: '가'.repeat(1001) });
    expect(long.body.errors.content).toEqual(['댓글은 1,000자 이하로 입력해 주세요.']);
    expect((await write(owner.client, p.id, { content: '가'.repeat(1000) })).status).toBe(201);
    const review = await write(owner.client, p.id, { model_type: 'review' });
    expect(review.status).toBe(422);
    expect(review.body.errors.model_type).toEqual(['지원하지 않는 대상이에요.']);
    expect((await write(owner.client, p.id, { model_type: 'nonsense' })).body.errors.model_type).toEqual(['지원하지 않는 대상이에요.']);
    const missing = await write(owner.client, 999_999);
    expect(missing.status).toBe(404);
    expect(await counts(p.id)).toMatchObject({ comments: 1 });
  });

  it('attaches a reply to a reply to the top comment, and refuses a parent from another post', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const { post: other } = await post(owner.user.id);
    const top = (await write(owner.client, p.id)).body.data;
    const reply = (await write(owner.client, p.id, { parent_id: top.id })).body.data;
    const deeper = await write(owner.client, p.id, { parent_id: String(reply.id) });
    expect(deeper.body.data.parent_id).toBe(top.id);
    const stranger = await write(owner.client, other.id, { parent_id: top.id });
    expect(stranger.status).toBe(422);
    expect(stranger.body.errors.parent_id).toEqual(['답글을 달 댓글을 찾을 수 없어요.']);
    const tree = await listComments(db(), { userId: owner.user.id, sessionId: null }, 'square_post', p.id);
    expect(tree.map((c) => [c.id, c.replies.map((r) => r.id)])).toEqual([[top.id, [reply.id, deeper.body.data.id]]]);
  });

  it("keeps an anonymous post's author anonymous in its comments and lets others choose", async () => {
    const owner = await signedIn();
    const { post: anonymous } = await post(owner.user.id, { isAnonymous: true });
    const { post: named } = await post(owner.user.id);
    const mine = await write(owner.client, anonymous.id);
    expect(mine.body.data).toMatchObject({ is_anonymous: true, author: null, author_name: '익명(작성자)', is_mine: true });
    const reader = await signedIn();
    const hidden = await write(reader.client, anonymous.id, { is_anonymous: 'true' });
    expect(hidden.body.data).toMatchObject({ is_anonymous: true, author: null, author_name: '익명' });
    const open = await write(reader.client, anonymous.id);
    expect(open.body.data).toMatchObject({ is_anonymous: false, author_name: reader.user.nickname });
    const refused = await write(reader.client, named.id, { is_anonymous: true });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.is_anonymous).toEqual(['익명 댓글은 익명 글에만 쓸 수 있어요.']);
    const third = await signedIn();
    const seen = await listComments(db(), { userId: third.user.id, sessionId: null }, 'square_post', anonymous.id);
    expect(JSON.stringify(seen)).not.toContain(owner.user.nickname);
    expect(seen.map((c) => c.authorName)).toEqual(['익명(작성자)', '익명', reader.user.nickname]);
  });
});

describe('editing and deleting comments', () => {
  it('lets only the author edit (multipart _method=PUT), with CR stripped', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const comment = (await write(owner.client, p.id)).body.data;
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('content', '고친 내용이에요\r\n둘째 줄');
    const res = await owner.client.post(`/api/comments/${comment.id}`, { multipart: form });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: comment.id, content: '고친 내용이에요\n둘째 줄' });
    const other = await signedIn();
    const refused = await other.client.post(`/api/comments/${comment.id}`, { json: { _method: 'PUT', content: '남의 댓글' } });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('내가 쓴 댓글만 고치거나 지울 수 있어요.');
    const guest = createTestApp(db()).client();
    expect((await guest.post(`/api/comments/${comment.id}`, { json: { _method: 'PUT', content: '손님' } })).status).toBe(401);
    expect((await owner.client.post(`/api/comments/${comment.id}`, { json: { _method: 'PUT', content: '' } })).status).toBe(422);
    expect((await owner.client.post('/api/comments/abc', { json: { _method: 'PUT', content: '없음' } })).status).toBe(404);
  });

  it("refuses another member's delete (403), lets staff delete, and keeps the count right", async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const first = (await write(owner.client, p.id)).body.data;
    const second = (await write(owner.client, p.id)).body.data;
    const other = await signedIn();
    expect((await other.client.request('DELETE', `/api/comments/${first.id}`)).status).toBe(403);
    expect((await createTestApp(db()).client().request('DELETE', `/api/comments/${first.id}`)).status).toBe(401);
    expect((await owner.client.request('DELETE', `/api/comments/${first.id}`)).status).toBe(204);
    expect((await owner.client.request('DELETE', `/api/comments/${first.id}`)).status).toBe(404);
    const staff = await signedIn({ role: 'staff' });
    expect((await staff.client.post(`/api/comments/${second.id}`, { json: { _method: 'DELETE' } })).status).toBe(204);
    expect(await counts(p.id)).toMatchObject({ comments: 0 });
  });

  it('blanks a deleted comment that has replies and removes it with its last reply', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const top = (await write(owner.client, p.id)).body.data;
    const reader = await signedIn();
    const reply = (await write(reader.client, p.id, { parent_id: top.id })).body.data;
    await reader.client.post(`/api/comments/${top.id}/like`);
    expect((await owner.client.request('DELETE', `/api/comments/${top.id}`)).status).toBe(204);
    expect(await counts(p.id)).toMatchObject({ comments: 1 });
    const tree = await listComments(db(), { userId: reader.user.id, sessionId: null }, 'square_post', p.id);
    expect(tree).toHaveLength(1);
    expect(tree[0]).toMatchObject({ id: top.id, isDeleted: true, content: '삭제된 댓글입니다.', author: null, likesCount: 0 });
    expect(tree[0]!.replies.map((r) => r.id)).toEqual([reply.id]);
    const blanked = await write(reader.client, p.id, { parent_id: top.id });
    expect(blanked.body.errors.parent_id).toEqual(['삭제된 댓글에는 답글을 달 수 없어요.']);
    expect((await owner.client.post(`/api/comments/${top.id}/like`)).status).toBe(404);
    expect((await reader.client.request('DELETE', `/api/comments/${reply.id}`)).status).toBe(204);
    expect(await db().select().from(comments).where(eq(comments.modelId, p.id))).toEqual([]);
    expect(await counts(p.id)).toMatchObject({ comments: 0 });
  });
});

describe('comment likes', () => {
  it('toggles and counts likes, also when two toggles arrive at once', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const comment = (await write(owner.client, p.id)).body.data;
    const reader = await signedIn();
    const liked = await reader.client.post(`/api/comments/${comment.id}/like`);
    expect(liked.body.data).toEqual({ liked: true, likes_count: 1 });
    expect((await owner.client.post(`/api/comments/${comment.id}/like`)).body.data).toEqual({ liked: true, likes_count: 2 });
    expect((await reader.client.post(`/api/comments/${comment.id}/like`)).body.data).toEqual({ liked: false, likes_count: 1 });
    const [a, b] = await Promise.all([
      reader.client.post(`/api/comments/${comment.id}/like`),
      reader.client.post(`/api/comments/${comment.id}/like`),
    ]);
    expect([a.body.data.liked, b.body.data.liked].sort()).toEqual([false, true]);
    const [row] = await db().select({ likes: comments.likesCount }).from(comments).where(eq(comments.id, comment.id));
    expect(row!.likes).toBe(1);
    expect((await createTestApp(db()).client().post(`/api/comments/${comment.id}/like`)).status).toBe(401);
    const tree = await listComments(db(), { userId: owner.user.id, sessionId: null }, 'square_post', p.id);
    expect(tree[0]).toMatchObject({ likesCount: 1, isLiked: true });
  });
});

describe('comments on protected posts and by deleted members', () => {
  it('refuses every comment endpoint on a locked post with the locked body, until the session unlocks it', async () => {
    const owner = await signedIn();
    const { post: p, category } = await post(owner.user.id, { categoryPassword: true });
    const ownComment = (await write(owner.client, p.id)).body.data;
    expect(ownComment.id).toBeTypeOf('number');
    const reader = await signedIn();
    const locked = await write(reader.client, p.id);
    expect(locked.status).toBe(403);
    expect(locked.body).toEqual({
      message: '비밀번호를 입력해야 볼 수 있는 게시판이에요.',
      locked: 'category',
      category: { id: category.id, name: category.name, slug: category.slug },
    });
    expect((await reader.client.post(`/api/comments/${ownComment.id}/like`)).status).toBe(403);
    await db().insert(squareUnlocks).values({ sessionId: reader.sessionId, kind: 'category', targetId: category.id });
    expect((await write(reader.client, p.id)).status).toBe(201);

    const { post: secret } = await post(owner.user.id, { postPassword: true });
    const refused = await write(reader.client, secret.id);
    expect(refused.body).toMatchObject({ locked: 'post', title: '아침 산책 기록', message: '비밀번호를 입력해야 볼 수 있는 글이에요.' });
  });

  it('shows a deleted member as 탈퇴한 회원', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const leaver = await signedIn();
    await write(leaver.client, p.id);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaver.user.id));
    const [comment] = await listComments(db(), { userId: null, sessionId: null }, 'square_post', p.id);
    expect(comment).toMatchObject({ authorName: '탈퇴한 회원', author: { id: leaver.user.id, deleted: true } });
    const { commentResource } = await import('../../src/server/modules/comments/resource.ts');
    expect(commentResource(comment!)).toMatchObject({
      author: { id: leaver.user.id, nickname: '탈퇴한 회원', username: null, profile_image: null },
      author_name: '탈퇴한 회원',
    });
  });

  it('lists a thread in a constant number of queries', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const reader = { userId: owner.user.id, sessionId: null };
    const counter = countQueries(db(), testDb().kind);
    const measure = async () => (await counter.during(() => listComments(counter.db, reader, 'square_post', p.id))).length;
    await write(owner.client, p.id);
    const few = await measure();
    for (let i = 0; i < 6; i += 1) await write(owner.client, p.id, { content: `댓글 ${i}` });
    expect(await measure()).toBe(few);
    // The target, then the comments with their authors and the reader's likes.
    expect(few).toBe(2);
  });
});
