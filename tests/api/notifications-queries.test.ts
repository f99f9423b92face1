import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/client.ts';
import type { User } from '../../src/server/db/schema/index.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from '../helpers/factories.ts';
import { insertNotifications } from '../helpers/notification-factories.ts';
import { countQueries } from '../helpers/query-counter.ts';
import type { QueryCounter, Statement } from '../helpers/query-counter.ts';
import { createTestApp } from '../helpers/test-app.ts';
import type { TestClient } from '../helpers/test-app.ts';
import { useTestDatabase } from '../helpers/test-db.ts';

// Every signed-in browser polls /new every 30 seconds, and a list page may show 50 items: both must
// cost a few statements down the (user_id, id desc) index, whatever the table holds.

const testDb = useTestDatabase();
const db = (): Db => testDb().database.db;

/** Members besides the two signed in: enough that one member's rows are a sliver of the table, as in life. */
const CROWD = 1000;
const PER_CROWD_MEMBER = 20;
const PER_MEMBER = 60;

let counter: QueryCounter;
let members: User[];
const clients: TestClient[] = [];

beforeAll(async () => {
  members = [await createMember(db()), await createMember(db())];
  // The crowd's rows interleave by id, as notifications arrive in life; built by SQL, not row by row.
  await db().execute(sql`
    insert into users (email, nickname, username)
    select 'crowd-' || g || '@example.com', '군중' || g, 'crowd_' || g from generate_series(1, ${CROWD}) g`);
  await db().execute(sql`
    insert into notifications (user_id, type, actor_id, source_type, source_id, data)
    select u.id, 'comment_on_post', ${members[0]!.id}, 'comment', g,
           jsonb_build_object('title', '글 ' || g, 'link', null, 'target', 'post', 'reaction_type', null, 'ritual_session_id', null,
                              'ritual_session_thread_id', null, 'square_post_category_slug', 'free', 'id', g)
    from generate_series(1, ${PER_CROWD_MEMBER}) g cross join users u where u.email like 'crowd-%'
    order by g, u.id`);
  for (const [index, member] of members.entries()) {
    await insertNotifications(db(), member.id, PER_MEMBER, { actorId: members[1 - index]!.id, isAnonymous: false });
  }
  await db().execute(sql`analyze`);
  counter = countQueries(db(), testDb().kind);
  const app = createTestApp(counter.db);
  for (const member of members.slice(0, 2)) {
    const client = app.client();
    const { token } = await createSession(db(), { userId: member.id }, { lifetimeMinutes: 60, rememberDays: 1 });
    client.cookies.set('session', token);
    clients.push(client);
  }
});

async function statementsOf(client: TestClient, path: string) {
  let status = 0;
  let body: any;
  const statements = await counter.during(async () => {
    const res = await client.get(path);
    status = res.status;
    body = res.body;
  });
  expect(status).toBe(200);
  return { statements, body };
}

describe('SQL statements per notifications request', () => {
  it('a list of 50 costs what a list of 5 costs (the actor is joined, not looked up per row)', async () => {
    const member = clients[0]!;
    await member.get('/api/notifications?per_page=5');
    const few = await statementsOf(member, '/api/notifications?per_page=5');
    const many = await statementsOf(member, '/api/notifications?per_page=50');
    expect(few.body.data).toHaveLength(5);
    expect(many.body.data).toHaveLength(50);
    expect(many.body.data[0].data.nickname).toBe(members[1]!.nickname);
    expect(many.statements.length, many.statements.map((s) => s.sql).join('\n')).toBe(few.statements.length);
  });

  it('the poll is one statement, its session included', async () => {
    const member = clients[1]!;
    await member.get('/api/notifications/new');
    const { statements, body } = await statementsOf(member, '/api/notifications/new');
    expect(body.data).toEqual({ id: expect.any(Number), created_at: expect.any(String) });
    expect(statements.map((s) => s.sql)).toEqual([expect.stringMatching(/from "sessions" .*from "notifications"/)]);
  });
});

/** The statement with its parameters written in, for EXPLAIN (which takes no bind parameters). */
function inlined(statement: Statement): string {
  return statement.sql.replace(/\$(\d+)/g, (_, index: string) => {
    const value = statement.params[Number(index) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    const text = value instanceof Date ? value.toISOString() : String(value);
    return `'${text.replace(/'/g, "''")}'`;
  });
}

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)];

/** The plan PostgreSQL makes when it would rather not scan or sort, as in square-queries.test.ts. */
async function planOf(statement: Statement): Promise<PlanNode[]> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const result = (await tx.execute(sql.raw(`explain (format json) ${inlined(statement)}`))) as unknown as {
      rows: Array<{ 'QUERY PLAN': Array<{ Plan: PlanNode }> | string }>;
    };
    const raw = result.rows[0]!['QUERY PLAN'];
    const [plan] = typeof raw === 'string' ? (JSON.parse(raw) as Array<{ Plan: PlanNode }>) : raw;
    return nodesOf(plan!.Plan);
  });
}

describe('the index behind the notifications', () => {
  const reads = [
    ['the poll', () => '/api/notifications/new'],
    ['the opened list', () => '/api/notifications'],
    ['the next page', () => 'next'],
  ] as const;

  for (const [name, path] of reads) {
    it(`reads ${name} down notifications_user_list_idx, without a Sort`, async () => {
      const member = clients[0]!;
      let target = path();
      if (target === 'next') {
        const first = await member.get('/api/notifications?per_page=10');
        target = `/api/notifications?per_page=10&cursor=${first.body.meta.next_cursor as string}`;
      }
      const { statements } = await statementsOf(member, target);
      const reading = statements.filter((s) => /^select .* from "notifications"/i.test(s.sql) && / order by .* limit /i.test(s.sql));
      expect(reading).toHaveLength(1);
      const nodes = await planOf(reading[0]!);
      const described = JSON.stringify(nodes.map((node) => [node['Node Type'], node['Index Name']]));
      expect(nodes.some((node) => node['Node Type'].endsWith('Sort')), described).toBe(false);
      expect(nodes.some((node) => node['Index Name'] === 'notifications_user_list_idx'), described).toBe(true);
    });
  }
});
