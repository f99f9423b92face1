import { dataOf, listOf, messageAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { memberExportAnswer } from './answer-schema.ts';

export const memberExportOperations: readonly ApiOperation[] = [
  {
    method: 'GET',
    path: '/api/me/exports',
    summary: '내 기록 내보내기 목록 (최근 것부터)',
    access: 'member',
    answers: { 200: listOf(memberExportAnswer) },
  },
  {
    method: 'POST',
    path: '/api/me/exports',
    summary: '내 기록 내보내기 시작 (이미 준비 중인 것이 있으면 그것을 답함; 서울 기준 하루 3번까지, 넘으면 429)',
    access: 'member',
    answers: { 202: dataOf(memberExportAnswer) },
  },
  {
    method: 'GET',
    path: '/api/me/exports/:id',
    summary: '내 기록 내보내기 하나의 상태',
    access: 'member',
    answers: { 200: dataOf(memberExportAnswer) },
  },
  {
    method: 'GET',
    path: '/api/me/exports/:id/download',
    summary: '내보낸 기록 내려받기 (application/zip; 7일이 지나면 410)',
    access: 'member',
    answers: { 200: null, 410: messageAnswer },
  },
];
