import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offTheRecordCategories, offTheRecords, saves } from '../../db/schema/index.ts';
import type { OffTheRecordKind } from '../../db/schema/index.ts';
import { invalidInput } from '../../domain-errors.ts';
import { listComments } from '../comments/service.ts';
import type { CommentView } from '../comments/service.ts';
import type { Reader } from '../models/reader.ts';
import { reactionSummary } from '../reactions/service.ts';
import type { ReactionSummary } from '../reactions/service.ts';
import { readableAt, RECORD_TARGET } from './access.ts';
import { OFF_THE_RECORD_MESSAGES } from './schema.ts';

export const OFF_THE_RECORD_MODEL = 'off_the_record';

export interface RecordCategoryView {
  id: number;
  name: string;
}

export interface RecordItemView {
  id: number;
  kind: OffTheRecordKind;
  categoryId: number;
  categoryName: string;
  ritualId: number | null;
  title: string;
  summary: string;
  coverImageUrl: string;
  coverImageAlt: string;
  authorName: string;
  publishedAt: Date;
  commentsCount: number;
  reactionsCount: number;
}

export interface RecordDetailView extends RecordItemView {
  contentHtml: string;
  updatedAt: Date;
  reactions: ReactionSummary;
  isSaved: boolean;
  comments: CommentView[];
}

export interface RecordPage {
  items: RecordItemView[];
  page: number;
  perPage: number;
  total: number;
}

const itemColumns = {
  id: offTheRecords.id,
  kind: offTheRecords.kind,
  categoryId: offTheRecords.offTheRecordCategoryId,
  categoryName: offTheRecordCategories.name,
  ritualId: offTheRecords.ritualId,
  title: offTheRecords.title,
  summary: offTheRecords.summary,
  coverImageUrl: offTheRecords.coverImageUrl,
  coverImageAlt: offTheRecords.coverImageAlt,
  authorName: offTheRecords.authorName,
  publishedAt: offTheRecords.publishedAt,
  commentsCount: offTheRecords.commentsCount,
  reactionsCount: offTheRecords.reactionsCount,
};

type ItemRow = Omit<RecordItemView, 'publishedAt'> & { publishedAt: Date | null };

// Only readable rows reach here, and those have a date.
const itemView = (row: ItemRow): RecordItemView => ({ ...row, publishedAt: row.publishedAt! });

/** The categories a reader can pick, in their order. */
export async function listRecordCategories(db: Db): Promise<RecordCategoryView[]> {
  return db
    .select({ id: offTheRecordCategories.id, name: offTheRecordCategories.name })
    .from(offTheRecordCategories)
    .where(eq(offTheRecordCategories.isActive, true))
    .orderBy(asc(offTheRecordCategories.sortOrder), asc(offTheRecordCategories.id));
}

export interface RecordListInput {
  categoryId?: number | undefined;
  kind?: OffTheRecordKind | undefined;
  page: number;
  perPage: number;
  now?: Date;
}

/**
 * Readable records newest first, a page at a time. The filter and the order are those of the
 * partial indexes (off_the_records_list_idx, _category_idx, _kind_idx), so a page reads only its rows.
 * An unknown or retired category is the caller's mistake: 422 on `category_id`.
 */
export async function listOffTheRecords(db: Db, { categoryId, kind, page, perPage, now = new Date() }: RecordListInput): Promise<RecordPage> {
  if (categoryId !== undefined) {
    const [category] = await db
      .select({ id: offTheRecordCategories.id })
      .from(offTheRecordCategories)
      .where(and(eq(offTheRecordCategories.id, categoryId), eq(offTheRecordCategories.isActive, true)));
    if (!category) throw invalidInput({ category_id: [OFF_THE_RECORD_MESSAGES.unknownCategory] });
  }
  const where = and(
    readableAt(now),
    categoryId === undefined ? undefined : eq(offTheRecords.offTheRecordCategoryId, categoryId),
    kind === undefined ? undefined : eq(offTheRecords.kind, kind),
  );
  const [rows, [totals]] = await Promise.all([
    db
      .select(itemColumns)
      .from(offTheRecords)
      .innerJoin(offTheRecordCategories, eq(offTheRecordCategories.id, offTheRecords.offTheRecordCategoryId))
      .where(where)
      .orderBy(desc(offTheRecords.publishedAt), desc(offTheRecords.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(offTheRecords).where(where),
  ]);
  return { items: rows.map(itemView), page, perPage, total: totals?.total ?? 0 };
}

async function isSavedBy(db: Db, id: number, userId: number | null): Promise<boolean> {
  if (userId === null) return false;
  const [row] = await db
    .select({ id: saves.id })
    .from(saves)
    .where(and(eq(saves.userId, userId), eq(saves.modelType, OFF_THE_RECORD_MODEL), eq(saves.modelId, id)));
  return row !== undefined;
}

/** One readable record with its reactions, comments and the reader's save; null for a draft or a scheduled one. */
export async function findOffTheRecord(db: Db, reader: Reader, id: number, now = new Date()): Promise<RecordDetailView | null> {
  const [row] = await db
    .select({ ...itemColumns, contentHtml: offTheRecords.contentHtml, updatedAt: offTheRecords.updatedAt })
    .from(offTheRecords)
    .innerJoin(offTheRecordCategories, eq(offTheRecordCategories.id, offTheRecords.offTheRecordCategoryId))
    .where(and(eq(offTheRecords.id, id), readableAt(now)));
  if (!row) return null;
  const [reactions, isSaved, comments] = await Promise.all([
    reactionSummary(db, reader, OFF_THE_RECORD_MODEL, id),
    isSavedBy(db, id, reader.userId),
    listComments(db, reader, OFF_THE_RECORD_MODEL, id, RECORD_TARGET),
  ]);
  return { ...itemView(row), contentHtml: row.contentHtml, updatedAt: row.updatedAt, reactions, isSaved, comments };
}

/** The member's saved records that are still readable, saved last first (along saves_user_list_idx). */
export async function listSavedOffTheRecords(db: Db, userId: number, { page, perPage, now = new Date() }: { page: number; perPage: number; now?: Date }): Promise<RecordPage> {
  const where = and(eq(saves.userId, userId), eq(saves.modelType, OFF_THE_RECORD_MODEL), readableAt(now));
  const [rows, [totals]] = await Promise.all([
    db
      .select(itemColumns)
      .from(saves)
      .innerJoin(offTheRecords, eq(offTheRecords.id, saves.modelId))
      .innerJoin(offTheRecordCategories, eq(offTheRecordCategories.id, offTheRecords.offTheRecordCategoryId))
      .where(where)
      .orderBy(desc(saves.createdAt), desc(saves.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ total: count() }).from(saves).innerJoin(offTheRecords, eq(offTheRecords.id, saves.modelId)).where(where),
  ]);
  return { items: rows.map(itemView), page, perPage, total: totals?.total ?? 0 };
}
