import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

describe('secrets stay out of the logs', () => {
  it('logs no password, reset token, verification signature or SMS code, and hashes with argon2id', async () => {
    const app = createTestApp(testDb().database.db);
    const client = app.client({ ip: '10.60.0.1' });
    const email = 'secret.keeper@example.com';
    const password = 'Secret#Pass2026';
    const newPassword = 'Another#Pass2027';

    await client.post('/register', {
      json: {
        email,
        password,
        password_confirmation: password,
        nickname: '비밀지기',
        username: 'secret.keeper',
        agree_terms: true,
        agree_privacy: true,
      },
    });
    const verification = new URL((await app.outbox(email))[0]!.links[0]!);
    await client.get(`${verification.pathname}${verification.search}`);
    await client.post('/login', { json: { email, password: 'Wrong#Pass0000' } });
    await client.post('/forgot-password', { json: { email } });
    const reset = new URL((await app.outbox(email))[0]!.links[0]!);
    const token = reset.searchParams.get('token')!;
    await client.get('/csrf-token');
    await client.post('/reset-password', {
      json: { token, email, password: newPassword, password_confirmation: newPassword },
    });
    await client.get('/csrf-token');
    await client.post('/login', { json: { email, password: newPassword } });
    await client.post('/api/phone-verification/send-code', { json: { phone: '010-2345-6789', country_code: '82' } });
    const [sms] = await app.smsOutbox('01023456789');
    await client.post('/api/phone-verification/verify-code', {
      json: { phone: '010-2345-6789', country_code: '82', verification_code: sms!.code },
    });

    const logged = JSON.stringify(app.logs);
    expect(app.logs.length).toBeGreaterThan(10);
    for (const secret of [password, newPassword, token, verification.searchParams.get('signature')!]) {
      expect(logged).not.toContain(secret);
    }
    // Six digits can turn up inside a timestamp or a request id by chance; logged, it would be a value.
    expect(logged).not.toMatch(new RegExp(`"${sms!.code}"|:${sms!.code}[,}]`));
    const session = client.cookies.get('session')!;
    expect(logged).not.toContain(session);
    expect(logged).not.toContain(client.cookies.get('XSRF-TOKEN')!);

    const [row] = await testDb().database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);
  });
});
