import type { User } from '../db/schema/index.ts';
import { readerFrom } from '../modules/models/reader.ts';
import type { Reader } from '../modules/models/reader.ts';
import type { AppContext } from './context.ts';
import { unauthenticated } from './errors.ts';

/** The signed-in member, or 401 (API-CONVENTIONS.md): every member-only route starts here. */
export function requireMember(c: AppContext): User {
  const user = c.get('user');
  if (!user) throw unauthenticated();
  return user;
}

/** Who is asking, for the rules on what they may read. */
export const readerOf = (c: AppContext): Reader => readerFrom(c.get('user'), c.get('session'));

/** The same for a page, from what the middleware put in `Astro.locals`. */
export const pageReader = (locals: { user: User | null; session: { id: string } | null }): Reader => readerFrom(locals.user, locals.session);
