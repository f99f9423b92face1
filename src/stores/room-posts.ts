import { api, quietApi } from '../lib/browser-api.ts';
import { memberHref } from '../lib/member-links.ts';
import type { CheckInData, RoomReader } from '../lib/rooms.ts';
import { usersListModal } from './modal.ts';
import { createMutatorStore } from './query.ts';

const SAVED_LIST = '/api/ritual-session-posts/saved';

/** 저장 of a room post, toggled on the server (`_method` PUT), which answers whether it is saved now. */
export const $toggleRoomSave = createMutatorStore<number, boolean>(async ({ data: postId, invalidate }) => {
  const { data } = await api.put<{ data: { saved: boolean } }>(`/api/ritual-session-posts/${postId}/toggle-save`);
  invalidate((key) => key.startsWith(SAVED_LIST));
  return data.saved;
});

/** Who read the post, in the shared users-list modal; each name leads to the member in this room. */
export async function openReadersList(roomId: number, postId: number): Promise<void> {
  const { data } = await quietApi.get<{ data: RoomReader[] }>(`/api/ritual-sessions/${roomId}/posts/${postId}/read-users`);
  await usersListModal({
    title: '읽은 멤버',
    users: data.map((reader) => ({
      id: reader.id,
      nickname: reader.nickname,
      profileImage: reader.profile_image,
      href: memberHref(reader.username, roomId),
    })),
    emptyMessage: '아직 읽은 멤버가 없습니다.',
  });
}

export type CheckInAnswer = CheckInData & { created: boolean };

/** Today's check-in; a second one the same Seoul day answers the first (created false). */
export async function sendCheckIn(roomId: number, input: { check_in_text_id?: number; content?: string }): Promise<CheckInAnswer> {
  const { data } = await quietApi.post<{ data: CheckInAnswer }>(`/api/ritual-sessions/${roomId}/check-in`, input);
  return data;
}
