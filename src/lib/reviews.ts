/**
 * Reviews as the API answers them (SPEC section 3 "Review"; API-CONVENTIONS.md "Reviews"): one
 * type, written by src/server/modules/reviews/resource.ts and read by the pages alike.
 */

export type ReviewableType = 'product' | 'ritual';

export interface ReviewItem {
  id: number;
  /** 1 to 5; drawn as 20 % of the bar's width a star. */
  rating: number;
  masked_nickname: string;
  created_at: string;
  /** Sanitised HTML, rendered as it is. */
  content: string;
  photo_image: string | null;
}

export interface ReviewSummary {
  count: number;
  /** One decimal; 0 while there is no review. */
  average: number;
  photo_count: number;
}

export const STAR_PERCENT = 20;

/**
 * `리추얼러` → `리**러`: the first and last characters kept, so that a member recognises their own
 * review and nobody else learns who wrote it. Counted in characters, not UTF-16 units.
 */
export function maskNickname(nickname: string): string {
  const characters = [...nickname];
  if (characters.length <= 1) return '*';
  if (characters.length === 2) return `${characters[0]}*`;
  return `${characters[0]}${'*'.repeat(characters.length - 2)}${characters.at(-1)}`;
}
