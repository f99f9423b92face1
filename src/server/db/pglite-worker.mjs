// The embedded database's own thread. PGlite runs each statement to its end on the thread that
// calls it, so on the server's thread one slow query would freeze every request; here it only
// delays the queries behind it, and the server can end this thread when a statement overruns.
import { cpSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, parse, protocol } from '@electric-sql/pglite';

// PGlite's own start parameters, with a smaller buffer cache: the operating system caches the
// data files as well, and one process's database need not hold 128 MB of its own.
// (The server starts with --liftoff-only: see scripts/server-flags.mjs.)
const START_PARAMS = [
  '--single', '-F', '-O', '-j',
  '-c', 'search_path=public',
  '-c', 'exit_on_error=false',
  '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0',
  '-c', 'max_parallel_workers=0',
  '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'max_parallel_maintenance_workers=0',
  '-c', 'io_method=sync',
];

const { dataDir, loadDataDir, sharedBuffers } = workerData;
const identity = (value) => value;

function serializeError(error) {
  const { message, code, detail, hint, constraint, table, column, severity, position } = error ?? {};
  return { message: String(message ?? error), code, detail, hint, constraint, table, column, severity, position };
}

let db;
try {
  db = await PGlite.create({
    startParams: [...START_PARAMS, '-c', `shared_buffers=${sharedBuffers}`],
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir: new Blob([loadDataDir]) } : {}),
  });
  parentPort.postMessage({ ready: true });
} catch (error) {
  parentPort.postMessage({ ready: false, error: serializeError(error) });
}

/** Prepared statements kept by the backend; the least recently used one is closed past this. */
const STATEMENT_CACHE_SIZE = 256;
/** "cached plan must not change result type": a migration changed a table under a kept statement. */
const FEATURE_NOT_SUPPORTED = '0A000';
const { serialize } = protocol;
// The data directory is a real directory (or memory), which PGlite has nothing to flush to after a
// statement; the stream variant also parses the answer as it arrives instead of copying it twice.
const NO_SYNC = { syncToFs: false };
// SQL text → the backend's statement name and its parameter types, in least-recently-used order.
const statements = new Map();
let statementCount = 0;

const joined = (parts) => {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

// PGlite merges the default parsers with a query's own on every query it answers (a third of this
// thread's time on a small query, measured); each set of types kept raw is merged here once.
const mergedParsers = new Map();
function parsersKeeping(rawTypes) {
  const key = rawTypes.join(',');
  let parsers = mergedParsers.get(key);
  if (!parsers) {
    parsers = { ...db.parsers, ...Object.fromEntries(rawTypes.map((type) => [type, identity])) };
    mergedParsers.set(key, parsers);
  }
  return parsers;
}

/** Parses `sql` once into a named statement (closing the oldest past the cache size). */
async function statementFor(sql) {
  const kept = statements.get(sql);
  if (kept) {
    statements.delete(sql);
    statements.set(sql, kept);
    return kept;
  }
  const name = `s${(statementCount += 1)}`;
  const messages = [];
  if (statements.size >= STATEMENT_CACHE_SIZE) {
    // Closed first: a statement that fails to parse makes the backend skip the rest of the batch.
    const [oldestSql, oldest] = statements.entries().next().value;
    statements.delete(oldestSql);
    messages.push(serialize.close({ type: 'S', name: oldest.name }));
  }
  messages.push(serialize.parse({ name, text: sql }), serialize.describe({ type: 'S', name }));
  const replies = await db.execProtocolStream(joined([...messages, serialize.sync()]), NO_SYNC);
  const statement = {
    name,
    types: replies.find((reply) => reply.name === 'parameterDescription')?.dataTypeIDs ?? [],
    // The shape of its rows, described once here rather than again on every run.
    rowDescription: replies.find((reply) => reply.name === 'rowDescription'),
  };
  statements.set(sql, statement);
  return statement;
}

/**
 * A query as PGlite's own `query` answers it, but on a statement the backend keeps: PGlite parses,
 * plans and describes every query anew in five round trips into the database; a kept statement is
 * bound and run in one, its plan and the shape of its rows reused (the square's list query:
 * 2.5 ms → 1.9 ms, a thread's comments: 1.8 ms → 0.7 ms, measured).
 */
async function preparedQuery({ sql, params, rowMode, rawTypes }, retried = false) {
  const parsers = parsersKeeping(rawTypes);
  try {
    const statement = await statementFor(sql);
    const values = params.map((value, index) =>
      value === null || value === undefined ? null : (db.serializers[statement.types[index]] ?? String)(value),
    );
    const messages = await db.execProtocolStream(
      joined([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]),
      NO_SYNC,
    );
    const described = statement.rowDescription ? [statement.rowDescription, ...messages] : messages;
    const result = parse.parseResults(described, parsers, { rowMode })[0];
    // Drizzle maps an array-mode answer with its own list of columns and reads only the rows; the
    // column descriptions, copied to the server's thread on every answer, were a third of what that
    // thread kept past its young generation under the notification poll (measured at 3,000/s).
    return rowMode === 'array' ? { rows: result.rows, affectedRows: result.affectedRows } : result;
  } catch (error) {
    if (retried || error?.code !== FEATURE_NOT_SUPPORTED) throw error;
    statements.delete(sql);
    return preparedQuery({ sql, params, rowMode, rawTypes }, true);
  }
}

// Transaction control goes to the backend as it is: PGlite's exec costs several times more
// (measured, BEGIN and COMMIT together: 0.4-0.5 ms by exec, 0.03-0.18 ms this way), and every
// transaction sends two of them while the other queries wait for it.
const CONTROL = new Map(['BEGIN', 'COMMIT', 'ROLLBACK'].map((sql) => [sql, serialize.query(sql)]));
async function control(sql) {
  await db.execProtocolStream(CONTROL.get(sql), NO_SYNC);
  return [];
}

const operations = {
  // Drizzle's parsers keep these types as text; functions cannot cross threads, their type ids can.
  query: (message) => preparedQuery(message),
  exec: ({ sql }) => (CONTROL.has(sql) ? control(sql) : db.exec(sql)),
  // Uncompressed: every other statement waits while the directory is read, and gzip would double that.
  dump: async () => new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer()),
  // A backup's snapshot: the kernel copies the files (dumpDataDir took 10 s for 68 MB, reading and
  // packing them in JavaScript while every statement waited); nothing writes to them meanwhile.
  copy: ({ to }) => {
    cpSync(dataDir, to, { recursive: true, errorOnExist: true, force: false });
    return null;
  },
  close: async ({ checkpoint }) => {
    if (checkpoint) await db.exec('CHECKPOINT');
    await db.close();
    return null;
  },
};

async function answer(message) {
  try {
    // A transaction's first statement carries its BEGIN, sparing a round trip while others wait.
    if (message.begin) await control('BEGIN');
    const result = await operations[message.op](message);
    // A dump is the whole directory: moved to the server's thread, not copied.
    parentPort.postMessage({ id: message.id, result }, result instanceof Uint8Array ? [result.buffer] : []);
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: serializeError(error) });
  }
}

// One operation at a time, in the order they arrive: a prepared query's parse and its run must not
// be split by another message. A chain of promises does that; PGlite's `runExclusive` did too, but
// with it this thread's old generation filled several times faster (measured at 3,000 queries/s:
// six full collections of 3-13 ms in eight seconds, against one with the chain).
let queue = Promise.resolve();
parentPort.on('message', (message) => {
  queue = queue.then(() => answer(message));
});
