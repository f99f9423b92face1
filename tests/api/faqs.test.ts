import { beforeEach, describe, expect, it } from 'vitest';
import { faqCategories, faqs } from '../../src/server/db/schema/index.ts';
import { seedFaqs } from '../../src/server/db/seed/faqs.ts';
import { sanitizeStaffHtml } from '../../src/server/html/sanitize.ts';
import { createTestApp } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const client = () => createTestApp(db()).client();

beforeEach(async () => {
  await db().delete(faqs);
  await db().delete(faqCategories);
});

/** Two categories inserted out of display order, with questions out of order and one hidden. */
async function insertFaqs() {
  const [account, ritual] = await db()
    .insert(faqCategories)
    .values([
      { name: '계정', slug: 'account', sortOrder: 20 },
      { name: '리추얼', slug: 'ritual', sortOrder: 10 },
    ])
    .returning();
  await db()
    .insert(faqs)
    .values([
      { faqCategoryId: account!.id, question: '비밀번호를 잊었어요.', answerHtml: '<p>재설정해 주세요.</p>', sortOrder: 1 },
      { faqCategoryId: ritual!.id, question: '인증은 언제까지 하나요?', answerHtml: '<p>자정까지예요.</p>', sortOrder: 2 },
      { faqCategoryId: ritual!.id, question: '리추얼은 어떻게 참여하나요?', answerHtml: '<p>신청해 주세요.</p>', sortOrder: 1 },
      { faqCategoryId: ritual!.id, question: '숨긴 질문', answerHtml: '<p>비공개</p>', sortOrder: 0, isPublished: false },
    ]);
  return { account: account!, ritual: ritual! };
}

const questions = (body: { data: Array<{ question: string }> }) => body.data.map((faq) => faq.question);

describe('GET /api/faq-categories', () => {
  it('lists the categories in display order', async () => {
    const { account, ritual } = await insertFaqs();
    const res = await client().get('/api/faq-categories');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    expect(res.body).toEqual({
      data: [
        { id: ritual.id, name: '리추얼', slug: 'ritual', sort_order: 10 },
        { id: account.id, name: '계정', slug: 'account', sort_order: 20 },
      ],
    });
  });

  it('answers an empty list when there are none', async () => {
    expect((await client().get('/api/faq-categories')).body).toEqual({ data: [] });
  });
});

describe('GET /api/faqs', () => {
  it('lists published questions by category order, then their own, each with its category', async () => {
    const { ritual } = await insertFaqs();
    const res = await client().get('/api/faqs');
    expect(res.status).toBe(200);
    expect(questions(res.body)).toEqual(['리추얼은 어떻게 참여하나요?', '인증은 언제까지 하나요?', '비밀번호를 잊었어요.']);
    expect(res.body.data[0]).toEqual({
      id: expect.any(Number),
      question: '리추얼은 어떻게 참여하나요?',
      answer_html: '<p>신청해 주세요.</p>',
      sort_order: 1,
      faq_category_id: ritual.id,
      faq_category: { id: ritual.id, name: '리추얼', slug: 'ritual' },
    });
    expect(res.text).not.toContain('숨긴 질문');
  });

  it('filters by category id or by slug', async () => {
    const { account, ritual } = await insertFaqs();
    const byId = await client().get(`/api/faqs?faq_category_id=${account.id}`);
    expect(questions(byId.body)).toEqual(['비밀번호를 잊었어요.']);
    const bySlug = await client().get('/api/faqs?category=ritual');
    expect(questions(bySlug.body)).toEqual(['리추얼은 어떻게 참여하나요?', '인증은 언제까지 하나요?']);
    expect(bySlug.body.data.every((faq: { faq_category_id: number }) => faq.faq_category_id === ritual.id)).toBe(true);
  });

  it('answers 404 for a category that does not exist', async () => {
    await insertFaqs();
    for (const query of ['faq_category_id=999999', 'category=refunds']) {
      const res = await client().get(`/api/faqs?${query}`);
      expect(res.status, query).toBe(404);
      expect(res.body).toEqual({ message: '자주 묻는 질문 분류를 찾을 수 없습니다.' });
    }
  });

  it.each([
    ['faq_category_id=abc', 'faq_category_id'],
    ['faq_category_id=0', 'faq_category_id'],
    ['category=Not%20A%20Slug', 'category'],
    ['faq_category_id=1&category=ritual', 'category'],
  ])('refuses %s with 422 in Korean', async (query, field) => {
    const res = await client().get(`/api/faqs?${query}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
    expect(res.body.message).toMatch(/[가-힣]/);
  });
});

describe('the demo FAQ', () => {
  it('has five categories in order, each with three to five questions', async () => {
    await seedFaqs(db());
    const categories = (await client().get('/api/faq-categories')).body.data;
    expect(categories.map((c: { name: string }) => c.name)).toEqual(['리추얼', '결제·환불', '계정', '셀프케어 도구', '기타']);
    for (const category of categories) {
      const items = (await client().get(`/api/faqs?category=${category.slug}`)).body.data;
      expect(items.length, category.slug).toBeGreaterThanOrEqual(3);
      expect(items.length, category.slug).toBeLessThanOrEqual(5);
      for (const item of items) expect(item.answer_html).toBe(sanitizeStaffHtml(item.answer_html));
    }
  });
});
