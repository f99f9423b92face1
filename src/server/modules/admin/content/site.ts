import { and, eq, ne } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { bannerTypes, banners, envs, faqCategories, faqs, mainBanners, mains, storePages } from '../../../db/schema/index.ts';
import { invalidInput } from '../../../domain-errors.ts';
import { sanitizeStaffHtml } from '../../../html/sanitize.ts';
import { apiTime } from '../../../http/serialize.ts';
import type { CrudResource } from '../crud.ts';
import { optionalTime, richTextField } from '../fields.ts';
import { flag, imageUrl, optionalText, presentValues, referenceId, requiredText, wholeNumber } from '../input-fields.ts';

const sortOrder = wholeNumber('정렬 순서', -100_000, 100_000).optional();

/** A page's address: lower-case letters, digits and hyphens. */
export const slugField = requiredText('주소', 100).regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, '주소는 영문 소문자, 숫자, 하이픈(-)만 쓸 수 있어요.');

/** A unique text column is answered 422 on its field, not 500 from the constraint. */
export async function checkUnique(db: Db, table: PgTable, column: PgColumn, id: PgColumn, value: string | undefined, existingId: number | null, field: string, message: string): Promise<void> {
  if (value === undefined) return;
  const [taken] = await db
    .select({ id })
    .from(table)
    .where(existingId === null ? eq(column, value) : and(eq(column, value), ne(id, existingId)))
    .limit(1);
  if (taken) throw invalidInput({ [field]: [message] });
}

/** Where a link may point: a path on this site or an http(s) address. */
const linkField = (label: string) =>
  optionalText(label, 2000).refine((value) => !value || /^(https?:\/\/|\/)\S*$/.test(value), `${label} 주소가 올바르지 않아요.`);

const bannerFields = {
  type: z.enum(bannerTypes, { error: '배너 종류를 골라 주세요.' }),
  text: requiredText('문구', 200),
  link: linkField('링크'),
  image_url: linkField('이미지'),
  is_active: flag('사용 여부').optional(),
  starts_at: optionalTime('시작 시각'),
  ends_at: optionalTime('끝나는 시각'),
  sort_order: sortOrder,
};
const bannerCreate = z.object(bannerFields);
const bannerUpdate = bannerCreate.partial();

export const bannerRowResource = (row: (typeof banners)['$inferSelect']) => ({
  id: row.id,
  type: row.type,
  text: row.text,
  link: row.link,
  image_url: row.imageUrl,
  is_active: row.isActive,
  starts_at: apiTime(row.startsAt),
  ends_at: apiTime(row.endsAt),
  sort_order: row.sortOrder,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/**
 * Header and store banners. Pages read the current one through a reader that keeps it five
 * seconds (banner-service.ts): a change shows on every instance within that, as it promises.
 */
export const bannerResource: CrudResource<typeof banners, typeof bannerCreate, typeof bannerUpdate> = {
  path: 'banners',
  modelType: 'banner',
  table: banners,
  id: banners.id,
  sortable: { id: banners.id, sort_order: banners.sortOrder, starts_at: banners.startsAt },
  search: [banners.text],
  filters: { type: (value) => ((bannerTypes as readonly string[]).includes(value) ? eq(banners.type, value as (typeof bannerTypes)[number]) : undefined) },
  create: bannerCreate,
  update: bannerUpdate,
  toValues: (_db, input, existing) => {
    const startsAt = input.starts_at === undefined ? (existing?.startsAt ?? null) : input.starts_at;
    const endsAt = input.ends_at === undefined ? (existing?.endsAt ?? null) : input.ends_at;
    if (startsAt && endsAt && endsAt <= startsAt) throw invalidInput({ ends_at: ['끝나는 시각은 시작 시각보다 뒤여야 해요.'] });
    return presentValues(input, { type: 'type', text: 'text', link: 'link', image_url: 'imageUrl', is_active: 'isActive', starts_at: 'startsAt', ends_at: 'endsAt', sort_order: 'sortOrder' });
  },
  toResource: bannerRowResource,
};

const mainFields = { title: requiredText('이름', 100), published_at: optionalTime('게시 시각') };
const mainCreate = z.object(mainFields);
const mainUpdate = mainCreate.partial();

export const mainRowResource = (row: (typeof mains)['$inferSelect']) => ({ id: row.id, title: row.title, published_at: apiTime(row.publishedAt), created_at: apiTime(row.createdAt), updated_at: apiTime(row.updatedAt) });

/**
 * Versions of the home page: the newest published no later than now is current. The home keeps
 * what it read a short while (main-service.ts); a change shows within that.
 */
export const mainResource: CrudResource<typeof mains, typeof mainCreate, typeof mainUpdate> = {
  path: 'mains',
  modelType: 'main',
  table: mains,
  id: mains.id,
  sortable: { id: mains.id, published_at: mains.publishedAt },
  search: [mains.title],
  create: mainCreate,
  update: mainUpdate,
  toValues: (_db, input) => presentValues(input, { title: 'title', published_at: 'publishedAt' }),
  toResource: mainRowResource,
};

const mainBannerFields = {
  main_id: referenceId('홈 화면'),
  title: requiredText('제목', 100),
  subtitle: optionalText('부제', 200),
  image_url: imageUrl('이미지 주소'),
  image_alt: requiredText('이미지 설명', 200),
  image_width: wholeNumber('이미지 너비', 1, 10_000, 'px'),
  image_height: wholeNumber('이미지 높이', 1, 10_000, 'px'),
  link_url: linkField('링크'),
  background_color: optionalText('배경색', 7).refine((value) => !value || /^#[0-9a-fA-F]{6}$/.test(value), '배경색은 #으로 시작하는 여섯 자리 16진수여야 해요.'),
  sort_order: sortOrder,
};
const mainBannerCreate = z.object(mainBannerFields);
const mainBannerUpdate = mainBannerCreate.partial();

export const mainBannerRowResource = (row: (typeof mainBanners)['$inferSelect']) => ({
  id: row.id,
  main_id: row.mainId,
  title: row.title,
  subtitle: row.subtitle,
  image_url: row.imageUrl,
  image_alt: row.imageAlt,
  image_width: row.imageWidth,
  image_height: row.imageHeight,
  link_url: row.linkUrl,
  background_color: row.backgroundColor,
  sort_order: row.sortOrder,
});

export const mainBannerResource: CrudResource<typeof mainBanners, typeof mainBannerCreate, typeof mainBannerUpdate> = {
  path: 'main-banners',
  modelType: 'main_banner',
  table: mainBanners,
  id: mainBanners.id,
  sortable: { sort_order: mainBanners.sortOrder, id: mainBanners.id },
  search: [mainBanners.title],
  filters: { main_id: (value) => (/^\d{1,9}$/.test(value) ? eq(mainBanners.mainId, Number(value)) : undefined) },
  create: mainBannerCreate,
  update: mainBannerUpdate,
  toValues: async (db, input) => {
    if (input.main_id !== undefined) {
      const [main] = await db.select({ id: mains.id }).from(mains).where(eq(mains.id, input.main_id));
      if (!main) throw invalidInput({ main_id: ['홈 화면을 찾을 수 없어요.'] });
    }
    return presentValues(input, {
      main_id: 'mainId',
      title: 'title',
      subtitle: 'subtitle',
      image_url: 'imageUrl',
      image_alt: 'imageAlt',
      image_width: 'imageWidth',
      image_height: 'imageHeight',
      link_url: 'linkUrl',
      background_color: 'backgroundColor',
      sort_order: 'sortOrder',
    });
  },
  toResource: mainBannerRowResource,
};

const faqCategoryFields = { name: requiredText('분류 이름', 50), slug: slugField, sort_order: sortOrder };
const faqCategoryCreate = z.object(faqCategoryFields);
const faqCategoryUpdate = faqCategoryCreate.partial();

export const faqCategoryRowResource = (row: (typeof faqCategories)['$inferSelect']) => ({ id: row.id, name: row.name, slug: row.slug, sort_order: row.sortOrder, created_at: apiTime(row.createdAt), updated_at: apiTime(row.updatedAt) });

export const faqCategoryResource: CrudResource<typeof faqCategories, typeof faqCategoryCreate, typeof faqCategoryUpdate> = {
  path: 'faq-categories',
  modelType: 'faq_category',
  table: faqCategories,
  id: faqCategories.id,
  sortable: { sort_order: faqCategories.sortOrder, id: faqCategories.id, name: faqCategories.name },
  search: [faqCategories.name],
  create: faqCategoryCreate,
  update: faqCategoryUpdate,
  toValues: async (db, input, existing) => {
    await checkUnique(db, faqCategories, faqCategories.slug, faqCategories.id, input.slug, existing?.id ?? null, 'slug', '이미 쓰고 있는 주소예요.');
    return presentValues(input, { name: 'name', slug: 'slug', sort_order: 'sortOrder' });
  },
  toResource: faqCategoryRowResource,
  // Deleting a category would take its questions with it (cascade).
  canDelete: async (db, row) => {
    const [faq] = await db.select({ id: faqs.id }).from(faqs).where(eq(faqs.faqCategoryId, row.id)).limit(1);
    return faq ? '질문이 있는 분류는 지울 수 없어요. 질문을 먼저 옮기거나 지워 주세요.' : null;
  },
};

const faqFields = {
  faq_category_id: referenceId('분류'),
  question: requiredText('질문', 300),
  answer_html: richTextField('답변'),
  sort_order: sortOrder,
  is_published: flag('공개 여부').optional(),
};
const faqCreate = z.object(faqFields);
const faqUpdate = faqCreate.partial();

export const faqRowResource = (row: (typeof faqs)['$inferSelect']) => ({
  id: row.id,
  faq_category_id: row.faqCategoryId,
  question: row.question,
  answer_html: row.answerHtml,
  sort_order: row.sortOrder,
  is_published: row.isPublished,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const faqResource: CrudResource<typeof faqs, typeof faqCreate, typeof faqUpdate> = {
  path: 'faqs',
  modelType: 'faq',
  table: faqs,
  id: faqs.id,
  sortable: { sort_order: faqs.sortOrder, id: faqs.id },
  search: [faqs.question],
  filters: { faq_category_id: (value) => (/^\d{1,9}$/.test(value) ? eq(faqs.faqCategoryId, Number(value)) : undefined) },
  create: faqCreate,
  update: faqUpdate,
  toValues: async (db, input) => {
    if (input.faq_category_id !== undefined) {
      const [category] = await db.select({ id: faqCategories.id }).from(faqCategories).where(eq(faqCategories.id, input.faq_category_id));
      if (!category) throw invalidInput({ faq_category_id: ['분류를 찾을 수 없어요.'] });
    }
    return {
      ...presentValues(input, { faq_category_id: 'faqCategoryId', question: 'question', sort_order: 'sortOrder', is_published: 'isPublished' }),
      ...(input.answer_html === undefined ? {} : { answerHtml: sanitizeStaffHtml(input.answer_html) }),
    };
  },
  toResource: faqRowResource,
};

const storePageFields = {
  slug: slugField,
  title: requiredText('제목', 200),
  description: optionalText('설명', 300),
  image_url: linkField('이미지'),
  body_html: richTextField('본문'),
  is_published: flag('공개 여부').optional(),
};
const storePageCreate = z.object(storePageFields);
const storePageUpdate = storePageCreate.partial();

export const storePageRowResource = (row: (typeof storePages)['$inferSelect']) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  image_url: row.imageUrl,
  body_html: row.bodyHtml,
  is_published: row.isPublished,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/** The shop's guides (brand story, shipping, returns). */
export const storePageResource: CrudResource<typeof storePages, typeof storePageCreate, typeof storePageUpdate> = {
  path: 'store-pages',
  modelType: 'store_page',
  table: storePages,
  id: storePages.id,
  sortable: { id: storePages.id, slug: storePages.slug, title: storePages.title },
  search: [storePages.title, storePages.slug],
  create: storePageCreate,
  update: storePageUpdate,
  toValues: async (db, input, existing) => {
    await checkUnique(db, storePages, storePages.slug, storePages.id, input.slug, existing?.id ?? null, 'slug', '이미 쓰고 있는 주소예요.');
    return {
      ...presentValues(input, { slug: 'slug', title: 'title', description: 'description', image_url: 'imageUrl', is_published: 'isPublished' }),
      ...(input.body_html === undefined ? {} : { bodyHtml: sanitizeStaffHtml(input.body_html) }),
    };
  },
  toResource: storePageRowResource,
};

const envFields = {
  name: requiredText('이름', 100).regex(/^[A-Za-z0-9_.-]+$/, '이름은 영문, 숫자, 밑줄(_), 점(.), 하이픈(-)만 쓸 수 있어요.'),
  // Any JSON value; absent is not a value.
  value: z.json({ error: '값은 JSON이어야 해요.' }).refine((value) => value !== undefined, '값을 입력해 주세요.'),
  is_public: flag('공개 여부').optional(),
  description: optionalText('설명', 500),
};
const envCreate = z.object(envFields);
const envUpdate = envCreate.partial();

export const envRowResource = (row: (typeof envs)['$inferSelect']) => ({
  id: row.id,
  name: row.name,
  value: row.value,
  is_public: row.isPublic,
  description: row.description,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/** Settings changed without a deploy. Pages read public ones through a reader that keeps them five seconds. */
export const envResource: CrudResource<typeof envs, typeof envCreate, typeof envUpdate> = {
  path: 'envs',
  modelType: 'env',
  table: envs,
  id: envs.id,
  sortable: { name: envs.name, id: envs.id },
  search: [envs.name, envs.description],
  create: envCreate,
  update: envUpdate,
  toValues: async (db, input, existing) => {
    await checkUnique(db, envs, envs.name, envs.id, input.name, existing?.id ?? null, 'name', '이미 있는 이름이에요.');
    return presentValues(input, { name: 'name', value: 'value', is_public: 'isPublic', description: 'description' });
  },
  toResource: envRowResource,
};
