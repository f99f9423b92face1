/**
 * A member's buy box on the product page: the option (품절 ones cannot be chosen), the quantity
 * within the stock, the total, 장바구니 담기 with the spec's confirmation in the global modal, and
 * 바로 구매, which fills the temp cart the checkout reads. Prices shown come from the server's
 * product; the server prices the line again when it is added. On a phone the two buttons stay in
 * a bar at the bottom of the screen (styles/sticky-action-bar.css), away from the option picker.
 */
import { useRef, useState } from 'react';
import { checkoutPath } from '../../lib/checkout.ts';
import { formatWon } from '../../lib/numbers.ts';
import { CART_PATH } from '../../lib/store.ts';
import type { ProductDetail } from '../../lib/store.ts';
import { addToCart, buyNow } from '../../stores/cart-actions.ts';
import { confirmModal } from '../../stores/modal.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import './store.css';

type Purchase = Pick<ProductDetail, 'id' | 'title' | 'sale_price' | 'stock' | 'is_sold_out' | 'options'>;

export const ADDED_TITLE = '장바구니에 상품이 담겼습니다';
const CHECK_OPTION_HINT = '옵션을 확인하고 다시 눌러 주세요.';

const inSightAbove = (element: Element, limit: number): boolean => {
  const { top, bottom } = element.getBoundingClientRect();
  return top >= 0 && bottom <= limit;
};

export function ProductPurchase({ product }: { product: Purchase }) {
  const hydrated = useHydrated();
  const hasOptions = product.options.length > 0;
  const firstAvailable = product.options.find((option) => !option.is_sold_out);
  const [optionId, setOptionId] = useState<number | null>(firstAvailable?.id ?? null);
  const [quantity, setQuantity] = useState(1);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  // Whether the member has seen the options since the page opened: touched them, or tapped with them in sight.
  const [optionSeen, setOptionSeen] = useState(false);
  const [hint, setHint] = useState('');
  const picker = useRef<HTMLFieldSetElement>(null);
  const bar = useRef<HTMLDivElement>(null);

  const option = product.options.find((candidate) => candidate.id === optionId) ?? null;
  const stock = hasOptions ? (option?.stock ?? 0) : product.stock;
  const unitPrice = product.sale_price + (option?.extra_price ?? 0);
  const soldOut = product.is_sold_out || (hasOptions && option === null) || stock === 0;
  const choice = () => ({ product_id: product.id, ...(option ? { product_option_id: option.id } : {}), quantity });

  // From the bar at the bottom of a phone's screen the options may be out of sight: the first tap
  // then shows them, with the chosen one focused and a word on why, instead of buying an option
  // never seen.
  const optionConfirmed = (): boolean => {
    const options = picker.current;
    if (!options || optionSeen) return true;
    setOptionSeen(true);
    if (inSightAbove(options, bar.current?.getBoundingClientRect().top ?? window.innerHeight)) return true;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    options.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    options.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
    setHint(CHECK_OPTION_HINT);
    return false;
  };

  const run = async (action: () => Promise<void>) => {
    if (!optionConfirmed()) return;
    setHint('');
    setBusy(true);
    setErrors([]);
    try {
      await action();
    } catch (error) {
      setErrors(failureMessages(error));
    } finally {
      setBusy(false);
    }
  };

  const add = () =>
    run(async () => {
      await addToCart(choice());
      const go = await confirmModal({ title: ADDED_TITLE, confirmLabel: '장바구니로 이동', cancelLabel: '닫기' });
      if (go) window.location.assign(CART_PATH);
    });

  const buy = () =>
    run(async () => {
      await buyNow(choice());
      window.location.assign(checkoutPath('temp'));
    });

  return (
    <div className="purchase">
      {hasOptions && (
        <fieldset className="purchase-options" ref={picker} onFocus={() => setOptionSeen(true)}>
          <legend>옵션</legend>
          <p className="purchase-hint" role="status">
            {hint}
          </p>
          {product.options.map((candidate) => (
            <label key={candidate.id} className={candidate.is_sold_out ? 'purchase-option sold-out' : 'purchase-option'}>
              <input
                type="radio"
                name="product-option"
                value={candidate.id}
                checked={candidate.id === optionId}
                disabled={candidate.is_sold_out || !hydrated}
                onChange={() => {
                  setOptionId(candidate.id);
                  setHint('');
                  setQuantity((current) => Math.min(current, Math.max(1, candidate.stock)));
                }}
              />
              <span className="purchase-option-name">{candidate.name}</span>
              {candidate.extra_price > 0 && <span className="purchase-option-extra">+{formatWon(candidate.extra_price)}</span>}
              {candidate.is_sold_out && <span className="purchase-option-state">품절</span>}
            </label>
          ))}
        </fieldset>
      )}
      <div className="purchase-quantity">
        <span id={`quantity-label-${product.id}`}>수량</span>
        <QuantityStepper
          labelledBy={`quantity-label-${product.id}`}
          value={quantity}
          max={Math.max(1, stock)}
          disabled={!hydrated || soldOut || busy}
          onChange={setQuantity}
        />
        {!soldOut && stock <= 5 && <span className="purchase-stock">{stock}개 남았어요</span>}
      </div>
      <p className="purchase-total">
        <span>총 상품 금액</span>
        <strong>{formatWon(unitPrice * quantity)}</strong>
      </p>
      <div className="purchase-actions sticky-action-bar" ref={bar}>
        {errors.length > 0 && (
          <ul className="purchase-errors sticky-action-bar-message" role="alert">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}

        <button type="button" className="pill" disabled={!hydrated || soldOut || busy} onClick={() => void add()}>
          {soldOut ? '품절' : '장바구니 담기'}
        </button>
        <button type="button" className="pill pill-primary" disabled={!hydrated || soldOut || busy} onClick={() => void buy()}>
          바로 구매
        </button>
      </div>
    </div>
  );
}
