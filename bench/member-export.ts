/**
 * `npx tsx bench/member-export.ts`: how long the built server takes to export a member of years
 * (2,000 posts, 500 pictures) and how much its memory grows meanwhile (goal: under 64 MB). See
 * bench/README.md, "A member's export".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, stopServer, waitUntilHealthy } from '../scripts/server-process.ts';
import { EXPORT_GROWTH_GOAL_MB, fillExportMember, measureMemberExport } from './lib/member-export.ts';
import { seedBenchDatabase } from './lib/square.ts';

const tempDir = await mkdtemp(join(tmpdir(), 'ritual-export-bench-'));
const dataDir = join(tempDir, 'db');
const uploadsDir = join(tempDir, 'uploads');
let failed = true;
try {
  console.log('Seeding the demo data and a member with 2,000 posts and 500 pictures…');
  await seedBenchDatabase(dataDir);
  const data = await fillExportMember(dataDir, uploadsDir);
  console.log(`Filled in ${data.fillSeconds} s (${Math.round(data.pictureBytes / 1024 / 1024)} MB of pictures).`);
  const server = await startServer(
    dataDir,
    {
      STORAGE_LOCAL_DIR: uploadsDir,
      EXPORTS_DIR: join(tempDir, 'exports'),
      EXPORT_INTERVAL_SECONDS: '1',
      MAIL_OUTBOX_DIR: join(tempDir, 'mail'),
      LOG_LEVEL: 'warn',
    },
    { logFile: join(tempDir, 'server.log') },
  );
  try {
    await waitUntilHealthy(server);
    const result = await measureMemberExport(server.url, server.child.pid!, data);
    console.table([{ target: 'member export', ...result }]);
    const met = result.growthMb < EXPORT_GROWTH_GOAL_MB;
    console.log(`${met ? 'PASS' : 'FAIL'}: the server's RSS grew ${result.growthMb} MB while it built the export (goal: under ${EXPORT_GROWTH_GOAL_MB} MB).`);
    failed = !met;
  } finally {
    await stopServer(server, 'SIGTERM', { killAfterMs: 10_000 });
  }
} finally {
  if (failed) console.log(`Kept for a look: ${tempDir}`);
  else await rm(tempDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
