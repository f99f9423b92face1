import type { ApiOperation } from '../../http/openapi/operation.ts';
import { adminOperations } from '../admin/api-description.ts';
import { authOperations } from '../auth/api-description.ts';
import { commentOperations } from '../comments/api-description.ts';
import { contentOperations } from '../content/api-description.ts';
import { couponOperations } from '../coupons/api-description.ts';
import { frontErrorLogOperations } from '../front-error-logs/api-description.ts';
import { inquiryOperations } from '../inquiries/api-description.ts';
import { letterOperations } from '../letters/api-description.ts';
import { memberExportOperations } from '../exports/api-description.ts';
import { meOperations } from '../me/api-description.ts';
import { notificationOperations } from '../notifications/api-description.ts';
import { offTheRecordOperations } from '../off-the-record/api-description.ts';
import { orderOperations } from '../orders/api-description.ts';
import { programOperations } from '../programs/api-description.ts';
import { pushOperations } from '../push/api-description.ts';
import { reactionOperations } from '../reactions/api-description.ts';
import { reminderOperations } from '../reminders/api-description.ts';
import { reportOperations } from '../reports/api-description.ts';
import { reviewOperations } from '../reviews/api-description.ts';
import { ritualOperations } from '../rituals/api-description.ts';
import { roomProgressOperations } from '../room-progress/api-description.ts';
import { roomOperations } from '../rooms/api-description.ts';
import { searchOperations } from '../search/api-description.ts';
import { socialStandInOperations } from '../social/api-description.ts';
import { squareOperations } from '../square/api-description.ts';
import { storeOperations } from '../store/api-description.ts';
import { uploadOperations } from '../uploads/api-description.ts';
import { userOperations } from '../users/api-description.ts';
import { openApiOperations } from './api-description.ts';

/** Every /api route, by the tag the document files it under. */
export const API_OPERATIONS: Record<string, readonly ApiOperation[]> = {
  auth: authOperations,
  users: userOperations,
  me: [...meOperations, ...memberExportOperations],
  social: socialStandInOperations,
  uploads: uploadOperations,
  inquiries: inquiryOperations,
  square: squareOperations,
  rituals: ritualOperations,
  rooms: [...roomOperations, ...roomProgressOperations, ...letterOperations],
  content: contentOperations,
  'front-error-logs': frontErrorLogOperations,
  comments: commentOperations,
  reports: reportOperations,
  reactions: reactionOperations,
  notifications: notificationOperations,
  push: [...pushOperations, ...reminderOperations],
  programs: programOperations,
  reviews: reviewOperations,
  store: storeOperations,
  orders: orderOperations,
  coupons: couponOperations,
  'off-the-record': offTheRecordOperations,
  search: searchOperations,
  admin: adminOperations,
  openapi: openApiOperations,
};
