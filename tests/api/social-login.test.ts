import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { socialAccounts, users } from '../../src/server/db/schema/index.ts';
import type { SocialProvider } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { LocalOAuthServer } from '../helpers/oauth-server.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const oauth = new LocalOAuthServer();
beforeAll(() => oauth.start());
afterAll(() => oauth.stop());

let counter = 1000;
const nextId = () => String((counter += 1));

function client() {
  return createTestApp(testDb().database.db, {}, undefined, oauth.settings()).client();
}

/** Clicks "sign in with …" and lets the browser follow the provider's redirect back. */
async function signInWith(browser: TestClient, provider: SocialProvider, redirect = '/square') {
  const start = await browser.get(`/login/${provider}?redirect=${encodeURIComponent(redirect)}`);
  expect(start.status).toBe(302);
  const authorize = new URL(start.headers.get('location')!);
  const answer = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(answer.headers.get('location')!);
  if (provider === 'apple') {
    // Apple answers with a form POST from its own site, without our request-forgery token.
    const posted = await browser.post(`/login/apple/callback`, {
      form: Object.fromEntries(callback.searchParams),
      csrf: false,
    });
    expect(posted.status).toBe(303);
    const again = new URL(posted.headers.get('location')!, 'http://localhost:4321');
    return { authorize, done: await browser.get(`${again.pathname}${again.search}`) };
  }
  return { authorize, done: await browser.get(`${callback.pathname}${callback.search}`) };
}

describe('social login against a local OAuth 2.0 server', () => {
  for (const provider of ['kakao', 'naver', 'google', 'apple'] as const) {
    it(`signs a new ${provider} member in and sends them to /register/sns, then back where they were`, async () => {
      const id = nextId();
      oauth.accounts.set(provider, { id, email: `${provider}${id}@example.com`, emailVerified: true, name: '새벽별' });
      const browser = client();
      const { authorize, done } = await signInWith(browser, provider);
      expect(authorize.searchParams.get('client_id')).toBe(`${provider}-client`);
      expect(authorize.searchParams.get('redirect_uri')).toBe(`http://localhost:4321/login/${provider}/callback`);
      expect(authorize.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
      expect(authorize.searchParams.has('code_challenge')).toBe(provider === 'google');
      expect(authorize.searchParams.get('response_mode')).toBe(provider === 'apple' ? 'form_post' : null);
      expect(done.status).toBe(302);
      expect(done.headers.get('location')).toBe('/register/sns');

      const me = await browser.get('/api/user');
      expect(me.body.data).toMatchObject({ email: `${provider}${id}@example.com`, agreed_terms_at: null });
      const agreed = await browser.post('/api/register-with-sns', {
        json: { nickname: `새벽별${provider}`, username: `${provider}.star${id}`, agree_terms: true, agree_privacy: true },
      });
      expect(agreed.status).toBe(200);
      expect(agreed.body.data.agreed_terms_at).toMatch(/Z$/);

      const second = await signInWith(client(), provider);
      expect(second.done.headers.get('location')).toBe('/square');
      const rows = await testDb().database.db.select().from(socialAccounts).where(eq(socialAccounts.providerUserId, id));
      expect(rows).toHaveLength(1);
    });
  }

  it('sends a suspended member back to the sign-in page, signed out', async () => {
    const member = await createMember(testDb().database.db, {
      suspendedUntil: new Date(Date.now() + 86_400_000),
      suspensionReason: '도배',
    });
    oauth.accounts.set('kakao', { id: nextId(), email: member.email, emailVerified: true, name: '카카오이름' });
    const browser = client();
    const { done } = await signInWith(browser, 'kakao');
    expect(done.status).toBe(302);
    expect(done.headers.get('location')).toBe('/login?error=suspended');
    expect((await browser.get('/api/user')).status).toBe(401);
  });

  it('sends a member who asked for another host back to the home page instead', async () => {
    const member = await createMember(testDb().database.db);
    for (const bypass of ['//evil.example/x', '/.//evil.example/x', '/..//evil.example/x', '/%2e//evil.example/x', '/\\evil.example']) {
      oauth.accounts.set('kakao', { id: nextId(), email: member.email, emailVerified: true, name: '카카오이름' });
      const { done } = await signInWith(client(), 'kakao', bypass);
      expect(done.headers.get('location'), bypass).toBe('/');
    }
  });

  it('links a provider account to the member with the same confirmed e-mail', async () => {
    const member = await createMember(testDb().database.db);
    oauth.accounts.set('kakao', { id: nextId(), email: member.email, emailVerified: true, name: '카카오이름' });
    const browser = client();
    const { done } = await signInWith(browser, 'kakao', '/mypage');
    expect(done.headers.get('location')).toBe('/mypage');
    expect((await browser.get('/api/user')).body.data.id).toBe(member.id);
  });

  it("offers the provider's nickname when free, and the same with four digits when taken", async () => {
    const db = testDb().database.db;
    await createMember(db, { nickname: '겹치는이름' });
    oauth.accounts.set('kakao', { id: nextId(), email: null, emailVerified: false, name: '겹치는 이름' });
    const first = client();
    await signInWith(first, 'kakao');
    expect((await first.get('/api/user')).body.data.nickname).toMatch(/^겹치는이름\d{4}$/);
    oauth.accounts.set('naver', { id: nextId(), email: null, emailVerified: false, name: '운영자' });
    const reserved = client();
    await signInWith(reserved, 'naver');
    expect((await reserved.get('/api/user')).body.data.nickname).toMatch(/^회원[0-9a-f]{6}$/);

    const taken = await reserved.post('/api/register-with-sns', {
      json: { nickname: '겹치는이름', username: `naver.clash${nextId()}`, agree_terms: true, agree_privacy: true },
    });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ nickname: ['이미 사용 중인 닉네임입니다.'] });
    expect((await reserved.get('/api/user')).body.data.agreed_terms_at).toBeNull();
  });

  it('never takes over a member through an e-mail the provider has not confirmed', async () => {
    const member = await createMember(testDb().database.db);
    oauth.accounts.set('kakao', { id: nextId(), email: member.email, emailVerified: false, name: '사칭' });
    const browser = client();
    await signInWith(browser, 'kakao');
    const me = (await browser.get('/api/user')).body.data;
    expect(me.id).not.toBe(member.id);
    expect(me.email).toMatch(/@social\.invalid$/);
  });

  it('refuses a callback whose state does not match, a cancelled sign-in and an unknown provider', async () => {
    oauth.accounts.set('naver', { id: nextId(), email: null, emailVerified: false, name: 'n' });
    const browser = client();
    await browser.get('/login/naver');
    const forged = await browser.get('/login/naver/callback?code=abc&state=not-the-state');
    expect(forged.headers.get('location')).toBe('/login?error=state');
    const cancelled = await client().get('/login/naver/callback?error=access_denied');
    expect(cancelled.headers.get('location')).toBe('/login?error=cancelled');
    const unknown = await createTestApp(testDb().database.db).client().get('/login/kakao');
    expect(unknown.headers.get('location')).toBe('/login?error=unavailable');
    const [count] = await testDb()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'never@example.com'));
    expect(count).toBeUndefined();
  });

  it('answers a provider failure with a message, not a 500', async () => {
    oauth.accounts.set('google', { id: nextId(), email: 'g@example.com', emailVerified: true, name: 'g' });
    const browser = client();
    const start = await browser.get('/login/google');
    const authorize = new URL(start.headers.get('location')!);
    const answer = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(answer.headers.get('location')!);
    callback.searchParams.set('code', 'a-code-the-provider-never-issued');
    const done = await browser.get(`${callback.pathname}${callback.search}`);
    expect(done.headers.get('location')).toBe('/login?error=provider');
  });

  it('keeps register-with-sns for signed-in members, with the Korean rules', async () => {
    expect((await client().post('/api/register-with-sns', { json: {} })).status).toBe(401);
    oauth.accounts.set('naver', { id: nextId(), email: null, emailVerified: false, name: 'x' });
    const browser = client();
    await signInWith(browser, 'naver');
    const bad = await browser.post('/api/register-with-sns', { json: { nickname: '!', username: 'A', agree_terms: false } });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['agree_privacy', 'agree_terms', 'nickname', 'username']);
  });
});
