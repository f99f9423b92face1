import { dataOf, messageAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { registerWithSnsInput } from '../social/register-with-sns.ts';
import { currentUserAnswer } from '../users/answer-schema.ts';

export const authOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/user', summary: '로그인한 회원 (이메일 미인증이면 409)', access: 'member', answers: { 200: dataOf(currentUserAnswer), 409: messageAnswer } },
  { method: 'POST', path: '/api/register-with-sns', summary: '소셜 가입 마무리', access: 'member', body: registerWithSnsInput, answers: { 200: dataOf(currentUserAnswer) } },
];
