import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { requireMember } from '../../http/visitor.ts';
import { idParam } from '../../http/route-id.ts';
import { notFound } from '../../domain-errors.ts';
import { heatmapRange, seoulDate } from '../../../lib/room-progress.ts';
import { ROOM_MESSAGES } from '../rooms/access.ts';
import { listMemberRoomPosts, MEMBER_MESSAGES } from './member-posts.ts';
import { myRoomComments, ritualDayCounts, ritualStats } from './me-service.ts';
import { memberPostResource, postCheckResource, roomCommentResource, roomReportResource } from './resource.ts';
import { postsDatesQuery, roomCursorQuery, shareProgressInput } from './schema.ts';
import { myCommentChecks, myPostChecks, roomReport, setSharesProgress } from './service.ts';

/** The session in the path; an id that cannot name one is a room that does not exist. */
export const sessionIdOf = (c: AppContext): number => idParam(c, 'id', ROOM_MESSAGES.missing);

/** A member's progress in a room and across rooms (issue 18, item 6), and their posts as others see them (item 9). */
export function roomProgressRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/ritual-sessions/:id/report', async (c) => {
      const user = requireMember(c);
      return c.json({
        data: roomReportResource(await roomReport(db, user, sessionIdOf(c))),
      });
    })
    .put('/api/ritual-sessions/:id/share-progress', async (c) => {
      const user = requireMember(c);
      const id = sessionIdOf(c);
      const { shares_progress: shares } = validateBody(c, shareProgressInput);
      return c.json({
        data: {
          shares_progress: await setSharesProgress(db, user, id, shares),
        },
      });
    })
    .get('/api/ritual-sessions/:id/posts/my-checks', async (c) => {
      const user = requireMember(c);
      const days = await myPostChecks(db, user, sessionIdOf(c));
      return c.json({ data: days.map(postCheckResource) });
    })
    .get('/api/ritual-sessions/:id/comments/my-checks', async (c) => {
      const user = requireMember(c);
      return c.json({ data: await myCommentChecks(db, user, sessionIdOf(c)) });
    })
    .get('/api/me/ritual-stats', async (c) => {
      const user = requireMember(c);
      return c.json({ data: await ritualStats(db, user.id) });
    })
    .get('/api/me/ritual-session-posts-dates', async (c) => {
      const user = requireMember(c);
      const { year } = validateQuery(c, postsDatesQuery);
      const range = year === undefined ? heatmapRange(seoulDate(new Date())) : { first: `${year}-01-01`, last: `${year}-12-31` };
      const days = await ritualDayCounts(db, user.id, range.first, range.last);
      return c.json({
        data: days,
        meta: { from: range.first, to: range.last },
      });
    })
    .get('/api/me/ritual-session-comments', async (c) => {
      const user = requireMember(c);
      const { cursor, per_page: perPage } = validateQuery(c, roomCursorQuery);
      const page = await myRoomComments(db, user.id, { cursor, perPage });
      return c.json({
        data: page.items.map(roomCommentResource),
        meta: { next_cursor: page.nextCursor, per_page: perPage },
      });
    })
    .get('/api/ritual-session-posts/users/:userId', async (c) => {
      const userId = idParam(c, 'userId', MEMBER_MESSAGES.userNotFound);
      const { cursor, per_page: perPage } = validateQuery(c, roomCursorQuery);
      const page = await listMemberRoomPosts(db, c.get('user'), userId, {
        cursor,
        perPage,
      });
      if (!page) throw notFound(MEMBER_MESSAGES.userNotFound);
      return c.json({
        data: page.items.map(memberPostResource),
        meta: { next_cursor: page.nextCursor, per_page: perPage },
      });
    });
}
