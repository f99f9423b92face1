import type { RoomTab } from '../../../lib/rooms.ts';
import type { Db } from '../../db/client.ts';
import { myLetterState } from '../letters/service.ts';
import { memberCompletion } from '../room-progress/service.ts';
import { reviewableSessionItem } from '../reviews/eligibility.ts';
import { loadRoomPage } from './page-load.ts';
import { roomPostsPage } from './posts.ts';
import { ROOM_POSTS_PER_PAGE } from './schema.ts';
import { findRoom, listCheckInTexts, listRoomMembers } from './service.ts';
import type { RoomViewer } from './service.ts';
import { roomThreadsPage } from './threads.ts';
import type { ListPosition } from '../square/cursor.ts';

/** The threads the room home shows above the feed; the rest are a tap away. */
const HOME_THREADS = 5;

/**
 * Everything the room home shows, from the same services as the API, read together once the
 * door is known to be open.
 */
export function loadRoomHome(db: Db, user: RoomViewer, roomId: number, tab: RoomTab, position: ListPosition | null, now: Date) {
  return loadRoomPage(async () => {
    const room = await findRoom(db, user, roomId, now);
    // Staff who are not in the room have no days or letter of their own there.
    const mine = room.role !== null;
    const [members, page, threads, texts, completion, letter, reviewItem] = await Promise.all([
      listRoomMembers(db, roomId),
      roomPostsPage(db, roomId, tab, position, ROOM_POSTS_PER_PAGE),
      roomThreadsPage(db, roomId, { perPage: HOME_THREADS }),
      room.canCheckIn && !room.todayCheckIn ? listCheckInTexts(db) : Promise.resolve([]),
      mine ? memberCompletion(db, user.id, room, now) : Promise.resolve(null),
      mine ? myLetterState(db, user.id, room, now) : Promise.resolve(null),
      // After the session, the line the member paid for it, while it waits for their review.
      mine && room.endsAt <= now ? reviewableSessionItem(db, user, roomId, now) : Promise.resolve(null),
    ]);
    return { room, members, page, threads, texts, completion, letter, reviewItem };
  });
}
