import type { letterResource } from '../../server/modules/letters/resource.ts';
import type { letterInput } from '../../server/modules/letters/schema.ts';
import type { Answer, Body } from './body.ts';
import { clientFor } from './clients.ts';

/** Whether the member's progress is shown to the room now. */
export async function shareRoomProgress(roomId: number, shares: boolean): Promise<boolean> {
  const { data } = await clientFor().put<Answer<{ shares_progress: boolean }>>(`/api/ritual-sessions/${roomId}/share-progress`, { shares_progress: shares });
  return data.shares_progress;
}

/** The letter to one's future self, delivered at the session's end. */
export async function writeLetter(roomId: number, input: Body<typeof letterInput>): Promise<ReturnType<typeof letterResource>> {
  const { data } = await clientFor().post<Answer<ReturnType<typeof letterResource>>>(`/api/ritual-sessions/${roomId}/message-to-myself`, { ...input });
  return data;
}
