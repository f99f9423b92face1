import { addCartLine, cartLines, changeCartQuantity, fillTempCart, removeCartLine, selectCartLines } from '../lib/api/store.ts';
import type { CartLine, TempCartItemData } from '../lib/store.ts';
import { setCartCount } from './cart.ts';

export interface LineChoice {
  product_id: number;
  product_option_id?: number;
  quantity: number;
}

/** Adds a line: the line as it now is; the badge takes the server's count at once. */
export async function addToCart(choice: LineChoice): Promise<CartLine> {
  const { line, count } = await addCartLine(choice);
  setCartCount(count);
  return line;
}

/** "바로 구매": the temp cart becomes this one line, for the checkout to take. */
export const buyNow = (choice: LineChoice): Promise<TempCartItemData[]> => fillTempCart([choice]);

/** The lines as the server prices them now, and the badge with them. */
export async function reloadCart(): Promise<CartLine[]> {
  const lines = await cartLines();
  setCartCount(lines.length);
  return lines;
}

/** Exactly these lines are chosen for the order. */
export const selectLines = (ids: number[]): Promise<CartLine[]> => selectCartLines(ids);

export const changeQuantity = (id: number, quantity: number): Promise<CartLine> => changeCartQuantity(id, quantity);

/** Removes the lines one call each, then reads the cart again (and the badge with it). */
export async function removeLines(ids: number[]): Promise<CartLine[]> {
  await Promise.all(ids.map((id) => removeCartLine(id)));
  return reloadCart();
}
