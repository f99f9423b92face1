import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { openDatabase, queryRows } from '../../src/server/db/client.ts';
import type { Db } from '../../src/server/db/client.ts';
import { migrateDatabase } from '../../src/server/db/migrate.ts';
import { banners } from '../../src/server/db/schema/index.ts';
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

describe.runIf(inject('dbKind') === 'pglite')('the embedded database on its own thread', () => {
  it('cancels a statement past the timeout without freezing the server, then carries on', async () => {
    const url = fileDb();
    const restarts: Error[] = [];
    const database = await openDatabase(url, { statementTimeoutMs: 300, onEmbeddedRestart: (e) => restarts.push(e) });
    try {
      await migrateDatabase(database, 'drizzle');
      await database.db.insert(banners).values({ type: 'header_text_banner', text: '남아 있어야 할 배너' });
      const started = Date.now();
      const slow = database.db.execute(sql`select count(*) from generate_series(1, 2000000000)`);
      const delay = await eventLoopDelayDuring(slow);
      const failure = await slow.catch((error: Error) => error);
      expect(String((failure as Error).cause ?? failure)).toMatch(/statement timeout/);
      expect(Date.now() - started).toBeLessThan(3000);
      expect(delay).toBeLessThan(200);
      expect(restarts[0]).toBeInstanceOf(StatementTimeoutError);

      const [row] = await database.db.select({ n: count() }).from(banners);
      expect(row?.n).toBe(1);
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
