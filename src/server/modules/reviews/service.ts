import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reviews, rituals, users } from '../../db/schema/index.ts';
import type { ReviewableType } from '../../db/schema/index.ts';
import { notFound } from '../../domain-errors.ts';
import { isProductListed } from '../store/product-service.ts';
import { REVIEW_MESSAGES, REVIEWS_PER_PAGE } from './schema.ts';

export interface ReviewRow {
  id: number;
  userId: number;
  reviewableType: ReviewableType;
  reviewableId: number;
  rating: number;
  contentHtml: string;
  photoImageUrl: string | null;
  createdAt: Date;
  nickname: string;
  authorDeleted: boolean;
}

export interface ReviewPage {
  items: ReviewRow[];
  total: number;
  page: number;
  perPage: number;
  summary: { count: number; average: number; photoCount: number };
}

const rowColumns = {
  id: reviews.id,
  userId: reviews.userId,
  reviewableType: reviews.reviewableType,
  reviewableId: reviews.reviewableId,
  rating: reviews.rating,
  contentHtml: reviews.contentHtml,
  photoImageUrl: reviews.photoImageUrl,
  createdAt: reviews.createdAt,
  nickname: users.nickname,
  authorDeleted: sql<boolean>`${users.deletedAt} is not null`,
};

/** One review with its writer, as the lists show it. */
export async function findReview(db: Db, id: number): Promise<ReviewRow> {
  const [row] = await db.select(rowColumns).from(reviews).innerJoin(users, eq(users.id, reviews.userId)).where(eq(reviews.id, id));
  if (!row) throw notFound(REVIEW_MESSAGES.notFound);
  return row;
}

/** Reviews of what a guest may not read are not readable either. */
async function assertReadable(db: Db, type: ReviewableType, id: number): Promise<void> {
  if (type === 'ritual') {
    const [ritual] = await db
      .select({ id: rituals.id })
      .from(rituals)
      .where(and(eq(rituals.id, id), eq(rituals.isPublished, true)));
    if (!ritual) throw notFound(REVIEW_MESSAGES.ritualNotFound);
    return;
  }
  if (!(await isProductListed(db, id))) throw notFound(REVIEW_MESSAGES.productNotFound);
}

/**
 * One page of the reviews of one thing, newest first (reviews_list_idx, or reviews_photo_list_idx
 * for photo reviews only), with the summary of all of them: three statements whatever the page.
 */
export async function listReviews(
  db: Db,
  {
    type,
    id,
    onlyWithPhoto = false,
    page = 1,
    perPage = REVIEWS_PER_PAGE,
  }: { type: ReviewableType; id: number; onlyWithPhoto?: boolean; page?: number; perPage?: number },
): Promise<ReviewPage> {
  await assertReadable(db, type, id);
  const ofTarget = and(eq(reviews.reviewableType, type), eq(reviews.reviewableId, id));
  const listed = onlyWithPhoto ? and(ofTarget, isNotNull(reviews.photoImageUrl)) : ofTarget;
  const [items, [summary]] = await Promise.all([
    db
      .select(rowColumns)
      .from(reviews)
      .innerJoin(users, eq(users.id, reviews.userId))
      .where(listed)
      .orderBy(desc(reviews.createdAt), desc(reviews.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({
        count: count(),
        average: sql<number>`coalesce(round(avg(${reviews.rating}), 1), 0)::float8`,
        photoCount: sql<number>`count(${reviews.photoImageUrl})::int`,
      })
      .from(reviews)
      .where(ofTarget),
  ]);
  const totals = summary ?? { count: 0, average: 0, photoCount: 0 };
  return { items, total: onlyWithPhoto ? totals.photoCount : totals.count, page, perPage, summary: totals };
}
