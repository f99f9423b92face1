import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns.ts';

/**
 * How often each legacy `/v1` path was called on a Seoul day, so the team knows when the last old
 * client is gone. `path` is the map's pattern (`/v1/rooms/{id}/posts`), never the path as called,
 * so the rows grow with the routes and the days, not with the ids.
 */
export const legacyPathUses = pgTable(
  'legacy_path_uses',
  {
    path: text('path').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    count: integer('count').notNull(),
    lastCalledAt: timestamptz('last_called_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.path, t.day] })],
);
