import { z } from 'zod';
import { dataOf, listOf, looseRecord } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { reactionToggleInput, reactionUsersQuery } from './schema.ts';

const toggled = z.strictObject({
  reacted: z.boolean(),
  reaction_type: z.string(),
  reaction_counts: z.record(z.string(), z.int()),
  my_reactions: z.array(z.string()),
  reactions_count: z.int(),
});

export const reactionOperations: readonly ApiOperation[] = [
  { method: 'POST', path: '/api/reactions', summary: '반응 토글', access: 'member', body: reactionToggleInput, answers: { 200: dataOf(toggled) } },
  { method: 'GET', path: '/api/reactions/users', summary: '반응한 회원 목록', access: 'anyone', query: reactionUsersQuery, answers: { 200: listOf(looseRecord) } },
];
