import { cancelsAny, endOf, refundedTo } from '../../../lib/account-deletion.ts';
import type { DeletionPreview, DeletionPreviewLine, DeletionPreviewOrder } from '../../../lib/account-deletion.ts';
import { formatWon } from '../../../lib/numbers.ts';
import { formatDate } from '../../../lib/time.ts';
import type { MailMessage } from '../../adapters/mail/index.ts';
import { layout } from '../auth/mails.ts';

function refundedLines(order: DeletionPreviewOrder): string[] {
  const head =
    order.refund_amount > 0
      ? `· 「${order.title}」 주문을 취소하고 ${formatWon(order.refund_amount)}을 ${refundedTo(order.payment_method)} 돌려드렸어요.`
      : `· 「${order.title}」 주문을 취소했어요.`;
  const seats = order.status === 'cancelled' ? [] : order.lines.filter((line) => line.outcome === 'refund' && line.kind === 'ritual_session');
  return [head, ...seats.map((line) => `  「${line.name}」 참여를 취소하고 자리는 다른 분께 돌려드렸어요.`)];
}

function continuingLine(order: DeletionPreviewOrder, line: DeletionPreviewLine): string | null {
  switch (line.outcome) {
    case 'refund':
      return null;
    case 'shipping':
      return `· 「${line.name}」 배송 중인 주문(${order.order_number})이에요. 배송은 그대로 진행돼요.`;
    case 'session_running':
      return `· 「${line.name}」 이미 시작한 기수라 환불되지 않았어요. 자리는 ${endOf(line)} 끝날 때까지 그대로예요.`;
    case 'not_refundable':
      return `· 「${line.name}」 배송이 시작된 주문(${order.order_number})에 함께 담겨 있어 자동으로 환불되지 않았어요. 환불이 필요하면 주문번호와 함께 고객센터로 알려 주세요.`;
  }
}

/**
 * The farewell, sent to the address the account had until a moment ago: what the deletion
 * cancelled and refunded, what carries on, and the refunds still on their way.
 */
export function accountDeletedMail(to: string, nickname: string, preview: DeletionPreview, appUrl: string): MailMessage {
  const refunded = preview.orders.filter(cancelsAny);
  const continuing = preview.orders.flatMap((order) => order.lines.flatMap((line) => continuingLine(order, line) ?? []));
  const lines = [
    `${nickname}님, 요청하신 대로 탈퇴를 마쳤어요. 그동안 리추얼과 함께해 주셔서 고마워요.`,
    ...(refunded.length > 0 ? ['취소하고 환불했어요', ...refunded.flatMap(refundedLines), '환불한 금액은 카드사에 따라 영업일 기준 3~7일 안에 결제 수단으로 돌아가요.'] : []),
    ...(continuing.length > 0 ? ['그대로 진행돼요', ...continuing] : []),
    ...(preview.refunds_under_way.length > 0
      ? [
          '환불 진행 중',
          ...preview.refunds_under_way.map(
            (refund) => `· 「${refund.title}」 ${formatDate(refund.refunded_at)}에 환불한 ${formatWon(refund.amount)}은 ${refundedTo(refund.payment_method)} 돌아가는 중이에요.`,
          ),
        ]
      : []),
    '주문·결제 기록은 전자상거래 등에서의 소비자보호에 관한 법률에 따라 5년 동안 보관한 뒤 파기해요.',
    '궁금한 점이 있으면 자주 묻는 질문을 확인하거나 고객센터로 문의해 주세요.',
  ];
  const url = new URL('/faq', appUrl).toString();
  return {
    to,
    subject: '[리추얼] 탈퇴가 완료되었어요',
    text: `${lines.join('\n')}\n\n자주 묻는 질문: ${url}\n`,
    html: layout('탈퇴가 완료되었어요', lines, { label: '자주 묻는 질문 보기', url }),
    links: [url],
  };
}
