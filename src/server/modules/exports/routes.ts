import { once } from 'node:events';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import type { Db } from '../../db/client.ts';
import type { AppEnv } from '../../http/context.ts';
import { idParam } from '../../http/route-id.ts';
import { notFound } from '../../domain-errors.ts';
import { requireMember } from '../../http/visitor.ts';
import { seoulDayKey } from '../../../lib/program-calendar.ts';
import { memberExportResource } from './resource.ts';
import { EXPORT_MESSAGES } from './schema.ts';
import { downloadableFile, exportOf, listExports, startExport } from './service.ts';

/** The member's export (API-CONVENTIONS.md, "Drafts and the member's own data"); the job builds it (jobs/member-exports.ts). */
export function memberExportRoutes(db: Db, exportsDir: string) {
  return new Hono<AppEnv>()
    .get('/api/me/exports', async (c) => {
      const user = requireMember(c);
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: (await listExports(db, user.id)).map((row) => memberExportResource(row)) });
    })
    .post('/api/me/exports', async (c) => {
      const user = requireMember(c);
      const started = await startExport(db, user.id);
      c.get('log').info({ userId: user.id, exportId: started.id }, 'member export asked for');
      return c.json({ data: memberExportResource(started) }, 202);
    })
    .get('/api/me/exports/:id', async (c) => {
      const user = requireMember(c);
      const found = await exportOf(db, user.id, idParam(c, 'id', EXPORT_MESSAGES.notFound));
      c.header('Cache-Control', 'private, no-store');
      return c.json({ data: memberExportResource(found) });
    })
    .get('/api/me/exports/:id/download', async (c) => {
      const user = requireMember(c);
      const file = await downloadableFile(db, user.id, idParam(c, 'id', EXPORT_MESSAGES.notFound));
      const name = `ritual-records-${seoulDayKey(file.finishedAt ?? file.createdAt)}.zip`;
      const stream = createReadStream(join(exportsDir, file.fileName));
      // A row whose file is gone (a folder not shared by every instance, a restore) is no download.
      await once(stream, 'open').catch(() => {
        throw notFound(EXPORT_MESSAGES.fileMissing);
      });
      const body = Readable.toWeb(stream) as ReadableStream<Uint8Array>;
      return c.body(body, 200, {
        'Content-Type': 'application/zip',
        'Content-Disposition': `attachment; filename="${name}"`,
        ...(file.sizeBytes === null ? {} : { 'Content-Length': String(file.sizeBytes) }),
        'Cache-Control': 'private, no-store',
        'X-Content-Type-Options': 'nosniff',
      });
    });
}
