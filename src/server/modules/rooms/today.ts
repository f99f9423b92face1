import type { Db } from '../../db/client.ts';
import { roomStateOf, seoulDaysBetween } from '../../../lib/rooms.ts';
import type { RoomViewer } from './service.ts';
import { listCheckInTexts, listMyRooms } from './service.ts';

export interface TodayRoomView {
  id: number;
  title: string;
  /** Day N of M, counted in Seoul days from the first. */
  day: number;
  days: number;
  checkedInToday: boolean;
  checkInTexts: Array<{ id: number; text: string }>;
}

/** The member's running sessions as /today shows them, the one that started first on top. */
export async function listToday(db: Db, user: RoomViewer, now = new Date()): Promise<TodayRoomView[]> {
  const rooms = (await listMyRooms(db, user, now)).filter((room) => roomStateOf({ starts_at: room.startsAt, ends_at: room.endsAt }, now) === 'running');
  if (rooms.length === 0) return [];
  const texts = await listCheckInTexts(db);
  return rooms
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)
    .map((room) => ({
      id: room.id,
      title: room.title,
      day: seoulDaysBetween(room.startsAt, now) + 1,
      // endsAt is the instant the room closes: its last day is the Seoul day just before it.
      days: seoulDaysBetween(room.startsAt, room.endsAt.getTime() - 1) + 1,
      checkedInToday: room.checkedInToday,
      checkInTexts: texts,
    }));
}
