import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { Page, StorePage } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../domain-errors.ts';
import { apiTime } from '../../http/serialize.ts';
import { findPublishedPage, findPublishedStorePage } from './page-service.ts';

export const PAGE_NOT_FOUND = '요청하신 페이지를 찾을 수 없습니다.';
export const STORE_PAGE_NOT_FOUND = '요청하신 스토어 안내 페이지를 찾을 수 없습니다.';

export const pageResource = (page: Page) => ({
  id: page.id,
  slug: page.slug,
  title: page.title,
  description: page.description,
  body_html: page.bodyHtml,
  effective_at: apiTime(page.effectiveAt),
  updated_at: apiTime(page.updatedAt),
});

export const storePageResource = (page: StorePage) => ({
  id: page.id,
  slug: page.slug,
  title: page.title,
  description: page.description,
  image_url: page.imageUrl,
  body_html: page.bodyHtml,
  updated_at: apiTime(page.updatedAt),
});

const CACHE = 'public, max-age=60';

export function pageRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/pages/:slug', async (c) => {
      const page = await findPublishedPage(db, c.req.param('slug'));
      if (!page) throw notFound(PAGE_NOT_FOUND);
      c.header('Cache-Control', CACHE);
      return c.json({ data: pageResource(page) });
    })
    .get('/api/store-pages/:slug', async (c) => {
      const page = await findPublishedStorePage(db, c.req.param('slug'));
      if (!page) throw notFound(STORE_PAGE_NOT_FOUND);
      c.header('Cache-Control', CACHE);
      return c.json({ data: storePageResource(page) });
    });
}
