/**
 * What deleting an account does to the purchases still running (GET /api/me/deletion-preview), as
 * the deletion page, its island and the farewell mail tell it. The rules themselves are the orders
 * service's (src/server/modules/orders/account-deletion.ts applies them).
 */
import { formatWon } from './numbers.ts';
import type { OrderStatus } from './orders.ts';
import { formatDate } from './time.ts';

/**
 * What happens to one line: `refund` is cancelled and given back (a seat is freed); a session
 * already begun (`session_running`) and goods on their way (`shipping`) carry on; a seat in an
 * order whose goods have left (`not_refundable`) is refunded by the member's own cancel no more.
 */
export type DeletionLineOutcome = 'refund' | 'session_running' | 'shipping' | 'not_refundable';

export interface DeletionPreviewLine {
  name: string;
  kind: 'product' | 'ritual_session';
  outcome: DeletionLineOutcome;
  starts_at: string | null;
  ends_at: string | null;
}

export interface DeletionPreviewOrder {
  order_id: number;
  order_number: string;
  title: string;
  status: OrderStatus;
  status_label: string;
  /** Given back through the payment provider when the account is deleted; 0 when nothing is. */
  refund_amount: number;
  /** How it was paid (카드, 토스페이 …) as the provider said; null when it did not say. */
  payment_method: string | null;
  lines: DeletionPreviewLine[];
}

/** A refund already made whose money may still be on its way back to the card or account. */
export interface RefundUnderWay {
  order_id: number;
  order_number: string;
  title: string;
  amount: number;
  refunded_at: string;
  payment_method: string | null;
}

export interface DeletionPreview {
  orders: DeletionPreviewOrder[];
  refunds_under_way: RefundUnderWay[];
}

export const isPreviewEmpty = (preview: DeletionPreview): boolean => preview.orders.length === 0 && preview.refunds_under_way.length === 0;

export const refundTotal = (preview: DeletionPreview): number => preview.orders.reduce((sum, order) => sum + order.refund_amount, 0);

// 로 after a vowel or ㄹ, 으로 after any other final consonant; a name not in Hangul gets both.
function withRo(word: string): string {
  const code = word.charCodeAt(word.length - 1) - 0xac00;
  if (code < 0 || code > 11_171) return `${word}(으)로`;
  const final = code % 28;
  return `${word}${final === 0 || final === 8 ? '로' : '으로'}`;
}

/** Where refunded money goes, with its particle: `카드로`, `결제한 수단으로`. */
export const refundedTo = (method: string | null): string => withRo(method ?? '결제한 수단');

/** Whether deleting the account cancels any of the order. */
export const cancelsAny = (order: Pick<DeletionPreviewOrder, 'lines'>): boolean => order.lines.some((line) => line.outcome === 'refund');

/** The order's sentence when deleting cancels it: what comes back and where to. */
export function refundSentence(order: Pick<DeletionPreviewOrder, 'refund_amount' | 'payment_method'>): string {
  if (order.refund_amount === 0) return '탈퇴하면 함께 취소돼요.';
  return `취소하고 ${formatWon(order.refund_amount)}을 ${refundedTo(order.payment_method)} 돌려드려요.`;
}

/** `2026.12.31에`; `기수가` when the session's end is not known. */
export const endOf = (line: Pick<DeletionPreviewLine, 'ends_at'>): string => (line.ends_at ? `${formatDate(line.ends_at)}에` : '기수가');

/** A line's sentence, or null when its order's sentence says it all. */
export function lineSentence(line: DeletionPreviewLine, order: Pick<DeletionPreviewOrder, 'status' | 'lines'>): string | null {
  switch (line.outcome) {
    case 'refund': {
      if (line.kind === 'ritual_session' && line.starts_at) {
        // A cancelled order never took its seat: only its money is owed.
        return order.status === 'cancelled' ? `${formatDate(line.starts_at)} 시작` : `${formatDate(line.starts_at)} 시작 · 참여를 취소하고 자리는 다른 분께 돌아가요.`;
      }
      return order.lines.every((other) => other.outcome === 'refund') ? null : '취소하고 환불해요.';
    }
    case 'session_running':
      return `이미 시작한 기수라 환불되지 않아요. 자리는 ${endOf(line)} 끝날 때까지 그대로 두고, 남긴 기록은 '탈퇴한 회원'으로 보여요.`;
    case 'shipping':
      return '배송은 그대로 진행돼요.';
    case 'not_refundable':
      return '배송이 시작된 주문에 함께 담겨 있어 자동으로 환불되지 않아요. 환불이 필요하면 탈퇴하기 전에 1:1 문의로 알려 주세요.';
  }
}

export function refundUnderWaySentence(refund: RefundUnderWay): string {
  return `${formatDate(refund.refunded_at)}에 환불한 ${formatWon(refund.amount)}은 카드사에 따라 영업일 기준 3~7일 안에 ${refundedTo(refund.payment_method)} 돌아가요. 탈퇴해도 그대로 진행돼요.`;
}

export const DELETION_PREVIEW_TEXT = {
  title: '진행 중인 주문과 리추얼',
  empty: '진행 중인 주문이나 참여 중인 리추얼이 없어요.',
  underWay: '환불 진행 중',
} as const;
