import { beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { couponUsers, coupons } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

const WRONG_PER_MEMBER = 10;
const WRONG_PER_ADDRESS = 30;

let counter = 0;
const freshAddress = () => {
  counter += 1;
  return `198.51.100.${counter}`;
};

/** A signed-in member on a browser at `ip`, who types coupon codes. */
async function memberAt(ip: string) {
  const user = await createMember(db());
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db()).client({ ip });
  client.cookies.set('session', token);
  return { user, register: (code: string) => client.post('/api/coupons/users', { json: { code } }) };
}

beforeEach(async () => {
  await db().delete(couponUsers);
  await db().delete(coupons);
  await db().insert(coupons).values([
    { code: 'WELCOME10', name: '첫 주문 10% 할인', kind: 'percent', value: 10, maxDiscount: 10_000, minOrderAmount: 10_000 },
    { code: 'AUTUMN3000', name: '가을 감사 쿠폰', kind: 'fixed', value: 3000 },
  ]);
});

describe('guessing coupon codes', () => {
  it('stops a member after ten wrong codes with 429 and Retry-After, in Korean', async () => {
    const member = await memberAt(freshAddress());
    for (let guess = 0; guess < WRONG_PER_MEMBER; guess += 1) {
      expect((await member.register(`GUESS${guess}`)).status).toBe(422);
    }
    const refused = await member.register('GUESS-LAST');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/쿠폰 코드.*분 후/);
    // Refused before it is looked up: a right code tells this member nothing now either.
    expect((await member.register('WELCOME10')).status).toBe(429);
  });

  it('lets another member at another address register a right code meanwhile', async () => {
    const guesser = await memberAt(freshAddress());
    for (let guess = 0; guess <= WRONG_PER_MEMBER; guess += 1) await guesser.register(`GUESS${guess}`);
    expect((await guesser.register('GUESS-AGAIN')).status).toBe(429);
    expect((await (await memberAt(freshAddress())).register('welcome10')).status).toBe(201);
  });

  it('counts only codes that do not exist', async () => {
    const member = await memberAt(freshAddress());
    for (let guess = 0; guess < WRONG_PER_MEMBER - 1; guess += 1) expect((await member.register(`GUESS${guess}`)).status).toBe(422);
    expect((await member.register('WELCOME10')).status).toBe(201);
    // An existing code refused for another reason (already in the wallet) was no guess either.
    expect((await member.register('WELCOME10')).status).toBe(422);
    expect((await member.register('AUTUMN3000')).status).toBe(201);
    expect((await member.register('GUESS-TENTH')).status).toBe(422);
    expect((await member.register('GUESS-ELEVENTH')).status).toBe(429);
  });

  it('stops one address after thirty wrong codes from any members', async () => {
    const address = freshAddress();
    for (let member = 0; member < WRONG_PER_ADDRESS / WRONG_PER_MEMBER; member += 1) {
      const guesser = await memberAt(address);
      for (let guess = 0; guess < WRONG_PER_MEMBER; guess += 1) expect((await guesser.register(`GUESS${member}-${guess}`)).status).toBe(422);
    }
    const next = await memberAt(address);
    const refused = await next.register('GUESS-NEXT');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await (await memberAt(freshAddress())).register('AUTUMN3000')).status).toBe(201);
  });
});
