import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { timestamps, timestamptz } from './columns.ts';
import { sessions } from './sessions.ts';
import { users } from './users.ts';

/** Who may write in a category: any verified member, members who joined a ritual session, or staff. */
export const squareWriteScopes = ['member', 'session_member', 'staff'] as const;
export type SquareWriteScope = (typeof squareWriteScopes)[number];

export const squarePostCategories = pgTable('square_post_categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  slug: text('slug').notNull().unique(),
  description: text('description'),
  writeScope: text('write_scope', { enum: squareWriteScopes }).notNull().default('member'),
  allowsAnonymous: boolean('allows_anonymous').notNull().default(false),
  // argon2id; a protected category shows its posts only to a session that gave the password.
  passwordHash: text('password_hash'),
  sortOrder: integer('sort_order').notNull().default(0),
  isActive: boolean('is_active').notNull().default(true),
  ...timestamps,
});

export const squarePosts = pgTable(
  'square_posts',
  {
    id: serial('id').primaryKey(),
    squarePostCategoryId: integer('square_post_category_id')
      .notNull()
      .references(() => squarePostCategories.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    title: text('title').notNull(),
    // Sanitised with the allow-list before it is stored.
    contentHtml: text('content_html').notNull(),
    // Plain text for lists, descriptions and search engines, derived from the content on save.
    excerpt: text('excerpt').notNull(),
    thumbnailUrl: text('thumbnail_url'),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    // Pinned at the top of the square (GET /api/square-posts/notices); staff only.
    isNotice: boolean('is_notice').notNull().default(false),
    // argon2id; a protected post shows its content only to a session that gave the password.
    passwordHash: text('password_hash'),
    // Kept by the services in the same transaction as the rows they count.
    commentsCount: integer('comments_count').notNull().default(0),
    reactionsCount: integer('reactions_count').notNull().default(0),
    // Hidden by staff after reports: members see a notice in its place, guests nothing.
    hiddenAt: timestamptz('hidden_at'),
    ...timestamps,
  },
  // NULLS FIRST because that is what `desc()` means in a query; an index built NULLS LAST (drizzle's
  // default) cannot serve it, and every list would sort the whole table.
  (t) => [
    index('square_posts_category_list_idx').on(t.squarePostCategoryId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('square_posts_list_idx').on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('square_posts_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('square_posts_notices_idx').on(t.createdAt.desc().nullsFirst()).where(sql`${t.isNotice}`),
  ],
);

/** Comments on anything commentable (`model_type` of API-CONVENTIONS.md); replies by `parent_id`. */
export const comments = pgTable(
  'comments',
  {
    id: serial('id').primaryKey(),
    modelType: text('model_type').notNull(),
    modelId: integer('model_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    parentId: integer('parent_id'),
    content: text('content').notNull(),
    isAnonymous: boolean('is_anonymous').notNull().default(false),
    likesCount: integer('likes_count').notNull().default(0),
    // A comment with replies is blanked rather than removed, so the thread keeps its shape.
    deletedAt: timestamptz('deleted_at'),
    // Hidden by staff after reports: its text is replaced for members, as a deleted one is.
    hiddenAt: timestamptz('hidden_at'),
    ...timestamps,
  },
  (t) => [
    index('comments_model_idx').on(t.modelType, t.modelId, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => comments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] })],
);

export const reactionTypes = ['like', 'cheer', 'empathy', 'awesome', 'thanks'] as const;
export type ReactionType = (typeof reactionTypes)[number];

/** One of each type per member per thing, toggled. */
export const reactions = pgTable(
  'reactions',
  {
    id: serial('id').primaryKey(),
    modelType: text('model_type').notNull(),
    modelId: integer('model_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reactionType: text('reaction_type', { enum: reactionTypes }).notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('reactions_unique').on(t.modelType, t.modelId, t.reactionType, t.userId),
    index('reactions_user_idx').on(t.userId),
  ],
);

/** A member's saved things (square posts now, room posts later), newest first. */
export const saves = pgTable(
  'saves',
  {
    id: serial('id').primaryKey(),
    modelType: text('model_type').notNull(),
    modelId: integer('model_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('saves_unique').on(t.userId, t.modelType, t.modelId),
    index('saves_user_list_idx').on(t.userId, t.modelType, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('saves_model_idx').on(t.modelType, t.modelId),
  ],
);

export const squareUnlockKinds = ['category', 'post'] as const;

/** What a browser session has unlocked with a password; gone with the session. */
export const squareUnlocks = pgTable(
  'square_unlocks',
  {
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: squareUnlockKinds }).notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sessionId, t.kind, t.targetId] })],
);

export type SquarePostCategory = typeof squarePostCategories.$inferSelect;
export type SquarePost = typeof squarePosts.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type Reaction = typeof reactions.$inferSelect;
export type Save = typeof saves.$inferSelect;
