import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { pageMeta } from '../../http/pagination.ts';
import { idParam } from '../../http/route-id.ts';
import {
  explorerSectionResource,
  publicRitualSessionResource,
  ritualDetailResource,
  ritualItemResource,
  sessionTitleResource,
} from './resource.ts';
import { RITUAL_MESSAGES, ritualDetailQuery, ritualListQuery, ritualSessionListQuery } from './schema.ts';
import { findRitual, listRituals, listSeasonSessions, listSessionTitles, loadExplorer } from './service.ts';

// The same for every visitor; seats left may lag this much behind, which a browser's retry covers.
const PUBLIC_CACHE = 'public, max-age=30';

export function ritualRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/rituals', async (c) => {
      const query = validateQuery(c, ritualListQuery);
      const page = await listRituals(db, { type: query.type, themeId: query.theme_id, q: query.q, page: query.page, perPage: query.per_page });
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: page.items.map(ritualItemResource), meta: pageMeta(page.page, page.perPage, page.total) });
    })
    .get('/api/rituals/:id', async (c) => {
      const id = idParam(c, 'id', RITUAL_MESSAGES.notFound);
      const query = validateQuery(c, ritualDetailQuery);
      const ritual = await findRitual(db, id, { sessionId: query.ritualSessionId });
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: ritualDetailResource(ritual) });
    })
    .get('/api/ritual-session-titles', async (c) => {
      const titles = await listSessionTitles(db);
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: titles.map(sessionTitleResource) });
    })
    .get('/api/ritual-sessions', async (c) => {
      const query = validateQuery(c, ritualSessionListQuery);
      const sessions = await listSeasonSessions(db, query.ritual_session_title_id);
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: sessions.map(publicRitualSessionResource) });
    })
    .get('/api/explorers', async (c) => {
      const { sections } = await loadExplorer(db);
      c.header('Cache-Control', PUBLIC_CACHE);
      return c.json({ data: sections.map(explorerSectionResource) });
    });
}
