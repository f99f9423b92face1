import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { Badge, Business, Theme } from '../../db/schema/index.ts';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../domain-errors.ts';
import { findActiveTheme, findPublicEnv, findPublishedBusiness, listActiveThemes, listBadges } from './catalogue-service.ts';
import { idParam } from '../../http/route-id.ts';

// The same for every visitor and edited a few times a season: a browser or CDN may keep it briefly.
const PUBLIC_CACHE = 'public, max-age=60';
// Setting names are short snake_case words; anything longer is not worth a query.
const ENV_NAME = /^[A-Za-z0-9_.-]{1,100}$/;

export const themeResource = (theme: Theme) => ({
  id: theme.id,
  name: theme.name,
  description: theme.description,
  image_url: theme.imageUrl,
  sort_order: theme.sortOrder,
});

export const badgeResource = (badge: Badge) => ({
  id: badge.id,
  name: badge.name,
  text_color: badge.textColor,
  background_color: badge.backgroundColor,
  sort_order: badge.sortOrder,
});

// body_html is the copy sanitised before it was stored; it is sent as it is.
export const businessResource = (business: Business) => ({
  id: business.id,
  name: business.name,
  summary: business.summary,
  body_html: business.bodyHtml,
  logo_url: business.logoUrl,
  website_url: business.websiteUrl,
});

export function catalogueRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/themes', async (c) => {
      const list = await listActiveThemes(db);
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: list.map(themeResource) });
    })
    .get('/api/themes/:id', async (c) => {
      const id = idParam(c, 'id', '테마를 찾을 수 없습니다.');
      const theme = await findActiveTheme(db, id);
      if (!theme) throw notFound('테마를 찾을 수 없습니다.');
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: themeResource(theme) });
    })
    .get('/api/badges', async (c) => {
      const list = await listBadges(db);
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: list.map(badgeResource) });
    })
    .get('/api/businesses/:id', async (c) => {
      const id = idParam(c, 'id', '기업 정보를 찾을 수 없습니다.');
      const business = await findPublishedBusiness(db, id);
      if (!business) throw notFound('기업 정보를 찾을 수 없습니다.');
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: businessResource(business) });
    })
    .get('/api/envs/:name', async (c) => {
      const name = c.req.param('name');
      const env = ENV_NAME.test(name) ? await findPublicEnv(db, name) : null;
      if (!env) throw notFound('설정을 찾을 수 없습니다.');
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: { name: env.name, value: env.value } });
    });
}
