import { Hono } from 'hono';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { idempotent } from '../../http/idempotency.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { idParam } from '../../http/route-id.ts';
import { readerOf, requireMember } from '../../http/visitor.ts';
import { assertMayPost } from '../users/posting-limit.ts';
import { toggleSave } from '../saves/service.ts';
import { ROOM_MESSAGES } from './access.ts';
import {
  createRoomPost,
  deleteRoomPost,
  findPublicRoomPost,
  findRoomPost,
  listPostReaders,
  listRoomPosts,
  listSavedRoomPosts,
  ROOM_POST_MODEL,
  updateRoomPost,
} from './posts.ts';
import type { RoomPostDraft } from './posts.ts';
import {
  checkInResultResource,
  checkInTextResource,
  publicRoomPostResource,
  roomDetailResource,
  roomInfoResource,
  roomPostDetailResource,
  roomPostItemResource,
  roomReaderResource,
  roomSummaryResource,
  roomThreadDetailResource,
  roomThreadItemResource,
  todayRoomResource,
} from './resource.ts';
import { checkInInput, ROOM_POST_MESSAGES, roomCursorQuery, roomPostInput, roomPostListQuery, roomThreadInput } from './schema.ts';
import type { z } from 'zod';
import { checkIn, findRoom, findRoomInfo, listCheckInTexts, listMyRooms } from './service.ts';
import { listToday } from './today.ts';
import { createRoomThread, deleteRoomThread, findRoomThread, listRoomThreads, updateRoomThread } from './threads.ts';

const WRITE_RULE = { name: 'room-write', limit: 60, windowSeconds: 3600 };

const roomId = (c: AppContext) => idParam(c, 'id', ROOM_MESSAGES.missing);
const postIdOf = (c: AppContext) => idParam(c, 'postId', ROOM_POST_MESSAGES.notFound);
const threadIdOf = (c: AppContext) => idParam(c, 'threadId', ROOM_POST_MESSAGES.threadNotFound);

const draftOf = (input: z.output<typeof roomPostInput>): RoomPostDraft => ({
  category: input.category,
  title: input.title,
  content: input.content,
  images: input.images,
  isPublic: input.is_public,
});

export function roomRoutes(db: Db, storage: FileStorage) {
  const postAnswer = async (c: AppContext, sessionId: number, postId: number, status: 200 | 201) => {
    const post = await findRoomPost(db, requireMember(c), sessionId, postId);
    return c.json({ data: roomPostDetailResource(post) }, status);
  };
  const threadAnswer = async (c: AppContext, sessionId: number, threadId: number, status: 200 | 201) => {
    const thread = await findRoomThread(db, requireMember(c), sessionId, threadId);
    return c.json({ data: roomThreadDetailResource(thread) }, status);
  };

  return new Hono<AppEnv>()
    .get('/api/ritual-sessions/users/me', async (c) => {
      const rooms = await listMyRooms(db, requireMember(c));
      return c.json({ data: rooms.map((room) => roomSummaryResource(room)) });
    })
    .get('/api/me/today', async (c) => {
      const rooms = await listToday(db, requireMember(c));
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: rooms.map(todayRoomResource) });
    })
    .get('/api/ritual-session-check-in-texts', async (c) => {
      requireMember(c);
      const texts = await listCheckInTexts(db);
      return c.json({ data: texts.map(checkInTextResource) });
    })
    .get('/api/ritual-session-posts/saved', async (c) => {
      const user = requireMember(c);
      const { cursor, per_page: perPage } = validateQuery(c, roomCursorQuery);
      const page = await listSavedRoomPosts(db, user, { cursor, perPage });
      return c.json({ data: page.items.map(roomPostItemResource), meta: { next_cursor: page.nextCursor, per_page: perPage } });
    })
    .on(['POST', 'PUT'], '/api/ritual-session-posts/:postId/toggle-save', async (c) => {
      const user = requireMember(c);
      const saved = await toggleSave(db, { ...readerOf(c), userId: user.id }, ROOM_POST_MODEL, postIdOf(c));
      return c.json({ data: { saved } });
    })
    .get('/api/ritual-sessions/:id', async (c) => {
      const room = await findRoom(db, requireMember(c), roomId(c));
      return c.json({ data: roomDetailResource(room) });
    })
    .get('/api/ritual-sessions/:id/info', async (c) => {
      const info = await findRoomInfo(db, requireMember(c), roomId(c));
      return c.json({ data: roomInfoResource(info) });
    })
    .post('/api/ritual-sessions/:id/check-in', async (c) => {
      const user = requireMember(c);
      const sessionId = roomId(c);
      const input = validateBody(c, checkInInput);
      return idempotent(c, db, user.id, async () => {
        const result = await checkIn(db, user, sessionId, {
          checkInTextId: input.check_in_text_id,
          content: input.content,
          checkedInAt: input.checked_in_at === undefined ? undefined : new Date(input.checked_in_at),
        });
        return { status: result.created ? 201 : 200, body: { data: checkInResultResource(result) } };
      });
    })
    .get('/api/ritual-sessions/:id/posts/public/:postId', async (c) => {
      const post = await findPublicRoomPost(db, roomId(c), postIdOf(c));
      return c.json({ data: publicRoomPostResource(post) });
    })
    .get('/api/ritual-sessions/:id/posts', async (c) => {
      const user = requireMember(c);
      const sessionId = roomId(c);
      const { tab, cursor, per_page: perPage } = validateQuery(c, roomPostListQuery);
      const page = await listRoomPosts(db, user, sessionId, { tab, cursor, perPage });
      return c.json({ data: page.items.map(roomPostItemResource), meta: { next_cursor: page.nextCursor, per_page: perPage } });
    })
    .post('/api/ritual-sessions/:id/posts', async (c) => {
      const user = requireMember(c);
      assertMayPost(user);
      const sessionId = roomId(c);
      const input = validateBody(c, roomPostInput);
      await enforceRateLimit(db, c, WRITE_RULE, String(user.id));
      return idempotent(c, db, user.id, async () => {
        const id = await createRoomPost(db, storage, user, sessionId, draftOf(input));
        c.get('log').info({ userId: user.id, sessionId, postId: id }, 'room post created');
        const post = await findRoomPost(db, user, sessionId, id);
        return { status: 201, body: { data: roomPostDetailResource(post) } };
      });
    })
    .get('/api/ritual-sessions/:id/posts/:postId/read-users', async (c) => {
      const readers = await listPostReaders(db, requireMember(c), roomId(c), postIdOf(c));
      return c.json({ data: readers.map(roomReaderResource) });
    })
    .get('/api/ritual-sessions/:id/posts/:postId', async (c) => postAnswer(c, roomId(c), postIdOf(c), 200))
    .put('/api/ritual-sessions/:id/posts/:postId', async (c) => {
      const user = requireMember(c);
      const sessionId = roomId(c);
      const postId = postIdOf(c);
      const input = validateBody(c, roomPostInput);
      await enforceRateLimit(db, c, WRITE_RULE, String(user.id));
      await updateRoomPost(db, storage, user, sessionId, postId, draftOf(input));
      return postAnswer(c, sessionId, postId, 200);
    })
    .delete('/api/ritual-sessions/:id/posts/:postId', async (c) => {
      const user = requireMember(c);
      const sessionId = roomId(c);
      const postId = postIdOf(c);
      await deleteRoomPost(db, user, sessionId, postId);
      c.get('log').info({ userId: user.id, sessionId, postId }, 'room post deleted');
      return c.body(null, 204);
    })
    .get('/api/ritual-sessions/:id/threads', async (c) => {
      const user = requireMember(c);
      const sessionId = roomId(c);
      const { cursor, per_page: perPage } = validateQuery(c, roomCursorQuery);
      const page = await listRoomThreads(db, user, sessionId, { cursor, perPage });
      return c.json({ data: page.items.map(roomThreadItemResource), meta: { next_cursor: page.nextCursor, per_page: perPage } });
    })
    .post('/api/ritual-sessions/:id/threads', async (c) => {
      const user = requireMember(c);
      assertMayPost(user);
      const sessionId = roomId(c);
      const input = validateBody(c, roomThreadInput);
      await enforceRateLimit(db, c, WRITE_RULE, String(user.id));
      const id = await createRoomThread(db, storage, user, sessionId, input);
      return threadAnswer(c, sessionId, id, 201);
    })
    .get('/api/ritual-sessions/:id/threads/:threadId', async (c) => threadAnswer(c, roomId(c), threadIdOf(c), 200))
    .put('/api/ritual-sessions/:id/threads/:threadId', async (c) => {
      const user = requireMember(c);
      const sessionId = roomId(c);
      const threadId = threadIdOf(c);
      const input = validateBody(c, roomThreadInput);
      await enforceRateLimit(db, c, WRITE_RULE, String(user.id));
      await updateRoomThread(db, storage, user, sessionId, threadId, input);
      return threadAnswer(c, sessionId, threadId, 200);
    })
    .delete('/api/ritual-sessions/:id/threads/:threadId', async (c) => {
      const user = requireMember(c);
      await deleteRoomThread(db, user, roomId(c), threadIdOf(c));
      return c.body(null, 204);
    });
}
