import type { ReactionType, SquareWriteScope } from '../../db/schema/index.ts';
import type { CommentView } from '../comments/service.ts';
import { HIDDEN_CONTENT_TEXT } from '../../../lib/moderation.ts';
import { DELETED_MEMBER_NICKNAME } from '../users/resource.ts';

export const ANONYMOUS_NAME = '익명';

export interface SquareCategoryRef {
  id: number;
  name: string;
  slug: string;
}

export interface SquareCategoryView extends SquareCategoryRef {
  description: string | null;
  writeScope: SquareWriteScope;
  allowsAnonymous: boolean;
  isProtected: boolean;
  /** Readable by this reader: not protected, or its password given in this session. */
  isUnlocked: boolean;
}

export interface SquareAuthorView {
  id: number;
  nickname: string;
  username: string | null;
  profileImage: string | null;
}

export interface SquarePostItemView {
  id: number;
  title: string;
  /** Null while the post's own password has not been given. */
  excerpt: string | null;
  thumbnailUrl: string | null;
  category: SquareCategoryRef;
  /** Null for an anonymous post. */
  author: SquareAuthorView | null;
  authorName: string;
  isAnonymous: boolean;
  isNotice: boolean;
  /** The post has its own password. */
  isProtected: boolean;
  /** Its password has not been given in this session (and the reader is not its author). */
  isLocked: boolean;
  /** Hidden by staff: title and excerpt are the notice. */
  isHidden: boolean;
  commentsCount: number;
  reactionsCount: number;
  createdAt: Date;
  updatedAt: Date;
}

export type ReactionCounts = Record<ReactionType, number>;

export interface SquarePostDetailView extends SquarePostItemView {
  contentHtml: string;
  reactionCounts: ReactionCounts;
  myReactions: ReactionType[];
  isSaved: boolean;
  isMine: boolean;
  comments: CommentView[];
}

/** The columns every post view is made from (a post joined to its category and its author). */
export interface PostRow {
  id: number;
  title: string;
  excerpt: string;
  thumbnailUrl: string | null;
  isAnonymous: boolean;
  isNotice: boolean;
  hasPassword: boolean;
  commentsCount: number;
  reactionsCount: number;
  createdAt: Date;
  updatedAt: Date;
  userId: number;
  categoryId: number;
  categoryName: string;
  categorySlug: string;
  authorNickname: string;
  authorUsername: string | null;
  authorProfileImage: string | null;
  authorDeletedAt: Date | null;
  hiddenAt: Date | null;
}

/** Who wrote it, as the square shows it: 익명 for an anonymous post, 탈퇴한 회원 for a deleted member. */
export function authorOf(row: PostRow): { author: SquareAuthorView | null; authorName: string } {
  if (row.isAnonymous) return { author: null, authorName: ANONYMOUS_NAME };
  if (row.authorDeletedAt) {
    return { author: { id: row.userId, nickname: DELETED_MEMBER_NICKNAME, username: null, profileImage: null }, authorName: DELETED_MEMBER_NICKNAME };
  }
  return {
    author: { id: row.userId, nickname: row.authorNickname, username: row.authorUsername, profileImage: row.authorProfileImage },
    authorName: row.authorNickname,
  };
}

export function postItemView(row: PostRow, isLocked: boolean): SquarePostItemView {
  const hidden = row.hiddenAt !== null;
  return {
    id: row.id,
    title: hidden ? HIDDEN_CONTENT_TEXT : row.title,
    excerpt: hidden ? HIDDEN_CONTENT_TEXT : isLocked ? null : row.excerpt,
    thumbnailUrl: hidden || isLocked ? null : row.thumbnailUrl,
    category: { id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
    ...authorOf(row),
    isAnonymous: row.isAnonymous,
    isNotice: row.isNotice,
    isProtected: row.hasPassword,
    isLocked,
    isHidden: hidden,
    commentsCount: row.commentsCount,
    reactionsCount: row.reactionsCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
