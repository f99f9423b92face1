import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import type { AppConfig } from '../config.ts';
import type { Db } from '../db/client.ts';
import { destroySession, loadSession, rotateSession } from '../modules/sessions/service.ts';
import type { SessionPolicy } from '../modules/sessions/service.ts';
import type { AppContext, AppEnv } from './context.ts';
import { clearSessionCookie, setSessionCookie } from './cookies.ts';
import { issueCsrfToken } from './csrf.ts';

export const sessionPolicy = (config: AppConfig): SessionPolicy => ({
  lifetimeMinutes: config.sessionLifetimeMinutes,
  rememberDays: config.sessionRememberDays,
});

/** Loads the session and its member; a guest without a cookie costs no query. */
export const sessionMiddleware = (db: Db, config: AppConfig) =>
  createMiddleware<AppEnv>(async (c, next) => {
    c.set('session', null);
    c.set('user', null);
    const token = getCookie(c, config.sessionCookie);
    if (token) {
      const loaded = await loadSession(db, token, sessionPolicy(config));
      if (loaded) {
        c.set('session', loaded.session);
        c.set('user', loaded.user);
      } else {
        clearSessionCookie(c, config);
      }
    }
    await next();
  });

/** Signs `userId` in on a fresh session, with a fresh request-forgery token bound to it. */
export async function signIn(c: AppContext, db: Db, config: AppConfig, userId: number, remember: boolean) {
  const { token, session } = await rotateSession(
    db,
    c.get('session')?.id ?? null,
    { userId, remember, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null },
    sessionPolicy(config),
  );
  c.set('session', session);
  setSessionCookie(c, config, token, remember);
  issueCsrfToken(c, config);
  return session;
}

export async function signOut(c: AppContext, db: Db, config: AppConfig): Promise<void> {
  const session = c.get('session');
  if (session) await destroySession(db, session.id);
  c.set('session', null);
  c.set('user', null);
  clearSessionCookie(c, config);
  issueCsrfToken(c, config);
}
