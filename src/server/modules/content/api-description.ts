import { z } from 'zod';
import { dataOf, listOf, pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { badgeAnswer, bannerAnswer, businessAnswer, faqAnswer, faqCategoryAnswer, mainAnswer, noticeAnswer, noticeListItemAnswer, pageAnswer, storePageAnswer, themeAnswer } from './answer-schema.ts';
import { bannerCurrentQuery } from './banner-routes.ts';
import { faqListQuery } from './faq-routes.ts';
import { noticeListQuery } from './notice-routes.ts';

export const contentOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/banners/current', summary: '지금 띄울 배너', access: 'anyone', query: bannerCurrentQuery, answers: { 200: dataOf(bannerAnswer.nullable()) } },
  { method: 'GET', path: '/api/mains/current', summary: '지금의 메인 화면', access: 'anyone', answers: { 200: dataOf(mainAnswer) } },
  { method: 'GET', path: '/api/mains/:id', summary: '메인 화면', access: 'anyone', answers: { 200: dataOf(mainAnswer) } },
  { method: 'GET', path: '/api/themes', summary: '테마', access: 'anyone', answers: { 200: listOf(themeAnswer) } },
  { method: 'GET', path: '/api/themes/:id', summary: '테마 하나', access: 'anyone', answers: { 200: dataOf(themeAnswer) } },
  { method: 'GET', path: '/api/badges', summary: '배지', access: 'anyone', answers: { 200: listOf(badgeAnswer) } },
  { method: 'GET', path: '/api/businesses/:id', summary: '사업자 정보', access: 'anyone', answers: { 200: dataOf(businessAnswer) } },
  { method: 'GET', path: '/api/envs/:name', summary: '공개 설정값', access: 'anyone', answers: { 200: dataOf(z.strictObject({ name: z.string(), value: z.json() })) } },
  { method: 'GET', path: '/api/notices', summary: '공지사항 목록', access: 'anyone', query: noticeListQuery, answers: { 200: pageOf(noticeListItemAnswer) } },
  { method: 'GET', path: '/api/notices/:id', summary: '공지사항', access: 'anyone', answers: { 200: dataOf(noticeAnswer) } },
  { method: 'GET', path: '/api/faq-categories', summary: '자주 묻는 질문 분류', access: 'anyone', answers: { 200: listOf(faqCategoryAnswer) } },
  { method: 'GET', path: '/api/faqs', summary: '자주 묻는 질문', access: 'anyone', query: faqListQuery, answers: { 200: listOf(faqAnswer) } },
  { method: 'GET', path: '/api/pages/:slug', summary: '안내 페이지', access: 'anyone', answers: { 200: dataOf(pageAnswer) } },
  { method: 'GET', path: '/api/store-pages/:slug', summary: '스토어 안내 페이지', access: 'anyone', answers: { 200: dataOf(storePageAnswer) } },
];
