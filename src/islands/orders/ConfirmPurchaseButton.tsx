import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createPurchaseConfirm } from '../../stores/order-actions.ts';
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
  const [confirm] = useState(() => createPurchaseConfirm(orderId));
  const { busy, failure } = useStore(confirm.$state);

  const run = async () => {
    const then = await confirm.run();
    if (then) window.location.replace(then);
  };

  return (
    <span className="purchase-confirm">
      <button type="button" className="form-button" disabled={!hydrated || busy} aria-busy={busy ? true : undefined} onClick={() => void run()}>
        {busy ? '확정하는 중…' : '구매 확정'}
      </button>
      <span className="order-cancel-error" role="alert">
        {failureMessage(failure)}
      </span>
    </span>
  );
}
