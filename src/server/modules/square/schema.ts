import { z } from 'zod';
import { flagField } from '../../http/flag-field.ts';
import { perPageField } from '../../http/pagination.ts';
import { idField } from '../../http/route-id.ts';

export const POST_TITLE_MAX = 100;
export const POST_CONTENT_MAX = 50_000;
export const POST_PASSWORD_MIN = 4;
export const POST_PASSWORD_MAX = 20;
export const POSTS_PER_PAGE = 20;
export const POSTS_PER_PAGE_MAX = 50;
export const NOTICES_MAX = 5;
export const EXCERPT_MAX = 200;

const waitOf = (seconds: number) => (seconds <= 3600 ? `${Math.ceil(seconds / 60)}분` : `${Math.ceil(seconds / 3600)}시간`);

export const SQUARE_MESSAGES = {
  category: '게시판을 선택해 주세요.',
  unknownCategory: '게시판을 찾을 수 없어요.',
  title: '제목을 입력해 주세요.',
  titleTooLong: `제목은 ${POST_TITLE_MAX}자 이하로 입력해 주세요.`,
  content: '내용을 입력해 주세요.',
  contentTooLong: `내용이 너무 길어요. ${POST_CONTENT_MAX.toLocaleString('ko-KR')}자 이하로 줄여 주세요.`,
  password: `비밀번호는 ${POST_PASSWORD_MIN}~${POST_PASSWORD_MAX}자로 입력해 주세요.`,
  passwordRequired: '비밀번호를 입력해 주세요.',
  wrongPassword: '비밀번호가 맞지 않아요.',
  noAnonymous: '이 게시판에서는 익명으로 글을 쓸 수 없어요.',
  noticeStaffOnly: '공지는 운영진만 등록할 수 있어요.',
  notFound: '게시글을 찾을 수 없어요.',
  notMine: '내가 쓴 글만 수정하거나 삭제할 수 있어요.',
  lockedCategory: '비밀번호를 입력해야 볼 수 있는 게시판이에요.',
  lockedPost: '비밀번호를 입력해야 볼 수 있는 글이에요.',
  cursor: '목록 위치가 올바르지 않아요. 처음부터 다시 불러와 주세요.',
  userNotFound: '회원을 찾을 수 없어요.',
  unlockTooManyTries: (seconds: number) => `비밀번호를 여러 번 잘못 입력했어요. ${waitOf(seconds)} 후에 다시 시도해 주세요.`,
  unlockCoolingDown: (seconds: number) =>
    `이 비밀번호에 잘못된 시도가 많아 ${waitOf(seconds)} 동안은 로그인한 회원만 확인할 수 있어요. 로그인한 뒤 다시 시도해 주세요.`,
} as const;

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
  password: z.string({ error: SQUARE_MESSAGES.passwordRequired }).min(1, SQUARE_MESSAGES.passwordRequired).max(100),
});

export const postPasswordInput = z.object({
  square_post_id: idField('게시글을 선택해 주세요.'),
  password: z.string({ error: SQUARE_MESSAGES.passwordRequired }).min(1, SQUARE_MESSAGES.passwordRequired).max(100),
});

export const canPostQuery = z.object({ square_post_category_id: categoryId });
