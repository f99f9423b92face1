import { Hono } from 'hono';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../domain-errors.ts';
import { validateQuery } from '../../http/context.ts';
import type { AppEnv } from '../../http/context.ts';
import { UNSUBSCRIBE_MESSAGES } from '../../../lib/weekly-letter.ts';
import { UNSUBSCRIBE_PATH, memberOfToken, stopWeeklyLetter } from './unsubscribe.ts';

const unsubscribeQuery = z.object({
  token: z.string({ error: UNSUBSCRIBE_MESSAGES.missing }).min(1, UNSUBSCRIBE_MESSAGES.missing).max(100, UNSUBSCRIBE_MESSAGES.invalid),
});

/**
 * The one-click unsubscribe of the weekly letter (RFC 8058). A mail app POSTs it with no session
 * and no forgery token, so it is mounted before both (app.ts): the signed token in the link is
 * the whole authority, and it can only turn the letter off. The GET of the same address is a page
 * (src/pages/weekly-letter/unsubscribe.astro) that asks first, so that a link scanner following
 * every link in a mail unsubscribes no one.
 */
export function weeklyLetterRoutes(db: Db, appKey: string) {
  return new Hono<AppEnv>().post(UNSUBSCRIBE_PATH, async (c) => {
    const { token } = validateQuery(c, unsubscribeQuery);
    const userId = memberOfToken(appKey, token);
    if (userId === null) throw forbidden(UNSUBSCRIBE_MESSAGES.invalid);
    await stopWeeklyLetter(db, userId);
    // The page's own button (a plain form) goes back to the page, which now says it is off.
    const accept = c.req.header('Accept') ?? '';
    if (accept.includes('text/html')) return c.redirect(`${UNSUBSCRIBE_PATH}?${new URLSearchParams({ token })}`, 303);
    return c.json({ data: { email_digest: false } });
  });
}
