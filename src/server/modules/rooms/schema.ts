import { z } from 'zod';
import { roomPostCategories } from '../../db/schema/index.ts';
import { flagField } from '../../http/flag-field.ts';
import { perPageField } from '../../http/pagination.ts';
import { idField } from '../../http/route-id.ts';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES, IMAGES_MAX_COUNT } from '../uploads/schema.ts';
import { POST_CONTENT_MAX } from '../square/schema.ts';
import { ROOM_POST_MESSAGES, ROOM_TITLE_MAX } from '../../../lib/room-post-rules.ts';

export { ROOM_POST_MESSAGES, ROOM_TITLE_MAX };

export const CHECK_IN_CONTENT_MAX = 300;
/** How long a check-in made offline may wait to be sent, and the clock skew a phone is allowed. */
export const CHECK_IN_LATE_HOURS = 6;
export const CHECK_IN_CLOCK_SKEW_MS = 60_000;
export const ROOM_POSTS_PER_PAGE = 20;
export const ROOM_POSTS_PER_PAGE_MAX = 50;
export const ROOM_EXCERPT_MAX = 200;

export const CHECK_IN_MESSAGES = {
  text: '체크인 문구를 다시 선택해 주세요.',
  contentTooLong: `체크인 한마디는 ${CHECK_IN_CONTENT_MAX}자 이하로 적어 주세요.`,
  notStarted: '리추얼이 시작되면 체크인할 수 있어요.',
  finished: '리추얼이 끝나 체크인할 수 없어요.',
  checkedInAt: '체크인한 시각을 ISO 8601 형식으로 보내 주세요.',
  checkedInAtFuture: '체크인한 시각이 미래일 수 없어요. 기기의 시계를 확인해 주세요.',
  checkedInAtStale: `${CHECK_IN_LATE_HOURS}시간보다 오래된 체크인은 보낼 수 없어요.`,
} as const;

// Titles are plain text (the pages escape them); line breaks have no place in one.
const titleText = z
  .string({ error: ROOM_POST_MESSAGES.title })
  .transform((value) => value.replace(/[\r\n]+/g, ' ').trim())
  .pipe(z.string().max(ROOM_TITLE_MAX, ROOM_POST_MESSAGES.titleTooLong));

// The length that counts is the sanitised one; this only stops absurd bodies before parsing.
const content = z.string({ error: ROOM_POST_MESSAGES.content }).max(POST_CONTENT_MAX * 4, ROOM_POST_MESSAGES.contentTooLong);

// Files only, as /api/image-upload takes them; what the bytes are is judged when they are stored.
const images = z
  .array(z.instanceof(File, { error: IMAGE_MESSAGES.notImage }).refine((file) => file.size <= IMAGE_MAX_BYTES, IMAGE_MESSAGES.tooLarge), {
    error: IMAGE_MESSAGES.notImage,
  })
  .refine((files) => files.length <= IMAGES_MAX_COUNT, IMAGE_MESSAGES.tooMany)
  .optional();

/** POST /api/ritual-sessions/{id}/posts and its update (multipart or JSON): the whole post each time. */
export const roomPostInput = z.object({
  category: z.enum(roomPostCategories, { error: ROOM_POST_MESSAGES.category }),
  // An empty title is no title: a record needs none.
  title: z.preprocess((value) => (value === null ? undefined : value), titleText.optional()).transform((value) => value || null),
  content,
  images,
  is_public: flagField(),
});

/** POST /api/ritual-sessions/{id}/threads and its update. */
export const roomThreadInput = z.object({
  title: titleText.pipe(z.string().min(1, ROOM_POST_MESSAGES.title)),
  content,
  images,
});

/** GET /api/ritual-sessions/{id}/posts?tab=check|notice&cursor= */
export const roomPostListQuery = z.object({
  tab: z.enum(['check', 'notice'], { error: ROOM_POST_MESSAGES.tab }).default('check'),
  cursor: z.string().max(200).optional(),
  per_page: perPageField(ROOM_POSTS_PER_PAGE, ROOM_POSTS_PER_PAGE_MAX),
});

/** Cursor lists without a tab: threads, saved posts. */
export const roomCursorQuery = z.object({
  cursor: z.string().max(200).optional(),
  per_page: perPageField(ROOM_POSTS_PER_PAGE, ROOM_POSTS_PER_PAGE_MAX),
});

const blankAsAbsent = (value: unknown) => (value === '' || value === null ? undefined : value);

/** POST /api/ritual-sessions/{id}/check-in */
export const checkInInput = z.object({
  check_in_text_id: z.preprocess(blankAsAbsent, idField(CHECK_IN_MESSAGES.text).optional()),
  content: z.preprocess(
    blankAsAbsent,
    z
      .string({ error: CHECK_IN_MESSAGES.contentTooLong })
      .transform((value) => value.replace(/\r/g, '').trim())
      .pipe(z.string().max(CHECK_IN_CONTENT_MAX, CHECK_IN_MESSAGES.contentTooLong))
      .optional(),
  ),
  // When the member tapped, perhaps offline: the service bounds it against its own clock.
  checked_in_at: z.preprocess(
    blankAsAbsent,
    z.iso.datetime({ offset: true, error: CHECK_IN_MESSAGES.checkedInAt }).optional(),
  ),
});
