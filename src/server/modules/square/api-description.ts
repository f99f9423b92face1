import { z } from 'zod';
import { cursorOf, dataOf, listOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { squareCategoryAnswer, squarePostDetailAnswer, squarePostItemAnswer } from './answer-schema.ts';
import { canPostQuery, categoryPasswordInput, postCreateInput, postListQuery, postPasswordInput, postUpdateInput } from './schema.ts';

const unlocked = dataOf(z.strictObject({ unlocked: z.literal(true) }));

export const squareOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/square-post-categories', summary: '광장 분류', access: 'anyone', answers: { 200: listOf(squareCategoryAnswer) } },
  { method: 'GET', path: '/api/square-posts/notices', summary: '광장 공지', access: 'anyone', answers: { 200: listOf(squarePostItemAnswer) } },
  { method: 'GET', path: '/api/square-posts/saved', summary: '저장한 광장 글', access: 'member', query: postListQuery, answers: { 200: cursorOf(squarePostItemAnswer) } },
  { method: 'GET', path: '/api/square-posts/users/:userId', summary: '회원의 광장 글', access: 'anyone', query: postListQuery, answers: { 200: cursorOf(squarePostItemAnswer) } },
  { method: 'GET', path: '/api/square-posts', summary: '광장 글 목록 (잠긴 분류는 403 locked)', access: 'anyone', query: postListQuery, answers: { 200: cursorOf(squarePostItemAnswer) } },
  { method: 'GET', path: '/api/square-posts/:id', summary: '광장 글 (잠긴 글은 403 locked)', access: 'anyone', answers: { 200: dataOf(squarePostDetailAnswer) } },
  { method: 'POST', path: '/api/square-posts/check-category-password', summary: '분류 비밀번호 확인', access: 'anyone', body: categoryPasswordInput, answers: { 200: unlocked } },
  { method: 'POST', path: '/api/square-posts/check-password', summary: '글 비밀번호 확인', access: 'anyone', body: postPasswordInput, answers: { 200: unlocked } },
  { method: 'POST', path: '/api/square-posts', summary: '광장 글 쓰기', access: 'member', body: postCreateInput, multipart: true, answers: { 201: dataOf(squarePostDetailAnswer) } },
  { method: 'POST', path: '/api/square-posts/:id/toggle-save', summary: '광장 글 저장 토글', access: 'member', answers: { 200: dataOf(z.strictObject({ saved: z.boolean() })) } },
  { method: 'PUT', path: '/api/square-posts/:id', summary: '광장 글 고치기', access: 'member', body: postUpdateInput, multipart: true, answers: { 200: dataOf(squarePostDetailAnswer) } },
  { method: 'DELETE', path: '/api/square-posts/:id', summary: '광장 글 지우기', access: 'member', answers: { 204: null } },
  { method: 'GET', path: '/api/ritual-session-user-squares', summary: '내가 글을 쓸 수 있는 광장 분류', access: 'member', answers: { 200: listOf(squareCategoryAnswer) } },
  {
    method: 'GET',
    path: '/api/ritual-session-user-squares/can-post',
    summary: '이 분류에 글을 쓸 수 있는지',
    access: 'anyone',
    query: canPostQuery,
    answers: { 200: dataOf(z.strictObject({ can_post: z.boolean(), reason: z.string().nullable() })) },
  },
];
