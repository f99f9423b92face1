import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/server/db/client.ts';
import { squarePostCategories, squarePosts } from '../../src/server/db/schema/index.ts';
import type { NewUser, SquarePost, SquarePostCategory } from '../../src/server/db/schema/index.ts';
import { hashPassword } from '../../src/server/modules/auth/password.ts';
import { createSession } from '../../src/server/modules/sessions/service.ts';
import { createMember } from './factories.ts';
import { createTestApp } from './test-app.ts';

type CategoryOverrides = Partial<typeof squarePostCategories.$inferInsert> & { password?: string };

/** A square category with a unique slug; `password` protects it. */
export async function createCategory(db: Db, overrides: CategoryOverrides = {}): Promise<SquarePostCategory> {
  const { password, ...values } = overrides;
  const suffix = randomBytes(4).toString('hex');
  const [category] = await db
    .insert(squarePostCategories)
    .values({
      name: `게시판 ${suffix}`,
      slug: `board-${suffix}`,
      ...values,
      ...(password === undefined ? {} : { passwordHash: await hashPassword(password) }),
    })
    .returning();
  return category!;
}

type PostOverrides = Partial<typeof squarePosts.$inferInsert> & { password?: string };

/** A stored post as the service would keep it; `password` protects it. */
export async function createPost(
  db: Db,
  author: { id: number },
  category: { id: number },
  overrides: PostOverrides = {},
): Promise<SquarePost> {
  const { password, ...values } = overrides;
  const [post] = await db
    .insert(squarePosts)
    .values({
      squarePostCategoryId: category.id,
      userId: author.id,
      title: '오늘의 작은 기록',
      contentHtml: '<p>아침에 물 한 잔 마시고 10분 걸었어요.</p>',
      excerpt: '아침에 물 한 잔 마시고 10분 걸었어요.',
      ...values,
      ...(password === undefined ? {} : { passwordHash: await hashPassword(password) }),
    })
    .returning();
  return post!;
}

/** A member signed in on their own client (with its own app and upload folder). */
export async function signedInMember(db: Db, overrides: Partial<NewUser> = {}) {
  const user = await createMember(db, overrides);
  const { token, session } = await createSession(db, { userId: user.id }, { lifetimeMinutes: 60, rememberDays: 1 });
  const client = createTestApp(db).client();
  client.cookies.set('session', token);
  return { user, client, sessionId: session.id };
}

export const guestClient = (db: Db) => createTestApp(db).client();
