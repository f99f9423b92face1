/**
 * The header's cart link and its number of lines (src/components/header/MemberActions.astro). It
 * follows $cartCount, which the first read and every island that changes the cart set; the first
 * number is read with the page, and only later changes are announced to screen readers.
 */
import { $cartCount } from '../../stores/cart.ts';

const MAX_SHOWN = 99;

export function startCartBadge(root: HTMLElement): void {
  const name = root.querySelector<HTMLElement>('[data-cart-name]');
  const count = root.querySelector<HTMLElement>('[data-cart-count]');
  const announcement = root.querySelector<HTMLElement>('[data-cart-announcement]');
  if (!name || !count || !announcement) return;

  let first = true;
  $cartCount.subscribe((lines) => {
    if (lines === null) return;
    name.textContent = lines ? '장바구니, 담긴 상품 수' : '장바구니';
    count.textContent = lines > MAX_SHOWN ? `${MAX_SHOWN}+` : String(lines);
    count.hidden = !lines;
    if (first) first = false;
    else announcement.textContent = `장바구니에 상품이 ${lines}개 있어요.`;
  });
}
