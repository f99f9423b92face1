import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, inquiries, inquiryCategories, notifications } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const PDF_BYTES = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
let categoryIds: number[] = [];

beforeAll(async () => {
  const rows = await db().select({ id: inquiryCategories.id }).from(inquiryCategories).orderBy(inquiryCategories.sortOrder);
  categoryIds = rows.map((row) => row.id);
});

beforeEach(async () => {
  await db().delete(notifications);
  await db().delete(inquiries);
  await db().delete(auditLogs);
});

/** A client of `app` signed in with another client's session (the app's storage and outbox are shared then). */
function onApp(app: TestApp, signedIn: TestClient): TestClient {
  const client = app.client();
  client.cookies.set('session', signedIn.cookies.get('session')!);
  return client;
}

async function memberOn(app: TestApp) {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = app.client();
  client.cookies.set('session', token);
  return { user, client };
}

async function ask(client: TestClient, title: string, files: File[] = [], category = categoryIds[0]!) {
  const form = new FormData();
  form.append('inquiry_category_id', String(category));
  form.append('title', title);
  form.append('content', '주문한 쿠션이 아직 오지 않았어요.\n확인 부탁드려요.');
  for (const file of files) form.append('files[]', file);
  const created = await client.post('/api/inquiries', { multipart: form });
  expect(created.status).toBe(201);
  return created.body.data as { id: number; attachments: { id: number; url: string }[] };
}

describe('the inquiry queue in the console', () => {
  it('lists what waits, oldest first, filters by status, category and search, and shows the member', async () => {
    const app = createTestApp(db());
    const { user: asker, client: member } = await memberOn(app);
    const older = await ask(member, '배송지 변경 문의');
    const newer = await ask(member, '환불 문의', [], categoryIds[1]!);
    await db().update(inquiries).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(inquiries.id, older.id));
    const answered = await ask(member, '이미 답변된 문의');
    await db().update(inquiries).set({ answer: '<p>답변</p>', answeredAt: new Date() }).where(eq(inquiries.id, answered.id));

    const { client } = await signedInStaff(db());
    const queue = await client.get('/api/admin/inquiries');
    expect(queue.status).toBe(200);
    expect(queue.body.data.map((row: { id: number }) => row.id)).toEqual([older.id, newer.id, answered.id]);
    expect(queue.body.data[0]).toMatchObject({ status: 'waiting', member_nickname: asker.nickname, member_email: asker.email, user_id: asker.id });
    expect(queue.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 3 });

    const waiting = await client.get('/api/admin/inquiries?status=waiting');
    expect(waiting.body.data.map((row: { id: number }) => row.id)).toEqual([older.id, newer.id]);
    const done = await client.get('/api/admin/inquiries?status=answered');
    expect(done.body.data.map((row: { id: number }) => row.id)).toEqual([answered.id]);
    const byCategory = await client.get(`/api/admin/inquiries?inquiry_category_id=${categoryIds[1]}`);
    expect(byCategory.body.data.map((row: { id: number }) => row.id)).toEqual([newer.id]);
    const byTitle = await client.get(`/api/admin/inquiries?q=${encodeURIComponent('환불')}`);
    expect(byTitle.body.data.map((row: { id: number }) => row.id)).toEqual([newer.id]);
    const byMember = await client.get(`/api/admin/inquiries?q=${encodeURIComponent(asker.email)}`);
    expect(byMember.body.meta.total).toBe(3);

    for (const hostile of ['%00', '%25', '%5C', "'"]) {
      expect((await client.get(`/api/admin/inquiries?q=${hostile}&inquiry_category_id=${hostile}`)).status, hostile).toBeLessThan(500);
    }
    const bad = await client.get('/api/admin/inquiries?status=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.status).toEqual(['상태는 waiting 또는 answered여야 해요.']);
  });

  it('lets staff open an attachment that stays closed to everyone else', async () => {
    const app = createTestApp(db());
    const { client: member } = await memberOn(app);
    const inquiry = await ask(member, '영수증 첨부합니다', [new File([PDF_BYTES], '영수증.pdf', { type: 'application/pdf' })]);
    const staff = onApp(app, (await signedInStaff(db())).client);

    const detail = await staff.get(`/api/admin/inquiries/${inquiry.id}`);
    expect(detail.status).toBe(200);
    const [file] = detail.body.data.attachments;
    expect(file).toMatchObject({ original_name: '영수증.pdf', mime_type: 'application/pdf' });
    expect(file.url).toBe(`/api/admin/inquiries/${inquiry.id}/attachments/${file.id}`);
    const opened = await staff.get(file.url);
    expect(opened.status).toBe(200);
    expect(opened.headers.get('content-type')).toBe('application/pdf');
    expect(opened.headers.get('content-disposition')).toContain('attachment;');
    expect(new TextDecoder().decode(opened.bytes)).toBe(new TextDecoder().decode(PDF_BYTES));

    // The owner reads it at their own address; another member, a guest or the owner at the console's cannot.
    expect((await member.get(inquiry.attachments[0]!.url)).status).toBe(200);
    expect((await member.get(file.url)).status).toBe(403);
    const { client: stranger } = await memberOn(app);
    expect((await stranger.get(file.url)).status).toBe(403);
    expect((await stranger.get(inquiry.attachments[0]!.url)).status).toBe(404);
    expect((await app.client().get(file.url)).status).toBe(401);
    expect((await staff.get(`/api/admin/inquiries/${inquiry.id}/attachments/999999`)).status).toBe(404);
  });

  it('answers: the member is mailed and notified once, reads it on their inquiry, and a correction is audited', async () => {
    const app = createTestApp(db());
    const { user: asker, client: member } = await memberOn(app);
    const inquiry = await ask(member, '배송지 변경 문의');
    const { user: staffUser, client: staffOwn } = await signedInStaff(db());
    const staff = onApp(app, staffOwn);

    const answered = await staff.post(`/api/admin/inquiries/${inquiry.id}/answer`, {
      json: { answer: '안녕하세요, 운영팀이에요.\r\n출고 전이라 바꿔 드렸어요.\r\n\r\n<b>고맙습니다.</b>' },
    });
    expect(answered.status).toBe(200);
    expect(answered.body.data).toMatchObject({
      status: 'answered',
      answered_by_id: staffUser.id,
      answered_by_nickname: staffUser.nickname,
      answer: '<p>안녕하세요, 운영팀이에요.<br>출고 전이라 바꿔 드렸어요.</p>\n<p>&lt;b&gt;고맙습니다.&lt;/b&gt;</p>',
      answer_text: '안녕하세요, 운영팀이에요.\n출고 전이라 바꿔 드렸어요.\n\n<b>고맙습니다.</b>',
    });
    const firstAnsweredAt = answered.body.data.answered_at;
    expect(firstAnsweredAt).not.toBeNull();

    // The member's own view has the answer (the page renders it), and can no longer edit the inquiry.
    const mine = await member.get(`/api/inquiries/${inquiry.id}`);
    expect(mine.body.data).toMatchObject({ status: 'answered', answer: answered.body.data.answer });
    expect((await member.request('DELETE', `/api/inquiries/${inquiry.id}`)).status).toBe(403);

    const mail = await app.outbox(asker.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('[리추얼] 문의하신 내용에 답변이 등록되었어요');
    expect(mail[0]!.text).toContain('출고 전이라 바꿔 드렸어요.');
    expect(mail[0]!.html).toContain('&lt;b&gt;고맙습니다.&lt;/b&gt;');
    expect(mail[0]!.links).toEqual([`http://localhost:4321/inquiry/${inquiry.id}`]);

    const bell = await member.get('/api/notifications');
    expect(bell.body.data).toHaveLength(1);
    expect(bell.body.data[0].data).toMatchObject({
      title: '배송지 변경 문의',
      link: `/inquiry/${inquiry.id}`,
      target: 'post',
      is_inquiry_answer: true,
      nickname: null,
      profile_image: null,
    });

    // Answering again corrects the answer: no second mail or notification, the first time stays.
    const corrected = await staff.post(`/api/admin/inquiries/${inquiry.id}/answer`, { json: { answer: '바로잡은 답변이에요.' } });
    expect(corrected.status).toBe(200);
    expect(corrected.body.data).toMatchObject({ answer: '<p>바로잡은 답변이에요.</p>', answer_text: '바로잡은 답변이에요.', answered_at: firstAnsweredAt });
    expect(await app.outbox(asker.email)).toHaveLength(1);
    expect(await db().select().from(notifications).where(eq(notifications.userId, asker.id))).toHaveLength(1);

    const trail = await db().select().from(auditLogs).where(eq(auditLogs.modelId, inquiry.id)).orderBy(auditLogs.id);
    expect(trail.map((row) => [row.action, row.modelType, row.actorId])).toEqual([
      ['answer', 'inquiry', staffUser.id],
      ['update_answer', 'inquiry', staffUser.id],
    ]);
    expect(trail[0]!.before).toEqual({ answer: null, answered_at: null, answered_by_id: null });
    expect(trail[0]!.after).toMatchObject({ answered_by_id: staffUser.id, answer: answered.body.data.answer });
    expect(trail[1]!.before).toMatchObject({ answer: answered.body.data.answer });
    expect(trail[1]!.after).toMatchObject({ answer: '<p>바로잡은 답변이에요.</p>' });
  });

  it('refuses an empty or too long answer in Korean and changes nothing', async () => {
    const app = createTestApp(db());
    const { client: member } = await memberOn(app);
    const inquiry = await ask(member, '문의');
    const { client } = await signedInStaff(db());
    const empty = await client.post(`/api/admin/inquiries/${inquiry.id}/answer`, { json: { answer: ' \r\n ' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.answer).toEqual(['답변을 입력해 주세요.']);
    const missing = await client.post(`/api/admin/inquiries/${inquiry.id}/answer`, { json: {} });
    expect(missing.body.errors.answer).toEqual(['답변을 입력해 주세요.']);
    const long = await client.post(`/api/admin/inquiries/${inquiry.id}/answer`, { json: { answer: '가'.repeat(5001) } });
    expect(long.status).toBe(422);
    expect(long.body.errors.answer).toEqual(['답변은 5,000자 이하로 입력해 주세요.']);
    expect((await client.post(`/api/admin/inquiries/${inquiry.id}/answer`, { json: { answer: '가'.repeat(5000) } })).status).toBe(200);
    expect((await client.post('/api/admin/inquiries/999999/answer', { json: { answer: '답변' } })).status).toBe(404);
    expect((await client.get('/api/admin/inquiries/abc')).status).toBe(404);
    expect(await db().select().from(auditLogs)).toHaveLength(1);
  });
});
