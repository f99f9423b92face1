import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { comments, reports, ritualSessionPosts, squarePosts, users } from '../../../db/schema/index.ts';
import type { ReportModelType, ReportReason } from '../../../db/schema/index.ts';

export type QueueStatus = 'open' | 'resolved' | 'all';

/** One reported item as the queue shows it: its reports summed up, and what it says and who wrote it. */
export interface QueueItem {
  key: string;
  modelType: ReportModelType;
  modelId: number;
  reportCount: number;
  openCount: number;
  reasons: ReportReason[];
  latestReason: ReportReason;
  firstReportedAt: Date;
  lastReportedAt: Date;
  item: ItemSummary | null;
}

export interface ItemSummary {
  excerpt: string;
  authorId: number;
  authorNickname: string;
  hiddenAt: Date | null;
  /** Where the item lives: the square post's or room's id, for a link from the console. */
  placeId: number | null;
}

export const itemKey = (type: string, id: number) => `${type}-${id}`;

const openCount = sql<number>`(count(*) filter (where ${reports.resolvedAt} is null))::int`;

const groupColumns = {
  modelType: reports.modelType,
  modelId: reports.modelId,
  reportCount: sql<number>`count(*)::int`,
  openCount,
  reasons: sql<ReportReason[]>`array_agg(distinct ${reports.reason})`,
  latestReason: sql<ReportReason>`(array_agg(${reports.reason} order by ${reports.createdAt} desc))[1]`,
  firstReportedAt: sql<Date>`min(${reports.createdAt})`.mapWith(reports.createdAt),
  lastReportedAt: sql<Date>`max(${reports.createdAt})`.mapWith(reports.createdAt),
};

const statusCondition = (status: QueueStatus): SQL | undefined =>
  status === 'open' ? sql`${openCount} > 0` : status === 'resolved' ? sql`${openCount} = 0` : undefined;

/** The reported items, one row each, open ones (with unresolved reports) first, then the latest reported. */
export async function listReportQueue(
  db: Db,
  options: { status: QueueStatus; modelType?: ReportModelType | undefined; page: number; perPage: number },
): Promise<{ items: QueueItem[]; total: number }> {
  const where = options.modelType ? eq(reports.modelType, options.modelType) : undefined;
  const grouped = () => db.select(groupColumns).from(reports).where(where).groupBy(reports.modelType, reports.modelId).having(statusCondition(options.status));
  const [rows, [total]] = await Promise.all([
    grouped()
      .orderBy(desc(sql`${openCount} > 0`), desc(sql`max(${reports.createdAt})`), desc(reports.modelId))
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage),
    db.select({ value: count() }).from(grouped().as('reported_items')),
  ]);
  const summaries = await itemSummaries(db, rows);
  return {
    items: rows.map((row) => ({ ...row, key: itemKey(row.modelType, row.modelId), item: summaries.get(itemKey(row.modelType, row.modelId)) ?? null })),
    total: total?.value ?? 0,
  };
}

/** One item's summary and every report on it, newest first; null when nobody reported it. */
export async function reportedItem(db: Db, type: ReportModelType, id: number) {
  const [group] = await db
    .select(groupColumns)
    .from(reports)
    .where(and(eq(reports.modelType, type), eq(reports.modelId, id)))
    .groupBy(reports.modelType, reports.modelId);
  if (!group) return null;
  const [summaries, list] = await Promise.all([
    itemSummaries(db, [group]),
    db
      .select({
        id: reports.id,
        reporterId: reports.reporterId,
        reporterNickname: users.nickname,
        reason: reports.reason,
        detail: reports.detail,
        resolvedAt: reports.resolvedAt,
        createdAt: reports.createdAt,
      })
      .from(reports)
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(and(eq(reports.modelType, type), eq(reports.modelId, id)))
      .orderBy(desc(reports.createdAt), desc(reports.id)),
  ]);
  return { ...group, key: itemKey(type, id), item: summaries.get(itemKey(type, id)) ?? null, reports: list };
}

/** What each item says and who wrote it: one query per kind on the page, whatever the page's size. */
async function itemSummaries(db: Db, rows: { modelType: ReportModelType; modelId: number }[]): Promise<Map<string, ItemSummary>> {
  const idsOf = (type: ReportModelType) => rows.filter((row) => row.modelType === type).map((row) => row.modelId);
  const found = new Map<string, ItemSummary>();
  const squareIds = idsOf('square_post');
  const roomIds = idsOf('ritual_session_post');
  const commentIds = idsOf('comment');
  const [squareRows, roomRows, commentRows] = await Promise.all([
    squareIds.length === 0
      ? []
      : db
          .select({ id: squarePosts.id, title: squarePosts.title, excerpt: squarePosts.excerpt, authorId: squarePosts.userId, authorNickname: users.nickname, hiddenAt: squarePosts.hiddenAt })
          .from(squarePosts)
          .innerJoin(users, eq(users.id, squarePosts.userId))
          .where(inArray(squarePosts.id, squareIds)),
    roomIds.length === 0
      ? []
      : db
          .select({
            id: ritualSessionPosts.id,
            title: ritualSessionPosts.title,
            excerpt: ritualSessionPosts.excerpt,
            authorId: ritualSessionPosts.userId,
            authorNickname: users.nickname,
            hiddenAt: ritualSessionPosts.hiddenAt,
            placeId: ritualSessionPosts.ritualSessionId,
          })
          .from(ritualSessionPosts)
          .innerJoin(users, eq(users.id, ritualSessionPosts.userId))
          .where(inArray(ritualSessionPosts.id, roomIds)),
    commentIds.length === 0
      ? []
      : db
          .select({ id: comments.id, content: comments.content, authorId: comments.userId, authorNickname: users.nickname, hiddenAt: comments.hiddenAt, placeId: comments.modelId })
          .from(comments)
          .innerJoin(users, eq(users.id, comments.userId))
          .where(inArray(comments.id, commentIds)),
  ]);
  const joined = (title: string | null, excerpt: string) => [title, excerpt].filter(Boolean).join(' — ');
  for (const row of squareRows) found.set(itemKey('square_post', row.id), { ...row, excerpt: joined(row.title, row.excerpt), placeId: row.id });
  for (const row of roomRows) found.set(itemKey('ritual_session_post', row.id), { ...row, excerpt: joined(row.title, row.excerpt) });
  for (const row of commentRows) found.set(itemKey('comment', row.id), { ...row, excerpt: row.content });
  return found;
}
