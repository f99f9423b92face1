import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { banners } from '../../src/server/db/schema/index.ts';
import type { PgliteLikeClient } from '../../src/server/db/pglite-client.ts';
import { StatementTimeoutError } from '../../src/server/db/pglite-thread.ts';

const fileDb = () => `file://${join(mkdtempSync(join(tmpdir(), 'ritual-embedded-')), 'db')}`;

/** How late a 20 ms timer fires while `work` runs: a frozen event loop shows up here. */
async function eventLoopDelayDuring(work: Promise<unknown>): Promise<number> {
  const delays: number[] = [];
  let running = true;
  const tick = async () => {
    while (running) {
      const planned = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
      delays.push(Date.now() - planned - 20);
    }
  };
  const ticking = tick();
  await work.catch(() => undefined);
  running = false;
  await ticking;
  return Math.max(...delays);
}

/** A statement that runs far past any statement timeout the tests set. */
const endlessCount = sql`select count(*) from generate_series(1, 2000000000)`;

/** What a statement failed with, as text (Drizzle wraps the database's error in `cause`). */
const failureText = (failure: unknown) => String((failure as Error).cause ?? failure);

describe.runIf(inject('dbKind') === 'pglite')('the embedded database on its own thread', () => {
  it('cancels a statement past the timeout without freezing the server, then carries on', async () => {
    const url = fileDb();
    const restarts: Error[] = [];
    const database = await openDatabase(url, { statementTimeoutMs: 300, onEmbeddedRestart: (e) => restarts.push(e) });
    try {
      await migrateDatabase(database, 'drizzle');
      await database.db.insert(banners).values({ type: 'header_text_banner', text: '남아 있어야 할 배너' });
      const started = Date.now();
      const slow = database.db.execute(endlessCount);
      const delay = await eventLoopDelayDuring(slow);
      const failure = await slow.catch((error: Error) => error);
      expect(failureText(failure)).toMatch(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(delay).toBeLessThan(200);
      expect(restarts[0]).toBeInstanceOf(StatementTimeoutError);

      const [row] = await database.db.select({ n: count() }).from(banners);
      expect(row?.n).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('holds each statement to its own deadline while others come and go', async () => {
    const restarts: Error[] = [];
    const database = await openDatabase('memory://', { statementTimeoutMs: 300, onEmbeddedRestart: (e) => restarts.push(e) });
    try {
      // Quick statements for longer than the timeout: the one timer fires while others are under way.
      const started = Date.now();
      while (Date.now() - started < 500) {
        expect(await queryRows(database.db, sql`select ${1}::int as one`)).toEqual([{ one: 1 }]);
      }
      expect(restarts).toEqual([]);
      const sent = Date.now();
      const failure = await database.db.execute(endlessCount).catch((error: Error) => error);
      expect(failureText(failure)).toMatch(/statement timeout/);
      expect(Date.now() - sent).toBeGreaterThanOrEqual(290);
      expect(Date.now() - sent).toBeLessThan(3000);
      expect(restarts).toHaveLength(1);
      expect(await queryRows(database.db, sql`select ${2}::int as two`)).toEqual([{ two: 2 }]);
    } finally {
      await database.close();
    }
  });

  it('keeps other queries out of an open transaction, and rolls back a failed one', async () => {
    const database = await openDatabase('memory://');
    try {
      await migrateDatabase(database, 'drizzle');
      const db = database.db;
      let releaseTx!: () => void;
      const held = new Promise<void>((resolve) => (releaseTx = resolve));
      const tx = db.transaction(async (t) => {
        await t.insert(banners).values({ type: 'store_banner', text: '트랜잭션 안' });
        await held;
        throw new Error('roll back');
      });
      // Started while the transaction is open: it must neither see nor join it.
      const outside = db.insert(banners).values({ type: 'store_banner', text: '트랜잭션 밖' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      releaseTx();
      await expect(tx).rejects.toThrow('roll back');
      await outside;
      const rows = await queryRows<{ text: string }>(db as Db, sql`select text from banners where type = 'store_banner'`);
      expect(rows.map((r) => r.text)).toEqual(['트랜잭션 밖']);
    } finally {
      await database.close();
    }
  });

  it('fails a transaction whose COMMIT fails, and runs the queries waiting behind it outside it', async () => {
    const database = await openDatabase('memory://');
    try {
      const db = database.db;
      await db.execute(sql`create table links (id int primary key, parent_id int references links (id) deferrable initially deferred)`);
      let releaseTx!: () => void;
      const held = new Promise<void>((resolve) => (releaseTx = resolve));
      // The missing parent is only noticed at COMMIT, after the gate has let the others through.
      const tx = db.transaction(async (t) => {
        await t.execute(sql`insert into links values (1, 99)`);
        await held;
      });
      // A transaction of its own: a ROLLBACK sent after the gate opened would land in it.
      const waiting = db.transaction(async (t) => {
        await t.execute(sql`insert into links values (2, null)`);
        await t.execute(sql`insert into links values (3, 2)`);
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      releaseTx();
      expect(failureText(await tx.catch((error: Error) => error))).toMatch(/foreign key/);
      await waiting;
      const rows = await queryRows<{ id: number }>(db, sql`select id from links order by id`);
      expect(rows.map((row) => row.id)).toEqual([2, 3]);
      // Nothing is left open: a later transaction commits on its own.
      await db.transaction(async (t) => {
        await t.execute(sql`insert into links values (4, 3)`);
      });
      expect(await queryRows(db, sql`select count(*)::int as n from links`)).toEqual([{ n: 3 }]);
    } finally {
      await database.close();
    }
  });

  it("answers a transaction's statements sent together each with its own rows, within the transaction", async () => {
    const database = await openDatabase('memory://');
    try {
      await migrateDatabase(database, 'drizzle');
      const db = database.db;
      const answers = await db.transaction(async (t) => {
        await t.insert(banners).values({ type: 'store_banner', text: '첫 배너' });
        // Sent in one turn, waited for together; the second sees the first's row, the third fails.
        return Promise.all([
          queryRows<{ n: number }>(t as unknown as Db, sql`select ${1}::int as n`),
          queryRows<{ n: number }>(t as unknown as Db, sql`select count(*)::int as n from banners where type = 'store_banner'`),
          queryRows(t as unknown as Db, sql`select 1 / ${0}::int`).then(
            () => 'answered',
            () => 'failed',
          ),
        ]);
      }).catch((error: Error) => error);
      // The failed statement aborted the transaction: COMMIT rolls it back, the insert is gone.
      expect(answers).toEqual([[{ n: 1 }], [{ n: 1 }], 'failed']);
      expect(await queryRows(db, sql`select count(*)::int as n from banners where type = 'store_banner'`)).toEqual([{ n: 0 }]);
      await db.transaction(async (t) => {
        const [first, second] = await Promise.all([
          t.insert(banners).values({ type: 'store_banner', text: '둘째 배너' }).returning({ text: banners.text }),
          t.insert(banners).values({ type: 'store_banner', text: '셋째 배너' }).returning({ text: banners.text }),
        ]);
        expect([first, second]).toEqual([[{ text: '둘째 배너' }], [{ text: '셋째 배너' }]]);
      });
      const rows = await queryRows<{ text: string }>(db, sql`select text from banners where type = 'store_banner' order by id`);
      expect(rows.map((row) => row.text)).toEqual(['둘째 배너', '셋째 배너']);
    } finally {
      await database.close();
    }
  });

  it('cancels a statement of a transaction past the timeout without freezing the server, and rolls the transaction back', async () => {
    const restarts: Error[] = [];
    const database = await openDatabase(fileDb(), { statementTimeoutMs: 300, onEmbeddedRestart: (e) => restarts.push(e) });
    try {
      await migrateDatabase(database, 'drizzle');
      const db = database.db;
      const started = Date.now();
      const slow = db.transaction(async (t) => {
        await t.insert(banners).values({ type: 'store_banner', text: '되돌려질 배너' });
        await t.execute(endlessCount);
      });
      const delay = await eventLoopDelayDuring(slow);
      expect(failureText(await slow.catch((error: Error) => error))).toMatch(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(delay).toBeLessThan(200);
      expect(restarts[0]).toBeInstanceOf(StatementTimeoutError);
      // The new thread opened the same directory: nothing of the transaction, and the next one commits.
      await db.transaction(async (t) => {
        await t.insert(banners).values({ type: 'store_banner', text: '남을 배너' });
      });
      const rows = await queryRows<{ text: string }>(db, sql`select text from banners where type = 'store_banner'`);
      expect(rows.map((row) => row.text)).toEqual(['남을 배너']);
    } finally {
      await database.close();
    }
  });

  it('keeps statements it has seen, forgets the oldest past its cache, and answers the same', async () => {
    const database = await openDatabase('memory://');
    try {
      // More distinct statements than the thread keeps (256), each run twice with other values.
      for (let round = 0; round < 2; round += 1) {
        for (let n = 0; n < 300; n += 1) {
          const [row] = await queryRows<{ n: number; v: string }>(database.db, sql.raw(`select ${n} as n, '${round}'::text as v`));
          expect(row).toEqual({ n, v: String(round) });
        }
      }
      const params = await queryRows(database.db, sql`select ${'한글'}::text as t, ${41}::int + 1 as n, ${null}::int as z`);
      expect(params).toEqual([{ t: '한글', n: 42, z: null }]);
    } finally {
      await database.close();
    }
  });

  it('answers statements sent all at once each with its own rows, past its cache and past errors', async () => {
    const database = await openDatabase('memory://');
    try {
      const asked = Array.from({ length: 320 }, (_, n) =>
        n % 40 === 39
          ? database.db.execute(sql.raw(`select 1 / 0 as failed_${n}`)).then(
              () => 'answered',
              () => 'failed',
            )
          : queryRows<{ n: number; v: string }>(database.db, sql`${sql.raw(`select ${n % 280} as n`)}, ${`값 ${n}`}::text as v`),
      );
      const answers = await Promise.all(asked);
      answers.forEach((answer, n) => {
        expect(answer).toEqual(n % 40 === 39 ? 'failed' : [{ n: n % 280, v: `값 ${n}` }]);
      });
    } finally {
      await database.close();
    }
  });

  it('answers an array-mode query with its rows alone, and a raw one with its columns too', async () => {
    const database = await openDatabase('memory://');
    try {
      const client = (database.db as unknown as { $client: PgliteLikeClient }).$client;
      const text = 'select $1::int as n, now() as at';
      const asArrays = await client.query(text, [7], { rowMode: 'array', parsers: { 1184: (value: string) => value } });
      expect(Object.keys(asArrays as object).sort()).toEqual(['affectedRows', 'rows']);
      expect((asArrays as { rows: unknown[][] }).rows[0]).toEqual([7, expect.stringMatching(/^\d{4}-\d\d-\d\d /)]);
      const asObjects = await client.query(text, [7], undefined);
      expect(asObjects).toMatchObject({ rows: [{ n: 7 }], fields: [{ name: 'n' }, { name: 'at' }] });
    } finally {
      await database.close();
    }
  });

  it('carries on after a statement that does not parse and after a failed one', async () => {
    const database = await openDatabase('memory://');
    try {
      await expect(database.db.execute(sql`selec 1`)).rejects.toThrow();
      await expect(database.db.execute(sql`select 1 / ${0}::int`)).rejects.toThrow();
      expect(await queryRows(database.db, sql`select 1 / ${1}::int as q`)).toEqual([{ q: 1 }]);
    } finally {
      await database.close();
    }
  });

  it('answers a kept statement again after a migration changes the table under it', async () => {
    const database = await openDatabase('memory://');
    try {
      await database.db.execute(sql`create table kept (id int)`);
      await database.db.execute(sql`insert into kept values (1)`);
      const read = () => queryRows(database.db, sql`select * from kept where id = ${1}`);
      expect(await read()).toEqual([{ id: 1 }]);
      await database.db.execute(sql`alter table kept add column name text default '이름'`);
      expect(await read()).toEqual([{ id: 1, name: '이름' }]);
    } finally {
      await database.close();
    }
  });

  it('reports database errors with their Postgres code', async () => {
    const database = await openDatabase('memory://');
    try {
      const failure = await database.db.execute(sql`select * from no_such_table`).catch((error: Error) => error);
      expect((failure as Error & { cause?: { code?: string } }).cause?.code).toBe('42P01');
    } finally {
      await database.close();
    }
  });
});
