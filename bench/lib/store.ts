// The tool shop's pages and the header badge's count. Which id the first product got depends on
// what the seed made before it, so the running server is asked. The count is sent as the
// notification bench's signed-in member (bench/lib/notifications.ts), whose cart is empty: the
// query is the same index probe whatever the count.
import type { SkippedResult, Target } from './load.ts';

/** Names the goals find the results by (bench/goals.ts). */
export const SHOP_PAGE = 'GET /explorer/selfcare';
export const PRODUCT_PAGE = 'GET /explorer/selfcare/{id}';
export const CART_COUNT = 'GET /api/cart-items/count';

/** The page of the newest product, null when there is none. */
export async function productPagePath(baseUrl: string): Promise<string | null> {
  const response = await fetch(`${baseUrl}/api/products/latest`);
  if (response.status !== 200) {
    await response.body?.cancel();
    return null;
  }
  const { data } = (await response.json()) as { data: Array<{ id: number }> };
  return data[0] ? `/explorer/selfcare/${data[0].id}` : null;
}

/** `cookie`: a signed-in member's session, null when the run has none (the count is then left out). */
export async function storeTargets(baseUrl: string, cookie: string | null): Promise<Array<Target | SkippedResult>> {
  const productPath = await productPagePath(baseUrl);
  return [
    { name: SHOP_PAGE, path: '/explorer/selfcare' },
    productPath ? { name: PRODUCT_PAGE, path: productPath } : { target: PRODUCT_PAGE, skipped: 'missing: no product' },
    cookie
      ? { name: CART_COUNT, path: '/api/cart-items/count', headers: { Cookie: cookie, Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' } }
      : { target: CART_COUNT, skipped: 'no signed-in member (notifications skipped)' },
  ];
}
