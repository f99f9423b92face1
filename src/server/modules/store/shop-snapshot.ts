import type { ProductItem } from '../../../lib/store.ts';
import type { Db } from '../../db/client.ts';
import type { Theme } from '../../db/schema/index.ts';
import { snapshotPerDatabase } from '../../db/snapshot.ts';
import { listActiveThemes } from '../content/catalogue-service.ts';
import { latestProducts, listProducts } from './product-service.ts';
import { productItemResource } from './resource.ts';

export interface ShopFront {
  themes: Theme[];
  /** The first page in the default order, newest first. */
  products: ProductItem[];
  total: number;
  perPage: number;
  /** The top shelf: the newest four. */
  latest: ProductItem[];
}

async function loadShopFront(db: Db): Promise<ShopFront> {
  const [themes, page, latest] = await Promise.all([listActiveThemes(db), listProducts(db, {}), latestProducts(db, 4)]);
  return { themes, products: page.items.map(productItemResource), total: page.total, perPage: page.perPage, latest: latest.map(productItemResource) };
}

export const SHOP_FRONT_TTL_MS = 5_000;

/**
 * The shop's front as every guest first sees it, kept a few seconds in this process: a dozen
 * cards and the shelf took twelve queries a visit. A sold-out mark may lag that much on the list;
 * the product page, the cart and the order read stock live.
 */
export const shopFrontFor = snapshotPerDatabase(loadShopFront, SHOP_FRONT_TTL_MS);
