import { eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { faqs, inquiries, inquiryCategories, notices, offTheRecords, pages, products, rituals, storePages } from '../../src/server/db/schema/index.ts';
import { xssPayloads } from '../fixtures/xss-payloads.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { executableParts, isWebImage } from '../helpers/xss.ts';

// The stored-XSS corpus through every field of HTML that staff write, by the console's own routes:
// what is answered on writing, what is stored and what the public routes serve must hold nothing
// that runs (tests/helpers/xss.ts), under the same rules as the members' fields.
const testDb = useTestDatabase();
const db = () => testDb().database.db;

const ago = new Date(Date.now() - 60_000).toISOString();

interface StaffField {
  /** The console's collection under /api/admin. */
  path: string;
  /** The body of a new row whose rich-text fields all hold `html`. */
  body: (html: string, index: number) => Record<string, unknown>;
  table: PgTable & { id: PgColumn };
  /** Each rich-text field: its name in the API, and in a selected row. */
  fields: Record<string, string>;
  /** The row as the public route serves it. */
  served: (guest: TestClient, created: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

async function staffFields(client: TestClient): Promise<StaffField[]> {
  const faqCategory = (await client.post('/api/admin/faq-categories', { json: { name: '보안', slug: 'xss-faq' } })).body.data;
  const recordCategory = (await client.post('/api/admin/off-the-record-categories', { json: { name: '보안', sort_order: 1 } })).body.data;
  const data = async (response: Promise<{ status: number; body: { data: Record<string, unknown> } }>) => {
    const { status, body } = await response;
    expect(status).toBe(200);
    return body.data;
  };
  return [
    {
      path: 'notices',
      body: (html, index) => ({ title: `공지 ${index}`, body_html: html, published_at: ago }),
      table: notices,
      fields: { body_html: 'bodyHtml' },
      served: (guest, created) => data(guest.get(`/api/notices/${created['id']}`)),
    },
    {
      path: 'products',
      body: (html, index) => ({ title: `상품 ${index}`, summary: '한 줄', description_html: html, price: 10_000, sale_price: 9_000, stock: 1, status: 'on_sale', shipping_fee: 0 }),
      table: products,
      fields: { description_html: 'descriptionHtml' },
      served: (guest, created) => data(guest.get(`/api/products/${created['id']}`)),
    },
    {
      path: 'faqs',
      body: (html, index) => ({ faq_category_id: faqCategory.id, question: `질문 ${index}`, answer_html: html }),
      table: faqs,
      fields: { answer_html: 'answerHtml' },
      served: async (guest, created) => {
        const list = (await data(guest.get(`/api/faqs?faq_category_id=${faqCategory.id}`))) as unknown as Record<string, unknown>[];
        return list.find((faq) => faq['id'] === created['id'])!;
      },
    },
    {
      path: 'pages',
      body: (html, index) => ({ slug: `xss-page-${index}`, title: `문서 ${index}`, body_html: html }),
      table: pages,
      fields: { body_html: 'bodyHtml' },
      served: (guest, created) => data(guest.get(`/api/pages/${created['slug']}`)),
    },
    {
      path: 'store-pages',
      body: (html, index) => ({ slug: `xss-guide-${index}`, title: `안내 ${index}`, body_html: html }),
      table: storePages,
      fields: { body_html: 'bodyHtml' },
      served: (guest, created) => data(guest.get(`/api/store-pages/${created['slug']}`)),
    },
    {
      path: 'off-the-records',
      body: (html, index) => ({
        off_the_record_category_id: recordCategory.id,
        kind: 'record',
        title: `기록 ${index}`,
        summary: '요약',
        content_html: html,
        cover_image_url: '/images/otr.jpg',
        cover_image_alt: '표지',
        author_name: '편집팀',
        published_at: ago,
      }),
      table: offTheRecords,
      fields: { content_html: 'contentHtml' },
      served: (guest, created) => data(guest.get(`/api/off-the-records/${created['id']}`)),
    },
    {
      path: 'rituals',
      body: (html, index) => ({
        type: 'monthly',
        title: `리추얼 ${index}`,
        summary: '한 줄',
        description_html: html,
        how_it_goes_html: html,
        cover_image_url: '/images/rituals/a.jpg',
        cover_image_alt: '표지',
        host_name: '호스트',
        host_introduction: '소개',
      }),
      table: rituals,
      fields: { description_html: 'descriptionHtml', how_it_goes_html: 'howItGoesHtml' },
      served: (guest, created) => data(guest.get(`/api/rituals/${created['id']}`)),
    },
  ];
}

interface Failure {
  payload: string;
  where: string;
  problems: string[];
}

describe('stored XSS through the fields staff write', () => {
  it('drops a javascript: link hidden behind a zero-width space in a notice and a product, as in a member’s post', async () => {
    const { client } = await signedInStaff(db());
    const html = '<p>안내</p><a href="\u200bjavascript:alert(document.cookie)">자세히</a>';
    const notice = await client.post('/api/admin/notices', { json: { title: '공지', body_html: html, published_at: ago } });
    const product = await client.post('/api/admin/products', {
      json: { title: '상품', summary: '한 줄', description_html: html, price: 1000, sale_price: 1000, stock: 1, status: 'on_sale', shipping_fee: 0 },
    });
    const [storedNotice] = await db().select().from(notices).where(eq(notices.id, notice.body.data.id));
    const [storedProduct] = await db().select().from(products).where(eq(products.id, product.body.data.id));
    const guest = guestClient(db());
    for (const served of [
      notice.body.data.body_html,
      storedNotice!.bodyHtml,
      (await guest.get(`/api/notices/${notice.body.data.id}`)).body.data.body_html,
      product.body.data.description_html,
      storedProduct!.descriptionHtml,
      (await guest.get(`/api/products/${product.body.data.id}`)).body.data.description_html,
    ]) {
      expect(served).toBe('<p>안내</p><a>자세히</a>');
    }
  });

  it('keeps no executable construct of any payload in any staff field: answered, stored and served', async () => {
    const { client } = await signedInStaff(db());
    const fields = await staffFields(client);
    const failures: Failure[] = [];
    const check = (payload: string, where: string, html: unknown) => {
      const problems = typeof html === 'string' ? executableParts(html, isWebImage) : [`not HTML: ${String(html)}`];
      if (problems.length > 0) failures.push({ payload, where, problems });
    };
    const created = new Map<StaffField, Record<string, unknown>[]>(fields.map((field) => [field, []]));
    for (const [index, payload] of xssPayloads.entries()) {
      for (const field of fields) {
        const res = await client.post(`/api/admin/${field.path}`, { json: field.body(`<p>본문 ${index}</p>${payload}`, index) });
        expect(res.status, `${field.path}: ${payload}`).toBe(201);
        created.get(field)!.push(res.body.data);
        for (const name of Object.keys(field.fields)) check(payload, `${field.path} ${name} answered`, res.body.data[name]);
      }
    }
    // Read back in bulk: all rows of a table at once, and each served by a fresh app, as a new process would.
    const guest = guestClient(db());
    for (const field of fields) {
      const rows = created.get(field)!;
      const stored = await db().select().from(field.table).where(inArray(field.table.id, rows.map((row) => row['id'] as number)));
      const byId = new Map(stored.map((row) => [(row as { id: number }).id, row as Record<string, unknown>]));
      for (const [index, row] of rows.entries()) {
        const served = await field.served(guest, row);
        for (const [name, key] of Object.entries(field.fields)) {
          check(xssPayloads[index]!, `${field.path} ${name} stored`, byId.get(row['id'] as number)?.[key]);
          check(xssPayloads[index]!, `${field.path} ${name} served`, served[name]);
        }
      }
    }
    expect(failures).toEqual([]);
  }, 240_000);

  it('keeps an inquiry’s answer, written as text, free of markup of its own', async () => {
    const { client } = await signedInStaff(db());
    const member = await signedInMember(db());
    const [category] = await db().select({ id: inquiryCategories.id }).from(inquiryCategories).limit(1);
    const [inquiry] = await db()
      .insert(inquiries)
      .values({ userId: member.user.id, inquiryCategoryId: category!.id, title: '문의', content: '내용' })
      .returning({ id: inquiries.id });
    const failures: Failure[] = [];
    for (const [index, payload] of xssPayloads.entries()) {
      // Each one corrects the answer before it: the same route, without a new notification each time.
      const res = await client.post(`/api/admin/inquiries/${inquiry!.id}/answer`, { json: { answer: `답변 ${index}\n\n${payload}` } });
      expect(res.status, payload).toBe(200);
      const [stored] = await db().select({ answer: inquiries.answer }).from(inquiries).where(eq(inquiries.id, inquiry!.id));
      const served = (await member.client.get(`/api/inquiries/${inquiry!.id}`)).body.data.answer;
      for (const [where, html] of [
        ['answered', res.body.data.answer],
        ['stored', stored!.answer],
        ['served', served],
      ] as const) {
        const problems = executableParts(html ?? '', () => false);
        // Plain text turned into paragraphs: no element beyond them, whatever was typed.
        const extra = /<(?!\/?p>|br>)/.test(html ?? '') ? [`markup in ${html}`] : [];
        if (problems.length + extra.length > 0) failures.push({ payload, where, problems: [...problems, ...extra] });
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
