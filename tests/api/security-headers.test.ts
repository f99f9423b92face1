import { describe, expect, it } from 'vitest';
import { signedInMember } from '../helpers/square-factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestResponse } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

function expectApiHeaders(res: TestResponse): void {
  expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('security headers of the API', () => {
  it('are on every answer, an error included, and leave a public answer to a guest cacheable', async () => {
    const guest = createTestApp(db()).client();
    const notices = await guest.get('/api/notices');
    expect(notices.status).toBe(200);
    expectApiHeaders(notices);
    expect(notices.headers.get('cache-control')).toBe('public, max-age=60');

    const missing = await guest.get('/api/nowhere');
    expect(missing.status).toBe(404);
    expectApiHeaders(missing);
    expect(missing.headers.get('cache-control')).toBeNull();

    const poll = await guest.get('/api/notifications/new');
    expect(poll.status).toBe(401);
    expectApiHeaders(poll);
    expect(poll.headers.get('cache-control')).toBeNull();
  });

  it('ask for https only when APP_URL is https', async () => {
    const plain = await createTestApp(db(), { appUrl: 'http://localhost:4321' }).client().get('/healthz');
    expect(plain.headers.get('strict-transport-security')).toBeNull();

    const secure = await createTestApp(db(), { appUrl: 'https://www.example.kr' }).client().get('/healthz');
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000');
    expectApiHeaders(secure);
  });

  it('keep answers to a signed-in browser out of caches, the poll read before the session middleware included', async () => {
    const { client } = await signedInMember(db());
    for (const path of ['/api/me', '/api/notifications/new', '/api/nowhere']) {
      const res = await client.get(path);
      expect(res.status, `${path}: ${res.text}`).not.toBe(401);
      expectApiHeaders(res);
      expect(res.headers.get('cache-control'), path).toBe('private, no-store');
    }
    // What a route serves alike to everyone keeps the caching it asks for.
    const notices = await client.get('/api/notices');
    expectApiHeaders(notices);
    expect(notices.headers.get('cache-control')).toBe('public, max-age=60');
  });
});
