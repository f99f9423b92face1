import { atom, computed } from 'nanostores';
import { roomPaths } from '../lib/api/rooms.ts';
import type { RoomInfoAnswer } from '../lib/api/rooms.ts';
import { createFetcherStore } from './query.ts';

/** A room member an @ in a comment may name. */
export interface MentionCandidate {
  id: number;
  nickname: string;
}

/**
 * The room's members but the writer, read from the room's info when the comment box is first
 * wanted: the page does not carry them, since most readers of a post never write under it (and
 * on a room post they were a query and a fifth of the island's props).
 */
export function createRoomMentionables(roomId: number, writerId: number) {
  // The key's last part stays null, and nothing is asked, until `want`.
  const $wanted = atom<string | null>(null);
  const $info = createFetcherStore<RoomInfoAnswer>([roomPaths.info(roomId), $wanted], { revalidateOnFocus: false });
  const $candidates = computed($info, ({ data }): MentionCandidate[] =>
    data ? data.data.ritualSessionUsers.filter((member) => member.id !== writerId).map(({ id, nickname }) => ({ id, nickname })) : [],
  );
  return {
    $candidates,
    want: (): void => $wanted.set(''),
  };
}
