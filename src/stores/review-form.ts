import { atom } from 'nanostores';
import { isApiError } from '../lib/api-errors.ts';
import { createReview } from '../lib/api/reviews.ts';
import type { UploadProgress } from '../lib/api/clients.ts';
import type { ReviewableType, ReviewItem } from '../lib/reviews.ts';
import { outcomeOfFailure } from './form-submit.ts';
import type { SubmitOutcome } from './form-submit.ts';

/** What the member wrote: the chosen star's text, the review, at most one photo. */
export interface ReviewComposition {
  rating: string;
  content: string;
  photo: File | null;
}

/** The photo did not get there (anything but a 422): the photo says so beside itself, with 다시 시도. */
export type ReviewOutcome = SubmitOutcome<ReviewItem> | { photoFailure: unknown };

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

  const submit = async ({ rating, content, photo }: ReviewComposition, onProgress?: UploadProgress): Promise<ReviewOutcome | null> => {
    if ($busy.get()) return null;
    $busy.set(true);
    const draft = { reviewable_type: reviewableType, reviewable_id: reviewableId, order_item_id: orderItemId, rating, content, photo_image: photo };
    try {
      const review = await createReview(draft, { onProgress: photo ? onProgress : undefined });
      $written.set(review);
      return { sent: review };
    } catch (error) {
      return photo && !(isApiError(error) && error.status === 422) ? { photoFailure: error } : outcomeOfFailure(error);
    } finally {
      $busy.set(false);
    }
  };

  return { $busy, $written, submit };
}
