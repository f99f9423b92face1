import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountDeletions, users } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

async function signedIn(overrides = {}) {
  const db = testDb().database.db;
  const user = await createMember(db, { passwordHash: await hashPassword('Passw0rd!'), ...overrides });
  const { token } = await createSession(db, { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db).client();
  client.cookies.set('session', token);
  return { user, client };
}

/** A camera photo in miniature: a JPEG with EXIF (orientation, a copyright) and GPS-like text. */
async function photo(width = 1200, height = 800): Promise<File> {
  const bytes = await sharp({ create: { width, height, channels: 3, background: { r: 249, g: 115, b: 22 } } })
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: '위치 정보 포함', Artist: 'camera' } } })
    .toBuffer();
  return new File([new Uint8Array(bytes)], 'IMG_0001.JPG', { type: 'image/jpeg' });
}

describe('GET and PUT /api/me', () => {
  it('shows the member their profile, with the phone masked, and 401 to a guest', async () => {
    const { user, client } = await signedIn({ phone: '01012345678', countryCode: '82', phoneVerifiedAt: new Date() });
    const res = await client.get('/api/me');
    expect(res.body.data).toMatchObject({ id: user.id, nickname: user.nickname, phone: '010-****-5678', country_code: '82' });
    expect((await createTestApp(testDb().database.db).client().get('/api/me')).status).toBe(401);
  });

  it('updates nickname, username and introduction through multipart with _method=PUT', async () => {
    const { client } = await signedIn();
    const form = new FormData();
    form.append('_method', 'PUT');
    form.append('nickname', '느린아침');
    form.append('username', 'slow.morning');
    form.append('introduction', '  매일 아침 10분 걷기  ');
    const res = await client.post('/api/me', { multipart: form });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ nickname: '느린아침', username: 'slow.morning', introduction: '매일 아침 10분 걷기' });
  });

  it("refuses another member's nickname or username, and keeps one's own", async () => {
    const other = await createMember(testDb().database.db, { nickname: '먼저온별', username: 'first.star' });
    const { user, client } = await signedIn();
    const put = (fields: Record<string, string>) => client.post('/api/me', { json: { _method: 'PUT', ...fields } });
    const clash = await put({ nickname: '먼저온별', username: other.username });
    expect(clash.status).toBe(422);
    expect(clash.body.errors).toEqual({ nickname: ['이미 사용 중인 닉네임입니다.'], username: ['이미 사용 중인 아이디입니다.'] });
    const same = await put({ nickname: user.nickname, username: user.username, introduction: '그대로' });
    expect(same.status).toBe(200);
    expect(same.body.data).toMatchObject({ nickname: user.nickname, username: user.username });
  });

  it('stores the picture upright at 400 × 400 WebP without metadata, and drops the old one', async () => {
    const { client } = await signedIn();
    const first = new FormData();
    first.append('_method', 'PUT');
    first.append('profile_image', await photo());
    const res = await client.post('/api/me', { multipart: first });
    expect(res.status).toBe(200);
    const url: string = res.body.data.profile_image;
    expect(url).toMatch(/^\/uploads\/avatars\/\d+-[0-9a-f]{16}\.webp$/);
    const served = await client.get(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(served.bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();

    const second = new FormData();
    second.append('_method', 'PUT');
    second.append('profile_image', await photo(600, 600));
    const next = await client.post('/api/me', { multipart: second });
    expect(next.body.data.profile_image).not.toBe(url);
    expect((await client.get(url)).status).toBe(404);
  });

  it('refuses a file that is not an image whatever its name, and a taken username', async () => {
    const other = await createMember(testDb().database.db);
    const { client } = await signedIn();
    const fake = new FormData();
    fake.append('_method', 'PUT');
    fake.append('profile_image', new File(['<?php echo 1; ?>'], 'avatar.png', { type: 'image/png' }));
    const res = await client.post('/api/me', { multipart: fake });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ profile_image: ['JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.'] });
    const taken = await client.post('/api/me', { json: { _method: 'PUT', username: other.username } });
    expect(taken.body.errors).toEqual({ username: ['이미 사용 중인 아이디입니다.'] });
    const long = await client.post('/api/me', { json: { _method: 'PUT', introduction: '가'.repeat(151) } });
    expect(long.body.errors.introduction).toEqual(['소개는 150자 이하로 입력해 주세요.']);
  });

  it('refuses to serve a path outside the uploads', async () => {
    const client = createTestApp(testDb().database.db).client();
    for (const path of ['/uploads/../package.json', '/uploads/%2e%2e/package.json', '/uploads/avatars/x.js']) {
      expect((await client.get(path)).status).toBe(404);
    }
  });
});

describe('GET /api/me/invite-code', () => {
  it('gives each member one stable, readable code', async () => {
    const { client } = await signedIn();
    const first = await client.get('/api/me/invite-code');
    expect(first.body.data.invite_code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{8}$/);
    expect((await client.get('/api/me/invite-code')).body.data.invite_code).toBe(first.body.data.invite_code);
  });
});

describe('account deletion (POST /api/me with _method=DELETE)', () => {
  it('needs a reason', async () => {
    const { client } = await signedIn();
    const res = await client.post('/api/me', { json: { _method: 'DELETE', reason: ' ' } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ reason: ['탈퇴 사유를 입력해 주세요.'] });
  });

  it('erases the personal data at once, keeps the reason, ends the sessions, frees the e-mail', async () => {
    const db = testDb().database.db;
    const { user, client } = await signedIn({ phone: '01099998888', introduction: '안녕하세요' });
    const res = await client.post('/api/me', { form: { _method: 'DELETE', reason: '시간이 부족해요', password: 'Passw0rd!' } });
    expect(res.status).toBe(204);
    const [row] = await db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({
      email: `deleted-${user.id}@deleted.invalid`,
      nickname: '탈퇴한 회원',
      passwordHash: null,
      phone: null,
      introduction: null,
      profileImage: null,
    });
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const [reason] = await db.select().from(accountDeletions).where(eq(accountDeletions.userId, user.id));
    expect(reason?.reason).toBe('시간이 부족해요');
    expect((await client.get('/api/me')).status).toBe(401);
    const login = await createTestApp(db).client({ ip: '10.50.0.1' }).post('/login', { json: { email: user.email, password: 'Passw0rd!' } });
    expect(login.status).toBe(422);
    const again = await createTestApp(db).client({ ip: '10.50.0.2' }).post('/api/user/validate-email', { json: { email: user.email } });
    expect(again.body).toEqual({ data: { available: true } });
  });
});

describe('account deletion asks who it is', () => {
  it('needs the password again from a member who has one, and deletes nothing until it is right', async () => {
    const db = testDb().database.db;
    const { user, client } = await signedIn();
    const missing = await client.request('DELETE', '/api/me', { json: { reason: '잠시 쉬려고요' } });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ password: ['본인 확인을 위해 비밀번호를 입력해 주세요.'] });
    const wrong = await client.request('DELETE', '/api/me', { json: { reason: '잠시 쉬려고요', password: 'Passw0rd?' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ password: ['비밀번호가 올바르지 않아요.'] });
    expect((await db.select().from(users).where(eq(users.id, user.id)))[0]?.deletedAt).toBeNull();
    expect((await client.get('/api/me')).status).toBe(200);
    const right = await client.request('DELETE', '/api/me', { json: { reason: '잠시 쉬려고요', password: 'Passw0rd!' } });
    expect(right.status).toBe(204);
  });

  it('lets a taken session guess the password five times in a quarter hour, no more', async () => {
    const { client } = await signedIn();
    for (let i = 0; i < 5; i += 1) {
      expect((await client.request('DELETE', '/api/me', { json: { reason: '이유', password: `guess-${i}` } })).status).toBe(422);
    }
    const limited = await client.request('DELETE', '/api/me', { json: { reason: '이유', password: 'Passw0rd!' } });
    expect(limited.status).toBe(429);
    expect((await client.get('/api/me')).status).toBe(200);
  });

  it('asks a member who only signs in with a social account to have signed in within ten minutes', async () => {
    const db = testDb().database.db;
    const user = await createMember(db, { passwordHash: null });
    const policy = { lifetimeMinutes: 60, rememberDays: 1 };
    const old = await createSession(db, { userId: user.id }, policy, new Date(Date.now() - 11 * 60_000));
    const stale = createTestApp(db).client();
    stale.cookies.set('session', old.token);
    const refused = await stale.request('DELETE', '/api/me', { json: { reason: '이유' } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: expect.stringContaining('다시 로그인해 주세요'), reauthenticate: true });
    expect((await stale.get('/api/me')).status).toBe(200);
    const fresh = await createSession(db, { userId: user.id }, policy);
    const recent = createTestApp(db).client();
    recent.cookies.set('session', fresh.token);
    expect((await recent.request('DELETE', '/api/me', { json: { reason: '이유' } })).status).toBe(204);
  });
});
