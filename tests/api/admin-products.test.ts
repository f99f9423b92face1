import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { auditLogs, orderItems, orders, productImages } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { guestClient } from '../helpers/square-factories.ts';
import { signedInStaff } from '../helpers/staff.ts';
import { createProduct } from '../helpers/store-factories.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;

const PRODUCT = {
  title: '편백 수면 베개 커버',
  summary: '잠자리에 숲 향을 더해요',
  description_html: '<p>편백 칩을 넣은 커버예요.</p><script>alert(1)</script>',
  price: 32_000,
  sale_price: 28_000,
  stock: 7,
  status: 'on_sale',
  shipping_fee: 3000,
  free_shipping_over: 50_000,
};

const auditOf = (modelType: string, modelId: number) =>
  db().select().from(auditLogs).where(and(eq(auditLogs.modelType, modelType), eq(auditLogs.modelId, modelId))).orderBy(auditLogs.id);

describe('products in the console', () => {
  it('creates a product that the shop then shows, sanitised, and audits stock changes', async () => {
    const { client } = await signedInStaff(db());
    const created = await client.post('/api/admin/products', { json: PRODUCT });
    expect(created.status).toBe(201);
    const id: number = created.body.data.id;
    expect(created.body.data.description_html).not.toContain('script');

    const shown = await guestClient(db()).get(`/api/products/${id}`);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ title: PRODUCT.title, sale_price: 28_000 });

    const restocked = await client.request('PATCH', `/api/admin/products/${id}`, { json: { stock: 20 } });
    expect(restocked.body.data).toMatchObject({ stock: 20, sale_price: 28_000 });
    const trail = await auditOf('product', id);
    expect(trail.map((row) => row.action)).toEqual(['create', 'update']);
    expect(trail[1]!.before).toMatchObject({ stock: 7 });
    expect(trail[1]!.after).toMatchObject({ stock: 20 });
  });

  it('refuses a sale price above the list price, before and after a change, in Korean', async () => {
    const { client } = await signedInStaff(db());
    const refused = await client.post('/api/admin/products', { json: { ...PRODUCT, sale_price: 40_000 } });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.sale_price).toEqual(['판매가는 정가보다 클 수 없어요.']);
    const { product } = await createProduct(db());
    const lowered = await client.request('PATCH', `/api/admin/products/${product.id}`, { json: { price: 10_000 } });
    expect(lowered.status).toBe(422);
    const negative = await client.post('/api/admin/products', { json: { ...PRODUCT, stock: -1, status: 'gone' } });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.stock).toEqual(['재고는 0 이상이어야 해요.']);
    expect(negative.body.errors.status).toEqual(['판매 상태는 판매 중, 품절, 숨김 중 하나여야 해요.']);
  });

  it('adds and changes options under a product, and refuses an unknown product', async () => {
    const { client } = await signedInStaff(db());
    const { product } = await createProduct(db());
    const added = await client.post('/api/admin/product-options', { json: { product_id: product.id, name: '라지', extra_price: 2000, stock: 4 } });
    expect(added.status).toBe(201);
    const listed = await client.get(`/api/admin/product-options?product_id=${product.id}`);
    expect(listed.body.data.map((option: { name: string }) => option.name)).toEqual(['라지']);
    const detail = await guestClient(db()).get(`/api/products/${product.id}`);
    expect(JSON.stringify(detail.body.data)).toContain('라지');
    const unknown = await client.post('/api/admin/product-options', { json: { product_id: 999_999, name: '없음', stock: 1 } });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.product_id).toEqual(['없는 상품이에요.']);
  });

  it('uploads a picture re-encoded as WebP, and deletes it with its file', async () => {
    const staff = await signedInStaff(db());
    const { product } = await createProduct(db());
    const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 120, g: 160, b: 90 } } }).png().toBuffer();
    const form = new FormData();
    form.append('product_id', String(product.id));
    form.append('alt', '초록색 베개 커버');
    form.append('image', new File([new Uint8Array(png)], 'cover.png', { type: 'image/png' }));
    const uploaded = await staff.client.post('/api/admin/product-images', { multipart: form });
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.data).toMatchObject({ product_id: product.id, alt: '초록색 베개 커버', width: 300, height: 200 });
    expect(uploaded.body.data.url).toMatch(/^\/uploads\/products\/\d+-[0-9a-f]{16}\.webp$/);

    const notImage = new FormData();
    notImage.append('product_id', String(product.id));
    notImage.append('alt', '가짜');
    notImage.append('image', new File([new TextEncoder().encode('not a picture')], 'x.png', { type: 'image/png' }));
    const refused = await staff.client.post('/api/admin/product-images', { multipart: notImage });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.image).toEqual(['JPG, PNG, WEBP, GIF 이미지만 올릴 수 있어요.']);

    const removed = await staff.client.request('DELETE', `/api/admin/product-images/${uploaded.body.data.id}`);
    expect(removed.status).toBe(204);
    expect(await db().select().from(productImages).where(eq(productImages.id, uploaded.body.data.id))).toEqual([]);
    expect((await auditOf('product_image', uploaded.body.data.id)).map((row) => row.action)).toEqual(['create', 'delete']);
  });

  it('keeps a product that was sold, and deletes one that never was', async () => {
    const { client } = await signedInStaff(db());
    const { product: sold } = await createProduct(db());
    const { product: unsold } = await createProduct(db());
    const buyer = await createMember(db());
    const [order] = await db()
      .insert(orders)
      .values({ orderNumber: `ORD-T-${sold.id}`, userId: buyer.id, title: sold.title, itemsAmount: 12_000, amount: 15_000, shippingFee: 3000 })
      .returning();
    await db().insert(orderItems).values({ orderId: order!.id, kind: 'product', productId: sold.id, name: sold.title, unitPrice: 12_000, quantity: 1, lineAmount: 12_000 });
    const refused = await client.request('DELETE', `/api/admin/products/${sold.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('주문된 적이 있는 상품은 삭제할 수 없어요. 판매 상태를 숨김으로 바꿔 주세요.');
    expect((await client.request('DELETE', `/api/admin/products/${unsold.id}`)).status).toBe(204);
    expect((await guestClient(db()).get(`/api/products/${unsold.id}`)).status).toBe(404);
  });

  it('keeps 도서산간 ranges in order, and the checkout reads a new one', async () => {
    const { client } = await signedInStaff(db());
    const backwards = await client.post('/api/admin/isolated-regions', { json: { region: '가상 섬', postal_code_from: '99999', postal_code_to: '99990', extra_fee: 5000 } });
    expect(backwards.status).toBe(422);
    expect(backwards.body.errors.postal_code_to).toEqual(['끝 우편번호는 시작 우편번호보다 작을 수 없어요.']);
    const created = await client.post('/api/admin/isolated-regions', { json: { region: '가상 섬', postal_code_from: '99990', postal_code_to: '99999', extra_fee: 5000 } });
    expect(created.status).toBe(201);
    const looked = await guestClient(db()).get('/api/isolated-regions/99995');
    expect(looked.body.data).toMatchObject({ extra_fee: 5000 });
  });
});
