import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { comments, ritualSessionPosts, squarePosts } from '../../db/schema/index.ts';
import type { ReportModelType } from '../../db/schema/index.ts';
import { notFound } from '../../domain-errors.ts';
import { modelKind } from '../models/registry.ts';
import type { Reader } from '../models/reader.ts';

export const REPORT_ITEM_MISSING = '신고할 글이나 댓글을 찾을 수 없어요.';

/** The three tables that can be reported and hidden, by `model_type`. */
export const MODERATED_TABLES = {
  square_post: squarePosts,
  ritual_session_post: ritualSessionPosts,
  comment: comments,
} as const satisfies Record<ReportModelType, typeof squarePosts | typeof ritualSessionPosts | typeof comments>;

export interface ModeratedItem {
  ownerId: number;
  hiddenAt: Date | null;
}

/** The item as stored, without an access check; null when it is gone (or a deleted comment). */
export async function moderatedItem(db: Db, type: ReportModelType, id: number): Promise<ModeratedItem | null> {
  if (type === 'comment') {
    const [row] = await db
      .select({ ownerId: comments.userId, hiddenAt: comments.hiddenAt, deletedAt: comments.deletedAt })
      .from(comments)
      .where(eq(comments.id, id));
    return row && !row.deletedAt ? { ownerId: row.ownerId, hiddenAt: row.hiddenAt } : null;
  }
  const table = MODERATED_TABLES[type];
  const [row] = await db.select({ ownerId: table.userId, hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id));
  return row ?? null;
}

/**
 * The item as `reader` may read it: a post through its kind's reading rule (a room's members, a
 * square post's passwords), a comment through the rule of the thing it hangs on.
 */
export async function openReportable(db: Db, reader: Reader, type: ReportModelType, id: number): Promise<ModeratedItem> {
  const item = await moderatedItem(db, type, id);
  if (!item) throw notFound(REPORT_ITEM_MISSING);
  if (type === 'comment') {
    const [comment] = await db.select({ modelType: comments.modelType, modelId: comments.modelId }).from(comments).where(eq(comments.id, id));
    await modelKind(comment!.modelType).open(db, reader, comment!.modelId);
  } else {
    await modelKind(type).open(db, reader, id);
  }
  return item;
}
