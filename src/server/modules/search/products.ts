import { and, desc, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';
import type { Product } from '../../db/schema/index.ts';
import type { ProductItem } from '../../../lib/store.ts';
import { isListed, listedProductsByIds } from '../store/product-service.ts';
import { productItemResource } from '../store/resource.ts';
import { forgetSearchItem, gramRows, indexSearchItem, matchingRows, plainText } from './grams.ts';
import type { GramRow, KindReader } from './grams.ts';

type SearchedProduct = Pick<Product, 'id' | 'title' | 'summary' | 'descriptionHtml'>;

const searchedColumns = { id: products.id, title: products.title, summary: products.summary, descriptionHtml: products.descriptionHtml };

const productTexts = (product: SearchedProduct): string[] => [product.title, product.summary, plainText(product.descriptionHtml)];

/** A product's grams after the console writes it: the shop's products (sold out ones too) are found, hidden ones are not. */
export async function indexProduct(db: Db, product: Product): Promise<void> {
  if (product.status === 'hidden') await forgetSearchItem(db, 'product', product.id);
  else await indexSearchItem(db, 'product', product.id, productTexts(product));
}

export const forgetProduct = (db: Db, product: Pick<Product, 'id'>): Promise<void> => forgetSearchItem(db, 'product', product.id);

export async function productGramRows(db: Db): Promise<GramRow[]> {
  const rows = await db.select(searchedColumns).from(products).where(isListed);
  return rows.flatMap((product) => gramRows('product', product.id, productTexts(product)));
}

const productsReader: KindReader<SearchedProduct> = {
  // Newest first, as the shop lists them.
  read: (db, ids) =>
    db
      .select(searchedColumns)
      .from(products)
      .where(and(inArray(products.id, ids), isListed))
      .orderBy(desc(products.createdAt), desc(products.id)),
  texts: productTexts,
};

export const productMatches = (db: Db, words: string[], now: Date): Promise<SearchedProduct[]> => matchingRows(db, 'product', productsReader, words, now);

/** Matching products as the shop's cards show them. */
export async function searchProducts(db: Db, words: string[], limit: number, now: Date): Promise<{ total: number; items: ProductItem[] }> {
  const matches = await productMatches(db, words, now);
  const views = await listedProductsByIds(db, matches.slice(0, limit).map((product) => product.id));
  return { total: matches.length, items: views.map(productItemResource) };
}
