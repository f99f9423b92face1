import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { pages, storePages } from '../../db/schema/index.ts';
import type { Page, StorePage } from '../../db/schema/index.ts';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MAX = 100;

/** Whether a path segment can be a slug at all; anything else is answered as not found. */
export const isSlug = (value: string | undefined): value is string =>
  value !== undefined && value.length <= SLUG_MAX && SLUG.test(value);

/** The terms are the pages with these slugs, shown under /terms/{slug}. */
export const TERMS_SLUGS = ['policy', 'privacy'] as const;
export type TermsSlug = (typeof TERMS_SLUGS)[number];
export const isTermsSlug = (slug: string): slug is TermsSlug => (TERMS_SLUGS as readonly string[]).includes(slug);

/** A published page by slug; null for an unknown or unpublished one. */
export async function findPublishedPage(db: Db, slug: string): Promise<Page | null> {
  if (!isSlug(slug)) return null;
  const [page] = await db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.isPublished, true)));
  return page ?? null;
}

/** A published store page by slug; null for an unknown or unpublished one. */
export async function findPublishedStorePage(db: Db, slug: string): Promise<StorePage | null> {
  if (!isSlug(slug)) return null;
  const [page] = await db
    .select()
    .from(storePages)
    .where(and(eq(storePages.slug, slug), eq(storePages.isPublished, true)));
  return page ?? null;
}
