import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
let counter = 0;
const signUp = (overrides: Record<string, unknown> = {}) => {
  counter += 1;
  return {
    email: `newbie${counter}@example.com`,
    password: 'Morning#2026',
    password_confirmation: 'Morning#2026',
    nickname: `새벽산책${counter}`,
    username: `newbie${counter}`,
    agree_terms: true,
    agree_privacy: true,
    ...overrides,
  };
};

describe('POST /register', () => {
  it('creates an unverified member, signs them in and mails a signed verification link', async () => {
    const app = createTestApp(testDb().database.db);
    const client = app.client({ ip: '10.40.0.1' });
    const body = signUp({ agree_marketing: 'on' });
    const res = await client.post('/register', { json: body });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ email: body.email, nickname: body.nickname, username: body.username, email_verified_at: null });
    const [row] = await testDb().database.db.select().from(users).where(eq(users.id, res.body.data.id));
    expect(row?.agreedTermsAt).toBeInstanceOf(Date);
    expect(row?.agreedMarketingAt).toBeInstanceOf(Date);
    expect(row?.passwordHash).not.toContain(body.password);

    expect((await client.get('/api/user')).status).toBe(409);
    const [mail] = await app.outbox(body.email);
    expect(mail?.subject).toBe('[리추얼] 이메일 주소를 인증해 주세요');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toMatch(new RegExp(`^/email/verify/${res.body.data.id}/[0-9a-f]{40}$`));
    expect(link.searchParams.get('signature')).toMatch(/^[0-9a-f]{64}$/);

    const verified = await client.get(`${link.pathname}${link.search}`);
    expect(verified.status).toBe(302);
    expect(verified.headers.get('location')).toBe('/verify-email?verified=1');
    expect((await client.get('/api/user')).body.data.email_verified_at).toMatch(/Z$/);
  });

  it('refuses a tampered or foreign verification link', async () => {
    const app = createTestApp(testDb().database.db);
    const client = app.client({ ip: '10.40.0.2' });
    const body = signUp();
    const res = await client.post('/register', { json: body });
    const link = new URL((await app.outbox(body.email))[0]!.links[0]!);
    const other = await createMember(testDb().database.db, { emailVerifiedAt: null });
    const forged = `${link.pathname.replace(`/${res.body.data.id}/`, `/${other.id}/`)}${link.search}`;
    expect((await client.get(forged)).headers.get('location')).toBe('/verify-email?error=invalid');
    const [row] = await testDb().database.db.select().from(users).where(eq(users.id, other.id));
    expect(row?.emailVerifiedAt).toBeNull();
  });

  it('lists every broken rule in Korean, and keeps taken names', async () => {
    const taken = await createMember(testDb().database.db);
    const client = createTestApp(testDb().database.db).client({ ip: '10.40.0.3' });
    const res = await client.post('/register', {
      json: {
        email: taken.email.toUpperCase(),
        password: 'short',
        password_confirmation: 'other',
        nickname: '!',
        username: 'Bad Name',
        agree_terms: false,
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(
      ['agree_privacy', 'agree_terms', 'nickname', 'password', 'password_confirmation', 'username'].sort(),
    );
    expect(res.body.errors.password).toEqual(['비밀번호는 영문, 숫자, 특수문자를 모두 포함해 8자 이상 64자 이하로 입력해 주세요.']);
    const duplicate = await client.post('/register', {
      json: signUp({ email: taken.email, username: taken.username, nickname: taken.nickname }),
    });
    expect(duplicate.body.errors).toEqual({
      email: ['이미 가입된 이메일입니다.'],
      username: ['이미 사용 중인 아이디입니다.'],
      nickname: ['이미 사용 중인 닉네임입니다.'],
    });
  });

  it('lets only one of two simultaneous sign-ups have a nickname, and tells the other why', async () => {
    const app = createTestApp(testDb().database.db);
    const answers = await Promise.all(
      ['10.40.1.1', '10.40.1.2'].map((ip) => app.client({ ip }).post('/register', { json: signUp({ nickname: '동시가입' }) })),
    );
    expect(answers.map((res) => res.status).sort()).toEqual([201, 422]);
    expect(answers.find((res) => res.status === 422)!.body.errors).toEqual({ nickname: ['이미 사용 중인 닉네임입니다.'] });
    const rows = await testDb().database.db.select().from(users).where(eq(users.nickname, '동시가입'));
    expect(rows).toHaveLength(1);
  });

  it('resends the link at most once a minute, and only to a signed-in unverified member', async () => {
    const app = createTestApp(testDb().database.db);
    const guest = app.client({ ip: '10.40.0.4' });
    expect((await guest.post('/email/verification-notification')).status).toBe(401);
    const body = signUp();
    await guest.post('/register', { json: body });
    const sent = await guest.post('/email/verification-notification');
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ status: 'verification-link-sent' });
    expect(await app.outbox(body.email)).toHaveLength(2);
    expect((await guest.post('/email/verification-notification')).status).toBe(429);
  });
});

describe('password reset', () => {
  it('mails a single-use link and sets the new password, ending every session', async () => {
    const app = createTestApp(testDb().database.db);
    const client = app.client({ ip: '10.41.0.1' });
    const body = signUp();
    await client.post('/register', { json: body });
    const forgot = await client.post('/forgot-password', { json: { email: body.email } });
    expect(forgot.status).toBe(200);
    const [mail] = await app.outbox(body.email);
    expect(mail?.subject).toBe('[리추얼] 비밀번호 재설정 안내');
    const link = new URL(mail!.links[0]!);
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;

    const reset = await client.post('/reset-password', {
      json: { token, email: body.email, password: 'Evening#2027', password_confirmation: 'Evening#2027' },
    });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: '비밀번호가 재설정 되었습니다.' });
    expect((await client.get('/api/user')).status).toBe(401);

    // The reset ended the session the token was bound to; the client fetches a new one after 419.
    await client.get('/csrf-token');
    const again = await client.post('/reset-password', {
      json: { token, email: body.email, password: 'Another#2028', password_confirmation: 'Another#2028' },
    });
    expect(again.status).toBe(422);
    expect(again.body.errors.email[0]).toContain('올바르지 않거나 만료');
    const login = await client.post('/login', { json: { email: body.email, password: 'Evening#2027' } });
    expect(login.status).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const app = createTestApp(testDb().database.db);
    const res = await app.client({ ip: '10.41.0.2' }).post('/forgot-password', { json: { email: 'ghost@example.com' } });
    expect(res.status).toBe(200);
    expect(res.body.status).toContain('재설정 링크를 보냈어요');
    expect(await app.outbox()).toEqual([]);
  });

  it('refuses a wrong token and a weak password with Korean messages', async () => {
    const app = createTestApp(testDb().database.db);
    const client = app.client({ ip: '10.41.0.3' });
    const body = signUp();
    await client.post('/register', { json: body });
    await client.post('/forgot-password', { json: { email: body.email } });
    const wrong = await client.post('/reset-password', {
      json: { token: 'not-the-token', email: body.email, password: 'Evening#2027', password_confirmation: 'Evening#2027' },
    });
    expect(wrong.status).toBe(422);
    const weak = await client.post('/reset-password', {
      json: { token: 'x', email: body.email, password: 'abc', password_confirmation: 'abd' },
    });
    expect(Object.keys(weak.body.errors).sort()).toEqual(['password', 'password_confirmation']);
  });
});
