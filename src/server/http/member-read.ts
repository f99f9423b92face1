import { getCookie } from 'hono/cookie';
import type { AppConfig } from '../config.ts';
import type { MemberRead } from '../modules/sessions/member-read.ts';
import type { SessionPolicy } from '../modules/sessions/service.ts';
import type { AppContext } from './context.ts';
import { clearSessionCookie } from './cookies.ts';
import { unauthenticated } from './errors.ts';
import { sessionPolicy } from './session.ts';

/**
 * Answers a member's read mounted before the session middleware (modules/sessions/member-read.ts):
 * `read` gets the cookie's token and answers null when no live session has it, and then the cookie
 * is cleared as the middleware would; a guest, or a session that signs nobody in, gets 401.
 */
export async function answerMemberRead<T>(
  c: AppContext,
  config: AppConfig,
  read: (token: string, policy: SessionPolicy) => Promise<MemberRead<T> | null>,
): Promise<T> {
  const token = getCookie(c, config.sessionCookie);
  const result = token ? await read(token, sessionPolicy(config)) : null;
  if (token && !result) clearSessionCookie(c, config);
  if (!result || result.userId === null) throw unauthenticated();
  return result.value;
}
