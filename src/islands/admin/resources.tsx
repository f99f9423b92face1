import type { ResourceProps } from 'react-admin';
import { auditLogs } from './resources/audit-logs.tsx';
import { badges } from './resources/badges.tsx';
import { banners } from './resources/banners.tsx';
import { checkInTexts } from './resources/check-in-texts.tsx';
import { envs } from './resources/envs.tsx';
import { faqCategories, faqs } from './resources/faqs.tsx';
import { mainBanners, mains } from './resources/mains.tsx';
import { notices } from './resources/notices.tsx';
import { offTheRecordCategories } from './resources/off-the-record-categories.tsx';
import { offTheRecords } from './resources/off-the-records.tsx';
import { pages } from './resources/pages.tsx';
import { programEvents } from './resources/program-events.tsx';
import { ritualSessionTitles } from './resources/ritual-session-titles.tsx';
import { ritualSessions } from './resources/ritual-sessions.tsx';
import { rituals } from './resources/rituals.tsx';
import { storePages } from './resources/store-pages.tsx';
import { themes } from './resources/themes.tsx';

/** The console's menu, in order; each resource is a file under resources/. */
export const consoleResources: ResourceProps[] = [
  ritualSessions,
  rituals,
  ritualSessionTitles,
  programEvents,
  checkInTexts,
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
  auditLogs,
];
