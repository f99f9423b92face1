import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, notifications, users } from '../../src/server/db/schema/index.ts';
import { modelKind } from '../../src/server/modules/models/registry.ts';
import { notifyComment, notifyCoupons, notifyMention } from '../../src/server/modules/notifications/events.ts';
import { createCategory, createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import { insertNotifications, notificationData } from '../helpers/notification-factories.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const API_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;
const PER_PAGE_MESSAGE = 'per_page는 1부터 50 사이의 정수여야 합니다.';

type Member = Awaited<ReturnType<typeof signedInMember>>;

/** The member's notifications as stored, newest first, without opening the list (which marks one read). */
const stored = (userId: number) =>
  db().select().from(notifications).where(eq(notifications.userId, userId)).orderBy(desc(notifications.id));

async function squarePost(author: Member, options: { anonymous?: boolean } = {}) {
  const category = await createCategory(db(), { allowsAnonymous: true });
  const post = await createPost(db(), author.user, category, { title: '새벽 독서 30일째', isAnonymous: options.anonymous ?? false });
  return { post, category };
}

async function comment(member: Member, postId: number, fields: Record<string, unknown> = {}): Promise<number> {
  const res = await member.client.post('/api/comments', { json: { model_type: 'square_post', model_id: postId, content: '응원해요!', ...fields } });
  expect(res.status, res.text).toBe(201);
  return res.body.data.id as number;
}

async function react(member: Member, postId: number, reactionType: string): Promise<boolean> {
  const res = await member.client.post('/api/reactions', { json: { model_type: 'square_post', model_id: postId, reaction_type: reactionType } });
  expect(res.status, res.text).toBe(200);
  return res.body.data.reacted as boolean;
}

async function list(client: TestClient, query = '') {
  const res = await client.get(`/api/notifications${query}`);
  expect(res.status, res.text).toBe(200);
  return res.body as { data: any[]; meta: { next_cursor: string | null; per_page: number } };
}

describe('notifications from the square', () => {
  it('a comment on a post tells its author, with the post, its board and the commenter as they are now', async () => {
    const owner = await signedInMember(db());
    const reader = await signedInMember(db(), { profileImage: '/uploads/avatars/reader.webp' });
    const { post, category } = await squarePost(owner);
    const commentId = await comment(reader, post.id);

    const { data, meta } = await list(owner.client);
    expect(meta).toEqual({ next_cursor: null, per_page: 20 });
    expect(data).toHaveLength(1);
    expect(data[0]).toEqual({
      id: expect.any(Number),
      read_at: null,
      created_at: expect.stringMatching(API_TIME),
      data: {
        title: '새벽 독서 30일째',
        link: null,
        target: 'post',
        nickname: reader.user.nickname,
        is_mention: false,
        is_letter: false,
        is_inquiry_answer: false,
        is_order_paid: false,
        is_export_ready: false,
        reaction_type: null,
        reaction_type_text: null,
        profile_image: '/uploads/avatars/reader.webp',
        ritual_session_id: null,
        ritual_session_thread_id: null,
        square_post_category_slug: category.slug,
        id: post.id,
        comment_id: commentId,
      },
    });
    expect((await stored(reader.user.id)).length).toBe(0);

    // The name is read when the list is: a renamed member shows the new one.
    await db().update(users).set({ nickname: '새이름' }).where(eq(users.id, reader.user.id));
    expect((await list(owner.client)).data[0].data.nickname).toBe('새이름');
  });

  it('nobody hears of their own comment, reply or reaction', async () => {
    const owner = await signedInMember(db());
    const { post } = await squarePost(owner);
    const own = await comment(owner, post.id);
    await comment(owner, post.id, { parent_id: own });
    expect(await react(owner, post.id, 'like')).toBe(true);
    expect(await stored(owner.user.id)).toEqual([]);
  });

  it('a reply tells the comment’s author (target comment) and the post’s author (target post), once each, never the replier', async () => {
    const owner = await signedInMember(db());
    const commenter = await signedInMember(db());
    const replier = await signedInMember(db());
    const { post } = await squarePost(owner);
    const top = await comment(commenter, post.id);
    await db().delete(notifications).where(eq(notifications.userId, owner.user.id));

    await comment(replier, post.id, { parent_id: top });
    const toCommenter = (await list(commenter.client)).data;
    expect(toCommenter).toHaveLength(1);
    expect(toCommenter[0].data).toMatchObject({ target: 'comment', title: '새벽 독서 30일째', id: post.id, nickname: replier.user.nickname });
    const toOwner = (await list(owner.client)).data;
    expect(toOwner).toHaveLength(1);
    expect(toOwner[0].data).toMatchObject({ target: 'post', id: post.id, nickname: replier.user.nickname });
    expect(await stored(replier.user.id)).toEqual([]);

    // The commenter answering under their own comment tells the owner only.
    await comment(commenter, post.id, { parent_id: top });
    expect((await stored(commenter.user.id)).length).toBe(1);
    expect((await stored(owner.user.id)).map((row) => row.type)).toEqual(['comment_on_post', 'comment_on_post']);

    // The owner answering a comment tells its author once, as a reply, and not the owner.
    const before = (await stored(owner.user.id)).length;
    await comment(owner, post.id, { parent_id: top });
    expect((await stored(owner.user.id)).length).toBe(before);
    expect((await stored(commenter.user.id))[0]).toMatchObject({ type: 'reply_to_comment', actorId: owner.user.id });
  });

  it('a reply to a reply tells the author of the reply answered', async () => {
    const owner = await signedInMember(db());
    const first = await signedInMember(db());
    const second = await signedInMember(db());
    const third = await signedInMember(db());
    const { post } = await squarePost(owner);
    const top = await comment(first, post.id);
    const reply = await comment(second, post.id, { parent_id: top });
    const firstBefore = (await stored(first.user.id)).length;
    await comment(third, post.id, { parent_id: reply });
    expect((await stored(second.user.id))[0]).toMatchObject({ type: 'reply_to_comment', actorId: third.user.id });
    expect((await stored(first.user.id)).length).toBe(firstBefore);
  });

  it('a reaction tells the post’s author with its text; withdrawing it withdraws the notification', async () => {
    const owner = await signedInMember(db());
    const reader = await signedInMember(db());
    const { post } = await squarePost(owner);
    expect(await react(reader, post.id, 'cheer')).toBe(true);
    expect(await react(reader, post.id, 'thanks')).toBe(true);

    const { data } = await list(owner.client);
    expect(data.map((item) => [item.data.reaction_type, item.data.reaction_type_text])).toEqual([
      ['thanks', '고마워요'],
      ['cheer', '응원해요'],
    ]);
    expect(data[0].data).toMatchObject({ target: 'post', id: post.id, title: '새벽 독서 30일째', nickname: reader.user.nickname, is_mention: false });

    expect(await react(reader, post.id, 'cheer')).toBe(false);
    expect((await stored(owner.user.id)).map((row) => row.data.reaction_type)).toEqual(['thanks']);
  });

  it('anonymous comments and anonymous posts notify without the actor’s name or picture', async () => {
    const owner = await signedInMember(db());
    const reader = await signedInMember(db(), { profileImage: '/uploads/avatars/hidden.webp' });
    const named = await signedInMember(db());
    const { post } = await squarePost(owner, { anonymous: true });

    const hidden = await comment(reader, post.id, { is_anonymous: true });
    await comment(named, post.id);
    await react(reader, post.id, 'empathy');
    // The owner of an anonymous post is anonymous in its comments, so in the reply they send too.
    await comment(owner, post.id, { parent_id: hidden });

    const toOwner = (await list(owner.client)).data;
    expect(toOwner.map((item) => [item.data.reaction_type, item.data.nickname, item.data.profile_image])).toEqual([
      ['empathy', null, null],
      [null, named.user.nickname, null],
      [null, null, null],
    ]);
    const toReader = (await list(reader.client)).data;
    expect(toReader).toHaveLength(1);
    expect(toReader[0].data).toMatchObject({ target: 'comment', nickname: null, profile_image: null });
  });

  it('a deleted comment takes its notifications with it, a blanked one with replies too (the replies’ stay)', async () => {
    const owner = await signedInMember(db());
    const commenter = await signedInMember(db());
    const replier = await signedInMember(db());
    const { post } = await squarePost(owner);
    const alone = await comment(commenter, post.id);
    expect((await commenter.client.request('DELETE', `/api/comments/${alone}`)).status).toBe(204);
    expect(await stored(owner.user.id)).toEqual([]);

    const top = await comment(commenter, post.id);
    const reply = await comment(replier, post.id, { parent_id: top });
    expect((await commenter.client.request('DELETE', `/api/comments/${top}`)).status).toBe(204);
    const [blanked] = await db().select({ deletedAt: comments.deletedAt }).from(comments).where(eq(comments.id, top));
    expect(blanked?.deletedAt).not.toBeNull();
    const left = await stored(owner.user.id);
    expect(left.map((row) => row.sourceId)).toEqual([reply]);
    expect((await stored(commenter.user.id)).map((row) => row.sourceId)).toEqual([reply]);
  });

  it('deleting a post withdraws what its comments and reactions told', async () => {
    const owner = await signedInMember(db());
    const reader = await signedInMember(db());
    const { post } = await squarePost(owner);
    const top = await comment(reader, post.id);
    await comment(owner, post.id, { parent_id: top });
    await react(reader, post.id, 'like');
    const other = await squarePost(owner);
    await comment(reader, other.post.id);
    expect((await stored(owner.user.id)).length).toBe(3);
    expect((await stored(reader.user.id)).length).toBe(1);

    expect((await owner.client.request('DELETE', `/api/square-posts/${post.id}`)).status).toBe(204);
    expect((await stored(owner.user.id)).map((row) => row.data.id)).toEqual([other.post.id]);
    expect(await stored(reader.user.id)).toEqual([]);
  });

  it('a deleted member shows as 탈퇴한 회원 without a picture', async () => {
    const owner = await signedInMember(db());
    const leaver = await signedInMember(db(), { profileImage: '/uploads/avatars/leaver.webp' });
    const { post } = await squarePost(owner);
    await comment(leaver, post.id);
    await db().update(users).set({ deletedAt: new Date() }).where(eq(users.id, leaver.user.id));
    const [item] = (await list(owner.client)).data;
    expect(item.data).toMatchObject({ nickname: '탈퇴한 회원', profile_image: null });
  });

  it('the comment and its notification are one transaction: a failed notification leaves no comment', async () => {
    const owner = await signedInMember(db());
    const reader = await signedInMember(db());
    const { post } = await squarePost(owner);
    const countComments = async () => (await db().select().from(comments).where(eq(comments.modelId, post.id))).length;
    await expect(
      db().transaction(async (tx) => {
        const [row] = await tx
          .insert(comments)
          .values({ modelType: 'square_post', modelId: post.id, userId: reader.user.id, content: '사라질 댓글' })
          .returning({ id: comments.id });
        const subject = await modelKind('square_post').subject(tx, post.id);
        await notifyComment(tx, { id: row!.id, userId: reader.user.id, subject, isAnonymous: false, repliedToId: null });
        expect((await tx.select().from(notifications).where(eq(notifications.userId, owner.user.id))).length).toBe(1);
        throw new Error('the action fails after notifying');
      }),
    ).rejects.toThrow('the action fails after notifying');
    expect(await countComments()).toBe(0);
    expect(await stored(owner.user.id)).toEqual([]);
  });
});

describe('mentions and coupons (emitted by later issues)', () => {
  it('a mention in a room comment reads as a mention of a room post or thread, never to the author, once per member', async () => {
    const author = await signedInMember(db(), { profileImage: '/uploads/avatars/author.webp' });
    const named = await signedInMember(db());
    await db().transaction(async (tx) => {
      await notifyMention(tx, {
        mentionedUserIds: [named.user.id, author.user.id, named.user.id],
        comment: { id: 2_000_001, userId: author.user.id, isAnonymous: false },
        place: { title: '이번 주 목표', squarePostCategorySlug: null, ritualSessionId: 7, ritualSessionThreadId: null, id: 42 },
      });
      await notifyMention(tx, {
        mentionedUserIds: [named.user.id],
        comment: { id: 2_000_002, userId: author.user.id, isAnonymous: true },
        place: { title: '기상 스레드', squarePostCategorySlug: null, ritualSessionId: 7, ritualSessionThreadId: 9, id: null },
      });
    });
    expect(await stored(author.user.id)).toEqual([]);
    const { data } = await list(named.client);
    expect(data).toHaveLength(2);
    expect(data[1].data).toEqual({
      title: '이번 주 목표',
      link: null,
      target: 'post',
      nickname: author.user.nickname,
      is_mention: true,
      is_letter: false,
      is_inquiry_answer: false,
      is_order_paid: false,
      is_export_ready: false,
      reaction_type: null,
      reaction_type_text: null,
      profile_image: '/uploads/avatars/author.webp',
      ritual_session_id: 7,
      ritual_session_thread_id: null,
      square_post_category_slug: null,
      id: 42,
      comment_id: 2_000_001,
    });
    expect(data[0].data).toMatchObject({
      is_mention: true,
      ritual_session_id: 7,
      ritual_session_thread_id: 9,
      nickname: null,
      profile_image: null,
      comment_id: 2_000_002,
    });
  });

  it('a mention replaces the comment notification of the same comment, and goes with the comment', async () => {
    const owner = await signedInMember(db());
    const reader = await signedInMember(db());
    const { post, category } = await squarePost(owner);
    const id = await comment(reader, post.id);
    await db().transaction(async (tx) => {
      await notifyMention(tx, {
        mentionedUserIds: [owner.user.id],
        comment: { id, userId: reader.user.id, isAnonymous: false },
        place: { title: post.title, squarePostCategorySlug: category.slug, ritualSessionId: null, ritualSessionThreadId: null, id: post.id },
      });
    });
    expect((await stored(owner.user.id)).map((row) => row.type)).toEqual(['mention']);
    expect((await reader.client.request('DELETE', `/api/comments/${id}`)).status).toBe(204);
    expect(await stored(owner.user.id)).toEqual([]);
  });

  it('a coupon reads as a coupon: its name, no actor, no post', async () => {
    const member = await signedInMember(db());
    await db().transaction((tx) => notifyCoupons(tx, [{ userId: member.user.id, couponId: 5, name: '웰컴 10% 할인 쿠폰' }]));
    const [item] = (await list(member.client)).data;
    expect(item.data).toEqual({
      title: '웰컴 10% 할인 쿠폰',
      link: null,
      target: 'coupon',
      nickname: null,
      is_mention: false,
      is_letter: false,
      is_inquiry_answer: false,
      is_order_paid: false,
      is_export_ready: false,
      reaction_type: null,
      reaction_type_text: null,
      profile_image: null,
      ritual_session_id: null,
      ritual_session_thread_id: null,
      square_post_category_slug: null,
      id: null,
      comment_id: null,
    });
  });
});

describe('GET /api/notifications', () => {
  it('pages newest first by cursor, never repeating or skipping while new ones arrive between pages', async () => {
    const member = await signedInMember(db());
    const original = await insertNotifications(db(), member.user.id, 25);
    const seen: number[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await list(member.client, `?per_page=10${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...page.data.map((item) => item.id as number));
      cursor = page.meta.next_cursor;
      pages += 1;
      // Three arrive before the next page is asked for: they belong to the top of a new list, not this one.
      await insertNotifications(db(), member.user.id, 3);
    } while (cursor !== null && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual([...original].reverse());
  });

  it('answers the last page with a null cursor, an empty list as empty, and per_page up to 50', async () => {
    const member = await signedInMember(db());
    expect(await list(member.client)).toEqual({ data: [], meta: { next_cursor: null, per_page: 20 } });
    await insertNotifications(db(), member.user.id, 50);
    const all = await list(member.client, '?per_page=50');
    expect(all.data).toHaveLength(50);
    expect(all.meta).toEqual({ next_cursor: null, per_page: 50 });
    const first = await list(member.client);
    expect(first.data).toHaveLength(20);
    expect(first.meta.next_cursor).toEqual(expect.any(String));
  });

  it('answers 422 in Korean for a bad per_page or cursor', async () => {
    const member = await signedInMember(db());
    for (const perPage of ['0', '51', 'abc', '1.5', '-3']) {
      const res = await member.client.get(`/api/notifications?per_page=${perPage}`);
      expect(res.status, perPage).toBe(422);
      expect(res.body).toEqual({ message: PER_PAGE_MESSAGE, errors: { per_page: [PER_PAGE_MESSAGE] } });
    }
    for (const cursor of ['abc', Buffer.from('n0').toString('base64url'), Buffer.from('n99999999999').toString('base64url'), 'x'.repeat(100)]) {
      const res = await member.client.get(`/api/notifications?cursor=${cursor}`);
      expect(res.status, cursor).toBe(422);
      expect(res.body.errors.cursor).toEqual(['목록 위치가 올바르지 않아요. 처음부터 다시 불러와 주세요.']);
    }
  });

  it('opening the list marks the newest read and shows it as it was; paging on marks nothing', async () => {
    const member = await signedInMember(db());
    const [older, newest] = await insertNotifications(db(), member.user.id, 2);
    const opened = await list(member.client, '?per_page=1');
    expect(opened.data.map((item) => [item.id, item.read_at])).toEqual([[newest, null]]);
    const readAt = new Map((await stored(member.user.id)).map((row) => [row.id, row.readAt]));
    expect(readAt.get(newest!)).toBeInstanceOf(Date);
    expect(readAt.get(older!)).toBeNull();

    const next = await list(member.client, `?per_page=1&cursor=${opened.meta.next_cursor!}`);
    expect(next.data.map((item) => [item.id, item.read_at])).toEqual([[older, null]]);
    expect((await stored(member.user.id)).find((row) => row.id === older)?.readAt).toBeNull();

    const again = await list(member.client);
    expect(again.data[0].read_at).toMatch(API_TIME);
    expect(again.data[1].read_at).toBeNull();
  });
});

describe('GET /api/notifications/new', () => {
  it('answers the newest notification while it is unread, else null', async () => {
    const member = await signedInMember(db());
    const poll = async () => {
      const res = await member.client.get('/api/notifications/new');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('private, no-store');
      return res.body as { data: { id: number; created_at: string } | null };
    };
    expect(await poll()).toEqual({ data: null });

    const [first] = await insertNotifications(db(), member.user.id, 1);
    expect(await poll()).toEqual({ data: { id: first, created_at: expect.stringMatching(API_TIME) } });

    expect((await member.client.post(`/api/notifications/${first}/read`)).status).toBe(200);
    expect(await poll()).toEqual({ data: null });

    const [second, third] = await insertNotifications(db(), member.user.id, 2);
    expect((await poll()).data?.id).toBe(third);
    // Opening the list reads the newest: the dot goes out although an older one is still unread.
    await list(member.client);
    expect((await stored(member.user.id)).find((row) => row.id === second)?.readAt).toBeNull();
    expect(await poll()).toEqual({ data: null });
  });
});

describe('POST /api/notifications/{id}/read', () => {
  it('marks the member’s own notification read once and answers it', async () => {
    const member = await signedInMember(db());
    const [id] = await insertNotifications(db(), member.user.id, 1, { data: notificationData({ title: '읽을 알림' }) });
    const first = await member.client.post(`/api/notifications/${id}/read`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ id, read_at: expect.stringMatching(API_TIME), data: { title: '읽을 알림' } });
    const second = await member.client.post(`/api/notifications/${id}/read`);
    expect(second.body.data.read_at).toBe(first.body.data.read_at);
  });

  it('nobody reads or marks another member’s notifications', async () => {
    const owner = await signedInMember(db());
    const other = await signedInMember(db());
    const [id] = await insertNotifications(db(), owner.user.id, 1);
    await insertNotifications(db(), other.user.id, 1);

    const res = await other.client.post(`/api/notifications/${id}/read`);
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: '알림을 찾을 수 없어요.' });
    expect((await stored(owner.user.id))[0]!.readAt).toBeNull();
    expect((await list(other.client)).data.map((item) => item.id)).not.toContain(id);
    // Another's unread newest does not light this member's dot either.
    await list(other.client);
    expect((await other.client.get('/api/notifications/new')).body).toEqual({ data: null });
    expect((await owner.client.get('/api/notifications/new')).body.data.id).toBe(id);

    for (const path of ['/api/notifications/999999999/read', '/api/notifications/abc/read', '/api/notifications/99999999999/read']) {
      expect((await other.client.post(path)).status, path).toBe(404);
    }
  });

  it('answers 401 to a guest on every route and 419 without the request-forgery token', async () => {
    const guest = guestClient(db());
    for (const res of [
      await guest.get('/api/notifications'),
      await guest.get('/api/notifications/new'),
      await guest.post('/api/notifications/1/read'),
      await guest.post('/api/notifications/read-all'),
    ]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ message: 'Unauthenticated.' });
    }
    const member = await signedInMember(db());
    const [id] = await insertNotifications(db(), member.user.id, 1);
    const res = await member.client.post(`/api/notifications/${id}/read`, { csrf: false });
    expect(res.status).toBe(419);
    expect((await stored(member.user.id))[0]!.readAt).toBeNull();
  });
});

describe('POST /api/notifications/read-all', () => {
  it('marks every unread notification of the member read, keeps the time of those already read, and leaves other members’ alone', async () => {
    const member = await signedInMember(db());
    const other = await signedInMember(db());
    const ids = await insertNotifications(db(), member.user.id, 25);
    const othersIds = await insertNotifications(db(), other.user.id, 3);
    const earlier = new Date('2026-01-02T03:04:05Z');
    await db().update(notifications).set({ readAt: earlier }).where(eq(notifications.id, ids[0]!));

    const res = await member.client.post('/api/notifications/read-all');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { read_count: 24, read_at: expect.stringMatching(API_TIME) } });
    const rows = await stored(member.user.id);
    expect(rows.every((row) => row.readAt !== null)).toBe(true);
    expect(rows.find((row) => row.id === ids[0])!.readAt).toEqual(earlier);
    // Another member's, unread before, are unread still.
    expect((await stored(other.user.id)).map((row) => [row.id, row.readAt])).toEqual(othersIds.toReversed().map((id) => [id, null]));
    expect((await member.client.get('/api/notifications/new')).body).toEqual({ data: null });
    expect((await other.client.get('/api/notifications/new')).body.data.id).toBe(othersIds.at(-1));

    // Nothing left to read: nothing changes, and it says so.
    const again = await member.client.post('/api/notifications/read-all');
    expect(again.status).toBe(200);
    expect(again.body.data.read_count).toBe(0);
  });

  it('answers 419 without the request-forgery token and reads nothing', async () => {
    const member = await signedInMember(db());
    await insertNotifications(db(), member.user.id, 2);
    const res = await member.client.post('/api/notifications/read-all', { csrf: false });
    expect(res.status).toBe(419);
    expect((await stored(member.user.id)).every((row) => row.readAt === null)).toBe(true);
  });
});

describe('where a comment’s notification leads', () => {
  it('names the comment, so the link can open the post at it; a reaction names none', async () => {
    const owner = await signedInMember(db());
    const commenter = await signedInMember(db());
    const replier = await signedInMember(db());
    const { post } = await squarePost(owner);
    const top = await comment(commenter, post.id);
    const reply = await comment(replier, post.id, { parent_id: top });
    await react(commenter, post.id, 'cheer');

    const toOwner = (await list(owner.client)).data.map((item) => [item.data.reaction_type, item.data.comment_id]);
    expect(toOwner).toEqual([
      ['cheer', null],
      [null, reply],
      [null, top],
    ]);
    expect((await list(commenter.client)).data.map((item) => [item.data.target, item.data.comment_id])).toEqual([['comment', reply]]);
  });
});
