import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import { reencodeAsWebp } from '../../../adapters/images/reencode.ts';
import type { FileStorage } from '../../../adapters/storage/storage.ts';
import type { Db } from '../../../db/client.ts';
import { productImages, products } from '../../../db/schema/index.ts';
import type { ProductImage } from '../../../db/schema/index.ts';
import { invalidInput, notFound } from '../../../domain-errors.ts';
import { validateBody } from '../../../http/context.ts';
import type { AppEnv } from '../../../http/context.ts';
import { idParam } from '../../../http/route-id.ts';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '../../uploads/schema.ts';
import { recordAudit } from '../audit.ts';
import type { CrudResource } from '../crud.ts';
import { NOT_FOUND } from '../crud.ts';
import { auditActorOf } from '../guard.ts';
import { dataOf } from '../../../http/openapi/envelopes.ts';
import type { Conforms } from '../../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../../http/openapi/operation.ts';
import { adminProductImageAnswer } from './answer-schema.ts';

const MAX_SIDE = 1600;

const altField = z.string({ error: '사진 설명을 입력해 주세요.' }).trim().min(1, '사진 설명을 입력해 주세요.').max(120, '사진 설명은 120자까지 쓸 수 있어요.');
const sortField = z.coerce.number({ error: '순서는 숫자로 입력해 주세요.' }).int().min(0).max(10_000);

const createInput = z.object({
  product_id: z.coerce.number({ error: '상품을 골라 주세요.' }).int().min(1, '상품을 골라 주세요.').max(2_147_483_647, '상품을 골라 주세요.'),
  alt: altField,
  sort_order: sortField.default(0),
  image: z
    .array(z.instanceof(File, { error: IMAGE_MESSAGES.notImage }), { error: IMAGE_MESSAGES.required })
    .length(1, IMAGE_MESSAGES.oneOnly)
    .refine((files) => files.every((file) => file.size <= IMAGE_MAX_BYTES), IMAGE_MESSAGES.tooLarge),
});
const updateInput = z.object({ alt: altField, sort_order: sortField }).partial();

const productImageRowResource = (row: ProductImage) => ({
  id: row.id,
  product_id: row.productId,
  url: row.url,
  alt: row.alt,
  width: row.width,
  height: row.height,
  sort_order: row.sortOrder,
});

/** A product's pictures: listed, captioned and ordered through the generic routes; added and removed here. */
export const productImageResource: CrudResource<typeof productImages, typeof updateInput, typeof updateInput> = {
  path: 'product-images',
  modelType: 'product_image',
  table: productImages,
  id: productImages.id,
  sortable: { sort_order: productImages.sortOrder, id: productImages.id },
  filters: { product_id: (value) => (/^\d{1,9}$/.test(value) ? eq(productImages.productId, Number(value)) : undefined) },
  update: updateInput,
  deletable: false,
  toValues: (_db, input) => ({
    ...(input.alt === undefined ? {} : { alt: input.alt }),
    ...(input.sort_order === undefined ? {} : { sortOrder: input.sort_order }),
  }),
  toResource: (row) => productImageRowResource(row),
};

export function productImageRoutes(db: Db, storage: FileStorage) {
  return new Hono<AppEnv>()
    .post('/api/admin/product-images', async (c) => {
      const input = validateBody(c, createInput);
      const actor = auditActorOf(c);
      const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, input.product_id));
      if (!product) throw invalidInput({ product_id: ['없는 상품이에요.'] });
      // Re-encoded like every upload: whatever the file carried besides the picture stays behind.
      const image = await reencodeAsWebp(new Uint8Array(await input.image[0]!.arrayBuffer()), { kind: 'inside', maxSide: MAX_SIDE });
      if (!image) throw invalidInput({ image: [IMAGE_MESSAGES.notImage] });
      const key = `products/${product.id}-${randomBytes(8).toString('hex')}.webp`;
      const url = await storage.put(key, image.bytes, 'image/webp');
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(productImages)
            .values({ productId: product.id, url, alt: input.alt, width: image.width, height: image.height, sortOrder: input.sort_order })
            .returning();
          await recordAudit(tx as unknown as Db, actor, { action: 'create', modelType: 'product_image', modelId: created!.id, after: created! });
          return created!;
        });
        return c.json({ data: productImageRowResource(row) }, 201);
      } catch (error) {
        await storage.delete(key);
        throw error;
      }
    })
    .delete('/api/admin/product-images/:id', async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      const actor = auditActorOf(c);
      const removed = await db.transaction(async (tx) => {
        const [row] = await tx.delete(productImages).where(eq(productImages.id, id)).returning();
        if (!row) throw notFound(NOT_FOUND);
        await recordAudit(tx as unknown as Db, actor, { action: 'delete', modelType: 'product_image', modelId: row.id, before: row });
        return row;
      });
      // After the row is gone: a file without its row is harmless, a row without its file is a broken picture.
      const key = storage.keyOf(removed.url);
      if (key) await storage.delete(key);
      return c.body(null, 204);
    });
}

// Checked here rather than beside the schemas: their file cannot import these routes, which import it.
export type AdminProductImageAnswer = Conforms<ReturnType<typeof productImageRowResource>, z.infer<typeof adminProductImageAnswer>>;

export const productImageOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/api/admin/product-images', summary: '상품 사진 올리기', access: 'staff', body: createInput, multipart: true, answers: { 201: dataOf(adminProductImageAnswer) } },
  { method: 'DELETE', path: '/api/admin/product-images/:id', summary: '상품 사진 지우기', access: 'staff', answers: { 204: null } },
];
