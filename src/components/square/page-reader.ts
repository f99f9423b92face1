import type { AstroCookies } from 'astro';
import type { User } from '../../server/db/schema/index.ts';
import type { Reader } from '../../server/modules/square/access.ts';
import { hashToken } from '../../server/modules/sessions/service.ts';

/**
 * Who reads a square page: the member from the middleware and the browser session that may hold
 * password unlocks (a guest's too). The session's id is the hash of its cookie, so no query.
 */
export function pageReader(user: User | null, cookies: AstroCookies, sessionCookie: string): Reader {
  const token = cookies.get(sessionCookie)?.value;
  return {
    userId: user?.id ?? null,
    sessionId: token ? hashToken(token) : null,
  };
}
