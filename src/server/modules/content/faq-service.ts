import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { faqCategories, faqs } from '../../db/schema/index.ts';
import type { FaqCategory } from '../../db/schema/index.ts';

export interface FaqItem {
  id: number;
  question: string;
  answerHtml: string;
  sortOrder: number;
  category: { id: number; name: string; slug: string };
}

/** Every category in display order; a handful of rows, so no index of their own is needed. */
export function listFaqCategories(db: Db): Promise<FaqCategory[]> {
  return db.select().from(faqCategories).orderBy(asc(faqCategories.sortOrder), asc(faqCategories.id));
}

export async function findFaqCategory(db: Db, by: { id: number } | { slug: string }): Promise<FaqCategory | null> {
  const [category] = await db
    .select()
    .from(faqCategories)
    .where('id' in by ? eq(faqCategories.id, by.id) : eq(faqCategories.slug, by.slug));
  return category ?? null;
}

/**
 * Published questions, by category order then their own; only those of `categoryId` when given
 * (faqs_category_order_idx serves that filter and its order).
 */
export async function listPublishedFaqs(db: Db, { categoryId }: { categoryId?: number } = {}): Promise<FaqItem[]> {
  const rows = await db
    .select({
      id: faqs.id,
      question: faqs.question,
      answerHtml: faqs.answerHtml,
      sortOrder: faqs.sortOrder,
      category: { id: faqCategories.id, name: faqCategories.name, slug: faqCategories.slug },
    })
    .from(faqs)
    .innerJoin(faqCategories, eq(faqCategories.id, faqs.faqCategoryId))
    .where(and(eq(faqs.isPublished, true), categoryId === undefined ? undefined : eq(faqs.faqCategoryId, categoryId)))
    .orderBy(asc(faqCategories.sortOrder), asc(faqCategories.id), asc(faqs.sortOrder), asc(faqs.id));
  return rows;
}
