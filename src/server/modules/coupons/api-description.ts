import { dataOf, listOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { availableCouponAnswer, couponAnswer, discountPriceAnswer } from './answer-schema.ts';
import { couponAvailableQuery, couponDiscountQuery, couponListQuery, couponRegisterInput } from './schema.ts';

export const couponOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/api/coupons/users', summary: '쿠폰 코드 등록', access: 'member', body: couponRegisterInput, answers: { 201: dataOf(couponAnswer) } },
  { method: 'GET', path: '/api/coupons/me', summary: '내 쿠폰', access: 'member', query: couponListQuery, answers: { 200: listOf(couponAnswer) } },
  { method: 'GET', path: '/api/coupons/available', summary: '쓸 수 있는 쿠폰과 할인액', access: 'member', query: couponAvailableQuery, answers: { 200: listOf(availableCouponAnswer) } },
  {
    method: 'GET',
    path: '/api/coupons/discount-price',
    summary: '쿠폰 적용 금액',
    access: 'member',
    query: couponDiscountQuery,
    answers: { 200: dataOf(discountPriceAnswer) },
  },
];
