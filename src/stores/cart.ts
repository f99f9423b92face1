import { atom } from 'nanostores';
import { cartCount } from '../lib/api/store.ts';

/**
 * The header badge's count of cart lines, shared by every island that changes the cart: each sets
 * it from the server's answer, so the badge follows at once. Null until the first read answers.
 */
export const $cartCount = atom<number | null>(null);

let firstRead: Promise<void> | undefined;

/**
 * `GET /api/cart-items/count`, once a page (SPEC §7: members only, no refresh on focus). A change
 * made before it answers wins over its older number.
 */
export function loadCartCount(): Promise<void> {
  firstRead ??= cartCount().then(
    (count) => {
      if ($cartCount.get() === null) $cartCount.set(count);
    },
    // The badge shows no number rather than a wrong one; the cart page still lists the lines.
    () => undefined,
  );
  return firstRead;
}

export const setCartCount = (count: number): void => $cartCount.set(count);
