import { describe, expect, it } from 'vitest';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const client = (ip = '10.30.0.1') => createTestApp(testDb().database.db).client({ ip });

describe('POST /api/user/validate-username and /api/user/validate-email', () => {
  it('answers available for a free username and e-mail', async () => {
    const username = await client().post('/api/user/validate-username', { json: { username: 'morning.walker' } });
    expect(username.status).toBe(200);
    expect(username.body).toEqual({ data: { available: true } });
    const email = await client().post('/api/user/validate-email', { json: { email: 'new.person@example.com' } });
    expect(email.body).toEqual({ data: { available: true } });
  });

  it('answers 422 with the reason for a taken one, whatever its case', async () => {
    const member = await createMember(testDb().database.db, { username: 'takenname', email: 'taken@example.com' });
    const username = await client().post('/api/user/validate-username', { json: { username: member.username } });
    expect(username.status).toBe(422);
    expect(username.body.errors).toEqual({ username: ['이미 사용 중인 아이디입니다.'] });
    const email = await client().post('/api/user/validate-email', { json: { email: 'TAKEN@example.com' } });
    expect(email.body.errors).toEqual({ email: ['이미 가입된 이메일입니다.'] });
  });

  it('explains a username that breaks the rules', async () => {
    const cases: Array<[string, string]> = [
      ['', '아이디를 입력해 주세요.'],
      ['abc', '아이디는 4자 이상 20자 이하로 입력해 주세요.'],
      ['1abc', '아이디는 영문 소문자로 시작하고 영문 소문자, 숫자, 마침표(.), 밑줄(_)만 사용할 수 있어요.'],
      ['Hello', '아이디는 영문 소문자로 시작하고 영문 소문자, 숫자, 마침표(.), 밑줄(_)만 사용할 수 있어요.'],
      ['한글아이디', '아이디는 영문 소문자로 시작하고 영문 소문자, 숫자, 마침표(.), 밑줄(_)만 사용할 수 있어요.'],
      ['admin', '사용할 수 없는 아이디입니다.'],
    ];
    for (const [username, message] of cases) {
      const res = await client().post('/api/user/validate-username', { json: { username } });
      expect(res.status, username).toBe(422);
      expect(res.body.errors.username, username).toEqual([message]);
    }
    const email = await client().post('/api/user/validate-email', { json: { email: 'not-an-email' } });
    expect(email.body.errors).toEqual({ email: ['올바른 이메일 주소를 입력해 주세요.'] });
  });

  it('checks a nickname on the same call: free, taken in any case, or against the rules', async () => {
    const db = testDb().database.db;
    await createMember(db, { nickname: 'MorningStar' });
    const free = await client().post('/api/user/validate-username', { json: { nickname: '아침별' } });
    expect(free.body).toEqual({ data: { available: true } });
    const taken = await client().post('/api/user/validate-username', { json: { nickname: 'morningstar' } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ nickname: ['이미 사용 중인 닉네임입니다.'] });
    const cases: Array<[string, string]> = [
      ['', '닉네임을 입력해 주세요.'],
      ['별', '닉네임은 2자 이상 12자 이하로 입력해 주세요.'],
      ['아주아주긴닉네임을지었어요', '닉네임은 2자 이상 12자 이하로 입력해 주세요.'],
      ['별 빛', '닉네임은 한글, 영문, 숫자만 사용할 수 있어요.'],
      ['운영자', '사용할 수 없는 닉네임입니다.'],
      ['탈퇴한회원', '사용할 수 없는 닉네임입니다.'],
      ['리추얼운영팀', '사용할 수 없는 닉네임입니다.'],
      ['운영진', '사용할 수 없는 닉네임입니다.'],
      ['관리자1', '사용할 수 없는 닉네임입니다.'],
      ['Admin01', '사용할 수 없는 닉네임입니다.'],
    ];
    for (const [nickname, message] of cases) {
      const res = await client().post('/api/user/validate-username', { json: { nickname } });
      expect(res.status, nickname).toBe(422);
      expect(res.body.errors, nickname).toEqual({ nickname: [message] });
    }
    const neither = await client().post('/api/user/validate-username', { json: {} });
    expect(neither.body.errors).toEqual({ username: ['아이디를 입력해 주세요.'] });
  });

  it("frees a deleted member's nickname, and tells a member their own names are theirs to keep", async () => {
    const db = testDb().database.db;
    await createMember(db, { nickname: '떠난사람', deletedAt: new Date() });
    expect((await client().post('/api/user/validate-username', { json: { nickname: '떠난사람' } })).status).toBe(200);

    const member = await createMember(db, { nickname: '내이름', username: 'my.own.name' });
    const { token } = await createSession(db, { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const own = client();
    own.cookies.set('session', token);
    const res = await own.post('/api/user/validate-username', { json: { nickname: '내이름', username: 'my.own.name' } });
    expect(res.body).toEqual({ data: { available: true } });
    const guest = await client().post('/api/user/validate-username', { json: { nickname: '내이름', username: 'my.own.name' } });
    expect(guest.body.errors).toEqual({ username: ['이미 사용 중인 아이디입니다.'], nickname: ['이미 사용 중인 닉네임입니다.'] });
  });

  it('leaves the last word to the database: two live members can never share a nickname', async () => {
    const db = testDb().database.db;
    await createMember(db, { nickname: '하나뿐인별' });
    await expect(createMember(db, { nickname: '하나뿐인별' })).rejects.toThrow();
    await expect(createMember(db, { nickname: '하나뿐인별', deletedAt: new Date() })).resolves.toBeDefined();
  });

  it('is rate-limited so that nobody lists the members', async () => {
    const prober = client('10.30.9.9');
    for (let i = 0; i < 60; i += 1) {
      await prober.post('/api/user/validate-email', { json: { email: `probe${i}@example.com` } });
    }
    expect((await prober.post('/api/user/validate-email', { json: { email: 'x@example.com' } })).status).toBe(429);
  });
});
