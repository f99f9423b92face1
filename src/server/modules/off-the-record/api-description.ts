import { z } from 'zod';
import { dataOf, listOf, pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { offTheRecordCategoryAnswer, offTheRecordDetailAnswer, offTheRecordItemAnswer } from './answer-schema.ts';
import { recordListQuery, savedListQuery } from './schema.ts';

export const offTheRecordOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/off-the-record-categories', summary: '오프 더 레코드 분류', access: 'anyone', answers: { 200: listOf(offTheRecordCategoryAnswer) } },
  { method: 'GET', path: '/api/off-the-records', summary: '오프 더 레코드 목록', access: 'anyone', query: recordListQuery, answers: { 200: pageOf(offTheRecordItemAnswer) } },
  { method: 'GET', path: '/api/off-the-record-reviews', summary: '오프 더 레코드: 후기', access: 'anyone', query: recordListQuery, answers: { 200: pageOf(offTheRecordItemAnswer) } },
  { method: 'GET', path: '/api/off-the-record-interviews', summary: '오프 더 레코드: 인터뷰', access: 'anyone', query: recordListQuery, answers: { 200: pageOf(offTheRecordItemAnswer) } },
  { method: 'GET', path: '/api/off-the-records/saved', summary: '저장한 오프 더 레코드', access: 'member', query: savedListQuery, answers: { 200: pageOf(offTheRecordItemAnswer) } },
  { method: 'GET', path: '/api/off-the-records/:id', summary: '오프 더 레코드', access: 'anyone', answers: { 200: dataOf(offTheRecordDetailAnswer) } },
  { method: 'POST', path: '/api/off-the-records/:id/toggle-save', summary: '저장 토글', access: 'member', answers: { 200: dataOf(z.strictObject({ saved: z.boolean() })) } },
];
