import { z } from 'zod';
import { dataOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { publicUserAnswer } from './answer-schema.ts';
import { validateEmailInput, validateUsernameInput } from './schema.ts';

const available = dataOf(z.strictObject({ available: z.literal(true) }));

export const userOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/users/:id', summary: '회원 공개 프로필', access: 'anyone', answers: { 200: dataOf(publicUserAnswer) } },
  { method: 'POST', path: '/api/user/validate-username', summary: '아이디 사용 가능 여부', access: 'anyone', body: validateUsernameInput, answers: { 200: available } },
  { method: 'POST', path: '/api/user/validate-email', summary: '이메일 사용 가능 여부', access: 'anyone', body: validateEmailInput, answers: { 200: available } },
];
