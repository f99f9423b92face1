// The embedded database's own thread. PGlite runs each statement to its end on the thread that
// calls it, so on the server's thread one slow query would freeze every request; here it only
// delays the queries behind it, and the server can end this thread when a statement overruns.
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

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

const operations = {
  // Drizzle's parsers keep these types as text; functions cannot cross threads, their type ids can.
  query: ({ sql, params, rowMode, rawTypes }) =>
    db.query(sql, params, {
      rowMode,
      parsers: Object.fromEntries(rawTypes.map((type) => [type, identity])),
    }),
  exec: ({ sql }) => db.exec(sql),
  dump: async () => new Uint8Array(await (await db.dumpDataDir('none')).arrayBuffer()),
  close: async ({ checkpoint }) => {
    if (checkpoint) await db.exec('CHECKPOINT');
    await db.close();
    return null;
  },
};

parentPort.on('message', async (message) => {
  try {
    const result = await operations[message.op](message);
    parentPort.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: serializeError(error) });
  }
});
