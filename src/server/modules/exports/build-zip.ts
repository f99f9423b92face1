import { rm } from 'node:fs/promises';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { Db } from '../../db/client.ts';
import { apiTime } from '../../http/serialize.ts';
import { formatDateTime } from '../../../lib/time.ts';
import { dataJson } from './data-json.ts';
import { indexPage, sessionPage } from './pages.ts';
import { PictureSet } from './pictures.ts';
import { profileOf, sessionsOf } from './records.ts';
import { ZipFileWriter } from './zip-writer.ts';

export interface BuiltExport {
  size: number;
  pictures: number;
  /** Whom to tell, as the member was when the export was built. */
  email: string;
  nickname: string;
}

/** The member is gone (deleted since asking): there is nothing of theirs to hand out. */
export class MemberGoneError extends Error {
  constructor(userId: number) {
    super(`member ${userId} is deleted or missing`);
    this.name = 'MemberGoneError';
  }
}

const stopIfAsked = (signal: AbortSignal | undefined): void => signal?.throwIfAborted();

/**
 * Writes the member's ZIP at `path`: data.json, index.html, a page per session, then every
 * picture those named, each file streamed from the database or the storage into the ZIP. A failure
 * or a stop leaves no file behind.
 */
export async function buildMemberExport(db: Db, storage: FileStorage, userId: number, path: string, signal?: AbortSignal, now = new Date()): Promise<BuiltExport> {
  const profile = await profileOf(db, userId);
  if (!profile || profile.deleted) throw new MemberGoneError(userId);
  const sessions = await sessionsOf(db, userId);
  const pictures = new PictureSet(storage);
  const zip = new ZipFileWriter(path);
  try {
    await zip.text('data.json', dataJson(db, profile, sessions, pictures, apiTime(now)));
    stopIfAsked(signal);
    await zip.text('index.html', indexPage(db, profile, sessions, pictures, formatDateTime(now)));
    for (const session of sessions) {
      stopIfAsked(signal);
      await zip.text(`sessions/${session.id}.html`, sessionPage(db, userId, session, pictures));
    }
    let copied = 0;
    for (const key of pictures.keys()) {
      stopIfAsked(signal);
      const bytes = await storage.stream(key);
      // A picture removed since it was posted is left out; its page shows the link as it was.
      if (!bytes) continue;
      await zip.binary(`images/${key}`, bytes);
      copied += 1;
    }
    return { size: await zip.finish(), pictures: copied, email: profile.email, nickname: profile.nickname };
  } catch (error) {
    await zip.abort();
    await rm(path, { force: true });
    throw error;
  }
}
