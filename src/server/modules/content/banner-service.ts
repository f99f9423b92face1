import { LRUCache } from 'lru-cache';
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { banners } from '../../db/schema/index.ts';
import type { Banner, BannerType } from '../../db/schema/index.ts';

/** The banner of `type` showing now: active, inside its dates, the highest sort order first. */
export async function findCurrentBanner(db: Db, type: BannerType, now = new Date()): Promise<Banner | null> {
  const [banner] = await db
    .select()
    .from(banners)
    .where(
      and(
        eq(banners.type, type),
        eq(banners.isActive, true),
        or(isNull(banners.startsAt), lte(banners.startsAt, now)),
        or(isNull(banners.endsAt), gt(banners.endsAt, now)),
      ),
    )
    .orderBy(desc(banners.sortOrder), asc(banners.id))
    .limit(1);
  return banner ?? null;
}

export type BannerReader = (type: BannerType) => Promise<Banner | null>;

export const BANNER_CACHE_TTL_MS = 5_000;

/**
 * The current banner, kept a few seconds in this process. Every page and the shell's island ask
 * for it and it changes a few times a month, so a banner edited on one instance shows on the
 * others within the TTL; concurrent misses share one query.
 */
export function createBannerReader(db: Db, ttlMs = BANNER_CACHE_TTL_MS): BannerReader {
  const cache = new LRUCache<BannerType, { banner: Banner | null }>({
    max: 32,
    ttl: ttlMs,
    fetchMethod: async (type) => ({ banner: await findCurrentBanner(db, type) }),
  });
  return async (type) => (await cache.fetch(type))?.banner ?? null;
}
