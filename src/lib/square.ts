import type { CommentData } from './comments.ts';
import type { ReactionCounts, ReactionTypeName } from './reactions.ts';

/**
 * The square's resources as the API answers them (API-CONVENTIONS.md): one type each, written by
 * the server's serializers (src/server/modules/square/resource.ts) and read by the pages, the
 * islands and the structured data alike.
 */

export interface SquareAuthor {
  id: number;
  nickname: string;
  username: string | null;
  profile_image: string | null;
}

export interface SquareCategoryRef {
  id: number;
  name: string;
  slug: string;
}

export interface SquareCategory extends SquareCategoryRef {
  description: string | null;
  /** Who may start a post: any member, members of a running session, or staff. */
  write_scope: 'member' | 'session_member' | 'staff';
  allows_anonymous: boolean;
  is_protected: boolean;
  /** Readable by this reader: not protected, or its password given in this session. */
  is_unlocked: boolean;
}

export interface SquarePostItem {
  id: number;
  title: string;
  /** Null while the post's own password has not been given. */
  excerpt: string | null;
  thumbnail_url: string | null;
  category: SquareCategoryRef;
  /** Null for an anonymous post. */
  author: SquareAuthor | null;
  author_name: string;
  is_anonymous: boolean;
  is_notice: boolean;
  is_protected: boolean;
  /** Hidden by staff: title and excerpt are the notice (only members ever receive it). */
  is_hidden: boolean;
  comments_count: number;
  reactions_count: number;
  created_at: string;
  updated_at: string;
}

export interface SquarePostDetail extends SquarePostItem {
  content_html: string;
  reaction_counts: ReactionCounts;
  my_reactions: ReactionTypeName[];
  is_saved: boolean;
  is_mine: boolean;
  comments: CommentData[];
}

export interface SquarePostPage {
  data: SquarePostItem[];
  meta: { next_cursor: string | null; per_page: number };
}

export const postPath = (post: Pick<SquarePostItem, 'id' | 'category'>): string => `/square/${post.category.slug}/${post.id}`;
