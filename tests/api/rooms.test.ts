import { and, desc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  comments,
  notifications,
  ritualSessionCheckIns,
  ritualSessionPostReads,
  ritualSessionPosts,
  ritualSessionThreads,
  users,
} from '../../src/server/db/schema/index.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { createCheckInText, createRoom, createRoomPost, createRoomThread, roomMember, roomWithMembers } from '../helpers/room-factories.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const DAY_MS = 86_400_000;
const API_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

afterEach(() => {
  vi.useRealTimers();
});

async function photo(): Promise<File> {
  const bytes = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 240, g: 200, b: 120 } } })
    .png()
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'sunrise.png', { type: 'image/png' });
}

const write = (client: TestClient, roomId: number, fields: Record<string, unknown> = {}) =>
  client.post(`/api/ritual-sessions/${roomId}/posts`, { json: { category: 'wakeup', content: '<p>6시 기상!</p>', ...fields } });

const checkInsOf = (roomId: number) => db().select().from(ritualSessionCheckIns).where(eq(ritualSessionCheckIns.ritualSessionId, roomId));

const postCount = async (roomId: number) => (await db().select().from(ritualSessionPosts).where(eq(ritualSessionPosts.ritualSessionId, roomId))).length;

describe('every room call is for the room\'s members', () => {
  it('answers 401 to a guest, 403 to a member of another room, 404 for an unknown room', async () => {
    const { room, host, outsider } = await roomWithMembers(db());
    const post = await createRoomPost(db(), room, host.user);
    const thread = await createRoomThread(db(), room, host.user);
    const base = `/api/ritual-sessions/${room.id}`;
    const calls: Array<[string, string, Record<string, unknown>?]> = [
      ['GET', base],
      ['GET', `${base}/info`],
      ['GET', `${base}/posts?tab=check`],
      ['GET', `${base}/posts?tab=notice`],
      ['GET', `${base}/posts/${post.id}`],
      ['GET', `${base}/posts/${post.id}/read-users`],
      ['POST', `${base}/posts`, { category: 'wakeup', content: '<p>몰래 쓰기</p>' }],
      ['PUT', `${base}/posts/${post.id}`, { category: 'wakeup', content: '<p>고치기</p>' }],
      ['DELETE', `${base}/posts/${post.id}`],
      ['GET', `${base}/threads`],
      ['GET', `${base}/threads/${thread.id}`],
      ['POST', `${base}/threads`, { title: '질문', content: '<p>질문이요</p>' }],
      ['PUT', `${base}/threads/${thread.id}`, { title: '질문', content: '<p>질문이요</p>' }],
      ['DELETE', `${base}/threads/${thread.id}`],
      ['POST', `${base}/check-in`, {}],
    ];
    const guest = guestClient(db());
    for (const [method, path, json] of calls) {
      const options = json ? { json } : {};
      expect((await guest.request(method, path, options)).status, `${method} ${path} as a guest`).toBe(401);
      const refused = await outsider.client.request(method, path, options);
      expect(refused.status, `${method} ${path} as a non-member`).toBe(403);
      expect(refused.body.message).toBe('이 리추얼 방의 멤버만 볼 수 있습니다.');
      const unknown = await host.client.request(method, path.replace(`/ritual-sessions/${room.id}`, '/ritual-sessions/999999'), options);
      expect(unknown.status, `${method} ${path} of an unknown room`).toBe(404);
    }
    // Comments, reactions and saves on the room's things hang on the same rule.
    for (const [modelType, modelId] of [['ritual_session_post', post.id], ['ritual_session_thread', thread.id]] as const) {
      const comment = await outsider.client.post('/api/comments', { json: { model_type: modelType, model_id: modelId, content: '안녕하세요' } });
      expect(comment.status).toBe(403);
      const reaction = await outsider.client.post('/api/reactions', { json: { model_type: modelType, model_id: modelId, reaction_type: 'like' } });
      expect(reaction.status).toBe(403);
      expect((await outsider.client.get(`/api/comments?model_type=${modelType}&model_id=${modelId}`)).status).not.toBe(200);
      expect((await outsider.client.get(`/api/reactions/users?model_type=${modelType}&model_id=${modelId}`)).status).toBe(403);
    }
    expect((await outsider.client.post(`/api/ritual-session-posts/${post.id}/toggle-save`, { json: { _method: 'PUT' } })).status).toBe(403);
    expect(await postCount(room.id)).toBe(1);
    expect(await db().select().from(ritualSessionThreads).where(eq(ritualSessionThreads.ritualSessionId, room.id))).toHaveLength(1);
    expect(await checkInsOf(room.id)).toHaveLength(0);
    expect(await db().select().from(comments).where(eq(comments.userId, outsider.user.id))).toHaveLength(0);
  });

  it('lets staff who are not in the room read it', async () => {
    const { room } = await roomWithMembers(db());
    const staff = await signedInMember(db(), { role: 'staff' });
    const res = await staff.client.get(`/api/ritual-sessions/${room.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ role: null, leads: true, can_check_in: false });
  });
});

describe('my rooms and the room', () => {
  it('lists the member\'s rooms with their state, countdown and today\'s check-in', async () => {
    const member = await signedInMember(db());
    const running = await createRoom(db());
    const upcoming = await createRoom(db(), { startsAt: new Date(Date.now() + 3 * DAY_MS + 60_000), endsAt: new Date(Date.now() + 30 * DAY_MS) });
    const finished = await createRoom(db(), { startsAt: new Date(Date.now() - 40 * DAY_MS), endsAt: new Date(Date.now() - 10 * DAY_MS) });
    await createRoom(db());
    const { ritualSessionUsers } = await import('../../src/server/db/schema/index.ts');
    await db()
      .insert(ritualSessionUsers)
      .values([running, upcoming, finished].map((room) => ({ ritualSessionId: room.id, userId: member.user.id })));
    expect((await member.client.post(`/api/ritual-sessions/${running.id}/check-in`, { json: {} })).status).toBe(201);

    const res = await member.client.get('/api/ritual-sessions/users/me');
    expect(res.status).toBe(200);
    const byId = new Map((res.body.data as any[]).map((room) => [room.id, room]));
    expect(byId.size).toBe(3);
    expect(byId.get(running.id)).toMatchObject({ state: 'running', checked_in_today: true, role: 'member', countdown: expect.stringMatching(/일 남음$/) });
    expect(byId.get(upcoming.id)).toMatchObject({ state: 'upcoming', checked_in_today: false, countdown: expect.stringMatching(/^D-[34]$/) });
    expect(byId.get(finished.id)).toMatchObject({ state: 'finished', countdown: '종료' });
    expect(byId.get(running.id).starts_at).toMatch(API_TIME);
    expect((await guestClient(db()).get('/api/ritual-sessions/users/me')).status).toBe(401);
  });

  it('answers the room and its members, the host first', async () => {
    const { room, host, first, second } = await roomWithMembers(db());
    const res = await first.client.get(`/api/ritual-sessions/${room.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      id: room.id,
      title: room.title,
      state: 'running',
      role: 'member',
      members_count: 3,
      leads: false,
      can_post: true,
      can_check_in: true,
      checked_in_today: false,
      today_check_in: null,
    });
    expect((await host.client.get(`/api/ritual-sessions/${room.id}`)).body.data).toMatchObject({ role: 'host', leads: true });
    const info = await second.client.get(`/api/ritual-sessions/${room.id}/info`);
    expect(info.status).toBe(200);
    expect(info.body.data.ritualSessionUsers).toEqual([
      { id: host.user.id, nickname: host.user.nickname, profile_image: null, username: host.user.username, role: 'host' },
      { id: first.user.id, nickname: first.user.nickname, profile_image: null, username: first.user.username, role: 'member' },
      { id: second.user.id, nickname: second.user.nickname, profile_image: null, username: second.user.username, role: 'member' },
    ]);
  });
});

describe('room posts', () => {
  it('stores a 기상선언 with a photo sent as images[], sanitised, and answers the whole post', async () => {
    const { room, first } = await roomWithMembers(db());
    const form = new FormData();
    form.append('category', 'wakeup');
    form.append('title', '');
    form.append('content', '<p onclick="x()">6시 기상 <strong>성공</strong></p><script>alert(1)</script>');
    form.append('images[]', await photo());
    form.append('is_public', '1');
    const res = await first.client.post(`/api/ritual-sessions/${room.id}/posts`, { multipart: form });
    expect(res.status, res.text).toBe(201);
    const post = res.body.data;
    expect(post).toMatchObject({
      ritual_session_id: room.id,
      category: 'wakeup',
      category_name: '기상선언',
      title: null,
      excerpt: '6시 기상 성공',
      is_public: true,
      author: { id: first.user.id, nickname: first.user.nickname },
      comments_count: 0,
      reactions_count: 0,
      reads_count: 0,
      reaction_counts: { like: 0, cheer: 0, empathy: 0, awesome: 0, thanks: 0 },
      my_reactions: [],
      is_saved: false,
      is_mine: true,
      can_edit: true,
      can_delete: true,
      comments: [],
    });
    expect(post.thumbnail_url).toMatch(/^\/uploads\/images\/.+\.webp$/);
    expect(post.content_html).toBe(
      `<p>6시 기상 <strong>성공</strong></p><p><img src="${post.thumbnail_url}" alt="" loading="lazy" width="320" height="200" /></p>`,
    );
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const { room, first } = await roomWithMembers(db());
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ category: 'diary' }, 'category', '글의 종류를 선택해 주세요.'],
      [{ category: undefined }, 'category', '글의 종류를 선택해 주세요.'],
      [{ title: '가'.repeat(101) }, 'title', '제목은 100자 이하로 입력해 주세요.'],
      [{ content: '<p> </p>' }, 'content', '내용을 입력해 주세요.'],
      [{ content: 42 }, 'content', '내용을 입력해 주세요.'],
      [{ is_public: 'maybe' }, 'is_public', '예 또는 아니요로 보내 주세요.'],
    ];
    for (const [fields, field, message] of cases) {
      const res = await write(first.client, room.id, fields);
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.errors[field]).toEqual([message]);
    }
    const form = new FormData();
    form.append('category', 'wakeup');
    form.append('content', '<p>사진</p>');
    form.append('images[]', new File(['not a picture'], 'a.png', { type: 'image/png' }));
    const bad = await first.client.post(`/api/ritual-sessions/${room.id}/posts`, { multipart: form });
    expect(bad.status).toBe(422);
    expect(bad.body.errors['images.0']).toEqual(['JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.']);
    expect(await postCount(room.id)).toBe(0);
  });

  it('keeps notices to the host and staff, and shows them under 공지글 and records under 기록', async () => {
    const { room, host, first, second } = await roomWithMembers(db());
    const refused = await write(first.client, room.id, { category: 'notice', content: '<p>공지입니다</p>' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('공지는 리추얼 호스트와 운영진만 올릴 수 있어요.');
    const notice = await write(host.client, room.id, { category: 'notice', title: '이번 주 안내', content: '<p>월요일 줌 모임이 있어요.</p>' });
    expect(notice.status).toBe(201);
    const staff = await signedInMember(db(), { role: 'staff' });
    expect((await write(staff.client, room.id, { category: 'notice', content: '<p>운영진 공지</p>' })).status).toBe(201);
    for (const category of ['wakeup', 'ritual_goal', 'weekly_goal', 'inspiration', 'retrospect']) {
      expect((await write(first.client, room.id, { category })).status).toBe(201);
    }
    const notices = await second.client.get(`/api/ritual-sessions/${room.id}/posts?tab=notice`);
    expect(notices.body.data.map((post: any) => post.category)).toEqual(['notice', 'notice']);
    expect(notices.body.data[1]).toMatchObject({ title: '이번 주 안내', category_name: '공지' });
    const records = await second.client.get(`/api/ritual-sessions/${room.id}/posts?tab=check&per_page=3`);
    expect(records.body.data.map((post: any) => post.category)).toEqual(['retrospect', 'inspiration', 'weekly_goal']);
    expect(records.body.meta).toEqual({ next_cursor: expect.any(String), per_page: 3 });
    const next = await second.client.get(`/api/ritual-sessions/${room.id}/posts?tab=check&per_page=3&cursor=${records.body.meta.next_cursor}`);
    expect(next.body.data.map((post: any) => post.category)).toEqual(['ritual_goal', 'wakeup']);
    expect(next.body.meta.next_cursor).toBeNull();
    const badTab = await second.client.get(`/api/ritual-sessions/${room.id}/posts?tab=all`);
    expect(badTab.status).toBe(422);
    expect(badTab.body.errors.tab).toEqual(['탭은 check 또는 notice로 보내 주세요.']);
    expect((await second.client.get(`/api/ritual-sessions/${room.id}/posts?cursor=nonsense`)).status).toBe(422);
  });

  it('lets only the author edit; the author, the host and staff delete; another member gets 403', async () => {
    const { room, host, first, second } = await roomWithMembers(db());
    const post = await createRoomPost(db(), room, first.user);
    const base = `/api/ritual-sessions/${room.id}/posts/${post.id}`;
    const edit = { _method: 'PUT', category: 'retrospect', title: '첫 주 회고', content: '<p>잘 해냈어요.</p>' };
    const byOther = await second.client.post(base, { json: edit });
    expect(byOther.status).toBe(403);
    expect(byOther.body.message).toBe('내가 쓴 글만 고치거나 지울 수 있어요.');
    expect((await host.client.post(base, { json: edit })).status).toBe(403);
    expect((await second.client.post(base, { json: { _method: 'DELETE' } })).status).toBe(403);
    const edited = await first.client.post(base, { json: edit });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ category: 'retrospect', title: '첫 주 회고', excerpt: '잘 해냈어요.' });
    // A member cannot turn a record into a notice.
    expect((await first.client.post(base, { json: { ...edit, category: 'notice' } })).status).toBe(403);
    expect((await host.client.post(base, { json: { _method: 'DELETE' } })).status).toBe(204);
    expect(await postCount(room.id)).toBe(0);
    const own = await createRoomPost(db(), room, second.user);
    expect((await second.client.request('DELETE', `/api/ritual-sessions/${room.id}/posts/${own.id}`)).status).toBe(204);
    // A post of another room is not found through this one.
    const elsewhere = await createRoom(db());
    const foreign = await createRoomPost(db(), elsewhere, host.user);
    expect((await first.client.get(`/api/ritual-sessions/${room.id}/posts/${foreign.id}`)).status).toBe(404);
  });

  it('opens writing at the start and closes it a week after the end, saying why', async () => {
    const upcoming = await createRoom(db(), { startsAt: new Date(Date.now() + DAY_MS), endsAt: new Date(Date.now() + 20 * DAY_MS) });
    const member = await roomMember(db(), upcoming);
    const early = await write(member.client, upcoming.id);
    expect(early.status).toBe(403);
    expect(early.body.message).toBe('리추얼이 시작되면 글을 쓸 수 있어요.');

    const grace = await createRoom(db(), { startsAt: new Date(Date.now() - 30 * DAY_MS), endsAt: new Date(Date.now() - 6 * DAY_MS) });
    const late = await roomMember(db(), grace);
    expect((await write(late.client, grace.id, { category: 'retrospect' })).status).toBe(201);

    const closed = await createRoom(db(), { startsAt: new Date(Date.now() - 30 * DAY_MS), endsAt: new Date(Date.now() - 8 * DAY_MS) });
    const after = await roomMember(db(), closed);
    const tooLate = await write(after.client, closed.id, { category: 'retrospect' });
    expect(tooLate.status).toBe(403);
    expect(tooLate.body.message).toBe('리추얼이 끝나고 7일이 지나 더 이상 글을 쓸 수 없어요.');
    expect((await after.client.post(`/api/ritual-sessions/${closed.id}/threads`, { json: { title: '늦은 인사', content: '<p>안녕</p>' } })).status).toBe(403);
    expect(await postCount(upcoming.id)).toBe(0);
    expect(await postCount(closed.id)).toBe(0);
  });

  it('counts each reader once, never the author, and lists who read', async () => {
    const { room, host, first, second } = await roomWithMembers(db());
    const post = await createRoomPost(db(), room, first.user);
    const path = `/api/ritual-sessions/${room.id}/posts/${post.id}`;
    expect((await first.client.get(path)).body.data.reads_count).toBe(0);
    const empty = await first.client.get(`${path}/read-users`);
    expect(empty.body.data).toEqual([]);
    expect((await second.client.get(path)).body.data.reads_count).toBe(1);
    expect((await second.client.get(path)).body.data.reads_count).toBe(1);
    expect((await host.client.get(path)).body.data.reads_count).toBe(2);
    const readers = await first.client.get(`${path}/read-users`);
    expect(readers.body.data.map((reader: any) => reader.id).sort()).toEqual([host.user.id, second.user.id].sort());
    expect(readers.body.data[0]).toEqual({
      id: expect.any(Number),
      nickname: expect.any(String),
      username: expect.any(String),
      profile_image: null,
      read_at: expect.stringMatching(API_TIME),
    });
    expect(await db().select().from(ritualSessionPostReads).where(eq(ritualSessionPostReads.ritualSessionPostId, post.id))).toHaveLength(2);
  });

  it('shows a public post to anyone by its link, and no other', async () => {
    const { room, first } = await roomWithMembers(db());
    const shared = await createRoomPost(db(), room, first.user, { isPublic: true, title: '한 달의 회고', category: 'retrospect' });
    const closed = await createRoomPost(db(), room, first.user);
    const guest = guestClient(db());
    const res = await guest.get(`/api/ritual-sessions/${room.id}/posts/public/${shared.id}`);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: shared.id, title: '한 달의 회고', category_name: '회고', room_title: room.title, author: { id: first.user.id } });
    expect(res.body.data).not.toHaveProperty('comments');
    expect((await guest.get(`/api/ritual-sessions/${room.id}/posts/public/${closed.id}`)).status).toBe(404);
    expect((await guest.get(`/api/ritual-sessions/${room.id + 1}/posts/public/${shared.id}`)).status).toBe(404);
    expect((await guest.get(`/api/ritual-sessions/${room.id}/posts/${shared.id}`)).status).toBe(401);
  });

  it('saves and unsaves a post and lists the saved ones', async () => {
    const { room, first, second } = await roomWithMembers(db());
    const post = await createRoomPost(db(), room, first.user);
    const toggle = () => second.client.post(`/api/ritual-session-posts/${post.id}/toggle-save`, { json: { _method: 'PUT' } });
    expect((await toggle()).body.data).toEqual({ saved: true });
    const saved = await second.client.get('/api/ritual-session-posts/saved');
    expect(saved.body.data.map((item: any) => item.id)).toEqual([post.id]);
    expect((await second.client.get(`/api/ritual-sessions/${room.id}/posts/${post.id}`)).body.data.is_saved).toBe(true);
    expect((await toggle()).body.data).toEqual({ saved: false });
    expect((await second.client.get('/api/ritual-session-posts/saved')).body.data).toEqual([]);
    expect((await guestClient(db()).get('/api/ritual-session-posts/saved')).status).toBe(401);
  });
});

describe('threads', () => {
  it('are written, read, changed and removed by their author; another member is refused', async () => {
    const { room, host, first, second } = await roomWithMembers(db());
    const created = await first.client.post(`/api/ritual-sessions/${room.id}/threads`, {
      json: { title: '같이 읽을 책', content: '<p>추천해 주세요<img src=x onerror=alert(1)></p>' },
    });
    expect(created.status, created.text).toBe(201);
    const thread = created.body.data;
    expect(thread).toMatchObject({ title: '같이 읽을 책', content_html: '<p>추천해 주세요</p>', is_mine: true, comments: [] });
    const list = await second.client.get(`/api/ritual-sessions/${room.id}/threads`);
    expect(list.body.data.map((item: any) => item.id)).toEqual([thread.id]);
    const path = `/api/ritual-sessions/${room.id}/threads/${thread.id}`;
    expect((await second.client.post(path, { json: { _method: 'PUT', title: '바꿈', content: '<p>바꿈</p>' } })).status).toBe(403);
    expect((await second.client.post(path, { json: { _method: 'DELETE' } })).status).toBe(403);
    const noTitle = await first.client.post(path, { json: { _method: 'PUT', title: ' ', content: '<p>바꿈</p>' } });
    expect(noTitle.status).toBe(422);
    expect(noTitle.body.errors.title).toEqual(['제목을 입력해 주세요.']);
    expect((await first.client.post(path, { json: { _method: 'PUT', title: '같이 읽을 책 두 권', content: '<p>두 권</p>' } })).body.data.title).toBe(
      '같이 읽을 책 두 권',
    );
    const answer = await second.client.post('/api/comments', { json: { model_type: 'ritual_session_thread', model_id: thread.id, content: '데미안이요' } });
    expect(answer.status).toBe(201);
    expect((await first.client.get(path)).body.data).toMatchObject({ comments_count: 1, comments: [{ content: '데미안이요' }] });
    const [note] = await db().select().from(notifications).where(eq(notifications.userId, first.user.id));
    expect(note!.data).toMatchObject({ ritual_session_id: room.id, ritual_session_thread_id: thread.id, title: '같이 읽을 책 두 권' });
    expect((await host.client.post(path, { json: { _method: 'DELETE' } })).status).toBe(204);
    expect(await db().select().from(ritualSessionThreads).where(eq(ritualSessionThreads.ritualSessionId, room.id))).toHaveLength(0);
    expect(await db().select().from(comments).where(eq(comments.userId, second.user.id))).toHaveLength(0);
    expect(await db().select().from(notifications).where(eq(notifications.userId, first.user.id))).toHaveLength(0);
  });
});

describe('check-in', () => {
  it('lists the texts and checks in once a Seoul day; a second tap answers that day\'s check-in', async () => {
    const text = await createCheckInText(db(), '오늘도 해냈어요');
    const { room, first } = await roomWithMembers(db());
    const texts = await first.client.get('/api/ritual-session-check-in-texts');
    expect(texts.body.data).toEqual([{ id: text.id, text: '오늘도 해냈어요' }]);
    const path = `/api/ritual-sessions/${room.id}/check-in`;
    const done = await first.client.post(path, { json: { check_in_text_id: text.id, content: '  상쾌한 아침 ' } });
    expect(done.status).toBe(201);
    expect(done.body.data).toMatchObject({ check_in_text_id: text.id, text: '오늘도 해냈어요', content: '상쾌한 아침', created: true });
    const again = await first.client.post(path, { json: { content: '또 할래요' } });
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ id: done.body.data.id, content: '상쾌한 아침', created: false });
    expect(await checkInsOf(room.id)).toHaveLength(1);
    expect((await first.client.get(`/api/ritual-sessions/${room.id}`)).body.data).toMatchObject({
      checked_in_today: true,
      today_check_in: { id: done.body.data.id, check_in_text_id: text.id, text: '오늘도 해냈어요', content: '상쾌한 아침' },
    });
  });

  it('starts a new day at Seoul midnight, not UTC midnight', async () => {
    const now = Date.now();
    // The next Seoul midnight is a 15:00 UTC.
    const midnight = Math.ceil((now - 15 * 3_600_000) / DAY_MS) * DAY_MS + 15 * 3_600_000 + DAY_MS;
    const room = await createRoom(db(), { startsAt: new Date(now - DAY_MS), endsAt: new Date(midnight + 5 * DAY_MS) });
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(midnight - 60_000);
    const member = await roomMember(db(), room);
    const path = `/api/ritual-sessions/${room.id}/check-in`;
    const before = await member.client.post(path, { json: {} });
    expect(before.status).toBe(201);
    vi.setSystemTime(midnight - 1_000);
    expect((await member.client.post(path, { json: {} })).status).toBe(200);
    vi.setSystemTime(midnight + 1_000);
    const after = await member.client.post(path, { json: {} });
    expect(after.status).toBe(201);
    const days = (await checkInsOf(room.id)).map((row) => row.day).sort();
    expect(days).toHaveLength(2);
    expect(new Date(`${days[1]}T00:00:00Z`).getTime() - new Date(`${days[0]}T00:00:00Z`).getTime()).toBe(DAY_MS);
    expect(before.body.data.day).toBe(days[0]);
    expect(after.body.data.day).toBe(days[1]);
  });

  it('is refused before the start, after the end, and with a text that does not exist', async () => {
    const upcoming = await createRoom(db(), { startsAt: new Date(Date.now() + DAY_MS), endsAt: new Date(Date.now() + 9 * DAY_MS) });
    const early = await roomMember(db(), upcoming);
    const soon = await early.client.post(`/api/ritual-sessions/${upcoming.id}/check-in`, { json: {} });
    expect(soon.status).toBe(403);
    expect(soon.body.message).toBe('리추얼이 시작되면 체크인할 수 있어요.');
    const finished = await createRoom(db(), { startsAt: new Date(Date.now() - 9 * DAY_MS), endsAt: new Date(Date.now() - 1_000) });
    const late = await roomMember(db(), finished);
    const over = await late.client.post(`/api/ritual-sessions/${finished.id}/check-in`, { json: {} });
    expect(over.status).toBe(403);
    expect(over.body.message).toBe('리추얼이 끝나 체크인할 수 없어요.');
    const { room, first } = await roomWithMembers(db());
    const unknown = await first.client.post(`/api/ritual-sessions/${room.id}/check-in`, { json: { check_in_text_id: 999999 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.check_in_text_id).toEqual(['체크인 문구를 다시 선택해 주세요.']);
    const long = await first.client.post(`/api/ritual-sessions/${room.id}/check-in`, { json: { content: '가'.repeat(301) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.content).toEqual(['체크인 한마디는 300자 이하로 적어 주세요.']);
    for (const id of [upcoming.id, finished.id, room.id]) expect(await checkInsOf(id)).toHaveLength(0);
  });
});

describe('comments, reactions and mentions in a room', () => {
  const mentionsOf = (userId: number) =>
    db()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.type, 'mention')))
      .orderBy(desc(notifications.id));

  it('tells the author of comments and reactions with the room post\'s link fields', async () => {
    const { room, first, second } = await roomWithMembers(db());
    const post = await createRoomPost(db(), room, first.user, { title: null, excerpt: '6시에 일어났어요.' });
    expect((await second.client.post('/api/comments', { json: { model_type: 'ritual_session_post', model_id: post.id, content: '멋져요' } })).status).toBe(201);
    expect(
      (await second.client.post('/api/reactions', { json: { model_type: 'ritual_session_post', model_id: post.id, reaction_type: 'cheer' } })).status,
    ).toBe(200);
    const list = await first.client.get('/api/notifications');
    expect(list.body.data).toHaveLength(2);
    for (const item of list.body.data) {
      expect(item.data).toMatchObject({ ritual_session_id: room.id, ritual_session_thread_id: null, id: post.id, title: '6시에 일어났어요.' });
    }
    const detail = await first.client.get(`/api/ritual-sessions/${room.id}/posts/${post.id}`);
    expect(detail.body.data).toMatchObject({ comments_count: 1, reactions_count: 1, reaction_counts: { cheer: 1, like: 0 }, my_reactions: [] });
    const reacted = await first.client.get(`/api/reactions/users?model_type=ritual_session_post&model_id=${post.id}`);
    expect(reacted.body.data.map((user: any) => user.id)).toEqual([second.user.id]);
    // The reactions are read with the post itself; each member sees which are theirs.
    expect((await second.client.post('/api/reactions', { json: { model_type: 'ritual_session_post', model_id: post.id, reaction_type: 'like' } })).status).toBe(200);
    const mine = await second.client.get(`/api/ritual-sessions/${room.id}/posts/${post.id}`);
    expect(mine.body.data).toMatchObject({ reaction_counts: { cheer: 1, like: 1, thanks: 0 }, my_reactions: ['like', 'cheer'] });
    expect((await first.client.get(`/api/ritual-sessions/${room.id}/posts/${post.id}`)).body.data).toMatchObject({ reaction_counts: { like: 1 }, my_reactions: [] });
  });

  it('counts reactions on a thread and tells its author with the thread\'s link fields', async () => {
    const { room, first, second } = await roomWithMembers(db());
    const created = await first.client.post(`/api/ritual-sessions/${room.id}/threads`, { json: { title: '아침 음악 추천', content: '<p>무엇을 들으세요?</p>' } });
    const thread = created.body.data;
    const react = (type: string) => second.client.post('/api/reactions', { json: { model_type: 'ritual_session_thread', model_id: thread.id, reaction_type: type } });
    expect((await react('empathy')).status).toBe(200);
    expect((await react('thanks')).status).toBe(200);
    const path = `/api/ritual-sessions/${room.id}/threads/${thread.id}`;
    expect((await second.client.get(path)).body.data).toMatchObject({
      reactions_count: 2,
      reaction_counts: { empathy: 1, thanks: 1, like: 0 },
      my_reactions: ['empathy', 'thanks'],
    });
    expect((await first.client.get(path)).body.data.my_reactions).toEqual([]);
    const told = await first.client.get('/api/notifications');
    expect(told.body.data.map((item: any) => item.data)).toEqual([
      expect.objectContaining({ target: 'post', reaction_type: 'thanks', ritual_session_id: room.id, ritual_session_thread_id: thread.id, title: '아침 음악 추천' }),
      expect.objectContaining({ target: 'post', reaction_type: 'empathy', ritual_session_thread_id: thread.id }),
    ]);
    // Taking a reaction back lowers the count and withdraws its notification.
    expect((await react('thanks')).status).toBe(200);
    expect((await first.client.get(path)).body.data.reactions_count).toBe(1);
    expect((await first.client.get('/api/notifications')).body.data).toHaveLength(1);
  });

  it('notifies a mentioned member once, however often named, and leaves a non-member\'s name as text', async () => {
    const { room, host, first, second, outsider } = await roomWithMembers(db());
    await db().update(users).set({ nickname: '하늘' }).where(eq(users.id, first.user.id));
    await db().update(users).set({ nickname: '하늘별' }).where(eq(users.id, host.user.id));
    await db().update(users).set({ nickname: '바다' }).where(eq(users.id, outsider.user.id));
    const post = await createRoomPost(db(), room, second.user);
    const content = '@하늘 님, @하늘 님! @바다 님도 보세요. @하늘별 님 감사해요';
    const res = await second.client.post('/api/comments', { json: { model_type: 'ritual_session_post', model_id: post.id, content } });
    expect(res.status).toBe(201);
    expect(res.body.data.content).toBe(content);
    const toFirst = await mentionsOf(first.user.id);
    expect(toFirst).toHaveLength(1);
    expect(toFirst[0]!.data).toMatchObject({ ritual_session_id: room.id, id: post.id });
    expect((await first.client.get('/api/notifications')).body.data[0].data.is_mention).toBe(true);
    // The longer name is its own member: 하늘별 is told, and not as 하늘.
    expect(await mentionsOf(host.user.id)).toHaveLength(1);
    expect(await mentionsOf(outsider.user.id)).toHaveLength(0);
    expect(await db().select().from(notifications).where(eq(notifications.userId, outsider.user.id))).toHaveLength(0);
  });

  it('does not tell the author of their own mention, and a mention on the post owner replaces the comment notice', async () => {
    const { room, first, second } = await roomWithMembers(db());
    await db().update(users).set({ nickname: '민지' }).where(eq(users.id, first.user.id));
    await db().update(users).set({ nickname: '서연' }).where(eq(users.id, second.user.id));
    const post = await createRoomPost(db(), room, first.user);
    await second.client.post('/api/comments', { json: { model_type: 'ritual_session_post', model_id: post.id, content: '@서연 @민지 같이 해요' } });
    expect(await mentionsOf(second.user.id)).toHaveLength(0);
    const toOwner = await db().select().from(notifications).where(eq(notifications.userId, first.user.id));
    expect(toOwner.map((row) => row.type)).toEqual(['mention']);
  });
});
