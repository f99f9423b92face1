import { ForbiddenError, NotFoundError } from '../../domain-errors.ts';

/** What a room page renders: the loaded value, or why it may not (403 or 404, with the service's words). */
export type RoomPageLoad<T> = { status: 200; value: T } | { status: 403 | 404; message: string };

/**
 * A room page asks the same services as the API; their refusals become the page's status instead
 * of an error page, so a member of another room reads why the door is closed.
 */
export async function loadRoomPage<T>(load: () => Promise<T>): Promise<RoomPageLoad<T>> {
  try {
    return { status: 200, value: await load() };
  } catch (error) {
    if (error instanceof NotFoundError) return { status: 404, message: error.message };
    if (error instanceof ForbiddenError) return { status: 403, message: error.message };
    throw error;
  }
}
