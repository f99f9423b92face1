import { z } from 'zod';
import { dataOf, looseRecord, pageMetaAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { reviewCreateInput, reviewListQuery } from './schema.ts';

const reviewPage = z.strictObject({ data: z.array(looseRecord), meta: pageMetaAnswer.extend({ review_summary: looseRecord }) });

export const reviewOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/reviews', summary: '후기 목록', access: 'anyone', query: reviewListQuery, answers: { 200: reviewPage } },
  { method: 'POST', path: '/api/reviews', summary: '후기 쓰기', access: 'member', body: reviewCreateInput, multipart: true, answers: { 201: dataOf(looseRecord) } },
  { method: 'DELETE', path: '/api/reviews/:id', summary: '후기 지우기', access: 'member', answers: { 204: null } },
];
