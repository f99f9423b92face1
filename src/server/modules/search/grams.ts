import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { searchGrams } from '../../db/schema/index.ts';
import type { SearchKind } from '../../db/schema/index.ts';
import { gramsOf, normaliseSearchText } from '../../../lib/search.ts';
import { excerptOf } from '../content/notice-service.ts';

/**
 * Items a gram lookup hands on to be checked, per kind: far more than people read, and a bound on
 * the rows the check reads whatever the query.
 */
const CANDIDATES_MAX = 300;
// Well under the 65,535 parameters of one statement at three a row.
const INSERT_CHUNK = 5_000;

/** Stored HTML as the words a reader sees: tags gone, entities read. */
export const plainText = (html: string): string => excerptOf(html, Number.POSITIVE_INFINITY);

export type GramRow = typeof searchGrams.$inferInsert;

export async function insertGrams(db: Db, rows: GramRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await db.insert(searchGrams).values(rows.slice(start, start + INSERT_CHUNK)).onConflictDoNothing();
  }
}

export const gramRows = (kind: SearchKind, itemId: number, texts: string[]): GramRow[] =>
  gramsOf(texts.join('\n')).map((gram) => ({ gram, kind, itemId }));

/** Takes an item out of the index: deleted, hidden, or no longer for every searcher. */
export async function forgetSearchItem(db: Db, kind: SearchKind, itemId: number): Promise<void> {
  await db.delete(searchGrams).where(and(eq(searchGrams.kind, kind), eq(searchGrams.itemId, itemId)));
}

/** Replaces an item's grams with those of its texts (title, summary, body as plain text …). */
export async function indexSearchItem(db: Db, kind: SearchKind, itemId: number, texts: string[]): Promise<void> {
  await forgetSearchItem(db, kind, itemId);
  await insertGrams(db, gramRows(kind, itemId, texts));
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

/** Grams only say the letters are there somewhere: the words themselves must be in the text. */
const holdsEvery = (texts: string[], words: string[]): boolean => {
  const text = normaliseSearchText(texts.join('\n'));
  return words.every((word) => text.includes(word));
};

export interface KindReader<Row> {
  /** The candidates still readable by everyone, in the order their list shows them. */
  read: (db: Db, ids: number[], now: Date) => Promise<Row[]>;
  /** The texts a searcher may match the row by, as it is now (not as it was indexed). */
  texts: (row: Row) => string[];
}

/** The readable rows of one kind whose texts hold every word. */
export async function matchingRows<Row>(db: Db, kind: SearchKind, reader: KindReader<Row>, words: string[], now: Date): Promise<Row[]> {
  const ids = await candidateIds(db, kind, lookupGrams(words));
  if (ids.length === 0) return [];
  const rows = await reader.read(db, ids, now);
  return rows.filter((row) => holdsEvery(reader.texts(row), words));
}
