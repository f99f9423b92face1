import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import type { Database } from '../../src/server/db/client.ts';
import { keepUpTables, tablesDue, upkeepStatement } from '../../src/server/db/upkeep.ts';
import { upkeepJob } from '../../src/server/jobs/upkeep.ts';
import { useTestDatabase } from '../helpers/test-db.ts';
import { capturedLogger } from '../helpers/captured-logger.ts';

const testDb = useTestDatabase();

interface Stats {
  relpages: number;
  reltuples: number;
  relallvisible: number;
  pages: number;
}

const statsOf = async (database: Database, table: string): Promise<Stats> => {
  const [row] = await queryRows<Stats>(
    database.db,
    sql`select relpages, reltuples, relallvisible, (pg_relation_size(oid) / 8192)::int as pages from pg_class where relname = ${table}`,
  );
  return row!;
};

/** The planner's row estimate for one member's rows, as the order flow asks for them. */
const estimatedRows = async (database: Database): Promise<number> => {
  const [row] = await queryRows<{ 'QUERY PLAN': [{ Plan: { 'Plan Rows': number } }] }>(
    database.db,
    sql.raw('explain (format json) select * from ledger where member_id = 7'),
  );
  return row!['QUERY PLAN'][0].Plan['Plan Rows'];
};

async function withEmbedded(run: (database: Database) => Promise<void>): Promise<void> {
  const database = await openDatabase('memory://');
  try {
    await database.db.execute(sql`create table ledger (id serial primary key, member_id int not null, note text not null)`);
    await database.db.execute(sql`create index ledger_member_idx on ledger (member_id)`);
    await run(database);
  } finally {
    await database.close();
  }
}

const fill = (database: Database, rows: number) =>
  database.db.execute(sql`insert into ledger (member_id, note) select g % 100, repeat('기록', 20) from generate_series(1, ${rows}) g`);

describe.runIf(inject('dbKind') === 'pglite')('the embedded database keeps its own statistics and dead rows', () => {
  it('a table analyzed while empty is planned as grown once it is kept up, and then no longer due', async () => {
    await withEmbedded(async (database) => {
      await database.db.execute(sql`analyze ledger`);
      await fill(database, 20_000);
      expect((await tablesDue(database.db)).map((table) => table.name)).toEqual(['ledger']);
      const before = await estimatedRows(database);

      const kept = await database.keepUp!(new AbortController().signal);

      expect(kept).toEqual(['ledger']);
      const after = await statsOf(database, 'ledger');
      expect(after.reltuples).toBe(20_000);
      expect(after.relpages).toBe(after.pages);
      // Vacuumed, not only analyzed: every page is marked all-visible.
      expect(after.relallvisible).toBe(after.pages);
      // 200 rows a member: the planner knew nothing of them before.
      expect(before).not.toBe(200);
      expect(await estimatedRows(database)).toBe(200);
      expect(await tablesDue(database.db)).toEqual([]);
    });
  });

  it('a table whose rows come and go is vacuumed, and its pages are used again', async () => {
    await withEmbedded(async (database) => {
      await fill(database, 5_000);
      await database.keepUp!(new AbortController().signal);
      const settled = await statsOf(database, 'ledger');
      const sizes = [];
      for (let round = 0; round < 8; round += 1) {
        await database.db.execute(sql`delete from ledger`);
        await fill(database, 5_000);
        await database.keepUp!(new AbortController().signal);
        sizes.push((await statsOf(database, 'ledger')).pages);
      }
      // Without a vacuum the table would hold all nine fills, dead or alive: nine times the pages.
      // Vacuumed once its dead rows pass a fifth of the live ones, it holds two at most.
      expect(Math.max(...sizes)).toBeLessThanOrEqual(settled.pages * 2);
    });
  });

  it('small tables and tables that have not grown are left alone; a stopped run keeps nothing', async () => {
    await withEmbedded(async (database) => {
      await fill(database, 50);
      expect(await tablesDue(database.db)).toEqual([]);
      await fill(database, 5_000);
      const stopped = new AbortController();
      stopped.abort();
      expect(await database.keepUp!(stopped.signal)).toEqual([]);
      expect((await statsOf(database, 'ledger')).reltuples).toBe(-1);
      await database.keepUp!(new AbortController().signal);
      await fill(database, 300);
      expect(await tablesDue(database.db)).toEqual([]);
    });
  });

  it('a table too large for a vacuum is analyzed once for its changes, not again for its dead rows', async () => {
    await withEmbedded(async (database) => {
      await fill(database, 5_000);
      const sent: string[] = [];
      const exec = async (statement: string) => {
        sent.push(statement);
        return database.db.execute(sql.raw(statement));
      };
      const keepUp = () => keepUpTables(database.db, exec, new AbortController().signal, 10);
      await keepUp();
      await database.db.execute(sql`delete from ledger where id % 2 = 0`);
      await keepUp();
      expect(sent).toEqual(['ANALYZE "ledger"', 'ANALYZE "ledger"']);
      expect(await tablesDue(database.db, 10)).toEqual([]);
      // Within the size for a vacuum, the same dead rows make it due.
      expect(await tablesDue(database.db)).toEqual([{ name: 'ledger', vacuum: true }]);
    });
  });

  it('after a restart, whose counters start at zero, a table that grew while they were lost is still due', async () => {
    const url = `file://${join(mkdtempSync(join(tmpdir(), 'ritual-upkeep-')), 'db')}`;
    const first = await openDatabase(url);
    try {
      await first.db.execute(sql`create table ledger (id serial primary key, member_id int not null, note text not null)`);
      await first.db.execute(sql`analyze ledger`);
      await fill(first, 20_000);
    } finally {
      await first.close();
    }
    const again = await openDatabase(url);
    try {
      expect(await tablesDue(again.db)).toEqual([expect.objectContaining({ name: 'ledger' })]);
      await again.keepUp!(new AbortController().signal);
      expect((await statsOf(again, 'ledger')).reltuples).toBe(20_000);
    } finally {
      await again.close();
    }
  });

  it('the job keeps the tables up and says which', async () => {
    await withEmbedded(async (database) => {
      await fill(database, 5_000);
      const { logger, lines } = capturedLogger();
      const job = upkeepJob(database, logger)!;
      await job.run(new AbortController().signal);
      expect(lines).toEqual([expect.objectContaining({ job: 'upkeep', tables: ['ledger'] })]);
      await job.run(new AbortController().signal);
      expect(lines).toHaveLength(1);
    });
  });
});

describe('upkeep', () => {
  it('names the table as an identifier', () => {
    expect(upkeepStatement({ name: 'orders', vacuum: true })).toBe('VACUUM (ANALYZE) "orders"');
    expect(upkeepStatement({ name: 'odd"name', vacuum: false })).toBe('ANALYZE "odd""name"');
  });

  it.runIf(inject('dbKind') === 'postgres')('is left to autovacuum on PostgreSQL', () => {
    const { database } = testDb();
    expect(database.keepUp).toBeUndefined();
    expect(upkeepJob(database, capturedLogger().logger)).toBeNull();
  });
});
