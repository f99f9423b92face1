import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { banners, frontErrorLogs } from '../../src/server/db/schema/index.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

const ip = () => `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

describe('bad input gets a clear 4xx, never a 500, and is logged', () => {
  it('malformed JSON: 422 on body', async () => {
    const { client, logs } = createTestApp(testDb().database.db);
    const res = await client({ ip: ip() }).post('/api/front-error-logs', {
      body: '{"message": "oops",',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: '요청 본문이 올바른 JSON 형식이 아닙니다.',
      errors: { body: ['요청 본문이 올바른 JSON 형식이 아닙니다.'] },
    });
    expect(logs.some((l) => l.status === 422 && l.path === '/api/front-error-logs')).toBe(true);
  });

  it('JSON that is not an object, and invalid UTF-8: 422', async () => {
    const client = createTestApp(testDb().database.db).client({ ip: ip() });
    const array = await client.post('/api/front-error-logs', { json: [{ message: 'x' }] });
    expect(array.status).toBe(422);
    const bytes = await client.post('/api/front-error-logs', {
      body: new Uint8Array([0x7b, 0xff, 0xfe, 0x7d]),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bytes.status).toBe(422);
  });

  it('a content type the API does not take: 422', async () => {
    const client = createTestApp(testDb().database.db).client({ ip: ip() });
    for (const type of ['text/plain', 'application/xml', 'application/octet-stream']) {
      const res = await client.post('/api/front-error-logs', { body: 'message=x', headers: { 'Content-Type': type } });
      expect(res.status).toBe(422);
      expect(res.body.message).toContain('지원하지 않는 요청 형식');
    }
  });

  it('a body over the API limit: 413, declared or streamed', async () => {
    const { client, logs } = createTestApp(testDb().database.db, { bodyLimitBytes: 64 * 1024 });
    const huge = JSON.stringify({ message: 'x'.repeat(200 * 1024) });
    const res = await client({ ip: ip() }).post('/api/front-error-logs', {
      body: huge,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.body.message).toContain('64KB');
    // No Content-Length: the limit is enforced while the body streams in.
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 100; i += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
        controller.close();
      },
    });
    const chunked = await client({ ip: ip() }).request('POST', '/api/front-error-logs', {
      body: streamed,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(chunked.status).toBe(413);
    expect(logs.filter((l) => l.status === 413)).toHaveLength(2);
  });

  it('an error report over its own 16KB cap: 413, and nothing stored', async () => {
    const db = testDb().database.db;
    const before = await db.select({ n: count() }).from(frontErrorLogs);
    const res = await createTestApp(db)
      .client({ ip: ip() })
      .post('/api/front-error-logs', { json: { message: 'x', stack: 's'.repeat(17 * 1024) } });
    expect(res.status).toBe(413);
    const after = await db.select({ n: count() }).from(frontErrorLogs);
    expect(after[0]!.n).toBe(before[0]!.n);
  });

  it('SQL- and script-looking text is stored as text and returned escaped', async () => {
    const db = testDb().database.db;
    const nasty = `'); DROP TABLE front_error_logs; -- <script>alert("x")</script>`;
    const res = await createTestApp(db)
      .client({ ip: ip() })
      .post('/api/front-error-logs', { json: { message: nasty, url: 'javascript:alert(1)' } });
    expect(res.status).toBe(201);
    const [row] = await db.select().from(frontErrorLogs).where(eq(frontErrorLogs.id, res.body.data.id));
    expect(row?.message).toBe(nasty);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.text).not.toContain('<script>');

    const query = await createTestApp(db)
      .client()
      .get(`/api/banners/current?type=${encodeURIComponent("header_text_banner' OR '1'='1")}`);
    expect(query.status).toBe(422);
    expect(query.body.errors.type[0]).toContain('header_text_banner');
    const script = await createTestApp(db).client().get('/api/banners/current?type=<script>');
    expect(script.status).toBe(422);
    expect(script.text).not.toContain('<script>');
    expect((await db.select({ n: count() }).from(banners))[0]!.n).toBeGreaterThanOrEqual(0);
  });

  it('a missing or empty field: 422 with the Korean message under its name', async () => {
    const client = createTestApp(testDb().database.db).client({ ip: ip() });
    const res = await client.post('/api/front-error-logs', { json: { message: '   ' } });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: '오류 메시지(message)를 보내 주세요.',
      errors: { message: ['오류 메시지(message)를 보내 주세요.'] },
    });
    const wrongType = await client.post('/api/front-error-logs', { json: { message: 'x', context: 'not an object' } });
    expect(wrongType.status).toBe(422);
    expect(Object.keys(wrongType.body.errors)).toEqual(['context']);
  });
});
