import { z } from 'zod';
import { flagField } from '../../http/flag-field.ts';
import { perPageField } from '../../http/pagination.ts';
import { idField } from '../../http/route-id.ts';
import { POST_CONTENT_MAX, POST_PASSWORD_MAX, POST_PASSWORD_MIN, POST_TITLE_MAX, SQUARE_MESSAGES, UNLOCK_PASSWORD_MAX } from '../../../lib/square-rules.ts';

export { POST_CONTENT_MAX, POST_PASSWORD_MAX, POST_PASSWORD_MIN, POST_TITLE_MAX, SQUARE_MESSAGES };

export const POSTS_PER_PAGE = 20;
export const POSTS_PER_PAGE_MAX = 50;
export const NOTICES_MAX = 5;
export const EXCERPT_MAX = 200;

/** Why a member may not post in a category, in the words the editor page shows. */
export const CAN_POST_REASONS = {
  guest: '로그인이 필요해요.',
  unverified: '이메일 인증 후 글을 쓸 수 있어요.',
  sessionMember: '리추얼에 참여한 멤버만 글을 쓸 수 있는 게시판이에요.',
  staff: '운영진만 글을 쓸 수 있는 게시판이에요.',
} as const;

const categoryId = idField(SQUARE_MESSAGES.category);

const password = z
  .string({ error: SQUARE_MESSAGES.password })
  .min(POST_PASSWORD_MIN, SQUARE_MESSAGES.password)
  .max(POST_PASSWORD_MAX, SQUARE_MESSAGES.password);

// Titles are plain text (the pages escape them); line breaks have no place in one.
const title = z
  .string({ error: SQUARE_MESSAGES.title })
  .transform((value) => value.replace(/[\r\n]+/g, ' ').trim())
  .pipe(z.string().min(1, SQUARE_MESSAGES.title).max(POST_TITLE_MAX, SQUARE_MESSAGES.titleTooLong));

const postFields = {
  square_post_category_id: categoryId,
  title,
  // The length that counts is the sanitised one; this only stops absurd bodies before parsing.
  content: z.string({ error: SQUARE_MESSAGES.content }).max(POST_CONTENT_MAX * 4, SQUARE_MESSAGES.contentTooLong),
  is_anonymous: flagField(),
  is_notice: flagField(),
};

/** POST /api/square-posts (multipart or JSON). An empty password means none. */
export const postCreateInput = z.object({
  ...postFields,
  password: z.preprocess((value) => (value === '' ? undefined : value), password.optional()),
});

/**
 * PUT /api/square-posts/{id}: the whole post again. A password given replaces the old one; none
 * keeps it; `remove_password` takes it off.
 */
export const postUpdateInput = z.object({
  ...postFields,
  password: z.preprocess((value) => (value === '' ? undefined : value), password.optional()),
  remove_password: flagField(),
});

export const postListQuery = z.object({
  category: z.string().trim().max(100).optional(),
  cursor: z.string().max(200).optional(),
  per_page: perPageField(POSTS_PER_PAGE, POSTS_PER_PAGE_MAX),
});

export const categoryPasswordInput = z.object({
  square_post_category_id: categoryId,
  password: z.string({ error: SQUARE_MESSAGES.passwordRequired }).min(1, SQUARE_MESSAGES.passwordRequired).max(UNLOCK_PASSWORD_MAX),
});

export const postPasswordInput = z.object({
  square_post_id: idField('게시글을 선택해 주세요.'),
  password: z.string({ error: SQUARE_MESSAGES.passwordRequired }).min(1, SQUARE_MESSAGES.passwordRequired).max(UNLOCK_PASSWORD_MAX),
});

export const canPostQuery = z.object({ square_post_category_id: categoryId });
