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
  private waiting = 0;

  constructor(private readonly thread: PgliteThread) {}

  /** Statements and transactions held back by a transaction under way or a thread starting again. */
  get waitingAtGate(): number {
    return this.waiting;
  }

  private async passGate(): Promise<void> {
    this.waiting += 1;
    try {
      for (;;) {
        const gate = this.gate;
        await gate;
        await this.thread.whenReady();
        // Nothing may start between the check and the send: both happen in this same turn.
        if (gate === this.gate) return;
      }
    } finally {
      this.waiting -= 1;
    }
  }

  async query(sql: string, params?: unknown[], options?: QueryOptions): Promise<unknown> {
    await this.passGate();
    return this.thread.call('query', toMessage(sql, params, options));
  }

  async exec(sql: string): Promise<unknown> {
    await this.passGate();
    return this.thread.call('exec', { sql });
  }

  /** A statement that may take longer than a request's (upkeep): it waits at the gate like any other. */
  async execWithin(sql: string, timeoutMs: number): Promise<unknown> {
    await this.passGate();
    return this.thread.call('exec', { sql }, timeoutMs);
  }

  /**
   * An operation on the whole database (a copy of its directory): it waits at the gate like a
   * statement, so no transaction is half done when it runs, and what is sent after it waits for it.
   * `ms`: from when it was sent to its answer, all of which the statements sent meanwhile waited.
   */
  async callAlone<T>(op: string, payload: Record<string, unknown> = {}): Promise<{ answer: T; ms: number }> {
    await this.passGate();
    const sent = performance.now();
    const answer = await this.thread.call<T>(op, payload, 0);
    return { answer, ms: performance.now() - sent };
  }

  /**
   * Every other query waits at the gate while a transaction runs, so its round trips to the thread
   * are everyone's: BEGIN goes with the first statement, and the gate opens once COMMIT is sent,
   * since the thread runs what it is sent in order. A COMMIT that fails ends the transaction too.
   */
  async transaction<T>(fn: (tx: PgliteLikeClient) => Promise<T>): Promise<T> {
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const previous = this.gate;
    this.gate = previous.then(() => mine);
    this.waiting += 1;
    try {
      await previous;
      await this.thread.whenReady();
    } finally {
      this.waiting -= 1;
    }
    let begun = false;
    const opening = (): { begin?: true } => {
      if (begun) return {};
      begun = true;
      return { begin: true };
    };
    const tx: PgliteLikeClient = {
      query: (sql, params, options) => this.thread.call('query', { ...toMessage(sql, params, options), ...opening() }),
      exec: (sql) => this.thread.call('exec', { sql, ...opening() }),
      transaction: (inner) => inner(tx),
    };
    let result: T;
    try {
      result = await fn(tx);
    } catch (error) {
      if (begun) await this.thread.call('exec', { sql: 'ROLLBACK' }).catch(() => undefined);
      release();
      throw error;
    }
    if (!begun) {
      release();
      return result;
    }
    const committed = this.thread.call('exec', { sql: 'COMMIT' });
    release();
    await committed;
    return result;
  }
}
