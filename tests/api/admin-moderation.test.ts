import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, comments, reports, saves, squarePosts, users } from '../../src/server/db/schema/index.ts';
import { HIDDEN_CONTENT_TEXT, HIDDEN_EDIT_MESSAGE } from '../../src/lib/moderation.ts';
import { createRoomPost, roomWithMembers } from '../helpers/room-factories.ts';
import { createCategory, createPost, guestClient, signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

type Client = Awaited<ReturnType<typeof signedInMember>>['client'];

const report = (client: Client, modelType: string, modelId: number, reason = 'spam') =>
  client.post('/api/reports', { json: { model_type: modelType, model_id: modelId, reason } });

const auditOf = (modelType: string, modelId: number) =>
  db().select().from(auditLogs).where(and(eq(auditLogs.modelType, modelType), eq(auditLogs.modelId, modelId))).orderBy(auditLogs.id);

describe('the report queue', () => {
  it('groups reports by item, open ones first, with the item\'s excerpt and author', async () => {
    const author = await signedInMember(db(), { nickname: '글쓴이' });
    const category = await createCategory(db());
    const older = await createPost(db(), author.user, category, { title: '먼저 신고된 글', excerpt: '광고 문구' });
    const newer = await createPost(db(), author.user, category, { title: '나중에 신고된 글' });
    const [comment] = await db().insert(comments).values({ modelType: 'square_post', modelId: newer.id, userId: author.user.id, content: '나쁜 댓글' }).returning();
    const a = await signedInMember(db());
    const b = await signedInMember(db());
    expect((await report(a.client, 'square_post', older.id, 'spam')).status).toBe(201);
    expect((await report(b.client, 'square_post', older.id, 'abuse')).status).toBe(201);
    expect((await report(a.client, 'comment', comment!.id, 'privacy')).status).toBe(201);
    expect((await report(a.client, 'square_post', newer.id, 'other')).status).toBe(201);

    const { client: staff } = await signedInStaff(db());
    // The newer post's reports are dismissed: it falls behind the open ones.
    expect((await staff.post('/api/admin/reports/dismiss', { json: { model_type: 'square_post', model_id: newer.id } })).status).toBe(200);

    const all = await staff.get('/api/admin/reports?status=all&per_page=100');
    expect(all.status).toBe(200);
    const mine = (all.body.data as { id: string }[]).filter((row) =>
      [`square_post-${older.id}`, `square_post-${newer.id}`, `comment-${comment!.id}`].includes(row.id),
    );
    expect(mine.map((row) => row.id)).toEqual([`comment-${comment!.id}`, `square_post-${older.id}`, `square_post-${newer.id}`]);
    expect(mine[1]).toMatchObject({
      model_type: 'square_post',
      model_id: older.id,
      report_count: 2,
      open_count: 2,
      is_open: true,
      latest_reason: 'abuse',
      is_hidden: false,
      author: { id: author.user.id, nickname: '글쓴이' },
    });
    expect((mine[1] as unknown as { reasons: string[] }).reasons.sort()).toEqual(['abuse', 'spam']);
    expect((mine[1] as unknown as { excerpt: string }).excerpt).toContain('먼저 신고된 글');
    expect(mine[0]).toMatchObject({ excerpt: '나쁜 댓글', report_count: 1 });
    expect(mine[2]).toMatchObject({ is_open: false, open_count: 0, report_count: 1 });

    const open = await staff.get('/api/admin/reports?status=open&model_type=comment&per_page=100');
    expect(open.body.data.every((row: { model_type: string; is_open: boolean }) => row.model_type === 'comment' && row.is_open)).toBe(true);
    expect(open.body.meta).toMatchObject({ current_page: 1, per_page: 100 });
    const resolved = await staff.get('/api/admin/reports?status=resolved&per_page=100');
    expect(resolved.body.data.map((row: { id: string }) => row.id)).toContain(`square_post-${newer.id}`);
    expect(resolved.body.data.map((row: { id: string }) => row.id)).not.toContain(`square_post-${older.id}`);

    const detail = await staff.get(`/api/admin/reports/square_post-${older.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.reports.map((row: { reason: string }) => row.reason)).toEqual(['abuse', 'spam']);
    expect(detail.body.data.reports[0].reporter.id).toBe(b.user.id);
    expect((await staff.get(`/api/admin/reports/square_post-999999`)).status).toBe(404);
    expect((await staff.get(`/api/admin/reports/review-1`)).status).toBe(404);
  });
});

describe('hiding, restoring and dismissing', () => {
  it('hides and restores an item, resolving its reports, each with an audit row', async () => {
    const author = await signedInMember(db());
    const post = await createPost(db(), author.user, await createCategory(db()));
    const reporter = await signedInMember(db());
    await report(reporter.client, 'square_post', post.id);
    const { user: staffUser, client: staff } = await signedInStaff(db());

    const hidden = await staff.post('/api/admin/moderation/hide', { json: { model_type: 'square_post', model_id: post.id } });
    expect(hidden.status).toBe(200);
    expect(hidden.body.data).toMatchObject({ model_type: 'square_post', model_id: post.id, resolved_reports: 1 });
    const [row] = await db().select().from(squarePosts).where(eq(squarePosts.id, post.id));
    expect(row!.hiddenAt).not.toBeNull();
    expect(row!.updatedAt.getTime()).toBe(post.updatedAt.getTime());
    const [stored] = await db().select().from(reports).where(eq(reports.modelId, post.id));
    expect(stored!.resolvedAt).not.toBeNull();

    const restored = await staff.post('/api/admin/moderation/restore', { json: { model_type: 'square_post', model_id: post.id } });
    expect(restored.status).toBe(200);
    const [after] = await db().select().from(squarePosts).where(eq(squarePosts.id, post.id));
    expect(after!.hiddenAt).toBeNull();

    const trail = await auditOf('square_post', post.id);
    expect(trail.map((entry) => [entry.action, entry.actorId])).toEqual([
      ['hide', staffUser.id],
      ['restore', staffUser.id],
    ]);
    expect(trail[0]!.before).toEqual({ hidden_at: null });
    expect(trail[0]!.after).toMatchObject({ resolved_reports: 1 });

    expect((await staff.post('/api/admin/moderation/hide', { json: { model_type: 'square_post', model_id: post.id + 100000 } })).status).toBe(404);
    const bad = await staff.post('/api/admin/moderation/hide', { json: { model_type: 'review', model_id: post.id } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.model_type).toBeDefined();
  });

  it('dismisses reports without hiding, audited; an item nobody reported is 404', async () => {
    const author = await signedInMember(db());
    const post = await createPost(db(), author.user, await createCategory(db()));
    const { client: staff } = await signedInStaff(db());
    expect((await staff.post('/api/admin/reports/dismiss', { json: { model_type: 'square_post', model_id: post.id } })).status).toBe(404);
    await report((await signedInMember(db())).client, 'square_post', post.id);
    const dismissed = await staff.post('/api/admin/reports/dismiss', { json: { model_type: 'square_post', model_id: post.id } });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body.data.resolved_reports).toBe(1);
    const [row] = await db().select().from(squarePosts).where(eq(squarePosts.id, post.id));
    expect(row!.hiddenAt).toBeNull();
    expect((await auditOf('square_post', post.id)).map((entry) => entry.action)).toEqual(['dismiss']);
  });
});

describe('posting limits', () => {
  it('blocks a member\'s new posts, room posts and comments until the date, with the reason audited, and lifts', async () => {
    const { room, first } = await roomWithMembers(db());
    const category = await createCategory(db());
    const someone = await signedInMember(db());
    const post = await createPost(db(), someone.user, category);
    const { client: staff } = await signedInStaff(db());
    const until = new Date(Date.now() + 3 * 86_400_000);

    const limited = await staff.post(`/api/admin/members/${first.user.id}/posting-limit`, { json: { until: until.toISOString(), reason: '반복된 광고 글' } });
    expect(limited.status).toBe(200);
    const [member] = await db().select().from(users).where(eq(users.id, first.user.id));
    expect(member!.postingLimitedUntil?.getTime()).toBe(until.getTime());

    const attempts = [
      await first.client.post('/api/square-posts', { json: { square_post_category_id: category.id, title: '제목', content: '<p>내용</p>' } }),
      await first.client.post(`/api/ritual-sessions/${room.id}/posts`, { json: { category: 'wakeup', content: '<p>일어났어요</p>' } }),
      await first.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '댓글' } }),
    ];
    for (const attempt of attempts) {
      expect(attempt.status).toBe(403);
      expect(attempt.body.message).toMatch(/^운영 정책에 따라 \d{4}\.\d{2}\.\d{2} \d{2}:\d{2}까지 글과 댓글을 쓸 수 없어요\.$/);
    }

    const past = await staff.post(`/api/admin/members/${first.user.id}/posting-limit`, { json: { until: new Date(Date.now() - 1000).toISOString(), reason: '사유' } });
    expect(past.status).toBe(422);
    expect(past.body.errors.until).toBeDefined();
    expect((await staff.post(`/api/admin/members/${first.user.id}/posting-limit`, { json: { until: until.toISOString(), reason: '' } })).status).toBe(422);

    expect((await staff.request('DELETE', `/api/admin/members/${first.user.id}/posting-limit`)).status).toBe(200);
    expect((await first.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '다시 댓글' } })).status).toBe(201);

    const trail = await auditOf('user', first.user.id);
    expect(trail.map((entry) => entry.action)).toEqual(['limit_posting', 'lift_posting_limit']);
    expect(trail[0]!.after).toMatchObject({ reason: '반복된 광고 글' });
    expect((await staff.post('/api/admin/members/99999999/posting-limit', { json: { until: until.toISOString(), reason: '사유' } })).status).toBe(404);
  });
});

describe('hidden content on every public endpoint', () => {
  it('never shows a hidden square post, room post or comment; members read the notice, guests nothing', async () => {
    const author = await signedInMember(db());
    const category = await createCategory(db());
    const hiddenPost = await createPost(db(), author.user, category, {
      title: 'SECRET 광장 제목',
      contentHtml: '<p>SECRET 광장 본문</p>',
      excerpt: 'SECRET 광장 본문',
      isNotice: true,
    });
    const openPost = await createPost(db(), author.user, category, { title: '멀쩡한 글' });
    const { room, host, first, second } = await roomWithMembers(db());
    const roomPost = await createRoomPost(db(), room, first.user, {
      title: 'SECRET 방 제목',
      contentHtml: '<p>SECRET 방 본문</p>',
      excerpt: 'SECRET 방 본문',
      isPublic: true,
    });
    const reader = await signedInMember(db());
    // A comment on the post tells its author, under the post's title; a save keeps it in the reader's list.
    expect((await reader.client.post('/api/comments', { json: { model_type: 'square_post', model_id: hiddenPost.id, content: '잘 읽었어요' } })).status).toBe(201);
    const badComment = await reader.client.post('/api/comments', { json: { model_type: 'square_post', model_id: openPost.id, content: 'SECRET 댓글' } });
    expect(badComment.status).toBe(201);
    await db().insert(saves).values({ userId: reader.user.id, modelType: 'square_post', modelId: hiddenPost.id });

    const { client: staff } = await signedInStaff(db());
    for (const [modelType, modelId] of [
      ['square_post', hiddenPost.id],
      ['ritual_session_post', roomPost.id],
      ['comment', badComment.body.data.id],
    ] as const) {
      expect((await staff.post('/api/admin/moderation/hide', { json: { model_type: modelType, model_id: modelId } })).status).toBe(200);
    }

    const clean = (body: unknown) => expect(JSON.stringify(body)).not.toContain('SECRET');
    const guest = guestClient(db());
    const guestReads = [
      '/api/square-posts',
      `/api/square-posts?category=${category.slug}`,
      '/api/square-posts/notices',
      `/api/square-posts/users/${author.user.id}`,
      `/api/square-posts/${openPost.id}`,
      `/api/ritual-session-posts/users/${first.user.id}`,
    ];
    for (const path of guestReads) {
      const answer = await guest.get(path);
      expect(answer.status, path).toBe(200);
      clean(answer.body);
      expect(JSON.stringify(answer.body), path).not.toContain(HIDDEN_CONTENT_TEXT);
    }
    const listed = await guest.get(`/api/square-posts?category=${category.slug}`);
    expect(listed.body.data.map((item: { id: number }) => item.id)).toEqual([openPost.id]);
    const guestOpen = await guest.get(`/api/square-posts/${openPost.id}`);
    expect(guestOpen.body.data.comments).toEqual([]);
    for (const path of [
      `/api/square-posts/${hiddenPost.id}`,
      `/api/ritual-sessions/${room.id}/posts/public/${roomPost.id}`,
      `/api/reactions/users?model_type=square_post&model_id=${hiddenPost.id}`,
    ]) {
      const answer = await guest.get(path);
      expect(answer.status, path).toBe(404);
      clean(answer.body);
    }

    // Members: gone from the public lists, the notice where they reach it.
    for (const path of ['/api/square-posts', `/api/square-posts?category=${category.slug}`, '/api/square-posts/notices', `/api/square-posts/users/${author.user.id}`]) {
      const answer = await reader.client.get(path);
      expect(answer.status, path).toBe(200);
      clean(answer.body);
    }
    const memberDetail = await reader.client.get(`/api/square-posts/${hiddenPost.id}`);
    expect(memberDetail.status).toBe(200);
    clean(memberDetail.body);
    expect(memberDetail.body.data).toMatchObject({ title: HIDDEN_CONTENT_TEXT, is_hidden: true, content_html: `<p>${HIDDEN_CONTENT_TEXT}</p>` });
    const saved = await reader.client.get('/api/square-posts/saved');
    clean(saved.body);
    expect(saved.body.data[0]).toMatchObject({ id: hiddenPost.id, title: HIDDEN_CONTENT_TEXT, is_hidden: true });
    const withComment = await reader.client.get(`/api/square-posts/${openPost.id}`);
    clean(withComment.body);
    expect(withComment.body.data.comments[0]).toMatchObject({ content: HIDDEN_CONTENT_TEXT, is_hidden: true, is_mine: true });

    // The author sees their own hidden post as the notice, and so do their notifications.
    const own = await author.client.get(`/api/square-posts/users/${author.user.id}`);
    clean(own.body);
    expect(own.body.data.map((item: { id: number; title: string }) => [item.id, item.title])).toContainEqual([hiddenPost.id, HIDDEN_CONTENT_TEXT]);
    const told = await author.client.get('/api/notifications');
    expect(told.status).toBe(200);
    clean(told.body);
    expect(JSON.stringify(told.body)).toContain(HIDDEN_CONTENT_TEXT);

    // The room's members.
    for (const member of [host, first, second]) {
      for (const path of [
        `/api/ritual-sessions/${room.id}/posts?tab=check`,
        `/api/ritual-sessions/${room.id}/posts/${roomPost.id}`,
        `/api/ritual-session-posts/users/${first.user.id}`,
      ]) {
        const answer = await member.client.get(path);
        expect(answer.status, path).toBe(200);
        clean(answer.body);
        expect(JSON.stringify(answer.body), path).toContain(HIDDEN_CONTENT_TEXT);
      }
      expect((await member.client.get(`/api/ritual-sessions/${room.id}/posts/public/${roomPost.id}`)).status).toBe(404);
    }
  });
});

describe('a hidden post behind its password', () => {
  it('names no title in the locked answer: members read the notice, guests get 404', async () => {
    const author = await signedInMember(db());
    const post = await createPost(db(), author.user, await createCategory(db()), { title: 'SECRET 비밀글 제목', password: '1234' });
    await db().update(squarePosts).set({ hiddenAt: new Date() }).where(eq(squarePosts.id, post.id));
    const member = await signedInMember(db());
    const locked = await member.client.get(`/api/square-posts/${post.id}`);
    expect(locked.status).toBe(403);
    expect(locked.body.title).toBe(HIDDEN_CONTENT_TEXT);
    const comment = await member.client.post('/api/comments', { json: { model_type: 'square_post', model_id: post.id, content: '댓글' } });
    expect(comment.status).toBe(403);
    expect(JSON.stringify(comment.body)).not.toContain('SECRET');
    expect((await guestClient(db()).get(`/api/square-posts/${post.id}`)).status).toBe(404);
  });
});

describe('editing what staff hid', () => {
  it('refuses the author, so the words staff may restore stay as they were', async () => {
    const author = await signedInMember(db());
    const category = await createCategory(db());
    const post = await createPost(db(), author.user, category);
    const { room, first } = await roomWithMembers(db());
    const roomPost = await createRoomPost(db(), room, first.user);
    const { client: staff } = await signedInStaff(db());
    await staff.post('/api/admin/moderation/hide', { json: { model_type: 'square_post', model_id: post.id } });
    await staff.post('/api/admin/moderation/hide', { json: { model_type: 'ritual_session_post', model_id: roomPost.id } });

    const square = await author.client.request('PUT', `/api/square-posts/${post.id}`, {
      json: { square_post_category_id: category.id, title: '고친 제목', content: '<p>고친 본문</p>' },
    });
    expect(square.status).toBe(403);
    expect(square.body.message).toBe(HIDDEN_EDIT_MESSAGE);
    const roomEdit = await first.client.request('PUT', `/api/ritual-sessions/${room.id}/posts/${roomPost.id}`, { json: { category: 'wakeup', content: '<p>고친 본문</p>' } });
    expect(roomEdit.status).toBe(403);
    expect(roomEdit.body.message).toBe(HIDDEN_EDIT_MESSAGE);
    const [kept] = await db().select().from(squarePosts).where(eq(squarePosts.id, post.id));
    expect(kept!.title).toBe(post.title);

    const [comment] = await db().insert(comments).values({ modelType: 'square_post', modelId: post.id, userId: first.user.id, content: '처음 댓글', hiddenAt: new Date() }).returning();
    const commentEdit = await first.client.request('PUT', `/api/comments/${comment!.id}`, { json: { content: '고친 댓글' } });
    expect(commentEdit.status).toBe(403);
    expect(commentEdit.body.message).toBe(HIDDEN_EDIT_MESSAGE);
  });
});
