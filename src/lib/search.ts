/**
 * The site's search, the parts both sides share: how a text is cut into the grams that
 * `search_grams` holds, and the results as the API and the page read them.
 */
import type { SquarePostItem } from './square.ts';
import type { ProductItem } from './store.ts';

/** A longer query is refused by the API and cut by the page: nobody searches with a paragraph. */
export const SEARCH_QUERY_MAX = 50;

/** The same text however it was typed: NFKC (full-width letters, compatibility jamo), lower case, one space. */
export const normaliseSearchText = (text: string): string => text.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** The words of a normalised text: letters and digits, split at everything else (punctuation, symbols, NUL). */
export const searchWords = (text: string): string[] => normaliseSearchText(text).split(/[^\p{L}\p{N}]+/u).filter((word) => word.length > 0);

/**
 * Every two-character gram inside each word, and a word of one character as itself. Korean
 * writes particles onto words (명상을, 명상은), so a two-syllable query must find the gram
 * anywhere inside a word, not only whole words. Characters are code points, not UTF-16 units.
 */
export function gramsOf(text: string): string[] {
  const grams = new Set<string>();
  for (const word of searchWords(text)) {
    const chars = [...word];
    if (chars.length === 1) grams.add(word);
    for (let index = 0; index + 1 < chars.length; index += 1) grams.add(chars[index]! + chars[index + 1]!);
  }
  return [...grams];
}

/** The explorer's own kinds, found as title, summary and cover. */
export type ExplorerKind = 'ritual' | 'program' | 'off_the_record';
export type SearchGroupKind = ExplorerKind | 'product' | 'square_post';

/** The names the site's menus already give these places. */
export const SEARCH_GROUP_LABELS: Record<SearchGroupKind, string> = {
  ritual: '월간 리추얼',
  program: '원데이 프로그램',
  off_the_record: '오프더레코드',
  product: '툴샵',
  square_post: '콘텐츠 광장',
};

export interface SearchResultItem {
  id: number;
  title: string;
  summary: string;
  url: string;
  cover_image_url: string;
  cover_image_alt: string;
}

interface GroupOf<K extends SearchGroupKind, T> {
  kind: K;
  label: string;
  /** Every match, while `items` stops at the cap per kind. */
  total: number;
  items: T[];
}

/** A group's items are the cards its own lists show: the shop's products, the square's posts. */
export type SearchGroup = GroupOf<ExplorerKind, SearchResultItem> | GroupOf<'product', ProductItem> | GroupOf<'square_post', SquarePostItem>;

export interface SearchResults {
  query: string;
  /** `blank`: nothing asked. `too_short`: one character, which the index cannot look up on its own. */
  status: 'ok' | 'blank' | 'too_short';
  groups: SearchGroup[];
}
