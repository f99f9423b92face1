import { dataOf, listOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { reactionToggleAnswer, reactionUserAnswer } from './answer-schema.ts';
import { reactionToggleInput, reactionUsersQuery } from './schema.ts';

export const reactionOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/api/reactions', summary: '반응 토글', access: 'member', body: reactionToggleInput, answers: { 200: dataOf(reactionToggleAnswer) } },
  { method: 'GET', path: '/api/reactions/users', summary: '반응한 회원 목록', access: 'anyone', query: reactionUsersQuery, answers: { 200: listOf(reactionUserAnswer) } },
];
