import { z } from 'zod';
import { bannerTypes } from '../../db/schema/banners.ts';
import { apiTimeAnswer } from '../../http/openapi/envelopes.ts';
import type { Conforms } from '../../http/openapi/envelopes.ts';
import { offTheRecordItemAnswer } from '../off-the-record/answer-schema.ts';
import type { oneDayProgramResource } from '../programs/resource.ts';
import { recruitStateAnswer, ritualBadgeAnswer, ritualItemAnswer, ritualThemeAnswer } from '../rituals/answer-schema.ts';
import type { bannerResource } from './banner-routes.ts';
import type { badgeResource, businessResource, themeResource } from './catalogue-routes.ts';
import type { faqCategoryResource, faqResource } from './faq-routes.ts';
import type { homeNoticeResource, mainBannerResource, mainResource } from './main-routes.ts';
import type { noticeListItemResource, noticeResource } from './notice-routes.ts';
import type { pageResource, storePageResource } from './page-routes.ts';

export const bannerAnswer = z
  .strictObject({
    id: z.int(),
    type: z.enum(bannerTypes),
    text: z.string(),
    link: z.string().nullable(),
    image_url: z.string().nullable(),
    starts_at: apiTimeAnswer.nullable(),
    ends_at: apiTimeAnswer.nullable(),
  })
  .meta({ id: 'Banner' });

export type BannerAnswer = Conforms<ReturnType<typeof bannerResource>, z.infer<typeof bannerAnswer>>;

export const themeAnswer = z
  .strictObject({ id: z.int(), name: z.string(), description: z.string(), image_url: z.string().nullable(), sort_order: z.int() })
  .meta({ id: 'Theme' });

export type ThemeAnswer = Conforms<ReturnType<typeof themeResource>, z.infer<typeof themeAnswer>>;

export const badgeAnswer = z
  .strictObject({ id: z.int(), name: z.string(), text_color: z.string(), background_color: z.string(), sort_order: z.int() })
  .meta({ id: 'Badge' });

export type BadgeAnswer = Conforms<ReturnType<typeof badgeResource>, z.infer<typeof badgeAnswer>>;

export const businessAnswer = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    summary: z.string(),
    body_html: z.string(),
    logo_url: z.string().nullable(),
    website_url: z.string().nullable(),
  })
  .meta({ id: 'Business' });

export type BusinessAnswer = Conforms<ReturnType<typeof businessResource>, z.infer<typeof businessAnswer>>;

export const noticeListItemAnswer = z
  .strictObject({ id: z.int(), title: z.string(), excerpt: z.string(), is_pinned: z.boolean(), published_at: apiTimeAnswer })
  .meta({ id: 'NoticeListItem' });

export type NoticeListItemAnswer = Conforms<ReturnType<typeof noticeListItemResource>, z.infer<typeof noticeListItemAnswer>>;

const noticeNeighbourAnswer = z.strictObject({ id: z.int(), title: z.string() });

export const noticeAnswer = z
  .strictObject({
    id: z.int(),
    title: z.string(),
    body_html: z.string(),
    is_pinned: z.boolean(),
    published_at: apiTimeAnswer,
    updated_at: apiTimeAnswer,
    previous: noticeNeighbourAnswer.nullable(),
    next: noticeNeighbourAnswer.nullable(),
  })
  .meta({ id: 'Notice' });

export type NoticeAnswer = Conforms<ReturnType<typeof noticeResource>, z.infer<typeof noticeAnswer>>;

export const faqCategoryAnswer = z
  .strictObject({ id: z.int(), name: z.string(), slug: z.string(), sort_order: z.int() })
  .meta({ id: 'FaqCategory' });

export type FaqCategoryAnswer = Conforms<ReturnType<typeof faqCategoryResource>, z.infer<typeof faqCategoryAnswer>>;

export const faqAnswer = z
  .strictObject({
    id: z.int(),
    question: z.string(),
    answer_html: z.string(),
    sort_order: z.int(),
    faq_category_id: z.int(),
    faq_category: z.strictObject({ id: z.int(), name: z.string(), slug: z.string() }),
  })
  .meta({ id: 'Faq' });

export type FaqAnswer = Conforms<ReturnType<typeof faqResource>, z.infer<typeof faqAnswer>>;

export const pageAnswer = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    body_html: z.string(),
    effective_at: apiTimeAnswer.nullable(),
    updated_at: apiTimeAnswer,
  })
  .meta({ id: 'Page' });

export type PageAnswer = Conforms<ReturnType<typeof pageResource>, z.infer<typeof pageAnswer>>;

export const storePageAnswer = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    image_url: z.string().nullable(),
    body_html: z.string(),
    updated_at: apiTimeAnswer,
  })
  .meta({ id: 'StorePage' });

export type StorePageAnswer = Conforms<ReturnType<typeof storePageResource>, z.infer<typeof storePageAnswer>>;

export const mainBannerAnswer = z
  .strictObject({
    id: z.int(),
    title: z.string(),
    subtitle: z.string().nullable(),
    image_url: z.string(),
    image_alt: z.string(),
    image_width: z.int().min(1),
    image_height: z.int().min(1),
    link_url: z.string().nullable(),
    background_color: z.string().nullable(),
    sort_order: z.int(),
  })
  .meta({ id: 'MainBanner' });

export type MainBannerAnswer = Conforms<ReturnType<typeof mainBannerResource>, z.infer<typeof mainBannerAnswer>>;

export const homeNoticeAnswer = z
  .strictObject({ id: z.int(), title: z.string(), is_pinned: z.boolean(), published_at: apiTimeAnswer })
  .meta({ id: 'HomeNotice' });

export type HomeNoticeAnswer = Conforms<ReturnType<typeof homeNoticeResource>, z.infer<typeof homeNoticeAnswer>>;

// Only the home page's shelf answers one-day programmes as cards through the API.
export const oneDayProgramAnswer = z
  .strictObject({
    id: z.int(),
    title: z.string(),
    summary: z.string(),
    cover_image_url: z.string(),
    cover_image_alt: z.string(),
    host_name: z.string(),
    theme: ritualThemeAnswer.nullable(),
    badges: z.array(ritualBadgeAnswer),
    next_event: z
      .strictObject({
        ritual_session_id: z.int(),
        starts_at: apiTimeAnswer,
        ends_at: apiTimeAnswer,
        place: z.string(),
        price: z.int().min(0),
        seats_left: z.int().min(0),
        recruit_state: recruitStateAnswer,
      })
      .nullable(),
  })
  .meta({ id: 'OneDayProgram' });

export type OneDayProgramAnswer = Conforms<ReturnType<typeof oneDayProgramResource>, z.infer<typeof oneDayProgramAnswer>>;

export const mainAnswer = z
  .strictObject({
    id: z.int(),
    title: z.string(),
    published_at: apiTimeAnswer.nullable(),
    banners: z.array(mainBannerAnswer),
    notices: z.array(homeNoticeAnswer),
    themes: z.array(themeAnswer),
    rituals: z.array(ritualItemAnswer),
    programs: z.array(oneDayProgramAnswer),
    off_the_records: z.array(offTheRecordItemAnswer),
  })
  .meta({ id: 'Main' });

export type MainAnswer = Conforms<ReturnType<typeof mainResource>, z.infer<typeof mainAnswer>>;
