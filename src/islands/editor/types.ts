/** The parts of the square API's answers that the composer reads (API-CONVENTIONS.md, snake_case). */

export interface SquareCategory {
  id: number;
  name: string;
  slug: string;
  write_scope: string;
  allows_anonymous: boolean;
}

/** `GET /api/square-posts/{id}`, as far as editing needs it. */
export interface EditablePost {
  id: number;
  title: string;
  content_html: string;
  category: { id: number; name: string; slug: string };
  is_anonymous: boolean;
  is_notice: boolean;
  is_protected: boolean;
  is_mine: boolean;
}

export interface CanPost {
  can_post: boolean;
  reason: string | null;
}
