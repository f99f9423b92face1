import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createOutboxMailer, readOutbox } from '../../src/server/adapters/mail/outbox-mailer.ts';
import type { Db } from '../../src/server/db/client.ts';
import { comments, notificationSettings, weeklyLetterDeliveries } from '../../src/server/db/schema/index.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { sendWeeklyLetters } from '../../src/server/modules/weekly-letter/delivery.ts';
import { unsubscribeToken, unsubscribeUrl } from '../../src/server/modules/weekly-letter/unsubscribe.ts';
import { letterWeek } from '../../src/server/modules/weekly-letter/week.ts';
import { createMember } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import { planOf } from '../helpers/query-plans.ts';
import { createRoom, insertCheckIn, insertRoomPost, joinRoom, seoulTime } from '../helpers/room-progress-factories.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
const { appUrl, appKey } = testConfig();
const silent = { error: () => undefined };

// The letter of the week 2026-11-16 (Mon) – 11-22 (Sun), sent on Monday the 23rd. The tests share
// one database, so each keeps to a week of its own.
const MONDAY_MORNING = seoulTime('2026-11-23', 8);
const OCTOBER_MONDAY = seoulTime('2026-10-12', 8);
const inWeek = (date: string, hours = 12) => seoulTime(date, hours);

function outbox() {
  const dir = mkdtempSync(join(tmpdir(), 'ritual-weekly-letter-'));
  return { mailer: createOutboxMailer(dir), mails: (to?: string) => readOutbox(dir, to === undefined ? {} : { to }) };
}

const send = (mailer: ReturnType<typeof outbox>['mailer'], now = MONDAY_MORNING, batchSize?: number) =>
  sendWeeklyLetters(db(), mailer, { appUrl, appKey, now, log: silent, ...(batchSize ? { batchSize } : {}) });

async function optIn(user: User, on = true) {
  await db().insert(notificationSettings).values({ userId: user.id, emailDigest: on });
}

async function comment(postId: number, author: User, createdAt: Date, content: string, extra: Partial<typeof comments.$inferInsert> = {}) {
  await db().insert(comments).values({ modelType: 'ritual_session_post', modelId: postId, userId: author.id, content, createdAt, updatedAt: createdAt, ...extra });
}

const digestOf = async (user: User) =>
  (await db().select({ on: notificationSettings.emailDigest }).from(notificationSettings).where(eq(notificationSettings.userId, user.id)))[0]?.on;

describe('the week a letter tells', () => {
  it('is the last full Monday–Sunday in Seoul, due from Monday 07:00 until the next', () => {
    expect(letterWeek(new Date('2026-11-22T22:00:00Z'))).toEqual({
      week: '2026-11-16',
      start: new Date('2026-11-15T15:00:00Z'),
      end: new Date('2026-11-22T15:00:00Z'),
      days: ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20', '2026-11-21', '2026-11-22'],
    });
    // Monday 06:59 in Seoul still belongs to the week before; the next Monday 06:59 to this one.
    expect(letterWeek(new Date('2026-11-22T21:59:00Z')).week).toBe('2026-11-09');
    expect(letterWeek(new Date('2026-11-26T03:00:00Z')).week).toBe('2026-11-16');
    expect(letterWeek(new Date('2026-11-29T21:59:59Z')).week).toBe('2026-11-16');
    expect(letterWeek(new Date('2026-11-29T22:00:00Z')).week).toBe('2026-11-23');
  });
});

describe('the weekly letter job', () => {
  it('tells a member their check-in days, the replies to their records and their rooms’ new records, once', async () => {
    const reader = await createMember(db(), { nickname: '새벽독자' });
    const mate = await createMember(db(), { nickname: '아침친구' });
    const quiet = await createMember(db(), { nickname: '조용한친구' });
    const gone = await createMember(db(), { nickname: '떠난친구', deletedAt: new Date() });
    await optIn(reader);
    const room = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'), '아침 10분 명상');
    const other = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'), '밤 산책');
    const notMine = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'), '남의 방');
    for (const member of [reader, mate, quiet, gone]) await joinRoom(db(), room.id, member.id);
    await joinRoom(db(), other.id, reader.id);
    await joinRoom(db(), other.id, gone.id);
    await joinRoom(db(), notMine.id, mate.id);

    // Four records by others in the room that week (three shown, newest first), one hidden, one the week before.
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-11-16'), 'wakeup', { excerpt: '월요일도 일어났어요' });
    await insertRoomPost(db(), room.id, quiet.id, inWeek('2026-11-17'), 'wakeup', { excerpt: '화요일 명상 10분' });
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-11-19'), 'ritual_goal', { title: '이번 주 목표', excerpt: '하루 10분' });
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-11-22', 23), 'retrospect', { excerpt: '일요일 밤의 회고' });
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-11-20'), 'wakeup', { excerpt: '가려진 글', hiddenAt: new Date() });
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-11-15'), 'wakeup', { excerpt: '지난주의 글' });
    await insertRoomPost(db(), room.id, mate.id, seoulTime('2026-11-23', 0), 'wakeup', { excerpt: '이번 주의 글' });
    await insertRoomPost(db(), other.id, gone.id, inWeek('2026-11-18'), 'wakeup', { excerpt: '떠나기 전 마지막 기록' });
    await insertRoomPost(db(), notMine.id, mate.id, inWeek('2026-11-18'), 'wakeup', { excerpt: '다른 방의 글' });
    // The reader's own records: their own posts are not news to them.
    const mine = await insertRoomPost(db(), room.id, reader.id, inWeek('2026-11-10'), 'wakeup', { excerpt: '지난주에 쓴 내 기록' });
    await insertRoomPost(db(), room.id, reader.id, inWeek('2026-11-18'), 'wakeup', { excerpt: '이번 주 내 기록' });
    await comment(mine.id, mate, inWeek('2026-11-17'), '정말 멋져요!');
    await comment(mine.id, quiet, inWeek('2026-11-21'), '저도 따라 해 볼게요', { isAnonymous: true });
    await comment(mine.id, reader, inWeek('2026-11-21'), '고마워요');
    await comment(mine.id, mate, inWeek('2026-11-20'), '지워진 댓글', { deletedAt: new Date() });
    await comment(mine.id, mate, inWeek('2026-11-12'), '지난주의 댓글');
    // Checked in on Monday and Wednesday (twice that day, in two rooms); the Sunday before is another week.
    await insertCheckIn(db(), room.id, reader.id, '2026-11-16');
    await insertCheckIn(db(), room.id, reader.id, '2026-11-18');
    await insertCheckIn(db(), other.id, reader.id, '2026-11-18');
    await insertCheckIn(db(), room.id, reader.id, '2026-11-15');

    const { mailer, mails } = outbox();
    expect(await send(mailer)).toEqual({ week: '2026-11-16', claimed: 1, mailed: 1, failed: 0 });
    const [mail, ...more] = await mails();
    expect(more).toEqual([]);
    const url = unsubscribeUrl(appUrl, appKey, reader.id);
    expect(mail).toMatchObject({
      to: reader.email,
      subject: '[리추얼] 지난주 리추얼 소식 (2026.11.16(월) – 11.22(일))',
      headers: { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    });
    const post = (id: number) => `${appUrl}/room/${room.id}/${id}`;
    const sections = mail!.text.split('\n\n');
    expect(sections[0]).toBe('새벽독자님, 지난주 2026.11.16(월) – 11.22(일) 리추얼 방 소식을 모아 왔어요.');
    expect(sections[1]).toBe('[나의 체크인]\n7일 중 2일 체크인했어요 (월 · 수).');
    expect(sections[2]).toBe(`[내 기록에 달린 댓글 2개]\n- 익명: 저도 따라 해 볼게요\n  ${post(mine.id)}\n- 아침친구: 정말 멋져요!\n  ${post(mine.id)}`);
    expect(sections[3]).toMatch(/^\[「아침 10분 명상」 새 기록 4개\]\n- 아침친구: 일요일 밤의 회고\n {2}\S+\n- 아침친구: 이번 주 목표\n {2}\S+\n- 조용한친구: 화요일 명상 10분\n {2}\S+$/);
    expect(sections[4]).toMatch(/^\[「밤 산책」 새 기록 1개\]\n- 탈퇴한 회원: 떠나기 전 마지막 기록\n {2}http:\/\/localhost:4321\/room\/\d+\/\d+$/);
    expect(sections[5]).toBe(`이번 주 리추얼 열기: ${appUrl}/today`);
    expect(sections[6]).toBe(`매주 월요일 아침에 지난주 소식을 보내 드려요. 마이페이지 > 알림 설정에서도 끌 수 있어요.\n그만 받기: ${url}\n`);
    expect(mail!.text).not.toMatch(/가려진 글|지난주의 글|이번 주의 글|다른 방의 글|지난주에 쓴 내 기록|이번 주 내 기록|고마워요|지워진 댓글|지난주의 댓글/);
    expect(mail!.html).toContain(`href="${url.replaceAll('&', '&amp;')}"`);
    expect(mail!.links).toContain(url);

    // Every later run that week, on this instance or another, finds it sent.
    expect(await send(mailer, new Date(MONDAY_MORNING.getTime() + 3 * 86_400_000))).toMatchObject({ claimed: 0, mailed: 0 });
    expect(await mails()).toHaveLength(1);
    expect(await db().select({ userId: weeklyLetterDeliveries.userId, week: weeklyLetterDeliveries.week }).from(weeklyLetterDeliveries)).toEqual([
      { userId: reader.id, week: '2026-11-16' },
    ]);
  });

  it('sends nothing to a member who did not opt in, had nothing that week, is unverified or deleted', async () => {
    const mate = await createMember(db());
    const room = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'));
    const notAsked = await createMember(db());
    const optedOut = await createMember(db());
    const idle = await createMember(db());
    const unverified = await createMember(db(), { emailVerifiedAt: null });
    const deleted = await createMember(db(), { deletedAt: new Date() });
    const roommate = await createMember(db());
    await optIn(optedOut, false);
    for (const member of [idle, unverified, deleted, roommate]) await optIn(member);
    for (const member of [mate, notAsked, optedOut, unverified, deleted, roommate]) await joinRoom(db(), room.id, member.id);
    // The idle member's room had news only the week before and the week after.
    const idleRoom = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'));
    await joinRoom(db(), idleRoom.id, idle.id);
    await joinRoom(db(), idleRoom.id, mate.id);
    await insertRoomPost(db(), idleRoom.id, mate.id, inWeek('2026-10-04', 23));
    await insertRoomPost(db(), idleRoom.id, mate.id, seoulTime('2026-10-12', 0, 1));
    await insertCheckIn(db(), idleRoom.id, idle.id, '2026-10-12');
    // Everyone else's room had a record that week; a member alone in a room checked in on Sunday.
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-10-07'));
    const lonely = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'));
    const onlyCheckIn = await createMember(db());
    await optIn(onlyCheckIn);
    await joinRoom(db(), lonely.id, onlyCheckIn.id);
    await insertCheckIn(db(), lonely.id, onlyCheckIn.id, '2026-10-11');

    const { mailer, mails } = outbox();
    // The week of 2026-10-05, away from the other tests' weeks (they share the database).
    // Batches of one, from two runs at once: each letter is claimed by exactly one of them.
    const runs = await Promise.all([send(mailer, OCTOBER_MONDAY, 1), send(mailer, OCTOBER_MONDAY, 1)]);
    expect(runs.reduce((sum, run) => sum + run.mailed, 0)).toBe(2);
    expect((await mails()).map((mail) => mail.to).sort()).toEqual([roommate.email, onlyCheckIn.email].sort());
    const [alone] = await mails(onlyCheckIn.email);
    expect(alone!.text.split('\n\n').slice(1, 3)).toEqual(['[나의 체크인]\n7일 중 1일 체크인했어요 (일).', `이번 주 리추얼 열기: ${appUrl}/today`]);
    const [other] = await mails(roommate.email);
    expect(other!.text).toContain('[나의 체크인]\n지난주에는 체크인이 없었어요. 이번 주에 가볍게 다시 시작해 봐요.');
    const rows = await db().select({ userId: weeklyLetterDeliveries.userId }).from(weeklyLetterDeliveries).where(eq(weeklyLetterDeliveries.week, '2026-10-05'));
    expect(rows.map((row) => row.userId).sort((a, b) => a - b)).toEqual([roommate.id, onlyCheckIn.id].sort((a, b) => a - b));
  });

  it('reads a batch in one claim and three statements whatever its size, each through indexes', async () => {
    const mate = await createMember(db());
    const room = await createRoom(db(), seoulTime('2026-07-01'), seoulTime('2026-08-01'));
    await joinRoom(db(), room.id, mate.id);
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-07-07'));
    const readers = await Promise.all(Array.from({ length: 6 }, () => createMember(db())));
    for (const reader of readers) {
      await optIn(reader);
      await joinRoom(db(), room.id, reader.id);
      await insertCheckIn(db(), room.id, reader.id, '2026-07-08');
      const post = await insertRoomPost(db(), room.id, reader.id, inWeek('2026-07-01'));
      await comment(post.id, mate, inWeek('2026-07-09'), '응원해요');
    }
    const counted = countQueries(db(), testDb().kind);
    const { mailer, mails } = outbox();
    const statements = await counted.during(() =>
      sendWeeklyLetters(counted.db, mailer, { appUrl, appKey, now: seoulTime('2026-07-13', 8), log: silent }),
    );
    expect(await mails()).toHaveLength(6);
    expect(statements).toHaveLength(4);
    for (const statement of statements) {
      // With sequential scans priced out, a plan that still holds one has no index to use.
      const plan = await planOf(db(), statement, ['enable_seqscan = off']);
      expect(plan.filter((node) => node['Node Type'] === 'Seq Scan').map((node) => node['Relation Name']), statement.sql).toEqual([]);
    }
  });

  it('quotes what others wrote as text: escaped in the HTML, clipped when long, named when only pictures', async () => {
    const reader = await createMember(db());
    const mate = await createMember(db(), { nickname: '<b>친구</b>' });
    await optIn(reader);
    const room = await createRoom(db(), seoulTime('2026-06-01'), seoulTime('2026-07-01'), '아침 & "저녁"');
    await joinRoom(db(), room.id, reader.id);
    await joinRoom(db(), room.id, mate.id);
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-06-02'), 'wakeup', { excerpt: '', contentHtml: '<p><img src="/uploads/a.webp" alt=""></p>' });
    await insertRoomPost(db(), room.id, mate.id, inWeek('2026-06-03'), 'wakeup', { excerpt: '가'.repeat(100) });
    const mine = await insertRoomPost(db(), room.id, reader.id, inWeek('2026-06-01'));
    await comment(mine.id, mate, inWeek('2026-06-04'), '<script>alert(1)</script>\n\n좋아요 & "최고"');
    const { mailer, mails } = outbox();
    await send(mailer, seoulTime('2026-06-08', 8));
    const [mail] = await mails(reader.email);
    expect(mail!.text).toContain(`- <b>친구</b>: ${'가'.repeat(59)}…\n`);
    expect(mail!.text).toContain('- <b>친구</b>: 사진으로 남긴 기록\n');
    expect(mail!.text).toContain('- <b>친구</b>: <script>alert(1)</script> 좋아요 & "최고"\n');
    expect(mail!.html).not.toMatch(/<script|<b>/);
    expect(mail!.html).toContain('&lt;b&gt;친구&lt;/b&gt;: &lt;script&gt;alert(1)&lt;/script&gt; 좋아요 &amp; &quot;최고&quot;');
    expect(mail!.html).toContain('「아침 &amp; &quot;저녁&quot;」 새 기록 2개');
  });

  it('waits for Monday 07:00 in Seoul', async () => {
    const member = await createMember(db());
    await optIn(member);
    const room = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'));
    await joinRoom(db(), room.id, member.id);
    await insertCheckIn(db(), room.id, member.id, '2026-09-18');
    const { mailer, mails } = outbox();
    // At 06:59 the week due is the one before, which has nothing for this member.
    expect(await send(mailer, seoulTime('2026-09-21', 6, 59))).toMatchObject({ week: '2026-09-07', claimed: 0 });
    expect(await send(mailer, seoulTime('2026-09-21', 7))).toMatchObject({ week: '2026-09-14', claimed: 1, mailed: 1 });
    expect(await mails(member.email)).toHaveLength(1);
  });
});

describe('POST /weekly-letter/unsubscribe (one click, RFC 8058)', () => {
  const app = () => createTestApp(db());

  it('turns the letter off with the link from the mail, with no session and no forgery token', async () => {
    const member = await createMember(db());
    await optIn(member);
    await db().insert(notificationSettings).values({ userId: member.id, push: false }).onConflictDoUpdate({ target: notificationSettings.userId, set: { push: false } });
    const room = await createRoom(db(), seoulTime('2026-11-01'), seoulTime('2026-12-01'));
    await joinRoom(db(), room.id, member.id);
    await insertCheckIn(db(), room.id, member.id, '2026-08-04');
    const { mailer, mails } = outbox();
    await send(mailer, seoulTime('2026-08-10', 8));
    const header = (await mails(member.email))[0]!.headers!['List-Unsubscribe']!;
    const link = new URL(header.slice(1, -1));

    const res = await app()
      .client()
      .request('POST', `${link.pathname}${link.search}`, { form: { 'List-Unsubscribe': 'One-Click' }, csrf: false, headers: { Accept: '*/*' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { email_digest: false } });
    expect(await digestOf(member)).toBe(false);
    // Only the letter: the member's other choices stay.
    expect((await db().select().from(notificationSettings).where(eq(notificationSettings.userId, member.id)))[0]!.push).toBe(false);
    // Again is the same answer; next Monday there is no letter.
    expect((await app().client().request('POST', `${link.pathname}${link.search}`, { csrf: false })).status).toBe(200);
    expect(await send(outbox().mailer, seoulTime('2026-08-17', 8))).toMatchObject({ claimed: 0 });
  });

  it('sends the page’s own button back to the page, which then says it is off', async () => {
    const member = await createMember(db());
    await optIn(member);
    const token = unsubscribeToken(appKey, member.id);
    const res = await app()
      .client()
      .request('POST', `/weekly-letter/unsubscribe?token=${token}`, { form: { 'List-Unsubscribe': 'One-Click' }, csrf: false, headers: { Accept: 'text/html,application/xhtml+xml' } });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/weekly-letter/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await digestOf(member)).toBe(false);
  });

  it('refuses a forged, altered or missing token with a clear message and changes nothing; a GET changes nothing', async () => {
    const member = await createMember(db());
    const other = await createMember(db());
    await optIn(member);
    await optIn(other);
    const token = unsubscribeToken(appKey, member.id);
    const [, signature] = token.split('.');
    const forged = [
      `${other.id}.${signature}`,
      `${member.id}.${signature!.slice(0, -1)}${signature!.endsWith('A') ? 'B' : 'A'}`,
      unsubscribeToken('another-key-0123456789-0123456789-012345', member.id),
      `${member.id}`,
      `0.${signature}`,
      `99999999999.${signature}`,
      'x'.repeat(43),
    ];
    for (const value of forged) {
      const res = await app()
        .client()
        .request('POST', `/weekly-letter/unsubscribe?token=${encodeURIComponent(value)}`, { csrf: false });
      expect(res.status, value).toBe(403);
      expect(res.body).toEqual({ message: '수신 거부 링크가 올바르지 않아요. 받은 메일의 링크를 다시 눌러 주세요.' });
    }
    const missing = await app().client().request('POST', '/weekly-letter/unsubscribe', { csrf: false });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ token: ['수신 거부 링크에 필요한 정보가 빠져 있어요. 받은 메일의 링크를 다시 눌러 주세요.'] });
    // The GET is the page (Astro), not the API: the API does not answer it, and nothing is turned off.
    expect((await app().client().get(`/weekly-letter/unsubscribe?token=${token}`)).status).toBe(404);
    expect(await digestOf(member)).toBe(true);
    expect(await digestOf(other)).toBe(true);
  });
});
