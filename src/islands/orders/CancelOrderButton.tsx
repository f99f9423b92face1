import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { createOrderCancel } from '../../stores/order-actions.ts';
import type { CancelKind } from '../../stores/order-actions.ts';
import { failureMessage } from '../shared/failure-messages.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import '../shared/forms.css';
import './orders.css';

interface Props {
  kind: CancelKind;
  orderId: number;
  /** The line to cancel, for 이 상품 취소. */
  item?: { id: number; name: string };
}

const LABELS: Record<CancelKind, { label: string; busy: string }> = {
  unpaid: { label: '주문 취소', busy: '취소하는 중…' },
  paid: { label: '결제 취소 (전액 환불)', busy: '환불하는 중…' },
  item: { label: '이 상품 취소', busy: '환불하는 중…' },
};

/**
 * A cancel button of my order: asks once, cancels, then reloads the order, which tells what came
 * back from its refunds as recorded (`?cancelled=`), so the amount shown is the server's. The
 * page is replaced, so that Back does not return to what was cancelled.
 */
export function CancelOrderButton({ kind, orderId, item }: Props) {
  const hydrated = useHydrated();
  const [cancel] = useState(() => createOrderCancel(kind, orderId, item));
  const { busy, failure } = useStore(cancel.$state);
  const words = LABELS[kind];

  const run = async () => {
    const then = await cancel.run();
    if (then) window.location.replace(then);
  };

  return (
    <span className="order-cancel">
      <button type="button" className="form-small-button order-cancel-button" disabled={!hydrated || busy} aria-busy={busy ? true : undefined} onClick={() => void run()}>
        {busy ? words.busy : words.label}
      </button>
      <span className="order-cancel-error" role="alert">
        {failureMessage(failure)}
      </span>
    </span>
  );
}
