import { z } from 'zod';
import { cursorOf, dataOf, looseRecord } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { notificationListQuery } from './schema.ts';

export const notificationOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/notifications/new',
    summary: '가장 새 알림 (30초 폴링)',
    access: 'member',
    answers: { 200: dataOf(z.strictObject({ id: z.int(), created_at: z.string() }).nullable()) },
  },
  { method: 'GET', path: '/api/notifications', summary: '알림 목록', access: 'member', query: notificationListQuery, answers: { 200: cursorOf(looseRecord) } },
  {
    method: 'POST',
    path: '/api/notifications/read-all',
    summary: '알림 모두 읽음',
    access: 'member',
    answers: { 200: dataOf(z.strictObject({ read_count: z.int(), read_at: z.string() })) },
  },
  { method: 'POST', path: '/api/notifications/:id/read', summary: '알림 읽음', access: 'member', answers: { 200: dataOf(looseRecord) } },
];
