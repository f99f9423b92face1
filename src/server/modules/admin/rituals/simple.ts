import { eq } from 'drizzle-orm';
import { z } from 'zod';
import {
  offTheRecordCategories,
  offTheRecordKinds,
  offTheRecords,
  programEvents,
  ritualSessionCheckInTexts,
  ritualSessionTitles,
  ritualSessions,
  rituals,
} from '../../../db/schema/index.ts';
import { inOrder } from '../../../db/client.ts';
import { invalidInput } from '../../../domain-errors.ts';
import { sanitizeStaffHtml } from '../../../html/sanitize.ts';
import { apiTime } from '../../../http/serialize.ts';
import { indexOffTheRecord } from '../../search/service.ts';
import type { CrudResource } from '../crud.ts';
import { optionalTime, richTextField } from '../fields.ts';
import { flag, imageUrl, optionalReferenceId, presentValues, referenceId, requiredText, requiredTime, wholeNumber } from '../input-fields.ts';

const sortOrder = wholeNumber('정렬 순서', -100_000, 100_000).optional();

const titleFields = { title: requiredText('시즌 이름', 100), starts_at: requiredTime('시작 시각'), is_published: flag('공개 여부').optional() };
const titleCreate = z.object(titleFields);
const titleUpdate = titleCreate.partial();

export const ritualSessionTitleRowResource = (row: (typeof ritualSessionTitles)['$inferSelect']) => ({
  id: row.id,
  title: row.title,
  starts_at: apiTime(row.startsAt),
  is_published: row.isPublished,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/** Seasons (「2026년 12월 리추얼」) that sessions are grouped under. */
export const ritualSessionTitleResource: CrudResource<typeof ritualSessionTitles, typeof titleCreate, typeof titleUpdate> = {
  path: 'ritual-session-titles',
  modelType: 'ritual_session_title',
  table: ritualSessionTitles,
  id: ritualSessionTitles.id,
  sortable: { starts_at: ritualSessionTitles.startsAt, id: ritualSessionTitles.id, title: ritualSessionTitles.title },
  search: [ritualSessionTitles.title],
  create: titleCreate,
  update: titleUpdate,
  toValues: (_db, input) => presentValues(input, { title: 'title', starts_at: 'startsAt', is_published: 'isPublished' }),
  toResource: ritualSessionTitleRowResource,
};

const eventFields = { ritual_session_id: referenceId('세션'), title: requiredText('프로그램 이름', 100), place: requiredText('장소', 200) };
const eventCreate = z.object(eventFields);
const eventUpdate = eventCreate.partial();

export const programEventRowResource = (row: (typeof programEvents)['$inferSelect']) => ({
  id: row.id,
  ritual_session_id: row.ritualSessionId,
  title: row.title,
  place: row.place,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/** What and where a one-day programme's session meets; the session owns its time, seats and price. */
export const programEventResource: CrudResource<typeof programEvents, typeof eventCreate, typeof eventUpdate> = {
  path: 'program-events',
  modelType: 'program_event',
  table: programEvents,
  id: programEvents.id,
  sortable: { id: programEvents.id, title: programEvents.title },
  search: [programEvents.title, programEvents.place],
  filters: { ritual_session_id: (value) => (/^\d{1,9}$/.test(value) ? eq(programEvents.ritualSessionId, Number(value)) : undefined) },
  create: eventCreate,
  update: eventUpdate,
  toValues: async (db, input, existing) => {
    const sessionId = input.ritual_session_id;
    if (sessionId !== undefined && sessionId !== existing?.ritualSessionId) {
      const [session] = await db
        .select({ id: ritualSessions.id, type: rituals.type })
        .from(ritualSessions)
        .leftJoin(rituals, eq(rituals.id, ritualSessions.ritualId))
        .where(eq(ritualSessions.id, sessionId));
      if (!session) throw invalidInput({ ritual_session_id: ['세션을 찾을 수 없어요.'] });
      if (session.type !== 'one_day') throw invalidInput({ ritual_session_id: ['원데이 프로그램의 세션만 고를 수 있어요.'] });
      const [taken] = await db.select({ id: programEvents.id }).from(programEvents).where(eq(programEvents.ritualSessionId, sessionId));
      if (taken) throw invalidInput({ ritual_session_id: ['이 세션에는 이미 프로그램이 있어요.'] });
    }
    return presentValues(input, { ritual_session_id: 'ritualSessionId', title: 'title', place: 'place' });
  },
  toResource: programEventRowResource,
};

const checkInFields = { text: requiredText('문구', 200), sort_order: sortOrder, is_active: flag('사용 여부').optional() };
const checkInCreate = z.object(checkInFields);
const checkInUpdate = checkInCreate.partial();

export const checkInTextRowResource = (row: (typeof ritualSessionCheckInTexts)['$inferSelect']) => ({
  id: row.id,
  text: row.text,
  sort_order: row.sortOrder,
  is_active: row.isActive,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/** The lines a member picks from when checking in. */
export const checkInTextResource: CrudResource<typeof ritualSessionCheckInTexts, typeof checkInCreate, typeof checkInUpdate> = {
  path: 'check-in-texts',
  modelType: 'ritual_session_check_in_text',
  table: ritualSessionCheckInTexts,
  id: ritualSessionCheckInTexts.id,
  sortable: { sort_order: ritualSessionCheckInTexts.sortOrder, id: ritualSessionCheckInTexts.id },
  search: [ritualSessionCheckInTexts.text],
  create: checkInCreate,
  update: checkInUpdate,
  toValues: (_db, input) => presentValues(input, { text: 'text', sort_order: 'sortOrder', is_active: 'isActive' }),
  toResource: checkInTextRowResource,
};

const categoryFields = { name: requiredText('분류 이름', 50), sort_order: sortOrder, is_active: flag('사용 여부').optional() };
const categoryCreate = z.object(categoryFields);
const categoryUpdate = categoryCreate.partial();

export const offTheRecordCategoryRowResource = (row: (typeof offTheRecordCategories)['$inferSelect']) => ({
  id: row.id,
  name: row.name,
  sort_order: row.sortOrder,
  is_active: row.isActive,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const offTheRecordCategoryResource: CrudResource<typeof offTheRecordCategories, typeof categoryCreate, typeof categoryUpdate> = {
  path: 'off-the-record-categories',
  modelType: 'off_the_record_category',
  table: offTheRecordCategories,
  id: offTheRecordCategories.id,
  sortable: { sort_order: offTheRecordCategories.sortOrder, id: offTheRecordCategories.id, name: offTheRecordCategories.name },
  search: [offTheRecordCategories.name],
  create: categoryCreate,
  update: categoryUpdate,
  toValues: (_db, input) => presentValues(input, { name: 'name', sort_order: 'sortOrder', is_active: 'isActive' }),
  toResource: offTheRecordCategoryRowResource,
  canDelete: async (db, row) => {
    const [record] = await db.select({ id: offTheRecords.id }).from(offTheRecords).where(eq(offTheRecords.offTheRecordCategoryId, row.id)).limit(1);
    return record ? '글이 있는 분류는 지울 수 없어요. 사용을 끄거나 글을 먼저 옮겨 주세요.' : null;
  },
};

const recordFields = {
  off_the_record_category_id: referenceId('분류'),
  kind: z.enum(offTheRecordKinds, { error: '종류는 interview, record, review 중 하나여야 해요.' }),
  ritual_id: optionalReferenceId('리추얼'),
  title: requiredText('제목', 200),
  summary: requiredText('요약', 300),
  content_html: richTextField('본문'),
  cover_image_url: imageUrl('대표 이미지 주소'),
  cover_image_alt: requiredText('대표 이미지 설명', 200),
  author_name: requiredText('글쓴이', 50),
  // Empty: a draft. In the future: scheduled.
  published_at: optionalTime('게시 시각'),
};
const recordCreate = z.object(recordFields);
const recordUpdate = recordCreate.partial();

export const offTheRecordRowResource = (row: (typeof offTheRecords)['$inferSelect']) => ({
  id: row.id,
  off_the_record_category_id: row.offTheRecordCategoryId,
  kind: row.kind,
  ritual_id: row.ritualId,
  title: row.title,
  summary: row.summary,
  content_html: row.contentHtml,
  cover_image_url: row.coverImageUrl,
  cover_image_alt: row.coverImageAlt,
  author_name: row.authorName,
  published_at: apiTime(row.publishedAt),
  comments_count: row.commentsCount,
  reactions_count: row.reactionsCount,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const offTheRecordResource: CrudResource<typeof offTheRecords, typeof recordCreate, typeof recordUpdate> = {
  path: 'off-the-records',
  modelType: 'off_the_record',
  table: offTheRecords,
  id: offTheRecords.id,
  sortable: { published_at: offTheRecords.publishedAt, id: offTheRecords.id, title: offTheRecords.title },
  search: [offTheRecords.title, offTheRecords.authorName],
  filters: { off_the_record_category_id: (value) => (/^\d{1,9}$/.test(value) ? eq(offTheRecords.offTheRecordCategoryId, Number(value)) : undefined) },
  create: recordCreate,
  update: recordUpdate,
  toValues: async (db, input) => {
    // Read inside the console's transaction: on PostgreSQL its statements go one after another.
    const [category, ritual] = await inOrder(db, [
      async () =>
        input.off_the_record_category_id
          ? db.select({ id: offTheRecordCategories.id }).from(offTheRecordCategories).where(eq(offTheRecordCategories.id, input.off_the_record_category_id))
          : [{ id: 0 }],
      async () => (input.ritual_id ? db.select({ id: rituals.id }).from(rituals).where(eq(rituals.id, input.ritual_id)) : [{ id: 0 }]),
    ]);
    const errors: Record<string, string[]> = {};
    if (category.length === 0) errors['off_the_record_category_id'] = ['분류를 찾을 수 없어요.'];
    if (ritual.length === 0) errors['ritual_id'] = ['리추얼을 찾을 수 없어요.'];
    if (Object.keys(errors).length > 0) throw invalidInput(errors);
    return {
      ...presentValues(input, {
        off_the_record_category_id: 'offTheRecordCategoryId',
        kind: 'kind',
        ritual_id: 'ritualId',
        title: 'title',
        summary: 'summary',
        cover_image_url: 'coverImageUrl',
        cover_image_alt: 'coverImageAlt',
        author_name: 'authorName',
        published_at: 'publishedAt',
      }),
      ...(input.content_html === undefined ? {} : { contentHtml: sanitizeStaffHtml(input.content_html) }),
    };
  },
  toResource: offTheRecordRowResource,
  afterWrite: (db, row) => indexOffTheRecord(db, row),
};
