import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orderItems, orders, reviews } from '../../src/server/db/schema/index.ts';
import { REVIEW_TAGS } from '../../src/server/html/sanitize.ts';
import { xssPayloads } from '../fixtures/xss-payloads.ts';
import { guestClient, signedInMember } from '../helpers/square-factories.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { elementsOf, executableParts } from '../helpers/xss.ts';

// The stored-XSS corpus through a review written as an editor's HTML (POST /api/reviews): what is
// answered, stored and listed holds nothing that runs, and no tag beyond a review's own.
const testDb = useTestDatabase();
const db = () => testDb().database.db;

// The writing limit is per member (30 an hour): each member buys this many lines, one review each.
const LINES_PER_MEMBER = 30;

/** A member with a delivered order of `count` lines of the product, written straight to the database. */
async function buyer(productId: number, count: number) {
  const member = await signedInMember(db());
  const [order] = await db()
    .insert(orders)
    .values({ orderNumber: `ORD-XSS-${member.user.id}`, userId: member.user.id, title: '캔들', itemsAmount: 12_000 * count, amount: 12_000 * count, status: 'delivered', deliveredAt: new Date() })
    .returning({ id: orders.id });
  const lines = await db()
    .insert(orderItems)
    .values(Array.from({ length: count }, () => ({ orderId: order!.id, kind: 'product' as const, productId, name: '캔들', unitPrice: 12_000, quantity: 1, lineAmount: 12_000, status: 'paid' as const })))
    .returning({ id: orderItems.id });
  return { client: member.client, lineIds: lines.map((line) => line.id) };
}

const form = (fields: Record<string, string | number>) => {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
  return body;
};

describe('stored XSS through reviews', () => {
  it('keeps no executable construct of any payload in a review: answered, stored and listed', async () => {
    const { product } = await createProduct(db());
    const failures: { payload: string; where: string; problems: string[] }[] = [];
    const check = (payload: string, where: string, html: string) => {
      const outside = elementsOf(html).filter(({ tag }) => !(REVIEW_TAGS as readonly string[]).includes(tag));
      const problems = [...executableParts(html, () => false), ...outside.map(({ tag }) => `<${tag}> in a review`)];
      if (problems.length > 0) failures.push({ payload, where, problems });
    };
    const written = new Map<number, string>();
    let member = await buyer(product.id, LINES_PER_MEMBER);
    for (const [index, payload] of xssPayloads.entries()) {
      if (member.lineIds.length === 0) member = await buyer(product.id, LINES_PER_MEMBER);
      const res = await member.client.post('/api/reviews', {
        multipart: form({
          reviewable_type: 'product',
          reviewable_id: product.id,
          order_item_id: member.lineIds.pop()!,
          rating: 5,
          content: `<p>후기 ${index}: 향이 은은해서 좋아요.</p>${payload}`,
        }),
      });
      expect(res.status, `${payload}: ${res.text}`).toBe(201);
      written.set(res.body.data.id, payload);
      check(payload, 'answered', res.body.data.content);
    }
    const stored = await db().select({ id: reviews.id, html: reviews.contentHtml }).from(reviews).where(eq(reviews.reviewableId, product.id));
    expect(stored).toHaveLength(xssPayloads.length);
    for (const row of stored) check(written.get(row.id)!, 'stored', row.html);
    const guest = guestClient(db());
    let listed = 0;
    for (let page = 1; listed < xssPayloads.length; page += 1) {
      const res = await guest.get(`/api/reviews?reviewable_type=product&reviewable_id=${product.id}&per_page=50&page=${page}`);
      const items = res.body.data as { id: number; content: string }[];
      expect(items.length, `page ${page}`).toBeGreaterThan(0);
      for (const item of items) check(written.get(item.id)!, 'listed', item.content);
      listed += items.length;
    }
    expect(failures).toEqual([]);
  }, 120_000);
});
