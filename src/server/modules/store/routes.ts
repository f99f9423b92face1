import { Hono } from 'hono';
import { z } from 'zod';
import { cartSummary } from '../../../lib/store.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { parseWith, validateBody, validateQuery } from '../../http/context.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { answerMemberRead } from '../../http/member-read.ts';
import { pageMeta } from '../../http/pagination.ts';
import { idParam } from '../../http/route-id.ts';
import { requireMember } from '../../http/visitor.ts';
import { cartBadge } from './cart-badge.ts';
import { addToCart, deleteCartItem, listCart, listTempCart, replaceTempCart, selectCartItems, updateCartItem } from './cart-service.ts';
import type { CartLineView } from './cart-service.ts';
import { findProduct, latestProducts, listProducts } from './product-service.ts';
import { findIsolatedRegion } from './region-service.ts';
import { cartLineResource, productDetailResource, productItemResource, tempCartItemResource } from './resource.ts';
import {
  cartItemCreateInput,
  cartItemUpdateInput,
  cartSelectionInput,
  postalCodeField,
  productListQuery,
  STORE_MESSAGES,
  tempCartInput,
} from './schema.ts';

// The same for every visitor; stock shown may lag this much, and adding to the cart checks it again.
const PUBLIC_CACHE = 'public, max-age=30';

const lineId = (c: AppContext): number => idParam(c, 'id', STORE_MESSAGES.cartItemNotFound);

/** The cart with its summary: the lines in `data`, the amounts in `meta.summary`. */
const cartBody = (views: CartLineView[]) => {
  const lines = views.map(cartLineResource);
  return { data: lines, meta: { summary: cartSummary(lines) } };
};

const postalCodeParam = z.object({ postal_code: postalCodeField });

/** The header badge's count, mounted before the session middleware (./cart-badge.ts). */
export function cartBadgeRoutes(db: Db, config: AppConfig) {
  return new Hono<AppEnv>().get('/api/cart-items/count', async (c) => {
    const count = await answerMemberRead(c, config, (token, policy) => cartBadge(db, token, policy));
    c.header('Cache-Control', 'private, no-store');
    return c.json({ data: { count } });
  });
}

export function storeRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/products', async (c) => {
      const query = validateQuery(c, productListQuery);
      const page = await listProducts(db, { sort: query.sort, themeId: query.theme_id, page: query.page, perPage: query.per_page });
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: page.items.map(productItemResource), meta: pageMeta(page.page, page.perPage, page.total) });
    })
    .get('/api/products/latest', async (c) => {
      const items = await latestProducts(db);
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: items.map(productItemResource) });
    })
    .get('/api/products/:id', async (c) => {
      const id = idParam(c, 'id', STORE_MESSAGES.productNotFound);
      const product = await findProduct(db, id);
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: productDetailResource(product) });
    })
    .get('/api/isolated-regions/:postal_code', async (c) => {
      const { postal_code } = parseWith(postalCodeParam, { postal_code: c.req.param('postal_code') });
      return c.json({ data: await findIsolatedRegion(db, postal_code) });
    })
    .get('/api/cart-items', async (c) => {
      const user = requireMember(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json(cartBody(await listCart(db, user)));
    })
    .post('/api/cart-items', async (c) => {
      const user = requireMember(c);
      const input = validateBody(c, cartItemCreateInput);
      const { line, count } = await addToCart(db, user, input);
      return c.json({ data: cartLineResource(line), meta: { count } }, 201);
    })
    .put('/api/cart-items', async (c) => {
      const user = requireMember(c);
      const { ids } = validateBody(c, cartSelectionInput);
      return c.json(cartBody(await selectCartItems(db, user, ids)));
    })
    .put('/api/cart-items/:id', async (c) => {
      const user = requireMember(c);
      const id = lineId(c);
      const input = validateBody(c, cartItemUpdateInput);
      return c.json({ data: cartLineResource(await updateCartItem(db, user, id, input)) });
    })
    .delete('/api/cart-items/:id', async (c) => {
      const user = requireMember(c);
      await deleteCartItem(db, user, lineId(c));
      return c.body(null, 204);
    })
    .get('/api/temp-cart-items', async (c) => {
      const user = requireMember(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: (await listTempCart(db, user)).map(tempCartItemResource) });
    })
    .post('/api/temp-cart-items', async (c) => {
      const user = requireMember(c);
      const { items } = validateBody(c, tempCartInput);
      return c.json({ data: (await replaceTempCart(db, user, items)).map(tempCartItemResource) }, 201);
    });
}
