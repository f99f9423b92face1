import { and, count, desc, eq, ilike, isNotNull, isNull, or } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { ritualSessionPosts, ritualSessions, rituals, users } from '../../../db/schema/index.ts';
import { notFound } from '../../../domain-errors.ts';
import { validateQuery } from '../../../http/context.ts';
import type { AppEnv } from '../../../http/context.ts';
import { pageMeta, pageQuery } from '../../../http/pagination.ts';
import { idField, idParam } from '../../../http/route-id.ts';
import { apiTime } from '../../../http/serialize.ts';
import { ADMIN_PER_PAGE, ADMIN_PER_PAGE_MAX, NOT_FOUND } from '../crud.ts';
import { dataOf, pageOf } from '../../../http/openapi/envelopes.ts';
import type { Conforms } from '../../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../../http/openapi/operation.ts';
import { roomPostAnswer, roomPostDetailAnswer } from './answer-schema.ts';

const listQuery = pageQuery({ fallback: ADMIN_PER_PAGE, max: ADMIN_PER_PAGE_MAX }).extend({
  ritual_session_id: idField('세션을 골라 주세요.').optional(),
  visibility: z.enum(['hidden', 'shown'], { error: 'visibility는 hidden 또는 shown이어야 해요.' }).optional(),
  q: z.string().trim().max(100).optional(),
});

const columns = {
  id: ritualSessionPosts.id,
  ritualSessionId: ritualSessionPosts.ritualSessionId,
  sessionTitle: ritualSessions.title,
  ritualTitle: rituals.title,
  category: ritualSessionPosts.category,
  title: ritualSessionPosts.title,
  excerpt: ritualSessionPosts.excerpt,
  authorId: users.id,
  authorNickname: users.nickname,
  commentsCount: ritualSessionPosts.commentsCount,
  hiddenAt: ritualSessionPosts.hiddenAt,
  createdAt: ritualSessionPosts.createdAt,
};

const selectPosts = (db: Db) =>
  db
    .select(columns)
    .from(ritualSessionPosts)
    .innerJoin(ritualSessions, eq(ritualSessions.id, ritualSessionPosts.ritualSessionId))
    .leftJoin(rituals, eq(rituals.id, ritualSessions.ritualId))
    .innerJoin(users, eq(users.id, ritualSessionPosts.userId));

// model_type and model_id: what the moderation routes take, so the console hides and restores with them.
type PostRow = Awaited<ReturnType<typeof selectPosts>>[number];

const roomPostResource = (row: PostRow) => ({
  id: row.id,
  model_type: 'ritual_session_post' as const,
  model_id: row.id,
  ritual_session_id: row.ritualSessionId,
  session: row.ritualTitle === null ? row.sessionTitle : `${row.ritualTitle} · ${row.sessionTitle}`,
  category: row.category,
  title: row.title,
  excerpt: row.excerpt,
  author: { id: row.authorId, nickname: row.authorNickname },
  comments_count: row.commentsCount,
  is_hidden: row.hiddenAt !== null,
  hidden_at: apiTime(row.hiddenAt),
  created_at: apiTime(row.createdAt),
});

const roomPostDetailResource = (row: PostRow, contentHtml: string) => ({ ...roomPostResource(row), content_html: contentHtml });

/** The rooms' posts, newest first, by session: what staff read to moderate a room before anyone reports. */
export function roomPostRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/admin/room-posts', async (c) => {
      const query = validateQuery(c, listQuery);
      const conditions: (SQL | undefined)[] = [];
      if (query.ritual_session_id !== undefined) conditions.push(eq(ritualSessionPosts.ritualSessionId, query.ritual_session_id));
      if (query.visibility) conditions.push(query.visibility === 'hidden' ? isNotNull(ritualSessionPosts.hiddenAt) : isNull(ritualSessionPosts.hiddenAt));
      if (query.q) {
        const pattern = `%${query.q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
        conditions.push(or(ilike(ritualSessionPosts.title, pattern), ilike(ritualSessionPosts.excerpt, pattern)));
      }
      const where = and(...conditions);
      const [rows, [total]] = await Promise.all([
        selectPosts(db)
          .where(where)
          .orderBy(desc(ritualSessionPosts.createdAt), desc(ritualSessionPosts.id))
          .limit(query.per_page)
          .offset((query.page - 1) * query.per_page),
        db.select({ value: count() }).from(ritualSessionPosts).where(where),
      ]);
      return c.json({ data: rows.map(roomPostResource), meta: pageMeta(query.page, query.per_page, total?.value ?? 0) });
    })
    .get('/api/admin/room-posts/:id', async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      const [[row], [content]] = await Promise.all([
        selectPosts(db).where(eq(ritualSessionPosts.id, id)),
        db.select({ html: ritualSessionPosts.contentHtml }).from(ritualSessionPosts).where(eq(ritualSessionPosts.id, id)),
      ]);
      if (!row || !content) throw notFound(NOT_FOUND);
      return c.json({ data: roomPostDetailResource(row, content.html) });
    });
}

// Checked here rather than beside the schemas: their file cannot import these routes, which import it.
export type RoomPostAnswer = Conforms<ReturnType<typeof roomPostResource>, z.infer<typeof roomPostAnswer>>;
export type RoomPostDetailAnswer = Conforms<ReturnType<typeof roomPostDetailResource>, z.infer<typeof roomPostDetailAnswer>>;

export const roomPostOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/room-posts', summary: '세션 기록 모아 보기', access: 'staff', query: listQuery, answers: { 200: pageOf(roomPostAnswer) } },
  { method: 'GET', path: '/api/admin/room-posts/:id', summary: '세션 기록', access: 'staff', answers: { 200: dataOf(roomPostDetailAnswer) } },
];
