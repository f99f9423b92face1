import { z } from 'zod';
import { idField } from '../../http/route-id.ts';

export const COUPON_MESSAGES = {
  code: '쿠폰 코드를 입력해 주세요.',
  codeNotFound: '쿠폰 코드를 찾을 수 없어요. 대소문자와 숫자를 다시 확인해 주세요.',
  expired: '사용 기간이 아닌 쿠폰이에요.',
  alreadyRegistered: '이미 등록한 쿠폰이에요.',
  exhausted: '선착순 수량이 모두 소진된 쿠폰이에요.',
  couponUserId: '쿠폰을 찾을 수 없어요.',
  amount: '금액은 0 이상의 정수로 보내 주세요.',
  productIds: '상품 번호를 확인해 주세요.',
  state: '쿠폰 상태는 available 또는 used로 보내 주세요.',
  tooManyGuesses: (seconds: number) => `쿠폰 코드를 여러 번 잘못 입력했어요. ${Math.ceil(seconds / 60)}분 후에 다시 시도해 주세요.`,
} as const;

const amountField = z.coerce.number({ error: COUPON_MESSAGES.amount }).int(COUPON_MESSAGES.amount).min(0, COUPON_MESSAGES.amount).max(100_000_000, COUPON_MESSAGES.amount);

/** POST /api/coupons/users */
export const couponRegisterInput = z.object({
  code: z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), z.string({ error: COUPON_MESSAGES.code }).min(1, COUPON_MESSAGES.code).max(40, COUPON_MESSAGES.codeNotFound)),
});

/** GET /api/coupons/available?amount=&product_ids[]= (the ids are read apart: a query may repeat them). */
export const couponAvailableQuery = z.object({ amount: amountField });

/** GET /api/coupons/discount-price?coupon_user_id=&amount= */
export const couponDiscountQuery = z.object({ coupon_user_id: idField(COUPON_MESSAGES.couponUserId), amount: amountField });

export const COUPON_STATES = ['available', 'used'] as const;

/** GET /api/coupons/me?state=: the wallet's usable coupons, or those used or past their validity. */
export const couponListQuery = z.object({ state: z.enum(COUPON_STATES, { error: COUPON_MESSAGES.state }).default('available') });
