import { z } from 'zod';
import { cursorOf, dataOf, listOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import {
  dayCountAnswer,
  memberRoomPostAnswer,
  postCheckAnswer,
  ritualStatsAnswer,
  roomCommentItemAnswer,
  roomReportAnswer,
  seoulDateAnswer,
} from './answer-schema.ts';
import { postsDatesQuery, roomCursorQuery, shareProgressInput } from './schema.ts';

export const roomProgressOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/ritual-sessions/:id/report', summary: '세션 리포트', access: 'member', answers: { 200: dataOf(roomReportAnswer) } },
  {
    method: 'PUT',
    path: '/api/ritual-sessions/:id/share-progress',
    summary: '진행률 공개 설정',
    access: 'member',
    body: shareProgressInput,
    answers: { 200: dataOf(z.strictObject({ shares_progress: z.boolean() })) },
  },
  { method: 'GET', path: '/api/ritual-sessions/:id/posts/my-checks', summary: '내 기록한 날', access: 'member', answers: { 200: listOf(postCheckAnswer) } },
  { method: 'GET', path: '/api/ritual-sessions/:id/comments/my-checks', summary: '내 댓글 단 날', access: 'member', answers: { 200: listOf(dayCountAnswer) } },
  { method: 'GET', path: '/api/me/ritual-stats', summary: '내 리추얼 통계: 연속 기록, 최근 1년의 한 날, 세션별 완료율', access: 'member', answers: { 200: dataOf(ritualStatsAnswer) } },
  {
    method: 'GET',
    path: '/api/me/ritual-session-posts-dates',
    summary: '한 해 동안 기록한 날',
    access: 'member',
    query: postsDatesQuery,
    answers: { 200: z.strictObject({ data: z.array(dayCountAnswer), meta: z.strictObject({ from: seoulDateAnswer, to: seoulDateAnswer }) }) },
  },
  { method: 'GET', path: '/api/me/ritual-session-comments', summary: '내 세션 댓글', access: 'member', query: roomCursorQuery, answers: { 200: cursorOf(roomCommentItemAnswer) } },
  { method: 'GET', path: '/api/ritual-session-posts/users/:userId', summary: '회원의 세션 기록', access: 'anyone', query: roomCursorQuery, answers: { 200: cursorOf(memberRoomPostAnswer) } },
];
