import type { SquareAuthor, SquareCategory, SquarePostDetail, SquarePostItem } from '../../../lib/square.ts';
import { apiTime } from '../../http/serialize.ts';
import { commentResource } from '../comments/resource.ts';
import type { SquareAuthorView, SquareCategoryView, SquarePostDetailView, SquarePostItemView } from './views.ts';

export const squareCategoryResource = (category: SquareCategoryView): SquareCategory => ({
  id: category.id,
  name: category.name,
  slug: category.slug,
  description: category.description,
  write_scope: category.writeScope,
  allows_anonymous: category.allowsAnonymous,
  is_protected: category.isProtected,
  is_unlocked: category.isUnlocked,
});

const authorResource = (author: SquareAuthorView | null): SquareAuthor | null =>
  author && { id: author.id, nickname: author.nickname, username: author.username, profile_image: author.profileImage };

export const postItemResource = (post: SquarePostItemView): SquarePostItem => ({
  id: post.id,
  title: post.title,
  excerpt: post.excerpt,
  thumbnail_url: post.thumbnailUrl,
  category: post.category,
  author: authorResource(post.author),
  author_name: post.authorName,
  is_anonymous: post.isAnonymous,
  is_notice: post.isNotice,
  is_protected: post.isProtected,
  is_hidden: post.isHidden,
  comments_count: post.commentsCount,
  reactions_count: post.reactionsCount,
  created_at: apiTime(post.createdAt),
  updated_at: apiTime(post.updatedAt),
});

export const postDetailResource = (post: SquarePostDetailView): SquarePostDetail => ({
  ...postItemResource(post),
  content_html: post.contentHtml,
  reaction_counts: post.reactionCounts,
  my_reactions: post.myReactions,
  is_saved: post.isSaved,
  is_mine: post.isMine,
  comments: post.comments.map(commentResource),
});
