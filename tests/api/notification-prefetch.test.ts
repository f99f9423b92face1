import { describe, expect, it } from 'vitest';
import { isSpeculative } from '../../src/server/http/speculative.ts';
import { insertNotifications } from '../helpers/notification-factories.ts';
import { signedInMember } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();

describe('only a person opening the list marks the newest notification read', () => {
  it('a prefetch of the list leaves it unread; opening it marks it', async () => {
    const db = testDb().database.db;
    const { client, user } = await signedInMember(db);
    await insertNotifications(db, user.id, 2);
    const guesses: Record<string, string>[] = [{ 'Sec-Purpose': 'prefetch' }, { 'Sec-Purpose': 'prefetch;prerender' }, { Purpose: 'prefetch' }, { 'X-Moz': 'prefetch' }];
    for (const headers of guesses) {
      const prefetched = await client.get('/api/notifications', headers);
      expect(prefetched.status).toBe(200);
      expect((await client.get('/api/notifications/new')).body.data, JSON.stringify(headers)).not.toBeNull();
    }
    const opened = await client.get('/api/notifications');
    expect(opened.body.data[0].read_at).toBeNull();
    expect((await client.get('/api/notifications/new')).body.data).toBeNull();
  });

  it('tells a guess from a visit by the headers browsers send', () => {
    expect(isSpeculative(new Headers({ 'Sec-Purpose': 'prefetch' }))).toBe(true);
    expect(isSpeculative(new Headers({ 'Sec-Purpose': 'prefetch;prerender' }))).toBe(true);
    expect(isSpeculative(new Headers({ 'Sec-Fetch-Dest': 'document' }))).toBe(false);
    expect(isSpeculative(new Headers())).toBe(false);
  });
});
