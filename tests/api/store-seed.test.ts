import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { productImages } from '../../src/server/db/schema/index.ts';
import { guestClient } from '../helpers/square-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

interface Item {
  id: number;
  is_sold_out: boolean;
  options: { is_sold_out: boolean }[];
  images: unknown[];
  review_summary: { count: number; photo_count: number };
}

beforeAll(async () => {
  await seedDemoData(db(), { production: false });
});

describe('the demo shop', () => {
  it('lists about two dozen tools with pictures, options, a few sold out and reviews with photos', async () => {
    const res = await guestClient(db()).get('/api/products?per_page=48');
    const items = res.body.data as Item[];
    expect(items).toHaveLength(24);
    expect(items.every((item) => item.images.length >= 1)).toBe(true);
    expect(items.filter((item) => item.options.length > 0).length).toBeGreaterThanOrEqual(6);
    expect(items.filter((item) => item.is_sold_out).length).toBeGreaterThanOrEqual(3);
    expect(items.some((item) => !item.is_sold_out && item.options.some((option) => option.is_sold_out))).toBe(true);
    expect(items.filter((item) => item.review_summary.photo_count > 0).length).toBeGreaterThanOrEqual(5);
  });

  it('points every picture at a file that is served', async () => {
    const images = await db().select({ url: productImages.url }).from(productImages);
    for (const { url } of images) expect(existsSync(resolve('public', `.${url}`)), url).toBe(true);
  });
});
