import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import type { FaqCategory } from '../../db/schema/index.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../domain-errors.ts';
import { INT4_MAX } from '../../http/route-id.ts';
import { findFaqCategory, listFaqCategories, listPublishedFaqs } from './faq-service.ts';
import type { FaqItem } from './faq-service.ts';

const CATEGORY_ID_MESSAGE = 'faq_category_id는 1 이상의 정수여야 합니다.';
const CATEGORY_SLUG_MESSAGE = 'category는 영문 소문자, 숫자, 하이픈으로 된 분류 주소여야 합니다.';
const ONE_FILTER_MESSAGE = 'faq_category_id와 category 중 하나만 보내 주세요.';

export const FAQ_CATEGORY_NOT_FOUND = '자주 묻는 질문 분류를 찾을 수 없습니다.';

export const faqListQuery = z
  .object({
    faq_category_id: z.coerce
      .number({ error: CATEGORY_ID_MESSAGE })
      .int(CATEGORY_ID_MESSAGE)
      .min(1, CATEGORY_ID_MESSAGE)
      .max(INT4_MAX, CATEGORY_ID_MESSAGE)
      .optional(),
    category: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, CATEGORY_SLUG_MESSAGE)
      .max(100, CATEGORY_SLUG_MESSAGE)
      .optional(),
  })
  .refine((query) => query.faq_category_id === undefined || query.category === undefined, {
    message: ONE_FILTER_MESSAGE,
    path: ['category'],
  });

export const faqCategoryResource = (category: FaqCategory) => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
  sort_order: category.sortOrder,
});

export const faqResource = (faq: FaqItem) => ({
  id: faq.id,
  question: faq.question,
  answer_html: faq.answerHtml,
  sort_order: faq.sortOrder,
  faq_category_id: faq.category.id,
  faq_category: faq.category,
});

const CACHE = 'public, max-age=60';

export function faqRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/faq-categories', async (c) => {
      const categories = await listFaqCategories(db);
      c.header('Cache-Control', CACHE);
      return c.json({ data: categories.map(faqCategoryResource) });
    })
    .get('/api/faqs', async (c) => {
      const query = validateQuery(c, faqListQuery);
      let categoryId: number | undefined;
      if (query.faq_category_id !== undefined || query.category !== undefined) {
        const category = await findFaqCategory(
          db,
          query.faq_category_id !== undefined ? { id: query.faq_category_id } : { slug: query.category! },
        );
        if (!category) throw notFound(FAQ_CATEGORY_NOT_FOUND);
        categoryId = category.id;
      }
      const items = await listPublishedFaqs(db, categoryId === undefined ? {} : { categoryId });
      c.header('Cache-Control', CACHE);
      return c.json({ data: items.map(faqResource) });
    });
}
