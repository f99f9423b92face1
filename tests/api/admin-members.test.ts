import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { accountDeletions, auditLogs, sessions, users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const PASSWORD = 'Passw0rd!';
let passwordHash = '';

beforeAll(async () => {
  passwordHash = await hashPassword(PASSWORD);
});

beforeEach(async () => {
  await db().delete(auditLogs);
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);
const auditOf = (modelId: number) => db().select().from(auditLogs).where(eq(auditLogs.modelId, modelId)).orderBy(auditLogs.id);
const signIn = (email: string) => createTestApp(db()).client().post('/login', { json: { email, password: PASSWORD } });

describe('members in the console', () => {
  it('searches by e-mail, nickname and phone, filters by role and suspension, and pages', async () => {
    const tag = `find${Date.now()}`;
    const a = await createMember(db(), { email: `${tag}-a@example.com`, phone: '01012345678' });
    const b = await createMember(db(), { nickname: `${tag}닉`, role: 'staff' });
    const c = await createMember(db(), { email: `${tag}-c@example.com`, suspendedUntil: inDays(3), suspensionReason: '도배' });
    await createMember(db(), { email: `${tag}-d@example.com`, deletedAt: new Date() });
    const { client } = await signedInStaff(db());

    const byTag = await client.get(`/api/admin/members?q=${tag}&sort=id&order=asc`);
    expect(byTag.status).toBe(200);
    expect(byTag.body.data.map((row: { id: number }) => row.id)).toEqual([a.id, b.id, c.id]);
    expect(byTag.body.meta).toEqual({ current_page: 1, last_page: 1, per_page: 25, total: 3 });
    expect(byTag.body.data[2]).toMatchObject({ is_suspended: true, email: c.email });

    const byPhone = await client.get(`/api/admin/members?q=${encodeURIComponent('010-1234-5678')}`);
    expect(byPhone.body.data.map((row: { id: number }) => row.id)).toEqual([a.id]);
    const staffOnly = await client.get(`/api/admin/members?q=${tag}&role=staff`);
    expect(staffOnly.body.data.map((row: { id: number }) => row.id)).toEqual([b.id]);
    const suspended = await client.get(`/api/admin/members?q=${tag}&suspended=true`);
    expect(suspended.body.data.map((row: { id: number }) => row.id)).toEqual([c.id]);
    const notSuspended = await client.get(`/api/admin/members?q=${tag}&suspended=false&per_page=1&page=2&sort=id&order=asc`);
    expect(notSuspended.body.data.map((row: { id: number }) => row.id)).toEqual([b.id]);
    expect(notSuspended.body.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2 });

    for (const hostile of ['%00', '%25', '%5C', "'", '%E2%80%AE', 'x'.repeat(101)]) {
      const answer = await client.get(`/api/admin/members?q=${hostile}&sort=password_hash`);
      expect(answer.status, hostile).toBeLessThan(500);
    }
    const bad = await client.get('/api/admin/members?role=owner&suspended=maybe');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.role).toEqual(['역할은 member, staff, admin 중 하나여야 해요.']);
    expect(bad.body.errors.suspended).toEqual(['정지 여부는 true 또는 false여야 해요.']);
  });

  it('shows a member in full, with counts, and never a secret', async () => {
    const member = await createMember(db(), {
      passwordHash,
      totpSecret: 'sealed-totp-secret-value',
      totpEnabledAt: new Date(),
      phone: '01099998888',
      agreedMarketingAt: new Date(),
    });
    const { sessionId } = await signedInMember(db(), { email: `other-${Date.now()}@example.com` });
    const { token } = await createSession(db(), { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const { client } = await signedInStaff(db());

    const detail = await client.get(`/api/admin/members/${member.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: member.id,
      email: member.email,
      phone: '01099998888',
      role: 'member',
      is_suspended: false,
      suspension_reason: null,
      counts: { orders: 0, square_posts: 0, ritual_session_posts: 0, comments: 0 },
    });
    expect(detail.body.data.second_factor_enabled_at).not.toBeNull();
    expect(detail.body.data.agreed_marketing_at).not.toBeNull();
    const keys = Object.keys(detail.body.data).join(' ');
    expect(keys).not.toMatch(/password|totp|secret|token|session|recovery/);
    for (const text of [detail.text, (await client.get(`/api/admin/members?ids=${member.id}`)).text]) {
      expect(text).not.toContain(passwordHash);
      expect(text).not.toContain('sealed-totp-secret-value');
      expect(text).not.toContain(token);
      expect(text).not.toContain(sessionId);
      expect(text).not.toMatch(/argon2/);
    }
    expect((await client.get('/api/admin/members/999999')).status).toBe(404);
  });

  it('suspends a member: signed out at once, sign-in refused with the reason, and lifting lets them back', async () => {
    const member = await createMember(db(), { passwordHash });
    const { token } = await createSession(db(), { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const browser = createTestApp(db()).client();
    browser.cookies.set('session', token);
    expect((await browser.get('/api/user')).status).toBe(200);

    const { user: staff, client } = await signedInStaff(db());
    const until = '2099-12-31T14:59:00.000Z';
    const suspended = await client.post(`/api/admin/members/${member.id}/suspension`, { json: { reason: '반복된 광고 게시', until } });
    expect(suspended.status).toBe(200);
    expect(suspended.body.data).toMatchObject({ is_suspended: true, suspended_until: '2099-12-31T14:59:00.000000Z', suspension_reason: '반복된 광고 게시' });
    expect(await db().select().from(sessions).where(eq(sessions.userId, member.id))).toHaveLength(0);
    expect((await browser.get('/api/user')).status).toBe(401);

    const refused = await signIn(member.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('운영 정책 위반으로 2099년 12월 31일 23:59까지 이용이 정지된 계정이에요. 사유: 반복된 광고 게시');
    expect(refused.body.code).toBe('suspended');
    // The reason is only told to someone who knows the password.
    const wrong = await createTestApp(db()).client().post('/login', { json: { email: member.email, password: 'wrong-password' } });
    expect(wrong.status).toBe(422);

    const lifted = await client.request('DELETE', `/api/admin/members/${member.id}/suspension`);
    expect(lifted.status).toBe(200);
    expect(lifted.body.data).toMatchObject({ is_suspended: false, suspended_until: null });
    expect((await signIn(member.email)).status).toBe(200);

    const trail = await auditOf(member.id);
    expect(trail.map((row) => [row.action, row.modelType, row.actorId])).toEqual([
      ['suspend', 'user', staff.id],
      ['unsuspend', 'user', staff.id],
    ]);
    expect(trail[0]!.before).toEqual({ suspended_until: null, suspension_reason: null });
    expect(trail[0]!.after).toEqual({ suspended_until: '2099-12-31T14:59:00.000Z', suspension_reason: '반복된 광고 게시' });
    expect(trail[1]!.after).toEqual({ suspended_until: null, suspension_reason: null });
  });

  it('does not count a session of a suspended member as signed in', async () => {
    const member = await createMember(db(), { suspendedUntil: inDays(1), suspensionReason: '욕설' });
    const { token } = await createSession(db(), { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const browser = createTestApp(db()).client();
    browser.cookies.set('session', token);
    expect((await browser.get('/api/user')).status).toBe(401);
    expect((await browser.get('/api/notifications/new')).status).toBe(401);
    // Once the suspension has run out, the same session is the member's again.
    await db().update(users).set({ suspendedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, member.id));
    expect((await browser.get('/api/user')).status).toBe(200);
  });

  it('refuses bad suspensions in Korean, and keeps staff from suspending staff, admins and themselves', async () => {
    const member = await createMember(db());
    const admin = await createMember(db(), { role: 'admin' });
    const otherStaff = await createMember(db(), { role: 'staff' });
    const { user: staff, client } = await signedInStaff(db());

    const empty = await client.post(`/api/admin/members/${member.id}/suspension`, { json: { reason: '  ', until: 'tomorrow' } });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.reason).toEqual(['정지 사유를 입력해 주세요.']);
    expect(empty.body.errors.until).toEqual(['정지 종료 시각을 날짜와 시각으로 입력해 주세요.']);
    const past = await client.post(`/api/admin/members/${member.id}/suspension`, { json: { reason: '가'.repeat(501), until: '2020-01-01T00:00:00Z' } });
    expect(past.body.errors.reason).toEqual(['정지 사유는 500자 이하로 입력해 주세요.']);
    expect(past.body.errors.until).toEqual(['정지 종료 시각은 지금보다 뒤여야 해요.']);

    const typed = await client.post(`/api/admin/members/${member.id}/suspension`, { json: { reason: { text: '도배' }, until: 1893456000 } });
    expect(typed.status).toBe(422);
    expect(Object.keys(typed.body.errors).sort()).toEqual(['reason', 'until']);

    const future = inDays(7).toISOString();
    const onAdmin = await client.post(`/api/admin/members/${admin.id}/suspension`, { json: { reason: '테스트', until: future } });
    expect(onAdmin.status).toBe(403);
    expect(onAdmin.body.message).toBe('운영진과 관리자의 이용 정지는 관리자만 할 수 있어요.');
    expect((await client.post(`/api/admin/members/${otherStaff.id}/suspension`, { json: { reason: '테스트', until: future } })).status).toBe(403);
    const self = await client.post(`/api/admin/members/${staff.id}/suspension`, { json: { reason: '테스트', until: future } });
    expect(self.status).toBe(403);
    expect(self.body.message).toBe('자기 자신은 정지할 수 없어요.');
    expect((await client.post('/api/admin/members/999999/suspension', { json: { reason: '테스트', until: future } })).status).toBe(404);
    expect(await auditOf(member.id)).toHaveLength(0);
    const [untouched] = await db().select().from(users).where(eq(users.id, admin.id));
    expect(untouched!.suspendedUntil).toBeNull();

    // An admin may suspend staff.
    const { client: adminClient } = await signedInStaff(db(), { role: 'admin' });
    expect((await adminClient.post(`/api/admin/members/${otherStaff.id}/suspension`, { json: { reason: '계정 공유', until: future } })).status).toBe(200);
  });

  it('lets an admin, and only an admin, change a role, never their own or an admin’s', async () => {
    const member = await createMember(db());
    const otherAdmin = await createMember(db(), { role: 'admin' });
    const { client: staffClient } = await signedInStaff(db());
    const denied = await staffClient.request('PATCH', `/api/admin/members/${member.id}/role`, { json: { role: 'staff' } });
    expect(denied.status).toBe(403);
    expect(denied.body.message).toBe('관리자만 할 수 있어요.');

    const { user: admin, client } = await signedInStaff(db(), { role: 'admin' });
    const promoted = await client.request('PATCH', `/api/admin/members/${member.id}/role`, { json: { role: 'staff' } });
    expect(promoted.status).toBe(200);
    expect(promoted.body.data.role).toBe('staff');
    const bad = await client.request('PATCH', `/api/admin/members/${member.id}/role`, { json: { role: 'admin' } });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.role).toEqual(['역할은 회원(member) 또는 운영진(staff)이어야 해요.']);
    expect((await client.request('PATCH', `/api/admin/members/${admin.id}/role`, { json: { role: 'member' } })).body.message).toBe(
      '자기 자신의 역할은 바꿀 수 없어요.',
    );
    expect((await client.request('PATCH', `/api/admin/members/${otherAdmin.id}/role`, { json: { role: 'member' } })).status).toBe(403);

    const trail = await auditOf(member.id);
    expect(trail.map((row) => [row.action, row.actorId, row.before, row.after])).toEqual([['change_role', admin.id, { role: 'member' }, { role: 'staff' }]]);
  });

  it('lists the deletion log, newest first, with the reason and no personal data', async () => {
    await db().delete(accountDeletions);
    const first = await createMember(db(), { deletedAt: new Date(), email: 'deleted-1@deleted.invalid' });
    const second = await createMember(db(), { deletedAt: new Date() });
    await db().insert(accountDeletions).values([
      { userId: first.id, reason: '자주 이용하지 않아요', createdAt: new Date(Date.now() - 60_000) },
      { userId: second.id, reason: '기타: 다른 서비스를 써요', createdAt: new Date() },
    ]);
    const { client } = await signedInStaff(db());
    const log = await client.get('/api/admin/account-deletions');
    expect(log.status).toBe(200);
    expect(log.body.data.map((row: { user_id: number; reason: string }) => [row.user_id, row.reason])).toEqual([
      [second.id, '기타: 다른 서비스를 써요'],
      [first.id, '자주 이용하지 않아요'],
    ]);
    expect(Object.keys(log.body.data[0]).sort()).toEqual(['created_at', 'id', 'joined_at', 'reason', 'user_id']);
    expect(log.body.meta.total).toBe(2);
    const searched = await client.get(`/api/admin/account-deletions?q=${encodeURIComponent('서비스')}`);
    expect(searched.body.data).toHaveLength(1);
  });
});
