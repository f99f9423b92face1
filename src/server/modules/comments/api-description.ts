import { dataOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { commentAnswer, commentLikeAnswer } from './answer-schema.ts';
import { commentCreateInput, commentUpdateInput } from './schema.ts';

export const commentOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/api/comments', summary: '댓글 쓰기', access: 'member', body: commentCreateInput, answers: { 201: dataOf(commentAnswer) } },
  { method: 'PUT', path: '/api/comments/:id', summary: '댓글 고치기', access: 'member', body: commentUpdateInput, answers: { 200: dataOf(commentAnswer) } },
  { method: 'DELETE', path: '/api/comments/:id', summary: '댓글 지우기', access: 'member', answers: { 204: null } },
  {
    method: 'POST',
    path: '/api/comments/:id/like',
    summary: '댓글 좋아요 토글',
    access: 'member',
    answers: { 200: dataOf(commentLikeAnswer) },
  },
];
