import type { PgliteThread } from './pglite-thread.ts';

interface QueryOptions {
  rowMode?: 'array' | 'object';
  parsers?: Record<string, unknown>;
}

type Send = (sql: string, params: unknown[] | undefined, options: QueryOptions | undefined) => Promise<unknown>;

const toMessage = (sql: string, params: unknown[] | undefined, options: QueryOptions | undefined) => ({
  sql,
  params: params ?? [],
  rowMode: options?.rowMode ?? 'object',
  rawTypes: Object.keys(options?.parsers ?? {}).map(Number),
});

/** The slice of PGlite's client that Drizzle uses, answered by the database thread. */
export interface PgliteLikeClient {
  query: Send;
  exec(sql: string): Promise<unknown>;
  transaction<T>(fn: (tx: PgliteLikeClient) => Promise<T>): Promise<T>;
}

/**
 * One connection, shared: while a transaction is open, other queries wait at the gate, or they
 * would run inside it. Queries outside transactions are sent without waiting for each other.
 */
export class PgliteThreadClient implements PgliteLikeClient {
  private gate: Promise<void> = Promise.resolve();

  constructor(private readonly thread: PgliteThread) {}

  private async passGate(): Promise<void> {
    for (;;) {
      const gate = this.gate;
      await gate;
      await this.thread.whenReady();
      // Nothing may start between the check and the send: both happen in this same turn.
      if (gate === this.gate) return;
    }
  }

  private send: Send = (sql, params, options) => this.thread.call('query', toMessage(sql, params, options));

  async query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> {
    await this.passGate();
    return this.send(sql, params, options);
  }

  async exec(sql: string): Promise<unknown> {
    await this.passGate();
    return this.thread.call('exec', { sql });
  }

  async transaction<T>(fn: (tx: PgliteLikeClient) => Promise<T>): Promise<T> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.gate;
    this.gate = previous.then(() => mine);
    await previous;
    await this.thread.whenReady();
    const tx: PgliteLikeClient = {
      query: this.send,
      exec: (sql) => this.thread.call('exec', { sql }),
      transaction: (inner) => inner(tx),
    };
    try {
      await tx.exec('BEGIN');
      const result = await fn(tx);
      await tx.exec('COMMIT');
      return result;
    } catch (error) {
      await tx.exec('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      release();
    }
  }
}
