import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { USED_CODE } from '../../src/server/modules/admin/second-factor.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const STEP_SECONDS = 30;
const CHALLENGE = '/api/admin/second-factor/challenge';

/**
 * The current 30-second step, once at least five seconds remain in it, so that a test's requests
 * see the step it computed codes from (the server takes one step either side anyway).
 */
async function settledStep(): Promise<number> {
  const intoStep = (Date.now() / 1000) % STEP_SECONDS;
  if (intoStep > STEP_SECONDS - 5) await sleep((STEP_SECONDS - intoStep + 0.1) * 1000);
  return Math.floor(Date.now() / 1000 / STEP_SECONDS);
}

const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * STEP_SECONDS });

/** Another sign-in of the same account: a session that has not passed the second factor. */
async function signInAgain(userId: number): Promise<TestClient> {
  const { token } = await createSession(db(), { userId }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db()).client();
  client.cookies.set('session', token);
  return client;
}

const lastStepOf = async (userId: number) => (await db().select({ step: users.totpLastStep }).from(users).where(eq(users.id, userId)))[0]?.step;

describe('a code from the authenticator app opens the console once', () => {
  it('refuses the same code to a second sign-in, and takes the next step’s code', async () => {
    const { user, client, secret } = await signedInStaff(db(), { verified: false });
    const step = await settledStep();
    const code = await codeAt(secret, step);
    expect((await client.post(CHALLENGE, { json: { code } })).status).toBe(200);

    const other = await signInAgain(user.id);
    const replay = await other.post(CHALLENGE, { json: { code } });
    expect(replay.status).toBe(422);
    expect(replay.body.errors.code).toEqual([USED_CODE]);
    expect((await other.get('/api/admin/notices')).status).toBe(403);

    expect((await other.post(CHALLENGE, { json: { code: await codeAt(secret, step + 1) } })).status).toBe(200);
    expect((await other.get('/api/admin/notices')).status).toBe(200);
    expect(await lastStepOf(user.id)).toBe(step + 1);
  });

  it('refuses an earlier step’s code once a later one was used', async () => {
    const { user, client, secret } = await signedInStaff(db(), { verified: false });
    const step = await settledStep();
    expect((await client.post(CHALLENGE, { json: { code: await codeAt(secret, step + 1) } })).status).toBe(200);
    const other = await signInAgain(user.id);
    const earlier = await other.post(CHALLENGE, { json: { code: await codeAt(secret, step) } });
    expect(earlier.status).toBe(422);
    expect(earlier.body.errors.code).toEqual([USED_CODE]);
  });

  it('lets exactly one of two sign-ins sending the same code at once in', async () => {
    const { user, client, secret } = await signedInStaff(db(), { verified: false });
    const other = await signInAgain(user.id);
    const code = await codeAt(secret, await settledStep());
    const answers = await Promise.all([client.post(CHALLENGE, { json: { code } }), other.post(CHALLENGE, { json: { code } })]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 422]);
    const opened = await Promise.all([client.get('/api/admin/notices'), other.get('/api/admin/notices')]);
    expect(opened.map((answer) => answer.status).sort()).toEqual([200, 403]);
  });

  it('counts the code that confirmed the enrolment as used', async () => {
    const { user, client } = await signedInStaff(db(), { enrolled: false });
    const { secret } = (await client.post('/api/admin/second-factor/enrolment')).body.data;
    const step = await settledStep();
    const code = await codeAt(secret, step);
    expect((await client.post('/api/admin/second-factor/confirmation', { json: { code } })).status).toBe(200);
    expect(await lastStepOf(user.id)).toBe(step);
    const other = await signInAgain(user.id);
    expect((await other.post(CHALLENGE, { json: { code } })).status).toBe(422);
  });
});
