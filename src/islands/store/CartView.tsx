/**
 * The member's cart (/cart): each line with its option, unit price, a quantity stepper within the
 * stock, the line total and 삭제; choosing lines for the order (kept on the server), removing the
 * chosen ones, lines that cannot be ordered flagged and left out, and the summary. Every amount
 * is the server's price; the summary adds them with the same rule the checkout uses.
 */
import { useState } from 'react';
import { checkoutPath } from '../../lib/checkout.ts';
import { formatWon } from '../../lib/numbers.ts';
import { SHOP_PATH, cartSummary, productPath } from '../../lib/store.ts';
import type { CartLine } from '../../lib/store.ts';
import { changeQuantity, reloadCart, removeLines, selectLines } from '../../stores/cart-actions.ts';
import { confirmModal } from '../../stores/modal.ts';
import { failureMessages } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import { QuantityStepper } from './QuantityStepper.tsx';
import './store.css';
import './cart.css';

const problemText = (line: CartLine): string | null => {
  if (line.problem === 'sold_out') return '품절되어 주문할 수 없어요.';
  if (line.problem === 'stock_short') return `재고가 ${line.stock}개 남아 수량을 줄여야 주문할 수 있어요.`;
  return null;
};

export function CartView({ initialLines }: { initialLines: CartLine[] }) {
  const hydrated = useHydrated();
  const [lines, setLines] = useState(initialLines);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const summary = cartSummary(lines);
  const selectedIds = lines.filter((line) => line.is_selected).map((line) => line.id);
  const allSelected = lines.length > 0 && selectedIds.length === lines.length;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setErrors([]);
    try {
      await action();
    } catch (error) {
      setErrors(failureMessages(error));
      // What the server holds now is what the page shows, whatever failed.
      setLines(await reloadCart().catch(() => lines));
    } finally {
      setBusy(false);
    }
  };

  // The box follows the click at once; the server's answer (or, on failure, its cart) then stands.
  const select = (ids: number[]) => {
    setLines((current) => current.map((line) => ({ ...line, is_selected: ids.includes(line.id) })));
    return run(async () => setLines(await selectLines(ids)));
  };
  const toggle = (id: number) => select(selectedIds.includes(id) ? selectedIds.filter((other) => other !== id) : [...selectedIds, id]);
  const setQuantity = (id: number, quantity: number) =>
    run(async () => {
      const updated = await changeQuantity(id, quantity);
      setLines((current) => current.map((line) => (line.id === id ? updated : line)));
    });
  const remove = (ids: number[]) => run(async () => setLines(await removeLines(ids)));
  const removeSelected = async () => {
    if (selectedIds.length === 0) return;
    const confirmed = await confirmModal({ title: `선택한 상품 ${selectedIds.length}개를 장바구니에서 삭제할까요?`, confirmLabel: '삭제', tone: 'danger' });
    if (confirmed) await remove(selectedIds);
  };

  if (lines.length === 0) {
    return (
      <div className="cart-empty">
        <p className="cart-empty-title">장바구니가 비어 있어요</p>
        <p>마음에 드는 셀프케어 도구를 담아 보세요.</p>
        <a className="pill pill-primary" href={SHOP_PATH}>
          툴샵 둘러보기
        </a>
      </div>
    );
  }

  return (
    <div className="cart">
      <div className="cart-lines">
        <div className="cart-toolbar">
          <label className="cart-check">
            <input type="checkbox" checked={allSelected} disabled={!hydrated || busy} onChange={() => void select(allSelected ? [] : lines.map((line) => line.id))} />
            전체 선택 ({selectedIds.length}/{lines.length})
          </label>
          <button type="button" className="cart-text-button" disabled={!hydrated || busy || selectedIds.length === 0} onClick={() => void removeSelected()}>
            선택 삭제
          </button>
        </div>
        {errors.length > 0 && (
          <ul className="cart-errors" role="alert">
            {errors.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        )}
        <ul className="cart-list" aria-label="장바구니 상품">
          {lines.map((line) => {
            const problem = problemText(line);
            const name = line.option ? `${line.product.title} ${line.option.name}` : line.product.title;
            return (
              <li key={line.id} className={problem ? 'cart-line flagged' : 'cart-line'}>
                <input
                  type="checkbox"
                  className="cart-line-check"
                  checked={line.is_selected}
                  disabled={!hydrated || busy}
                  aria-label={`${name} 선택`}
                  onChange={() => void toggle(line.id)}
                />
                {line.product.image && <img src={line.product.image.url} alt="" width="88" height="88" loading="lazy" decoding="async" />}
                <div className="cart-line-body">
                  <a className="cart-line-title" href={productPath(line.product.id)}>
                    {line.product.title}
                  </a>
                  {line.option && <p className="cart-line-option">옵션: {line.option.name}</p>}
                  <p className="cart-line-unit">{formatWon(line.unit_price)}</p>
                  {problem && <p className="cart-line-problem">{problem}</p>}
                  <div className="cart-line-controls">
                    <span className="visually-hidden" id={`cart-quantity-${line.id}`}>
                      {name} 수량
                    </span>
                    <QuantityStepper
                      labelledBy={`cart-quantity-${line.id}`}
                      value={line.quantity}
                      max={Math.max(line.quantity, line.stock, 1)}
                      disabled={!hydrated || busy || line.problem === 'sold_out'}
                      onChange={(quantity) => {
                        if (quantity !== line.quantity) void setQuantity(line.id, quantity);
                      }}
                    />
                    <strong className="cart-line-total won" aria-label={`${name} 금액`}>
                      {formatWon(line.line_total)}
                    </strong>
                  </div>
                </div>
                <button type="button" className="cart-text-button cart-line-remove" disabled={!hydrated || busy} aria-label={`${name} 삭제`} onClick={() => void remove([line.id])}>
                  삭제
                </button>
              </li>
            );
          })}
        </ul>
      </div>
      <aside className="cart-summary" aria-label="결제 예정 금액">
        <dl>
          <div>
            <dt>상품 금액</dt>
            <dd className="won" data-testid="items-amount">{formatWon(summary.items_amount)}</dd>
          </div>
          <div>
            <dt>배송비</dt>
            <dd className="won" data-testid="shipping-fee">{summary.shipping_fee === 0 ? (summary.orderable_count > 0 ? '무료' : formatWon(0)) : formatWon(summary.shipping_fee)}</dd>
          </div>
          <div className="cart-summary-total">
            <dt>결제 예정 금액</dt>
            <dd className="won" data-testid="amount">{formatWon(summary.amount)}</dd>
          </div>
        </dl>
        {summary.missing_for_free_shipping > 0 && summary.free_shipping_over !== null && (
          <p className="cart-summary-note">
            {formatWon(summary.missing_for_free_shipping)} 더 담으면 무료 배송이에요. ({formatWon(summary.free_shipping_over)} 이상)
          </p>
        )}
        <p className="visually-hidden" role="status">
          {`결제 예정 금액 ${formatWon(summary.amount)}`}
        </p>
        {/* The chosen lines are already kept on the server (each box calls PUT), so the checkout reads them there. */}
        <button
          type="button"
          className="pill pill-primary cart-order"
          disabled={!hydrated || busy || summary.orderable_count === 0}
          onClick={() => window.location.assign(checkoutPath('cart'))}
        >
          {summary.orderable_count > 0 ? `${summary.orderable_count}개 상품 주문하기` : '주문하기'}
        </button>
      </aside>
    </div>
  );
}
