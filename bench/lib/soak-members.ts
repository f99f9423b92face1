// The soak's browsers, prepared before the server starts: members who are signed in (each polls
// every 30 s, some also write), the categories they may write in and the posts their page views read.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { benchSessionCookie } from './bench-session.ts';

/** Signed-in browsers: at one poll every 30 s each, 50 polls a second. */
export const SOAK_MEMBERS = 1_500;
/**
 * The first of them also write. A post every 5 s and a comment a second over 100 members is 7.2
 * posts an hour and 0.6 comments a minute each, far inside the limits of 30 an hour and 20 a minute.
 */
export const SOAK_WRITERS = 100;
/** Older posts that page views read besides the ones the soak writes. */
const READ_POSTS = 300;

export interface SoakPost {
  id: number;
  categorySlug: string;
}

export interface SoakBrowsers {
  /** One session cookie per member; the first SOAK_WRITERS write. Kept out of results.json. */
  cookies: string[];
  /** Where members may write: open to every member, without a password. */
  categories: Array<{ id: number; slug: string }>;
  /** Readable by anyone: the newest and a spread of older ones. */
  posts: SoakPost[];
}

/** Adds the members and their sessions to the (already migrated and seeded) `dataDir`. */
export async function prepareSoakBrowsers(dataDir: string): Promise<SoakBrowsers> {
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 600_000 });
  try {
    const { db } = database;
    const members = await queryRows<{ id: number }>(
      db,
      sql`insert into users (email, nickname, username, email_verified_at, agreed_terms_at, agreed_privacy_at, created_at, updated_at)
          select 'soak' || g || '@example.com', '꾸준회원' || g, 'soak' || g, now(), now(), now(), now(), now()
          from generate_series(1, ${SOAK_MEMBERS}) g
          returning id`,
    );
    const cookies: string[] = [];
    for (const member of members) cookies.push(await benchSessionCookie(db, member.id));
    const categories = await queryRows<{ id: number; slug: string }>(
      db,
      sql`select id, slug from square_post_categories where write_scope = 'member' and password_hash is null order by id`,
    );
    if (categories.length === 0) throw new Error('the demo data has no square category every member may write in');
    // Half the newest, half spread over the whole table in an order that is the same every run.
    const posts = await queryRows<SoakPost>(
      db,
      sql`with readable as (
            select p.id, c.slug as "categorySlug"
            from square_posts p join square_post_categories c on c.id = p.square_post_category_id
            where c.password_hash is null and p.password_hash is null and c.is_active
          )
          (select * from readable order by id desc limit ${READ_POSTS / 2})
          union
          (select * from readable order by md5(id::text) limit ${READ_POSTS / 2})`,
    );
    return { cookies, categories, posts };
  } finally {
    await database.close();
  }
}
