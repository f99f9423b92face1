import { dataOf, messageAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { notificationSettingsAnswer, pushPublicKeyAnswer, pushSubscriptionAnswer } from './answer-schema.ts';
import { notificationSettingsInput, pushSubscriptionBody, pushUnsubscribeInput } from './schema.ts';

export const pushOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/push/public-key',
    summary: '푸시 구독에 쓸 VAPID 공개 키',
    access: 'anyone',
    answers: { 200: dataOf(pushPublicKeyAnswer), 503: messageAnswer },
  },
  {
    method: 'POST',
    path: '/api/push-subscriptions',
    summary: '이 브라우저의 푸시 구독 저장 (같은 endpoint는 갱신, 보낸 회원에게로 옮김)',
    access: 'member',
    body: pushSubscriptionBody,
    answers: { 200: dataOf(pushSubscriptionAnswer), 201: dataOf(pushSubscriptionAnswer) },
  },
  {
    method: 'DELETE',
    path: '/api/push-subscriptions',
    summary: '이 브라우저의 푸시 구독 해지',
    access: 'member',
    body: pushUnsubscribeInput,
    answers: { 204: null },
  },
  {
    method: 'GET',
    path: '/api/me/notification-settings',
    summary: '알림 설정',
    access: 'member',
    answers: { 200: dataOf(notificationSettingsAnswer) },
  },
  {
    method: 'PUT',
    path: '/api/me/notification-settings',
    summary: '알림 설정 바꾸기',
    access: 'member',
    body: notificationSettingsInput,
    answers: { 200: dataOf(notificationSettingsAnswer) },
  },
];
