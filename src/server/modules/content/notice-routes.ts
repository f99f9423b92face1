import { Hono } from 'hono';
import { pageMeta, pageQuery } from '../../http/pagination.ts';
import type { Db } from '../../db/client.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../domain-errors.ts';
import { apiTime } from '../../http/serialize.ts';
import { NOTICES_PER_PAGE, NOTICES_PER_PAGE_MAX, findPublishedNotice, listNotices } from './notice-service.ts';
import { idParam } from '../../http/route-id.ts';
import type { NoticeDetail, NoticeListItem } from './notice-service.ts';

export const noticeListQuery = pageQuery({ fallback: NOTICES_PER_PAGE, max: NOTICES_PER_PAGE_MAX });

export const NOTICE_NOT_FOUND = '공지사항을 찾을 수 없습니다.';

export const noticeListItemResource = (notice: NoticeListItem) => ({
  id: notice.id,
  title: notice.title,
  excerpt: notice.excerpt,
  is_pinned: notice.isPinned,
  published_at: apiTime(notice.publishedAt),
});

export const noticeResource = ({ notice, previous, next }: NoticeDetail) => ({
  id: notice.id,
  title: notice.title,
  body_html: notice.bodyHtml,
  is_pinned: notice.isPinned,
  published_at: apiTime(notice.publishedAt),
  updated_at: apiTime(notice.updatedAt),
  previous,
  next,
});

/** Public, the same for everyone, and edited a few times a month. */
const CACHE = 'public, max-age=60';

export function noticeRoutes(db: Db) {
  return new Hono<AppEnv>()
    .get('/api/notices', async (c) => {
      const query = validateQuery(c, noticeListQuery);
      const result = await listNotices(db, { page: query.page, perPage: query.per_page });
      c.header('Cache-Control', CACHE);
      return c.json({
        data: result.items.map(noticeListItemResource),
        meta: pageMeta(result.page, result.perPage, result.total),
      });
    })
    .get('/api/notices/:id', async (c) => {
      const id = idParam(c, 'id', NOTICE_NOT_FOUND);
      const found = await findPublishedNotice(db, id);
      if (!found) throw notFound(NOTICE_NOT_FOUND);
      c.header('Cache-Control', CACHE);
      return c.json({ data: noticeResource(found) });
    });
}
