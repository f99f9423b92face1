import { dataOf, listOf, pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { explorerSectionAnswer, publicRitualSessionAnswer, ritualDetailAnswer, ritualItemAnswer, ritualSessionTitleAnswer } from './answer-schema.ts';
import { ritualDetailQuery, ritualListQuery, ritualSessionListQuery } from './schema.ts';

export const ritualOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/rituals', summary: '리추얼 목록', access: 'anyone', query: ritualListQuery, answers: { 200: pageOf(ritualItemAnswer) } },
  { method: 'GET', path: '/api/rituals/:id', summary: '리추얼과 열린 세션', access: 'anyone', query: ritualDetailQuery, answers: { 200: dataOf(ritualDetailAnswer) } },
  { method: 'GET', path: '/api/ritual-session-titles', summary: '세션 시즌 제목', access: 'anyone', answers: { 200: listOf(ritualSessionTitleAnswer) } },
  { method: 'GET', path: '/api/ritual-sessions', summary: '모집 중인 세션', access: 'anyone', query: ritualSessionListQuery, answers: { 200: listOf(publicRitualSessionAnswer) } },
  { method: 'GET', path: '/api/explorers', summary: '탐색 큐레이션', access: 'anyone', answers: { 200: listOf(explorerSectionAnswer) } },
];
