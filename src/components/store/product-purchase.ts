/**
 * The product page's buy box (src/components/store/ProductPurchase.astro): the option (품절 ones
 * cannot be chosen), the quantity within the stock, the total, 장바구니 담기 with the spec's
 * confirmation in the global modal, and 바로 구매, which fills the temp cart the checkout reads.
 * On a phone the two buttons stay in a bar at the bottom of the screen
 * (styles/sticky-action-bar.css), away from the option picker.
 */
import { failureMessages } from '../../islands/shared/failure-messages.ts';
import { checkoutPath } from '../../lib/checkout.ts';
import { afterNextPaint } from '../../lib/next-paint.ts';
import { formatWon } from '../../lib/numbers.ts';
import { clampQuantity, firstAvailableOptionId, purchaseChoice, purchaseState } from '../../lib/purchase.ts';
import type { Purchase } from '../../lib/purchase.ts';
import { CART_PATH } from '../../lib/store.ts';
import { addToCart, buyNow } from '../../stores/cart-actions.ts';
import type { LineChoice } from '../../stores/cart-actions.ts';
import { confirmModal } from '../../stores/modal.ts';

const ADDED_TITLE = '장바구니에 상품이 담겼습니다';
const CHECK_OPTION_HINT = '옵션을 확인하고 다시 눌러 주세요.';

const inSightAbove = (element: Element, limit: number): boolean => {
  const { top, bottom } = element.getBoundingClientRect();
  return top >= 0 && bottom <= limit;
};

function part<T extends Element>(root: HTMLElement, name: string): T {
  const element = root.querySelector<T>(`[data-purchase-${name}]`);
  if (!element) throw new Error(`the buy box has no ${name}`);
  return element;
}

export function startProductPurchase(root: HTMLElement, product: Purchase): void {
  const picker = root.querySelector<HTMLFieldSetElement>('[data-purchase-options]');
  const hint = root.querySelector<HTMLElement>('[data-purchase-hint]');
  const radios = [...root.querySelectorAll<HTMLInputElement>('input[name="product-option"]')];
  const less = part<HTMLButtonElement>(root, 'less');
  const more = part<HTMLButtonElement>(root, 'more');
  const quantityInput = part<HTMLInputElement>(root, 'quantity');
  const stockNote = part<HTMLElement>(root, 'stock');
  const total = part<HTMLElement>(root, 'total');
  const bar = part<HTMLElement>(root, 'bar');
  const errorList = part<HTMLUListElement>(root, 'errors');
  const add = part<HTMLButtonElement>(root, 'add');
  const buy = part<HTMLButtonElement>(root, 'buy');

  // A reload may bring back another choice than the server's; the browser's is the one shown.
  const restored = radios.find((radio) => radio.checked && radio.dataset['soldOut'] === undefined);
  let optionId = restored ? Number(restored.value) : firstAvailableOptionId(product);
  let quantity = 1;
  /** The tapped button while its request runs, with what it says meanwhile. */
  let busy: { button: HTMLButtonElement; label: string } | null = null;
  // Whether the member has seen the options since the page opened: touched them, or tapped with them in sight.
  let optionSeen = false;

  const render = (): void => {
    const state = purchaseState(product, optionId, quantity);
    const locked = state.soldOut || busy !== null;
    for (const radio of radios) {
      radio.disabled = radio.dataset['soldOut'] !== undefined;
      radio.checked = Number(radio.value) === optionId;
    }
    const max = Math.max(1, state.stock);
    quantityInput.max = String(max);
    quantityInput.value = String(quantity);
    quantityInput.disabled = locked;
    less.disabled = locked || quantity <= 1;
    more.disabled = locked || quantity >= max;
    stockNote.hidden = state.soldOut || state.stock > 5;
    stockNote.textContent = `${state.stock}개 남았어요`;
    total.textContent = formatWon(state.total);
    add.textContent = state.soldOut ? '품절' : '장바구니 담기';
    buy.textContent = '바로 구매';
    add.disabled = locked;
    buy.disabled = locked;
    if (busy) busy.button.textContent = busy.label;
  };

  const setHint = (text: string): void => {
    if (hint) hint.textContent = text;
  };

  const showErrors = (messages: string[]): void => {
    errorList.replaceChildren(
      ...messages.map((message) => {
        const item = document.createElement('li');
        item.textContent = message;
        return item;
      }),
    );
    errorList.hidden = messages.length === 0;
  };

  const setQuantity = (value: number): void => {
    quantity = clampQuantity(value, purchaseState(product, optionId, quantity).stock);
    render();
  };

  // From the bar at the bottom of a phone's screen the options may be out of sight: the first tap
  // then shows them, with the chosen one focused and a word on why, instead of buying an option
  // never seen.
  const optionConfirmed = (): boolean => {
    if (!picker || optionSeen) return true;
    optionSeen = true;
    if (inSightAbove(picker, bar.getBoundingClientRect().top)) return true;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    picker.scrollIntoView({ block: 'center', behavior: reduced ? 'auto' : 'smooth' });
    picker.querySelector<HTMLInputElement>('input:checked')?.focus({ preventScroll: true });
    setHint(CHECK_OPTION_HINT);
    return false;
  };

  /** Sends the choice with the tapped button busy; true once the server took it. */
  const send = async (button: HTMLButtonElement, label: string, request: (choice: LineChoice) => Promise<unknown>): Promise<boolean> => {
    if (busy || !optionConfirmed()) return false;
    setHint('');
    busy = { button, label };
    showErrors([]);
    render();
    try {
      // The button's new word reaches the screen before the request's own cost on a slow phone.
      await afterNextPaint();
      await request(purchaseChoice(product, purchaseState(product, optionId, quantity), quantity));
      return true;
    } catch (error) {
      showErrors(failureMessages(error));
      return false;
    } finally {
      busy = null;
      render();
    }
  };

  picker?.addEventListener('focusin', () => {
    optionSeen = true;
  });
  for (const radio of radios) {
    radio.addEventListener('change', () => {
      if (!radio.checked) return;
      optionId = Number(radio.value);
      setHint('');
      setQuantity(quantity);
    });
  }
  less.addEventListener('click', () => setQuantity(quantity - 1));
  more.addEventListener('click', () => setQuantity(quantity + 1));
  quantityInput.addEventListener('input', () => setQuantity(Number(quantityInput.value)));
  add.addEventListener('click', async () => {
    if (!(await send(add, '담는 중…', addToCart))) return;
    const go = await confirmModal({ title: ADDED_TITLE, confirmLabel: '장바구니로 이동', cancelLabel: '닫기' });
    if (go) window.location.assign(CART_PATH);
  });
  buy.addEventListener('click', async () => {
    if (await send(buy, '주문서 여는 중…', buyNow)) window.location.assign(checkoutPath('temp'));
  });

  render();
  root.dataset['ready'] = '';
}
