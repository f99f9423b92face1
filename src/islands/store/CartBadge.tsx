/**
 * The member's cart link in the header with the number of lines (SPEC §2, §7). It reads the count
 * once and then follows $cartCount, which every island that changes the cart sets; a change is
 * announced to screen readers. A guest gets no island: the header renders none for them.
 */
import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $cartCount, loadCartCount } from '../../stores/cart.ts';
import { markupOfPropsOnly } from '../../lib/island-markup.ts';
import './cart-badge.css';

export function CartBadge() {
  const count = useStore($cartCount);
  const [announcement, setAnnouncement] = useState('');
  const first = useRef<number | null>(null);

  useEffect(() => void loadCartCount(), []);

  // The first number is read with the page; only later changes are spoken.
  useEffect(() => {
    if (count === null) return;
    if (first.current === null) {
      first.current = count;
      return;
    }
    setAnnouncement(`장바구니에 상품이 ${count}개 있어요.`);
  }, [count]);

  return (
    <span className="cart-badge">
      <a className="cart-badge-link" href="/cart">
        <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="M3 4h2l2.5 11h11L21 7H6.5M9 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2zM18 20a1 1 0 1 0 0-2 1 1 0 0 0 0 2z" />
        </svg>
        {/* The name is the text itself (장바구니, 담긴 상품 수 3), so what is seen is what is read. */}
        <span className="visually-hidden">{count ? '장바구니, 담긴 상품 수' : '장바구니'}</span>
        {count ? <span className="cart-badge-count">{count > 99 ? '99+' : count}</span> : null}
      </a>
      {/* A live region without the status role: the page's own form status stays the one status. */}
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </span>
  );
}
// The same markup for every member until it wakes (src/lib/island-markup.ts).
markupOfPropsOnly(CartBadge);
