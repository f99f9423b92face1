import { atom } from 'nanostores';
import { createReview } from '../lib/api/reviews.ts';
import type { UploadProgress } from '../lib/api/clients.ts';
import type { ReviewableType, ReviewItem } from '../lib/reviews.ts';
import { outcomeWithPicture } from './form-submit.ts';
import type { PictureOutcome } from './form-submit.ts';

/** What the member wrote: the chosen star's text, the review, at most one photo. */
export interface ReviewComposition {
  rating: string;
  content: string;
  photo: File | null;
}

interface ReviewTarget {
  orderItemId: number;
  reviewableType: ReviewableType;
  reviewableId: number;
}

/**
 * /mypage/reviews/write: the review of one bought line, sent as multipart; with a photo,
 * `onProgress` follows it byte by byte. `$written` holds the review once the server took it.
 */
export function createReviewForm({ orderItemId, reviewableType, reviewableId }: ReviewTarget) {
  const $busy = atom(false);
  const $written = atom<ReviewItem | null>(null);

  const submit = async ({ rating, content, photo }: ReviewComposition, onProgress?: UploadProgress): Promise<PictureOutcome<ReviewItem> | null> => {
    if ($busy.get()) return null;
    $busy.set(true);
    const draft = { reviewable_type: reviewableType, reviewable_id: reviewableId, order_item_id: orderItemId, rating, content, photo_image: photo };
    try {
      const review = await createReview(draft, { onProgress: photo ? onProgress : undefined });
      $written.set(review);
      return { sent: review };
    } catch (error) {
      return outcomeWithPicture(error, photo !== null);
    } finally {
      $busy.set(false);
    }
  };

  return { $busy, $written, submit };
}
