import { z } from 'zod';
import { cursorOf, dataOf, listOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import {
  checkInResultAnswer,
  checkInTextAnswer,
  publicRoomPostAnswer,
  roomDetailAnswer,
  roomInfoAnswer,
  roomPostDetailAnswer,
  roomPostItemAnswer,
  roomReaderAnswer,
  roomSummaryAnswer,
  roomThreadDetailAnswer,
  roomThreadItemAnswer,
  todayRoomAnswer,
} from './answer-schema.ts';
import { checkInInput, roomCursorQuery, roomPostInput, roomPostListQuery, roomThreadInput } from './schema.ts';

const saved = dataOf(z.strictObject({ saved: z.boolean() }));

export const roomOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/ritual-sessions/users/me', summary: '내 세션(방) 목록', access: 'member', answers: { 200: listOf(roomSummaryAnswer) } },
  { method: 'GET', path: '/api/me/today', summary: '오늘의 리추얼 (진행 중인 세션과 체크인)', access: 'member', answers: { 200: listOf(todayRoomAnswer) } },
  { method: 'GET', path: '/api/ritual-session-check-in-texts', summary: '체크인 문구', access: 'member', answers: { 200: listOf(checkInTextAnswer) } },
  { method: 'GET', path: '/api/ritual-session-posts/saved', summary: '저장한 세션 기록', access: 'member', query: roomCursorQuery, answers: { 200: cursorOf(roomPostItemAnswer) } },
  { method: 'POST', path: '/api/ritual-session-posts/:postId/toggle-save', summary: '세션 기록 저장 토글', access: 'member', answers: { 200: saved } },
  { method: 'PUT', path: '/api/ritual-session-posts/:postId/toggle-save', summary: '세션 기록 저장 토글 (_method PUT)', access: 'member', answers: { 200: saved } },
  { method: 'GET', path: '/api/ritual-sessions/:id', summary: '세션(방)', access: 'member', answers: { 200: dataOf(roomDetailAnswer) } },
  { method: 'GET', path: '/api/ritual-sessions/:id/info', summary: '세션 정보와 멤버', access: 'member', answers: { 200: dataOf(roomInfoAnswer) } },
  {
    method: 'POST',
    path: '/api/ritual-sessions/:id/check-in',
    summary: '체크인 (하루 한 번; Idempotency-Key와 checked_in_at으로 늦게 보내도 한 번)',
    access: 'member',
    body: checkInInput,
    idempotent: true,
    answers: { 200: dataOf(checkInResultAnswer), 201: dataOf(checkInResultAnswer) },
  },
  { method: 'GET', path: '/api/ritual-sessions/:id/posts/public/:postId', summary: '공개 세션 기록', access: 'anyone', answers: { 200: dataOf(publicRoomPostAnswer) } },
  { method: 'GET', path: '/api/ritual-sessions/:id/posts', summary: '세션 기록 목록', access: 'member', query: roomPostListQuery, answers: { 200: cursorOf(roomPostItemAnswer) } },
  { method: 'POST', path: '/api/ritual-sessions/:id/posts', summary: '세션 기록 쓰기', access: 'member', body: roomPostInput, multipart: true, idempotent: true, answers: { 201: dataOf(roomPostDetailAnswer) } },
  { method: 'GET', path: '/api/ritual-sessions/:id/posts/:postId/read-users', summary: '기록을 읽은 멤버', access: 'member', answers: { 200: listOf(roomReaderAnswer) } },
  { method: 'GET', path: '/api/ritual-sessions/:id/posts/:postId', summary: '세션 기록', access: 'member', answers: { 200: dataOf(roomPostDetailAnswer) } },
  { method: 'PUT', path: '/api/ritual-sessions/:id/posts/:postId', summary: '세션 기록 고치기', access: 'member', body: roomPostInput, multipart: true, answers: { 200: dataOf(roomPostDetailAnswer) } },
  { method: 'DELETE', path: '/api/ritual-sessions/:id/posts/:postId', summary: '세션 기록 지우기', access: 'member', answers: { 204: null } },
  { method: 'GET', path: '/api/ritual-sessions/:id/threads', summary: '스레드 목록', access: 'member', query: roomCursorQuery, answers: { 200: cursorOf(roomThreadItemAnswer) } },
  { method: 'POST', path: '/api/ritual-sessions/:id/threads', summary: '스레드 쓰기', access: 'member', body: roomThreadInput, multipart: true, answers: { 201: dataOf(roomThreadDetailAnswer) } },
  { method: 'GET', path: '/api/ritual-sessions/:id/threads/:threadId', summary: '스레드', access: 'member', answers: { 200: dataOf(roomThreadDetailAnswer) } },
  { method: 'PUT', path: '/api/ritual-sessions/:id/threads/:threadId', summary: '스레드 고치기', access: 'member', body: roomThreadInput, multipart: true, answers: { 200: dataOf(roomThreadDetailAnswer) } },
  { method: 'DELETE', path: '/api/ritual-sessions/:id/threads/:threadId', summary: '스레드 지우기', access: 'member', answers: { 204: null } },
];
