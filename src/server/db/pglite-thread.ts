import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';

/** An error from the database thread, with Postgres's fields (code, detail, constraint…). */
export class PgliteError extends Error {
  code?: string;
  detail?: string;
  constraint?: string;
  constructor(fields: Record<string, unknown> & { message: string }) {
    super(fields.message);
    this.name = 'PgliteError';
    Object.assign(this, fields);
  }
}

export class StatementTimeoutError extends Error {
  readonly code = '57014';
  constructor(ms: number) {
    super(`canceling statement due to statement timeout (${ms} ms on the embedded database)`);
    this.name = 'StatementTimeoutError';
  }
}

interface Pending {
  id: number;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  /** When the statement is overdue (performance.now()), or undefined when it may take as long as it takes. */
  deadline: number | undefined;
  timeoutMs: number;
}

export interface ThreadOptions {
  dataDir: string | undefined;
  loadDataDir: Uint8Array | undefined;
  statementTimeoutMs: number;
  /** Postgres's buffer cache, e.g. '16MB'. */
  sharedBuffers: string;
  /** Called when a statement overran and the thread was replaced. */
  onRestart?: (error: Error) => void;
}

const WORKER_URL = new URL('./pglite-worker.mjs', import.meta.url);
const INITDB_URL = new URL('./pglite-initdb.mjs', import.meta.url);

/** Creates the data directory in a short-lived process when it holds no cluster yet. */
export async function ensureDataDir(dataDir: string): Promise<void> {
  if (existsSync(join(dataDir, 'PG_VERSION'))) return;
  const child = spawn(process.execPath, ['--liftoff-only', fileURLToPath(INITDB_URL), dataDir], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`could not create the database directory ${dataDir}: ${stderr.trim()}`);
}

/**
 * PGlite on a thread of its own. A statement that runs past the timeout is answered with an error
 * at once; the thread still running it is ended and a new one opens the same directory (Postgres
 * recovers from its write-ahead log, as after a crash), so the server never waits on it.
 */
export class PgliteThread {
  private worker!: Worker;
  private ready!: Promise<void>;
  /** Whether `ready` has resolved for the current thread: calls are then posted at once. */
  private isReady = false;
  /**
   * In the order sent, which is the order the thread answers in (one statement at a time), so the
   * answer is nearly always for the first. Not a Map: with a Map, what waited for each answer (and
   * through it the request's promises) lived on into the old generation until the next full
   * collection; measured under the poll at 3,000 requests/s, 28 kB moved there per scavenge with the
   * Map, under 1 kB with this list. (A Map added to at one end and emptied at the other makes a new
   * table every few entries, and V8 links each old table, with the entries it held, to the next.)
   */
  private readonly pending: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** One timer for every statement under way, set for the earliest deadline among them. */
  private watchdog: NodeJS.Timeout | undefined;
  private watchdogAt = Infinity;

  constructor(private readonly options: ThreadOptions) {
    this.spawn();
  }

  whenReady(): Promise<void> {
    return this.ready;
  }

  /** Statements sent and not yet answered: the first is running, the others wait behind it. */
  get queued(): number {
    return this.pending.length;
  }

  private spawn(): void {
    const worker = new Worker(WORKER_URL, {
      workerData: {
        dataDir: this.options.dataDir,
        loadDataDir: this.options.loadDataDir,
        sharedBuffers: this.options.sharedBuffers,
      },
    });
    this.worker = worker;
    this.isReady = false;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.once('message', (message: { ready: boolean; error?: { message: string } }) => {
        if (message.ready) {
          if (this.worker === worker) this.isReady = true;
          resolve();
        }
        else reject(new PgliteError(message.error ?? { message: 'the embedded database did not open' }));
      });
      worker.once('error', reject);
    });
    worker.on('message', (message: { id?: number; result?: unknown; error?: { message: string } }) => {
      if (message.id === undefined) return;
      const index = this.pending.findIndex((waiting) => waiting.id === message.id);
      if (index === -1) return;
      const [waiting] = this.pending.splice(index, 1) as [Pending];
      if (message.error) waiting.reject(new PgliteError(message.error));
      else waiting.resolve(message.result);
    });
    worker.on('error', (error) => this.failAll(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.failAll(new Error('the embedded database thread stopped'));
    });
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.splice(0)) waiting.reject(error);
  }

  /**
   * Ends the stuck thread, then starts its replacement; calls made meanwhile wait for the new one.
   * Not both at once: Node can crash making a thread while another is being torn down
   * (nodejs/node#56312; a test process that restarts the thread again and again once did).
   */
  private restart(reason: Error): void {
    const stuck = this.worker;
    this.failAll(reason);
    this.isReady = false;
    this.ready = stuck
      .terminate()
      .catch(() => undefined)
      .then(() => {
        if (this.closed) throw new Error('the embedded database is closed');
        this.spawn();
        return this.ready;
      });
    // A restart nobody waits for yet must not be an unhandled rejection; callers see it on `ready`.
    this.ready.catch(() => undefined);
    this.options.onRestart?.(reason);
  }

  /**
   * Sends one operation; `timeoutMs` 0 waits for as long as it takes (close, dump). On a ready
   * thread it is posted before this returns, so operations reach the thread in the order they were
   * called: a transaction can let others in as soon as its COMMIT is on its way.
   */
  call<T>(op: string, payload: Record<string, unknown> = {}, timeoutMs = this.options.statementTimeoutMs): Promise<T> {
    if (this.closed) return Promise.reject(new Error('the embedded database is closed'));
    if (!this.isReady) return this.ready.then(() => this.call<T>(op, payload, timeoutMs));
    const id = this.nextId++;
    const answer = this.answerTo<T>(id, timeoutMs);
    this.worker.postMessage({ id, op, ...payload });
    return answer;
  }

  // Nothing that waits for the answer refers to the message (its SQL and values): when it did, the
  // message lived as long as the answer took, and under the poll that was a quarter of what the
  // server's thread moved into its old generation (measured at 3,000 requests/s).
  private answerTo<T>(id: number, timeoutMs: number): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const deadline = timeoutMs > 0 ? performance.now() + timeoutMs : undefined;
      this.pending.push({ id, resolve: resolve as (value: unknown) => void, reject, deadline, timeoutMs });
      if (deadline !== undefined) this.watch(deadline);
    });
  }

  /**
   * One timer, set for the earliest deadline and looked at again when it fires. A timer per statement,
   * set and cleared on every query, was a third of what the server's thread still moved into its old
   * generation under the poll (measured). This one does not keep the process alive: a statement
   * under way does, through the thread.
   */
  private watch(deadline: number): void {
    if (deadline >= this.watchdogAt) return;
    clearTimeout(this.watchdog);
    this.watchdogAt = deadline;
    this.watchdog = setTimeout(() => this.cancelOverdue(), Math.max(0, deadline - performance.now())).unref();
  }

  private cancelOverdue(): void {
    this.watchdog = undefined;
    this.watchdogAt = Infinity;
    const now = performance.now();
    let earliest = Infinity;
    for (const waiting of this.pending) {
      if (waiting.deadline === undefined) continue;
      if (waiting.deadline <= now) {
        this.restart(new StatementTimeoutError(waiting.timeoutMs));
        return;
      }
      earliest = Math.min(earliest, waiting.deadline);
    }
    if (earliest !== Infinity) this.watch(earliest);
  }

  async close(checkpoint: boolean): Promise<void> {
    if (this.closed) return;
    try {
      await this.call('close', { checkpoint }, 0);
    } finally {
      this.closed = true;
      await this.worker.terminate();
    }
  }
}
