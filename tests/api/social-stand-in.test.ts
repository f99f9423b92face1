import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mountApi } from '../../src/server/app.ts';
import type { ApiHandler } from '../../src/server/app.ts';
import { createMember } from '../helpers/factories.ts';
import type { SocialSettings } from '../../src/server/modules/social/provider-settings.ts';
import { issueCode, pretendAccount, standInClientSecret, standInSettings } from '../../src/server/modules/social/stand-in.ts';
import { createTestApp, testConfig } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const APP_URL = 'http://localhost:4321';
const KEY = testConfig().appKey;
const CALLBACK = `${APP_URL}/login/kakao/callback`;

// The app's server-side calls to its own token and userinfo endpoints need a listening address:
// this one hands them to the app under test.
let api: ApiHandler | undefined;
let server: Server;
let port = 0;
beforeAll(async () => {
  const listener = getRequestListener((request) => api!.fetch(request, '127.0.0.1'));
  server = createServer((req, res) => void listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function standIns(): SocialSettings {
  const env = { APP_URL, APP_KEY: KEY, HOST: '127.0.0.1', PORT: port };
  return { kakao: standInSettings('kakao', env, ['account_email']), naver: standInSettings('naver', env, []) };
}

function client(production = false): TestClient {
  const app = createTestApp(testDb().database.db, { isProduction: production }, undefined, standIns());
  api = mountApi(app.app, testConfig().bodyLimitBytes);
  return app.client();
}

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const KAKAO_CLIENT = basic('ritual-local-kakao', standInClientSecret(KEY, 'kakao'));
const kakaoGrant = (email = 'kakao.friend@example.com', redirectUri = CALLBACK) => ({
  provider: 'kakao' as const,
  clientId: 'ritual-local-kakao',
  redirectUri,
  account: pretendAccount('kakao', '카카오친구', email),
});

/** The token request as arctic sends it: the client in HTTP Basic, no request-forgery token. */
function exchange(browser: TestClient, form: Record<string, string>, authorization = KAKAO_CLIENT, provider = 'kakao') {
  return browser.post(`/api/dev/oauth/${provider}/token`, {
    form: { grant_type: 'authorization_code', redirect_uri: CALLBACK, ...form },
    headers: { Authorization: authorization },
    csrf: false,
  });
}

/** The consent page's form, answered. */
function consent(browser: TestClient, provider: string, fields: Record<string, string>, callback = `${APP_URL}/login/${provider}/callback`) {
  const query = new URLSearchParams({ response_type: 'code', client_id: `ritual-local-${provider}`, redirect_uri: callback, state: 'st', ...fields });
  return browser.get(`/api/dev/oauth/${provider}/consent?${query.toString()}`);
}

describe('the social stand-in', () => {
  it('signs a new Kakao member in through its own endpoints, then the same pretend account again', async () => {
    const email = `stand-in-${Date.now()}@example.com`;
    const signIn = async (browser: TestClient) => {
      const start = await browser.get('/login/kakao?redirect=%2Fsquare');
      const authorize = new URL(start.headers.get('location')!);
      expect(`${authorize.origin}${authorize.pathname}`).toBe(`${APP_URL}/dev/oauth/kakao`);
      expect(authorize.searchParams.get('client_id')).toBe('ritual-local-kakao');
      const answer = await consent(browser, 'kakao', { state: authorize.searchParams.get('state')!, nickname: '새벽별', email });
      expect(answer.status).toBe(302);
      const callback = new URL(answer.headers.get('location')!);
      expect(callback.searchParams.get('state')).toBe(authorize.searchParams.get('state'));
      return browser.get(`${callback.pathname}${callback.search}`);
    };
    const first = client();
    expect((await signIn(first)).headers.get('location')).toBe('/register/sns');
    const member = (await first.get('/api/user')).body.data;
    expect(member).toMatchObject({ email, nickname: '새벽별' });
    const second = client();
    await signIn(second);
    expect((await second.get('/api/user')).body.data.id).toBe(member.id);
  });

  it("never opens a member's account by the e-mail typed on its page, and reads an account without one", async () => {
    for (const provider of ['naver', 'kakao']) {
      const member = await createMember(testDb().database.db);
      const browser = client();
      const start = new URL((await browser.get(`/login/${provider}?redirect=%2Fmypage`)).headers.get('location')!);
      const answer = await consent(browser, provider, { state: start.searchParams.get('state')!, nickname: `${provider}친구`, email: member.email });
      const callback = new URL(answer.headers.get('location')!);
      // A new member of its own, who still has to agree; the address belongs to someone else.
      expect((await browser.get(`${callback.pathname}${callback.search}`)).headers.get('location')).toBe('/register/sns');
      const signedIn = (await browser.get('/api/user')).body.data;
      expect(signedIn.id).not.toBe(member.id);
      expect(signedIn.email).toMatch(new RegExp(`^${provider}-.+@social\\.invalid$`));
    }

    const other = client();
    const again = new URL((await other.get('/login/naver')).headers.get('location')!);
    const noEmail = await consent(other, 'naver', { state: again.searchParams.get('state')!, nickname: `이메일없음${Date.now() % 1000}`, email: '' });
    const back = new URL(noEmail.headers.get('location')!);
    expect((await other.get(`${back.pathname}${back.search}`)).headers.get('location')).toBe('/register/sns');
    expect((await other.get('/api/user')).body.data.email).toMatch(/^naver-.+@social\.invalid$/);
  });

  it('sends a cancelled consent back as access_denied, which the sign-in page explains', async () => {
    const browser = client();
    const answer = await consent(browser, 'kakao', { decision: 'deny', nickname: '' });
    const callback = new URL(answer.headers.get('location')!);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe('st');
    expect((await browser.get(`${callback.pathname}${callback.search}`)).headers.get('location')).toBe('/login?error=cancelled');
  });

  it('refuses a consent for another client, another callback or a bad account, never redirecting there', async () => {
    const browser = client();
    const wrongClient = await consent(browser, 'kakao', { client_id: 'ritual-local-naver', nickname: 'n' });
    expect(wrongClient.status).toBe(422);
    expect(wrongClient.body.errors).toEqual({ client_id: ['등록되지 않은 앱의 로그인 요청이에요.'] });
    const elsewhere = await consent(browser, 'kakao', { nickname: 'n', decision: 'deny' }, 'https://evil.example/callback');
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.headers.get('location')).toBeNull();
    const bad = await consent(browser, 'kakao', { nickname: ' ', email: 'not-an-address' });
    expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'nickname']);
  });

  it('trades a code for a token for its own client and callback only, with the OAuth errors otherwise', async () => {
    const browser = client();
    const code = issueCode(KEY, kakaoGrant());
    const traded = await exchange(browser, { code });
    expect(traded.status).toBe(200);
    expect(traded.headers.get('cache-control')).toBe('no-store');
    expect(traded.body).toMatchObject({ token_type: 'bearer', expires_in: 3600 });
    expect(traded.body.access_token).toEqual(expect.any(String));

    const expired = issueCode(KEY, kakaoGrant(), new Date(Date.now() - 5 * 60_000 - 1000));
    const [body, signature] = code.split('.');
    const tampered = `${Buffer.from(JSON.stringify({ ...kakaoGrant('admin@example.com'), exp: 9e9 })).toString('base64url')}.${signature}`;
    for (const bad of ['nonsense', expired, tampered, `${body}.${signature}A`, issueCode('another-key-0123456789-0123456789-012', kakaoGrant())]) {
      const refused = await exchange(browser, { code: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.error, bad).toBe('invalid_grant');
    }
    const elsewhere = await exchange(browser, { code, redirect_uri: 'http://localhost:4321/login/naver/callback' });
    expect(elsewhere.body).toEqual({ error: 'invalid_grant', error_description: 'redirect_uri does not match the authorization request.' });
    const naverCode = issueCode(KEY, { ...kakaoGrant(), provider: 'naver', clientId: 'ritual-local-naver' });
    expect((await exchange(browser, { code: naverCode })).body.error).toBe('invalid_grant');

    const wrongSecret = await exchange(browser, { code }, basic('ritual-local-kakao', 'guessed'));
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.error).toBe('invalid_client');
    expect(wrongSecret.headers.get('www-authenticate')).toMatch(/^Basic /);
    const otherClient = await exchange(browser, { code }, basic('ritual-local-naver', standInClientSecret(KEY, 'naver')));
    expect(otherClient.body.error).toBe('invalid_client');
    const inForm = await exchange(browser, { code, client_id: 'ritual-local-kakao', client_secret: standInClientSecret(KEY, 'kakao') }, '');
    expect(inForm.status).toBe(200);
    expect((await exchange(browser, { code, grant_type: 'refresh_token' })).body.error).toBe('unsupported_grant_type');
    expect((await exchange(browser, { grant_type: 'authorization_code' })).body.error).toBe('invalid_request');
  });

  it('answers userinfo in Kakao\'s and Naver\'s own shapes, and their own refusals of a bad token', async () => {
    const browser = client();
    const { access_token: token } = (await exchange(browser, { code: issueCode(KEY, kakaoGrant()) })).body;
    const kakao = await browser.get('/api/dev/oauth/kakao/userinfo', { Authorization: `Bearer ${token}` });
    expect(kakao.body).toMatchObject({
      id: Number(kakaoGrant().account.id),
      kakao_account: { email: 'kakao.friend@example.com', is_email_verified: true, profile: { nickname: '카카오친구' } },
    });
    for (const authorization of [undefined, 'Bearer forged.token', `Basic ${token}`]) {
      const refused = await browser.get('/api/dev/oauth/kakao/userinfo', authorization ? { Authorization: authorization } : {});
      expect(refused.status).toBe(401);
      expect(refused.body).toEqual({ msg: 'this access token does not exist', code: -401 });
    }
    const crossed = await browser.get('/api/dev/oauth/naver/userinfo', { Authorization: `Bearer ${token}` });
    expect(crossed.status).toBe(401);
    expect(crossed.body.resultcode).toBe('024');
    const code = issueCode(KEY, kakaoGrant());
    expect((await browser.get('/api/dev/oauth/kakao/userinfo', { Authorization: `Bearer ${code}` })).status).toBe(401);
  });

  it('does not exist in production, nor for a provider it does not stand in for', async () => {
    const browser = client(true);
    const code = issueCode(KEY, kakaoGrant());
    expect((await exchange(browser, { code })).status).toBe(404);
    expect((await browser.get('/api/dev/oauth/kakao/userinfo', { Authorization: 'Bearer x' })).status).toBe(404);
    expect((await consent(browser, 'kakao', { nickname: 'n' })).status).toBe(404);
    const plain = createTestApp(testDb().database.db).client();
    expect((await exchange(plain, { code })).status).toBe(404);
    expect((await client().get('/api/dev/oauth/google/userinfo')).status).toBe(404);
  });
});
