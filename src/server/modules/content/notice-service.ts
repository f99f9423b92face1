import { and, asc, count, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notices } from '../../db/schema/index.ts';
import type { Notice } from '../../db/schema/index.ts';
import { plainTextOf } from '../../html/sanitize.ts';

export const NOTICES_PER_PAGE = 10;
export const NOTICES_PER_PAGE_MAX = 50;
const EXCERPT_LENGTH = 120;

export interface NoticeListItem {
  id: number;
  title: string;
  excerpt: string;
  isPinned: boolean;
  publishedAt: Date;
}

export interface NoticePage {
  items: NoticeListItem[];
  total: number;
  page: number;
  perPage: number;
  lastPage: number;
}

export interface NoticeNeighbour {
  id: number;
  title: string;
}

export interface NoticeDetail {
  notice: Notice & { publishedAt: Date };
  /** The notice listed just above this one (pinned first, then newer). */
  previous: NoticeNeighbour | null;
  /** The notice listed just below this one. */
  next: NoticeNeighbour | null;
}

/** Published and no longer scheduled: a draft has no date, a scheduled notice a future one. */
const visibleAt = (now: Date): SQL => and(isNotNull(notices.publishedAt), lte(notices.publishedAt, now))!;

// The list's order, which notices_list_idx holds: pinned first, then newest.
const LIST_ORDER = [desc(notices.isPinned), desc(notices.publishedAt), desc(notices.id)];

/** The first words of a stored body as plain text, for a list where the body is not shown. */
export function excerptOf(html: string, length = EXCERPT_LENGTH): string {
  const text = plainTextOf(html);
  const chars = [...text];
  return chars.length > length ? `${chars.slice(0, length).join('').trimEnd()}…` : text;
}

export async function listNotices(
  db: Db,
  { page = 1, perPage = NOTICES_PER_PAGE, now = new Date() }: { page?: number; perPage?: number; now?: Date } = {},
): Promise<NoticePage> {
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: notices.title,
        bodyHtml: notices.bodyHtml,
        isPinned: notices.isPinned,
        publishedAt: notices.publishedAt,
      })
      .from(notices)
      .where(visibleAt(now))
      .orderBy(...LIST_ORDER)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(notices).where(visibleAt(now)),
  ]);
  const total = totals?.total ?? 0;
  return {
    items: rows.map((row) => ({
      id: row.id,
      title: row.title,
      excerpt: excerptOf(row.bodyHtml),
      isPinned: row.isPinned,
      publishedAt: row.publishedAt!,
    })),
    total,
    page,
    perPage,
    lastPage: Math.max(1, Math.ceil(total / perPage)),
  };
}

/** The list position of a notice as a row value, in the index's (descending) order. */
const positionOf = (notice: Notice & { publishedAt: Date }): SQL =>
  sql`(${notice.isPinned}::boolean, ${notice.publishedAt.toISOString()}::timestamptz, ${notice.id}::integer)`;
const listPosition = sql`(${notices.isPinned}, ${notices.publishedAt}, ${notices.id})`;

/** A published notice with its neighbours in the list; null for an unknown, draft or scheduled one. */
export async function findPublishedNotice(db: Db, id: number, now = new Date()): Promise<NoticeDetail | null> {
  const [notice] = await db
    .select()
    .from(notices)
    .where(and(eq(notices.id, id), visibleAt(now)));
  if (!notice?.publishedAt) return null;
  const found = { ...notice, publishedAt: notice.publishedAt };
  const neighbour = { id: notices.id, title: notices.title };
  const [[previous], [next]] = await Promise.all([
    db
      .select(neighbour)
      .from(notices)
      .where(and(visibleAt(now), sql`${listPosition} > ${positionOf(found)}`))
      .orderBy(asc(notices.isPinned), asc(notices.publishedAt), asc(notices.id))
      .limit(1),
    db
      .select(neighbour)
      .from(notices)
      .where(and(visibleAt(now), sql`${listPosition} < ${positionOf(found)}`))
      .orderBy(...LIST_ORDER)
      .limit(1),
  ]);
  return { notice: found, previous: previous ?? null, next: next ?? null };
}
