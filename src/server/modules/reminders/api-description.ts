import { dataOf, listOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { reminderAnswer } from './answer-schema.ts';
import { reminderInput } from './schema.ts';

export const reminderOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/me/reminders',
    summary: '참여 중이거나 시작할 리추얼의 리마인더',
    access: 'member',
    answers: { 200: listOf(reminderAnswer) },
  },
  {
    method: 'PUT',
    path: '/api/me/reminders/:ritualSessionId',
    summary: '리추얼 하나의 리마인더 바꾸기 (켜기·끄기, 시간, 방법)',
    access: 'member',
    body: reminderInput,
    answers: { 200: dataOf(reminderAnswer) },
  },
];
