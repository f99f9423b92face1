import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestApp, TestClient, TestResponse } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const ROUNDS = 24;
// Medians this far apart, relative to the slower one, would still tell a member from a stranger.
const MARGIN = 0.4;
const NEW_PASSWORD = 'Evening#2027';

let counter = 0;
/** Every request from an address of its own, with its request-forgery token: no per-address limit answers first. */
const freshClient = async (app: TestApp) => {
  counter += 1;
  const client = app.client({ ip: `198.18.${Math.floor(counter / 250)}.${counter % 250}` });
  await client.get('/csrf-token');
  return client;
};

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return (sorted[Math.floor(middle - 0.5)]! + sorted[Math.ceil(middle - 0.5)]!) / 2;
};

type Send = (client: TestClient, round: number) => Promise<TestResponse>;

/**
 * Times one request of each kind in turn, round after round, so a slow moment of the machine hits
 * all of them. `settle` runs between requests, untimed.
 */
async function interleavedMedians(app: TestApp, kinds: Record<string, Send>, expected: number, settle?: () => Promise<unknown>) {
  const times: Record<string, number[]> = Object.fromEntries(Object.keys(kinds).map((kind) => [kind, []]));
  for (let round = -2; round < ROUNDS; round += 1) {
    for (const [kind, send] of Object.entries(kinds)) {
      const client = await freshClient(app);
      const started = performance.now();
      const res = await send(client, round);
      const took = performance.now() - started;
      await settle?.();
      expect(res.status, kind).toBe(expected);
      // The first rounds warm up the hasher and the database; they are not counted.
      if (round >= 0) times[kind]!.push(took);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([kind, values]) => [kind, median(values)]));
}

const expectClose = (medians: Record<string, number>) => {
  const values = Object.values(medians);
  const slowest = Math.max(...values);
  expect(slowest - Math.min(...values), JSON.stringify(medians)).toBeLessThanOrEqual(slowest * MARGIN);
};

describe('the time an answer takes tells nobody who is a member', () => {
  it('POST /reset-password: an unknown e-mail, a wrong token and no pending link cost the same', async () => {
    const app = createTestApp(db());
    const pending = await createMember(db());
    const idle = await createMember(db());
    await db()
      .insert(passwordResetTokens)
      .values({ userId: pending.id, tokenHash: createHash('sha256').update('the-real-token').digest('hex') });
    const reset =
      (email: string): Send =>
      (client) =>
        client.post('/reset-password', {
          json: { token: 'a-wrong-token', email, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
        });

    const medians = await interleavedMedians(
      app,
      {
        'unknown e-mail': reset('nobody-here@example.com'),
        'wrong token': reset(pending.email),
        'no pending link': reset(idle.email),
      },
      422,
    );
    expectClose(medians);
  });

  it('POST /forgot-password: a member and a stranger wait just as long', async () => {
    const app = createTestApp(db());
    // At most three links an address in ten minutes: a member of its own each round.
    const members = await Promise.all(Array.from({ length: ROUNDS + 2 }, () => createMember(db())));
    const forgot = (client: TestClient, email: string) => client.post('/forgot-password', { json: { email } });

    const medians = await interleavedMedians(
      app,
      {
        member: (client, round) => forgot(client, members[round + 2]!.email),
        stranger: (client, round) => forgot(client, `stranger-${round + 2}@example.com`),
      },
      200,
      // The mail of one request must not slow the next one down.
      () => app.outbox(),
    );
    expectClose(medians);
  });
});
