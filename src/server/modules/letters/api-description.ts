import { dataOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { letterAnswer } from './answer-schema.ts';
import { letterInput } from './schema.ts';

export const letterOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/ritual-sessions/:id/message-to-myself', summary: '나에게 쓰는 편지', access: 'member', answers: { 200: dataOf(letterAnswer.nullable()) } },
  {
    method: 'POST',
    path: '/api/ritual-sessions/:id/message-to-myself',
    summary: '나에게 쓰는 편지 쓰기·고치기',
    access: 'member',
    body: letterInput,
    answers: { 200: dataOf(letterAnswer), 201: dataOf(letterAnswer) },
  },
];
