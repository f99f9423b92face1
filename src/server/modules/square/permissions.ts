import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ritualSessionUsers, squarePostCategories } from '../../db/schema/index.ts';
import type { SquareWriteScope, User } from '../../db/schema/index.ts';
import { CAN_POST_REASONS } from './schema.ts';

export type Writer = Pick<User, 'id' | 'role' | 'emailVerifiedAt'>;

export const isStaff = (user: Pick<User, 'role'>): boolean => user.role === 'staff' || user.role === 'admin';

export interface CanPost {
  canPost: boolean;
  reason: string | null;
}

export interface CategoryForWriting extends CanPost {
  allowsAnonymous: boolean;
}

const joinedARitual = async (db: Db, userId: number): Promise<boolean> => {
  const [row] = await db.select({ id: ritualSessionUsers.id }).from(ritualSessionUsers).where(eq(ritualSessionUsers.userId, userId)).limit(1);
  return row !== undefined;
};

function judge(user: Writer | null, scope: SquareWriteScope, joined: boolean): CanPost {
  if (!user) return { canPost: false, reason: CAN_POST_REASONS.guest };
  if (!user.emailVerifiedAt) return { canPost: false, reason: CAN_POST_REASONS.unverified };
  if (isStaff(user)) return { canPost: true, reason: null };
  if (scope === 'staff') return { canPost: false, reason: CAN_POST_REASONS.staff };
  if (scope === 'session_member' && !joined) return { canPost: false, reason: CAN_POST_REASONS.sessionMember };
  return { canPost: true, reason: null };
}

/** Whether `user` may post in the category, and why not; null when there is no such (active) category. */
export async function canPost(db: Db, user: Writer | null, categoryId: number): Promise<CategoryForWriting | null> {
  const [category] = await db
    .select({
      writeScope: squarePostCategories.writeScope,
      allowsAnonymous: squarePostCategories.allowsAnonymous,
      // Asked in the same query, so the answer costs one round trip whatever the scope.
      joined: user
        ? sql<boolean>`exists (select 1 from ${ritualSessionUsers} where ${ritualSessionUsers.userId} = ${user.id})`
        : sql<boolean>`false`,
    })
    .from(squarePostCategories)
    .where(and(eq(squarePostCategories.id, categoryId), eq(squarePostCategories.isActive, true)));
  if (!category) return null;
  return { ...judge(user, category.writeScope, category.joined), allowsAnonymous: category.allowsAnonymous };
}

/** The active categories `user` may post in, in the square's order. */
export async function listPostableCategories(db: Db, user: Writer) {
  const [categories, joined] = await Promise.all([
    db
      .select()
      .from(squarePostCategories)
      .where(eq(squarePostCategories.isActive, true))
      .orderBy(asc(squarePostCategories.sortOrder), asc(squarePostCategories.id)),
    joinedARitual(db, user.id),
  ]);
  return categories.filter((category) => judge(user, category.writeScope, joined).canPost);
}
