import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { squarePostCategories, squarePosts } from '../../db/schema/index.ts';
import { ForbiddenError, invalidInput, notFound } from '../../domain-errors.ts';
import { squarePostAccess } from '../square/access.ts';
import type { Reader } from './reader.ts';

/** Every `model_type` of API-CONVENTIONS.md; only some have landed (see `modelKinds`). */
export const MODEL_TYPES = [
  'square_post',
  'ritual_session_post',
  'ritual_session_thread',
  'comment',
  'review',
  'off_the_record',
] as const;
export type ModelType = (typeof MODEL_TYPES)[number];

export const UNSUPPORTED_MODEL_MESSAGE = '지원하지 않는 대상이에요.';

/** What comments and reactions need to know about the thing they hang on. */
export interface ModelTarget {
  ownerId: number;
  /** The owner wrote it anonymously: their comments stay anonymous, and others may choose to be. */
  isAnonymous: boolean;
}

/**
 * Who no list of people on the target may name (those who reacted, read it, liked it): its
 * author, when they wrote it anonymously, since their own reaction would unmask them.
 */
export const unlistedUserOf = (target: ModelTarget): number | null => (target.isAnonymous ? target.ownerId : null);

/** What a notification about the thing says and whose it is (NotificationData's fields, without the actor). */
export interface ModelSubject {
  ownerId: number;
  isAnonymous: boolean;
  title: string;
  squarePostCategorySlug: string | null;
  ritualSessionId: number | null;
  ritualSessionThreadId: number | null;
  /** The id the client builds the link with: the square post's, or the room post's. */
  id: number;
}

export interface ModelKind {
  /** The target as `reader` may see it: 404 when it does not exist, 403 (with `locked`) when a password is needed. */
  open(db: Db, reader: Reader, id: number): Promise<ModelTarget>;
  /** The target without an access check, for code that has already checked (or only counts). */
  target(db: Db, id: number): Promise<ModelTarget | null>;
  /** Keep the target's counters right; called inside the transaction that changed the rows. */
  bumpComments(tx: Db, id: number, delta: number): Promise<void>;
  bumpReactions(tx: Db, id: number, delta: number): Promise<void>;
  /** For notifications, read in the transaction that acted on the thing; null when it is gone. */
  subject(tx: Db, id: number): Promise<ModelSubject | null>;
}

const LOCKED_MESSAGES = {
  category: '비밀번호를 입력해야 볼 수 있는 게시판이에요.',
  post: '비밀번호를 입력해야 볼 수 있는 글이에요.',
} as const;

/** 403 with the same body the posts API answers, so an island can show the unlock form. */
export class LockedError extends ForbiddenError {
  constructor(
    readonly locked: 'category' | 'post',
    readonly category: { id: number; name: string; slug: string },
    readonly title: string | null,
  ) {
    super(LOCKED_MESSAGES[locked]);
  }

  override details() {
    return {
      locked: this.locked,
      category: this.category,
      ...(this.locked === 'post' ? { title: this.title } : {}),
    };
  }
}

// A comment or a reaction is not an edit of the post: its updated_at stays.
const keepUpdatedAt = sql`${squarePosts.updatedAt}`;

const POST_NOT_FOUND = '글을 찾을 수 없어요.';

const squarePostKind: ModelKind = {
  async open(db, reader, id) {
    const access = await squarePostAccess(db, reader, id);
    if (access === 'missing') throw notFound(POST_NOT_FOUND);
    if (access !== 'ok') {
      const [row] = await db
        .select({ title: squarePosts.title, id: squarePostCategories.id, name: squarePostCategories.name, slug: squarePostCategories.slug })
        .from(squarePosts)
        .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
        .where(eq(squarePosts.id, id));
      if (!row) throw notFound(POST_NOT_FOUND);
      const locked = access === 'locked-category' ? 'category' : 'post';
      throw new LockedError(locked, { id: row.id, name: row.name, slug: row.slug }, locked === 'post' ? row.title : null);
    }
    const target = await this.target(db, id);
    if (!target) throw notFound(POST_NOT_FOUND);
    return target;
  },
  async target(db, id) {
    const [row] = await db
      .select({ ownerId: squarePosts.userId, isAnonymous: squarePosts.isAnonymous })
      .from(squarePosts)
      .where(eq(squarePosts.id, id));
    return row ?? null;
  },
  async bumpComments(tx, id, delta) {
    await tx
      .update(squarePosts)
      .set({ commentsCount: sql`greatest(${squarePosts.commentsCount} + ${delta}, 0)`, updatedAt: keepUpdatedAt })
      .where(eq(squarePosts.id, id));
  },
  async bumpReactions(tx, id, delta) {
    await tx
      .update(squarePosts)
      .set({ reactionsCount: sql`greatest(${squarePosts.reactionsCount} + ${delta}, 0)`, updatedAt: keepUpdatedAt })
      .where(eq(squarePosts.id, id));
  },
  async subject(tx, id) {
    const [row] = await tx
      .select({ ownerId: squarePosts.userId, isAnonymous: squarePosts.isAnonymous, title: squarePosts.title, slug: squarePostCategories.slug })
      .from(squarePosts)
      .innerJoin(squarePostCategories, eq(squarePostCategories.id, squarePosts.squarePostCategoryId))
      .where(eq(squarePosts.id, id));
    if (!row) return null;
    const { slug, ...rest } = row;
    return { ...rest, squarePostCategorySlug: slug, ritualSessionId: null, ritualSessionThreadId: null, id };
  },
};

// The other model types join when their issues land (rooms, the store).
const modelKinds: Partial<Record<ModelType, ModelKind>> = { square_post: squarePostKind };

/** The kind for a `model_type` that comments and reactions support; 422 on `model_type` otherwise. */
export function modelKind(type: string): ModelKind {
  const kind = (MODEL_TYPES as readonly string[]).includes(type) ? modelKinds[type as ModelType] : undefined;
  if (!kind) throw invalidInput({ model_type: [UNSUPPORTED_MODEL_MESSAGE] });
  return kind;
}
