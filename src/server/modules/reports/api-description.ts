import { dataOf, messageAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { reportAnswer } from './answer-schema.ts';
import { reportInput } from './schema.ts';

export const reportOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/api/reports', summary: '신고하기', access: 'member', body: reportInput, answers: { 201: dataOf(reportAnswer), 409: messageAnswer } },
];
