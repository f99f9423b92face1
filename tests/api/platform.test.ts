import { describe, expect, it } from 'vitest';
import { conflict, forbidden, invalidInput, notFound } from '../../src/server/domain-errors.ts';
import { unauthenticated } from '../../src/server/http/errors.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { createTestDatabase, useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

describe('the API core', () => {
  it('answers /healthz after checking the database', async () => {
    const res = await createTestApp(testDb().database.db).client().get('/healthz');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', database: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it("puts the server's own request id on every response, whatever id a client or proxy sent", async () => {
    const client = createTestApp(testDb().database.db).client();
    const fresh = await client.get('/api/nowhere');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const uuid = '7d1f2c1e-3b4a-4c5d-8e9f-0a1b2c3d4e5f';
    for (const sent of ['lb-1234', uuid, 'a'.repeat(65), 'id with spaces', '<script>', 'x"}{"level":60', 'id%0Anext']) {
      const res = await client.get('/healthz', { 'X-Request-Id': sent });
      expect(res.headers.get('x-request-id'), sent).toMatch(/^[0-9a-f-]{36}$/);
      expect(res.headers.get('x-request-id'), sent).not.toBe(sent);
    }
  });

  it('logs every request with its request id', async () => {
    const { client, logs } = createTestApp(testDb().database.db);
    const res = await client().get('/api/banners/current?type=header_text_banner');
    const line = logs.find((l) => l.reqId === res.headers.get('x-request-id'));
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/api/banners/current', status: 200 });
  });

  it('answers an unknown /api path with 404 JSON, whatever the method', async () => {
    const client = createTestApp(testDb().database.db).client();
    for (const method of ['GET', 'POST', 'DELETE']) {
      const res = await client.request(method, '/api/does-not-exist');
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(res.body).toEqual({ message: '요청하신 API를 찾을 수 없습니다.' });
    }
  });

  it('answers the conventions\' error shapes for every documented status', async () => {
    const { client } = createTestApp(testDb().database.db, {}, (app) => {
      app.get('/api/shapes/401', () => {
        throw unauthenticated();
      });
      app.get('/api/shapes/403', () => {
        throw forbidden();
      });
      app.get('/api/shapes/404', () => {
        throw notFound('게시글을 찾을 수 없습니다.');
      });
      app.get('/api/shapes/409', () => {
        throw conflict('이메일 인증이 필요합니다.');
      });
      app.get('/api/shapes/422', () => {
        throw invalidInput({ email: ['이메일을 입력해 주세요.'], password: ['비밀번호를 입력해 주세요.'] });
      });
    });
    const expected: Record<string, unknown> = {
      401: { message: 'Unauthenticated.' },
      403: { message: '권한이 없습니다.' },
      404: { message: '게시글을 찾을 수 없습니다.' },
      409: { message: '이메일 인증이 필요합니다.' },
      422: {
        message: '이메일을 입력해 주세요. (외 1건)',
        errors: { email: ['이메일을 입력해 주세요.'], password: ['비밀번호를 입력해 주세요.'] },
      },
    };
    for (const [status, body] of Object.entries(expected)) {
      const res = await client().get(`/api/shapes/${status}`);
      expect(res.status).toBe(Number(status));
      expect(res.body).toEqual(body);
      expect(res.headers.get('content-type')).toContain('application/json');
    }
  });

  it('hides the cause of a 500 from the client and logs it with the request id', async () => {
    const { client, logs } = createTestApp(testDb().database.db, {}, (app) => {
      app.get('/api/explode', () => {
        throw new Error('secret detail at /srv/app/service.ts:42');
      });
    });
    const res = await client().get('/api/explode');
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: '서버 오류가 발생했습니다. 잠시 후 다시 시도해 주세요.' });
    expect(res.text).not.toContain('secret');
    expect(res.text).not.toContain('service.ts');
    const logged = logs.find((l) => l.msg === 'unexpected error');
    expect(logged?.reqId).toBe(res.headers.get('x-request-id'));
    expect(JSON.stringify(logged)).toContain('secret detail');
  });

  it('answers 500 without a stack when the database is gone, and /healthz says 503', async () => {
    const lost = await createTestDatabase();
    const { client } = createTestApp(lost.database.db);
    await lost.drop();
    const banner = await client().get('/api/banners/current?type=header_text_banner');
    expect(banner.status).toBe(500);
    expect(Object.keys(banner.body)).toEqual(['message']);
    expect(banner.text).not.toMatch(/at .+\.(ts|js):\d+/);
    const health = await client().get('/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toEqual({ status: 'error', database: 'unavailable' });
  });
});
