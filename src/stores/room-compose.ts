import { atom } from 'nanostores';
import type { ValidationErrors } from '../lib/api-errors.ts';
import { saveRoomPost, saveRoomThread } from '../lib/api/rooms.ts';
import type { RoomPostDraft } from '../lib/api/rooms.ts';
import { ROOM_POST_MESSAGES } from '../lib/room-post-rules.ts';
import { createSubmit } from './form-submit.ts';
import { deliverRecord, flushQueuedRecords } from './record-outbox.ts';

/** What the room's composer holds when it is sent; a thread has no category and is never public. */
export interface RoomComposition {
  category: string;
  title: string;
  html: string;
  /** The editor holds more than empty markup. */
  filled: boolean;
  is_public: boolean;
}

/** A post (with its category and the public option) or a thread, new or the one being edited. */
export interface RoomComposerOptions {
  kind: 'post' | 'thread';
  roomId: number;
  existingId: number | null;
  /** The member writing: a new record made offline is kept for them alone. */
  userId: number;
}

const postPath = (roomId: number, postId: number): string => `/room/${roomId}/${postId}`;

/**
 * The composer of a room's posts and threads (/compose/post?roomId=, /compose/thread?roomId= and
 * their edits): checks the draft, saves it (multipart) and answers where it now opens. A new
 * record written without a connection answers null: it waits in the browser (`$queued`) and is
 * sent when the connection returns, then `$sentPath` says where it opens.
 */
export function createRoomComposer({ kind, roomId, existingId, userId }: RoomComposerOptions) {
  // One key per draft: a send whose answer was lost and its retry are one record.
  const key = crypto.randomUUID();
  const $queued = atom(false);
  const $sentPath = atom<string | null>(null);

  const check = (draft: RoomComposition): ValidationErrors => {
    const problems: ValidationErrors = {};
    if (kind === 'post' && !draft.category) problems.category = [ROOM_POST_MESSAGES.category];
    if (kind === 'thread' && !draft.title.trim()) problems.title = [ROOM_POST_MESSAGES.title];
    if (!draft.filled) problems.content = [ROOM_POST_MESSAGES.content];
    return problems;
  };

  const whenOnline = (): void => {
    void flushQueuedRecords(userId).then((outcomes) => {
      const mine = outcomes.find((outcome) => 'sent' in outcome && outcome.sent.key === key);
      if (mine && 'sent' in mine) $sentPath.set(postPath(mine.sent.roomId, mine.sent.postId));
    });
  };

  const sendNew = async (draft: RoomPostDraft): Promise<string | null> => {
    const entry = { key, userId, roomId, draft, queuedAt: new Date().toISOString() };
    const delivery = await deliverRecord(entry, false);
    if ('refused' in delivery) throw delivery.refused;
    if ('sent' in delivery) return postPath(delivery.sent.roomId, delivery.sent.postId);
    $queued.set(true);
    window.addEventListener('online', whenOnline);
    return null;
  };

  const { $busy, submit } = createSubmit(check, async (draft: RoomComposition): Promise<string | null> => {
    const fields = { title: draft.title.trim(), content: draft.html };
    if (kind === 'thread') return `/room/${roomId}/thread/${(await saveRoomThread(roomId, existingId, fields)).id}`;
    const post = { ...fields, category: draft.category as RoomPostDraft['category'], is_public: draft.is_public };
    if (existingId === null) return sendNew(post);
    return postPath(roomId, (await saveRoomPost(roomId, existingId, post)).id);
  });
  return { $busy, $queued, $sentPath, submit };
}
