import type { Db } from '../../db/client.ts';
import type { User } from '../../db/schema/index.ts';
import { ForbiddenError, NotFoundError } from '../../domain-errors.ts';
import { routeId } from '../../http/route-id.ts';
import { roomAccess } from '../rooms/access.ts';
import type { RoomAccess } from '../rooms/access.ts';

export type RoomPageAccess = { status: 'ok'; access: RoomAccess } | { status: 'missing' } | { status: 'forbidden' };

/** The room rule for a page: the same as the API's, answered as a state the page renders (404, 403). */
export async function roomPageAccess(db: Db, user: Pick<User, 'id' | 'role'>, roomIdParam: string | undefined): Promise<RoomPageAccess> {
  const id = routeId(roomIdParam);
  if (id === null) return { status: 'missing' };
  try {
    return { status: 'ok', access: await roomAccess(db, user, id) };
  } catch (error) {
    if (error instanceof NotFoundError) return { status: 'missing' };
    if (error instanceof ForbiddenError) return { status: 'forbidden' };
    throw error;
  }
}
