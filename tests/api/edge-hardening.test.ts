import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLogs, squarePostCategories, users } from '../../src/server/db/schema/index.ts';
import { mountApi } from '../../src/server/app.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

async function signedInMember() {
  const user = await createMember(db(), { introduction: '바꾸지 않아요' });
  const { token } = await createSession(db(), { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const testApp = createTestApp(db());
  const client = testApp.client();
  client.cookies.set('session', token);
  return { user, client, testApp };
}

const deep = (depth: number): string => `{"content":${'{"a":'.repeat(depth)}"x"${'}'.repeat(depth)}}`;

describe('an update with nothing to change', () => {
  it('answers PUT /api/me with {} or unknown fields only 200, the member unchanged', async () => {
    const { user, client } = await signedInMember();
    for (const body of [{}, { unknown: 'x', nested: { a: 1 } }]) {
      const put = await client.request('PUT', '/api/me', { json: body });
      expect(put.status).toBe(200);
      expect(put.body.data).toMatchObject({ nickname: user.nickname, introduction: '바꾸지 않아요' });
      const overridden = await client.post('/api/me', { json: { _method: 'PUT', ...body } });
      expect(overridden.status).toBe(200);
      const form = new FormData();
      form.append('_method', 'PUT');
      expect((await client.post('/api/me', { multipart: form })).status).toBe(200);
    }
    const [row] = await db().select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ nickname: user.nickname, introduction: '바꾸지 않아요', updatedAt: user.updatedAt });
  });

  it('answers a console update with no fields with the row as it stands, and records no change', async () => {
    const { client } = await signedInStaff(db(), { role: 'admin' });
    const [category] = await db().insert(squarePostCategories).values({ name: '그대로', slug: 'as-is', writeScope: 'member' }).returning();
    await db().delete(auditLogs);
    const res = await client.request('PATCH', `/api/admin/square-categories/${category!.id}`, { json: {} });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: category!.id, name: '그대로', slug: 'as-is' });
    expect(await db().select().from(auditLogs)).toEqual([]);
  });
});

describe('bodies nested too deep', () => {
  it('answers 422 on body before reading them, logging the request', async () => {
    const { client, testApp } = await signedInMember();
    for (const depth of [5000, 65]) {
      const res = await client.post('/api/comments', { body: deep(depth), headers: { 'Content-Type': 'application/json' } });
      expect(res.status).toBe(422);
      expect(res.body.errors.body[0]).toContain('64단계');
    }
    const arrays = await client.post('/api/comments', { body: `{"content":${'['.repeat(5000)}${']'.repeat(5000)}}`, headers: { 'Content-Type': 'application/json' } });
    expect(arrays.status).toBe(422);
    const requestLines = testApp.logs.filter((line) => line.msg === 'request' && line['path'] === '/api/comments');
    expect(requestLines.map((line) => line['status'])).toEqual([422, 422, 422]);
  });

  it('reads a body nested 64 deep, and brackets inside strings do not count', async () => {
    const { client } = await signedInMember();
    const atLimit = await client.post('/api/comments', { body: deep(63), headers: { 'Content-Type': 'application/json' } });
    expect(atLimit.status).toBe(422);
    expect(atLimit.body.errors.body).toBeUndefined();
    const text = await client.post('/api/comments', {
      json: { content: '['.repeat(500), model_type: 'square_post', model_id: 0 },
    });
    expect(text.body.errors?.body).toBeUndefined();
  });
});

describe('request ids are the server\'s', () => {
  it('never echoes or stores a client\'s id; logs it beside the server\'s as client_request_id', async () => {
    const { client, user } = await signedInStaff(db(), { role: 'admin' });
    const testApp = createTestApp(db());
    const own = testApp.client();
    own.cookies.set('session', client.cookies.get('session')!);
    await db().delete(auditLogs);
    const res = await own.post('/api/admin/faq-categories', {
      json: { name: '결제', slug: 'payment-ids' },
      headers: { 'X-Request-Id': 'forged-by-operator-1' },
    });
    expect(res.status).toBe(201);
    const id = res.headers.get('X-Request-Id');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const [audit] = await db().select().from(auditLogs).where(eq(auditLogs.actorId, user.id));
    expect(audit!.requestId).toBe(id);
    const line = testApp.logs.find((entry) => entry.msg === 'request' && entry['path'] === '/api/admin/faq-categories');
    expect(line).toMatchObject({ reqId: id, client_request_id: 'forged-by-operator-1' });
  });

  it('gives every request a new id, and keeps no client id that is not a short plain token', async () => {
    const testApp = createTestApp(db());
    const guest = testApp.client();
    const ids = new Set<string>();
    for (const sent of ['same-id', 'same-id', '<script>', 'x'.repeat(65)]) {
      const res = await guest.get('/api/notices', { 'X-Request-Id': sent });
      ids.add(res.headers.get('X-Request-Id')!);
      expect(res.headers.get('X-Request-Id')).not.toBe(sent);
    }
    expect(ids.size).toBe(4);
    const kept = testApp.logs.filter((line) => line.msg === 'request').map((line) => line['client_request_id']);
    expect(kept).toEqual(['same-id', 'same-id', undefined, undefined]);
  });
});

describe('headers', () => {
  it('turn camera, microphone and geolocation off, and payment to the site, on API answers', async () => {
    const res = await createTestApp(db()).client().get('/api/notices');
    expect(res.headers.get('Permissions-Policy')).toBe('camera=(), microphone=(), geolocation=(), payment=(self)');
  });
});

describe('every server error is logged with its request id and answered in the API\'s shape', () => {
  const expectLogged = (testApp: ReturnType<typeof createTestApp>, id: string | null, message: string) => {
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const lines = testApp.logs.filter((line) => line['reqId'] === id);
    expect(lines.find((line) => line.msg === 'unexpected error')).toMatchObject({ level: 50, err: { message } });
    expect(lines.find((line) => line.msg === 'request failed')).toMatchObject({ level: 50, status: 500 });
  };

  it('when a route or a middleware throws', async () => {
    const testApp = createTestApp(db(), {}, (app) => {
      app.get('/api/test-route-throws', () => {
        throw new Error('a route broke');
      });
      app.use('/api/test-middleware-throws', () => {
        throw new Error('a middleware broke');
      });
      app.get('/api/test-middleware-throws', (c) => c.json({ data: 'never' }));
    });
    for (const [path, message] of [
      ['/api/test-route-throws', 'a route broke'],
      ['/api/test-middleware-throws', 'a middleware broke'],
    ] as const) {
      const res = await testApp.client().get(path);
      expect(res.status).toBe(500);
      expect(res.body).toEqual({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' });
      expect(res.text).not.toContain('broke');
      expectLogged(testApp, res.headers.get('X-Request-Id'), message);
    }
  });

  it('when reading the body fails before routing', async () => {
    const testApp = createTestApp(db());
    const api = mountApi(testApp.app, 1024 * 1024);
    const body = new ReadableStream<Uint8Array>({
      pull: (controller) => controller.error(new Error('the connection was reset')),
    });
    const res = await api.fetch(
      new Request('http://localhost:4321/api/comments', { method: 'POST', body, duplex: 'half', headers: { 'Content-Type': 'application/json' } } as RequestInit),
    );
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' });
    expectLogged(testApp, res.headers.get('X-Request-Id'), 'the connection was reset');
  });
});
