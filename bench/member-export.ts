/**
 * `npx tsx bench/member-export.ts`: only the last step of `npm run bench`, the export of a member of
 * years (2,000 posts, 500 pictures): its time and how much the server's memory grows meanwhile
 * (goal: under 64 MB). See bench/README.md, "A member's export".
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXPORT_GROWTH_GOAL_MB, measureExportOnItsServer } from './lib/member-export.ts';

const tempDir = await mkdtemp(join(tmpdir(), 'ritual-export-bench-'));
let failed = true;
try {
  const result = await measureExportOnItsServer(tempDir, () => undefined);
  console.table([{ target: 'member export', ...result }]);
  failed = result.growthMb >= EXPORT_GROWTH_GOAL_MB;
  console.log(`${failed ? 'FAIL' : 'PASS'}: the server's RSS grew ${result.growthMb} MB while it built the export (goal: under ${EXPORT_GROWTH_GOAL_MB} MB).`);
} finally {
  if (failed) console.log(`Kept for a look: ${tempDir}`);
  else await rm(tempDir, { recursive: true, force: true });
}
process.exitCode = failed ? 1 : 0;
