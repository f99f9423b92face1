import { eq, sql } from 'drizzle-orm';
import { offTheRecords } from '../../db/schema/index.ts';
import { notFound } from '../../domain-errors.ts';
import type { ModelKind } from '../models/kind.ts';
import { OFF_THE_RECORD_MESSAGES } from './schema.ts';
import { isReadableRecord, keepUpdatedAt, RECORD_TARGET } from './access.ts';

/**
 * Off-the-record for comments, reactions and saves: guests read a published record (and its
 * comments), members act on it; a draft or a scheduled one is not there for anyone.
 */
export const offTheRecordKind: ModelKind = {
  async open(db, _reader, id) {
    if (!(await isReadableRecord(db, id))) throw notFound(OFF_THE_RECORD_MESSAGES.notFound);
    return RECORD_TARGET;
  },
  async target(db, id) {
    const [row] = await db.select({ id: offTheRecords.id }).from(offTheRecords).where(eq(offTheRecords.id, id));
    return row ? RECORD_TARGET : null;
  },
  async bumpComments(tx, id, delta) {
    await tx
      .update(offTheRecords)
      .set({ commentsCount: sql`greatest(${offTheRecords.commentsCount} + ${delta}, 0)`, updatedAt: keepUpdatedAt })
      .where(eq(offTheRecords.id, id));
  },
  async bumpReactions(tx, id, delta) {
    await tx
      .update(offTheRecords)
      .set({ reactionsCount: sql`greatest(${offTheRecords.reactionsCount} + ${delta}, 0)`, updatedAt: keepUpdatedAt })
      .where(eq(offTheRecords.id, id));
  },
  // The service wrote the record: no member is told of comments or reactions on it, but a member
  // whose comment is answered is, with a link to the record (the client has no rule to build one).
  async subject(tx, id) {
    const [row] = await tx.select({ title: offTheRecords.title }).from(offTheRecords).where(eq(offTheRecords.id, id));
    if (!row) return null;
    return {
      ownerId: null,
      isAnonymous: false,
      title: row.title,
      squarePostCategorySlug: null,
      ritualSessionId: null,
      ritualSessionThreadId: null,
      id,
      link: `/explorer/off-the-record/${id}`,
    };
  },
};
