// The square at scale: before the server starts, its database gets the demo data and 100,000
// more posts (and a long thread on the post the bench reads), all written by SQL on the server
// side, so that the list and post pages are measured against a realistic table.
import { resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import type { SkippedResult, Target } from './load.ts';

export const SQUARE_BENCH_POSTS = 100_000;
/** Comments on the post under test: a long thread, as a popular post has. */
const THREAD_COMMENTS = 40;

export interface SquareBenchData {
  posts: number;
  /** The post under test: in an open category, by a named member, with a long thread. */
  post: { id: number; categorySlug: string; comments: number };
  fillSeconds: number;
}

/** Migrates `dataDir` and puts the demo data in: the server runs in production mode, which never seeds. */
export async function seedBenchDatabase(dataDir: string): Promise<void> {
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 600_000 });
  try {
    await migrateDatabase(database, resolve('drizzle'));
    await seedDemoData(database.db, { production: false });
  } finally {
    await database.close();
  }
}

/**
 * Migrates and seeds `dataDir`, then copies the demo posts of the open categories into
 * 100,000 more, one every ten minutes back from now (about two years), by INSERT … SELECT.
 */
export async function fillSquare(dataDir: string): Promise<SquareBenchData> {
  const started = performance.now();
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 600_000 });
  try {
    const { db } = database;
    await migrateDatabase(database, resolve('drizzle'));
    await seedDemoData(db, { production: false });
    await db.execute(sql`
      with templates as (
        select row_number() over (order by p.id) - 1 as i, p.*
        from square_posts p join square_post_categories c on c.id = p.square_post_category_id
        where c.password_hash is null and p.password_hash is null and not p.is_notice and c.write_scope <> 'staff'
      ), n as (select count(*) as count from templates)
      insert into square_posts
        (square_post_category_id, user_id, title, content_html, excerpt, is_anonymous, created_at, updated_at)
      select t.square_post_category_id, t.user_id, t.title, t.content_html, t.excerpt, t.is_anonymous,
             now() - g * interval '10 minutes' - interval '7 seconds',
             now() - g * interval '10 minutes' - interval '7 seconds'
      from generate_series(1, ${SQUARE_BENCH_POSTS}) g
      join templates t on t.i = g % (select count from n)`);

    // A day-old named post of 자유 광장 gets a long thread, liked and reacted to.
    const [post] = await queryRows<{ id: number; slug: string }>(
      db,
      sql`select p.id, c.slug from square_posts p join square_post_categories c on c.id = p.square_post_category_id
          where c.slug = 'free' and not p.is_anonymous and p.password_hash is null and p.created_at < now() - interval '1 day'
          order by p.created_at desc, p.id desc limit 1`,
    );
    if (!post) throw new Error('the demo data has no named post in 자유 광장 to read');
    await db.execute(sql`
      with texts as (select row_number() over (order by id) - 1 as i, content from comments where parent_id is null),
           members as (select row_number() over (order by id) - 1 as i, id from users where role = 'member'),
           counts as (select (select count(*) from texts) as texts, (select count(*) from members) as members)
      insert into comments (model_type, model_id, user_id, content, created_at, updated_at)
      select 'square_post', ${post.id}, m.id, t.content,
             now() - (${THREAD_COMMENTS} - g) * interval '13 minutes', now() - (${THREAD_COMMENTS} - g) * interval '13 minutes'
      from generate_series(1, ${THREAD_COMMENTS}) g
      join texts t on t.i = g % (select texts from counts)
      join members m on m.i = g % (select members from counts)`);
    await db.execute(sql`
      insert into comment_likes (comment_id, user_id)
      select c.id, u.id from comments c join users u on u.role = 'member' and u.id <> c.user_id
      where c.model_type = 'square_post' and c.model_id = ${post.id} and (c.id + u.id) % 3 = 0`);
    await db.execute(sql`
      insert into reactions (model_type, model_id, user_id, reaction_type)
      select 'square_post', ${post.id}, u.id, r.type
      from users u cross join (values ('like'), ('cheer'), ('thanks')) r(type)
      where u.role = 'member'
      on conflict do nothing`);
    await db.execute(sql`
      update comments c set likes_count = (select count(*) from comment_likes l where l.comment_id = c.id)
      where c.model_type = 'square_post' and c.model_id = ${post.id}`);
    await db.execute(sql`
      update square_posts p set
        comments_count = (select count(*) from comments c where c.model_type = 'square_post' and c.model_id = p.id),
        reactions_count = (select count(*) from reactions r where r.model_type = 'square_post' and r.model_id = p.id)
      where p.id = ${post.id}`);
    // Fresh statistics, as autovacuum would have gathered on a table that grew over time.
    await db.execute(sql`analyze`);

    const [totals] = await queryRows<{ posts: number; comments: number }>(
      db,
      sql`select (select count(*)::int from square_posts) as posts,
                 (select comments_count from square_posts where id = ${post.id}) as comments`,
    );
    return {
      posts: totals!.posts,
      post: { id: post.id, categorySlug: post.slug, comments: totals!.comments },
      fillSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await database.close();
  }
}

/** Names the goals find the results by (bench/goals.ts). */
export const SQUARE_LIST_PAGE = 'GET /square';
export const SQUARE_POST_PAGE = 'GET /square/{categorySlug}/{postId}';
export const SQUARE_POSTS_API = 'GET /api/square-posts';

/** The square's targets; one whose route does not answer 200 yet is reported as missing. */
export async function squareTargets(baseUrl: string, data: SquareBenchData): Promise<Array<Target | SkippedResult>> {
  // The post page first: a slow list leaves queued statements behind that would fail its first requests.
  const candidates: Target[] = [
    { name: SQUARE_POST_PAGE, path: `/square/${data.post.categorySlug}/${data.post.id}` },
    { name: SQUARE_LIST_PAGE, path: '/square' },
    { name: SQUARE_POSTS_API, path: '/api/square-posts' },
  ];
  return Promise.all(
    candidates.map(async (target): Promise<Target | SkippedResult> => {
      const response = await fetch(`${baseUrl}${target.path}`, { redirect: 'manual' });
      await response.body?.cancel();
      if (response.status === 200) return target;
      return { target: target.name, skipped: `missing: ${target.path} answers ${response.status}` };
    }),
  );
}
