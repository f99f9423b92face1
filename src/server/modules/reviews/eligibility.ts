import { and, asc, eq, inArray } from 'drizzle-orm';
import { reviewRefusal, reviewWaitOf } from '../../../lib/reviews.ts';
import type { ReviewWait, ReviewableLine, ReviewableType } from '../../../lib/reviews.ts';
import type { Db } from '../../db/client.ts';
import { orderItems, orders, productImages, reviews, ritualSessions, rituals } from '../../db/schema/index.ts';
import type { Order, OrderItem, User } from '../../db/schema/index.ts';

/** What the orders answer about each line: its review, and whether one may be written now. */
export interface ItemReviewState {
  reviewId: number | null;
  canReview: boolean;
  /** What a review not open yet waits for, so that the page can say when it opens. */
  opensAfter: ReviewWait | null;
}

function stateOf(line: ReviewableLine, now: Date): ItemReviewState {
  const refusal = reviewRefusal(line, now);
  return { reviewId: line.reviewId, canReview: refusal === null, opensAfter: reviewWaitOf(refusal) };
}

const lineColumns = {
  reviewId: reviews.id,
  ritualId: ritualSessions.ritualId,
  sessionEndsAt: ritualSessions.endsAt,
};

type LineExtras = { reviewId: number | null; ritualId: number | null; sessionEndsAt: Date | null };

function lineOf(item: OrderItem, orderStatus: string, extras: LineExtras): ReviewableLine {
  return {
    kind: item.kind,
    status: item.status,
    orderStatus,
    reviewableId: item.kind === 'product' ? item.productId : extras.ritualId,
    sessionEndsAt: extras.sessionEndsAt,
    reviewId: extras.reviewId,
  };
}

/**
 * The review state of every line of a list of orders: one query whatever the number of orders and
 * lines (reviews_order_item_idx and the sessions' primary key).
 */
export async function reviewStatesOf(db: Db, views: { order: Order; items: OrderItem[] }[], now = new Date()): Promise<Map<number, ItemReviewState>> {
  const ids = views.flatMap((view) => view.items.map((item) => item.id));
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: orderItems.id, ...lineColumns })
    .from(orderItems)
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .leftJoin(ritualSessions, eq(ritualSessions.id, orderItems.ritualSessionId))
    .where(inArray(orderItems.id, ids));
  const extras = new Map(rows.map((row) => [row.id, row]));
  const states = new Map<number, ItemReviewState>();
  for (const { order, items } of views) {
    for (const item of items) {
      const found = extras.get(item.id) ?? { reviewId: null, ritualId: null, sessionEndsAt: null };
      states.set(item.id, stateOf(lineOf(item, order.status, found), now));
    }
  }
  return states;
}

/**
 * The review state of the lines of an order paid a moment ago, without a query: a line gets a review
 * only once paid, so none has one yet, and the sessions it bought were read to take their seats.
 */
export function justPaidReviewStates(
  order: Order,
  items: OrderItem[],
  sessions: { id: number; ritualId: number | null; endsAt: Date }[],
  now = new Date(),
): Map<number, ItemReviewState> {
  const states = new Map<number, ItemReviewState>();
  for (const item of items) {
    const session = sessions.find((row) => row.id === item.ritualSessionId);
    const extras = { reviewId: null, ritualId: session?.ritualId ?? null, sessionEndsAt: session?.endsAt ?? null };
    states.set(item.id, stateOf(lineOf(item, order.status, extras), now));
  }
  return states;
}

export interface ReviewableItem {
  item: OrderItem;
  order: Order;
  /** What a review of this line is about: the product, or the ritual of the session. */
  reviewableType: ReviewableType;
  reviewableId: number | null;
  /** The Korean reason it cannot be reviewed now, or null. */
  refusal: string | null;
  reviewId: number | null;
  image: { url: string; alt: string } | null;
}

/**
 * One line of the member's own order with what a review of it needs; null for anyone else's. The
 * form's page also asks for a picture of it (the product's first, or the ritual's cover).
 */
export async function findReviewableItem(
  db: Db,
  user: Pick<User, 'id'>,
  orderItemId: number,
  { now = new Date(), withImage = false }: { now?: Date; withImage?: boolean } = {},
): Promise<ReviewableItem | null> {
  const [row] = await db
    .select({ item: orderItems, order: orders, ...lineColumns, ritualCover: rituals.coverImageUrl, ritualAlt: rituals.coverImageAlt })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .leftJoin(ritualSessions, eq(ritualSessions.id, orderItems.ritualSessionId))
    .leftJoin(rituals, eq(rituals.id, ritualSessions.ritualId))
    .where(and(eq(orderItems.id, orderItemId), eq(orders.userId, user.id)));
  if (!row) return null;
  const line = lineOf(row.item, row.order.status, row);
  let image = withImage && row.ritualCover ? { url: row.ritualCover, alt: row.ritualAlt ?? '' } : null;
  if (withImage && row.item.kind === 'product' && row.item.productId !== null) {
    const [picture] = await db
      .select({ url: productImages.url, alt: productImages.alt })
      .from(productImages)
      .where(eq(productImages.productId, row.item.productId))
      .orderBy(asc(productImages.sortOrder), asc(productImages.id))
      .limit(1);
    image = picture ?? null;
  }
  return {
    item: row.item,
    order: row.order,
    reviewableType: row.item.kind === 'product' ? 'product' : 'ritual',
    reviewableId: line.reviewableId,
    refusal: reviewRefusal(line, now),
    reviewId: row.reviewId,
    image,
  };
}

/**
 * The member's line of one session that they may review now (the latest, had they bought it more
 * than once), or null: the room's link to the review form after the session. The member's orders
 * come by orders_user_idx, their lines by order_items_order_idx.
 */
export async function reviewableSessionItem(db: Db, user: Pick<User, 'id'>, ritualSessionId: number, now = new Date()): Promise<number | null> {
  const rows = await db
    .select({ item: orderItems, orderStatus: orders.status, ...lineColumns })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .leftJoin(reviews, eq(reviews.orderItemId, orderItems.id))
    .leftJoin(ritualSessions, eq(ritualSessions.id, orderItems.ritualSessionId))
    .where(and(eq(orders.userId, user.id), eq(orderItems.ritualSessionId, ritualSessionId)))
    .orderBy(asc(orderItems.id));
  const open = rows.filter((row) => reviewRefusal(lineOf(row.item, row.orderStatus, row), now) === null);
  return open.at(-1)?.item.id ?? null;
}
