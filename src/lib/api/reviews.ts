import type { reviewResource } from '../../server/modules/reviews/resource.ts';
import type { ReviewCreateInput } from '../../server/modules/reviews/schema.ts';
import type { SendOptions } from './clients.ts';
import type { Answer } from './body.ts';
import { multipart } from './body.ts';
import { clientFor } from './clients.ts';

/** The form sends the rating as the chosen radio's text and at most one photo. */
export type ReviewDraft = Omit<ReviewCreateInput, 'photo_image' | 'rating'> & { rating: string; photo_image?: File | null };

/** Multipart; with a photo, `onProgress` follows it byte by byte. */
export async function createReview(draft: ReviewDraft, options: Pick<SendOptions, 'onProgress'> = {}): Promise<ReturnType<typeof reviewResource>> {
  const { data } = await clientFor(options).post<Answer<ReturnType<typeof reviewResource>>>('/api/reviews', multipart(draft));
  return data;
}

export const deleteReview = (reviewId: number): Promise<unknown> => clientFor().del(`/api/reviews/${reviewId}`);
