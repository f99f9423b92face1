import { dataOf, looseRecord, messageAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { reportInput } from './schema.ts';

export const reportOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/api/reports', summary: '신고하기', access: 'member', body: reportInput, answers: { 200: dataOf(looseRecord), 201: dataOf(looseRecord), 409: messageAnswer } },
];
