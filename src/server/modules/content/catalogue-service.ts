import { LRUCache } from 'lru-cache';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { badges, businesses, envs, themes } from '../../db/schema/index.ts';
import type { Badge, Business, Theme } from '../../db/schema/index.ts';

/** Active themes in the order staff gave them (themes_active_order_idx). */
export function listActiveThemes(db: Db): Promise<Theme[]> {
  return db
    .select()
    .from(themes)
    .where(eq(themes.isActive, true))
    .orderBy(asc(themes.sortOrder), asc(themes.id));
}

export async function findActiveTheme(db: Db, id: number): Promise<Theme | null> {
  const [theme] = await db
    .select()
    .from(themes)
    .where(and(eq(themes.id, id), eq(themes.isActive, true)));
  return theme ?? null;
}

/** Every badge: a lookup table of a handful of labels, read whole. */
export function listBadges(db: Db): Promise<Badge[]> {
  return db.select().from(badges).orderBy(asc(badges.sortOrder), asc(badges.id));
}

export async function findPublishedBusiness(db: Db, id: number): Promise<Business | null> {
  const [business] = await db
    .select()
    .from(businesses)
    .where(and(eq(businesses.id, id), eq(businesses.isPublished, true)));
  return business ?? null;
}

export interface PublicEnv {
  name: string;
  value: unknown;
}

/**
 * A setting clients may read. A private setting and a missing one both answer null, so the
 * names of private settings cannot be found by asking.
 */
export async function findPublicEnv(db: Db, name: string): Promise<PublicEnv | null> {
  const [env] = await db
    .select({ name: envs.name, value: envs.value })
    .from(envs)
    .where(and(eq(envs.name, name), eq(envs.isPublic, true)));
  return env ?? null;
}

export type PublicEnvReader = (name: string) => Promise<unknown>;

const ENV_CACHE_TTL_MS = 5_000;

/**
 * Public settings as pages show them (opening hours, the apply notice), kept a few seconds so a
 * page view costs no query for them; `undefined` when the setting is missing or private.
 */
export function createPublicEnvReader(db: Db, ttlMs = ENV_CACHE_TTL_MS): PublicEnvReader {
  const cache = new LRUCache<string, { value: unknown }>({
    max: 64,
    ttl: ttlMs,
    fetchMethod: async (name) => ({ value: (await findPublicEnv(db, name))?.value }),
  });
  return async (name) => (await cache.fetch(name))?.value;
}

const pageEnvReaders = new WeakMap<Db, PublicEnvReader>();

/** The pages' reader for this database, made once and shared by every request. */
export function publicEnvReaderFor(db: Db): PublicEnvReader {
  let reader = pageEnvReaders.get(db);
  if (!reader) {
    reader = createPublicEnvReader(db);
    pageEnvReaders.set(db, reader);
  }
  return reader;
}
