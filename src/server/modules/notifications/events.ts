// Who hears about what. Each function runs inside the transaction of the action it reports, so a
// comment or reaction and its notification are written (or rolled back) together.
import { and, eq, inArray } from 'drizzle-orm';
import type { SQLWrapper } from 'drizzle-orm';
import { MEMBER_EXPORT_PATH, MEMBER_EXPORT_TITLE } from '../../../lib/member-export.ts';
import { myOrderPath } from '../../../lib/orders.ts';
import type { Db } from '../../db/client.ts';
import { comments, notifications } from '../../db/schema/index.ts';
import type { NewNotification, NotificationData, NotificationSource, NotificationTarget, ReactionType } from '../../db/schema/index.ts';
import type { ModelSubject } from '../models/kind.ts';
import { noteStoredNotifications } from '../push/stored-notifications.ts';

/** Where a notification leads: the thing's title and the ids the client builds the link from. */
export type NotificationPlace = Pick<ModelSubject, 'title' | 'squarePostCategorySlug' | 'ritualSessionId' | 'ritualSessionThreadId'> & {
  /** The square or room post's id; null when the thread's id says where (ritualSessionThreadId). */
  id: number | null;
  /** A ready link, when the emitter has one; the client builds square and room links itself. */
  link?: string | null;
};

const dataOf = (place: NotificationPlace, target: NotificationTarget, reactionType: ReactionType | null = null): NotificationData => ({
  title: place.title,
  link: place.link ?? null,
  target,
  reaction_type: reactionType,
  ritual_session_id: place.ritualSessionId,
  ritual_session_thread_id: place.ritualSessionThreadId,
  square_post_category_slug: place.squarePostCategorySlug,
  id: place.id,
});

/** Stores the rows and notes their ids for the request's push (modules/push/notification-push.ts), sent after it answers. */
async function insertAll(tx: Db, rows: NewNotification[]): Promise<void> {
  if (rows.length === 0) return;
  const stored = await tx.insert(notifications).values(rows).returning({ id: notifications.id });
  noteStoredNotifications(stored.map((row) => row.id));
}

export interface CommentEvent {
  id: number;
  /** The author. */
  userId: number;
  /** The thing commented on, as its kind's `subject` read it in this transaction; null when it is gone. */
  subject: ModelSubject | null;
  /** As stored: the author's name and picture stay out of the notification too. */
  isAnonymous: boolean;
  /** The comment the member answered (a reply to a reply answers that reply's author), if any. */
  repliedToId: number | null;
}

/**
 * A new comment tells the thing's owner (`comment_on_post`); a reply also tells the author of the
 * comment it answers (`reply_to_comment`), and the owner then only once. Nobody hears of their own.
 */
export async function notifyComment(tx: Db, comment: CommentEvent): Promise<void> {
  const { subject } = comment;
  if (!subject) return;
  let answeredId: number | null = null;
  if (comment.repliedToId !== null) {
    const [answered] = await tx.select({ userId: comments.userId }).from(comments).where(eq(comments.id, comment.repliedToId));
    answeredId = answered?.userId ?? null;
  }
  const base = { actorId: comment.userId, isAnonymous: comment.isAnonymous, sourceType: 'comment' as const, sourceId: comment.id };
  const rows: NewNotification[] = [];
  if (answeredId !== null && answeredId !== comment.userId) {
    rows.push({ ...base, userId: answeredId, type: 'reply_to_comment', data: dataOf(subject, 'comment') });
  }
  if (subject.ownerId !== null && subject.ownerId !== comment.userId && subject.ownerId !== answeredId) {
    rows.push({ ...base, userId: subject.ownerId, type: 'comment_on_post', data: dataOf(subject, 'post') });
  }
  await insertAll(tx, rows);
}

export interface ReactionEvent {
  id: number;
  userId: number;
  /** The thing reacted to, as its kind's `subject` read it in this transaction; null when it is gone. */
  subject: ModelSubject | null;
  reactionType: ReactionType;
}

/** A reaction tells the thing's owner; on an anonymous post the reactor stays anonymous too, as everything there does. */
export async function notifyReaction(tx: Db, reaction: ReactionEvent): Promise<void> {
  const { subject } = reaction;
  if (!subject || subject.ownerId === null || subject.ownerId === reaction.userId) return;
  await insertAll(tx, [
    {
      userId: subject.ownerId,
      type: 'reaction_on_post',
      actorId: reaction.userId,
      isAnonymous: subject.isAnonymous,
      sourceType: 'reaction',
      sourceId: reaction.id,
      data: dataOf(subject, 'post', reaction.reactionType),
    },
  ]);
}

/** The cause is gone (a deleted comment, a withdrawn reaction, a removed post's rows): so is what it said. */
export async function withdrawNotifications(tx: Db, sourceType: NotificationSource, sourceIds: readonly number[] | SQLWrapper): Promise<void> {
  if (Array.isArray(sourceIds) && sourceIds.length === 0) return;
  await tx
    .delete(notifications)
    .where(and(eq(notifications.sourceType, sourceType), inArray(notifications.sourceId, sourceIds as number[] | SQLWrapper)));
}

export interface MentionEvent {
  /** The members named with @ in the comment; the author and repeats are left out here. */
  mentionedUserIds: readonly number[];
  comment: { id: number; userId: number; isAnonymous: boolean };
  /** The room post or thread the comment is on, e.g. its model kind's `subject`. */
  place: NotificationPlace;
}

/**
 * Mentions in a comment (the rooms call this after `notifyComment`, in the same transaction).
 * A mention is the more telling message, so it replaces a comment or reply notification of the
 * same comment to the same member. Deleting the comment withdraws them like any other.
 */
export async function notifyMention(tx: Db, mention: MentionEvent): Promise<void> {
  const recipients = [...new Set(mention.mentionedUserIds)].filter((id) => id !== mention.comment.userId);
  if (recipients.length === 0) return;
  await tx
    .delete(notifications)
    .where(
      and(eq(notifications.sourceType, 'comment'), eq(notifications.sourceId, mention.comment.id), inArray(notifications.userId, recipients)),
    );
  await insertAll(
    tx,
    recipients.map((userId) => ({
      userId,
      type: 'mention' as const,
      actorId: mention.comment.userId,
      isAnonymous: mention.comment.isAnonymous,
      sourceType: 'comment' as const,
      sourceId: mention.comment.id,
      data: dataOf(mention.place, 'post'),
    })),
  );
}

export interface CouponEvent {
  /** The member who got the coupon. */
  userId: number;
  /** The member's coupon (its row id), so revoking it can withdraw the notification. */
  couponId: number;
  /** The coupon's name: the notification's second line. */
  name: string;
  link?: string | null;
}

/** Coupons given to members (the coupons service calls this in the transaction that gives them); no actor. */
export async function notifyCoupons(tx: Db, given: CouponEvent[]): Promise<void> {
  await insertAll(
    tx,
    given.map((coupon) => ({
      userId: coupon.userId,
      type: 'coupon' as const,
      actorId: null,
      sourceType: 'coupon' as const,
      sourceId: coupon.couponId,
      data: {
        title: coupon.name,
        link: coupon.link ?? null,
        target: 'coupon' as const,
        reaction_type: null,
        ritual_session_id: null,
        ritual_session_thread_id: null,
        square_post_category_slug: null,
        id: null,
      },
    })),
  );
}

export interface InquiryAnswerEvent {
  userId: number;
  inquiryId: number;
  /** The inquiry's title: the notification's second line. */
  title: string;
}

/**
 * The team answered a member's inquiry; no actor (the team, not a person, answers). There is no
 * `inquiry` target: `post` is the nearest, and the link says where to go.
 */
export async function notifyInquiryAnswer(tx: Db, answer: InquiryAnswerEvent): Promise<void> {
  await insertAll(tx, [
    {
      userId: answer.userId,
      type: 'inquiry_answer',
      actorId: null,
      sourceType: 'inquiry',
      sourceId: answer.inquiryId,
      data: {
        title: answer.title,
        link: `/inquiry/${answer.inquiryId}`,
        target: 'post',
        reaction_type: null,
        ritual_session_id: null,
        ritual_session_thread_id: null,
        square_post_category_slug: null,
        id: null,
      },
    },
  ]);
}

/** The member's export is ready to download (마이페이지 → 내 기록 내보내기). */
export async function notifyExportReady(tx: Db, ready: { userId: number; exportId: number }): Promise<void> {
  await insertAll(tx, [
    {
      userId: ready.userId,
      type: 'export_ready',
      actorId: null,
      sourceType: 'export',
      sourceId: ready.exportId,
      data: {
        title: MEMBER_EXPORT_TITLE,
        link: MEMBER_EXPORT_PATH,
        target: 'post',
        reaction_type: null,
        ritual_session_id: null,
        ritual_session_thread_id: null,
        square_post_category_slug: null,
        id: null,
      },
    },
  ]);
}

export interface OrderPaidEvent {
  orderId: number;
  userId: number;
  /** The order's title (하루 한 줄 5년 다이어리 외 1건): the notification's second line. */
  title: string;
}

/**
 * The member's payment went through. The row only: the checkout writes it in the statement that
 * marks the order paid, so an order confirmed twice is told once. No actor; like the inquiry
 * answer, `post` is the nearest target and the link says where to go.
 */
export const orderPaidNotification = (paid: OrderPaidEvent): NewNotification => ({
  userId: paid.userId,
  type: 'order_paid',
  actorId: null,
  sourceType: 'order',
  sourceId: paid.orderId,
  data: {
    title: paid.title,
    link: myOrderPath(paid.orderId),
    target: 'post',
    reaction_type: null,
    ritual_session_id: null,
    ritual_session_thread_id: null,
    square_post_category_slug: null,
    id: null,
  },
});
