import { dataOf, messageAnswer, pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { orderAnswer, ownOrderItemAnswer } from './answer-schema.ts';
import { orderConfirmInput, orderCreateInput, orderListQuery } from './schema.ts';

const order = dataOf(orderAnswer);

export const orderOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/orders/me', summary: '내 주문 목록', access: 'member', query: orderListQuery, answers: { 200: pageOf(orderAnswer) } },
  { method: 'GET', path: '/api/orders/me/:id', summary: '내 주문', access: 'member', answers: { 200: order } },
  { method: 'GET', path: '/api/order-items/me/:id', summary: '내 주문 상품', access: 'member', answers: { 200: dataOf(ownOrderItemAnswer) } },
  { method: 'POST', path: '/api/orders', summary: '주문하기', access: 'member', body: orderCreateInput, answers: { 201: order } },
  { method: 'POST', path: '/api/orders/confirm', summary: '결제 승인', access: 'member', body: orderConfirmInput, answers: { 200: order, 409: messageAnswer, 503: messageAnswer } },
  { method: 'DELETE', path: '/api/orders/:id', summary: '결제 전 주문 취소', access: 'member', answers: { 200: order, 409: messageAnswer } },
  { method: 'DELETE', path: '/api/orders/:id/paid', summary: '결제한 주문 취소 (환불)', access: 'member', answers: { 200: order, 409: messageAnswer, 503: messageAnswer } },
  { method: 'DELETE', path: '/api/order-items/:id', summary: '주문 상품 하나 취소', access: 'member', answers: { 200: order, 409: messageAnswer, 503: messageAnswer } },
  { method: 'POST', path: '/api/orders/:id/purchase-confirmation', summary: '구매 확정', access: 'member', answers: { 200: order, 409: messageAnswer } },
];
