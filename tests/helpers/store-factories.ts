import type { Db } from '../../src/server/db/client.ts';
import { productImages, productOptions, products } from '../../src/server/db/schema/index.ts';
import type { Product, ProductOption } from '../../src/server/db/schema/index.ts';

type ProductValues = Partial<typeof products.$inferInsert>;
type OptionValues = { name: string; extraPrice?: number; stock: number };

/** A product on sale (10 in stock, 12,000원 for 15,000원) with one image, and the options given. */
export async function createProduct(db: Db, values: ProductValues = {}, options: OptionValues[] = []): Promise<{ product: Product; options: ProductOption[] }> {
  const [product] = await db
    .insert(products)
    .values({
      title: '라벤더 소이 캔들',
      summary: '잠들기 전 10분, 은은한 라벤더 향',
      descriptionHtml: '<p>천연 소이 왁스로 만든 캔들이에요.</p>',
      price: 15_000,
      salePrice: 12_000,
      stock: 10,
      shippingFee: 3000,
      freeShippingOver: 30_000,
      ...values,
    })
    .returning();
  await db.insert(productImages).values({ productId: product!.id, url: '/images/products/candle-1.webp', alt: '캔들', width: 800, height: 800 });
  const created =
    options.length === 0
      ? []
      : await db
          .insert(productOptions)
          .values(options.map((option, index) => ({ productId: product!.id, name: option.name, extraPrice: option.extraPrice ?? 0, stock: option.stock, sortOrder: index })))
          .returning();
  return { product: product!, options: created };
}
