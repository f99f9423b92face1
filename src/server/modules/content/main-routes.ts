import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { MainBanner } from '../../db/schema/index.ts';
import { currentUser } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { notFound } from '../../domain-errors.ts';
import { apiTime } from '../../http/serialize.ts';
import { recordItemResource } from '../off-the-record/resource.ts';
import { oneDayProgramResource } from '../programs/resource.ts';
import { ritualItemResource } from '../rituals/resource.ts';
import { themeResource } from './catalogue-routes.ts';
import { findMainForViewer, isMainPublished } from './main-service.ts';
import type { HomeContent, HomeNotice, HomeReader, MainWithBanners } from './main-service.ts';
import { idParam } from '../../http/route-id.ts';

const NOT_FOUND = '메인 화면을 찾을 수 없습니다.';

export const mainBannerResource = (banner: MainBanner) => ({
  id: banner.id,
  title: banner.title,
  subtitle: banner.subtitle,
  image_url: banner.imageUrl,
  image_alt: banner.imageAlt,
  image_width: banner.imageWidth,
  image_height: banner.imageHeight,
  link_url: banner.linkUrl,
  background_color: banner.backgroundColor,
  sort_order: banner.sortOrder,
});

export const homeNoticeResource = (notice: HomeNotice) => ({
  id: notice.id,
  title: notice.title,
  is_pinned: notice.isPinned,
  published_at: apiTime(notice.publishedAt),
});

// Products join this shape with their own work, as one more key at the end; until then the key
// is absent rather than empty, so a client cannot mistake "not built" for "none".
export const mainResource = (content: HomeContent & { main: MainWithBanners }) => ({
  id: content.main.id,
  title: content.main.title,
  published_at: apiTime(content.main.publishedAt),
  banners: content.main.banners.map(mainBannerResource),
  notices: content.notices.map(homeNoticeResource),
  themes: content.themes.map(themeResource),
  rituals: content.rituals.map(ritualItemResource),
  programs: content.programs.map(oneDayProgramResource),
  off_the_records: content.offTheRecords.map(recordItemResource),
});

export function mainRoutes(db: Db, readHome: HomeReader) {
  return new Hono<AppEnv>()
    .get('/api/mains/current', async (c) => {
      const home = await readHome();
      if (!home.main) throw notFound('공개된 메인 화면이 없습니다.');
      c.header('Cache-Control', 'public, max-age=60');
      return c.json({ data: mainResource({ ...home, main: home.main }) });
    })
    .get('/api/mains/:id', async (c) => {
      const id = idParam(c, 'id', NOT_FOUND);
      const content = await findMainForViewer(db, id, currentUser(c));
      if (!content) throw notFound(NOT_FOUND);
      // A draft is seen by staff only: no shared cache may keep it for the next visitor.
      c.header('Cache-Control', isMainPublished(content.main) ? 'public, max-age=60' : 'private, no-store');
      return c.json({ data: mainResource(content) });
    });
}
