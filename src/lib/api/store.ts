import type { findIsolatedRegion } from '../../server/modules/store/region-service.ts';
import type { cartLineResource, tempCartItemResource } from '../../server/modules/store/resource.ts';
import type { cartItemCreateInput, TempCartLine } from '../../server/modules/store/schema.ts';
import type { Answer, Body } from './body.ts';
import { clientFor } from './clients.ts';

type CartLine = ReturnType<typeof cartLineResource>;
type TempCartItem = ReturnType<typeof tempCartItemResource>;
export type CartLineChoice = Omit<Body<typeof cartItemCreateInput>, 'product_option_id'> & { product_option_id?: number };

/** The header badge's number; quiet: the badge shows none rather than an alert. */
export async function cartCount(): Promise<number> {
  const { data } = await clientFor({ quiet: true }).get<Answer<{ count: number }>>('/api/cart-items/count');
  return data.count;
}

/** The line as it now is, and the cart's new count of lines. */
export async function addCartLine(choice: CartLineChoice): Promise<{ line: CartLine; count: number }> {
  const answer = await clientFor().post<Answer<CartLine> & { meta: { count: number } }>('/api/cart-items', { ...choice });
  return { line: answer.data, count: answer.meta.count };
}

/** The lines as the server prices them now. */
export async function cartLines(): Promise<CartLine[]> {
  const { data } = await clientFor().get<Answer<CartLine[]>>('/api/cart-items');
  return data;
}

/** `_method` PUT `{ids}`: exactly these lines are chosen for the order. */
export async function selectCartLines(ids: number[]): Promise<CartLine[]> {
  const { data } = await clientFor().put<Answer<CartLine[]>>('/api/cart-items', { ids });
  return data;
}

export async function changeCartQuantity(lineId: number, quantity: number): Promise<CartLine> {
  const { data } = await clientFor().put<Answer<CartLine>>(`/api/cart-items/${lineId}`, { quantity });
  return data;
}

export const removeCartLine = (lineId: number): Promise<unknown> => clientFor().del(`/api/cart-items/${lineId}`);

/** Replaces the temp cart ("바로 구매", a session's 신청) with these lines, for the checkout to take. */
export async function fillTempCart(items: TempCartLine[]): Promise<TempCartItem[]> {
  const { data } = await clientFor().post<Answer<TempCartItem[]>>('/api/temp-cart-items', { items });
  return data;
}

/** Whether a postal code is 도서산간, and its surcharge. */
export async function isolatedRegion(postalCode: string): Promise<Awaited<ReturnType<typeof findIsolatedRegion>>> {
  const { data } = await clientFor().get<Answer<Awaited<ReturnType<typeof findIsolatedRegion>>>>(`/api/isolated-regions/${postalCode}`);
  return data;
}
