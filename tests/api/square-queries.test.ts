import { beforeAll, describe, expect, it } from 'vitest';
import { loadSquareBoard } from '../../src/server/modules/square/page-data.ts';
import type { Db } from '../../src/server/db/client.ts';
import { commentLikes, comments, reactions, saves, squarePostCategories, squarePosts } from '../../src/server/db/schema/index.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { findSquarePost } from '../../src/server/modules/square/service.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import type { QueryCounter, Statement } from '../helpers/query-counter.ts';
import { planOf, sorts } from '../helpers/query-plans.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

// The number of SQL statements a request sends must not grow with the rows it shows: a list of
// 50 posts costs what a list of 5 costs, a post with 40 comments what one with 2 costs.

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
const MINUTE_MS = 60_000;

let counter: QueryCounter;
let members: User[];
let guest: TestClient;
let member: TestClient;
let memberReader: { userId: number; sessionId: string };
const smallCategory = { id: 0, slug: 'small' };
const largeCategory = { id: 0, slug: 'large' };
let fewCommentsPostId = 0;
let manyCommentsPostId = 0;

/** `count` posts in a category, each by another member, some anonymous, with reactions and saves. */
async function insertPosts(categoryId: number, count: number, startedAt: number): Promise<number[]> {
  const rows = await db()
    .insert(squarePosts)
    .values(
      Array.from({ length: count }, (_, index) => ({
        squarePostCategoryId: categoryId,
        userId: members[index % members.length]!.id,
        title: `글 ${index + 1}`,
        contentHtml: `<p>본문 ${index + 1}</p>`,
        excerpt: `본문 ${index + 1}`,
        isAnonymous: index % 3 === 0,
        createdAt: new Date(startedAt + index * MINUTE_MS),
      })),
    )
    .returning({ id: squarePosts.id });
  const ids = rows.map((row) => row.id);
  await db()
    .insert(reactions)
    .values(ids.flatMap((id) => members.slice(0, 2).map((m) => ({ modelType: 'square_post', modelId: id, userId: m.id, reactionType: 'like' as const }))));
  await db().insert(saves).values(ids.map((id) => ({ modelType: 'square_post', modelId: id, userId: members[0]!.id })));
  return ids;
}

/** `count` comments on a post, every third a reply, each liked by two members. */
async function insertComments(postId: number, count: number): Promise<void> {
  const top = await db()
    .insert(comments)
    .values(
      Array.from({ length: Math.ceil((count * 2) / 3) }, (_, index) => ({
        modelType: 'square_post',
        modelId: postId,
        userId: members[index % members.length]!.id,
        content: `댓글 ${index + 1}`,
      })),
    )
    .returning({ id: comments.id });
  const replies = count - top.length;
  if (replies > 0) {
    await db()
      .insert(comments)
      .values(
        Array.from({ length: replies }, (_, index) => ({
          modelType: 'square_post',
          modelId: postId,
          userId: members[(index + 1) % members.length]!.id,
          parentId: top[index % top.length]!.id,
          content: `답글 ${index + 1}`,
        })),
      );
  }
  const all = await db().select({ id: comments.id }).from(comments);
  await db()
    .insert(commentLikes)
    .values(all.flatMap((comment) => members.slice(1, 3).map((m) => ({ commentId: comment.id, userId: m.id }))))
    .onConflictDoNothing();
}

beforeAll(async () => {
  members = [];
  for (let i = 0; i < 5; i++) members.push(await createMember(db()));
  const categories = await db()
    .insert(squarePostCategories)
    .values([
      { name: '작은 게시판', slug: smallCategory.slug, allowsAnonymous: true, sortOrder: 1 },
      { name: '큰 게시판', slug: largeCategory.slug, allowsAnonymous: true, sortOrder: 2 },
    ])
    .returning({ id: squarePostCategories.id });
  smallCategory.id = categories[0]!.id;
  largeCategory.id = categories[1]!.id;
  const now = Date.now();
  const small = await insertPosts(smallCategory.id, 5, now - 1000 * MINUTE_MS);
  await insertPosts(largeCategory.id, 50, now - 500 * MINUTE_MS);
  fewCommentsPostId = small[0]!;
  manyCommentsPostId = small[1]!;
  await insertComments(fewCommentsPostId, 2);
  await insertComments(manyCommentsPostId, 40);

  counter = countQueries(db(), testDb().kind);
  const app = createTestApp(counter.db);
  guest = app.client();
  member = app.client();
  const { token, session } = await createSession(db(), { userId: members[0]!.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  member.cookies.set('session', token);
  memberReader = { userId: members[0]!.id, sessionId: session.id };
});

/** The statements of one request, after a first one that warms whatever is cached per process. */
async function queriesOf(client: TestClient, path: string, expectedRows: (body: { data: unknown }) => number, rows: number) {
  await client.get(path);
  let status = 0;
  const statements = await counter.during(async () => {
    const res = await client.get(path);
    status = res.status;
    expect(expectedRows(res.body as { data: unknown })).toBe(rows);
  });
  expect(status).toBe(200);
  return statements;
}

const listLength = (body: { data: unknown }) => (body.data as unknown[]).length;
const commentTotal = (body: { data: unknown }) => {
  const thread = (body.data as { comments: Array<{ replies: unknown[] }> }).comments;
  return thread.reduce((sum, comment) => sum + 1 + comment.replies.length, 0);
};

describe('SQL statements per square request', () => {
  it('counts every statement, inside transactions too', async () => {
    const statements = await counter.during(async () => {
      await counter.db.select().from(squarePosts).limit(1);
      await counter.db.transaction(async (tx) => {
        await tx.select().from(comments).limit(1);
        await tx.select().from(reactions).limit(1);
      });
    });
    expect(statements.filter((statement) => statement.sql.startsWith('select'))).toHaveLength(3);
  });

  for (const [who, client] of [
    ['a guest', () => guest],
    ['a member', () => member],
  ] as const) {
    it(`GET /api/square-posts: 5 posts or 50, the same for ${who}`, async () => {
      const few = await queriesOf(client(), `/api/square-posts?category=${smallCategory.slug}&per_page=50`, listLength, 5);
      const many = await queriesOf(client(), `/api/square-posts?category=${largeCategory.slug}&per_page=50`, listLength, 50);
      expect(many.length, many.map((statement) => statement.sql).join('\n')).toBe(few.length);
      expect(few.length).toBeGreaterThan(0);
      expect(few.length).toBeLessThanOrEqual(8);
    });

    it(`GET /api/square-posts/{id}: 2 comments or 40, the same for ${who}`, async () => {
      const few = await queriesOf(client(), `/api/square-posts/${fewCommentsPostId}`, commentTotal, 2);
      const many = await queriesOf(client(), `/api/square-posts/${manyCommentsPostId}`, commentTotal, 40);
      expect(many.length, many.map((statement) => statement.sql).join('\n')).toBe(few.length);
      expect(few.length).toBeGreaterThan(0);
      expect(few.length).toBeLessThanOrEqual(12);
    });
  }

  it('the whole square without a category: as many statements as one board', async () => {
    const board = await queriesOf(member, `/api/square-posts?category=${largeCategory.slug}&per_page=50`, listLength, 50);
    const all = await queriesOf(member, '/api/square-posts?per_page=50', listLength, 50);
    // The category is looked up by slug for a board only.
    expect(all.length).toBeLessThanOrEqual(board.length);
  });

  it('the pages’ loaders: the /square board and a post page do not grow either', async () => {
    const board = async (slug: string) =>
      counter.during(async () => {
        const data = await loadSquareBoard(counter.db, memberReader, slug, null);
        expect(data.status).toBe('ok');
      });
    const post = async (id: number) =>
      counter.during(async () => {
        expect((await findSquarePost(counter.db, memberReader, id)).status).toBe('ok');
      });
    const smallBoard = await board(smallCategory.slug);
    expect(smallBoard.length).toBeGreaterThan(0);
    expect((await board(largeCategory.slug)).length).toBe(smallBoard.length);
    const fewComments = await post(fewCommentsPostId);
    expect(fewComments.length).toBeGreaterThan(0);
    expect((await post(manyCommentsPostId)).length).toBe(fewComments.length);
  });
});

/**
 * The plan PostgreSQL makes when it would rather not scan or sort: a page of a list that still
 * needs a Sort reads every matching row first, so the list has no index in its order.
 */
const sortsWithoutIndex = async (statement: Statement): Promise<boolean> =>
  sorts(await planOf(db(), statement, ['enable_seqscan = off', 'enable_sort = off']));

/** The list statements (newest first, one page) a member's request sends. */
async function listStatements(path: string): Promise<Statement[]> {
  let target = path;
  if (target === 'next') {
    const first = await member.get(`/api/square-posts?category=${largeCategory.slug}&per_page=10`);
    target = `/api/square-posts?category=${largeCategory.slug}&per_page=10&cursor=${first.body.meta.next_cursor as string}`;
  }
  const statements = await counter.during(async () => expect((await member.get(target)).status).toBe(200));
  const listed = statements.filter((statement) => /from "(square_posts|saves)"/.test(statement.sql) && / order by .* limit /i.test(statement.sql));
  expect(listed.length).toBeGreaterThan(0);
  return listed;
}

// The notices are left out: their partial index holds a handful of rows, which may be sorted.
describe('indexes behind the square lists', () => {
  const lists = [
    ['the whole square', () => '/api/square-posts'],
    ['a board', () => `/api/square-posts?category=${largeCategory.slug}`],
    ['the next page of a board', () => 'next'],
    ['saved posts', () => '/api/square-posts/saved'],
    ["a member's posts", () => `/api/square-posts/users/${members[1]!.id}`],
  ] as const;

  for (const [name, path] of lists) {
    it(`reads ${name} in index order, without sorting the table`, async () => {
      for (const statement of await listStatements(path())) expect(await sortsWithoutIndex(statement), statement.sql).toBe(false);
    });
  }
});
