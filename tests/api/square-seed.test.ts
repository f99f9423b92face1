import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/client.ts';
import { seedDemoData } from '../../src/server/db/seed/index.ts';
import { SQUARE_DEMO_MEMBER_POSTS, SQUARE_DEMO_PASSWORD } from '../../src/server/db/seed/square.ts';
import { sanitizeStaffHtml } from '../../src/server/html/sanitize.ts';
import { verifyPassword } from '../../src/server/modules/auth/password.ts';
import { countQueries } from '../helpers/query-counter.ts';
import type { Statement } from '../helpers/query-counter.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

const testDb = useTestDatabase();
const db = () => testDb().database.db;
const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db(), query);

let seedStatements: Statement[] = [];
beforeAll(async () => {
  const counter = countQueries(db(), testDb().kind);
  seedStatements = await counter.during(() => seedDemoData(counter.db, { production: false }));
});

describe('the demo square', () => {
  it('writes its thousands of rows in a handful of bulk statements', () => {
    // One statement per row would make every fresh start of a server slow.
    const squareWrites = seedStatements.filter((statement) =>
      /^(insert into|update) "?(square_post_categories|square_posts|comments|comment_likes|reactions|saves|ritual_sessions|ritual_session_users)"?/.test(statement.sql),
    );
    expect(squareWrites.length).toBeGreaterThanOrEqual(8);
    // The rituals, rooms and off-the-record seeds write to the same shared tables (comments,
    // reactions, sessions), so the bound is per table: a few bulk statements each, never one per row.
    const perTable: Record<string, number> = {};
    for (const statement of squareWrites) {
      const table = /^(?:insert into|update) "?(\w+)/.exec(statement.sql)![1]!;
      perTable[table] = (perTable[table] ?? 0) + 1;
    }
    for (const [table, count] of Object.entries(perTable)) expect(count, table).toBeLessThanOrEqual(4);
  });

  it('has the members’ posts, the staff’s notices and one protected post', async () => {
    const [totals] = await rows<{ posts: number; notices: number; staff_posts: number; protected: number; anonymous: number }>(sql`
      select count(*)::int as posts,
             count(*) filter (where p.is_notice)::int as notices,
             count(*) filter (where u.role = 'staff')::int as staff_posts,
             count(*) filter (where p.password_hash is not null)::int as protected,
             count(*) filter (where p.is_anonymous)::int as anonymous
      from square_posts p join users u on u.id = p.user_id`);
    expect(totals).toEqual({ posts: SQUARE_DEMO_MEMBER_POSTS + 4, notices: 2, staff_posts: 3, protected: 1, anonymous: expect.any(Number) });
    expect(totals!.anonymous).toBeGreaterThan(20);

    const [staff] = await rows<{ nickname: string; role: string; verified: boolean }>(
      sql`select nickname, role, email_verified_at is not null as verified from users where email = 'staff@example.com'`,
    );
    expect(staff).toEqual({ nickname: '리추얼 운영팀', role: 'staff', verified: true });
  });

  it('puts posts in every category, written only by those its scope lets write', async () => {
    const perCategory = await rows<{ slug: string; posts: number; outsiders: number; anonymous: number; allows_anonymous: boolean }>(sql`
      select c.slug, c.allows_anonymous, count(p.id)::int as posts,
             count(p.id) filter (where
               (c.write_scope = 'staff' and u.role = 'member') or
               (c.write_scope = 'session_member' and not exists (
                 select 1 from ritual_session_users s where s.user_id = p.user_id)))::int as outsiders,
             count(p.id) filter (where p.is_anonymous)::int as anonymous
      from square_post_categories c
      left join square_posts p on p.square_post_category_id = c.id
      left join users u on u.id = p.user_id
      group by c.id order by c.sort_order`);
    expect(perCategory.map((c) => c.slug)).toEqual(['free', 'ritual-review', 'worries', 'secret-lounge', 'notice']);
    for (const category of perCategory) {
      expect(category.posts, category.slug).toBeGreaterThanOrEqual(3);
      expect(category.outsiders, category.slug).toBe(0);
      if (!category.allows_anonymous) expect(category.anonymous, category.slug).toBe(0);
    }
  });

  it('keeps every counter equal to its rows', async () => {
    const [mismatch] = await rows<{ comments: number; reactions: number; likes: number; total_comments: number; total_reactions: number; total_likes: number }>(sql`
      select
        (select count(*)::int from square_posts p where p.comments_count <>
          (select count(*) from comments c where c.model_type = 'square_post' and c.model_id = p.id)) as comments,
        (select count(*)::int from square_posts p where p.reactions_count <>
          (select count(*) from reactions r where r.model_type = 'square_post' and r.model_id = p.id)) as reactions,
        (select count(*)::int from comments c where c.likes_count <>
          (select count(*) from comment_likes l where l.comment_id = c.id)) as likes,
        (select count(*)::int from comments) as total_comments,
        (select count(*)::int from reactions) as total_reactions,
        (select count(*)::int from comment_likes) as total_likes`);
    expect(mismatch).toMatchObject({ comments: 0, reactions: 0, likes: 0 });
    // Real threads: enough rows that the counters above prove something.
    expect(mismatch!.total_comments).toBeGreaterThan(300);
    expect(mismatch!.total_reactions).toBeGreaterThan(300);
    expect(mismatch!.total_likes).toBeGreaterThan(100);
  });

  it('threads replies one level deep under comments of the same post, after them', async () => {
    const [replies] = await rows<{ replies: number; misplaced: number }>(sql`
      select count(*)::int as replies,
             count(*) filter (where parent.model_id <> reply.model_id or parent.parent_id is not null
               or reply.created_at < parent.created_at)::int as misplaced
      from comments reply join comments parent on parent.id = reply.parent_id`);
    expect(replies!.replies).toBeGreaterThan(20);
    expect(replies!.misplaced).toBe(0);

    const [anonymous] = await rows<{ on_named_posts: number; total: number }>(sql`
      select count(*) filter (where not p.is_anonymous)::int as on_named_posts, count(*)::int as total
      from comments c join square_posts p on p.id = c.model_id
      where c.model_type = 'square_post' and c.is_anonymous`);
    expect(anonymous!.on_named_posts).toBe(0);
    expect(anonymous!.total).toBeGreaterThan(0);
  });

  it('stores sanitised HTML with a plain-text excerpt, and posts do not repeat', async () => {
    const posts = await rows<{ title: string; content_html: string; excerpt: string }>(
      sql`select title, content_html, excerpt from square_posts`,
    );
    for (const post of posts) {
      expect(post.content_html).toBe(sanitizeStaffHtml(post.content_html));
      expect(post.excerpt.length).toBeGreaterThan(10);
      expect(post.excerpt).not.toMatch(/[<>]/);
    }
    expect(new Set(posts.map((post) => post.content_html)).size).toBe(posts.length);
    // Titles come from fewer building blocks; nearly all differ still.
    expect(new Set(posts.map((post) => post.title)).size).toBeGreaterThan(posts.length * 0.8);
  });

  it('titles posts as people write them, not as one sentence with numbers put in', async () => {
    const titles = (await rows<{ title: string }>(sql`select title from square_posts where not is_notice`)).map((post) => post.title);
    // The same sentence with another number in it is the mark of a template.
    const shapes = new Set(titles.map((title) => title.replace(/\d+/g, '#')));
    expect(shapes.size).toBeGreaterThan(titles.length * 0.8);
    // Nobody here has kept at it longer than the square's ninety days, nor counts their failures.
    for (const title of titles) expect(title).not.toMatch(/\d+번째|(1[3-9]|[2-9]\d)주|(9[1-9]|\d{3,})일/);
  });

  it('spreads the posts over the last ninety days, none in the future', async () => {
    const [span] = await rows<{ oldest_days: number; future: number; recent_week: number }>(sql`
      select extract(epoch from now() - min(created_at))::float / 86400 as oldest_days,
             count(*) filter (where created_at > now() or updated_at < created_at)::int as future,
             count(*) filter (where created_at > now() - interval '7 days')::int as recent_week
      from square_posts`);
    expect(span!.oldest_days).toBeGreaterThan(60);
    expect(span!.oldest_days).toBeLessThan(95);
    expect(span!.future).toBe(0);
    expect(span!.recent_week).toBeGreaterThan(5);
  });

  it('locks 비밀 라운지 and the protected post with 1234', async () => {
    const locked = await rows<{ hash: string }>(sql`
      select password_hash as hash from square_post_categories where password_hash is not null
      union all select password_hash from square_posts where password_hash is not null`);
    expect(locked).toHaveLength(2);
    for (const { hash } of locked) {
      expect(hash).toMatch(/^\$argon2id\$/);
      expect(await verifyPassword(hash, SQUARE_DEMO_PASSWORD)).toBe(true);
      expect(await verifyPassword(hash, '0000')).toBe(false);
    }
    const [lounge] = await rows<{ name: string; write_scope: string }>(
      sql`select name, write_scope from square_post_categories where password_hash is not null`,
    );
    expect(lounge).toEqual({ name: '비밀 라운지', write_scope: 'session_member' });
  });

  it('runs a session of a monthly ritual today with members 1 to 3, member1 hosting, after one that is over', async () => {
    // The sessions the demo members are in (the rituals' applicants hold seats of upcoming ones).
    const sessions = await rows<{ title: string; type: string; running: boolean; over: boolean; members: string[] }>(sql`
      select s.title, r.type, s.starts_at <= now() and s.ends_at > now() as running, s.ends_at <= now() as over,
             array_agg(u.username || ':' || su.role order by u.username) as members
      from ritual_sessions s
      join rituals r on r.id = s.ritual_id
      join ritual_session_users su on su.ritual_session_id = s.id
      join users u on u.id = su.user_id and u.username like 'member%'
      where not exists (select 1 from program_events e where e.ritual_session_id = s.id)
      group by s.id, r.type order by s.starts_at desc`);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ running: true, type: 'monthly', members: ['member1:host', 'member2:member', 'member3:member'] });
    expect(sessions[0]!.title).toMatch(/^\d{1,2}월 아침 10분 명상$/);
    expect(sessions[1]).toMatchObject({ running: false, over: true });
  });

  it('gives member1 and member2 saved posts they can read', async () => {
    const saved = await rows<{ username: string; saves: number; unreadable: number }>(sql`
      select u.username, count(*)::int as saves,
             count(*) filter (where c.password_hash is not null or p.user_id = s.user_id)::int as unreadable
      from saves s join users u on u.id = s.user_id
      join square_posts p on p.id = s.model_id and s.model_type = 'square_post'
      join square_post_categories c on c.id = p.square_post_category_id
      group by u.username order by u.username`);
    expect(saved).toEqual([
      { username: 'member1', saves: 8, unreadable: 0 },
      { username: 'member2', saves: 5, unreadable: 0 },
    ]);
  });
});
