import { checkIn, roomPostReaders } from '../lib/api/rooms.ts';
import type { CheckInAnswer } from '../lib/api/rooms.ts';
import { memberHref } from '../lib/member-links.ts';
import { usersListModal } from './modal.ts';

export type { CheckInAnswer } from '../lib/api/rooms.ts';

/** Who read the post, in the shared users-list modal; each name leads to the member in this room. */
export async function openReadersList(roomId: number, postId: number): Promise<void> {
  const readers = await roomPostReaders(roomId, postId);
  await usersListModal({
    title: '읽은 멤버',
    users: readers.map((reader) => ({
      id: reader.id,
      nickname: reader.nickname,
      profileImage: reader.profile_image,
      href: memberHref(reader.username, roomId),
    })),
    emptyMessage: '아직 읽은 멤버가 없습니다.',
  });
}

/** Today's check-in; a second one the same Seoul day answers the first (created false). */
export const sendCheckIn = (roomId: number, input: { check_in_text_id?: number; content?: string }): Promise<CheckInAnswer> => checkIn(roomId, input);
