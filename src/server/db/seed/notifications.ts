import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';

/** How far back the demo members' notifications go: a few dozen each, the bell's worth. */
const RECENT_DAYS = 14;
/** Newer than this, they are still unread, so the bell has its dot on a fresh start. */
const UNREAD_HOURS = 48;

/**
 * The notifications the seeded square's comments, replies and reactions of the last two weeks
 * would have sent, by the same rules as the emitters (src/server/modules/notifications/events.ts):
 * nobody hears of their own act, a reply tells the answered comment's author and the post's author
 * once each, anonymous acts and anonymous posts stay anonymous. One INSERT … SELECT, ids in time order.
 */
export async function seedNotifications(db: Db, now = new Date()): Promise<void> {
  const since = new Date(now.getTime() - RECENT_DAYS * 86_400_000);
  const unreadSince = new Date(now.getTime() - UNREAD_HOURS * 3_600_000);
  await db.execute(sql`
    with posts as (
      select p.id, p.user_id, p.title, p.is_anonymous, c.slug
      from square_posts p join square_post_categories c on c.id = p.square_post_category_id
    ), events as (
      select p.user_id as recipient, 'comment_on_post' as type, 'post' as target, m.user_id as actor, m.is_anonymous,
             'comment' as source_type, m.id as source_id, null::text as reaction_type, m.created_at, p.title, p.slug, p.id as post_id
      from comments m join posts p on p.id = m.model_id
      left join comments parent on parent.id = m.parent_id
      where m.model_type = 'square_post' and m.deleted_at is null and p.user_id <> m.user_id
        and (parent.id is null or parent.user_id <> p.user_id)
      union all
      select parent.user_id, 'reply_to_comment', 'comment', m.user_id, m.is_anonymous,
             'comment', m.id, null, m.created_at, p.title, p.slug, p.id
      from comments m join comments parent on parent.id = m.parent_id join posts p on p.id = m.model_id
      where m.model_type = 'square_post' and m.deleted_at is null and parent.user_id <> m.user_id
      union all
      select p.user_id, 'reaction_on_post', 'post', r.user_id, p.is_anonymous,
             'reaction', r.id, r.reaction_type, r.created_at, p.title, p.slug, p.id
      from reactions r join posts p on p.id = r.model_id
      where r.model_type = 'square_post' and p.user_id <> r.user_id
    )
    insert into notifications (user_id, type, actor_id, is_anonymous, source_type, source_id, data, read_at, created_at)
    select recipient, type, actor, is_anonymous, source_type, source_id,
           jsonb_build_object('title', title, 'link', null, 'target', target, 'reaction_type', reaction_type,
                              'ritual_session_id', null, 'ritual_session_thread_id', null,
                              'square_post_category_slug', slug, 'id', post_id),
           case when created_at < ${unreadSince.toISOString()}::timestamptz then created_at + interval '3 hours' end,
           created_at
    from events
    where created_at >= ${since.toISOString()}::timestamptz
    order by created_at, source_type, source_id, recipient`);
}
