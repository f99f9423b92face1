import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { frontErrorLogs } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

describe('POST /api/front-error-logs', () => {
  it('stores a guest report with the address, user agent and request id, and logs it', async () => {
    const db = testDb().database.db;
    const { client, logs } = createTestApp(db);
    const res = await client({ ip: '10.7.0.1' }).post('/api/front-error-logs', {
      json: {
        message: "TypeError: Cannot read properties of undefined (reading 'map')",
        stack: 'at Bell (bell.tsx:12:3)',
        url: 'http://localhost:4321/notification',
        context: { component: 'Bell' },
      },
      headers: { 'User-Agent': 'Mozilla/5.0 (iPhone)' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.created_at).toMatch(/\.\d{6}Z$/);
    const [row] = await db.select().from(frontErrorLogs).where(eq(frontErrorLogs.id, res.body.data.id));
    expect(row).toMatchObject({
      stack: 'at Bell (bell.tsx:12:3)',
      url: 'http://localhost:4321/notification',
      userAgent: 'Mozilla/5.0 (iPhone)',
      userId: null,
      ipAddress: '10.7.0.1',
      requestId: res.headers.get('x-request-id'),
      context: { component: 'Bell' },
    });
    expect(logs.some((l) => l.msg === 'browser error reported')).toBe(true);
  });

  it('records the signed-in member', async () => {
    const db = testDb().database.db;
    const member = await createMember(db);
    const { token } = await createSession(db, { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    const client = createTestApp(db).client({ ip: '10.7.0.2' });
    client.cookies.set('session', token);
    const res = await client.post('/api/front-error-logs', { form: { message: 'ReferenceError: x' } });
    expect(res.status).toBe(201);
    const [row] = await db.select().from(frontErrorLogs).where(eq(frontErrorLogs.id, res.body.data.id));
    expect(row?.userId).toBe(member.id);
  });

  it('refuses fields over their length with the field named', async () => {
    const res = await createTestApp(testDb().database.db)
      .client({ ip: '10.7.0.3' })
      .post('/api/front-error-logs', { json: { message: 'm'.repeat(2001) } });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ message: ['오류 메시지는 2000자 이하여야 합니다.'] });
  });
});
