import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { RitualSession } from '../../db/schema/index.ts';
import { forbidden } from '../../domain-errors.ts';
import { isPostingOpen } from '../../../lib/rooms.ts';
import { preparePostContent } from '../square/write-service.ts';
import { storeImages } from '../uploads/service.ts';
import { ROOM_EXCERPT_MAX, ROOM_POST_MESSAGES } from './schema.ts';

const escapeAttribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The stored body of a room post or thread: the editor's HTML with the photos sent as `images[]`
 * stored (re-encoded, as /api/image-upload does) and placed after it, all through the square's
 * sanitiser, so a room keeps exactly the square's allow-list.
 */
export async function prepareRoomContent(storage: FileStorage, userId: number, html: string, images: File[] | undefined) {
  const stored = images?.length
    ? await storeImages(
        storage,
        userId,
        images.map((file, index) => ({ field: `images.${index}`, file })),
      )
    : [];
  const pictures = stored
    .map((image) => `<p><img src="${escapeAttribute(image.url)}" alt="" width="${image.width}" height="${image.height}"></p>`)
    .join('');
  const content = preparePostContent(storage, `${html}${pictures}`);
  return { ...content, excerpt: content.excerpt.slice(0, ROOM_EXCERPT_MAX) };
}

/** Writing is open from the room's start until a week after its end; outside, a clear refusal. */
export function assertPostingOpen(session: Pick<RitualSession, 'startsAt' | 'endsAt'>, now: Date): void {
  if (isPostingOpen({ starts_at: session.startsAt, ends_at: session.endsAt }, now)) return;
  throw forbidden(now < session.startsAt ? ROOM_POST_MESSAGES.notStarted : ROOM_POST_MESSAGES.closed);
}
