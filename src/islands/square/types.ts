/** The square's API resources (API-CONVENTIONS.md), as islands and server-rendered cards read them. */

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

export interface SquarePostItem {
  id: number;
  title: string;
  excerpt: string | null;
  thumbnail_url: string | null;
  category: SquareCategoryRef;
  author: SquareAuthor | null;
  author_name: string;
  is_anonymous: boolean;
  is_notice: boolean;
  is_protected: boolean;
  comments_count: number;
  reactions_count: number;
  created_at: string;
  updated_at: string;
}

export interface SquarePostPage {
  data: SquarePostItem[];
  meta: { next_cursor: string | null; per_page: number };
}

export const postPath = (post: Pick<SquarePostItem, 'id' | 'category'>): string => `/square/${post.category.slug}/${post.id}`;
