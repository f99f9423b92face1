import { z } from 'zod';
import { dataOf, listOf, pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { cartLineAnswer, cartSummaryAnswer, productDetailAnswer, productItemAnswer, tempCartItemAnswer } from './answer-schema.ts';
import { cartItemCreateInput, cartItemUpdateInput, cartSelectionInput, productListQuery, tempCartInput } from './schema.ts';

const cart = z.strictObject({ data: z.array(cartLineAnswer), meta: z.strictObject({ summary: cartSummaryAnswer }) });

export const storeOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/cart-items/count', summary: '장바구니 줄 수 (배지)', access: 'member', answers: { 200: dataOf(z.strictObject({ count: z.int() })) } },
  { method: 'GET', path: '/api/products', summary: '상품 목록', access: 'anyone', query: productListQuery, answers: { 200: pageOf(productItemAnswer) } },
  { method: 'GET', path: '/api/products/latest', summary: '새 상품', access: 'anyone', answers: { 200: listOf(productItemAnswer) } },
  { method: 'GET', path: '/api/products/:id', summary: '상품', access: 'anyone', answers: { 200: dataOf(productDetailAnswer) } },
  {
    method: 'GET',
    path: '/api/isolated-regions/:postal_code',
    summary: '도서산간 여부와 추가 배송비',
    access: 'anyone',
    answers: { 200: dataOf(z.strictObject({ postal_code: z.string(), is_isolated: z.boolean(), region: z.string().nullable(), extra_fee: z.int() })) },
  },
  { method: 'GET', path: '/api/cart-items', summary: '장바구니', access: 'member', answers: { 200: cart } },
  {
    method: 'POST',
    path: '/api/cart-items',
    summary: '장바구니에 담기',
    access: 'member',
    body: cartItemCreateInput,
    answers: { 201: z.strictObject({ data: cartLineAnswer, meta: z.strictObject({ count: z.int() }) }) },
  },
  { method: 'PUT', path: '/api/cart-items', summary: '주문할 줄 고르기', access: 'member', body: cartSelectionInput, answers: { 200: cart } },
  { method: 'PUT', path: '/api/cart-items/:id', summary: '장바구니 줄 고치기', access: 'member', body: cartItemUpdateInput, answers: { 200: dataOf(cartLineAnswer) } },
  { method: 'DELETE', path: '/api/cart-items/:id', summary: '장바구니 줄 빼기', access: 'member', answers: { 204: null } },
  { method: 'GET', path: '/api/temp-cart-items', summary: '바로 구매 장바구니', access: 'member', answers: { 200: listOf(tempCartItemAnswer) } },
  { method: 'POST', path: '/api/temp-cart-items', summary: '바로 구매 장바구니 바꾸기', access: 'member', body: tempCartInput, answers: { 201: listOf(tempCartItemAnswer) } },
];
