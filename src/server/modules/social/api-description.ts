import type { ApiOperation } from '../../http/openapi/operation.ts';
import { standInBadTokenAnswer, standInOAuthErrorAnswer, standInTokenAnswer, standInUserinfoAnswer } from './answer-schema.ts';

/** The local OAuth server that stands in for the providers outside production; it answers as they do, not in our envelope. */
export const socialStandInOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/dev/oauth/:provider/consent', summary: '개발용 OAuth 동의 화면', access: 'anyone', answers: { 200: null, 302: null } },
  {
    method: 'POST',
    path: '/api/dev/oauth/:provider/token',
    summary: '개발용 OAuth 토큰',
    access: 'anyone',
    answers: { 200: standInTokenAnswer, 400: standInOAuthErrorAnswer, 401: standInOAuthErrorAnswer },
  },
  { method: 'GET', path: '/api/dev/oauth/:provider/userinfo', summary: '개발용 OAuth 사용자 정보', access: 'anyone', answers: { 200: standInUserinfoAnswer, 401: standInBadTokenAnswer } },
];
