import type { PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { dataOf, listOf, messageAnswer, pageOf } from '../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../http/openapi/operation.ts';
import { auditLogAnswer, dashboardAnswer, secondFactorEnrolmentAnswer, secondFactorStatusAnswer } from './answer-schema.ts';
import { auditListQuery } from './audit-routes.ts';
import { adminBadgeAnswer, adminBannerAnswer, adminEnvAnswer, adminFaqAnswer, adminFaqCategoryAnswer, adminMainAnswer, adminMainBannerAnswer, adminNoticeAnswer, adminPageAnswer, adminPageVersionAnswer, adminSquareCategoryAnswer, adminStorePageAnswer, adminThemeAnswer } from './content/answer-schema.ts';
import { noticeResource } from './content/notices.ts';
import { pageResource } from './content/pages.ts';
import { squareCategoryResource } from './content/square-categories.ts';
import { bannerResource, envResource, faqCategoryResource, faqResource, mainBannerResource, mainResource, storePageResource } from './content/site.ts';
import { badgeResource, themeResource } from './content/themes.ts';
import { listQuery } from './crud.ts';
import { adminCheckInTextAnswer, adminOffTheRecordAnswer, adminOffTheRecordCategoryAnswer, adminProgramEventAnswer, adminRitualAnswer, adminRitualSessionAnswer, adminRitualSessionTitleAnswer } from './rituals/answer-schema.ts';
import type { CrudResource } from './crud.ts';
import { adminInquiryOperations } from './inquiries.ts';
import { legacyUsageOperations } from './legacy-usage.ts';
import { adminMemberOperations } from './members.ts';
import { roomPostOperations } from './moderation/room-posts.ts';
import { moderationOperations } from './moderation/routes.ts';
import { ritualBadgeOperations, ritualResource } from './rituals/rituals.ts';
import { ritualSessionMemberOperations, ritualSessionResource } from './rituals/ritual-sessions.ts';
import { checkInTextResource, offTheRecordCategoryResource, offTheRecordResource, programEventResource, ritualSessionTitleResource } from './rituals/simple.ts';
import { secondFactorCodeInput } from './second-factor-routes.ts';
import { adminCouponAnswer, adminCouponIssueAnswer, adminIsolatedRegionAnswer, adminOrderAnswer, adminOrderListItemAnswer, adminProductAnswer, adminProductImageAnswer, adminProductOptionAnswer } from './shop/answer-schema.ts';
import { productImageOperations, productImageResource } from './shop/product-images.ts';
import { isolatedRegionResource, productOptionResource, productResource } from './shop/products.ts';
import { couponIssueInput } from './shop/coupon-issue.ts';
import { couponResource } from './shop/coupons.ts';
import { adminOrderListQuery, refundInput, shipInput } from './shop/order-schema.ts';

/** The five routes `crudRoutes` makes of a console resource, with its own create and update schemas. */
function crudOperations(resource: CrudResource<PgTable, z.ZodType, z.ZodType>, name: string, answer: z.ZodType): ApiOperation[] {
  const base = `/api/admin/${resource.path}`;
  const one = dataOf(answer);
  const operations: ApiOperation[] = [
    { method: 'GET', path: base, summary: `${name} 목록`, access: 'staff', query: listQuery, answers: { 200: pageOf(answer) } },
    { method: 'GET', path: `${base}/:id`, summary: name, access: 'staff', answers: { 200: one } },
  ];
  if (resource.create) operations.push({ method: 'POST', path: base, summary: `${name} 만들기`, access: 'staff', body: resource.create, answers: { 201: one } });
  if (resource.update) operations.push({ method: 'PATCH', path: `${base}/:id`, summary: `${name} 고치기`, access: 'staff', body: resource.update, answers: { 200: one } });
  if (resource.deletable !== false) operations.push({ method: 'DELETE', path: `${base}/:id`, summary: `${name} 지우기`, access: 'staff', answers: { 204: null, 409: messageAnswer } });
  return operations;
}

const crud = (resource: unknown, name: string, answer: z.ZodType) => crudOperations(resource as CrudResource<PgTable, z.ZodType, z.ZodType>, name, answer);

const orderAction = (path: string, summary: string, body?: z.ZodType): ApiOperation => ({
  method: 'POST',
  path: `/api/admin/orders/:id/${path}`,
  summary,
  access: 'staff',
  ...(body && { body }),
  answers: { 200: dataOf(adminOrderAnswer), 409: messageAnswer, 503: messageAnswer },
});

/** The operator console's API: staff only, past the second factor (its own routes excepted). */
export const adminOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/second-factor', summary: '2단계 인증 상태', access: 'staff', answers: { 200: dataOf(secondFactorStatusAnswer) } },
  { method: 'POST', path: '/api/admin/second-factor/enrolment', summary: '2단계 인증 등록 시작', access: 'staff', answers: { 201: dataOf(secondFactorEnrolmentAnswer), 409: messageAnswer } },
  {
    method: 'POST',
    path: '/api/admin/second-factor/confirmation',
    summary: '2단계 인증 등록 확인',
    access: 'staff',
    body: secondFactorCodeInput,
    answers: { 200: dataOf(z.strictObject({ recovery_codes: z.array(z.string()) })), 409: messageAnswer },
  },
  {
    method: 'POST',
    path: '/api/admin/second-factor/challenge',
    summary: '2단계 인증 통과',
    access: 'staff',
    body: secondFactorCodeInput,
    answers: { 200: dataOf(z.strictObject({ used_recovery_code: z.boolean() })) },
  },
  { method: 'GET', path: '/api/admin/audit-logs', summary: '감사 기록', access: 'staff', query: auditListQuery, answers: { 200: pageOf(auditLogAnswer) } },
  { method: 'GET', path: '/api/admin/audit-logs/:id', summary: '감사 기록 하나', access: 'staff', answers: { 200: dataOf(auditLogAnswer) } },
  { method: 'GET', path: '/api/admin/dashboard', summary: '대시보드', access: 'staff', answers: { 200: dataOf(dashboardAnswer) } },
  ...legacyUsageOperations,
  ...crud(noticeResource, '공지', adminNoticeAnswer),
  ...crud(productResource, '상품', adminProductAnswer),
  ...crud(productOptionResource, '상품 옵션', adminProductOptionAnswer),
  ...crud(productImageResource, '상품 사진', adminProductImageAnswer),
  ...productImageOperations,
  ...crud(isolatedRegionResource, '도서산간 지역', adminIsolatedRegionAnswer),
  ...moderationOperations,
  ...roomPostOperations,
  { method: 'GET', path: '/api/admin/orders', summary: '주문 목록', access: 'staff', query: adminOrderListQuery, answers: { 200: pageOf(adminOrderListItemAnswer) } },
  { method: 'GET', path: '/api/admin/orders/:id', summary: '주문', access: 'staff', answers: { 200: dataOf(adminOrderAnswer) } },
  orderAction('preparing', '상품 준비 중으로'),
  orderAction('shipping', '배송 중으로 (송장)', shipInput),
  orderAction('delivered', '배송 완료로'),
  orderAction('refund', '환불', refundInput),
  ...crud(couponResource, '쿠폰', adminCouponAnswer),
  { method: 'POST', path: '/api/admin/coupons/:id/issue', summary: '쿠폰 발급', access: 'staff', body: couponIssueInput, answers: { 200: dataOf(adminCouponIssueAnswer), 409: messageAnswer } },
  ...adminInquiryOperations,
  ...adminMemberOperations,
  ...crud(ritualResource, '리추얼', adminRitualAnswer),
  ...ritualBadgeOperations,
  ...crud(ritualSessionTitleResource, '세션 시즌 제목', adminRitualSessionTitleAnswer),
  ...crud(ritualSessionResource, '세션', adminRitualSessionAnswer),
  ...ritualSessionMemberOperations,
  ...crud(programEventResource, '프로그램 일정', adminProgramEventAnswer),
  ...crud(checkInTextResource, '체크인 문구', adminCheckInTextAnswer),
  ...crud(offTheRecordCategoryResource, '오프 더 레코드 분류', adminOffTheRecordCategoryAnswer),
  ...crud(offTheRecordResource, '오프 더 레코드', adminOffTheRecordAnswer),
  ...crud(themeResource, '테마', adminThemeAnswer),
  ...crud(badgeResource, '배지', adminBadgeAnswer),
  ...crud(bannerResource, '배너', adminBannerAnswer),
  ...crud(mainResource, '메인 화면', adminMainAnswer),
  ...crud(mainBannerResource, '메인 배너', adminMainBannerAnswer),
  ...crud(faqCategoryResource, '자주 묻는 질문 분류', adminFaqCategoryAnswer),
  ...crud(squareCategoryResource, '광장 분류', adminSquareCategoryAnswer),
  ...crud(faqResource, '자주 묻는 질문', adminFaqAnswer),
  ...crud(pageResource, '안내 페이지', adminPageAnswer),
  { method: 'GET', path: '/api/admin/pages/:id/versions', summary: '안내 페이지 판', access: 'staff', answers: { 200: listOf(adminPageVersionAnswer) } },
  ...crud(storePageResource, '스토어 안내 페이지', adminStorePageAnswer),
  ...crud(envResource, '설정값', adminEnvAnswer),
];
