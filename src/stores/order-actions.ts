import { cancelOrderItem, cancelPaidOrder, cancelPendingOrder, confirmPurchase } from '../lib/api/orders.ts';
import { myOrderPath } from '../lib/orders.ts';
import { createConfirmedAction } from './confirmed-action.ts';

export type CancelKind = 'unpaid' | 'paid' | 'item';

const CANCEL_QUESTIONS: Record<CancelKind, { title: string; message: (name: string) => string; confirmLabel: string }> = {
  unpaid: {
    title: '주문을 취소할까요?',
    message: () => '아직 결제하지 않은 주문이라 바로 취소돼요.',
    confirmLabel: '주문 취소하기',
  },
  paid: {
    title: '결제를 취소할까요?',
    message: () => '남은 결제 금액을 배송비까지 모두 환불해 드려요. 취소한 뒤에는 되돌릴 수 없어요.',
    confirmLabel: '결제 취소하기',
  },
  item: {
    title: '이 상품을 취소할까요?',
    message: (name) => `${name}의 결제 금액을 환불해 드려요. 취소한 뒤에는 되돌릴 수 없어요.`,
    confirmLabel: '상품 취소하기',
  },
};

/** 주문 취소, 결제 취소 or 이 상품 취소; the item is the line to cancel, for 이 상품 취소. */
export function createOrderCancel(kind: CancelKind, orderId: number, item?: { id: number; name: string }) {
  const { title, message, confirmLabel } = CANCEL_QUESTIONS[kind];
  const send = kind === 'item' ? () => cancelOrderItem(item!.id) : kind === 'paid' ? () => cancelPaidOrder(orderId) : () => cancelPendingOrder(orderId);
  // Beside 주문 취소하기, a 취소 button would read as the same thing.
  const question = { title, message: message(item?.name ?? ''), confirmLabel, cancelLabel: '닫기', tone: 'danger' as const };
  return createConfirmedAction(question, send, `${myOrderPath(orderId)}?cancelled=${kind}`);
}

/** 구매 확정 of a delivered order. */
export function createPurchaseConfirm(orderId: number) {
  const question = {
    title: '구매를 확정할까요?',
    message: '상품을 잘 받으셨는지 확인해 주세요. 구매 확정 후에는 되돌릴 수 없어요.',
    confirmLabel: '구매 확정하기',
    // Beside 구매 확정하기, a 취소 button would read as cancelling the order.
    cancelLabel: '닫기',
  };
  return createConfirmedAction(question, () => confirmPurchase(orderId), `${myOrderPath(orderId)}?confirmed=1`);
}
