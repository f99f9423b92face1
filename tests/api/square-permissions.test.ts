import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, saves, users } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { createCategory, createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const ids = (res: { body: { data: { id: number }[] } }) => res.body.data.map((item) => item.id);
const edit = (client: TestClient, post: { id: number; squarePostCategoryId: number }) =>
  client.post(`/api/square-posts/${post.id}`, {
    json: { _method: 'PUT', square_post_category_id: post.squarePostCategoryId, title: '바꾼 제목', content: '<p>바꾼 내용</p>' },
  });

describe('nobody changes another member’s post', () => {
  it('answers 403 to others, 401 to guests, and lets the author and staff', async () => {
    const category = await createCategory(db());
    const author = await signedInMember(db());
    const post = await createPost(db(), author.user, category);
    const other = await signedInMember(db());
    const guest = guestClient(db());

    for (const res of [await edit(other.client, post), await other.client.post(`/api/square-posts/${post.id}`, { json: { _method: 'DELETE' } })]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe('내가 쓴 글만 수정하거나 삭제할 수 있어요.');
    }
    expect((await edit(guest, post)).status).toBe(401);
    expect((await guest.post(`/api/square-posts/${post.id}`, { json: { _method: 'DELETE' } })).status).toBe(401);
    expect((await guest.post('/api/square-posts', { json: { square_post_category_id: category.id, title: '제목', content: '<p>내용</p>' } })).status).toBe(401);
    expect((await guest.post(`/api/square-posts/${post.id}/toggle-save`)).status).toBe(401);
    expect((await edit(author.client, post)).status).toBe(200);
    const staff = await signedInMember(db(), { role: 'staff' });
    expect((await edit(staff.client, post)).body.data).toMatchObject({ title: '바꾼 제목', is_mine: false });
    expect((await staff.client.post(`/api/square-posts/${post.id}`, { json: { _method: 'DELETE' } })).status).toBe(204);
    expect((await edit(author.client, post)).status).toBe(404);
  });
});

describe('a protected category', () => {
  it('is unreadable through every endpoint until its password is given in this session', async () => {
    const secret = await createCategory(db(), { password: '1234', allowsAnonymous: true });
    const author = await signedInMember(db());
    const post = await createPost(db(), author.user, secret, { title: '비밀 게시판의 글', isNotice: true });
    // Saved while it was readable (say, before the category got its password).
    const reader = await signedInMember(db());
    await db().insert(saves).values({ modelType: 'square_post', modelId: post.id, userId: reader.user.id });

    const client = reader.client;
    const list = await client.get(`/api/square-posts?category=${secret.slug}`);
    expect(list.status).toBe(403);
    expect(list.body).toEqual({ message: '비밀번호를 입력해야 볼 수 있는 게시판이에요.', locked: 'category' });
    const detail = await client.get(`/api/square-posts/${post.id}`);
    expect(detail.status).toBe(403);
    expect(detail.body).toEqual({
      message: '비밀번호를 입력해야 볼 수 있는 게시판이에요.',
      locked: 'category',
      category: { id: secret.id, name: secret.name, slug: secret.slug },
    });
    expect(detail.text).not.toContain(post.title);
    expect(ids(await client.get('/api/square-posts?per_page=50'))).not.toContain(post.id);
    expect(ids(await client.get('/api/square-posts/notices'))).not.toContain(post.id);
    expect(ids(await client.get('/api/square-posts/saved'))).not.toContain(post.id);
    expect(ids(await client.get(`/api/square-posts/users/${author.user.id}`))).not.toContain(post.id);
    const save = await client.post(`/api/square-posts/${post.id}/toggle-save`);
    expect(save.status).toBe(403);
    expect(save.body).toMatchObject({ locked: 'category', category: { id: secret.id } });
    const comment = await client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '보이나요?' } });
    expect(comment.status).toBe(403);
    const reaction = await client.post('/api/reactions', { json: { model_type: 'square_post', model_id: post.id, reaction_type: 'like' } });
    expect(reaction.status).toBe(403);
    expect((await client.get(`/api/reactions/users?model_type=square_post&model_id=${post.id}`)).status).toBe(403);
    // Its author reads their own post.
    expect((await author.client.get(`/api/square-posts/${post.id}`)).status).toBe(200);

    const wrong = await client.post('/api/square-posts/check-category-password', { json: { square_post_category_id: secret.id, password: '0000' } });
    // A wrong password is 403, as API-CONVENTIONS.md lists it, not a 422.
    expect(wrong.status).toBe(403);
    expect(wrong.body).toEqual({ message: '비밀번호가 맞지 않아요.' });
    const right = await client.post('/api/square-posts/check-category-password', { json: { square_post_category_id: secret.id, password: '1234' } });
    expect(right.status).toBe(200);
    expect(right.body).toEqual({ data: { unlocked: true } });
    expect(ids(await client.get(`/api/square-posts?category=${secret.slug}`))).toContain(post.id);
    expect((await client.get(`/api/square-posts/${post.id}`)).body.data.title).toBe('비밀 게시판의 글');
    expect(ids(await client.get('/api/square-posts/saved'))).toContain(post.id);
    expect((await client.post('/api/reactions', { json: { model_type: 'square_post', model_id: post.id, reaction_type: 'like' } })).status).toBe(200);
    // The whole square still leaves protected categories out: they are read in their own tab.
    expect(ids(await client.get('/api/square-posts?per_page=50'))).not.toContain(post.id);
    // Another browser of the same member has not unlocked it.
    const elsewhere = await signedInMember(db());
    expect((await elsewhere.client.get(`/api/square-posts/${post.id}`)).status).toBe(403);
  });

  it('gives a guest a session that keeps the unlock, and answers 404 for a category that does not exist', async () => {
    const secret = await createCategory(db(), { password: '1234' });
    const post = await createPost(db(), await createMember(db()), secret);
    const guest = guestClient(db());
    expect(guest.cookies.has('session')).toBe(false);
    const res = await guest.post('/api/square-posts/check-category-password', { json: { square_post_category_id: secret.id, password: '1234' } });
    expect(res.status).toBe(200);
    expect(guest.cookies.has('session')).toBe(true);
    expect((await guest.get(`/api/square-posts/${post.id}`)).status).toBe(200);
    expect((await guest.post('/api/square-posts/check-category-password', { json: { square_post_category_id: 999_999, password: '1234' } })).status).toBe(404);
  });
});

describe('a protected post', () => {
  it('shows its title but not its content, excerpt or picture until its password is given', async () => {
    const category = await createCategory(db());
    const author = await signedInMember(db());
    const post = await createPost(db(), author.user, category, {
      title: '조금 사적인 이야기',
      password: '5678',
      contentHtml: '<p>비밀 내용</p><img src="/uploads/images/2026/11/1-0123456789abcdef.webp" alt="">',
      excerpt: '비밀 내용',
      thumbnailUrl: '/uploads/images/2026/11/1-0123456789abcdef.webp',
    });
    const guest = guestClient(db());
    const listed = (await guest.get(`/api/square-posts?category=${category.slug}`)).body.data.find((p: { id: number }) => p.id === post.id);
    expect(listed).toMatchObject({ title: '조금 사적인 이야기', excerpt: null, thumbnail_url: null, is_protected: true });
    const detail = await guest.get(`/api/square-posts/${post.id}`);
    expect(detail.status).toBe(403);
    expect(detail.body).toEqual({
      message: '비밀번호를 입력해야 볼 수 있는 글이에요.',
      locked: 'post',
      category: { id: category.id, name: category.name, slug: category.slug },
      title: '조금 사적인 이야기',
    });
    expect(detail.text).not.toContain('비밀 내용');
    expect((await guest.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '?' } })).status).toBe(401);
    const member = await signedInMember(db());
    expect((await member.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '?' } })).status).toBe(403);
    expect((await member.client.get(`/api/reactions/users?model_type=square_post&model_id=${post.id}`)).status).toBe(403);

    expect((await guest.post('/api/square-posts/check-password', { json: { square_post_id: post.id, password: '0000' } })).status).toBe(403);
    expect((await guest.post('/api/square-posts/check-password', { json: { square_post_id: post.id, password: '5678' } })).status).toBe(200);
    expect((await guest.get(`/api/square-posts/${post.id}`)).body.data.content_html).toContain('비밀 내용');
    const relisted = (await guest.get(`/api/square-posts?category=${category.slug}`)).body.data.find((p: { id: number }) => p.id === post.id);
    expect(relisted).toMatchObject({ excerpt: '비밀 내용', thumbnail_url: post.thumbnailUrl });
    expect((await guest.post('/api/square-posts/check-password', { json: { square_post_id: 99_999_999, password: '5678' } })).status).toBe(404);
  });

  it('allows five wrong tries per visitor and post, then answers 429', async () => {
    const post = await createPost(db(), await createMember(db()), await createCategory(db()), { password: '5678' });
    const other = await createPost(db(), await createMember(db()), await createCategory(db()), { password: '5678' });
    const guest = guestClient(db());
    const tryPassword = (id: number, password: string) => guest.post('/api/square-posts/check-password', { json: { square_post_id: id, password } });
    for (let i = 0; i < 5; i += 1) expect((await tryPassword(post.id, `000${i}`)).status).toBe(403);
    const limited = await tryPassword(post.id, '5678');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect((await guest.get(`/api/square-posts/${post.id}`)).status).toBe(403);
    // Another post is counted apart.
    expect((await tryPassword(other.id, '5678')).status).toBe(200);
  });

  it('counts tries per address too, so fresh sessions do not reset the count', async () => {
    const post = await createPost(db(), await createMember(db()), await createCategory(db()), { password: '5678' });
    let last = 0;
    for (let i = 0; i < 31; i += 1) {
      // A new cookie-less client each time: a new guest session on every try.
      last = (await guestClient(db()).post('/api/square-posts/check-password', { json: { square_post_id: post.id, password: '0000' } })).status;
    }
    expect(last).toBe(429);
  });
});

describe('a deleted member', () => {
  it('shows as 탈퇴한 회원 on their posts and comments', async () => {
    const category = await createCategory(db());
    const leaving = await signedInMember(db());
    const post = await createPost(db(), leaving.user, category);
    const host = await createPost(db(), await createMember(db()), category);
    await db().insert(comments).values({ modelType: 'square_post', modelId: host.id, userId: leaving.user.id, content: '잘 읽었어요' });
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaving.user.id));

    const guest = guestClient(db());
    const gone = { id: leaving.user.id, nickname: '탈퇴한 회원', username: null, profile_image: null };
    const listed = (await guest.get(`/api/square-posts?category=${category.slug}`)).body.data.find((p: { id: number }) => p.id === post.id);
    expect(listed).toMatchObject({ author: gone, author_name: '탈퇴한 회원' });
    expect((await guest.get(`/api/square-posts/${post.id}`)).body.data).toMatchObject({ author: gone, author_name: '탈퇴한 회원' });
    const thread = (await guest.get(`/api/square-posts/${host.id}`)).body.data.comments;
    expect(thread[0]).toMatchObject({ author: gone, author_name: '탈퇴한 회원' });
    expect(JSON.stringify(thread)).not.toContain(leaving.user.nickname);
  });
});
