import { desc, eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { pageVersions, pages } from '../../../db/schema/index.ts';
import { notFound } from '../../../domain-errors.ts';
import { sanitizeStaffHtml } from '../../../html/sanitize.ts';
import type { AppEnv } from '../../../http/context.ts';
import { idParam } from '../../../http/route-id.ts';
import { apiTime } from '../../../http/serialize.ts';
import { NOT_FOUND } from '../crud.ts';
import type { CrudResource } from '../crud.ts';
import { optionalTime, richTextField } from '../fields.ts';
import { flag, optionalText, presentValues, requiredText } from '../input-fields.ts';
import { checkUnique, slugField } from './site.ts';

const fields = {
  slug: slugField,
  title: requiredText('제목', 200),
  description: optionalText('설명', 300),
  body_html: richTextField('본문'),
  // For terms: the day the text takes effect (시행일).
  effective_at: optionalTime('시행일'),
  is_published: flag('공개 여부').optional(),
};
const create = z.object(fields);
const update = create.partial();

const sameMoment = (a: Date | null, b: Date | null): boolean => (a?.getTime() ?? null) === (b?.getTime() ?? null);

export const pageRowResource = (row: (typeof pages)['$inferSelect']) => ({
  id: row.id,
  slug: row.slug,
  title: row.title,
  description: row.description,
  body_html: row.bodyHtml,
  effective_at: apiTime(row.effectiveAt),
  is_published: row.isPublished,
  created_at: apiTime(row.createdAt),
  updated_at: apiTime(row.updatedAt),
});

/**
 * Terms (`policy`, `privacy`) and other pages. A new effective date means a new text: the one it
 * replaces is kept in page_versions, as members agreed to it.
 */
export const pageResource: CrudResource<typeof pages, typeof create, typeof update> = {
  path: 'pages',
  modelType: 'page',
  table: pages,
  id: pages.id,
  sortable: { id: pages.id, slug: pages.slug, effective_at: pages.effectiveAt },
  search: [pages.title, pages.slug],
  create,
  update,
  toValues: async (db, input, existing) => {
    await checkUnique(db, pages, pages.slug, pages.id, input.slug, existing?.id ?? null, 'slug', '이미 쓰고 있는 주소예요.');
    return {
      ...presentValues(input, { slug: 'slug', title: 'title', description: 'description', effective_at: 'effectiveAt', is_published: 'isPublished' }),
      ...(input.body_html === undefined ? {} : { bodyHtml: sanitizeStaffHtml(input.body_html) }),
    };
  },
  toResource: pageRowResource,
  afterWrite: async (db, row, before) => {
    if (!before || sameMoment(before.effectiveAt, row.effectiveAt)) return;
    await db.insert(pageVersions).values({ pageId: row.id, title: before.title, bodyHtml: before.bodyHtml, effectiveAt: before.effectiveAt });
  },
};

export const pageVersionResource = (row: (typeof pageVersions)['$inferSelect']) => ({
  id: row.id,
  title: row.title,
  body_html: row.bodyHtml,
  effective_at: apiTime(row.effectiveAt),
  created_at: apiTime(row.createdAt),
});

/** The texts a page had before each change of its effective date, newest first. */
export function pageVersionRoutes(db: Db) {
  return new Hono<AppEnv>().get('/api/admin/pages/:id/versions', async (c) => {
    const id = idParam(c, 'id', NOT_FOUND);
    const [page] = await db.select({ id: pages.id }).from(pages).where(eq(pages.id, id));
    if (!page) throw notFound(NOT_FOUND);
    const rows = await db.select().from(pageVersions).where(eq(pageVersions.pageId, page.id)).orderBy(desc(pageVersions.effectiveAt), desc(pageVersions.id));
    return c.json({
      data: rows.map(pageVersionResource),
    });
  });
}
