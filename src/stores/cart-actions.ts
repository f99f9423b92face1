import { api } from '../lib/browser-api.ts';
import type { CartLine, TempCartItemData } from '../lib/store.ts';
import { setCartCount } from './cart.ts';

export interface LineChoice {
  product_id: number;
  product_option_id?: number;
  quantity: number;
}

/** `POST /api/cart-items`: the line as it now is; the badge takes the server's count at once. */
export async function addToCart(choice: LineChoice): Promise<CartLine> {
  const answer = await api.post<{ data: CartLine; meta: { count: number } }>('/api/cart-items', { ...choice });
  setCartCount(answer.meta.count);
  return answer.data;
}

/** "바로 구매": the temp cart becomes this one line, for the checkout to take. */
export async function buyNow(choice: LineChoice): Promise<TempCartItemData[]> {
  const answer = await api.post<{ data: TempCartItemData[] }>('/api/temp-cart-items', { items: [choice] });
  return answer.data;
}

interface CartAnswer {
  data: CartLine[];
}

/** `GET /api/cart-items`: the lines as the server prices them now. */
export async function reloadCart(): Promise<CartLine[]> {
  const { data } = await api.get<CartAnswer>('/api/cart-items');
  setCartCount(data.length);
  return data;
}

/** `_method` PUT `{ids}`: exactly these lines are chosen for the order. */
export async function selectLines(ids: number[]): Promise<CartLine[]> {
  const { data } = await api.put<CartAnswer>('/api/cart-items', { ids });
  return data;
}

export async function changeQuantity(id: number, quantity: number): Promise<CartLine> {
  const { data } = await api.put<{ data: CartLine }>(`/api/cart-items/${id}`, { quantity });
  return data;
}

/** Removes the lines one call each, then reads the cart again (and the badge with it). */
export async function removeLines(ids: number[]): Promise<CartLine[]> {
  await Promise.all(ids.map((id) => api.del(`/api/cart-items/${id}`)));
  return reloadCart();
}
