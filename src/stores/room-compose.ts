import type { ValidationErrors } from '../lib/api-errors.ts';
import { saveRoomPost, saveRoomThread } from '../lib/api/rooms.ts';
import type { RoomPostDraft } from '../lib/api/rooms.ts';
import { ROOM_POST_MESSAGES } from '../lib/room-post-rules.ts';
import { createSubmit } from './form-submit.ts';

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
}

/**
 * The composer of a room's posts and threads (/compose/post?roomId=, /compose/thread?roomId= and
 * their edits): checks the draft, saves it (multipart) and answers where it now opens.
 */
export function createRoomComposer({ kind, roomId, existingId }: RoomComposerOptions) {
  const check = (draft: RoomComposition): ValidationErrors => {
    const problems: ValidationErrors = {};
    if (kind === 'post' && !draft.category) problems.category = [ROOM_POST_MESSAGES.category];
    if (kind === 'thread' && !draft.title.trim()) problems.title = [ROOM_POST_MESSAGES.title];
    if (!draft.filled) problems.content = [ROOM_POST_MESSAGES.content];
    return problems;
  };
  return createSubmit(check, async (draft: RoomComposition): Promise<string> => {
    const fields = { title: draft.title.trim(), content: draft.html };
    if (kind === 'thread') return `/room/${roomId}/thread/${(await saveRoomThread(roomId, existingId, fields)).id}`;
    const post = await saveRoomPost(roomId, existingId, { ...fields, category: draft.category as RoomPostDraft['category'], is_public: draft.is_public });
    return `/room/${roomId}/${post.id}`;
  });
}
