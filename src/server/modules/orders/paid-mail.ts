import { formatWon } from '../../../lib/numbers.ts';
import { formatPhoneNumber } from '../../../lib/phone-number.ts';
import { myOrderPath } from '../../../lib/orders.ts';
import { formatDateTime } from '../../../lib/time.ts';
import type { MailMessage, Mailer } from '../../adapters/mail/index.ts';
import type { Order, OrderItem, RitualSession, User } from '../../db/schema/index.ts';
import type { BackgroundWork } from '../../jobs/background-work.ts';
import type { Logger } from '../../logger.ts';
import { layout } from '../auth/mails.ts';
import type { ConfirmedOrder } from './settlement.ts';

/**
 * How the member paid, as the provider names it: Toss answers in Korean (카드, 계좌이체, 간편결제
 * with its 토스페이 or 카카오페이). A provider that names none is still a payment made online.
 */
export function paymentMethodOf(raw: unknown): string {
  const answer = (raw !== null && typeof raw === 'object' ? raw : {}) as { method?: unknown; easyPay?: { provider?: unknown } | null };
  const method = typeof answer.method === 'string' && answer.method !== '' ? answer.method : null;
  const easyPay = typeof answer.easyPay?.provider === 'string' && answer.easyPay.provider !== '' ? answer.easyPay.provider : null;
  if (method === '간편결제' && easyPay) return `간편결제 (${easyPay})`;
  return method ?? '온라인 결제';
}

interface PaidOrder {
  order: Order;
  items: OrderItem[];
  /** The sessions of its seats, for the date each one starts. */
  sessions: RitualSession[];
}

function itemLine(item: OrderItem, sessions: RitualSession[]): string {
  if (item.kind === 'ritual_session') {
    const session = sessions.find((candidate) => candidate.id === item.ritualSessionId);
    const starts = session ? ` · ${formatDateTime(session.startsAt)} 시작` : '';
    return `${item.name}${starts} · ${formatWon(item.lineAmount)}`;
  }
  const option = item.optionName ? ` (${item.optionName})` : '';
  return `${item.name}${option} · ${item.quantity}개 · ${formatWon(item.lineAmount)}`;
}

/** What the amount is made of, when it is more than the items: `상품 24,000원 + 배송비 3,000원`. */
function amountParts(order: Order): string | null {
  const parts = [`상품 ${formatWon(order.itemsAmount)}`];
  if (order.shippingFee > 0) parts.push(`배송비 ${formatWon(order.shippingFee)}`);
  if (order.isolatedFee > 0) parts.push(`도서산간 추가 배송비 ${formatWon(order.isolatedFee)}`);
  const sum = parts.join(' + ');
  if (order.discountAmount > 0) return `${sum} - 쿠폰 할인 ${formatWon(order.discountAmount)}`;
  return parts.length > 1 ? sum : null;
}

/** The receipt mailed once an order is paid: its number, what was bought, how much and how. */
export function paidOrderMail(to: string, nickname: string, paid: PaidOrder, method: string, url: string): MailMessage {
  const { order, items, sessions } = paid;
  const parts = amountParts(order);
  const ships = items.some((item) => item.kind === 'product');
  const seats = items.some((item) => item.kind === 'ritual_session');
  const lines = [
    `${nickname}님, 결제가 완료되었어요. 주문해 주셔서 고마워요.`,
    `주문번호: ${order.orderNumber}`,
    ...(order.paidAt ? [`결제 일시: ${formatDateTime(order.paidAt)}`] : []),
    `결제 수단: ${method}`,
    `결제 금액: ${formatWon(order.amount)}${parts ? ` (${parts})` : ''}`,
    '주문 내역',
    ...items.map((item) => `· ${itemLine(item, sessions)}`),
    ...(ships && order.address
      ? [`받는 분: ${order.recipientName ?? ''} · ${formatPhoneNumber(order.recipientPhone ?? '')} · (${order.postalCode}) ${order.address} ${order.addressDetail ?? ''}`.trim()]
      : []),
    ...(seats ? ['시작하는 날 리추얼 방에서 만나요.'] : []),
    ...(ships ? ['상품은 준비되는 대로 보내 드릴게요.'] : []),
  ];
  return {
    to,
    subject: `[리추얼] 결제가 완료되었어요 (주문번호 ${order.orderNumber})`,
    text: `${lines.join('\n')}\n\n주문 상세 보기: ${url}\n`,
    html: layout('결제가 완료되었어요', lines, { label: '주문 상세 보기', url }),
    links: [url],
  };
}

export interface ReceiptDeps {
  mailer: Mailer;
  background: BackgroundWork;
  /** The site's address, for the link to the order. */
  appUrl: string;
}

/**
 * Mails the receipt when this confirm paid the order (a reload or a second confirm finds it paid
 * and sends nothing). It leaves after the answer: the member is not kept waiting on the mail
 * server, and a mail that fails is logged while the order stays paid and its notification stays.
 */
export function mailReceipt(deps: ReceiptDeps, log: Logger, member: Pick<User, 'email' | 'nickname'>, confirmed: ConfirmedOrder): void {
  const { paidNow } = confirmed;
  if (!paidNow) return;
  const url = new URL(myOrderPath(confirmed.order.id), deps.appUrl).toString();
  const mail = paidOrderMail(member.email, member.nickname, { ...confirmed, sessions: paidNow.sessions }, paymentMethodOf(paidNow.raw), url);
  deps.background.start(log, 'mail the receipt of a paid order', () => deps.mailer.send(mail));
}
