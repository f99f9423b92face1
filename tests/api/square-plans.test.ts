import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import { squarePostCategories } from '../../src/server/db/schema/index.ts';
import { createMember } from '../helpers/factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import type { QueryCounter, Statement } from '../helpers/query-counter.ts';
import { indexesOf, keptPlanOf, sorts } from '../helpers/query-plans.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

// The square's hot reads run as prepared statements (src/server/db/prepared.ts), and the database
// keeps one plan for each once it stops planning per run. That plan cannot see the values, so it
// must still read the right index on a table of some size: a flag bound as a value, for one, hides
// the partial index of the notices (a kept plan that read every post took 200–450 ms at 100,000).

const POSTS = 5_000;
const NOTICES = 3;

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;
let counter: QueryCounter;
let guest: TestClient;
let boardSlug = '';

beforeAll(async () => {
  const author = await createMember(db());
  const [board] = await db()
    .insert(squarePostCategories)
    .values({ name: '큰 게시판', slug: 'plans', allowsAnonymous: false, sortOrder: 1 })
    .returning({ id: squarePostCategories.id, slug: squarePostCategories.slug });
  boardSlug = board!.slug;
  await db().execute(sql`
    insert into square_posts (square_post_category_id, user_id, title, content_html, excerpt, is_notice, created_at, updated_at)
    select ${board!.id}, ${author.id}, '글 ' || g, '<p>본문</p>', '본문', g <= ${NOTICES},
           now() - g * interval '1 minute', now() - g * interval '1 minute'
    from generate_series(1, ${POSTS}) g`);
  await db().execute(sql`analyze`);
  counter = countQueries(db(), testDb().kind);
  guest = createTestApp(counter.db).client();
});

/** The statements of one guest request that read square_posts newest first. */
async function listsOf(path: string): Promise<Statement[]> {
  const statements = await counter.during(async () => expect((await guest.get(path)).status).toBe(200));
  const lists = statements.filter((statement) => /from "square_posts"/.test(statement.sql) && / order by .* limit /i.test(statement.sql));
  expect(lists.length).toBeGreaterThan(0);
  return lists;
}

describe('the plans the square keeps for its prepared lists', () => {
  const lists = [
    ['the whole square', async () => '/api/square-posts'],
    ['a board', async () => `/api/square-posts?category=${boardSlug}`],
    [
      'the next page of a board',
      async () => {
        const first = await guest.get(`/api/square-posts?category=${boardSlug}`);
        return `/api/square-posts?category=${boardSlug}&cursor=${first.body.meta.next_cursor as string}`;
      },
    ],
  ] as const;

  for (const [name, path] of lists) {
    it(`reads ${name} in index order`, async () => {
      for (const statement of await listsOf(await path())) {
        expect(sorts(await keptPlanOf(db(), statement, ['enable_seqscan = off', 'enable_sort = off'])), statement.sql).toBe(false);
      }
    });
  }

  it('reads the notices from their own partial index', async () => {
    const [notices] = (await listsOf('/api/square-posts/notices')).filter((statement) => /is_notice/.test(statement.sql));
    expect(notices).toBeDefined();
    expect(indexesOf(await keptPlanOf(db(), notices!, [])), notices!.sql).toContain('square_posts_notices_idx');
    expect((await guest.get('/api/square-posts/notices')).body.data).toHaveLength(NOTICES);
  });
});
