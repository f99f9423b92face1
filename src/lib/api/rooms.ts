import type { z } from 'zod';
import type { checkInResource, roomMemberResource, roomPostDetailResource, roomReaderResource, roomThreadDetailResource } from '../../server/modules/rooms/resource.ts';
import type { checkInInput, roomPostInput, roomThreadInput } from '../../server/modules/rooms/schema.ts';
import type { Answer, Body } from './body.ts';
import { multipart } from './body.ts';
import { clientFor } from './clients.ts';

export type RoomPostDraft = Omit<Body<typeof roomPostInput>, 'images' | 'title'> & { title: string };
export type RoomThreadDraft = Omit<Body<typeof roomThreadInput>, 'images'>;
export type CheckInAnswer = ReturnType<typeof checkInResource> & { created: boolean };
export interface RoomInfoAnswer {
  data: { id: number; title: string; ritualSessionUsers: ReturnType<typeof roomMemberResource>[] };
}

const room = (roomId: number): string => `/api/ritual-sessions/${roomId}`;

export const roomPaths = {
  info: (roomId: number): string => `${room(roomId)}/info`,
  savedPosts: '/api/ritual-session-posts/saved',
} as const;

// The composer tells a failure under its fields: no alert, no step back.
const composer = clientFor({ quiet: true });

/** A new post (no id) or the whole post again, multipart. */
export async function saveRoomPost(roomId: number, postId: number | null, draft: RoomPostDraft): Promise<ReturnType<typeof roomPostDetailResource>> {
  const body = multipart(draft);
  const { data } = postId === null
    ? await composer.post<Answer<ReturnType<typeof roomPostDetailResource>>>(`${room(roomId)}/posts`, body)
    : await composer.put<Answer<ReturnType<typeof roomPostDetailResource>>>(`${room(roomId)}/posts/${postId}`, body);
  return data;
}

/** A new post that may be sent again (queued offline, an answer lost): the key makes a repeat answer the first. */
export async function sendNewRoomPost(roomId: number, draft: RoomPostDraft, idempotencyKey: string): Promise<ReturnType<typeof roomPostDetailResource>> {
  const { data } = await composer.post<Answer<ReturnType<typeof roomPostDetailResource>>>(`${room(roomId)}/posts`, multipart(draft), {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}

export async function saveRoomThread(roomId: number, threadId: number | null, draft: RoomThreadDraft): Promise<ReturnType<typeof roomThreadDetailResource>> {
  const body = multipart(draft);
  const { data } = threadId === null
    ? await composer.post<Answer<ReturnType<typeof roomThreadDetailResource>>>(`${room(roomId)}/threads`, body)
    : await composer.put<Answer<ReturnType<typeof roomThreadDetailResource>>>(`${room(roomId)}/threads/${threadId}`, body);
  return data;
}

export const deleteRoomPost = (roomId: number, postId: number): Promise<unknown> => clientFor().del(`${room(roomId)}/posts/${postId}`);
export const deleteRoomThread = (roomId: number, threadId: number): Promise<unknown> => clientFor().del(`${room(roomId)}/threads/${threadId}`);

export async function roomPostReaders(roomId: number, postId: number): Promise<ReturnType<typeof roomReaderResource>[]> {
  const { data } = await clientFor({ quiet: true }).get<Answer<ReturnType<typeof roomReaderResource>[]>>(`${room(roomId)}/posts/${postId}/read-users`);
  return data;
}

/** Today's check-in; a second one the same Seoul day answers the first (created false). */
export async function checkIn(roomId: number, input: z.output<typeof checkInInput>): Promise<CheckInAnswer> {
  const { data } = await clientFor({ quiet: true }).post<Answer<CheckInAnswer>>(`${room(roomId)}/check-in`, { ...input });
  return data;
}

/** Whether the post is saved now (`_method` PUT). */
export async function toggleRoomPostSave(postId: number): Promise<boolean> {
  const { data } = await clientFor().put<Answer<{ saved: boolean }>>(`/api/ritual-session-posts/${postId}/toggle-save`);
  return data.saved;
}
