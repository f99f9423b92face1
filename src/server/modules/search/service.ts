import { and, asc, desc, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { offTheRecords, rituals, searchGrams } from '../../db/schema/index.ts';
import type { SearchKind } from '../../db/schema/index.ts';
import { gramsOf, normaliseSearchText, SEARCH_GROUP_LABELS, searchWords } from '../../../lib/search.ts';
import type { SearchGroup, SearchResultItem, SearchResults } from '../../../lib/search.ts';
import { offTheRecordPath } from '../../../lib/off-the-record.ts';
import { excerptOf } from '../content/notice-service.ts';

/** Matches shown per kind; the total says how many there are. */
export const RESULTS_PER_KIND = 12;
/**
 * Items a gram lookup hands on to be checked, per kind: far more than people read, and a bound on
 * the rows the check reads whatever the query.
 */
const CANDIDATES_MAX = 300;
// Well under the 65,535 parameters of one statement at three a row.
const INSERT_CHUNK = 5_000;

const RITUAL_TYPE_OF = { ritual: 'monthly', program: 'one_day' } as const;
const KINDS: readonly SearchKind[] = ['ritual', 'program', 'off_the_record'];

export const ritualPath = (id: number): string => `/explorer/ritual/${id}`;

/** Stored HTML as the words a reader sees: tags gone, entities read. */
const plainText = (html: string): string => excerptOf(html, Number.POSITIVE_INFINITY);

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

type GramRow = typeof searchGrams.$inferInsert;

async function insertGrams(db: Db, rows: GramRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(searchGrams).values(rows.slice(start, start + INSERT_CHUNK)).onConflictDoNothing();
  }
}

const gramRows = (kind: SearchKind, itemId: number, texts: string[]): GramRow[] =>
  gramsOf(texts.join('\n')).map((gram) => ({ gram, kind, itemId }));

/** Replaces an item's grams with those of its texts (title, summary, body as plain text …). */
export async function indexSearchItem(db: Db, kind: SearchKind, itemId: number, texts: string[]): Promise<void> {
  await db.delete(searchGrams).where(and(eq(searchGrams.kind, kind), eq(searchGrams.itemId, itemId)));
  await insertGrams(db, gramRows(kind, itemId, texts));
}

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
 * The whole index anew: every published ritual (monthly as `ritual`, one-day as `program`) and
 * every dated record, scheduled ones included, since they become readable without a write (the
 * search checks the date when it reads).
 */
export async function rebuildSearchIndex(db: Db): Promise<void> {
  const [ritualRows, recordRows] = await Promise.all([
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
  ]);
  await db.delete(searchGrams);
  await insertGrams(db, [
    ...ritualRows.flatMap((ritual) => gramRows(ritual.type === 'monthly' ? 'ritual' : 'program', ritual.id, ritualTexts(ritual))),
    ...recordRows.flatMap((record) => gramRows('off_the_record', record.id, recordTexts(record))),
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

/**
 * The grams every match must hold. A word of one character next to longer words is left to the
 * check: its gram exists only where it stands alone, and Korean writes particles onto words.
 */
function lookupGrams(words: string[]): string[] {
  const grams = gramsOf(words.join(' '));
  return words.some((word) => [...word].length > 1) ? grams.filter((gram) => [...gram].length > 1) : grams;
}

/**
 * Items of one kind holding every gram, newest ids first: read from the primary key
 * (gram, kind, item_id) alone, each gram a range of it. No content table is read here.
 */
async function candidateIds(db: Db, kind: SearchKind, grams: string[]): Promise<number[]> {
  if (grams.length === 0) return [];
  const rows = await db
    .select({ itemId: searchGrams.itemId })
    .from(searchGrams)
    .where(and(inArray(searchGrams.gram, grams), eq(searchGrams.kind, kind)))
    .groupBy(searchGrams.itemId)
    .having(sql`count(*) = ${grams.length}`)
    .orderBy(desc(searchGrams.itemId))
    .limit(CANDIDATES_MAX);
  return rows.map((row) => row.itemId);
}

interface Candidate extends SearchResultItem {
  texts: string[];
}

/** The candidates still readable, with their texts, in the order their list shows them. */
async function readableCandidates(db: Db, kind: SearchKind, ids: number[], now: Date): Promise<Candidate[]> {
  if (ids.length === 0) return [];
  if (kind === 'off_the_record') {
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
  }
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
}

const resultItem = (
  row: { id: number; title: string; summary: string; coverImageUrl: string; coverImageAlt: string },
  url: string,
): SearchResultItem => ({ id: row.id, title: row.title, summary: row.summary, url, cover_image_url: row.coverImageUrl, cover_image_alt: row.coverImageAlt });

/** Grams only say the letters are there somewhere: the words themselves must be in the text. */
const holdsEvery = (texts: string[], words: string[]): boolean => {
  const text = normaliseSearchText(texts.join('\n'));
  return words.every((word) => text.includes(word));
};

async function matchesOf(db: Db, kind: SearchKind, words: string[], now: Date): Promise<SearchResultItem[]> {
  const candidates = await readableCandidates(db, kind, await candidateIds(db, kind, lookupGrams(words)), now);
  return candidates.filter((candidate) => holdsEvery(candidate.texts, words)).map(({ texts: _texts, ...item }) => item);
}

/**
 * The ids of one kind whose texts hold every word of `q`, in their list's order (for a list's
 * `?q=`): none for a blank query or one of a single character.
 */
export async function matchingIds(db: Db, kind: SearchKind, q: string, now = new Date()): Promise<number[]> {
  const { words, status } = parseSearchQuery(q);
  if (status !== 'ok') return [];
  return (await matchesOf(db, kind, words, now)).map((item) => item.id);
}

/** The explorer's search: monthly rituals, one-day programs and records holding every word of `q`, by kind. */
export async function searchExplorer(db: Db, q: string, now = new Date()): Promise<SearchResults> {
  const { query, words, status } = parseSearchQuery(q);
  if (status !== 'ok') return { query, status, groups: [] };
  const groups = await Promise.all(
    KINDS.map(async (kind): Promise<SearchGroup> => {
      const matches = await matchesOf(db, kind, words, now);
      return { kind, label: SEARCH_GROUP_LABELS[kind], total: matches.length, items: matches.slice(0, RESULTS_PER_KIND) };
    }),
  );
  return { query, status, groups };
}
