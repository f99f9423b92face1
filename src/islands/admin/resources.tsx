import type { ResourceProps } from 'react-admin';
import { auditLogs } from './resources/audit-logs.tsx';
import { badges } from './resources/badges.tsx';
import { banners } from './resources/banners.tsx';
import { checkInTexts } from './resources/check-in-texts.tsx';
import { coupons } from './resources/coupons.tsx';
import { envs } from './resources/envs.tsx';
import { faqCategories, faqs } from './resources/faqs.tsx';
import { inquiries, inquiryCategories } from './resources/inquiries.tsx';
import { legacyUsage } from './resources/legacy-usage.tsx';
import { mainBanners, mains } from './resources/mains.tsx';
import { accountDeletions, members } from './resources/members.tsx';
import { notices } from './resources/notices.tsx';
import { offTheRecordCategories } from './resources/off-the-record-categories.tsx';
import { offTheRecords } from './resources/off-the-records.tsx';
import { orders } from './resources/orders.tsx';
import { pages } from './resources/pages.tsx';
import { isolatedRegions, productImages, productOptions, products } from './resources/products.tsx';
import { programEvents } from './resources/program-events.tsx';
import { reports } from './resources/reports.tsx';
import { ritualSessionTitles } from './resources/ritual-session-titles.tsx';
import { ritualSessions } from './resources/ritual-sessions.tsx';
import { rituals } from './resources/rituals.tsx';
import { roomPosts } from './resources/room-posts.tsx';
import { squareCategories } from './resources/square-categories.tsx';
import { storePages } from './resources/store-pages.tsx';
import { themes } from './resources/themes.tsx';

/**
 * The console's menu, in order: what the team does daily first (members' questions, orders,
 * reports), then the programme, the shop and the site's content; each resource is a file under
 * resources/.
 */
export const consoleResources: ResourceProps[] = [
  inquiries,
  orders,
  reports,
  roomPosts,
  squareCategories,
  members,
  ritualSessions,
  rituals,
  ritualSessionTitles,
  programEvents,
  checkInTexts,
  products,
  productOptions,
  productImages,
  coupons,
  isolatedRegions,
  notices,
  banners,
  mains,
  mainBanners,
  faqs,
  faqCategories,
  pages,
  storePages,
  offTheRecords,
  offTheRecordCategories,
  themes,
  badges,
  envs,
  accountDeletions,
  auditLogs,
  legacyUsage,
  inquiryCategories,
];
