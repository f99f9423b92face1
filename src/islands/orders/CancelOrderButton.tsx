import { cancelOrderItem, cancelPaidOrder, cancelPendingOrder } from '../../lib/api/orders.ts';
import { myOrderPath } from '../../lib/orders.ts';
import { useConfirmedDelete } from '../shared/confirmed-delete.ts';
import '../shared/forms.css';
import './orders.css';

export type CancelKind = 'unpaid' | 'paid' | 'item';

interface Props {
  kind: CancelKind;
  orderId: number;
  /** The line to cancel, for 이 상품 취소. */
  item?: { id: number; name: string };
}

const WORDING: Record<CancelKind, { label: string; busy: string; title: string; message: (name: string) => string; confirm: string }> = {
  unpaid: {
    label: '주문 취소',
    busy: '취소하는 중…',
    title: '주문을 취소할까요?',
    message: () => '아직 결제하지 않은 주문이라 바로 취소돼요.',
    confirm: '주문 취소하기',
  },
  paid: {
    label: '결제 취소 (전액 환불)',
    busy: '환불하는 중…',
    title: '결제를 취소할까요?',
    message: () => '남은 결제 금액을 배송비까지 모두 환불해 드려요. 취소한 뒤에는 되돌릴 수 없어요.',
    confirm: '결제 취소하기',
  },
  item: {
    label: '이 상품 취소',
    busy: '환불하는 중…',
    title: '이 상품을 취소할까요?',
    message: (name) => `${name}의 결제 금액을 환불해 드려요. 취소한 뒤에는 되돌릴 수 없어요.`,
    confirm: '상품 취소하기',
  },
};

const cancelling = ({ kind, orderId, item }: Props): (() => Promise<unknown>) =>
  kind === 'item' ? () => cancelOrderItem(item!.id) : kind === 'paid' ? () => cancelPaidOrder(orderId) : () => cancelPendingOrder(orderId);

/**
 * A cancel button of my order: asks once, cancels, then reloads the order, which tells what came
 * back from its refunds as recorded (`?cancelled=`), so the amount shown is the server's.
 */
export function CancelOrderButton(props: Props) {
  const words = WORDING[props.kind];
  const { remove, busy, disabled, error } = useConfirmedDelete({
    title: words.title,
    message: words.message(props.item?.name ?? ''),
    send: cancelling(props),
    then: `${myOrderPath(props.orderId)}?cancelled=${props.kind}`,
    confirmLabel: words.confirm,
    // Beside 주문 취소하기, a 취소 button would read as the same thing.
    cancelLabel: '닫기',
  });
  return (
    <span className="order-cancel">
      <button type="button" className="form-small-button order-cancel-button" disabled={disabled} aria-busy={busy ? true : undefined} onClick={remove}>
        {busy ? words.busy : words.label}
      </button>
      <span className="order-cancel-error" role="alert">
        {error}
      </span>
    </span>
  );
}
