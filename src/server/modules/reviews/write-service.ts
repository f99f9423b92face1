import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { REVIEW_CONTENT_MAX, REVIEW_CONTENT_MIN, REVIEW_REFUSALS } from '../../../lib/reviews.ts';
import { reencodeAsWebp } from '../../adapters/images/reencode.ts';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { reviews } from '../../db/schema/index.ts';
import type { User } from '../../db/schema/index.ts';
import { forbidden, invalidInput, notFound } from '../../domain-errors.ts';
import { REVIEW_TAGS, plainTextOf, sanitizeMemberHtml } from '../../html/sanitize.ts';
import { findReviewableItem } from './eligibility.ts';
import { REVIEW_MESSAGES } from './schema.ts';
import type { ReviewCreateInput } from './schema.ts';

const PHOTO_MAX_SIDE = 1600;

// An editor's HTML comes in blocks; text with an odd tag in it is what a person typed, kept as typed.
const EDITOR_HTML = /^\s*<(p|ul|ol|blockquote)[\s>]/i;

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The stored HTML of a review's text: a textarea's plain text as paragraphs (a blank line between
 * two) with its line breaks, or an editor's HTML from another client through the allow-list. Its
 * length is judged on the words a reader sees.
 */
export function reviewContentHtml(content: string): string {
  const text = content.replace(/\r\n?/g, '\n').trim();
  const html = EDITOR_HTML.test(text)
    ? sanitizeMemberHtml(text, { tags: REVIEW_TAGS })
    : text
        .split(/\n{2,}/)
        .map((paragraph) => `<p>${escapeText(paragraph.trim()).replace(/\n/g, '<br>')}</p>`)
        .join('');
  const words = plainTextOf(html);
  if ([...words].length < REVIEW_CONTENT_MIN) throw invalidInput({ content: [REVIEW_MESSAGES.content] });
  if ([...words].length > REVIEW_CONTENT_MAX) throw invalidInput({ content: [REVIEW_MESSAGES.contentTooLong] });
  return html;
}

/** The photo as a WebP of at most 1600 px a side, stored; its key, to take it back if the review is not. */
async function storePhoto(storage: FileStorage, userId: number, file: File): Promise<{ key: string; url: string }> {
  const image = await reencodeAsWebp(new Uint8Array(await file.arrayBuffer()), { kind: 'inside', maxSide: PHOTO_MAX_SIDE });
  if (!image) throw invalidInput({ photo_image: [REVIEW_MESSAGES.photoNotImage] });
  const key = `reviews/${userId}-${randomBytes(8).toString('hex')}.webp`;
  return { key, url: await storage.put(key, image.bytes, 'image/webp') };
}

/**
 * POST /api/reviews: the member's own paid line, what it bought named as the form says, once. Every
 * check runs before the photo is stored; a review lost to a concurrent one (the unique index on the
 * line) takes its photo back.
 */
export async function createReview(db: Db, storage: FileStorage, user: Pick<User, 'id'>, input: ReviewCreateInput, now = new Date()): Promise<number> {
  const found = await findReviewableItem(db, user, input.order_item_id, { now });
  if (!found) throw invalidInput({ order_item_id: [REVIEW_MESSAGES.orderItemId] });
  if (found.refusal) throw invalidInput({ order_item_id: [found.refusal] });
  if (found.reviewableType !== input.reviewable_type || found.reviewableId !== input.reviewable_id) {
    throw invalidInput({ reviewable_id: [REVIEW_MESSAGES.mismatch] });
  }
  const contentHtml = reviewContentHtml(input.content);
  const file = input.photo_image?.[0];
  const photo = file ? await storePhoto(storage, user.id, file) : null;
  try {
    const [row] = await db
      .insert(reviews)
      .values({
        userId: user.id,
        reviewableType: found.reviewableType,
        reviewableId: input.reviewable_id,
        orderItemId: found.item.id,
        rating: input.rating,
        contentHtml,
        photoImageUrl: photo?.url ?? null,
      })
      .onConflictDoNothing({ target: reviews.orderItemId })
      .returning({ id: reviews.id });
    if (!row) throw invalidInput({ order_item_id: [REVIEW_REFUSALS.reviewed] });
    return row.id;
  } catch (error) {
    if (photo) await storage.delete(photo.key);
    throw error;
  }
}

/**
 * POST /api/reviews/{id} with `_method` DELETE: by its writer only. Answers the photo's address,
 * for the caller to remove from storage once the row is gone.
 */
export async function deleteReview(db: Db, user: Pick<User, 'id'>, id: number): Promise<string | null> {
  const [review] = await db.select({ userId: reviews.userId, photo: reviews.photoImageUrl }).from(reviews).where(eq(reviews.id, id));
  if (!review) throw notFound(REVIEW_MESSAGES.notFound);
  if (review.userId !== user.id) throw forbidden(REVIEW_MESSAGES.notAuthor);
  await db.delete(reviews).where(eq(reviews.id, id));
  return review.photo;
}
