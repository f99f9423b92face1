import dayjs from 'dayjs';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { TIME_ZONE } from '../../../lib/constants.ts';
import { hashPassword } from '../../modules/auth/password.ts';
import { excerptOf } from '../../modules/content/notice-service.ts';
import { sanitizeStaffHtml } from '../../html/sanitize.ts';
import type { Db } from '../client.ts';
import {
  commentLikes,
  comments,
  reactionTypes,
  reactions,
  ritualSessionUsers,
  saves,
  squarePostCategories,
  squarePosts,
  users,
} from '../schema/index.ts';
import type { ReactionType } from '../schema/index.ts';
import { DEMO_PASSWORD } from './members.ts';
import * as texts from './square-texts.ts';
import type { Topic } from './square-texts.ts';

export const SQUARE_DEMO_PASSWORD = '1234';
/** Posts written by members; the staff's notices come on top. */
export const SQUARE_DEMO_MEMBER_POSTS = 300;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const SPAN_DAYS = 90;
const MAX_COMMENTS = 8;
// Rows per INSERT: well under PostgreSQL's 65,535 bind parameters for every table here.
const CHUNK = 1000;

const categories = [
  {
    slug: 'free',
    name: '자유 광장',
    description: '리추얼과 일상의 작은 습관을 자유롭게 나눠요.',
    writeScope: 'member',
    allowsAnonymous: true,
    share: 0.42,
  },
  {
    slug: 'ritual-review',
    name: '리추얼 후기',
    description: '리추얼에 참여한 멤버들이 후기와 회고를 남겨요.',
    writeScope: 'session_member',
    allowsAnonymous: false,
    share: 0.25,
  },
  {
    slug: 'worries',
    name: '고민 나눔',
    description: '마음속 고민을 털어놓고 서로 응원해요. 익명으로 쓸 수 있어요.',
    writeScope: 'member',
    allowsAnonymous: true,
    share: 0.23,
  },
  {
    slug: 'secret-lounge',
    name: '비밀 라운지',
    description: '비밀번호를 아는 리추얼 멤버만 읽을 수 있는 공간이에요.',
    writeScope: 'session_member',
    allowsAnonymous: false,
    protected: true,
    share: 0.1,
  },
  { slug: 'notice', name: '공지', description: '운영팀이 전하는 소식이에요.', writeScope: 'staff', allowsAnonymous: false, share: 0 },
] as const;

type CategorySlug = (typeof categories)[number]['slug'];

/** Mulberry32: the same demo square on every run, so tests can rely on it. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Dice {
  constructor(private readonly next: () => number) {}
  chance(probability: number): boolean {
    return this.next() < probability;
  }
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  /** `count` different items, in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const pool = [...items];
    for (let i = pool.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    return pool.slice(0, count);
  }
}

async function insertChunked<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][]): Promise<void> {
  for (let start = 0; start < rows.length; start += CHUNK) {
    await db.insert(table).values(rows.slice(start, start + CHUNK));
  }
}

const escapeHtml = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function composeTitle(dice: Dice, topic: Topic, used: Set<string>): string {
  let title = '';
  // A topic has about as many titles as posts; a few tries find an unused one.
  for (let attempt = 0; attempt < 20; attempt++) {
    title = dice.pick(topic.titles);
    if (!used.has(title)) break;
  }
  used.add(title);
  return title;
}

function composeBody(dice: Dice, topic: Topic, used: Set<string>): string {
  let body = '';
  // Small topics can draw the same paragraphs twice; a few tries find another combination.
  for (let attempt = 0; attempt < 20 && (body === '' || used.has(body)); attempt++) body = drawBody(dice, topic);
  used.add(body);
  return body;
}

function drawBody(dice: Dice, topic: Topic): string {
  const paragraphs = [dice.pick(topic.openings), ...dice.sample(topic.middles, dice.int(1, 3))].map(
    (text) => `<p>${escapeHtml(text)}</p>`,
  );
  if (dice.chance(0.2)) {
    const items = dice.sample(texts.routineItems, dice.int(3, 5)).map((item) => `<li>${escapeHtml(item)}</li>`);
    paragraphs.push(`<p>요즘 제 루틴은 이래요.</p><ul>${items.join('')}</ul>`);
  }
  paragraphs.push(`<p>${escapeHtml(dice.pick(topic.closings))}</p>`);
  return paragraphs.join('\n');
}

interface PlannedPost {
  categorySlug: CategorySlug;
  userId: number;
  title: string;
  html: string;
  isAnonymous: boolean;
  isNotice: boolean;
  protected: boolean;
  createdAt: Date;
  updatedAt: Date;
}

interface Author {
  id: number;
  inSession: boolean;
}

function planMemberPosts(dice: Dice, now: Date, members: Author[], count: number): PlannedPost[] {
  const usedTitles = new Set<string>();
  const usedBodies = new Set<string>();
  const writers = categories.filter((category) => category.share > 0);
  const planned: PlannedPost[] = [];
  for (let i = 0; i < count; i++) {
    let roll = dice.int(0, 999) / 1000;
    const category = writers.find((c) => (roll -= c.share) < 0) ?? writers[0]!;
    const eligible = category.writeScope === 'session_member' ? members.filter((m) => m.inSession) : members;
    const topic = dice.pick(texts.topicsByCategory[category.slug]!);
    const createdAt = new Date(now.getTime() - dice.int(30, SPAN_DAYS * 24 * 60) * MINUTE_MS);
    const edited = dice.chance(0.1);
    planned.push({
      categorySlug: category.slug,
      userId: dice.pick(eligible).id,
      title: composeTitle(dice, topic, usedTitles),
      html: composeBody(dice, topic, usedBodies),
      isAnonymous: category.allowsAnonymous && dice.chance(category.slug === 'worries' ? 0.5 : 0.15),
      isNotice: false,
      protected: false,
      createdAt,
      updatedAt: edited ? new Date(Math.min(now.getTime(), createdAt.getTime() + dice.int(10, 600) * MINUTE_MS)) : createdAt,
    });
  }
  return planned;
}

function planStaffAndProtectedPosts(now: Date, staffId: number, protectedAuthorId: number): PlannedPost[] {
  const month = dayjs(now).tz(TIME_ZONE).month() + 1;
  const ages = [80, 30, 4];
  const notices = texts.squareNotices(month).map((notice, index): PlannedPost => {
    const createdAt = new Date(now.getTime() - ages[index]! * DAY_MS);
    return {
      categorySlug: 'notice',
      userId: staffId,
      title: notice.title,
      html: notice.html,
      isAnonymous: false,
      isNotice: notice.pinned,
      protected: false,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const protectedAt = new Date(now.getTime() - 2 * DAY_MS - 90 * MINUTE_MS);
  return [
    ...notices,
    {
      categorySlug: 'free',
      userId: protectedAuthorId,
      title: texts.protectedPost.title,
      html: texts.protectedPost.html,
      isAnonymous: false,
      isNotice: false,
      protected: true,
      createdAt: protectedAt,
      updatedAt: protectedAt,
    },
  ];
}

async function createStaff(db: Db, now: Date): Promise<number> {
  const [staff] = await db
    .insert(users)
    .values({
      email: 'staff@example.com',
      passwordHash: await hashPassword(DEMO_PASSWORD),
      nickname: '리추얼 운영팀',
      username: 'ritualteam',
      introduction: '리추얼 커뮤니티를 운영하는 팀이에요.',
      role: 'staff',
      emailVerifiedAt: now,
      agreedTermsAt: now,
      agreedPrivacyAt: now,
    })
    .returning({ id: users.id });
  return staff!.id;
}

interface InsertedPost {
  id: number;
  userId: number;
  isAnonymous: boolean;
  slug: CategorySlug;
  createdAt: Date;
}

interface PlannedComment {
  postId: number;
  userId: number;
  content: string;
  isAnonymous: boolean;
  createdAt: Date;
  replies: Array<Omit<PlannedComment, 'replies' | 'postId'>>;
}

function planComments(dice: Dice, now: Date, post: InsertedPost, readers: Author[]): PlannedComment[] {
  const commenters = post.slug === 'secret-lounge' ? readers.filter((r) => r.inSession) : readers;
  const others = commenters.filter((r) => r.id !== post.userId);
  const count = Math.min(dice.int(0, MAX_COMMENTS), dice.int(0, MAX_COMMENTS));
  const at = (after: Date) =>
    new Date(Math.min(now.getTime() - MINUTE_MS, after.getTime() + dice.int(5, 3 * 24 * 60) * MINUTE_MS));
  const planned: PlannedComment[] = [];
  for (let i = 0; i < count; i++) {
    const userId = dice.pick(others).id;
    const createdAt = at(post.createdAt);
    const replies: PlannedComment['replies'] = [];
    if (dice.chance(0.3)) {
      const byAuthor = dice.chance(0.6);
      replies.push({
        userId: byAuthor ? post.userId : dice.pick(commenters.filter((r) => r.id !== userId)).id,
        content: dice.pick(byAuthor ? texts.authorReplies : texts.otherReplies),
        // The author of an anonymous post stays anonymous under it.
        isAnonymous: post.isAnonymous && (byAuthor || dice.chance(0.4)),
        createdAt: at(createdAt),
      });
    }
    planned.push({
      postId: post.id,
      userId,
      content: dice.pick(texts.comments),
      isAnonymous: post.isAnonymous && dice.chance(0.4),
      createdAt,
      replies,
    });
  }
  return planned;
}

/**
 * The demo square: five categories (비밀 라운지 behind the password 1234), the staff account
 * 리추얼 운영팀, 300 members' posts over the last 90 days, the staff's notices, one post behind
 * the password 1234, comments with replies and likes, reactions and a few saves, with every
 * counter equal to its rows. Bulk inserts only: a handful of statements.
 */
export async function seedSquare(db: Db, now = new Date()): Promise<void> {
  const dice = new Dice(prng(20_261_121));
  const staffId = await createStaff(db, now);
  const passwordHash = await hashPassword(SQUARE_DEMO_PASSWORD);

  const insertedCategories = await db
    .insert(squarePostCategories)
    .values(
      categories.map((category, index) => ({
        name: category.name,
        slug: category.slug,
        description: category.description,
        writeScope: category.writeScope,
        allowsAnonymous: category.allowsAnonymous,
        passwordHash: 'protected' in category ? passwordHash : null,
        sortOrder: index + 1,
        createdAt: new Date(now.getTime() - (SPAN_DAYS + 5) * DAY_MS),
      })),
    )
    .returning({ id: squarePostCategories.id, slug: squarePostCategories.slug });
  const categoryId = new Map(insertedCategories.map((category) => [category.slug, category.id]));

  const memberRows = await db
    .select({ id: users.id, username: users.username })
    .from(users)
    .where(eq(users.role, 'member'))
    .orderBy(asc(users.id));
  const sessionMembers = new Set(
    (await db.selectDistinct({ userId: ritualSessionUsers.userId }).from(ritualSessionUsers)).map((row) => row.userId),
  );
  const members: Author[] = memberRows.map((member) => ({ id: member.id, inSession: sessionMembers.has(member.id) }));
  if (members.length === 0 || !members.some((member) => member.inSession)) return;
  const member2 = memberRows.find((member) => member.username === 'member2') ?? memberRows[0]!;

  // Ids follow time, as they would have had the posts been written one by one.
  const planned = [
    ...planMemberPosts(dice, now, members, SQUARE_DEMO_MEMBER_POSTS),
    ...planStaffAndProtectedPosts(now, staffId, member2.id),
  ].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

  const posts: InsertedPost[] = [];
  for (let start = 0; start < planned.length; start += CHUNK) {
    const chunk = planned.slice(start, start + CHUNK);
    const rows = await db
      .insert(squarePosts)
      .values(
        chunk.map((post) => {
          const contentHtml = sanitizeStaffHtml(post.html);
          return {
            squarePostCategoryId: categoryId.get(post.categorySlug)!,
            userId: post.userId,
            title: post.title,
            contentHtml,
            excerpt: excerptOf(contentHtml),
            isAnonymous: post.isAnonymous,
            isNotice: post.isNotice,
            passwordHash: post.protected ? passwordHash : null,
            createdAt: post.createdAt,
            updatedAt: post.updatedAt,
          };
        }),
      )
      .returning({ id: squarePosts.id });
    rows.forEach((row, index) => {
      const post = chunk[index]!;
      posts.push({ id: row.id, userId: post.userId, isAnonymous: post.isAnonymous, slug: post.categorySlug, createdAt: post.createdAt });
    });
  }

  const commentPlans = posts.flatMap((post) => planComments(dice, now, post, members));
  const topRows: Array<{ id: number }> = [];
  for (let start = 0; start < commentPlans.length; start += CHUNK) {
    const chunk = commentPlans.slice(start, start + CHUNK);
    topRows.push(
      ...(await db
        .insert(comments)
        .values(
          chunk.map((comment) => ({
            modelType: 'square_post',
            modelId: comment.postId,
            userId: comment.userId,
            content: comment.content,
            isAnonymous: comment.isAnonymous,
            createdAt: comment.createdAt,
            updatedAt: comment.createdAt,
          })),
        )
        .returning({ id: comments.id })),
    );
  }
  const replyRows = commentPlans.flatMap((comment, index) =>
    comment.replies.map((reply) => ({
      modelType: 'square_post',
      modelId: comment.postId,
      userId: reply.userId,
      parentId: topRows[index]!.id,
      content: reply.content,
      isAnonymous: reply.isAnonymous,
      createdAt: reply.createdAt,
      updatedAt: reply.createdAt,
    })),
  );
  await insertChunked(db, comments, replyRows);

  // Likes and reactions from other members; the counters are set from the rows afterwards.
  const allComments = await db
    .select({ id: comments.id, userId: comments.userId, createdAt: comments.createdAt, postId: comments.modelId })
    .from(comments)
    .where(inArray(comments.modelId, posts.map((post) => post.id)))
    .orderBy(asc(comments.id));
  const slugOf = new Map(posts.map((post) => [post.id, post.slug]));
  const readersOf = (postId: number) => (slugOf.get(postId) === 'secret-lounge' ? members.filter((m) => m.inSession) : members);
  const likeRows = allComments.flatMap((comment) =>
    readersOf(comment.postId)
      .filter((reader) => reader.id !== comment.userId && dice.chance(0.2))
      .map((reader) => ({ commentId: comment.id, userId: reader.id, createdAt: comment.createdAt })),
  );
  await insertChunked(db, commentLikes, likeRows);

  const reactionRows = posts.flatMap((post) =>
    readersOf(post.id)
      .filter((reader) => reader.id !== post.userId && dice.chance(0.45))
      .flatMap((reader) =>
        dice.sample<ReactionType>(reactionTypes, dice.chance(0.25) ? 2 : 1).map((reactionType) => ({
          modelType: 'square_post',
          modelId: post.id,
          userId: reader.id,
          reactionType,
          createdAt: new Date(Math.min(now.getTime(), post.createdAt.getTime() + dice.int(10, 2 * 24 * 60) * MINUTE_MS)),
        })),
      ),
  );
  await insertChunked(db, reactions, reactionRows);

  const readable = posts.filter((post) => post.slug !== 'secret-lounge' && post.slug !== 'notice');
  const saveRows = members.slice(0, 2).flatMap((member, index) =>
    dice
      .sample(readable.filter((post) => post.userId !== member.id), index === 0 ? 8 : 5)
      .map((post) => ({
        modelType: 'square_post',
        modelId: post.id,
        userId: member.id,
        createdAt: new Date(Math.min(now.getTime(), post.createdAt.getTime() + dice.int(60, 3 * 24 * 60) * MINUTE_MS)),
      })),
  );
  await insertChunked(db, saves, saveRows);

  await syncCounters(db);
}

/** Every counter from its rows, in three statements. */
async function syncCounters(db: Db): Promise<void> {
  await db.execute(sql`
    update square_posts p set comments_count = c.n
    from (select model_id, count(*)::int as n from comments where model_type = 'square_post' group by model_id) c
    where c.model_id = p.id`);
  await db.execute(sql`
    update square_posts p set reactions_count = r.n
    from (select model_id, count(*)::int as n from reactions where model_type = 'square_post' group by model_id) r
    where r.model_id = p.id`);
  await db.execute(sql`
    update comments c set likes_count = l.n
    from (select comment_id, count(*)::int as n from comment_likes group by comment_id) l
    where l.comment_id = c.id`);
}
