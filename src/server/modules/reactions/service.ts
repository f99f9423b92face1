import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { preparedQuery } from '../../db/prepared.ts';
import { reactions, users } from '../../db/schema/index.ts';
import { REACTION_TYPES, emptyReactionCounts } from '../../../lib/reactions.ts';
import type { ReactionCounts, ReactionTypeName } from '../../../lib/reactions.ts';
import { openForAction, unlistedUserOf } from '../models/kind.ts';
import { modelKind } from '../models/registry.ts';
import { notifyReaction, withdrawNotifications } from '../notifications/events.ts';
import type { Reader } from '../models/reader.ts';

export interface ReactionSummary {
  counts: ReactionCounts;
  /** The reader's own reactions, in the order of the five types. */
  mine: ReactionTypeName[];
  total: number;
}

/** Reaction counts by type, and for a member which of them are theirs, in one query. */
const countsQuery = (name: string, mine: SQL<boolean>) =>
  preparedQuery((db) =>
    db
      .select({ type: reactions.reactionType, count: sql<number>`count(*)::int`, mine })
      .from(reactions)
      .where(and(eq(reactions.modelType, sql.placeholder('modelType')), eq(reactions.modelId, sql.placeholder('modelId'))))
      .groupBy(reactions.reactionType)
      .prepare(name),
  );
// Every post page asks: a guest's question needs no member in it.
const guestCountsQuery = countsQuery('reaction_counts', sql<boolean>`false`);
const memberCountsQuery = countsQuery('reaction_counts_mine', sql<boolean>`bool_or(${reactions.userId} = ${sql.placeholder('userId')})`);

interface CountRow {
  type: ReactionTypeName;
  count: number;
  mine: boolean;
}

/**
 * memberCountsQuery's rows as one column of another query, in JSON text (read with
 * `summaryFromJson`): a page that reads the thing anyway learns its reactions in the same round
 * trip. `modelId` is the column or value naming the thing, `userId` the member reading.
 */
export const memberReactionsJson = (modelType: string, modelId: SQLWrapper, userId: SQLWrapper) =>
  sql<string>`(select coalesce(json_agg(json_build_object('type', "counted"."type", 'count', "counted"."count", 'mine', "counted"."mine")), '[]')::text from (select ${reactions.reactionType} as "type", count(*)::int as "count", bool_or(${reactions.userId} = ${userId}) as "mine" from ${reactions} where ${reactions.modelType} = ${modelType} and ${reactions.modelId} = ${modelId} group by ${reactions.reactionType}) "counted")`;

export const summaryFromJson = (json: string): ReactionSummary => summaryOf(JSON.parse(json) as CountRow[]);

/** Counts per type and the reader's own reactions on one thing: the one summary pages and the API show. */
export async function reactionSummary(db: Db, reader: Pick<Reader, 'userId'>, modelType: string, modelId: number): Promise<ReactionSummary> {
  const rows =
    reader.userId === null
      ? await guestCountsQuery(db).execute({ modelType, modelId })
      : await memberCountsQuery(db).execute({ modelType, modelId, userId: reader.userId });
  return summaryOf(rows);
}

function summaryOf(rows: CountRow[]): ReactionSummary {
  const counts = emptyReactionCounts();
  const mine = new Set<ReactionTypeName>();
  for (const row of rows) {
    counts[row.type] = row.count;
    if (row.mine) mine.add(row.type);
  }
  return { counts, mine: REACTION_TYPES.filter((type) => mine.has(type)), total: rows.reduce((sum, row) => sum + row.count, 0) };
}

/**
 * Toggles one of the reader's reactions and moves the target's count in the same transaction; the
 * count moves only when a row really went in or out, so two toggles at once stay consistent.
 */
export async function toggleReaction(
  db: Db,
  reader: Reader & { userId: number },
  modelType: string,
  modelId: number,
  type: ReactionTypeName,
): Promise<{ reacted: boolean; summary: ReactionSummary }> {
  const kind = modelKind(modelType);
  await openForAction(kind, db, reader, modelId);
  const reacted = await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(reactions)
      .values({ modelType, modelId, userId: reader.userId, reactionType: type })
      .onConflictDoNothing()
      .returning({ id: reactions.id });
    if (inserted.length > 0) {
      await kind.bumpReactions(tx, modelId, 1);
      await notifyReaction(tx, { id: inserted[0]!.id, userId: reader.userId, subject: await kind.subject(tx, modelId), reactionType: type });
      return true;
    }
    const removed = await tx
      .delete(reactions)
      .where(
        and(eq(reactions.modelType, modelType), eq(reactions.modelId, modelId), eq(reactions.reactionType, type), eq(reactions.userId, reader.userId)),
      )
      .returning({ id: reactions.id });
    if (removed.length > 0) {
      await kind.bumpReactions(tx, modelId, -removed.length);
      await withdrawNotifications(tx, 'reaction', removed.map((row) => row.id));
    }
    return false;
  });
  return { reacted, summary: await reactionSummary(db, reader, modelType, modelId) };
}

// The modal shows faces, not a ledger: the most recent reactions are enough.
export const REACTION_USERS_MAX = 300;

export interface ReactionUser {
  id: number;
  nickname: string;
  username: string;
  profileImage: string | null;
  reactionType: ReactionTypeName;
}

/**
 * Who reacted, newest first, deleted members and an anonymous author left out; the target must be
 * readable.
 */
export async function listReactionUsers(
  db: Db,
  reader: Reader,
  modelType: string,
  modelId: number,
  type?: ReactionTypeName,
): Promise<ReactionUser[]> {
  const unlisted = unlistedUserOf(await modelKind(modelType).open(db, reader, modelId));
  return db
    .select({
      id: users.id,
      nickname: users.nickname,
      username: users.username,
      profileImage: users.profileImage,
      reactionType: reactions.reactionType,
    })
    .from(reactions)
    .innerJoin(users, eq(users.id, reactions.userId))
    .where(
      and(
        eq(reactions.modelType, modelType),
        eq(reactions.modelId, modelId),
        type ? eq(reactions.reactionType, type) : undefined,
        unlisted === null ? undefined : ne(reactions.userId, unlisted),
        isNull(users.deletedAt),
      ),
    )
    .orderBy(desc(reactions.createdAt), desc(reactions.id))
    .limit(REACTION_USERS_MAX);
}
