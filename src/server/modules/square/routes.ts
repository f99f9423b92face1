import { Hono } from 'hono';
import type { z } from 'zod';
import type { FileStorage } from '../../adapters/storage/storage.ts';
import type { AppConfig } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { addressGroup, beginAttempt } from '../../http/attempt-limit.ts';
import type { AttemptCounter } from '../../http/attempt-limit.ts';
import { validateBody, validateQuery } from '../../http/context.ts';
import { readerOf, requireMember } from '../../http/visitor.ts';
import { assertMayPost } from '../users/posting-limit.ts';
import type { AppContext, AppEnv } from '../../http/context.ts';
import { setSessionCookie } from '../../http/cookies.ts';
import { issueCsrfToken } from '../../http/csrf.ts';
import { forbidden, notFound } from '../../domain-errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { idParam } from '../../http/route-id.ts';
import { sessionPolicy } from '../../http/session.ts';
import { createSession } from '../sessions/service.ts';
import { toggleSave } from '../saves/service.ts';
import { canPost, listPostableCategories } from './permissions.ts';
import { postDetailResource, postItemResource, squareCategoryResource } from './resource.ts';
import {
  canPostQuery,
  categoryPasswordInput,
  postCreateInput,
  postListQuery,
  postPasswordInput,
  postUpdateInput,
  SQUARE_MESSAGES,
} from './schema.ts';
import {
  findSquarePost,
  listSavedSquarePosts,
  listSquareCategories,
  listSquareNotices,
  listSquarePosts,
  listUserSquarePosts,
  SQUARE_POST_MODEL,
} from './service.ts';
import type { SquarePostPage } from './service.ts';
import { checkUnlockPassword, keepUnlock, unlockTargetExists } from './unlock.ts';
import type { UnlockKind } from './unlock.ts';
import { createSquarePost, deleteSquarePost, updateSquarePost } from './write-service.ts';

// Wrong passwords per category or post (docs/decisions/022-square-pin-guessing.md). Each visitor
// has its own few, and is the only one refused past them. Guests together get twelve wrong answers
// an hour, so that many machines still need weeks for a four-digit PIN; no visitor's share reaches
// that. Past it guests wait, while verified members, counted by account, still get in. Right
// passwords are given back.
const UNLOCK_RULES = {
  browser: { name: 'square-unlock', limit: 5, windowSeconds: 3600 },
  address: { name: 'square-unlock-ip', limit: 5, windowSeconds: 3600 },
  member: { name: 'square-unlock-member', limit: 5, windowSeconds: 86_400 },
  guests: { name: 'square-unlock-target', limit: 12, windowSeconds: 3600 },
} as const;
const WRITE_RULE = { name: 'square-post-write', limit: 30, windowSeconds: 3600 };

const postId = (c: AppContext): number => idParam(c, 'id', SQUARE_MESSAGES.notFound);

const cursorPage = (page: SquarePostPage, perPage: number) => ({
  data: page.items.map(postItemResource),
  meta: { next_cursor: page.nextCursor, per_page: perPage },
});

/** This browser's session; a guest gets one (cookie included) so an unlock can be kept. */
async function ensureSession(c: AppContext, db: Db, config: AppConfig): Promise<string> {
  const existing = c.get('session');
  if (existing) return existing.id;
  const { token, session } = await createSession(
    db,
    { userId: null, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') ?? null },
    sessionPolicy(config),
  );
  c.set('session', session);
  setSessionCookie(c, config, token, false);
  // The request-forgery token is bound to the session, so the guest's next request needs a new one.
  issueCsrfToken(c, config);
  return session.id;
}

/** What one try at a password is counted against: the visitor's own counters, then the guests' one. */
function unlockCounters(c: AppContext, target: string): AttemptCounter[] {
  const own = SQUARE_MESSAGES.unlockTooManyTries;
  const user = c.get('user');
  // An account with a verified e-mail costs more than an address; a new sign-in does not reset it.
  if (user?.emailVerifiedAt) return [{ rule: UNLOCK_RULES.member, key: `${user.id}:${target}`, message: own }];
  const session = c.get('session');
  return [
    ...(session ? [{ rule: UNLOCK_RULES.browser, key: `${session.id}:${target}`, message: own }] : []),
    { rule: UNLOCK_RULES.address, key: `${addressGroup(c.get('clientIp'))}:${target}`, message: own },
    { rule: UNLOCK_RULES.guests, key: target, message: SQUARE_MESSAGES.unlockCoolingDown },
  ];
}

/** A post as the form sent it, in the service's words. */
const draftOf = (input: z.output<typeof postCreateInput>) => ({
  categoryId: input.square_post_category_id,
  title: input.title,
  content: input.content,
  isAnonymous: input.is_anonymous,
  isNotice: input.is_notice,
  password: input.password,
});

export function squarePostRoutes(db: Db, config: AppConfig, storage: FileStorage) {
  const unlock = async (c: AppContext, kind: UnlockKind, targetId: number, password: string) => {
    const notFoundMessage = kind === 'category' ? SQUARE_MESSAGES.unknownCategory : SQUARE_MESSAGES.notFound;
    if (!(await unlockTargetExists(db, kind, targetId))) throw notFound(notFoundMessage);
    const attempt = await beginAttempt(db, unlockCounters(c, `${kind}:${targetId}`));
    const result = await checkUnlockPassword(db, kind, targetId, password);
    if (result === 'missing') throw notFound(notFoundMessage);
    // API-CONVENTIONS.md: a wrong post password is 403, like any other "not allowed".
    if (result === 'wrong') throw forbidden(SQUARE_MESSAGES.wrongPassword);
    await attempt.succeeded();
    // Only a right password has something to remember: a wrong one leaves no session behind.
    if (result === 'right') await keepUnlock(db, await ensureSession(c, db, config), kind, targetId);
    return c.json({ data: { unlocked: true } });
  };

  return new Hono<AppEnv>()
    .get('/api/square-post-categories', async (c) => {
      const categories = await listSquareCategories(db, readerOf(c));
      return c.json({ data: categories.map(squareCategoryResource) });
    })
    .get('/api/square-posts/notices', async (c) => {
      const notices = await listSquareNotices(db, readerOf(c));
      return c.json({ data: notices.map(postItemResource) });
    })
    .get('/api/square-posts/saved', async (c) => {
      const user = requireMember(c);
      const { cursor, per_page: perPage } = validateQuery(c, postListQuery);
      const page = await listSavedSquarePosts(db, { ...readerOf(c), userId: user.id }, { cursor, perPage });
      return c.json(cursorPage(page, perPage));
    })
    .get('/api/square-posts/users/:userId', async (c) => {
      const userId = idParam(c, 'userId', SQUARE_MESSAGES.userNotFound);
      const { cursor, per_page: perPage } = validateQuery(c, postListQuery);
      const page = await listUserSquarePosts(db, readerOf(c), userId, { cursor, perPage });
      if (!page) throw notFound(SQUARE_MESSAGES.userNotFound);
      return c.json(cursorPage(page, perPage));
    })
    .get('/api/square-posts', async (c) => {
      const { category, cursor, per_page: perPage } = validateQuery(c, postListQuery);
      const list = await listSquarePosts(db, readerOf(c), { categorySlug: category, cursor, perPage });
      if (list.status === 'missing') throw notFound(SQUARE_MESSAGES.unknownCategory);
      if (list.status === 'locked') return c.json({ message: SQUARE_MESSAGES.lockedCategory, locked: 'category' }, 403);
      return c.json(cursorPage(list, perPage));
    })
    .get('/api/square-posts/:id', async (c) => {
      const found = await findSquarePost(db, readerOf(c), postId(c));
      if (found.status === 'missing') throw notFound(SQUARE_MESSAGES.notFound);
      if (found.status === 'locked') {
        return c.json(
          found.locked === 'category'
            ? { message: SQUARE_MESSAGES.lockedCategory, locked: 'category', category: found.category }
            : { message: SQUARE_MESSAGES.lockedPost, locked: 'post', category: found.category, title: found.title },
          403,
        );
      }
      return c.json({ data: postDetailResource(found.post) });
    })
    .post('/api/square-posts/check-category-password', async (c) => {
      const input = validateBody(c, categoryPasswordInput);
      return unlock(c, 'category', input.square_post_category_id, input.password);
    })
    .post('/api/square-posts/check-password', async (c) => {
      const input = validateBody(c, postPasswordInput);
      return unlock(c, 'post', input.square_post_id, input.password);
    })
    .post('/api/square-posts', async (c) => {
      const user = requireMember(c);
      assertMayPost(user);
      const input = validateBody(c, postCreateInput);
      await enforceRateLimit(db, c, WRITE_RULE, String(user.id));
      const id = await createSquarePost(db, storage, user, draftOf(input));
      c.get('log').info({ userId: user.id, postId: id }, 'square post created');
      return detailAnswer(c, id, 201);
    })
    .post('/api/square-posts/:id/toggle-save', async (c) => {
      const user = requireMember(c);
      const id = postId(c);
      // Saving needs reading: 404, or 403 with the same unlock body as the post, comments and reactions.
      return c.json({ data: { saved: await toggleSave(db, { ...readerOf(c), userId: user.id }, SQUARE_POST_MODEL, id) } });
    })
    .put('/api/square-posts/:id', async (c) => {
      const user = requireMember(c);
      const id = postId(c);
      const input = validateBody(c, postUpdateInput);
      await enforceRateLimit(db, c, WRITE_RULE, String(user.id));
      await updateSquarePost(db, storage, user, id, { ...draftOf(input), removePassword: input.remove_password });
      return detailAnswer(c, id, 200);
    })
    .delete('/api/square-posts/:id', async (c) => {
      const user = requireMember(c);
      const id = postId(c);
      await deleteSquarePost(db, user, id);
      c.get('log').info({ userId: user.id, postId: id }, 'square post deleted');
      return c.body(null, 204);
    })
    .get('/api/ritual-session-user-squares', async (c) => {
      const user = requireMember(c);
      const categories = await listPostableCategories(db, user);
      return c.json({
        data: categories.map((category) =>
          squareCategoryResource({
            id: category.id,
            name: category.name,
            slug: category.slug,
            description: category.description,
            writeScope: category.writeScope,
            allowsAnonymous: category.allowsAnonymous,
            isProtected: category.passwordHash !== null,
            isUnlocked: true,
          }),
        ),
      });
    })
    .get('/api/ritual-session-user-squares/can-post', async (c) => {
      const { square_post_category_id: categoryId } = validateQuery(c, canPostQuery);
      const verdict = await canPost(db, c.get('user'), categoryId);
      if (!verdict) throw notFound(SQUARE_MESSAGES.unknownCategory);
      return c.json({ data: { can_post: verdict.canPost, reason: verdict.reason } });
    });

  async function detailAnswer(c: AppContext, id: number, status: 200 | 201) {
    const found = await findSquarePost(db, readerOf(c), id);
    if (found.status !== 'ok') throw notFound(SQUARE_MESSAGES.notFound);
    return c.json({ data: postDetailResource(found.post) }, status);
  }
}
