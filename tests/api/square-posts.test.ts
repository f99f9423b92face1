import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { commentLikes, comments, reactions, ritualSessions, ritualSessionUsers, saves, squarePosts } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { createCategory, createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

async function uploadImage(client: TestClient): Promise<string> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 240, g: 200, b: 120 } } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.append('image', new File([new Uint8Array(bytes)], 'walk.png', { type: 'image/png' }));
  const res = await client.post('/api/image-upload', { multipart: form });
  expect(res.status).toBe(201);
  return res.body.data.url as string;
}

const write = (client: TestClient, categoryId: number, fields: Record<string, unknown> = {}) =>
  client.post('/api/square-posts', {
    json: { square_post_category_id: categoryId, title: '아침 산책 30일째', content: '<p>오늘도 걸었어요.</p>', ...fields },
  });

describe('POST /api/square-posts', () => {
  it('stores a sanitised post with our picture as its thumbnail and answers the whole post', async () => {
    const category = await createCategory(db());
    const { user, client } = await signedInMember(db());
    const url = await uploadImage(client);
    const res = await write(client, category.id, {
      content: `<p style="color:red" onclick="x()">첫 줄 <strong>굵게</strong></p><img src="${url}" alt="산책길"><img src="https://elsewhere.example/a.png"><p>둘째 줄</p>`,
    });
    expect(res.status).toBe(201);
    const post = res.body.data;
    expect(post).toMatchObject({
      title: '아침 산책 30일째',
      excerpt: '첫 줄 굵게 둘째 줄',
      thumbnail_url: url,
      category: { id: category.id, name: category.name, slug: category.slug },
      author: { id: user.id, nickname: user.nickname, username: user.username, profile_image: null },
      author_name: user.nickname,
      is_anonymous: false,
      is_notice: false,
      is_protected: false,
      comments_count: 0,
      reactions_count: 0,
      reaction_counts: { like: 0, cheer: 0, empathy: 0, awesome: 0, thanks: 0 },
      my_reactions: [],
      is_saved: false,
      is_mine: true,
      comments: [],
    });
    expect(post.content_html).toBe(`<p>첫 줄 <strong>굵게</strong></p><img src="${url}" alt="산책길" loading="lazy" /><p>둘째 줄</p>`);
    expect(post.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
  });

  it('takes multipart with a password and the anonymous option where the category allows it', async () => {
    const category = await createCategory(db(), { allowsAnonymous: true });
    const { client } = await signedInMember(db());
    const form = new FormData();
    form.append('square_post_category_id', String(category.id));
    form.append('title', '털어놓고 싶은 이야기');
    form.append('content', '<p>요즘 조금 지쳐요.</p>');
    form.append('is_anonymous', '1');
    form.append('password', '4321');
    const res = await client.post('/api/square-posts', { multipart: form });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ author: null, author_name: '익명', is_anonymous: true, is_protected: true, is_mine: true });
    const [row] = await db().select().from(squarePosts).where(eq(squarePosts.id, res.body.data.id));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('refuses an empty body, a long title, a short password, anonymity where not allowed and unknown categories', async () => {
    const category = await createCategory(db());
    const { client } = await signedInMember(db());
    const empty = await write(client, category.id, { content: '<p> </p><img src="https://elsewhere.example/x.png">' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors).toEqual({ content: ['내용을 입력해 주세요.'] });
    expect((await write(client, category.id, { title: '가'.repeat(101) })).body.errors).toEqual({ title: ['제목은 100자 이하로 입력해 주세요.'] });
    expect((await write(client, category.id, { password: '12' })).body.errors).toEqual({ password: ['비밀번호는 4~20자로 입력해 주세요.'] });
    expect((await write(client, category.id, { is_anonymous: true })).body.errors).toEqual({ is_anonymous: ['이 게시판에서는 익명으로 글을 쓸 수 없어요.'] });
    expect((await write(client, 999_999)).body.errors).toEqual({ square_post_category_id: ['게시판을 찾을 수 없어요.'] });
    const long = await write(client, category.id, { content: `<p>${'가'.repeat(50_001)}</p>` });
    expect(long.status).toBe(422);
    expect(long.body.errors.content[0]).toContain('50,000자');
  });

  it('lets staff pin notices and nobody else', async () => {
    const category = await createCategory(db());
    const member = await signedInMember(db());
    expect((await write(member.client, category.id, { is_notice: true })).status).toBe(403);
    const staff = await signedInMember(db(), { role: 'staff' });
    const res = await write(staff.client, category.id, { is_notice: true });
    expect(res.status).toBe(201);
    expect(res.body.data.is_notice).toBe(true);
    const notices = await guestClient(db()).get('/api/square-posts/notices');
    expect(notices.body.data.map((n: { id: number }) => n.id)).toEqual([res.body.data.id]);
  });
});

describe('who may post where', () => {
  it('answers can-post with the reason, and lists the categories the member may post in', async () => {
    const open = await createCategory(db(), { sortOrder: 1 });
    const ritual = await createCategory(db(), { writeScope: 'session_member', sortOrder: 2 });
    const staffOnly = await createCategory(db(), { writeScope: 'staff', sortOrder: 3 });
    const canPost = (client: TestClient, id: number) => client.get(`/api/ritual-session-user-squares/can-post?square_post_category_id=${id}`);

    expect((await canPost(guestClient(db()), open.id)).body.data).toEqual({ can_post: false, reason: '로그인이 필요해요.' });
    const unverified = await signedInMember(db(), { emailVerifiedAt: null });
    expect((await canPost(unverified.client, open.id)).body.data).toEqual({ can_post: false, reason: '이메일 인증 후 글을 쓸 수 있어요.' });
    expect((await write(unverified.client, open.id)).body.message).toBe('이메일 인증 후 글을 쓸 수 있어요.');

    const { user, client } = await signedInMember(db());
    expect((await canPost(client, open.id)).body.data).toEqual({ can_post: true, reason: null });
    expect((await canPost(client, ritual.id)).body.data).toEqual({ can_post: false, reason: '리추얼에 참여한 멤버만 글을 쓸 수 있는 게시판이에요.' });
    expect((await canPost(client, staffOnly.id)).body.data).toEqual({ can_post: false, reason: '운영진만 글을 쓸 수 있는 게시판이에요.' });
    const refused = await write(client, staffOnly.id);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('운영진만 글을 쓸 수 있는 게시판이에요.');
    expect((await canPost(client, 999_999)).status).toBe(404);

    const mine = async () => (await client.get('/api/ritual-session-user-squares')).body.data.map((c: { id: number }) => c.id);
    expect(await mine()).toEqual(expect.arrayContaining([open.id]));
    expect(await mine()).not.toContain(ritual.id);
    const [session] = await db()
      .insert(ritualSessions)
      .values({ title: '11월 아침 루틴', startsAt: new Date('2026-11-01'), endsAt: new Date('2026-11-30') })
      .returning();
    await db().insert(ritualSessionUsers).values({ ritualSessionId: session!.id, userId: user.id });
    expect((await canPost(client, ritual.id)).body.data.can_post).toBe(true);
    expect(await mine()).toContain(ritual.id);
    expect(await mine()).not.toContain(staffOnly.id);
    expect((await write(client, ritual.id)).status).toBe(201);
    expect((await guestClient(db()).get('/api/ritual-session-user-squares')).status).toBe(401);
  });
});

describe('GET /api/square-posts', () => {
  it('lists newest first through opaque cursors, one category or every open one', async () => {
    const author = await createMember(db());
    const walks = await createCategory(db());
    const books = await createCategory(db());
    const secret = await createCategory(db(), { password: '1234' });
    const base = Date.parse('2026-11-01T00:00:00Z');
    const made = [];
    for (let i = 0; i < 5; i += 1) {
      made.push(await createPost(db(), author, i % 2 ? books : walks, { title: `기록 ${i}`, createdAt: new Date(base + i * 1000) }));
    }
    // Same moment as the newest: the id breaks the tie.
    made.push(await createPost(db(), author, walks, { title: '같은 시각', createdAt: new Date(base + 4000) }));
    await createPost(db(), author, secret, { title: '비밀 게시판 글', createdAt: new Date(base + 9000) });
    const guest = guestClient(db());

    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await guest.get(`/api/square-posts?per_page=2${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.status).toBe(200);
      expect(res.body.meta.per_page).toBe(2);
      seen.push(...res.body.data.map((p: { id: number }) => p.id));
      cursor = res.body.meta.next_cursor;
    } while (cursor);
    const expected = [...made].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id).map((p) => p.id);
    // Other tests' posts share the database; only this test's order is asserted.
    expect(seen.filter((id) => expected.includes(id))).toEqual(expected);

    const onlyBooks = await guest.get(`/api/square-posts?category=${books.slug}`);
    expect(onlyBooks.body.data.map((p: { title: string }) => p.title)).toEqual(['기록 3', '기록 1']);
    expect(onlyBooks.body.meta).toEqual({ next_cursor: null, per_page: 20 });
    expect((await guest.get('/api/square-posts?category=no-such-board')).status).toBe(404);
    expect((await guest.get('/api/square-posts?cursor=not-a-cursor')).status).toBe(422);
    expect((await guest.get('/api/square-posts?per_page=51')).status).toBe(422);
  });

  it('lists categories with their rules and whether this session may read them', async () => {
    const open = await createCategory(db(), { allowsAnonymous: true, description: '무엇이든 이야기해요' });
    const secret = await createCategory(db(), { password: '1234' });
    const inactive = await createCategory(db(), { isActive: false });
    const guest = guestClient(db());
    const res = await guest.get('/api/square-post-categories');
    const byId = new Map(res.body.data.map((c: { id: number }) => [c.id, c]));
    expect(byId.has(inactive.id)).toBe(false);
    expect(byId.get(open.id)).toEqual({
      id: open.id,
      name: open.name,
      slug: open.slug,
      description: '무엇이든 이야기해요',
      write_scope: 'member',
      allows_anonymous: true,
      is_protected: false,
      is_unlocked: true,
    });
    expect(byId.get(secret.id)).toMatchObject({ is_protected: true, is_unlocked: false });
    await guest.post('/api/square-posts/check-category-password', { json: { square_post_category_id: secret.id, password: '1234' } });
    const after = await guest.get('/api/square-post-categories');
    expect(after.body.data.find((c: { id: number }) => c.id === secret.id).is_unlocked).toBe(true);
  });
});

describe('GET /api/square-posts/{id}', () => {
  it('shows reactions, the reader’s own, saves and the comment tree', async () => {
    const category = await createCategory(db());
    const author = await signedInMember(db());
    const post = await createPost(db(), author.user, category);
    const reader = await signedInMember(db());
    const comment = await reader.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '응원해요!' } });
    expect(comment.status).toBe(201);
    await reader.client.post('/api/comments', {
      json: { model_type: 'square_post', model_id: post.id, content: '저도요', parent_id: comment.body.data.id },
    });
    await db().insert(reactions).values([
      { modelType: 'square_post', modelId: post.id, userId: reader.user.id, reactionType: 'cheer' },
      { modelType: 'square_post', modelId: post.id, userId: author.user.id, reactionType: 'cheer' },
      { modelType: 'square_post', modelId: post.id, userId: author.user.id, reactionType: 'thanks' },
    ]);
    expect((await reader.client.post(`/api/square-posts/${post.id}/toggle-save`)).body.data).toEqual({ saved: true });

    const res = await reader.client.get(`/api/square-posts/${post.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: post.id,
      content_html: post.contentHtml,
      reaction_counts: { like: 0, cheer: 2, empathy: 0, awesome: 0, thanks: 1 },
      my_reactions: ['cheer'],
      is_saved: true,
      is_mine: false,
      comments_count: 2,
    });
    expect(res.body.data.comments).toHaveLength(1);
    expect(res.body.data.comments[0]).toMatchObject({ content: '응원해요!', replies: [{ content: '저도요' }] });
    expect((await guestClient(db()).get('/api/square-posts/99999999')).status).toBe(404);
    expect((await guestClient(db()).get('/api/square-posts/abc')).status).toBe(404);
  });
});

describe('editing and deleting', () => {
  it('lets the author change the post with _method=PUT and keeps or removes the password', async () => {
    const category = await createCategory(db());
    const other = await createCategory(db());
    const { client } = await signedInMember(db());
    const created = (await write(client, category.id, { password: '1111' })).body.data;
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('square_post_category_id', String(other.id));
    form.append('title', '고친 제목');
    form.append('content', '<p>고친 내용</p>');
    const res = await client.post(`/api/square-posts/${created.id}`, { multipart: form });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ title: '고친 제목', excerpt: '고친 내용', category: { id: other.id }, is_protected: true });
    const removed = await client.post(`/api/square-posts/${created.id}`, {
      json: { _method: 'PUT', square_post_category_id: other.id, title: '고친 제목', content: '<p>고친 내용</p>', remove_password: true },
    });
    expect(removed.body.data.is_protected).toBe(false);
  });

  it('deletes the post with its comments, likes, reactions and saves', async () => {
    const category = await createCategory(db());
    const author = await signedInMember(db());
    const reader = await signedInMember(db());
    const post = (await write(author.client, category.id)).body.data;
    const comment = await reader.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '좋아요' } });
    await author.client.post(`/api/comments/${comment.body.data.id}/like`);
    await reader.client.post('/api/reactions', { json: { model_type: 'square_post', model_id: post.id, reaction_type: 'like' } });
    await reader.client.post(`/api/square-posts/${post.id}/toggle-save`);

    const res = await author.client.post(`/api/square-posts/${post.id}`, { json: { _method: 'DELETE' } });
    expect(res.status).toBe(204);
    expect(await db().select().from(squarePosts).where(eq(squarePosts.id, post.id))).toEqual([]);
    const left = (table: typeof comments | typeof reactions | typeof saves) =>
      db().select({ id: table.id }).from(table).where(and(eq(table.modelType, 'square_post'), eq(table.modelId, post.id)));
    expect(await left(comments)).toEqual([]);
    expect(await left(reactions)).toEqual([]);
    expect(await left(saves)).toEqual([]);
    expect(await db().select().from(commentLikes).where(eq(commentLikes.commentId, comment.body.data.id))).toEqual([]);
    expect((await reader.client.get(`/api/square-posts/${post.id}`)).status).toBe(404);
  });
});

describe('saves and a member’s posts', () => {
  it('toggles saves and lists them newest saved first', async () => {
    const category = await createCategory(db());
    const author = await createMember(db());
    const first = await createPost(db(), author, category, { title: '첫 글' });
    const second = await createPost(db(), author, category, { title: '둘째 글' });
    const { client } = await signedInMember(db());
    await client.post(`/api/square-posts/${second.id}/toggle-save`);
    await client.post(`/api/square-posts/${first.id}/toggle-save`);
    const saved = await client.get('/api/square-posts/saved?per_page=1');
    expect(saved.body.data.map((p: { id: number }) => p.id)).toEqual([first.id]);
    const next = await client.get(`/api/square-posts/saved?per_page=1&cursor=${saved.body.meta.next_cursor}`);
    expect(next.body.data.map((p: { id: number }) => p.id)).toEqual([second.id]);
    expect(next.body.meta.next_cursor).toBeNull();
    expect((await client.post(`/api/square-posts/${first.id}/toggle-save`)).body.data).toEqual({ saved: false });
    expect((await client.get('/api/square-posts/saved')).body.data.map((p: { id: number }) => p.id)).toEqual([second.id]);
    expect((await client.post('/api/square-posts/99999999/toggle-save')).status).toBe(404);
    expect((await guestClient(db()).get('/api/square-posts/saved')).status).toBe(401);
  });

  it('lists a member’s named posts, and their anonymous ones only to themselves', async () => {
    const category = await createCategory(db(), { allowsAnonymous: true });
    const { user, client } = await signedInMember(db());
    const named = await createPost(db(), user, category, { title: '이름으로 쓴 글' });
    const anonymous = await createPost(db(), user, category, { title: '익명으로 쓴 글', isAnonymous: true });
    const others = await guestClient(db()).get(`/api/square-posts/users/${user.id}`);
    expect(others.body.data.map((p: { id: number }) => p.id)).toEqual([named.id]);
    const own = await client.get(`/api/square-posts/users/${user.id}`);
    expect(own.body.data.map((p: { id: number }) => p.id)).toEqual([anonymous.id, named.id]);
    expect((await client.get('/api/square-posts/users/99999999')).status).toBe(404);
  });
});

describe('queries per request', () => {
  // Counts the statements the app sends while answering, whatever the driver.
  async function queriesFor(client: TestClient, path: string): Promise<number> {
    const session = (db() as unknown as { session: { prepareQuery: (...args: unknown[]) => unknown } }).session;
    const spy = vi.spyOn(session, 'prepareQuery');
    try {
      expect((await client.get(path)).status).toBe(200);
      return spy.mock.calls.length;
    } finally {
      spy.mockRestore();
    }
  }

  it('stays the same whether the list and the post show few rows or many', async () => {
    const category = await createCategory(db(), { allowsAnonymous: true });
    const { user, client } = await signedInMember(db());
    const few = await createPost(db(), user, category, { password: '1234' });
    const authors = await Promise.all(Array.from({ length: 6 }, () => createMember(db())));
    // One locked post of someone else from the start, so the batched unlock look-up is in the base count.
    await createPost(db(), authors[5]!, category, { password: '1234' });
    // Likewise one comment, so the comments' like look-up is counted from the start.
    await db().insert(comments).values({ modelType: 'square_post', modelId: few.id, userId: user.id, content: '첫 댓글' });
    const base = await queriesFor(client, `/api/square-posts?category=${category.slug}`);
    const baseDetail = await queriesFor(client, `/api/square-posts/${few.id}`);
    expect(base).toBeGreaterThan(0);
    for (const [i, author] of authors.entries()) {
      const post = await createPost(db(), author, category, { isAnonymous: i % 2 === 0, ...(i % 3 === 0 ? { password: '1234' } : {}) });
      await db().insert(saves).values({ modelType: 'square_post', modelId: post.id, userId: user.id });
      await db().insert(comments).values({ modelType: 'square_post', modelId: few.id, userId: author.id, content: `댓글 ${i}` });
      await db().insert(reactions).values({ modelType: 'square_post', modelId: few.id, userId: author.id, reactionType: 'like' });
    }
    expect(await queriesFor(client, `/api/square-posts?category=${category.slug}`)).toBe(base);
    expect(await queriesFor(client, `/api/square-posts/${few.id}`)).toBe(baseDetail);
    const saved = await queriesFor(client, '/api/square-posts/saved');
    for (let i = 0; i < 4; i += 1) {
      const post = await createPost(db(), authors[i]!, category);
      await db().insert(saves).values({ modelType: 'square_post', modelId: post.id, userId: user.id });
    }
    expect(await queriesFor(client, '/api/square-posts/saved')).toBe(saved);
  });
});
