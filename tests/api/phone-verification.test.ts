import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createSmsSender, readSmsOutbox } from '../../src/server/adapters/sms/index.ts';
import { createOutboxSmsSender } from '../../src/server/adapters/sms/outbox-sms-sender.ts';
import type { Db } from '../../src/server/db/client.ts';
import { users } from '../../src/server/db/schema/index.ts';
import { phoneVerifications } from '../../src/server/db/schema/index.ts';
import { DomainError, InvalidInputError } from '../../src/server/domain-errors.ts';
import { answerOf } from '../../src/server/http/domain-answers.ts';
import { HttpError } from '../../src/server/http/errors.ts';
import { maskPhone, normalizePhone } from '../../src/server/modules/phone/schema.ts';
import { confirmPhone, sendCode, verifyCode } from '../../src/server/modules/phone/service.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const policy = { lifetimeMinutes: 120, rememberDays: 30 };
const SEND = '/api/phone-verification/send-code';
const VERIFY = '/api/phone-verification/verify-code';

// Every test uses numbers and addresses of its own: the per-number and per-address limits last an hour.
let counter = 0;
const next = () => (counter += 1);
const newNumber = () => `010-7${String(next()).padStart(3, '0')}-5678`;
const digits = (phone: string) => phone.replace(/-/g, '');

interface PhoneTestApp {
  db: Db;
  app: TestApp;
  /** Codes sent to a number (digits only), newest first. */
  codes(phone: string): Promise<string[]>;
}

function setup(): PhoneTestApp {
  const db = testDb().database.db;
  const app = createTestApp(db);
  return { db, app, codes: async (phone) => (await app.smsOutbox(phone)).map((m) => m.code) };
}

async function signedIn({ db, app }: PhoneTestApp) {
  const member = await createMember(db);
  const { token } = await createSession(db, { userId: member.id }, policy);
  const n = next();
  const client = app.client({ ip: `10.60.${Math.floor(n / 250)}.${n % 250}` });
  client.cookies.set('session', token);
  return { member, client };
}

type Client = Awaited<ReturnType<typeof signedIn>>['client'];

async function sendAndRead(t: PhoneTestApp, client: Client, phone: string): Promise<string> {
  const res = await client.post(SEND, { json: { phone, country_code: '82' } });
  expect(res.status).toBe(200);
  const [code] = await t.codes(digits(phone));
  return code!;
}

interface Failure {
  status: number;
  message: string;
  errors?: Record<string, string[]> | undefined;
  headers?: Record<string, string> | undefined;
}

/** What a service call threw, as the API would answer it. */
async function failure(work: Promise<unknown>): Promise<Failure> {
  const error = await work.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  if (error instanceof HttpError) return error;
  if (error instanceof DomainError) {
    return { status: answerOf(error).status, message: error.message, errors: error instanceof InvalidInputError ? error.fields : undefined };
  }
  throw new Error(`expected a domain or HTTP error, got ${String(error)}`);
}

describe('POST /api/phone-verification/send-code', () => {
  it('texts a six-digit code to the number, keeping only its hash', async () => {
    const t = setup();
    const { client, member } = await signedIn(t);
    const phone = newNumber();
    const res = await client.post(SEND, { json: { phone: ` ${phone.replace('-', ' ')} `, country_code: '+82' } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { expires_in: 180, resend_after: 60 } });
    const [code] = await t.codes(digits(phone));
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, member.id));
    expect(row).toMatchObject({ phone: digits(phone), countryCode: '82', attempts: 0, verifiedAt: null });
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.sentAt.getTime()).toBe(180_000);
  });

  it('sends at most once a minute per member, with Retry-After', async () => {
    const t = setup();
    const { client } = await signedIn(t);
    const phone = newNumber();
    await sendAndRead(t, client, phone);
    const again = await client.post(SEND, { json: { phone: newNumber(), country_code: '82' } });
    expect(again.status).toBe(429);
    const retryAfter = Number(again.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(50);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(again.body.message).toBe(`요청이 너무 많습니다. ${retryAfter}초 후에 다시 시도해 주세요.`);
    expect(await t.codes(digits(phone))).toHaveLength(1);
  });

  it('refuses badly written numbers with Korean messages, and sends nothing', async () => {
    const t = setup();
    const { client } = await signedIn(t);
    const cases: [Record<string, unknown>, Record<string, string[]>][] = [
      [{}, { phone: ['휴대폰 번호를 입력해 주세요.'], country_code: ['국가 번호를 선택해 주세요.'] }],
      [{ phone: '02-123-4567', country_code: '82' }, { phone: ['올바른 휴대폰 번호를 입력해 주세요.'] }],
      [{ phone: '010-123-45', country_code: '82' }, { phone: ['올바른 휴대폰 번호를 입력해 주세요.'] }],
      [{ phone: '010-1234-56789', country_code: '82' }, { phone: ['올바른 휴대폰 번호를 입력해 주세요.'] }],
      [{ phone: '010-abcd-5678', country_code: '82' }, { phone: ['올바른 휴대폰 번호를 입력해 주세요.'] }],
      [{ phone: '12345', country_code: '1' }, { phone: ['올바른 휴대폰 번호를 입력해 주세요.'] }],
      [{ phone: '010-1234-5678', country_code: '+1234' }, { country_code: ['올바른 국가 번호를 선택해 주세요.'] }],
      [{ phone: '010-1234-5678', country_code: 'kr' }, { country_code: ['올바른 국가 번호를 선택해 주세요.'] }],
    ];
    for (const [body, errors] of cases) {
      const res = await client.post(SEND, { json: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    expect(await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.phone, '01012345678'))).toEqual([]);
  });

  it('takes a number abroad with its calling code', async () => {
    const t = setup();
    const { client } = await signedIn(t);
    const res = await client.post(SEND, { json: { phone: '(415) 555-0134', country_code: 1 } });
    expect(res.status).toBe(200);
    expect(await t.codes('4155550134')).toHaveLength(1);
  });

  it('limits the codes sent from one address', async () => {
    const t = setup();
    const ip = '10.61.0.1';
    for (let i = 0; i < 10; i += 1) {
      const member = await createMember(t.db);
      const client = t.app.client({ ip });
      client.cookies.set('session', (await createSession(t.db, { userId: member.id }, policy)).token);
      expect((await client.post(SEND, { json: { phone: newNumber(), country_code: '82' } })).status).toBe(200);
    }
    const member = await createMember(t.db);
    const client = t.app.client({ ip });
    client.cookies.set('session', (await createSession(t.db, { userId: member.id }, policy)).token);
    const res = await client.post(SEND, { json: { phone: newNumber(), country_code: '82' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('answers 503 and keeps nothing when no SMS provider is configured', async () => {
    const db = testDb().database.db;
    const member = await createMember(db);
    const error = await failure(sendCode(db, createSmsSender({ provider: 'none' }), member.id, digits(newNumber()), '82'));
    expect(error.status).toBe(503);
    expect(error.message).toBe('지금은 휴대폰 인증을 이용할 수 없어요. 잠시 후 다시 시도해 주세요.');
    expect(await db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, member.id))).toEqual([]);
  });
});

describe('POST /api/phone-verification/verify-code', () => {
  it('accepts the code that was sent', async () => {
    const t = setup();
    const { client, member } = await signedIn(t);
    const phone = newNumber();
    const code = await sendAndRead(t, client, phone);
    const res = await client.post(VERIFY, { json: { phone, country_code: '82', verification_code: code } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { verified: true } });
    const [row] = await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, member.id));
    expect(row?.verifiedAt).toBeInstanceOf(Date);
  });

  it('counts wrong codes and refuses the sixth try, even with the right code', async () => {
    const t = setup();
    const { client } = await signedIn(t);
    const phone = newNumber();
    const code = await sendAndRead(t, client, phone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let n = 1; n <= 5; n += 1) {
      const res = await client.post(VERIFY, { json: { phone, country_code: '82', verification_code: wrong } });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ verification_code: [`인증번호가 일치하지 않아요. (${n}/5)`] });
    }
    const sixth = await client.post(VERIFY, { json: { phone, country_code: '82', verification_code: code } });
    expect(sixth.status).toBe(422);
    expect(sixth.body.errors).toEqual({ verification_code: ['인증 시도 횟수를 초과했어요. 인증번호를 다시 받아 주세요.'] });
  });

  it('asks for a code first, and checks the code is six digits', async () => {
    const t = setup();
    const { client } = await signedIn(t);
    const none = await client.post(VERIFY, { json: { phone: newNumber(), country_code: '82', verification_code: '123456' } });
    expect(none.status).toBe(422);
    expect(none.body.errors).toEqual({ verification_code: ['인증번호를 먼저 받아 주세요.'] });
    const bad = await client.post(VERIFY, { json: { phone: '010', country_code: '82', verification_code: '12ab' } });
    expect(bad.body.errors).toEqual({
      phone: ['올바른 휴대폰 번호를 입력해 주세요.'],
      verification_code: ['인증번호 6자리 숫자를 입력해 주세요.'],
    });
    const missing = await client.post(VERIFY, { json: { phone: newNumber(), country_code: '82' } });
    expect(missing.body.errors).toEqual({ verification_code: ['인증번호를 입력해 주세요.'] });
  });

  it('does not let one member use the code sent to another', async () => {
    const t = setup();
    const alice = await signedIn(t);
    const bob = await signedIn(t);
    const phone = newNumber();
    const code = await sendAndRead(t, alice.client, phone);
    const stolen = await bob.client.post(VERIFY, { json: { phone, country_code: '82', verification_code: code } });
    expect(stolen.status).toBe(422);
    expect(stolen.body.errors).toEqual({ verification_code: ['인증번호를 먼저 받아 주세요.'] });

    // Even with a code of his own for the same number, Alice's code is not his.
    const own = await sendAndRead(t, bob.client, phone);
    if (own !== code) {
      const again = await bob.client.post(VERIFY, { json: { phone, country_code: '82', verification_code: code } });
      expect(again.body.errors).toEqual({ verification_code: ['인증번호가 일치하지 않아요. (1/5)'] });
    }
    const put = await bob.client.post('/api/me/phone', { json: { _method: 'PUT', phone, country_code: '82' } });
    expect(put.status).toBe(422);

    const mine = await alice.client.post(VERIFY, { json: { phone, country_code: '82', verification_code: code } });
    expect(mine.status).toBe(200);
  });
});

describe('PUT /api/me/phone', () => {
  it('refuses a number that was not verified', async () => {
    const t = setup();
    const { client, member } = await signedIn(t);
    const res = await client.post('/api/me/phone', { json: { _method: 'PUT', phone: newNumber(), country_code: '82' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: '휴대폰 번호 인증을 먼저 완료해 주세요.', errors: { phone: ['휴대폰 번호 인증을 먼저 완료해 주세요.'] } });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row?.phone).toBeNull();
  });

  it('saves the verified number, answers it masked, and uses the verification up', async () => {
    const t = setup();
    const { client, member } = await signedIn(t);
    const phone = newNumber();
    const code = await sendAndRead(t, client, phone);
    await client.post(VERIFY, { json: { phone, country_code: '82', verification_code: code } });

    const other = await client.post('/api/me/phone', { json: { _method: 'PUT', phone: newNumber(), country_code: '82' } });
    expect(other.status).toBe(422);

    const res = await client.post('/api/me/phone', { json: { _method: 'PUT', phone, country_code: '+82' } });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      phone: `${phone.slice(0, 3)}-****-5678`,
      country_code: '82',
      phone_verified_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/),
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, member.id));
    expect(row).toMatchObject({ phone: digits(phone), countryCode: '82' });
    expect(row?.phoneVerifiedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(phoneVerifications).where(eq(phoneVerifications.userId, member.id))).toEqual([]);

    const twice = await client.post('/api/me/phone', { json: { _method: 'PUT', phone, country_code: '82' } });
    expect(twice.status).toBe(422);
  });
});

describe('as a guest', () => {
  it('answers 401 on every phone call', async () => {
    const t = setup();
    const guest = t.app.client({ ip: '10.62.0.1' });
    const body = { phone: '010-1234-5678', country_code: '82', verification_code: '123456' };
    expect((await guest.post(SEND, { json: body })).status).toBe(401);
    expect((await guest.post(VERIFY, { json: body })).status).toBe(401);
    const put = await guest.post('/api/me/phone', { json: { ...body, _method: 'PUT' } });
    expect(put.status).toBe(401);
    expect(put.body).toEqual({ message: 'Unauthenticated.' });
    expect(await t.codes('01012345678')).toEqual([]);
  });
});

describe('the phone service, on its own clock', () => {
  const t0 = new Date('2026-05-01T00:00:00Z');
  const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

  async function member() {
    const db = testDb().database.db;
    const dir = mkdtempSync(join(tmpdir(), 'ritual-sms-'));
    const sms = createOutboxSmsSender(dir);
    const { id } = await createMember(db);
    const phone = digits(newNumber());
    const lastCode = async () => (await readSmsOutbox(dir, { phone }))[0]!.code;
    return { db, sms, id, phone, lastCode };
  }

  it('lets a code expire after three minutes', async () => {
    const { db, sms, id, phone, lastCode } = await member();
    await sendCode(db, sms, id, phone, '82', t0);
    const code = await lastCode();
    const late = await failure(verifyCode(db, id, phone, '82', code, new Date(at(180).getTime() + 1)));
    expect(late.status).toBe(422);
    expect(late.errors).toEqual({ verification_code: ['인증번호가 만료되었어요. 다시 받아 주세요.'] });
    await expect(verifyCode(db, id, phone, '82', code, at(180))).resolves.toBeUndefined();
  });

  it('waits a minute between sends, and only the newest code counts', async () => {
    const { db, sms, id, phone, lastCode } = await member();
    await sendCode(db, sms, id, phone, '82', t0);
    const first = await lastCode();
    const early = await failure(sendCode(db, sms, id, phone, '82', at(59.5)));
    expect(early.status).toBe(429);
    expect(early.headers).toEqual({ 'Retry-After': '1' });
    await sendCode(db, sms, id, phone, '82', at(60));
    const second = await lastCode();
    if (first !== second) {
      const old = await failure(verifyCode(db, id, phone, '82', first, at(61)));
      expect(old.errors).toEqual({ verification_code: ['인증번호가 일치하지 않아요. (1/5)'] });
    }
    await expect(verifyCode(db, id, phone, '82', second, at(62))).resolves.toBeUndefined();
  });

  it('saves a verified number only within ten minutes', async () => {
    const { db, sms, id, phone, lastCode } = await member();
    await sendCode(db, sms, id, phone, '82', t0);
    await verifyCode(db, id, phone, '82', await lastCode(), at(10));
    const late = await failure(confirmPhone(db, id, phone, '82', at(10 + 600 + 1)));
    expect(late.errors).toEqual({ phone: ['휴대폰 번호 인증을 먼저 완료해 주세요.'] });
    const saved = await confirmPhone(db, id, phone, '82', at(10 + 600));
    expect(saved).toMatchObject({ phone, countryCode: '82', phoneVerifiedAt: at(610) });
  });
});

describe('phone numbers', () => {
  it('are kept as digits, Korean ones in national form', () => {
    expect(normalizePhone('010-1234-5678', '82')).toBe('01012345678');
    expect(normalizePhone('010 1234 5678', '82')).toBe('01012345678');
    expect(normalizePhone('10-1234-5678', '82')).toBe('01012345678');
    expect(normalizePhone('011-123-4567', '82')).toBe('0111234567');
    expect(normalizePhone('015-1234-5678', '82')).toBeNull();
    expect(normalizePhone('+1 415 555 0134', '1')).toBeNull();
    expect(normalizePhone('415.555.0134', '1')).toBe('4155550134');
    expect(normalizePhone('1234567890123456', '44')).toBeNull();
  });

  it('are masked for display', () => {
    expect(maskPhone('01012345678', '82')).toBe('010-****-5678');
    expect(maskPhone('0111234567', '82')).toBe('011-***-4567');
    expect(maskPhone('4155550134', '1')).toBe('******0134');
  });
});
