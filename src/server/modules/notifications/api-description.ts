import { cursorOf, dataOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { newestNotificationAnswer, notificationAnswer, readAllAnswer } from './answer-schema.ts';
import { notificationListQuery } from './schema.ts';

export const notificationOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/notifications/new', summary: '가장 새 알림 (30초 폴링)', access: 'member', answers: { 200: dataOf(newestNotificationAnswer) } },
  { method: 'GET', path: '/api/notifications', summary: '알림 목록', access: 'member', query: notificationListQuery, answers: { 200: cursorOf(notificationAnswer) } },
  { method: 'POST', path: '/api/notifications/read-all', summary: '알림 모두 읽음', access: 'member', answers: { 200: dataOf(readAllAnswer) } },
  { method: 'POST', path: '/api/notifications/:id/read', summary: '알림 읽음', access: 'member', answers: { 200: dataOf(notificationAnswer) } },
];
