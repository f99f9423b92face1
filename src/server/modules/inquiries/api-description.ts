import { dataOf, listOf, pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { inquiryAnswer, inquiryCategoryAnswer } from './answer-schema.ts';
import { inquiryCreateInput, inquiryListQuery, inquiryUpdateInput } from './schema.ts';

export const inquiryOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/inquiry-categories', summary: '문의 분류', access: 'member', answers: { 200: listOf(inquiryCategoryAnswer) } },
  { method: 'GET', path: '/api/inquiries', summary: '내 문의 목록', access: 'member', query: inquiryListQuery, answers: { 200: pageOf(inquiryAnswer) } },
  { method: 'POST', path: '/api/inquiries', summary: '문의 쓰기', access: 'member', body: inquiryCreateInput, multipart: true, answers: { 201: dataOf(inquiryAnswer) } },
  { method: 'GET', path: '/api/inquiries/:id', summary: '내 문의', access: 'member', answers: { 200: dataOf(inquiryAnswer) } },
  { method: 'GET', path: '/api/inquiries/:id/attachments/:attachmentId', summary: '문의 첨부 파일 (파일 그대로)', access: 'member', answers: { 200: null } },
  { method: 'PUT', path: '/api/inquiries/:id', summary: '문의 고치기', access: 'member', body: inquiryUpdateInput, multipart: true, answers: { 200: dataOf(inquiryAnswer) } },
  { method: 'DELETE', path: '/api/inquiries/:id', summary: '문의 지우기', access: 'member', answers: { 204: null } },
];
