import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { squarePostCategories, squarePosts, squareUnlocks, users } from '../../src/server/db/schema/index.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
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
async function post(authorId: number, locked: 'category' | 'post' | null = null) {
  slugCounter += 1;
  const [category] = await db()
    .insert(squarePostCategories)
    .values({ name: `게시판${slugCounter}`, slug: `r-${slugCounter}-${Date.now()}`, passwordHash: locked === 'category' ? 'hash' : null })
    .returning();
  const [row] = await db()
    .insert(squarePosts)
    .values({
      squarePostCategoryId: category!.id,
      userId: authorId,
      title: '비밀 일기',
      contentHtml: '<p>오늘의 기록</p>',
      excerpt: '오늘의 기록',
      passwordHash: locked === 'post' ? 'hash' : null,
    })
    .returning();
  return { post: row!, category: category! };
}

const reactionsCount = async (postId: number) =>
  (await db().select({ n: squarePosts.reactionsCount }).from(squarePosts).where(eq(squarePosts.id, postId)))[0]!.n;

type Client = Awaited<ReturnType<typeof signedIn>>['client'];
const react = (client: Client, modelId: number, reactionType: string, modelType = 'square_post') =>
  client.post('/api/reactions', { json: { model_type: modelType, model_id: modelId, reaction_type: reactionType } });

describe('POST /api/reactions', () => {
  it('toggles one of each type per member and keeps the counts on the post', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const reader = await signedIn();
    const first = await react(reader.client, p.id, 'cheer');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({
      reacted: true,
      reaction_type: 'cheer',
      reaction_counts: { like: 0, cheer: 1, empathy: 0, awesome: 0, thanks: 0 },
      my_reactions: ['cheer'],
      reactions_count: 1,
    });
    await react(reader.client, p.id, 'like');
    const theirs = await react(owner.client, p.id, 'cheer');
    expect(theirs.body.data).toMatchObject({ my_reactions: ['cheer'], reaction_counts: { like: 1, cheer: 2 }, reactions_count: 3 });
    const undone = await react(reader.client, p.id, 'cheer');
    expect(undone.body.data).toMatchObject({ reacted: false, my_reactions: ['like'], reaction_counts: { like: 1, cheer: 1 }, reactions_count: 2 });
    expect(await reactionsCount(p.id)).toBe(2);
  });

  it('stays consistent when two toggles of the same reaction arrive at once', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const [a, b] = await Promise.all([react(owner.client, p.id, 'thanks'), react(owner.client, p.id, 'thanks')]);
    expect([a.body.data.reacted, b.body.data.reacted].sort()).toEqual([false, true]);
    expect(await reactionsCount(p.id)).toBe(0);
    const others = await Promise.all([signedIn(), signedIn(), signedIn()]);
    await Promise.all(others.map((other) => react(other.client, p.id, 'awesome')));
    expect(await reactionsCount(p.id)).toBe(3);
  });

  it('answers 401 to a guest, 422 on an unknown type or model type, 404 on a missing post', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    expect((await react(createTestApp(db()).client(), p.id, 'like')).status).toBe(401);
    const badType = await react(owner.client, p.id, 'love');
    expect(badType.status).toBe(422);
    expect(badType.body.errors.reaction_type).toEqual(['반응 종류를 다시 선택해 주세요.']);
    const badModel = await react(owner.client, p.id, 'like', 'no_such_kind');
    expect(badModel.body.errors.model_type).toEqual(['지원하지 않는 대상이에요.']);
    expect((await react(owner.client, 999_999, 'like')).status).toBe(404);
    expect(await reactionsCount(p.id)).toBe(0);
  });

  it('refuses a locked post (category or post password) until the session unlocks it', async () => {
    const owner = await signedIn();
    const { post: p, category } = await post(owner.user.id, 'post');
    const reader = await signedIn();
    const refused = await react(reader.client, p.id, 'like');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      message: '비밀번호를 입력해야 볼 수 있는 글이에요.',
      locked: 'post',
      category: { id: category.id, name: category.name, slug: category.slug },
      title: '비밀 일기',
    });
    const users403 = await reader.client.get(`/api/reactions/users?model_type=square_post&model_id=${p.id}`);
    expect(users403.status).toBe(403);
    expect(users403.body.locked).toBe('post');
    expect((await react(owner.client, p.id, 'like')).status).toBe(200);
    await db().insert(squareUnlocks).values({ sessionId: reader.sessionId, kind: 'post', targetId: p.id });
    expect((await react(reader.client, p.id, 'like')).status).toBe(200);

    const { post: inLocked } = await post(owner.user.id, 'category');
    const guest = await createTestApp(db()).client().get(`/api/reactions/users?model_type=square_post&model_id=${inLocked.id}`);
    expect(guest.status).toBe(403);
    expect(guest.body).toMatchObject({ locked: 'category' });
  });
});

describe('GET /api/reactions/users', () => {
  it('lists who reacted, newest first, by type when asked, without deleted members', async () => {
    const owner = await signedIn();
    const { post: p } = await post(owner.user.id);
    const one = await signedIn({ profileImage: 'https://cdn.example.com/one.webp' });
    const two = await signedIn();
    const gone = await signedIn();
    await react(one.client, p.id, 'like');
    await react(two.client, p.id, 'cheer');
    await react(two.client, p.id, 'like');
    await react(gone.client, p.id, 'like');
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    const guest = createTestApp(db()).client();
    const all = await guest.get(`/api/reactions/users?model_type=square_post&model_id=${p.id}`);
    expect(all.status).toBe(200);
    expect(all.body.data).toEqual([
      { id: two.user.id, nickname: two.user.nickname, profile_image: null, username: two.user.username, reaction_type: 'like' },
      { id: two.user.id, nickname: two.user.nickname, profile_image: null, username: two.user.username, reaction_type: 'cheer' },
      { id: one.user.id, nickname: one.user.nickname, profile_image: 'https://cdn.example.com/one.webp', username: one.user.username, reaction_type: 'like' },
    ]);
    const cheers = await guest.get(`/api/reactions/users?model_type=square_post&model_id=${p.id}&reaction_type=cheer`);
    expect(cheers.body.data.map((u: { id: number }) => u.id)).toEqual([two.user.id]);
    const none = await guest.get(`/api/reactions/users?model_type=square_post&model_id=${p.id}&reaction_type=thanks`);
    expect(none.body.data).toEqual([]);
    expect((await guest.get(`/api/reactions/users?model_type=square_post&model_id=${p.id}&reaction_type=wow`)).status).toBe(422);
    expect((await guest.get(`/api/reactions/users?model_type=review&model_id=${p.id}`)).status).toBe(422);
    expect((await guest.get('/api/reactions/users?model_type=square_post&model_id=999999')).status).toBe(404);
  });

  it('never names the author of an anonymous post, even when they react to it themselves', async () => {
    const author = await signedIn();
    const { post: p } = await post(author.user.id);
    await db().update(squarePosts).set({ isAnonymous: true }).where(eq(squarePosts.id, p.id));
    const reader = await signedIn();
    await react(author.client, p.id, 'like');
    await react(author.client, p.id, 'thanks');
    await react(reader.client, p.id, 'like');
    for (const client of [createTestApp(db()).client(), reader.client, author.client]) {
      const all = await client.get(`/api/reactions/users?model_type=square_post&model_id=${p.id}`);
      expect(all.body.data.map((u: { id: number }) => u.id)).toEqual([reader.user.id]);
      expect(all.text).not.toContain(author.user.username);
      const thanks = await client.get(`/api/reactions/users?model_type=square_post&model_id=${p.id}&reaction_type=thanks`);
      expect(thanks.body.data).toEqual([]);
    }
    // A post under the author's own name lists them as anyone else.
    const { post: named } = await post(author.user.id);
    await react(author.client, named.id, 'like');
    const listed = await reader.client.get(`/api/reactions/users?model_type=square_post&model_id=${named.id}`);
    expect(listed.body.data.map((u: { id: number }) => u.id)).toEqual([author.user.id]);
  });
});
