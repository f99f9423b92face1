import { z } from 'zod';
import { squareWriteScopes } from '../../../db/schema/square.ts';
import { apiTimeAnswer } from '../../../http/openapi/envelopes.ts';
import type { Conforms } from '../../../http/openapi/envelopes.ts';
import { bannerAnswer, faqCategoryAnswer, mainBannerAnswer, storePageAnswer } from '../../content/answer-schema.ts';
import type { noticeRowResource } from './notices.ts';
import type { pageRowResource, pageVersionResource } from './pages.ts';
import type { squareCategoryRowResource } from './square-categories.ts';
import type { bannerRowResource, envRowResource, faqCategoryRowResource, faqRowResource, mainBannerRowResource, mainRowResource, storePageRowResource } from './site.ts';
import type { badgeRowResource, themeRowResource } from './themes.ts';

// The console's own contract (react-admin): every column staff edit, drafts and switches included.

const times = { created_at: apiTimeAnswer, updated_at: apiTimeAnswer };

export const adminNoticeAnswer = z
  .strictObject({ id: z.int(), title: z.string(), body_html: z.string(), is_pinned: z.boolean(), published_at: apiTimeAnswer.nullable(), ...times })
  .meta({ id: 'AdminNotice' });

export type AdminNoticeAnswer = Conforms<ReturnType<typeof noticeRowResource>, z.infer<typeof adminNoticeAnswer>>;

export const adminPageAnswer = z
  .strictObject({
    id: z.int(),
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    body_html: z.string(),
    effective_at: apiTimeAnswer.nullable(),
    is_published: z.boolean(),
    ...times,
  })
  .meta({ id: 'AdminPage' });

export type AdminPageAnswer = Conforms<ReturnType<typeof pageRowResource>, z.infer<typeof adminPageAnswer>>;

export const adminSquareCategoryAnswer = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    slug: z.string(),
    description: z.string().nullable(),
    write_scope: z.enum(squareWriteScopes),
    allows_anonymous: z.boolean(),
    has_password: z.boolean(),
    sort_order: z.int(),
    is_active: z.boolean(),
    ...times,
  })
  .meta({ id: 'AdminSquareCategory' });

export type AdminSquareCategoryAnswer = Conforms<ReturnType<typeof squareCategoryRowResource>, z.infer<typeof adminSquareCategoryAnswer>>;

export const adminBannerAnswer = bannerAnswer
  .extend({ is_active: z.boolean(), sort_order: z.int(), ...times })
  .meta({ id: 'AdminBanner' });

export type AdminBannerAnswer = Conforms<ReturnType<typeof bannerRowResource>, z.infer<typeof adminBannerAnswer>>;

export const adminMainAnswer = z
  .strictObject({ id: z.int(), title: z.string(), published_at: apiTimeAnswer.nullable(), ...times })
  .meta({ id: 'AdminMain' });

export type AdminMainAnswer = Conforms<ReturnType<typeof mainRowResource>, z.infer<typeof adminMainAnswer>>;

export const adminMainBannerAnswer = mainBannerAnswer
  .extend({ main_id: z.int() })
  .meta({ id: 'AdminMainBanner' });

export type AdminMainBannerAnswer = Conforms<ReturnType<typeof mainBannerRowResource>, z.infer<typeof adminMainBannerAnswer>>;

export const adminFaqCategoryAnswer = faqCategoryAnswer
  .extend(times)
  .meta({ id: 'AdminFaqCategory' });

export type AdminFaqCategoryAnswer = Conforms<ReturnType<typeof faqCategoryRowResource>, z.infer<typeof adminFaqCategoryAnswer>>;

export const adminFaqAnswer = z
  .strictObject({
    id: z.int(),
    faq_category_id: z.int(),
    question: z.string(),
    answer_html: z.string(),
    sort_order: z.int(),
    is_published: z.boolean(),
    ...times,
  })
  .meta({ id: 'AdminFaq' });

export type AdminFaqAnswer = Conforms<ReturnType<typeof faqRowResource>, z.infer<typeof adminFaqAnswer>>;

export const adminStorePageAnswer = storePageAnswer
  .extend({ is_published: z.boolean(), created_at: apiTimeAnswer })
  .meta({ id: 'AdminStorePage' });

export type AdminStorePageAnswer = Conforms<ReturnType<typeof storePageRowResource>, z.infer<typeof adminStorePageAnswer>>;

export const adminEnvAnswer = z
  .strictObject({ id: z.int(), name: z.string(), value: z.json(), is_public: z.boolean(), description: z.string().nullable(), ...times })
  .meta({ id: 'AdminEnv' });

// A jsonb column reads as unknown; the schema says what it holds, any JSON value.
export type AdminEnvAnswer = Conforms<Omit<ReturnType<typeof envRowResource>, 'value'>, Omit<z.infer<typeof adminEnvAnswer>, 'value'>>;

export const adminThemeAnswer = z
  .strictObject({
    id: z.int(),
    name: z.string(),
    description: z.string(),
    image_url: z.string().nullable(),
    sort_order: z.int(),
    is_active: z.boolean(),
    ...times,
  })
  .meta({ id: 'AdminTheme' });

export type AdminThemeAnswer = Conforms<ReturnType<typeof themeRowResource>, z.infer<typeof adminThemeAnswer>>;

export const adminBadgeAnswer = z
  .strictObject({ id: z.int(), name: z.string(), text_color: z.string(), background_color: z.string(), sort_order: z.int(), ...times })
  .meta({ id: 'AdminBadge' });

export type AdminBadgeAnswer = Conforms<ReturnType<typeof badgeRowResource>, z.infer<typeof adminBadgeAnswer>>;

export const adminPageVersionAnswer = z
  .strictObject({ id: z.int(), title: z.string(), body_html: z.string(), effective_at: apiTimeAnswer.nullable(), created_at: apiTimeAnswer })
  .meta({ id: 'AdminPageVersion' });

export type AdminPageVersionAnswer = Conforms<ReturnType<typeof pageVersionResource>, z.infer<typeof adminPageVersionAnswer>>;
