import { useState } from 'react';
import { confirmPurchase } from '../../lib/api/orders.ts';
import { myOrderPath } from '../../lib/orders.ts';
import { confirmModal } from '../../stores/modal.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import '../shared/forms.css';
import './orders.css';

interface Props {
  orderId: number;
}

/**
 * 구매 확정 of a delivered order: asks once, confirms, then reloads the order (`?confirmed=1`), which
 * says it is done and shows the order as the server now has it.
 */
export function ConfirmPurchaseButton({ orderId }: Props) {
  const hydrated = useHydrated();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');

  const confirm = async () => {
    if (busy) return;
    setError('');
    const confirmed = await confirmModal({
      title: '구매를 확정할까요?',
      message: '상품을 잘 받으셨는지 확인해 주세요. 구매 확정 후에는 되돌릴 수 없어요.',
      confirmLabel: '구매 확정하기',
      // Beside 구매 확정하기, a 취소 button would read as cancelling the order.
      cancelLabel: '닫기',
    });
    if (!confirmed) return;
    setBusy(true);
    try {
      await confirmPurchase(orderId);
      window.location.replace(`${myOrderPath(orderId)}?confirmed=1`);
    } catch (failure) {
      setBusy(false);
      setError(failureMessage(failure));
    }
  };

  return (
    <span className="purchase-confirm">
      <button type="button" className="form-button" disabled={!hydrated || busy} aria-busy={busy ? true : undefined} onClick={() => void confirm()}>
        {busy ? '확정하는 중…' : '구매 확정'}
      </button>
      <span className="order-cancel-error" role="alert">
        {error}
      </span>
    </span>
  );
}
