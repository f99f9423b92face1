import { z } from 'zod';
import { apiTimeAnswer, dataOf, messageAnswer } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { verifyCodeInput, phoneInput } from '../phone/schema.ts';
import { deletionPreviewAnswer, profileAnswer } from './answer-schema.ts';
import { accountDeletionInput, profileUpdateInput } from './schema.ts';

export const meOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/me', summary: '내 프로필', access: 'member', answers: { 200: dataOf(profileAnswer) } },
  { method: 'PUT', path: '/api/me', summary: '내 프로필 수정', access: 'member', body: profileUpdateInput, multipart: true, answers: { 200: dataOf(profileAnswer) } },
  { method: 'DELETE', path: '/api/me', summary: '회원 탈퇴', access: 'member', body: accountDeletionInput, answers: { 204: null, 409: messageAnswer, 503: messageAnswer } },
  { method: 'GET', path: '/api/me/deletion-preview', summary: '탈퇴 전 남은 구매 안내', access: 'member', answers: { 200: dataOf(deletionPreviewAnswer) } },
  { method: 'GET', path: '/api/me/invite-code', summary: '내 초대 코드', access: 'member', answers: { 200: dataOf(z.strictObject({ invite_code: z.string() })) } },
  {
    method: 'POST',
    path: '/api/phone-verification/send-code',
    summary: '휴대폰 인증 번호 보내기',
    access: 'member',
    body: phoneInput,
    answers: { 200: dataOf(z.strictObject({ expires_in: z.int(), resend_after: z.int() })), 503: messageAnswer },
  },
  { method: 'POST', path: '/api/phone-verification/verify-code', summary: '휴대폰 인증 번호 확인', access: 'member', body: verifyCodeInput, answers: { 200: dataOf(z.strictObject({ verified: z.literal(true) })) } },
  {
    method: 'PUT',
    path: '/api/me/phone',
    summary: '인증한 휴대폰 번호 저장',
    access: 'member',
    body: phoneInput,
    answers: { 200: dataOf(z.strictObject({ phone: z.string(), country_code: z.string(), phone_verified_at: apiTimeAnswer })) },
  },
];
