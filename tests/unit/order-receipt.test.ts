import { describe, expect, it } from 'vitest';
import { notificationImage, notificationLink, notificationMessage } from '../../src/lib/notifications.ts';
import { paymentMethodOf } from '../../src/server/modules/orders/paid-mail.ts';
import { sampleNotificationData } from '../helpers/contract-samples.ts';

describe('the payment method a receipt names', () => {
  it('is what the provider answered, with the easy-pay service by name', () => {
    expect(paymentMethodOf({ method: '카드', totalAmount: 24_000 })).toBe('카드');
    expect(paymentMethodOf({ method: '계좌이체' })).toBe('계좌이체');
    expect(paymentMethodOf({ method: '간편결제', easyPay: { provider: '토스페이', amount: 24_000 } })).toBe('간편결제 (토스페이)');
    expect(paymentMethodOf({ method: '간편결제', easyPay: null })).toBe('간편결제');
  });

  it('is an online payment when the answer names none', () => {
    expect(paymentMethodOf({ status: 'DONE' })).toBe('온라인 결제');
    expect(paymentMethodOf({ method: '' })).toBe('온라인 결제');
    expect(paymentMethodOf(null)).toBe('온라인 결제');
  });
});

describe('a paid order’s notification', () => {
  const paid = sampleNotificationData({
    is_order_paid: true,
    title: '하루 한 줄 5년 다이어리 외 1건',
    link: '/mypage/orders/41',
    target: 'post',
    nickname: null,
    profile_image: null,
    square_post_category_slug: null,
    id: null,
  });

  it('says the payment went through and leads to the order, with no one’s picture', () => {
    expect(notificationMessage(paid)).toBe('결제가 완료되었어요. 주문 내역을 확인해 보세요.');
    expect(notificationLink(paid)).toBe('/mypage/orders/41');
    expect(notificationImage({ ...paid, profile_image: '/x.webp' })).toBeNull();
  });
});
