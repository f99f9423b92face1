import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { notifications, reports, users } from '../../../db/schema/index.ts';
import type { ReportModelType } from '../../../db/schema/index.ts';
import { notFound } from '../../../domain-errors.ts';
import { HIDDEN_CONTENT_TEXT } from '../../../../lib/moderation.ts';
import { modelKind } from '../../models/registry.ts';
import { MODERATED_TABLES } from '../../reports/items.ts';
import { indexSquarePost } from '../../search/square-posts.ts';
import { recordAudit } from '../audit.ts';
import type { AuditActor } from '../audit.ts';

export const MODERATION_MESSAGES = {
  itemMissing: '글이나 댓글을 찾을 수 없어요.',
  noReports: '신고된 적 없는 항목이에요.',
  memberMissing: '회원을 찾을 수 없어요.',
} as const;

/** Closes the item's open reports: staff have decided on it. */
async function resolveOpenReports(tx: Db, type: ReportModelType, id: number): Promise<number> {
  const resolved = await tx
    .update(reports)
    .set({ resolvedAt: new Date() })
    .where(and(eq(reports.modelType, type), eq(reports.modelId, id), isNull(reports.resolvedAt)))
    .returning({ id: reports.id });
  return resolved.length;
}

/**
 * Notifications about a post carry its title; a hidden post's title reads as the notice there too,
 * and comes back when it is restored. (A comment's notifications never quote the comment.) Rare
 * enough that a pass over the data column is fine.
 */
async function retitleNotifications(tx: Db, type: ReportModelType, id: number, hidden: boolean): Promise<void> {
  if (type === 'comment') return;
  const title = hidden ? HIDDEN_CONTENT_TEXT : (await modelKind(type).subject(tx, id))?.title;
  if (title === undefined) return;
  const place =
    type === 'square_post'
      ? sql`${notifications.data}->>'square_post_category_slug' is not null`
      : sql`${notifications.data}->>'ritual_session_id' is not null and ${notifications.data}->>'ritual_session_thread_id' is null`;
  await tx
    .update(notifications)
    .set({ data: sql`jsonb_set(${notifications.data}, '{title}', to_jsonb(${title}::text))` })
    .where(sql`${notifications.data}->>'id' = ${String(id)} and ${place}`);
}

/**
 * Hides an item from every public reader (or shows it again) and resolves its open reports, with
 * the audit row, in one transaction. Hiding is not an edit: the item's updated_at stays.
 */
export async function setItemHidden(db: Db, actor: AuditActor, type: ReportModelType, id: number, hidden: boolean) {
  const table = MODERATED_TABLES[type];
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ hiddenAt: table.hiddenAt }).from(table).where(eq(table.id, id)).for('update');
    if (!before) throw notFound(MODERATION_MESSAGES.itemMissing);
    const hiddenAt = hidden ? (before.hiddenAt ?? new Date()) : null;
    await tx
      .update(table)
      .set({ hiddenAt, updatedAt: sql`${table.updatedAt}` })
      .where(eq(table.id, id));
    await retitleNotifications(tx, type, id, hidden);
    if (type === 'square_post') await indexSquarePost(tx, id);
    const resolvedReports = await resolveOpenReports(tx, type, id);
    await recordAudit(tx, actor, {
      action: hidden ? 'hide' : 'restore',
      modelType: type,
      modelId: id,
      before: { hidden_at: before.hiddenAt },
      after: { hidden_at: hiddenAt, resolved_reports: resolvedReports },
    });
    return { hiddenAt, resolvedReports };
  });
}

/** Leaves the item up and closes its open reports. */
export async function dismissReports(db: Db, actor: AuditActor, type: ReportModelType, id: number) {
  return db.transaction(async (tx) => {
    const [any] = await tx.select({ id: reports.id }).from(reports).where(and(eq(reports.modelType, type), eq(reports.modelId, id))).limit(1);
    if (!any) throw notFound(MODERATION_MESSAGES.noReports);
    const resolvedReports = await resolveOpenReports(tx, type, id);
    await recordAudit(tx, actor, { action: 'dismiss', modelType: type, modelId: id, before: null, after: { resolved_reports: resolvedReports } });
    return { resolvedReports };
  });
}

/** Sets (a date) or lifts (null) how long a member may not write, with the reason in the audit row. */
export async function setPostingLimit(db: Db, actor: AuditActor, userId: number, until: Date | null, reason: string | null) {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ postingLimitedUntil: users.postingLimitedUntil, deletedAt: users.deletedAt })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!before || before.deletedAt) throw notFound(MODERATION_MESSAGES.memberMissing);
    await tx.update(users).set({ postingLimitedUntil: until }).where(eq(users.id, userId));
    await recordAudit(tx, actor, {
      action: until ? 'limit_posting' : 'lift_posting_limit',
      modelType: 'user',
      modelId: userId,
      before: { posting_limited_until: before.postingLimitedUntil },
      after: { posting_limited_until: until, ...(reason ? { reason } : {}) },
    });
    return { postingLimitedUntil: until };
  });
}
