import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../http/context.ts';
import { auditRoutes } from './audit-routes.ts';
import { noticeResource } from './content/notices.ts';
import { pageResource, pageVersionRoutes } from './content/pages.ts';
import { squareCategoryResource } from './content/square-categories.ts';
import { bannerResource, envResource, faqCategoryResource, faqResource, mainBannerResource, mainResource, storePageResource } from './content/site.ts';
import { badgeResource, themeResource } from './content/themes.ts';
import { crudRoutes } from './crud.ts';
import { adminInquiryRoutes } from './inquiries.ts';
import { legacyUsageRoutes } from './legacy-usage.ts';
import { adminMemberRoutes } from './members.ts';
import { dashboardRoutes } from './dashboard.ts';
import { consoleGuard } from './guard.ts';
import { roomPostRoutes } from './moderation/room-posts.ts';
import { moderationRoutes } from './moderation/routes.ts';
import { ritualBadgeRoutes, ritualResource } from './rituals/rituals.ts';
import { ritualSessionMemberRoutes, ritualSessionResource } from './rituals/ritual-sessions.ts';
import { checkInTextResource, offTheRecordCategoryResource, offTheRecordResource, programEventResource, ritualSessionTitleResource } from './rituals/simple.ts';
import { secondFactorRoutes } from './second-factor-routes.ts';
import { productImageResource, productImageRoutes } from './shop/product-images.ts';
import { isolatedRegionResource, productOptionResource, productResource } from './shop/products.ts';
import { couponIssueRoutes } from './shop/coupon-issue.ts';
import { couponResource } from './shop/coupons.ts';
import { adminOrderRoutes } from './shop/order-routes.ts';

/**
 * The operator console's API. The second factor's routes come first: staff reach them before the
 * console opens. Everything after the guard answers only to staff past the second factor.
 */
export function adminRoutes(deps: AppDeps) {
  const { db, config } = deps;
  const app = new Hono<AppEnv>();
  app.route('/', secondFactorRoutes(db, config));
  app.use('/api/admin/*', async (c, next) => (c.req.path.startsWith('/api/admin/second-factor') ? next() : consoleGuard(c, next)));
  app.route('/', auditRoutes(db));
  app.route('/', dashboardRoutes(db));
  app.route('/', legacyUsageRoutes(db));
  app.route('/', crudRoutes(db, noticeResource));
  app.route('/', crudRoutes(db, productResource));
  app.route('/', crudRoutes(db, productOptionResource));
  app.route('/', crudRoutes(db, productImageResource));
  app.route('/', productImageRoutes(db, deps.storage));
  app.route('/', crudRoutes(db, isolatedRegionResource));
  app.route('/', moderationRoutes(db));
  app.route('/', roomPostRoutes(db));
  app.route('/', adminOrderRoutes(db, deps.payments));
  app.route('/', crudRoutes(db, couponResource));
  app.route('/', couponIssueRoutes(db));
  app.route('/', adminInquiryRoutes(deps));
  app.route('/', adminMemberRoutes(db));
  app.route('/', crudRoutes(db, ritualResource));
  app.route('/', ritualBadgeRoutes(db));
  app.route('/', crudRoutes(db, ritualSessionTitleResource));
  app.route('/', crudRoutes(db, ritualSessionResource));
  app.route('/', ritualSessionMemberRoutes(db));
  app.route('/', crudRoutes(db, programEventResource));
  app.route('/', crudRoutes(db, checkInTextResource));
  app.route('/', crudRoutes(db, offTheRecordCategoryResource));
  app.route('/', crudRoutes(db, offTheRecordResource));
  app.route('/', crudRoutes(db, themeResource));
  app.route('/', crudRoutes(db, badgeResource));
  app.route('/', crudRoutes(db, bannerResource));
  app.route('/', crudRoutes(db, mainResource));
  app.route('/', crudRoutes(db, mainBannerResource));
  app.route('/', crudRoutes(db, faqCategoryResource));
  app.route('/', crudRoutes(db, squareCategoryResource));
  app.route('/', crudRoutes(db, faqResource));
  app.route('/', crudRoutes(db, pageResource));
  app.route('/', pageVersionRoutes(db));
  app.route('/', crudRoutes(db, storePageResource));
  app.route('/', crudRoutes(db, envResource));
  return app;
}
