import { and, asc, desc, eq, isNotNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notices, offTheRecords, pages, rituals, storePages } from '../../db/schema/index.ts';
import { TERMS_SLUGS } from '../content/page-service.ts';
import { listedProductDates } from '../store/product-service.ts';

export interface SitemapEntry {
  /** Site-relative, percent-encoded. */
  path: string;
  lastModified?: Date;
}

/** Public pages that exist whatever the data: the home page, the introduction and the lists. */
const FIXED_PATHS = ['/', '/about', '/notice', '/faq', '/explorer', '/explorer/program', '/explorer/selfcare'];

const later = (a: Date, b: Date): Date => (a > b ? a : b);

const pagePath = (slug: string): string =>
  (TERMS_SLUGS as readonly string[]).includes(slug) ? `/terms/${encodeURIComponent(slug)}` : `/pages/${encodeURIComponent(slug)}`;

/** The off-the-record list, dated by its newest record, and each readable record. */
function offTheRecordEntries(rows: Array<{ id: number; publishedAt: Date | null; updatedAt: Date }>): SitemapEntry[] {
  const records = rows.map(({ id, publishedAt, updatedAt }) => ({
    path: `/explorer/off-the-record/${id}`,
    lastModified: publishedAt ? later(publishedAt, updatedAt) : updatedAt,
  }));
  const newest = records.reduce<Date | undefined>((latest, { lastModified }) => (latest && latest > lastModified ? latest : lastModified), undefined);
  return [{ path: '/explorer/off-the-record', ...(newest ? { lastModified: newest } : {}) }, ...records];
}

/**
 * Every page a search engine may list: the fixed pages, each published notice (not drafts, not
 * scheduled ones), each published page (the terms under /terms), each published store page and
 * each published ritual and each product the shop lists.
 * One query per table; the notices' follows notices_list_idx, the pages' their slug indexes.
 */
export async function listSitemapEntries(db: Db, now = new Date()): Promise<SitemapEntry[]> {
  const [noticeRows, pageRows, storePageRows, ritualRows, recordRows, productRows] = await Promise.all([
    db
      .select({ id: notices.id, publishedAt: notices.publishedAt, updatedAt: notices.updatedAt })
      .from(notices)
      .where(and(isNotNull(notices.publishedAt), lte(notices.publishedAt, now)))
      .orderBy(desc(notices.isPinned), desc(notices.publishedAt), desc(notices.id)),
    db.select({ slug: pages.slug, updatedAt: pages.updatedAt }).from(pages).where(eq(pages.isPublished, true)).orderBy(asc(pages.slug)),
    db
      .select({ slug: storePages.slug, updatedAt: storePages.updatedAt })
      .from(storePages)
      .where(eq(storePages.isPublished, true))
      .orderBy(asc(storePages.slug)),
    db
      .select({ id: rituals.id, updatedAt: rituals.updatedAt })
      .from(rituals)
      .where(eq(rituals.isPublished, true))
      .orderBy(asc(rituals.type), asc(rituals.sortOrder), asc(rituals.id)),
    // Readable records, newest first along off_the_records_list_idx.
    db
      .select({ id: offTheRecords.id, publishedAt: offTheRecords.publishedAt, updatedAt: offTheRecords.updatedAt })
      .from(offTheRecords)
      .where(and(isNotNull(offTheRecords.publishedAt), lte(offTheRecords.publishedAt, now)))
      .orderBy(desc(offTheRecords.publishedAt), desc(offTheRecords.id)),
    listedProductDates(db),
  ]);

  // A notice edited before its scheduled day changed on the day it appeared.
  const noticeEntries = noticeRows.map(({ id, publishedAt, updatedAt }) => ({
    path: `/notice/${id}`,
    lastModified: publishedAt ? later(publishedAt, updatedAt) : updatedAt,
  }));
  const newestNotice = noticeEntries.reduce<Date | undefined>(
    (newest, { lastModified }) => (newest && newest > lastModified ? newest : lastModified),
    undefined,
  );
  const fixed = FIXED_PATHS.map((path): SitemapEntry => (path === '/notice' && newestNotice ? { path, lastModified: newestNotice } : { path }));
  return [
    ...fixed,
    ...noticeEntries,
    ...pageRows.map(({ slug, updatedAt }) => ({ path: pagePath(slug), lastModified: updatedAt })),
    ...storePageRows.map(({ slug, updatedAt }) => ({ path: `/explorer/selfcare/guide/${encodeURIComponent(slug)}`, lastModified: updatedAt })),
    ...ritualRows.map(({ id, updatedAt }) => ({ path: `/explorer/ritual/${id}`, lastModified: updatedAt })),
    ...offTheRecordEntries(recordRows),
    ...productRows.map(({ id, updatedAt }) => ({ path: `/explorer/selfcare/${id}`, lastModified: updatedAt })),
  ];
}
