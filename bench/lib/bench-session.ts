import type { Db } from '../../src/server/db/client.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';

/** The server's default SESSION_COOKIE; the bench does not set another. */
const SESSION_COOKIE = 'session';

/**
 * A signed-in browser's cookie for `userId`, written straight into the sessions table as sign-in
 * would (the cookie holds the token, the table its SHA-256). Remembered, so it outlives any run;
 * the server touches it at most once a minute.
 */
export async function benchSessionCookie(db: Db, userId: number): Promise<string> {
  const { token } = await createSession(db, { userId, remember: true }, { lifetimeMinutes: 120, rememberDays: 1 });
  return `${SESSION_COOKIE}=${token}`;
}
