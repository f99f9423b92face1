import { asc, eq, inArray } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { badges, ritualBadges, ritualSessions, rituals, ritualTypes, themes } from '../../../db/schema/index.ts';
import { invalidInput, notFound } from '../../../domain-errors.ts';
import { sanitizeStaffHtml } from '../../../html/sanitize.ts';
import { validateBody } from '../../../http/context.ts';
import type { AppEnv } from '../../../http/context.ts';
import { idParam } from '../../../http/route-id.ts';
import { apiTime } from '../../../http/serialize.ts';
import { indexRitual } from '../../search/service.ts';
import { recordAudit } from '../audit.ts';
import { NOT_FOUND } from '../crud.ts';
import type { CrudResource } from '../crud.ts';
import { richTextField } from '../fields.ts';
import { auditActorOf } from '../guard.ts';
import { flag, imageUrl, optionalReferenceId, presentValues, requiredText, wholeNumber } from '../input-fields.ts';
import { dataOf } from '../../../http/openapi/envelopes.ts';
import type { ApiOperation } from '../../../http/openapi/operation.ts';

const fields = {
  type: z.enum(ritualTypes, { error: '종류는 한 달 리추얼(monthly) 또는 원데이(one_day)여야 해요.' }),
  title: requiredText('제목', 100),
  summary: requiredText('한 줄 소개', 200),
  description_html: richTextField('소개'),
  how_it_goes_html: richTextField('진행 방식'),
  cover_image_url: imageUrl('대표 이미지 주소'),
  cover_image_alt: requiredText('대표 이미지 설명', 200),
  theme_id: optionalReferenceId('테마'),
  host_name: requiredText('호스트 이름', 50),
  host_introduction: requiredText('호스트 소개', 1000),
  sort_order: wholeNumber('정렬 순서', -100_000, 100_000).optional(),
  is_published: flag('공개 여부').optional(),
};

const create = z.object(fields);
const update = z.object(fields).partial();

const COLUMNS = {
  type: 'type',
  title: 'title',
  summary: 'summary',
  cover_image_url: 'coverImageUrl',
  cover_image_alt: 'coverImageAlt',
  theme_id: 'themeId',
  host_name: 'hostName',
  host_introduction: 'hostIntroduction',
  sort_order: 'sortOrder',
  is_published: 'isPublished',
} as const;

export const ritualRowResource = (row: (typeof rituals)['$inferSelect']) => ({
  id: row.id,
  type: row.type,
  title: row.title,
  summary: row.summary,
  description_html: row.descriptionHtml,
  how_it_goes_html: row.howItGoesHtml,
  cover_image_url: row.coverImageUrl,
  cover_image_alt: row.coverImageAlt,
  theme_id: row.themeId,
  host_name: row.hostName,
  host_introduction: row.hostIntroduction,
  sort_order: row.sortOrder,
  is_published: row.isPublished,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

export const ritualResource: CrudResource<typeof rituals, typeof create, typeof update> = {
  path: 'rituals',
  modelType: 'ritual',
  table: rituals,
  id: rituals.id,
  sortable: { id: rituals.id, sort_order: rituals.sortOrder, title: rituals.title, created_at: rituals.createdAt },
  search: [rituals.title, rituals.hostName],
  filters: {
    type: (value) => (value === 'monthly' || value === 'one_day' ? eq(rituals.type, value) : undefined),
  },
  create,
  update,
  toValues: async (db, input) => {
    if (input.theme_id) {
      const [theme] = await db.select({ id: themes.id }).from(themes).where(eq(themes.id, input.theme_id));
      if (!theme) throw invalidInput({ theme_id: ['테마를 찾을 수 없어요.'] });
    }
    return {
      ...(presentValues(input, COLUMNS) as Partial<typeof rituals.$inferInsert>),
      ...(input.description_html === undefined ? {} : { descriptionHtml: sanitizeStaffHtml(input.description_html) }),
      ...(input.how_it_goes_html === undefined ? {} : { howItGoesHtml: sanitizeStaffHtml(input.how_it_goes_html) }),
    };
  },
  toResource: ritualRowResource,
  // Its sessions hold members and orders: unpublishing hides a ritual without losing them.
  canDelete: async (db, row) => {
    const [session] = await db.select({ id: ritualSessions.id }).from(ritualSessions).where(eq(ritualSessions.ritualId, row.id)).limit(1);
    return session ? '세션이 있는 리추얼은 지울 수 없어요. 공개를 끄면 목록에서 사라져요.' : null;
  },
  afterWrite: (db, row) => indexRitual(db, row),
};

const badgeInput = z.object({
  badge_ids: z
    .array(z.number({ error: '배지를 골라 주세요.' }).int().positive(), { error: '배지 목록이 필요해요.' })
    .max(20, '배지는 20개까지 달 수 있어요.'),
});

/** A ritual's badges, read and replaced as a whole (the join table has no id of its own). */
export function ritualBadgeRoutes(db: Db) {
  const readBadgeIds = async (executor: Db, ritualId: number) =>
    (await executor.select({ id: ritualBadges.badgeId }).from(ritualBadges).where(eq(ritualBadges.ritualId, ritualId)).orderBy(asc(ritualBadges.badgeId))).map(
      (row) => row.id,
    );

  return new Hono<AppEnv>()
    .get('/api/admin/rituals/:id/badges', async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      const [ritual] = await db.select({ id: rituals.id }).from(rituals).where(eq(rituals.id, id));
      if (!ritual) throw notFound(NOT_FOUND);
      return c.json({ data: { badge_ids: await readBadgeIds(db, ritual.id) } });
    })
    .put('/api/admin/rituals/:id/badges', async (c) => {
      const input = validateBody(c, badgeInput);
      const id = idParam(c, 'id', NOT_FOUND);
      const wanted = [...new Set(input.badge_ids)];
      const actor = auditActorOf(c);
      const badgeIds = await db.transaction(async (tx) => {
        const executor = tx as unknown as Db;
        const [ritual] = await executor.select({ id: rituals.id }).from(rituals).where(eq(rituals.id, id)).for('update');
        if (!ritual) throw notFound(NOT_FOUND);
        const known = wanted.length ? await executor.select({ id: badges.id }).from(badges).where(inArray(badges.id, wanted)) : [];
        if (known.length !== wanted.length) throw invalidInput({ badge_ids: ['없는 배지가 있어요.'] });
        const before = await readBadgeIds(executor, ritual.id);
        await executor.delete(ritualBadges).where(eq(ritualBadges.ritualId, ritual.id));
        if (wanted.length) await executor.insert(ritualBadges).values(wanted.map((badgeId) => ({ ritualId: ritual.id, badgeId })));
        const after = await readBadgeIds(executor, ritual.id);
        await recordAudit(executor, actor, { action: 'update_badges', modelType: 'ritual', modelId: ritual.id, before: { badge_ids: before }, after: { badge_ids: after } });
        return after;
      });
      return c.json({ data: { badge_ids: badgeIds } });
    });
}

const badgeIds = dataOf(z.strictObject({ badge_ids: z.array(z.int()) }));

export const ritualBadgeOperations: readonly ApiOperation[] = [
  { method: 'GET', path: '/api/admin/rituals/:id/badges', summary: '리추얼의 배지', access: 'staff', answers: { 200: badgeIds } },
  { method: 'PUT', path: '/api/admin/rituals/:id/badges', summary: '리추얼의 배지 바꾸기', access: 'staff', body: badgeInput, answers: { 200: badgeIds } },
];
