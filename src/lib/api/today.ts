import type { z } from 'zod';
import type { todayRoomResource } from '../../server/modules/rooms/resource.ts';
import type { checkInInput } from '../../server/modules/rooms/schema.ts';
import type { Answer } from './body.ts';
import { clientFor } from './clients.ts';
import type { CheckInAnswer } from './rooms.ts';

export type TodayRoom = ReturnType<typeof todayRoomResource>;
export type TodayCheckIn = z.input<typeof checkInInput>;

export const TODAY_PATH = '/api/me/today';

/** The member's running sessions, as /today shows them. */
export async function fetchToday(): Promise<TodayRoom[]> {
  const { data } = await clientFor({ quiet: true }).get<Answer<TodayRoom[]>>(TODAY_PATH);
  return data;
}

/**
 * A check-in that may be sent again (queued offline, an answer lost on the way): the key makes a
 * repeat answer the first, and `checked_in_at` keeps it on the day it was tapped.
 */
export async function sendCheckIn(roomId: number, input: TodayCheckIn, idempotencyKey: string): Promise<CheckInAnswer> {
  const { data } = await clientFor({ quiet: true }).post<Answer<CheckInAnswer>>(`/api/ritual-sessions/${roomId}/check-in`, { ...input }, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return data;
}
