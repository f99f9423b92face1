import { z } from 'zod';
import { ritualTypes } from '../../db/schema/index.ts';
import { pageQuery } from '../../http/pagination.ts';
import { idField } from '../../http/route-id.ts';
import { searchTextField } from '../search/schema.ts';

export const RITUALS_PER_PAGE = 12;
export const RITUALS_PER_PAGE_MAX = 50;

export const RITUAL_MESSAGES = {
  type: `type은 ${ritualTypes.join(', ')} 중 하나여야 합니다.`,
  themeId: '테마를 찾을 수 없어요. 올바른 테마 번호로 다시 시도해 주세요.',
  sessionId: '기수 번호가 올바르지 않아요.',
  titleId: '시즌을 선택해 주세요.',
  notFound: '리추얼을 찾을 수 없어요.',
  sessionNotFound: '이 리추얼에서 찾으시는 일정을 찾을 수 없어요.',
  titleNotFound: '시즌을 찾을 수 없어요.',
  queryTooShort: '검색어는 두 글자 이상 입력해 주세요.',
} as const;

// An empty value is the same as none: a form's "전체" option sends `theme_id=`.
const blankAsAbsent = (value: unknown) => (value === '' ? undefined : value);

/** GET /api/rituals?type=&theme_id=&q=&page=&per_page= */
export const ritualListQuery = pageQuery({ fallback: RITUALS_PER_PAGE, max: RITUALS_PER_PAGE_MAX }).extend({
  type: z.preprocess(blankAsAbsent, z.enum(ritualTypes, { error: RITUAL_MESSAGES.type }).optional()),
  theme_id: z.preprocess(blankAsAbsent, idField(RITUAL_MESSAGES.themeId).optional()),
  q: z.preprocess(blankAsAbsent, searchTextField.optional()),
});

/** GET /api/rituals/{id}?ritualSessionId= */
export const ritualDetailQuery = z.object({
  ritualSessionId: z.preprocess(blankAsAbsent, idField(RITUAL_MESSAGES.sessionId).optional()),
});

/** GET /api/ritual-sessions?ritual_session_title_id= */
export const ritualSessionListQuery = z.object({
  ritual_session_title_id: idField(RITUAL_MESSAGES.titleId),
});
