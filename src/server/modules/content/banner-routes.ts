import { Hono } from 'hono';
import { z } from 'zod';
import { bannerTypes } from '../../db/schema/index.ts';
import type { Banner } from '../../db/schema/index.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { apiTime } from '../../http/serialize.ts';
import type { BannerReader } from './banner-service.ts';

export const bannerCurrentQuery = z.object({
  type: z.enum(bannerTypes, { error: `type은 ${bannerTypes.join(', ')} 중 하나여야 합니다.` }),
});

export const bannerResource = (banner: Banner) => ({
  id: banner.id,
  type: banner.type,
  text: banner.text,
  link: banner.link,
  image_url: banner.imageUrl,
  starts_at: apiTime(banner.startsAt),
  ends_at: apiTime(banner.endsAt),
});

export function bannerRoutes(currentBanner: BannerReader) {
  return new Hono<AppEnv>().get('/api/banners/current', async (c) => {
    const { type } = validateQuery(c, bannerCurrentQuery);
    const banner = await currentBanner(type);
    // Public and the same for everyone: a CDN or the browser may keep it briefly.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json({ data: banner ? bannerResource(banner) : null });
  });
}
