import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { comments, ritualSessionPosts, ritualSessionThreads } from '../../src/server/db/schema/index.ts';
import { xssPayloads } from '../fixtures/xss-payloads.ts';
import { createRoom, roomMember } from '../helpers/room-factories.ts';
import { guestClient } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { executableParts, isOwnImage } from '../helpers/xss.ts';

// The stored HTML checker (tests/helpers/xss.ts), applied to what rooms store and answer.
const testDb = useTestDatabase();
const db = () => testDb().database.db;

const payloads = xssPayloads;

describe('stored XSS through room posts, threads and comments', () => {
  it('keeps no executable construct of any payload in a room post or thread: stored, answered, fetched and shared', async () => {
    const room = await createRoom(db());
    let writer = await roomMember(db(), room);
    const failures: { payload: string; where: string; problems: string[] }[] = [];
    for (const [index, payload] of payloads.entries()) {
      // The writing limit is per member: a new one now and then keeps the corpus flowing.
      if (index > 0 && index % 25 === 0) writer = await roomMember(db(), room);
      const post = await writer.client.post(`/api/ritual-sessions/${room.id}/posts`, {
        json: { category: 'inspiration', title: payload.slice(0, 100), content: `<p>본문 ${index}</p>${payload}`, is_public: true },
      });
      expect(post.status, payload).toBe(201);
      const thread = await writer.client.post(`/api/ritual-sessions/${room.id}/threads`, {
        json: { title: `스레드 ${index}`, content: `<p>본문 ${index}</p>${payload}` },
      });
      expect(thread.status, payload).toBe(201);
      const [storedPost] = await db().select().from(ritualSessionPosts).where(eq(ritualSessionPosts.id, post.body.data.id));
      const [storedThread] = await db().select().from(ritualSessionThreads).where(eq(ritualSessionThreads.id, thread.body.data.id));
      const shared = await guestClient(db()).get(`/api/ritual-sessions/${room.id}/posts/public/${post.body.data.id}`);
      for (const [where, html] of [
        ['post stored', storedPost!.contentHtml],
        ['post created', post.body.data.content_html],
        ['post shared', shared.body.data.content_html],
        ['thread stored', storedThread!.contentHtml],
        ['thread created', thread.body.data.content_html],
      ] as const) {
        const problems = executableParts(html, isOwnImage);
        if (problems.length > 0) failures.push({ payload, where, problems });
      }
      // Titles are text: answered exactly as typed, for the pages to escape like any text.
      expect(post.body.data.title).toBe(payload.slice(0, 100).replace(/[\r\n]+/g, ' ').trim() || null);
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('stores room comments as the text they are, for the page to escape', async () => {
    const room = await createRoom(db());
    const author = await roomMember(db(), room);
    const post = (await author.client.post(`/api/ritual-sessions/${room.id}/posts`, { json: { category: 'wakeup', content: '<p>본문</p>' } })).body.data;
    let commenter = await roomMember(db(), room);
    for (const [index, payload] of payloads.entries()) {
      if (index > 0 && index % 15 === 0) commenter = await roomMember(db(), room);
      const content = payload.slice(0, 1000);
      const res = await commenter.client.post('/api/comments', { json: { model_type: 'ritual_session_post', model_id: post.id, content } });
      expect(res.status, payload).toBe(201);
      expect(res.body.data.content).toBe(content.replace(/\r/g, '').trim());
    }
    const rows = await db().select({ content: comments.content }).from(comments).where(eq(comments.modelId, post.id));
    expect(rows).toHaveLength(payloads.length);
  }, 240_000);
});
