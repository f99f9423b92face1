import { and, asc, desc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offTheRecords, rituals, searchGrams } from '../../db/schema/index.ts';
import type { SearchKind } from '../../db/schema/index.ts';
import { normaliseSearchText, SEARCH_GROUP_LABELS, searchWords } from '../../../lib/search.ts';
import type { ExplorerKind, SearchGroup, SearchResultItem, SearchResults } from '../../../lib/search.ts';
import { offTheRecordPath } from '../../../lib/off-the-record.ts';
import type { Reader } from '../models/reader.ts';
import { gramRows, insertGrams, matchingRows, plainText } from './grams.ts';
import type { KindReader } from './grams.ts';
import { productGramRows, productMatches, searchProducts } from './products.ts';
import { searchSquarePosts, squarePostGramRows, squarePostMatches } from './square-posts.ts';

export { indexSearchItem } from './grams.ts';

/** Matches shown per kind; the total says how many there are. */
export const RESULTS_PER_KIND = 12;

const RITUAL_TYPE_OF = { ritual: 'monthly', program: 'one_day' } as const;
const EXPLORER_KINDS: readonly ExplorerKind[] = ['ritual', 'program', 'off_the_record'];
const GUEST: Reader = { userId: null, sessionId: null };

export const ritualPath = (id: number): string => `/explorer/ritual/${id}`;

const ritualTexts = (ritual: { title: string; summary: string; descriptionHtml: string; howItGoesHtml: string; hostName: string }): string[] => [
  ritual.title,
  ritual.summary,
  plainText(ritual.descriptionHtml),
  plainText(ritual.howItGoesHtml),
  ritual.hostName,
];

const recordTexts = (record: { title: string; summary: string; contentHtml: string; authorName: string }): string[] => [
  record.title,
  record.summary,
  plainText(record.contentHtml),
  record.authorName,
];

/** A ritual's grams after the console changes it: published ones are found, others are not. */
export async function indexRitual(db: Db, ritual: typeof rituals.$inferSelect): Promise<void> {
  const kind = ritual.type === 'monthly' ? 'ritual' : 'program';
  // A ritual whose type changed leaves its grams under the other kind.
  await db.delete(searchGrams).where(and(inArray(searchGrams.kind, ['ritual', 'program']), eq(searchGrams.itemId, ritual.id)));
  if (ritual.isPublished) await insertGrams(db, gramRows(kind, ritual.id, ritualTexts(ritual)));
}

/** A record's grams after the console changes it: dated ones are indexed, scheduled ones included (as the rebuild does). */
export async function indexOffTheRecord(db: Db, record: typeof offTheRecords.$inferSelect): Promise<void> {
  await db.delete(searchGrams).where(and(eq(searchGrams.kind, 'off_the_record'), eq(searchGrams.itemId, record.id)));
  if (record.publishedAt) await insertGrams(db, gramRows('off_the_record', record.id, recordTexts(record)));
}

/**
 * The whole index anew: every published ritual (monthly as `ritual`, one-day as `program`), every
 * dated record, scheduled ones included, since they become readable without a write (the search
 * checks the date when it reads), the shop's products and the square's posts open to everyone.
 */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  const [ritualRows, recordRows, productRows, postRows] = await Promise.all([
    db
      .select({
        id: rituals.id,
        type: rituals.type,
        title: rituals.title,
        summary: rituals.summary,
        descriptionHtml: rituals.descriptionHtml,
        howItGoesHtml: rituals.howItGoesHtml,
        hostName: rituals.hostName,
      })
      .from(rituals)
      .where(eq(rituals.isPublished, true)),
    db
      .select({ id: offTheRecords.id, title: offTheRecords.title, summary: offTheRecords.summary, contentHtml: offTheRecords.contentHtml, authorName: offTheRecords.authorName })
      .from(offTheRecords)
      .where(isNotNull(offTheRecords.publishedAt)),
    productGramRows(db),
    squarePostGramRows(db),
  ]);
  await db.delete(searchGrams);
  await insertGrams(db, [
    ...ritualRows.flatMap((ritual) => gramRows(ritual.type === 'monthly' ? 'ritual' : 'program', ritual.id, ritualTexts(ritual))),
    ...recordRows.flatMap((record) => gramRows('off_the_record', record.id, recordTexts(record))),
    ...productRows,
    ...postRows,
  ]);
}

/** A query as the search reads it: its words, and whether they are enough to look up. */
export function parseSearchQuery(q: string): { query: string; words: string[]; status: SearchResults['status'] } {
  const query = normaliseSearchText(q);
  const words = searchWords(query);
  if (query === '') return { query, words, status: 'blank' };
  // One character has no gram of two; the index keeps one only for a word of one character.
  if (words.length > 0 && [...words.join('')].length < 2) return { query, words, status: 'too_short' };
  return { query, words, status: 'ok' };
}

type ExplorerRow = SearchResultItem & { texts: string[] };

const resultItem = (
  row: { id: number; title: string; summary: string; coverImageUrl: string; coverImageAlt: string },
  url: string,
): SearchResultItem => ({ id: row.id, title: row.title, summary: row.summary, url, cover_image_url: row.coverImageUrl, cover_image_alt: row.coverImageAlt });

const recordsReader: KindReader<ExplorerRow> = {
  read: async (db, ids, now) => {
    const rows = await db
      .select({
        id: offTheRecords.id,
        title: offTheRecords.title,
        summary: offTheRecords.summary,
        contentHtml: offTheRecords.contentHtml,
        authorName: offTheRecords.authorName,
        coverImageUrl: offTheRecords.coverImageUrl,
        coverImageAlt: offTheRecords.coverImageAlt,
      })
      .from(offTheRecords)
      .where(and(inArray(offTheRecords.id, ids), isNotNull(offTheRecords.publishedAt), lte(offTheRecords.publishedAt, now)))
      .orderBy(desc(offTheRecords.publishedAt), desc(offTheRecords.id));
    return rows.map((row) => ({ ...resultItem(row, offTheRecordPath(row.id)), texts: recordTexts(row) }));
  },
  texts: (row) => row.texts,
};

const ritualsReader = (kind: 'ritual' | 'program'): KindReader<ExplorerRow> => ({
  read: async (db, ids) => {
    const rows = await db
      .select({
        id: rituals.id,
        title: rituals.title,
        summary: rituals.summary,
        descriptionHtml: rituals.descriptionHtml,
        howItGoesHtml: rituals.howItGoesHtml,
        hostName: rituals.hostName,
        coverImageUrl: rituals.coverImageUrl,
        coverImageAlt: rituals.coverImageAlt,
      })
      .from(rituals)
      .where(and(inArray(rituals.id, ids), eq(rituals.type, RITUAL_TYPE_OF[kind]), eq(rituals.isPublished, true)))
      .orderBy(asc(rituals.sortOrder), asc(rituals.id));
    return rows.map((row) => ({ ...resultItem(row, ritualPath(row.id)), texts: ritualTexts(row) }));
  },
  texts: (row) => row.texts,
});

const EXPLORER_READERS: Record<ExplorerKind, KindReader<ExplorerRow>> = {
  ritual: ritualsReader('ritual'),
  program: ritualsReader('program'),
  off_the_record: recordsReader,
};

const explorerMatches = (db: Db, kind: ExplorerKind, words: string[], now: Date): Promise<ExplorerRow[]> =>
  matchingRows(db, kind, EXPLORER_READERS[kind], words, now);

const MATCHES: Record<SearchKind, (db: Db, words: string[], now: Date) => Promise<{ id: number }[]>> = {
  ritual: (db, words, now) => explorerMatches(db, 'ritual', words, now),
  program: (db, words, now) => explorerMatches(db, 'program', words, now),
  off_the_record: (db, words, now) => explorerMatches(db, 'off_the_record', words, now),
  product: productMatches,
  square_post: squarePostMatches,
};

/**
 * The ids of one kind whose texts hold every word of `q`, in their list's order (for a list's
 * `?q=`): none for a blank query or one of a single character.
 */
export async function matchingIds(db: Db, kind: SearchKind, q: string, now = new Date()): Promise<number[]> {
  const { words, status } = parseSearchQuery(q);
  if (status !== 'ok') return [];
  return (await MATCHES[kind](db, words, now)).map((item) => item.id);
}

/**
 * The site's search: monthly rituals, one-day programs, records, the shop's products and the
 * square's posts holding every word of `q`, by kind, each as its own lists show it to `reader`.
 */
export async function searchExplorer(db: Db, q: string, reader: Reader = GUEST, now = new Date()): Promise<SearchResults> {
  const { query, words, status } = parseSearchQuery(q);
  if (status !== 'ok') return { query, status, groups: [] };
  const explorer = EXPLORER_KINDS.map(async (kind): Promise<SearchGroup> => {
    const matches = await explorerMatches(db, kind, words, now);
    return { kind, label: SEARCH_GROUP_LABELS[kind], total: matches.length, items: matches.slice(0, RESULTS_PER_KIND).map(({ texts: _texts, ...item }) => item) };
  });
  const shop = searchProducts(db, words, RESULTS_PER_KIND, now).then((found): SearchGroup => ({ kind: 'product', label: SEARCH_GROUP_LABELS.product, ...found }));
  const square = searchSquarePosts(db, reader, words, RESULTS_PER_KIND, now).then(
    (found): SearchGroup => ({ kind: 'square_post', label: SEARCH_GROUP_LABELS.square_post, ...found }),
  );
  return { query, status, groups: await Promise.all([...explorer, shop, square]) };
}
