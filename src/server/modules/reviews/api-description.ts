import { z } from 'zod';
import { dataOf, pageMetaAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { reviewAnswer, reviewSummaryAnswer } from './answer-schema.ts';
import { reviewCreateInput, reviewListQuery } from './schema.ts';

const reviewPage = z.strictObject({ data: z.array(reviewAnswer), meta: pageMetaAnswer.extend({ review_summary: reviewSummaryAnswer }) });

export const reviewOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/reviews', summary: '후기 목록', access: 'anyone', query: reviewListQuery, answers: { 200: reviewPage } },
  { method: 'POST', path: '/api/reviews', summary: '후기 쓰기', access: 'member', body: reviewCreateInput, multipart: true, answers: { 201: dataOf(reviewAnswer) } },
  { method: 'DELETE', path: '/api/reviews/:id', summary: '후기 지우기', access: 'member', answers: { 204: null } },
];
