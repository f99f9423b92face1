// `node --liftoff-only pglite-initdb.mjs DIR`: creates a PGlite data directory, then exits.
// Creating the cluster (initdb) briefly takes several hundred megabytes; done in a process of its
// own, that memory is given back whole instead of raising the server's resident size for good.
import { PGlite } from '@electric-sql/pglite';

const dataDir = process.argv[2];
if (!dataDir) {
  console.error('usage: pglite-initdb.mjs DATA_DIR');
  process.exit(2);
}
const db = await PGlite.create({ dataDir });
await db.exec('CHECKPOINT');
await db.close();
