// A room at its full size: before the server starts, a running session of 20 members gets 2,000
// posts (every category, a hundred a member) with comments and reactions on one, written by SQL
// on the server side; one member gets a signed-in session, so the room home and a post page are
// measured with that member's cookie.
import { sql } from 'drizzle-orm';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import { benchSessionCookie } from './bench-session.ts';
import type { SkippedResult, Target } from './load.ts';

export const ROOM_BENCH_MEMBERS = 20;
export const ROOM_BENCH_POSTS = 2_000;
const POST_COMMENTS = 30;

export interface RoomBenchData {
  roomId: number;
  postId: number;
  members: number;
  posts: number;
  /** The member's session cookie; kept out of results.json. */
  cookie: string;
  fillSeconds: number;
}

export async function fillRoom(dataDir: string): Promise<RoomBenchData> {
  const started = performance.now();
  const database = await openDatabase(`file://${dataDir}`, { statementTimeoutMs: 600_000 });
  try {
    const { db } = database;
    const [room] = await queryRows<{ id: number }>(
      db,
      sql`insert into ritual_sessions (title, starts_at, ends_at, capacity)
          values ('벤치 리추얼 방', now() - interval '20 days', now() + interval '8 days', ${ROOM_BENCH_MEMBERS})
          returning id`,
    );
    await db.execute(sql`
      insert into users (email, nickname, username, email_verified_at, agreed_terms_at, agreed_privacy_at)
      select 'roombench' || g || '@example.com', '방멤버' || g, 'roombench' || g, now(), now(), now()
      from generate_series(1, ${ROOM_BENCH_MEMBERS}) g`);
    await db.execute(sql`
      insert into ritual_session_users (ritual_session_id, user_id, role)
      select ${room!.id}, id, case when username = 'roombench1' then 'host' else 'member' end
      from users where email like 'roombench%@example.com'`);
    const categories = ['notice', 'wakeup', 'ritual_goal', 'weekly_goal', 'inspiration', 'retrospect'];
    // Oldest first, ten minutes apart, ending ten minutes ago; every twentieth a notice.
    await db.execute(sql`
      insert into ritual_session_posts (ritual_session_id, user_id, category, title, content_html, excerpt, created_at, updated_at)
      select ${room!.id},
             (select id from users where username = 'roombench' || (1 + g % ${ROOM_BENCH_MEMBERS})),
             case when g % 20 = 0 then 'notice' else (${`{${categories.join(',')}}`}::text[])[2 + g % 5] end,
             case when g % 3 = 0 then '오늘의 기록 ' || g end,
             '<p>아침 10분 명상 ' || g || '일째. 호흡에 머물렀어요.</p>',
             '아침 10분 명상 ' || g || '일째. 호흡에 머물렀어요.',
             now() - (${ROOM_BENCH_POSTS} - g + 1) * interval '10 minutes',
             now() - (${ROOM_BENCH_POSTS} - g + 1) * interval '10 minutes'
      from generate_series(1, ${ROOM_BENCH_POSTS}) g`);
    const [post] = await queryRows<{ id: number }>(
      db,
      sql`select id from ritual_session_posts where ritual_session_id = ${room!.id} and category <> 'notice' order by created_at desc limit 1`,
    );
    await db.execute(sql`
      insert into comments (model_type, model_id, user_id, content)
      select 'ritual_session_post', ${post!.id}, (select id from users where username = 'roombench' || (1 + g % ${ROOM_BENCH_MEMBERS})), '응원해요 ' || g
      from generate_series(1, ${POST_COMMENTS}) g`);
    await db.execute(sql`
      insert into reactions (model_type, model_id, user_id, reaction_type)
      select 'ritual_session_post', ${post!.id}, id, 'cheer' from users where email like 'roombench%@example.com'`);
    await db.execute(sql`
      update ritual_session_posts set comments_count = ${POST_COMMENTS}, reactions_count = ${ROOM_BENCH_MEMBERS} where id = ${post!.id}`);
    await db.execute(sql`analyze`);
    const [member] = await queryRows<{ id: number }>(db, sql`select id from users where username = 'roombench2'`);
    return {
      roomId: room!.id,
      postId: post!.id,
      members: ROOM_BENCH_MEMBERS,
      posts: ROOM_BENCH_POSTS,
      cookie: await benchSessionCookie(db, member!.id),
      fillSeconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    await database.close();
  }
}

/** Names the goals find the results by (bench/goals.ts). */
export const ROOM_HOME_PAGE = 'GET /room/{id} (20 members, 2,000 posts)';
export const ROOM_POST_PAGE = 'GET /room/{id}/{postId} (30 comments)';
/** A small member page: the shell, the header's islands and a page of text. */
export const ROOM_HOWTO_PAGE = 'GET /room/howto (a small member page)';

/** The room home, a post page and the room's guide as the member's browser asks; reported as missing unless they answer 200. */
export async function roomTargets(baseUrl: string, data: RoomBenchData): Promise<Array<Target | SkippedResult>> {
  const headers = { Cookie: data.cookie };
  const candidates: Target[] = [
    { name: ROOM_HOME_PAGE, path: `/room/${data.roomId}`, headers },
    { name: ROOM_POST_PAGE, path: `/room/${data.roomId}/${data.postId}`, headers },
    { name: ROOM_HOWTO_PAGE, path: '/room/howto', headers },
  ];
  const checked: Array<Target | SkippedResult> = [];
  for (const target of candidates) {
    const response = await fetch(`${baseUrl}${target.path}`, { headers, redirect: 'manual' });
    await response.arrayBuffer();
    checked.push(response.status === 200 ? target : { target: target.name, skipped: `missing: ${target.path} answers ${response.status}` });
  }
  return checked;
}
